package judge

import (
	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/solver"
)

// AnalyseReplay is Analyse without the solve, for the fast tests of
// facts of the position and the author's moves: the replay checks
// (replayChecks) and [quiet-key], then the verdict from them.
func AnalyseReplay(c *composition.Composition) *Report {
	rep := newReport(c, c.Rules.ID, c.Stipulation.Text, draughts.FEN(&c.Start, c.Rules))
	rep.Practical = c.Practical
	c = rep.judged(c, Options{})
	rep.replayChecks(c, draughts.White)
	rep.quietKey(c, solver.Answer{})
	rep.Finish()
	return rep
}

// walkerAfter is a walker of c with opt's budgets and the position after
// line (the author's moves, in notation) from c's start.
func walkerAfter(c *composition.Composition, opt Options, line []string) (*walker, draughts.Position, error) {
	goal, err := Goal(c, opt)
	if err != nil {
		return nil, draughts.Position{}, err
	}
	opt.Solver.Budget.Work = newWork(opt)
	w := newWalker(c, goal, draughts.White, opt, 40, c.Lines())
	p := c.Start
	for _, t := range line {
		m, err := draughts.ParseMove(&p, c.Rules, t)
		if err != nil {
			return nil, p, err
		}
		p = p.Play(m)
	}
	return w, p, nil
}

// EndMoves analyses the moves after line one by one as a line's end that
// one search did not decide (walker.endMoves).
func EndMoves(c *composition.Composition, opt Options, line []string) (solver.Outcome, string, error) {
	w, p, err := walkerAfter(c, opt, line)
	if err != nil {
		return solver.Aborted, "", err
	}
	o, text := w.endMoves(p, line)
	return o, text, nil
}

// Escape is the walker's escape text (complete.go) at the position after
// line, the defender to move.
func Escape(c *composition.Composition, opt Options, line []string) (string, error) {
	w, p, err := walkerAfter(c, opt, line)
	if err != nil {
		return "", err
	}
	return w.escape(p, line), nil
}
