package solver

import "draughtsjudge/draughts"

// Draw is the goal "draw" (docs/spec.md §5) in theory mode: the attacker reaches,
// against every defence, a position the endgame database values at least
// a draw for it (or the defender is left without a move; in a giveaway
// system, 8.1, the attacker without a move). Without a
// database a draw can be proved only that way, so Prober is required.
type Draw struct {
	Prober Prober
}

// ID implements Goal.
func (Draw) ID() string { return "draw" }

// Eval implements Goal.
func (g Draw) Eval(p draughts.Position, r *draughts.Rules, attacker draughts.Side, ml *draughts.MoveList) (Status, int) {
	return g.evalWindow(p, r, attacker, ml, -1)
}

func (g Draw) evalWindow(p draughts.Position, r *draughts.Rules, attacker draughts.Side, ml *draughts.MoveList, window int) (Status, int) {
	if ml.N == 0 {
		// No move loses (6.1.7); in a giveaway system it wins (8.1).
		if (p.Side == attacker) != r.Giveaway {
			return Failed, 0
		}
		return Done, 0
	}
	if v, plies, ok := probeFor(g.Prober, r, p, attacker); ok {
		if v >= 0 {
			return Done, 0
		}
		if window >= 0 && plies > window {
			return Open, 0 // a game rule may draw before the loss
		}
		return Failed, 0
	}
	return Open, 0
}

// defenderWin is the goal "the defender wins" that a draw is proved
// against (a draw = the defender never wins): the ordinary win, or in a
// giveaway system the giveaway (8.1).
func defenderWin(r *draughts.Rules, pr Prober) Goal {
	if r.Giveaway {
		return Giveaway{Prober: pr}
	}
	return Win{Prober: pr}
}
