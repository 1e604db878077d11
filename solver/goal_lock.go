package solver

import (
	"fmt"

	"draughtsjudge/draughts"
)

// Lock is the goal of a locking task (11.2.8.2): the defender, to move,
// holds exactly Men men and Kings kings, and none of them can move.
type Lock struct {
	Men, Kings int
}

// ID implements Goal.
func (l Lock) ID() string { return fmt.Sprintf("lock %d kings %d men", l.Kings, l.Men) }

// LockText is "1 man", "2 men", "1 king and 2 men".
func LockText(men, kings int) string {
	plural := func(n int, one, many string) string {
		if n == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %s", n, many)
	}
	switch {
	case kings == 0:
		return plural(men, "man", "men")
	case men == 0:
		return plural(kings, "king", "kings")
	}
	return plural(kings, "king", "kings") + " and " + plural(men, "man", "men")
}

// Eval implements Goal.
func (l Lock) Eval(p draughts.Position, r *draughts.Rules, attacker draughts.Side, ml *draughts.MoveList) (Status, int) {
	return l.eval(p, attacker, ml), 0
}

func (l Lock) eval(p draughts.Position, attacker draughts.Side, ml *draughts.MoveList) Status {
	def := attacker ^ 1
	men, kings := p.Men(def).Count(), p.KingsOf(def).Count()
	// Pieces are never added and kings never become men.
	if men+kings < l.Men+l.Kings || men+kings == 0 {
		return Failed
	}
	if men < l.Men {
		// Men are never added: a king never turns back into a man.
		return Failed
	}
	if ml.N == 0 {
		if p.Side == attacker {
			return Failed
		}
		if men == l.Men && kings == l.Kings {
			return Done
		}
		return Failed // the game is over without the stated lock
	}
	return Open
}
