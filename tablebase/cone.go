package tablebase

import (
	"fmt"
	"strconv"
	"strings"

	"draughtsjudge/draughts"
)

// Partial slices: the men configurations a start can reach.
//
// A man moves only forward by a quiet move (6.1.4.3) and may jump in any
// direction when it captures (6.1.5.3; 100-square draughts differs only in
// which capture is compulsory and in crowning, 7.4), one jump per piece of
// the other side taken. So from a start position, a man of side s stands, at
// any later moment, on a square it can reach from its start square by
// forward steps and at most k jumps, where k is the number of pieces the
// other side has lost by then: a quantity the material tells
// (Seed.pieces of the other side minus its pieces in the material). The
// cone of a start is every position whose material the start's can lead
// to and whose men can be matched, each to a distinct man of the start,
// within those squares. The cone is closed under every move: a step keeps
// a man within its squares, a capture by a man of j pieces moves it at
// most j jumps while the other side loses j pieces, a capture or a
// crowning removes a man. It over-approximates what play can reach (the
// jumps ignore what there is to take), never under.
//
// A slice built for a set of seeds holds the codes of every men
// configuration of the cones (in either colour order: a canonical slice
// also answers the mirrored material) and codeInvalid elsewhere, so an
// uncovered position is "not in the databases" to every probe. The slice
// record lists its seeds; a slice without seeds is whole.

// Seed is the start of a cone: its men and each side's pieces.
type Seed struct {
	Men    [2]draughts.Bitboard // internal squares of each side's men
	Pieces [2]uint8             // pieces (men and kings) of each side
}

// SeedOf returns the seed of position p.
func SeedOf(p *draughts.Position) Seed {
	return Seed{
		Men:    [2]draughts.Bitboard{p.Men(draughts.White), p.Men(draughts.Black)},
		Pieces: [2]uint8{uint8(p.Pieces[draughts.White].Count()), uint8(p.Pieces[draughts.Black].Count())},
	}
}

// material returns the seed's material (its kings are its pieces less its men).
func (s Seed) material() Material {
	wm, bm := uint8(s.Men[0].Count()), uint8(s.Men[1].Count())
	return Material{wm, s.Pieces[0] - wm, bm, s.Pieces[1] - bm}
}

// format writes s as "white pieces:men/black pieces:men", men as standard
// square numbers, e.g. "4:34/3:31,36" (the slice record's form).
func (s Seed) format(b *draughts.Board) string {
	var sb strings.Builder
	for side := range 2 {
		if side == 1 {
			sb.WriteByte('/')
		}
		sb.WriteString(strconv.Itoa(int(s.Pieces[side])))
		sb.WriteByte(':')
		first := true
		for t := s.Men[side]; t != 0; t &= t - 1 {
			if !first {
				sb.WriteByte(',')
			}
			first = false
			sb.WriteString(strconv.Itoa(b.Std(t.First())))
		}
	}
	return sb.String()
}

// parseSeed is the inverse of Seed.format.
func parseSeed(b *draughts.Board, text string) (Seed, error) {
	var s Seed
	sides := strings.Split(text, "/")
	if len(sides) != 2 {
		return s, fmt.Errorf("seed %q: want white/black", text)
	}
	for side, part := range sides {
		count, men, ok := strings.Cut(part, ":")
		if !ok {
			return s, fmt.Errorf("seed %q: want pieces:men", text)
		}
		n, err := strconv.Atoi(count)
		if err != nil || n < 0 || n > 255 {
			return s, fmt.Errorf("seed %q: bad piece count %q", text, count)
		}
		s.Pieces[side] = uint8(n)
		if men == "" {
			continue
		}
		for _, f := range strings.Split(men, ",") {
			v, err := strconv.Atoi(f)
			if err != nil || v < 1 || v > b.Squares {
				return s, fmt.Errorf("seed %q: bad square %q", text, f)
			}
			s.Men[side] |= draughts.Bit(b.FromStd(v))
		}
		if s.Men[side].Count() > n {
			return s, fmt.Errorf("seed %q: more men than pieces", text)
		}
	}
	return s, nil
}

// Cone is the union of the cones of some seeds on one board.
type Cone struct {
	b     *draughts.Board
	seeds []seedReach
}

// seedReach is a seed with, for each of its men, the fewest jumps that
// bring it to each square (noReach: never, a square of its promotion row
// included: a man there is a king).
type seedReach struct {
	Seed
	m     Material
	jumps [2][][64]uint8 // jumps[side][man][square]
	any   [2][]draughts.Bitboard
}

const noReach = 255

// NewCone returns the cone of the seeds on board b.
func NewCone(b *draughts.Board, seeds ...Seed) *Cone {
	c := &Cone{b: b}
	for _, s := range seeds {
		c.seeds = append(c.seeds, newSeedReach(b, s))
	}
	return c
}

func newSeedReach(b *draughts.Board, s Seed) seedReach {
	r := seedReach{Seed: s, m: s.material()}
	for side := draughts.White; side <= draughts.Black; side++ {
		maxK := int(s.Pieces[side^1])
		r.any[side] = make([]draughts.Bitboard, maxK+1)
		for t := s.Men[side]; t != 0; t &= t - 1 {
			j := manJumps(b, side, t.First())
			r.jumps[side] = append(r.jumps[side], j)
			for q := range j {
				for k := int(j[q]); k <= maxK && j[q] != noReach; k++ {
					r.any[side][k] |= draughts.Bit(draughts.Square(q))
				}
			}
		}
	}
	return r
}

// manJumps returns, for every square, the fewest capture jumps that bring
// a man of side s from square from to it with any number of forward steps
// (noReach if none, or on s's promotion row). A 0-1 breadth-first search:
// a step costs nothing, a jump (two squares along any diagonal) one. A
// man passing its promotion row within a capture goes on jumping (7.4.2.1);
// it never steps from there.
func manJumps(b *draughts.Board, s draughts.Side, from draughts.Square) [64]uint8 {
	var d [64]uint8
	for i := range d {
		d[i] = noReach
	}
	fwd := [2]draughts.Direction{draughts.UpLeft, draughts.UpRight}
	if s == draughts.Black {
		fwd = [2]draughts.Direction{draughts.DownLeft, draughts.DownRight}
	}
	d[from] = 0
	queue := []draughts.Square{from}
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		if !b.Promo[s].Has(q) {
			for _, dir := range fwd {
				if n := b.Step(q, dir); n != draughts.NoSquare && d[n] > d[q] {
					d[n] = d[q]
					queue = append([]draughts.Square{n}, queue...) // cost 0: to the front
				}
			}
		}
		for dir := draughts.Direction(0); dir < 4; dir++ {
			mid := b.Step(q, dir)
			if mid == draughts.NoSquare {
				continue
			}
			if n := b.Step(mid, dir); n != draughts.NoSquare && d[n] > d[q]+1 {
				d[n] = d[q] + 1
				queue = append(queue, n)
			}
		}
	}
	for t := b.Promo[s]; t != 0; t &= t - 1 {
		d[t.First()] = noReach
	}
	return d
}

// side reports whether men, side s's men of a position of material m
// (same colours as the seed, which must dominate m), can each be matched
// to a distinct man of the seed that reaches its square.
func (r *seedReach) side(m Material, s draughts.Side, men draughts.Bitboard) bool {
	if men == 0 || len(r.jumps[s]) > len(matcher{}.owner) {
		return true // more men than a matcher holds: not restricted
	}
	lost := int(r.Pieces[draughts.Black]) - int(m.BM+m.BK) // the other side's pieces taken
	if s == draughts.Black {
		lost = int(r.Pieces[draughts.White]) - int(m.WM+m.WK)
	}
	if lost < 0 || men&^r.any[s][lost] != 0 {
		return false
	}
	mt := matcher{jumps: r.jumps[s], k: lost}
	for i := range mt.owner {
		mt.owner[i] = noSquare
	}
	for t := men; t != 0; t &= t - 1 {
		if !mt.place(t.First(), 0) {
			return false
		}
	}
	return true
}

// noSquare marks a seed man no square is matched to yet.
const noSquare = draughts.NoSquare

// matcher matches squares to the men of a seed that reach them within k
// jumps (augmenting paths; a seed has at most 20 men a side).
type matcher struct {
	jumps [][64]uint8
	k     int
	owner [32]draughts.Square // the square matched to each man
}

// place matches square q, moving earlier squares to other men if needed;
// seen holds the men tried on this path.
func (mt *matcher) place(q draughts.Square, seen uint32) bool {
	for j := range mt.jumps {
		if seen>>j&1 != 0 || int(mt.jumps[j][q]) > mt.k {
			continue
		}
		seen |= 1 << j
		if o := mt.owner[j]; o == noSquare || mt.place(o, seen) {
			mt.owner[j] = q
			return true
		}
	}
	return false
}

// coversMen reports whether a position of material m (its colours as
// played) with these men is in the cone.
func (c *Cone) coversMen(m Material, men [2]draughts.Bitboard) bool {
	for i := range c.seeds {
		r := &c.seeds[i]
		if r.m.Dominates(m) && r.side(m, draughts.White, men[0]) && r.side(m, draughts.Black, men[1]) {
			return true
		}
	}
	return false
}

// Covers reports whether position p is in the cone. A position where a
// side has no piece is (it needs no slice).
func (c *Cone) Covers(p *draughts.Position) bool {
	if p.Pieces[0] == 0 || p.Pieces[1] == 0 {
		return true
	}
	return c.coversMen(MaterialOf(p), [2]draughts.Bitboard{p.Men(draughts.White), p.Men(draughts.Black)})
}

// coverOf returns the men configurations of x's material (canonical) in
// the cone, as a bitmap: those of the material as played and those of its
// mirror (a probe of the mirrored material reads this slice, its position
// turned). A material its own mirror needs both too: it is never probed
// turned, but a slice built in the mirrored orientation of a seed reads
// its successors in that orientation. The colours' tests are made once per
// rank of each side.
func (c *Cone) coverOf(x *indexer) []uint64 {
	g := x.g
	l := g.last
	m := x.m
	nWM := x.menConfigs / x.nBM
	cover := make([]uint64, (x.menConfigs+63)/64)
	wMen := make([]draughts.Bitboard, nWM)
	for wr := range nWM {
		for _, q := range x.cWM.get(wr) {
			wMen[wr] |= draughts.Bit(g.fromK[int(q)+g.h])
		}
	}
	bMen := make([]draughts.Bitboard, x.nBM)
	for br := range x.nBM {
		for _, k := range x.cBM.get(br) {
			bMen[br] |= draughts.Bit(g.fromK[k])
		}
	}
	var okW []bool
	var brs []uint64
	for i := range c.seeds {
		r := &c.seeds[i]
		for _, mirror := range []bool{false, true} {
			played := m // the material as the seed's game has it
			if mirror {
				played = m.Mirror()
			}
			if !r.m.Dominates(played) {
				continue
			}
			okW = okW[:0]
			any := false
			for wr := range nWM {
				var ok bool
				if mirror { // the slice's white men are the game's black men, turned
					ok = r.side(played, draughts.Black, mirrorBits(wMen[wr], l))
				} else {
					ok = r.side(played, draughts.White, wMen[wr])
				}
				okW = append(okW, ok)
				any = any || ok
			}
			if !any {
				continue
			}
			brs = brs[:0]
			for br := range x.nBM {
				var ok bool
				if mirror {
					ok = r.side(played, draughts.White, mirrorBits(bMen[br], l))
				} else {
					ok = r.side(played, draughts.Black, bMen[br])
				}
				if ok {
					brs = append(brs, br)
				}
			}
			for wr := range nWM {
				if !okW[wr] {
					continue
				}
				for _, br := range brs {
					mc := wr*x.nBM + br
					cover[mc/64] |= 1 << (mc % 64)
				}
			}
		}
	}
	return cover
}
