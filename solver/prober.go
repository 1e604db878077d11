package solver

import (
	"sync/atomic"

	"draughtsjudge/draughts"
	"draughtsjudge/tablebase"
)

// storeProber adapts the endgame databases of a tablebase.Store. The
// endgame view of the last variant probed is kept (Store.Endgames takes a
// lock and a map lookup: 2% of phase 1's time when asked on every probe).
type storeProber struct {
	s    *tablebase.Store
	last *atomic.Pointer[variantEndgames]
}

type variantEndgames struct {
	r *draughts.Rules
	e *tablebase.Endgames
}

// TablebaseProber returns a Prober over the endgame slices built in s
// (none built: every probe misses). Safe for concurrent use.
func TablebaseProber(s *tablebase.Store) Prober {
	return storeProber{s, new(atomic.Pointer[variantEndgames])}
}

func (p storeProber) endgames(r *draughts.Rules) *tablebase.Endgames {
	if v := p.last.Load(); v != nil && v.r == r {
		return v.e
	}
	e := p.s.Endgames(r)
	p.last.Store(&variantEndgames{r, e})
	return e
}

func (p storeProber) Probe(r *draughts.Rules, pos draughts.Position) (int, int, bool) {
	v, ok := p.endgames(r).Probe(&pos)
	if !ok {
		return 0, 0, false
	}
	return int(v.WDL), v.Plies, true
}

// Draw is the goal "draw" (SPEC §5) in theory mode: the attacker reaches,
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
