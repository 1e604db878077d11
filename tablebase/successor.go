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
// its orientation (stored as is or mirrored). A king's capture leaves the
// men of the sub-slice as they are but for those it takes: the successor's
// men configuration is then the same for every capture by a king that takes
// those men (and as many kings) from the sub-slice, and its rank is its kings'
// ranks over the squares free of those men (kingsRank, as in the sub-slice),
// two popcounts a king, with no position built and no general ranking of
// every piece (kingCaptureCode). A man's capture or crowning moves a man
// and is looked up by the indexer (succCode).

// succSlice is one successor material of the sub-slice being initialised.
type succSlice struct {
	gen    uint32 // the init range it was set for (succCache.gen)
	t      *table
	mirror bool // positions are probed mirrored (the material is not canonical)
}

// kingSucc is the successor of the captures by a king of side s that take
// the men taken and kings kings-many kings: its slice and orientation, the
// first index of its men configuration and the squares free of its men, in
// the table's orientation.
type kingSucc struct {
	s       draughts.Side
	kings   int
	taken   draughts.Bitboard
	t       *table
	mirror  bool
	menBase uint64
	free    draughts.Bitboard
}

// succCache holds the successor materials of one init range, indexed by
// succKey: the side that moves, whether a man is crowned, the men and the
// kings taken determine the material reached; and the successors of the
// kings' captures (kc[:nkc], searched in order: a sub-slice's kings take
// a few sets of men).
type succCache struct {
	gen uint32
	sl  [1 << 10]succSlice
	kc  [64]kingSucc
	nkc int
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
	c.nkc = 0
	if c.gen == 0 { // wrapped: clear the stale stamps
		c.sl = [len(c.sl)]succSlice{}
		c.gen = 1
	}
}

// fill sets e to the successor material of q.
func (c *succCache) fill(e *succSlice, rt *retro, q *draughts.Position) error {
	m := MaterialOf(q)
	mt, mirror := m, !m.Canonical()
	if mirror {
		mt = m.Mirror()
	}
	t := rt.e.table(mt)
	if t == nil {
		return rt.errSuccessor(m)
	}
	*e = succSlice{gen: c.gen, t: t, mirror: mirror}
	return nil
}

// kingSucc returns the successor entry of a capture by a king of side s
// that takes the men taken and nk kings, nil if it is not cached.
func (c *succCache) kingSucc(s draughts.Side, taken draughts.Bitboard, nk int) *kingSucc {
	for i := range c.kc[:c.nkc] {
		if e := &c.kc[i]; e.taken == taken && e.kings == nk && e.s == s {
			return e
		}
	}
	return nil
}

// addKingSucc returns the successor entry of a capture by a king of side
// s that takes the men taken and nk kings, q being such a successor, and
// caches it.
func (c *succCache) addKingSucc(rt *retro, si *subIndex, s draughts.Side, taken draughts.Bitboard, nk int, q *draughts.Position) (*kingSucc, error) {
	m := MaterialOf(q)
	mt, mirror := m, !m.Canonical()
	men := si.men
	men[s^1] &^= taken
	if mirror {
		l := rt.e.g.last
		mt = m.Mirror()
		men = mirrorSides(men, l)
	}
	t := rt.e.table(mt)
	if t == nil {
		return nil, rt.errSuccessor(m)
	}
	e := kingSucc{s: s, kings: nk, taken: taken, t: t, mirror: mirror,
		menBase: t.x.menConfig(men) * t.x.kings, free: rt.r.Board.Mask &^ (men[0] | men[1])}
	if c.nkc == len(c.kc) {
		return &e, nil // not cached: a sub-slice with more sets of men taken
	}
	c.kc[c.nkc] = e
	c.nkc++
	return &c.kc[c.nkc-1], nil
}

// kingCaptureCode returns the code of the position after mv, a capture by
// a king of side s, in the sub-slice position whose kings are w (White's)
// and k (Black's).
func (rt *retro) kingCaptureCode(c *succCache, si *subIndex, s draughts.Side, w, k draughts.Bitboard, mv *draughts.Move) (uint8, error) {
	kings := w | k
	takenKings := mv.Captured & kings
	takenMen := mv.Captured &^ kings
	from, to := draughts.Bit(mv.From), draughts.Bit(mv.To) // equal after a circuit
	if s == draughts.White {
		w, k = w&^from|to, k&^takenKings
	} else {
		w, k = w&^takenKings, k&^from|to
	}
	o := s ^ 1
	var left draughts.Bitboard // the pieces of the side to move next
	if o == draughts.White {
		left = w | si.men[o]&^takenMen
	} else {
		left = k | si.men[o]&^takenMen
	}
	if left == 0 {
		return 1, nil // no piece: no legal move, plies 0
	}
	nk := takenKings.Count()
	e := c.kingSucc(s, takenMen, nk)
	if e == nil {
		men := si.men
		men[o] &^= takenMen
		q := draughts.Position{Pieces: [2]draughts.Bitboard{men[draughts.White] | w, men[draughts.Black] | k}, Kings: w | k, Side: o}
		var err error
		if e, err = c.addKingSucc(rt, si, s, takenMen, nk, &q); err != nil {
			return 0, err
		}
	}
	t := e.t
	side := o
	if e.mirror {
		l := rt.e.g.last
		w, k = mirrorBits(k, l), mirrorBits(w, l)
		side ^= 1
	}
	code := t.codes[uint64(side)*t.x.n+e.menBase+kingsRank(uint64(e.free), w)*t.x.nBK+kingsRank(uint64(e.free&^w), k)]
	if code == codeInvalid {
		return 0, rt.errSuccessor(t.m)
	}
	return code, nil
}

// succCode returns the code of the position after move mv of p, a position
// of the sub-slice, when mv is a man's capture or crowning (it leaves the
// material; a king's capture is kingCaptureCode).
func (rt *retro) succCode(c *succCache, p *draughts.Position, mv draughts.Move) (uint8, error) {
	q := after(p, mv)
	if q.Pieces[q.Side] == 0 {
		return 1, nil // no piece: no legal move, plies 0
	}
	e := &c.sl[succKey(p.Side, mv.Promote, mv.Captured&^p.Kings, mv.Captured&p.Kings)]
	if e.gen != c.gen {
		if err := c.fill(e, rt, &q); err != nil {
			return 0, err
		}
	}
	t := e.t
	var code uint8
	if e.mirror {
		mq := rt.e.mirrorPos(&q)
		code = t.codes[uint64(mq.Side)*t.x.n+t.x.index(&mq)]
	} else {
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
