package judge

import (
	"fmt"
	"sort"
	"strings"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/judge/dual"
	"draughtsjudge/solver"
)

// This file holds what the author's lines decide while the key is not:
// the solve spent its budget before it proved a key or excluded every
// first move. A defect proved in the lines does not rest on the key. If
// the key does not force the goal, the stipulation is not met (11.2.3);
// if it does, the author's lines are its solution, so a dual in them is
// a cook by the genre's rule (11.2.6, 11.2.7.3), and a Black escape or an
// author's move that never wins leaves a line of it unforced (11.2.3).
// Either way the entry is defective, and it is never sound on this path.
//
// The nodes are analysed deepest first, since near the finales the
// searches are cheap and most often decided, each search within its node
// budget and what is left of the work budget, until a defect is proved.
// Only what is proved at any depth fails a line (walker.strict).

// undecidedLines walks the author's lines of c while its solve is
// undecided. It returns [solvable]'s detail when a line is proved not to
// force the goal ("" when none is), [unique] failed when a dual that
// the genre forbids is proved (nil when none is), and, where a line stops
// before the goal undecided, which moves there are decided and which are
// open (walker.ends).
func (rep *Report) undecidedLines(c *composition.Composition, goal solver.Goal, attacker draughts.Side, opt Options, lines []composition.Line) (string, *Check, string) {
	if len(rep.AuthorErrors) > 0 || len(lines) == 0 || rep.AuthorKey == "" {
		return "", nil, ""
	}
	so := opt.Solver
	so.SetDefaults() // the bound the solve searched to
	w := newWalker(c, goal, attacker, opt, so.MaxBound, lines)
	w.strict = true
	var todo []pending
	w.later = &todo
	w.walk(c.Solution(), c.Start, nil, false)
	w.later = nil
	sort.SliceStable(todo, func(i, j int) bool { return todo[i].depth > todo[j].depth })
	cooks := func() []Finding { return dualsWith(w.duals, dual.Full, dual.Partial) }
	for _, n := range todo {
		if len(w.failures) > 0 || len(cooks()) > 0 || cutShort(opt) {
			break
		}
		n.run()
	}
	w.judgeBranches()
	rep.Nodes += w.s.Nodes()
	rep.Duals, rep.Transpositions, rep.MissingDefences = w.duals, w.transpositions, w.missing
	either := fmt.Sprintf("; whether %s%s forces the goal is undecided, and either way the entry is defective: if it does not, the stipulation is not met (11.2.3), if it does, ",
		composition.MoveNo(nil, c.Start.Side), rep.AuthorKey)
	ends := strings.Join(w.ends, "; ")
	if len(w.failures) > 0 {
		return strings.Join(w.failures, "; ") + either + "this line of its solution does not force the goal", nil, ends
	}
	if len(cooks()) == 0 {
		return "", nil, ends
	}
	ch := newCheck(CheckUnique, Fail, cookText(c, cooks())+either+"the dual is in its solution (11.2.6)")
	return "", &ch, ends
}
