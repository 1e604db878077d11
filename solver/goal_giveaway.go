package solver

import (
	"fmt"

	"draughtsjudge/draughts"
)

// Giveaway compositions (clause 11.1.4: "с обратным заданием (поддавки)";
// section VIII of the rules). In a giveaway game the side that loses all
// its pieces or is left without a move wins (8.1), so the attacker's goal
// is the defender's win in ordinary draughts: White forces Black to
// capture every White piece, or to leave White without a move. The
// goals below say so from the attacker's side:
//
//	goal              fulfilled (attacker = White)                  failed
//	Giveaway          White to move has no legal move               Black to move has no move (Black won, 8.1)
//	Giveaway{All}     White to move has no piece left               White to move blocked with pieces; Black without a move
//	GiveawayLock      White to move, blocked, with exactly the      Black without a move; White blocked with other
//	                  stated men and kings (11.1.3: "задачи в       material; White's material below the stated one
//	                  поддавки, в которых белые заставляют черных
//	                  запереть белые шашки")
//
// The endgame databases of the giveaway systems value positions by the
// giveaway rules (8.1), so a Prober is read only when the rules are a
// giveaway system (Rules.Giveaway); under ordinary rules the same goal is
// a pure board test.

// Giveaway is the goal of a giveaway problem (обратная задача): the
// attacker, to move, has no legal move — all its pieces given away, or
// (unless All) blocked — which wins a giveaway game (8.1). The defender
// without a move has won instead.
type Giveaway struct {
	// All: only the loss of every piece counts (stipulation "giveaway
	// all": White forces Black to capture all White pieces).
	All bool
	// Prober gives exact giveaway endgame values (only read when the
	// rules are a giveaway system); nil: none.
	Prober Prober
}

// ID implements Goal.
func (g Giveaway) ID() string {
	if g.All {
		return "giveaway all"
	}
	return "giveaway"
}

// Eval implements Goal.
func (g Giveaway) Eval(p draughts.Position, r *draughts.Rules, attacker draughts.Side, ml *draughts.MoveList) (Status, int) {
	return g.evalWindow(p, r, attacker, ml, -1)
}

func (g Giveaway) evalWindow(p draughts.Position, r *draughts.Rules, attacker draughts.Side, ml *draughts.MoveList, window int) (Status, int) {
	if ml.N == 0 {
		switch {
		case p.Side != attacker:
			return Failed, 0 // the defender has won (8.1)
		case g.All && p.Pieces[attacker] != 0:
			return Failed, 0 // blocked, not given away: the game is over
		}
		return Done, 0
	}
	if g.All || !r.Giveaway {
		return Open, 0
	}
	if v, plies, ok := probeFor(g.Prober, r, p, attacker); ok {
		if v <= 0 {
			return Failed, 0
		}
		if window >= 0 && plies > window {
			return Open, 0
		}
		if p.Side == attacker {
			return Done, (plies + 1) / 2
		}
		return Done, plies / 2
	}
	return Open, 0
}

// GiveawayLock is the goal of a giveaway locking task (11.1.3): the
// attacker, to move, holds exactly Men men and Kings kings and none of
// them can move — the defender was forced to lock them. In a giveaway
// game that is the attacker's win (8.1).
type GiveawayLock struct {
	Men, Kings int
}

// ID implements Goal.
func (l GiveawayLock) ID() string {
	return fmt.Sprintf("giveaway lock %d kings %d men", l.Kings, l.Men)
}

// Eval implements Goal.
func (l GiveawayLock) Eval(p draughts.Position, r *draughts.Rules, attacker draughts.Side, ml *draughts.MoveList) (Status, int) {
	men, kings := p.Men(attacker).Count(), p.KingsOf(attacker).Count()
	// The attacker's pieces are never added, and its kings never turn
	// back into men.
	if men+kings < l.Men+l.Kings || men < l.Men {
		return Failed, 0
	}
	if ml.N == 0 {
		if p.Side == attacker && men == l.Men && kings == l.Kings {
			return Done, 0
		}
		return Failed, 0 // the game is over without the stated lock
	}
	return Open, 0
}

// doneOnAttackerTurn reports whether goal g is fulfilled with the
// attacker to move (the giveaway goals, and a draw in a giveaway system:
// the attacker left without a move, 8.1), so that a defender's move can
// fulfil it when the attacker has no move left in the bound.
func doneOnAttackerTurn(g Goal, r *draughts.Rules) bool {
	switch g.(type) {
	case Giveaway, GiveawayLock:
		return true
	case Draw:
		return r.Giveaway
	}
	return false
}
