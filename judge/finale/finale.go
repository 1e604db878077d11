// Package finale holds the predicates chapter XI asks of a finale, the
// position where an author's line fulfils the goal: whether the goal holds
// there and how far a database win still is (Distance), whether the finale
// without one white piece is still the same win (SameWin), and which white
// piece it does not need (Spare; 11.2.4 economy of the finale, 11.2.8.1 for
// tasks). Package judge applies them to the author's lines, the duals and
// the composition branches of the solved tree.
package finale

import (
	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/solver"
)

// DBSlack is how much longer, in White moves, a database win without a
// piece may be for the piece to count as not needed by the finale.
const DBSlack = 1

// Distance is goal g's verdict on p: done, and the White moves still
// needed (0: fulfilled on the board; more: an endgame database's win).
func Distance(g solver.Goal, p draughts.Position, r *draughts.Rules) (bool, int) {
	var ml draughts.MoveList
	draughts.Generate(&p, r, &ml)
	st, d := g.Eval(p, r, draughts.White, &ml)
	return st == solver.Done, d
}

// SameWin reports whether q, the finale p without one white piece, is
// still the same win: on the board when p is won on the board (goal g0),
// else a database win at most DBSlack moves longer (goal g for q).
func SameWin(g, g0 solver.Goal, p, q draughts.Position, r *draughts.Rules) bool {
	_, d := Distance(g0, p, r)
	ok, dq := Distance(g, q, r)
	if !ok {
		return false
	}
	if d == 0 {
		return dq == 0
	}
	return dq <= d+DBSlack
}

// Spare returns a white piece of the finale p without which goal g still
// holds the same way (SameWin): the finale does not need it (11.2.4,
// 11.2.8.1); ok is false when every white piece is needed.
func Spare(g solver.Goal, p draughts.Position, r *draughts.Rules) (sq draughts.Square, ok bool) {
	for _, sq := range p.Pieces[draughts.White].Squares() {
		if SameWin(g, g, p, composition.Without(p, sq), r) {
			return sq, true
		}
	}
	return draughts.NoSquare, false
}
