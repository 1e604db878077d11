package solver

import (
	"sync/atomic"

	"draughtsjudge/draughts"
	"draughtsjudge/tablebase"
)

// Prober gives exact endgame values (the tablebase). Probe reports the
// value for the side to move, +1 win, 0 draw, -1 loss, and the number of
// plies to the end of the game with best play (winner shortest, loser
// longest; theory mode); ok=false when the position is not covered.
type Prober interface {
	// Probe takes the position by value: behind an interface a pointer
	// argument escapes, and the copy it forced cost a heap allocation on
	// every goal test (5% of phase 1's time).
	Probe(r *draughts.Rules, p draughts.Position) (wdl, plies int, ok bool)
}

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

// probeFor returns the database value of p from the attacker's view
// (+1 win, 0 draw, -1 loss) and the plies to the end; ok=false without a
// prober or when p is not covered.
func probeFor(pr Prober, r *draughts.Rules, p draughts.Position, attacker draughts.Side) (v, plies int, ok bool) {
	if pr == nil {
		return 0, 0, false
	}
	v, plies, ok = pr.Probe(r, p)
	if p.Side != attacker {
		v = -v
	}
	return v, plies, ok
}
