package tablebase

import (
	"fmt"

	"draughtsjudge/draughts"
)

// Looking up the successors that leave the material being built (captures
// and promotions) during init, without Endgames.code's general checks.
//
// A successor's slice is found once per init range in a small cache keyed
// by the material it reaches (a material has few successor materials), with
// its orientation (stored as is or mirrored). A king's capture of kings
// leaves the men of the sub-slice as they are: the successor's men
// configuration is then the same for every such capture into that
// material, and its rank is its kings' ranks over the squares free of those
// men (kingsRank, as in the sub-slice), two popcounts a king instead of the
// indexer's general ranking of every piece.

// succSlice is one successor material of the sub-slice being initialised.
type succSlice struct {
	gen    uint32 // the init range it was set for (succCache.gen)
	t      *table
	mirror bool // positions are probed mirrored (the material is not canonical)
	// The successors with the sub-slice's men (set when the material's men
	// counts are the sub-slice's): the men configuration's first index and
	// the squares free of those men, in the table's orientation.
	menBase uint64
	free    draughts.Bitboard
}

// succCache holds the successor materials of one init range, indexed by
// succKey: the side that moves, whether a man is crowned, the men and the
// kings taken determine the material reached.
type succCache struct {
	gen uint32
	sl  [1 << 10]succSlice
}

// succKey is the cache slot of a move by side s that crowns a man
// (promote) and takes the men and kings of taken (at most 15 of each: a
// material counts them in 4 bits).
func succKey(s draughts.Side, promote bool, men, kings draughts.Bitboard) int {
	k := int(s)<<9 | men.Count()<<4 | kings.Count()
	if promote {
		k |= 1 << 8
	}
	return k & (1<<10 - 1)
}

// reset forgets the entries of the previous init range (another sub-slice).
func (c *succCache) reset() {
	c.gen++
	if c.gen == 0 { // wrapped: clear the stale stamps
		c.sl = [len(c.sl)]succSlice{}
		c.gen = 1
	}
}

// fill sets e to the successor material of q.
func (c *succCache) fill(e *succSlice, rt *retro, si *subIndex, q *draughts.Position) error {
	m := MaterialOf(q)
	mt, mirror := m, !m.Canonical()
	men := si.men
	if mirror {
		l := rt.e.g.last
		mt = m.Mirror()
		men = [2]draughts.Bitboard{mirrorBits(si.men[draughts.Black], l), mirrorBits(si.men[draughts.White], l)}
	}
	t := rt.e.table(mt)
	if t == nil {
		return rt.errSuccessor(m)
	}
	*e = succSlice{gen: c.gen, t: t, mirror: mirror}
	if int(mt.WM) == men[draughts.White].Count() && int(mt.BM) == men[draughts.Black].Count() {
		e.menBase = t.x.menConfig(men) * t.x.kings
		e.free = rt.r.Board.Mask &^ (men[0] | men[1])
	}
	return nil
}

// succCode returns the code of the position after move mv of p, a position
// of the sub-slice, when mv leaves the material (a capture or a crowning).
func (rt *retro) succCode(c *succCache, si *subIndex, p *draughts.Position, mv draughts.Move) (uint8, error) {
	q := after(p, mv)
	if q.Pieces[q.Side] == 0 {
		return 1, nil // no piece: no legal move, plies 0
	}
	takenKings := mv.Captured & p.Kings
	takenMen := mv.Captured &^ takenKings
	king := p.Kings.Has(mv.From)
	e := &c.sl[succKey(p.Side, mv.Promote && !king, takenMen, takenKings)]
	if e.gen != c.gen {
		if err := c.fill(e, rt, si, &q); err != nil {
			return 0, err
		}
	}
	t := e.t
	var code uint8
	switch {
	case king && takenMen == 0: // the men of the sub-slice
		w, k := q.Pieces[draughts.White]&q.Kings, q.Pieces[draughts.Black]&q.Kings
		side := q.Side
		if e.mirror {
			l := rt.e.g.last
			w, k = mirrorBits(k, l), mirrorBits(w, l)
			side ^= 1
		}
		idx := e.menBase + kingsRank(uint64(e.free), w)*t.x.nBK + kingsRank(uint64(e.free&^w), k)
		code = t.codes[uint64(side)*t.x.n+idx]
	case e.mirror:
		mq := rt.e.mirrorPos(&q)
		code = t.codes[uint64(mq.Side)*t.x.n+t.x.index(&mq)]
	default:
		code = t.codes[uint64(q.Side)*t.x.n+t.x.index(&q)]
	}
	if code == codeInvalid {
		return 0, rt.errSuccessor(MaterialOf(&q))
	}
	return code, nil
}

// errSuccessor is the error of a successor in material m that cannot be
// looked up: m is not built, or its slice lacks the position.
func (rt *retro) errSuccessor(m Material) error {
	return fmt.Errorf("tablebase: %s %s: successor slice %s missing", rt.r.ID, rt.m, m)
}
