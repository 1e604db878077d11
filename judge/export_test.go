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
	rep.practical = c.Practical
	rep.replayChecks(c, draughts.White)
	rep.quietKey(c, solver.Answer{})
	rep.Finish()
	return rep
}
