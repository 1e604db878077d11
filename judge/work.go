package judge

import (
	"fmt"

	"draughtsjudge/solver"
)

// The composition's work budget (solver.Work): every search
// the report makes — the solve, the statists' re-solves, the author's
// tree with its duals and missing defences, the tries, the parts of a
// special kind — counts its nodes against one budget of
// solver.WorkLimit(--nodes) nodes (1024 × N + 64M), so that the node
// budget of each search also bounds the report. A check made after a
// search was cut short by it cannot pass: it is unknown, and says so.

// newWork is the work budget of one composition (nil: the caller's, a
// part's share of the composition's).
func newWork(opt Options) *solver.Work {
	if opt.workLimit != 0 {
		return solver.NewWork(opt.workLimit)
	}
	return solver.NewWork(solver.WorkLimit(opt.Solver.Budget.Nodes))
}

// workSpent is the detail of a check the work budget cut short.
func workSpent(w *solver.Work) string {
	return fmt.Sprintf("the composition's work budget (%d nodes) was spent before this check", w.Limit())
}

// workCut makes c, a check added after a search of the composition was
// cut short by its work budget, unknown instead of a pass, and says so
// on an unknown.
func workCut(w *solver.Work, c *Check) {
	if !w.Cut() {
		return
	}
	switch c.Status {
	case Pass:
		c.Status, c.Detail = Unknown, workSpent(w)+" could finish (it would have said: "+c.Detail+")"
	case Unknown:
		c.Detail = workSpent(w) + " could finish: " + c.Detail
	}
}

// workCutVariations applies workCut to [variations], which the author's
// tree rewrites in place (its demoted variations) rather than adds.
func (rep *Report) workCutVariations() {
	if ch := rep.Check(string(CheckVariations)); ch != nil && rep.work.Cut() && ch.Status == Pass {
		workCut(rep.work, ch)
	}
}
