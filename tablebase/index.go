package tablebase

import (
	"math/bits"
	"sync"

	"draughtsjudge/draughts"
)

// Dense index of a slice (Scan's bb_index scheme, combinatorial ranking).
//
// Squares are numbered k = standard number - 1 (0 = square 1, White's far
// row). A set of m squares p1 < … < pm of a domain is ranked colex:
// Σ C(p_i, i). For material (wm, wk, bm, bk), with S squares and h = S/size
// squares per row:
//
//	white men  over the S-h squares off White's promotion row (k-h)   C(S-h, wm)
//	black men  over the S-h squares off Black's promotion row (k)     C(S-h, bm)
//	white kings over the S-wm-bm squares free of men                   C(S-wm-bm, wk)
//	black kings over the S-wm-bm-wk squares free of men and white kings
//
//	index = ((wmRank·nBM + bmRank)·nWK + wkRank)·nBK + bkRank
//
// Men are the major part, so every men configuration is one contiguous run
// of king placements. White and black men are ranked independently, so an
// index whose men overlap is no position ("invalid", stored as code 255).
// Men never stand on their own promotion row, so those squares are outside
// their domains.

var binom [64][16]uint64

func init() {
	for n := 0; n < 64; n++ {
		binom[n][0] = 1
		for k := 1; k < 16 && k <= n; k++ {
			binom[n][k] = binom[n-1][k-1] + binom[n-1][k]
		}
	}
}

// geometry maps the internal squares of a board to k = std-1 and back.
type geometry struct {
	b     *draughts.Board
	S, h  int
	last  uint     // internal index of the last square (for mirrorBits)
	toK   [64]int8 // internal square → k, -1 off the board
	fromK [64]draughts.Square
	// wmDomain is the board less White's promotion row: the white men's
	// squares (k-h is a square's rank below it).
	wmDomain draughts.Bitboard
}

var geo8, geo10 = newGeometry(draughts.Board8), newGeometry(draughts.Board10)

func newGeometry(b *draughts.Board) *geometry {
	g := &geometry{b: b, S: b.Squares, h: b.Size / 2}
	for i := range g.toK {
		g.toK[i] = -1
	}
	for s := 1; s <= b.Squares; s++ {
		sq := b.FromStd(s)
		g.toK[sq] = int8(s - 1)
		g.fromK[s-1] = sq
		g.last = uint(sq)
	}
	g.wmDomain = b.Mask &^ b.Promo[draughts.White]
	return g
}

func geometryOf(b *draughts.Board) *geometry {
	if b.Size == 10 {
		return geo10
	}
	return geo8
}

// indexer ranks and unranks the positions of one material (one side to move).
type indexer struct {
	g              *geometry
	m              Material
	nBM, nWK, nBK  uint64
	kings          uint64 // nWK·nBK: placements per men configuration
	menConfigs     uint64 // nWM·nBM
	n              uint64 // positions per side to move
	wm, wk, bm, bk int
	cWM, cBM       *comboTable // unranking tables
	cWK, cBK       *comboTable
}

// Positions is the size of the index of slice m on board b: the
// positions per side to move, index entries whose men overlap included
// (a built slice's SliceRecord.N).
func Positions(b *draughts.Board, m Material) uint64 {
	x := newIndexerSizes(b, m)
	return x.n
}

func newIndexer(b *draughts.Board, m Material) *indexer {
	x := newIndexerSizes(b, m)
	d, g := x.g.S-x.g.h, x.g
	x.cWM, x.cBM = combosOf(d, x.wm), combosOf(d, x.bm)
	x.cWK = combosOf(g.S-x.wm-x.bm, x.wk)
	x.cBK = combosOf(g.S-x.wm-x.bm-x.wk, x.bk)
	return x
}

// newIndexerSizes is an indexer of m without its unranking tables.
func newIndexerSizes(b *draughts.Board, m Material) *indexer {
	g := geometryOf(b)
	x := &indexer{g: g, m: m, wm: int(m.WM), wk: int(m.WK), bm: int(m.BM), bk: int(m.BK)}
	d := g.S - g.h
	nWM := binom[d][x.wm]
	x.nBM = binom[d][x.bm]
	x.nWK = binom[g.S-x.wm-x.bm][x.wk]
	x.nBK = binom[g.S-x.wm-x.bm-x.wk][x.bk]
	x.kings = x.nWK * x.nBK
	x.menConfigs = nWM * x.nBM
	x.n = x.menConfigs * x.kings
	return x
}

// index returns the rank of p (whose material must be x.m); the side to
// move is not part of it. Internal squares ascend with k, so the k of a
// piece's square over a domain is the popcount of the domain below it:
// white men over the board less White's promotion row (k-h), black men
// over the board (k; Black's promotion row is above them all), white kings
// over the squares free of men, black kings over those free of men and
// white kings.
func (x *indexer) index(p *draughts.Position) uint64 {
	g := x.g
	kings := p.Kings
	wm, bm := p.Pieces[draughts.White]&^kings, p.Pieces[draughts.Black]&^kings
	wk := p.Pieces[draughts.White] & kings
	var wmR, bmR, wkR, bkR uint64
	d := uint64(g.wmDomain)
	i := 1
	for b := uint64(wm); b != 0; b &= b - 1 {
		wmR += binom[bits.OnesCount64(d&(b&-b-1))&63][i&15]
		i++
	}
	d = uint64(g.b.Mask)
	i = 1
	for b := uint64(bm); b != 0; b &= b - 1 {
		bmR += binom[bits.OnesCount64(d&(b&-b-1))&63][i&15]
		i++
	}
	d = uint64(g.b.Mask &^ (wm | bm))
	i = 1
	for b := uint64(wk); b != 0; b &= b - 1 {
		wkR += binom[bits.OnesCount64(d&(b&-b-1))&63][i&15]
		i++
	}
	d &^= uint64(wk)
	i = 1
	for b := uint64(p.Pieces[draughts.Black] & kings); b != 0; b &= b - 1 {
		bkR += binom[bits.OnesCount64(d&(b&-b-1))&63][i&15]
		i++
	}
	return ((wmR*x.nBM+bmR)*x.nWK+wkR)*x.nBK + bkR
}

// menConfig returns the men configuration (the index's major part,
// wmRank·nBM + bmRank) of the men men[White], men[Black].
func (x *indexer) menConfig(men [2]draughts.Bitboard) uint64 {
	return x.menRank(draughts.White, men[draughts.White])*x.nBM + x.menRank(draughts.Black, men[draughts.Black])
}

// menRank returns the rank of side s's men (wmRank or bmRank of
// menConfig).
func (x *indexer) menRank(s draughts.Side, men draughts.Bitboard) uint64 {
	g := x.g
	off := 0 // white men are ranked over the squares off White's promotion row
	if s == draughts.White {
		off = g.h
	}
	var r uint64
	i := 1
	for b := men; b != 0; b &= b - 1 {
		r += binom[int(g.toK[b.First()])-off][i]
		i++
	}
	return r
}

// comboTable lists the combinations of m elements of 0..top-1 in colex
// order, m bytes each: unranking is one lookup.
type comboTable struct {
	m    int
	sets []uint8
}

var (
	combosMu sync.Mutex
	combos   = map[[2]int]*comboTable{}
)

func combosOf(top, m int) *comboTable {
	combosMu.Lock()
	defer combosMu.Unlock()
	if c := combos[[2]int{top, m}]; c != nil {
		return c
	}
	n := binom[top][m]
	c := &comboTable{m: m, sets: make([]uint8, n*uint64(m))}
	var buf [16]int
	for r := uint64(0); r < n; r++ {
		unrank(r, m, top, buf[:])
		for i := 0; i < m; i++ {
			c.sets[r*uint64(m)+uint64(i)] = uint8(buf[i])
		}
	}
	combos[[2]int{top, m}] = c
	return c
}

// get returns the combination of rank r.
func (c *comboTable) get(r uint64) []uint8 {
	return c.sets[r*uint64(c.m) : (r+1)*uint64(c.m)]
}

// unrank writes the m elements of the colex rank r into out (ascending).
func unrank(r uint64, m int, top int, out []int) {
	p := top - 1
	for i := m; i >= 1; i-- {
		for binom[p][i] > r {
			p--
		}
		out[i-1] = p
		r -= binom[p][i]
		p--
	}
}

// position returns the position of rank idx with side to move s; ok is
// false for an invalid index (white and black men overlap).
func (x *indexer) position(idx uint64, s draughts.Side) (p draughts.Position, ok bool) {
	g := x.g
	bkR := idx % x.nBK
	idx /= x.nBK
	wkR := idx % x.nWK
	idx /= x.nWK
	bmR := idx % x.nBM
	wmR := idx / x.nBM
	var white, black, kings draughts.Bitboard
	var men uint64
	for _, q := range x.cWM.get(wmR) {
		k := int(q) + g.h
		men |= 1 << uint(k)
		white |= draughts.Bit(g.fromK[k])
	}
	for _, k := range x.cBM.get(bmR) {
		if men>>k&1 != 0 {
			return p, false
		}
		men |= 1 << k
		black |= draughts.Bit(g.fromK[k])
	}
	used := men
	for _, q := range x.cWK.get(wkR) {
		k := nthZero(men, int(q))
		used |= 1 << uint(k)
		bb := draughts.Bit(g.fromK[k])
		white |= bb
		kings |= bb
	}
	for _, q := range x.cBK.get(bkR) {
		bb := draughts.Bit(g.fromK[nthZero(used, int(q))])
		black |= bb
		kings |= bb
	}
	p.Pieces = [2]draughts.Bitboard{white, black}
	p.Kings = kings
	p.Side = s // Key is left zero: internal positions are never hashed
	return p, true
}

// nthZero returns the position of the q-th (0-based) zero bit of used: q
// shifted up past every set bit at or below it.
func nthZero(used uint64, q int) int {
	k := q
	for b := used; b != 0; b &= b - 1 {
		if bits.TrailingZeros64(b) > k {
			break
		}
		k++
	}
	return k
}
