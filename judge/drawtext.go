package judge

import (
	"draughtsjudge/composition"
	"draughtsjudge/solver"
)

// A draw stipulation's distances are 0: the solver proves that the
// attacker holds the draw, not that he reaches a goal in some number of
// moves, so the reports say "the draw is proved" and "holds the draw"
// where a win says "forced in N" and "forces the goal in N" (a draw
// report once said "forced in 0 moves"). The stipulation's kind decides,
// not a distance of 0.

// isDraw says whether c's stipulation is a draw (11.1.4).
func isDraw(c *composition.Composition) bool { return c.Stipulation.Kind == composition.KindDraw }

// IsDraw says whether the report's stipulation is a draw: its solution
// tree's distances are not lengths of a win (render omits them).
func (rep *Report) IsDraw() bool {
	st, err := composition.ParseStipulation(rep.Stipulation)
	return err == nil && st.Kind == composition.KindDraw
}

// outcomeText is o in the stipulation's words: where a draw's bounded
// search ends undecided, the draw is not proved within the bound (there
// is no "win" to find).
func (w *walker) outcomeText(o solver.Outcome) string {
	if o == solver.NotWithin && isDraw(w.c) {
		return "the draw not proved within the bound"
	}
	return o.String()
}
