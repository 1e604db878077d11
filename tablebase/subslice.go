package tablebase

import (
	"math/bits"

	"draughtsjudge/draughts"
)

// A sub-slice of the build: one men configuration of a material, both sides
// to move. Its king placements are the index's low part (index.go): white
// kings ranked over the squares free of men, black kings over the squares
// free of men and white kings. With the men fixed, a placement's rank and
// its kings' squares are computed from bitboards with a popcount and a
// binomial per king, with no general index or position (un)ranking.
type subIndex struct {
	x   *indexer
	b   *draughts.Board
	men [2]draughts.Bitboard // the men of each side
	mc  uint64               // their configuration
	placements
	// sq[q] is the q-th square free of men (ascending).
	sq [64]draughts.Square
	// steps[s] are the quiet moves of side s's men.
	steps [2][]manStep
	buf   [2][4 * 16]manStep // steps' storage: 2 per man at most
	// at[r] are the kings of placement r, listed once per sub-slice when
	// it has at most maxListed placements (listKings), else empty: init
	// reads both sides' positions from it instead of walking a cursor
	// twice, and the propagation instead of unranking each position it
	// expands (unrank). Its storage is kept for the next sub-slice.
	at []kingPair
}

// kingPair is the white and the black kings of a placement.
type kingPair struct{ w, k draughts.Bitboard }

// maxListed bounds the placements listed per sub-slice: 16 bytes each,
// 16 MiB. A slice without men is one sub-slice of up to billions of
// placements, which are unranked as they are met instead.
const maxListed = 1 << 20

// listKings lists the kings of every placement of si into si.at, or
// leaves it empty when there are more than maxListed.
func (si *subIndex) listKings() {
	n := si.x.kings
	if n > maxListed {
		si.at = si.at[:0]
		return
	}
	if uint64(cap(si.at)) < n {
		si.at = make([]kingPair, n)
	}
	si.at = si.at[:n]
	cur := kingCursor{si: si}
	cur.seek(0)
	for r := range si.at {
		if r != 0 {
			cur.next()
		}
		si.at[r].w, si.at[r].k = cur.kings()
	}
}

// placements ranks the king placements of one men configuration.
type placements struct {
	empty draughts.Bitboard // squares without men
	nBK   uint64            // black king combinations
	// base[s] is the global code index of placement 0 with side s to move.
	base [2]uint64
}

// placementsOf returns the placements of men configuration mc, whose
// squares without men are empty.
func (x *indexer) placementsOf(mc uint64, empty draughts.Bitboard) placements {
	return placements{empty: empty, nBK: x.nBK, base: [2]uint64{mc * x.kings, x.n + mc*x.kings}}
}

// set makes si the sub-slice of men configuration mc.
func (si *subIndex) set(x *indexer, b *draughts.Board, mc uint64) {
	si.x, si.b, si.at = x, b, si.at[:0] // a list of another configuration's kings is stale
	si.men = x.men(mc)
	si.mc = mc
	si.placements = x.placementsOf(mc, b.Mask&^(si.men[0]|si.men[1]))
	if x.kings > 1 { // the squares a king is ranked over; none without kings
		q := 0
		for f := si.empty; f != 0; f &= f - 1 {
			si.sq[q] = f.First()
			q++
		}
	}
	si.steps[draughts.White] = si.menSteps(draughts.White, si.buf[draughts.White][:0])
	si.steps[draughts.Black] = si.menSteps(draughts.Black, si.buf[draughts.Black][:0])
}

// men returns the men of each side in configuration mc.
func (x *indexer) men(mc uint64) [2]draughts.Bitboard {
	g := x.g
	var men [2]draughts.Bitboard
	for _, q := range x.cWM.get(mc / x.nBM) {
		men[draughts.White] |= draughts.Bit(g.fromK[int(q)+g.h])
	}
	for _, k := range x.cBM.get(mc % x.nBM) {
		men[draughts.Black] |= draughts.Bit(g.fromK[k])
	}
	return men
}

// rank returns the placement rank of white kings w and black kings k.
func (pl *placements) rank(w, k draughts.Bitboard) uint64 {
	return kingsRank(uint64(pl.empty), w)*pl.nBK + kingsRank(uint64(pl.empty&^w), k)
}

// kingsRank returns the rank of the combination of kings ks over the
// squares of free (ascending).
func kingsRank(free uint64, ks draughts.Bitboard) uint64 {
	var r uint64
	i := 1
	for t := uint64(ks); t != 0; t &= t - 1 {
		r += binom[bits.OnesCount64(free&(t&-t-1))][i]
		i++
	}
	return r
}

// kings returns the white and black kings of placement r: listed, or
// unranked.
func (si *subIndex) kings(r uint64) (w, k draughts.Bitboard) {
	if len(si.at) != 0 {
		return si.at[r].w, si.at[r].k
	}
	return si.unrank(r)
}

// unrank returns the kings of placement r from its rank (kings reads the
// list instead when there is one).
func (si *subIndex) unrank(r uint64) (w, k draughts.Bitboard) {
	x := si.x
	wc := r / x.nBK
	wq := x.cWK.get(wc)
	for _, q := range wq {
		w |= draughts.Bit(si.sq[q])
	}
	for _, q := range x.cBK.get(r - wc*x.nBK) {
		j := q // the q-th square free of white kings too: skip those at or below
		for _, v := range wq {
			if v > j {
				break
			}
			j++
		}
		k |= draughts.Bit(si.sq[j])
	}
	return w, k
}

// kingCursor walks the placements of a sub-slice in index order (init):
// the white kings and the squares left free of men and white kings are
// listed once per white combination, so a black king is one lookup, and
// the combinations are counted up (no division by the placements).
type kingCursor struct {
	si     *subIndex
	wr, br uint64 // the white and black combinations
	w      draughts.Bitboard
	sqB    [64]draughts.Square // the squares free of men and of w (ascending)
}

// seek moves the cursor to placement r.
func (c *kingCursor) seek(r uint64) {
	x := c.si.x
	c.wr, c.br = r/x.nBK, r%x.nBK
	c.white()
}

// next moves the cursor to the next placement (after the last: the first).
func (c *kingCursor) next() {
	x := c.si.x
	if c.br++; c.br < x.nBK {
		return
	}
	c.br = 0
	if c.wr++; c.wr == x.nWK {
		c.wr = 0
	}
	c.white()
}

// white lists the white kings of combination wr and the squares they leave.
func (c *kingCursor) white() {
	si := c.si
	x := si.x
	c.w = 0
	for _, q := range x.cWK.get(c.wr) {
		c.w |= draughts.Bit(si.sq[q])
	}
	if x.bk > 0 {
		q := 0
		for f := si.empty &^ c.w; f != 0; f &= f - 1 {
			c.sqB[q] = f.First()
			q++
		}
	}
}

// kings returns the white and black kings of the cursor's placement.
func (c *kingCursor) kings() (w, k draughts.Bitboard) {
	for _, q := range c.si.x.cBK.get(c.br) {
		k |= draughts.Bit(c.sqB[q])
	}
	return c.w, k
}

// kingMoves returns the number of quiet moves of kings (every square
// each can slide to) and whether one of them can capture a piece of opp
// (draughts.HasCapture's test for kings; then n is 0): the capture test
// and the count share the walk to each ray's first blocker.
func kingMoves(b *draughts.Board, kings, opp, empty draughts.Bitboard) (n int, capture bool) {
	for t := kings; t != 0; t &= t - 1 {
		sq := t.First()
		for d := draughts.Direction(0); d < 4; d++ {
			ray := b.Ray(sq, d)
			if blk := ray &^ empty; blk != 0 {
				f := draughts.Nearest(d, blk)
				if opp.Has(f) {
					if x := b.Step(f, d); x != draughts.NoSquare && empty.Has(x) {
						return 0, true // the count is not needed
					}
				}
				ray &^= b.Ray(f, d) | draughts.Bit(f)
			}
			n += ray.Count()
		}
	}
	return n, false
}

// manStep is a man's quiet move of a sub-slice (the men are fixed, so the
// steps are too; a king on the target square blocks it).
type manStep struct {
	from, to draughts.Square
	// to is on the man's promotion row: the successor is in another
	// material. Otherwise it is in sub-slice next, of this material.
	promote bool
	next    placements
}

// menSteps appends the quiet moves of side s's men in the sub-slice to out.
func (si *subIndex) menSteps(s draughts.Side, out []manStep) []manStep {
	b := si.b
	fwd := [2]draughts.Direction{draughts.UpLeft, draughts.UpRight}
	if s == draughts.Black {
		fwd = [2]draughts.Direction{draughts.DownLeft, draughts.DownRight}
	}
	for t := si.men[s]; t != 0; t &= t - 1 {
		from := t.First()
		for _, d := range fwd {
			to := b.Step(from, d)
			if to == draughts.NoSquare || !si.empty.Has(to) {
				continue
			}
			st := manStep{from: from, to: to, promote: b.Promo[s].Has(to)}
			if !st.promote {
				// Only side s's men move: the other side's rank is kept.
				x := si.x
				moved := si.men[s] ^ (draughts.Bit(from) | draughts.Bit(to))
				var mc uint64
				if s == draughts.White {
					mc = x.menRank(draughts.White, moved)*x.nBM + si.mc%x.nBM
				} else {
					mc = si.mc - si.mc%x.nBM + x.menRank(draughts.Black, moved)
				}
				st.next = x.placementsOf(mc, si.empty^(draughts.Bit(from)|draughts.Bit(to)))
			}
			out = append(out, st)
		}
	}
	return out
}

// after returns the position after move mv of p, without the Zobrist key
// (the builder never hashes; Position.Play keeps the key).
func after(p *draughts.Position, mv draughts.Move) draughts.Position {
	us := p.Side
	from, to := draughts.Bit(mv.From), draughts.Bit(mv.To)
	q := draughts.Position{Pieces: p.Pieces, Kings: p.Kings &^ mv.Captured, Side: us ^ 1}
	q.Pieces[us] = q.Pieces[us]&^from | to
	q.Pieces[us^1] &^= mv.Captured
	if p.Kings&from != 0 || mv.Promote {
		q.Kings = q.Kings&^from | to
	}
	return q
}
