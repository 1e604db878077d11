package draughts

import "math/bits"

// Hot code: move generation and counting. See Board for the layout.

// nearest returns the square of b closest to the origin of a ray in
// direction d (b non-empty, all on the ray).
func nearest(d int, b Bitboard) Square {
	if d < 2 { // up: decreasing index
		return Square(63 - bits.LeadingZeros64(uint64(b)))
	}
	return Square(bits.TrailingZeros64(uint64(b)))
}

// shift moves every square of x one step in direction d (wrapping squares
// end up on ghost bits; callers mask).
func (b *Board) shift(x Bitboard, d int) Bitboard {
	if d < 2 {
		return x >> uint(-b.delta[d])
	}
	return x << uint(b.delta[d])
}

// Generate writes every legal move of p under r into ml (ml.N is reset).
// Captures are compulsory (6.1.5.1): if any capture exists only captures are
// listed, each a complete sequence (6.1.5.10); under the majority rule only
// those taking the most pieces (7.4.1). No allocation.
//
// The capture generator lists at least one move exactly when HasCapture
// holds, so it doubles as the capture test.
func Generate(p *Position, r *Rules, ml *MoveList) {
	ml.N = 0
	genCaptures(p, r, ml)
	if ml.N == 0 {
		genQuiet(p, r, ml)
	}
}

// manJumpers returns the men of men that can make a first capture over a
// piece of opp onto a square of empty, in any of the four directions.
func manJumpers(men, opp, empty Bitboard, h uint) Bitboard {
	h &= 63
	h1 := (h + 1) & 63
	return men & ((empty<<h1&opp)<<h1 |
		(empty<<h&opp)<<h |
		(empty>>h&opp)>>h |
		(empty>>h1&opp)>>h1)
}

// HasCapture reports whether the side to move has a capture.
func HasCapture(p *Position, r *Rules) bool {
	b := r.Board
	us := p.Side
	opp := p.Pieces[us^1]
	empty := b.Mask &^ (p.Pieces[0] | p.Pieces[1])
	if manJumpers(p.Pieces[us]&^p.Kings, opp, empty, uint(b.half)) != 0 {
		return true
	}
	for k := p.Pieces[us] & p.Kings; k != 0; k &= k - 1 {
		if b.kingJumps(k.First(), opp, empty) {
			return true
		}
	}
	return false
}

// kingJumps reports whether a king on sq can capture a piece of opp (the
// pieces it may take) with an empty square right behind it. Every square
// outside empty blocks.
func (b *Board) kingJumps(sq Square, opp, empty Bitboard) bool {
	for d := 0; d < 4; d++ {
		blk := b.ray[d][sq] &^ empty
		if blk == 0 {
			continue
		}
		f := nearest(d, blk)
		if opp.Has(f) {
			if n := b.step[d][f]; n != NoSquare && empty.Has(n) {
				return true
			}
		}
	}
	return false
}

func genQuiet(p *Position, r *Rules, ml *MoveList) {
	b := r.Board
	us := p.Side
	empty := b.Mask &^ (p.Pieces[0] | p.Pieces[1])
	men := p.Pieces[us] &^ p.Kings
	promo := b.Promo[us]
	d0 := 0
	if us == Black {
		d0 = 2
	}
	n := ml.N
	for d := d0; d < d0+2; d++ {
		delta := b.delta[d]
		for t := b.shift(men, d) & empty; t != 0; t &= t - 1 {
			to := t.First()
			ml.Moves[n] = Move{From: Square(int(to) - delta), To: to, Promote: promo.Has(to)}
			n++
		}
	}
	for k := p.Pieces[us] & p.Kings; k != 0; k &= k - 1 {
		from := k.First()
		for d := 0; d < 4; d++ {
			ray := b.ray[d][from]
			if blk := ray &^ empty; blk != 0 {
				f := nearest(d, blk)
				ray &^= b.ray[d][f] | Bit(f)
			}
			for ; ray != 0; ray &= ray - 1 {
				ml.Moves[n] = Move{From: from, To: ray.First()}
				n++
			}
		}
	}
	ml.N = n
}

// countQuiet returns the number of quiet moves (when there is no capture).
func countQuiet(p *Position, r *Rules) int {
	b := r.Board
	us := p.Side
	empty := b.Mask &^ (p.Pieces[0] | p.Pieces[1])
	men := p.Pieces[us] &^ p.Kings
	d0 := 0
	if us == Black {
		d0 = 2
	}
	n := (b.shift(men, d0) & empty).Count() + (b.shift(men, d0+1) & empty).Count()
	for k := p.Pieces[us] & p.Kings; k != 0; k &= k - 1 {
		from := k.First()
		for d := 0; d < 4; d++ {
			ray := b.ray[d][from]
			if blk := ray &^ empty; blk != 0 {
				f := nearest(d, blk)
				ray &^= b.ray[d][f] | Bit(f)
			}
			n += ray.Count()
		}
	}
	return n
}

// capGen is the state of one capture generation.
type capGen struct {
	b     *Board
	r     *Rules
	ml    *MoveList
	opp   Bitboard // opponent pieces (captured ones stay: Turkish strike)
	empty Bitboard // empty squares, the moving piece's start included
	promo Bitboard // the mover's promotion row
	h, h1 uint     // shifts of the diagonal steps (see Board)
	from  Square
	// majority and promoteInCapture are r.Majority and r.PromoteInCapture.
	majority, promoteInCapture bool
	best                       int // majority rule: most pieces taken so far
	// path[0..n] are the squares the piece has stood on; visit, if set,
	// sees every complete sequence (used for notation, not in search).
	path  *[64]Square
	visit func(path []Square, m Move)
}

// newCapGen returns a capture generator for the side us against opp,
// writing into ml. Set from and empty before each piece.
func newCapGen(r *Rules, us Side, opp Bitboard, ml *MoveList) capGen {
	b := r.Board
	h := uint(b.half) & 63
	return capGen{b: b, r: r, ml: ml, opp: opp, promo: b.Promo[us&1], h: h, h1: (h + 1) & 63,
		majority: r.Majority, promoteInCapture: r.PromoteInCapture}
}

func genCaptures(p *Position, r *Rules, ml *MoveList) {
	us := p.Side & 1
	own := p.Pieces[us]
	genCapturesOf(r, us, own&^p.Kings, own&p.Kings, p.Pieces[us^1], ml)
}

// genCapturesOf appends the captures of the side us with the given men and
// kings against the pieces opp.
func genCapturesOf(r *Rules, us Side, men, kings, opp Bitboard, ml *MoveList) {
	b := r.Board
	empty := b.Mask &^ (men | kings | opp)
	// Only men with a first jump start a sequence; the others would list
	// nothing. Increasing square order, as for the kings.
	jumpers := manJumpers(men, opp, empty, uint(b.half))
	if jumpers|kings == 0 {
		return
	}
	captureFrom(r, us, jumpers, kings, opp, empty, ml)
}

// captureFrom appends the captures of the men jumpers (each with a first
// jump) and of kings.
func captureFrom(r *Rules, us Side, jumpers, kings, opp, empty Bitboard, ml *MoveList) {
	g := newCapGen(r, us, opp, ml)
	for m := jumpers; m != 0; m &= m - 1 {
		g.from = m.First()
		g.empty = empty | Bit(g.from)
		g.manCapture(g.from, 0, 0)
	}
	for k := kings; k != 0; k &= k - 1 {
		g.from = k.First()
		g.empty = empty | Bit(g.from)
		g.kingCapture(g.from, 0, 0, false, -1)
	}
}

// add is the single place where the capture precedence (7.4.1) is applied and
// duplicate sequences (same resulting position) are merged.
func (g *capGen) add(to Square, captured Bitboard, n int, promote bool) {
	ml := g.ml
	if g.majority {
		if n < g.best {
			return
		}
		if n > g.best {
			g.best = n
			ml.N = 0
		}
	}
	m := Move{From: g.from, To: to, Captured: captured, Promote: promote}
	if g.path != nil {
		g.path[n] = to
		g.visit(g.path[:n+1], m)
	}
	if n >= 2 {
		// Sequences of two or more captures can reach the same position
		// by another path (a circuit, or different landing squares).
		for i := 0; i < ml.N; i++ {
			if ml.Moves[i] == m {
				return
			}
		}
	}
	if ml.N == MaxMoves {
		panic("draughts: more than MaxMoves legal moves")
	}
	ml.Moves[ml.N] = m
	ml.N++
}

// manCapture extends a man's capture sequence standing on sq (6.1.5.2–6.1.5.5).
// The four directions are tried in Direction order; a step is a shift (see
// Board), and the jumped piece and the landing square lie on the board
// because they are in opp and empty.
func (g *capGen) manCapture(sq Square, captured Bitboard, n int) {
	h, h1 := g.h&63, g.h1&63
	x := Bit(sq)
	opp := g.opp &^ captured
	e := g.empty
	l0 := (x >> h1 & opp) >> h1 & e
	l1 := (x >> h & opp) >> h & e
	l2 := (x << h & opp) << h & e
	l3 := (x << h1 & opp) << h1 & e
	if l0|l1|l2|l3 == 0 {
		if n > 0 {
			g.add(sq, captured, n, g.promo&x != 0)
		}
		return
	}
	if l0 != 0 {
		g.manLand(l0, captured|l0<<h1, n+1)
	}
	if l1 != 0 {
		g.manLand(l1, captured|l1<<h, n+1)
	}
	if l2 != 0 {
		g.manLand(l2, captured|l2>>h, n+1)
	}
	if l3 != 0 {
		g.manLand(l3, captured|l3>>h1, n+1)
	}
}

// manLand continues a man's sequence after its n-th capture, landing on the
// one square of land.
func (g *capGen) manLand(land, captured Bitboard, n int) {
	sq := land.First()
	if g.path != nil {
		g.path[n] = sq
	}
	if g.promoteInCapture && g.promo&land != 0 {
		// 6.1.5.15: a king at once, continuing as a king.
		g.kingCapture(sq, captured, n, true, -1)
	} else {
		g.manCapture(sq, captured, n)
	}
}

// kingCapture extends a flying king's capture sequence standing on sq
// (6.1.5.6): beyond a captured piece it may land on any free square, but if
// the capture can go on from some of them it must land on one of those.
// promote marks a man that became a king during this capture.
func (g *capGen) kingCapture(sq Square, captured Bitboard, n int, promote bool, skip int) {
	b := g.b
	opp := g.opp &^ captured // pieces still to be taken
	found := false
	for d := 0; d < 4; d++ {
		if d == skip {
			found = true // the same captures are generated from the first landing square
			continue
		}
		blk := b.ray[d][sq] &^ g.empty
		if blk == 0 {
			continue
		}
		f := nearest(d, blk)
		if !opp.Has(f) {
			continue
		}
		lands := b.ray[d][f]
		if nb := lands &^ g.empty; nb != 0 {
			x := nearest(d, nb)
			lands &^= b.ray[d][x] | Bit(x)
		}
		if lands == 0 {
			continue
		}
		found = true
		c := captured | Bit(f)
		left := opp &^ Bit(f)
		first := b.step[d][f]
		var cont Bitboard
		for l := lands; l != 0; l &= l - 1 {
			if s := l.First(); b.kingJumps(s, left, g.empty) {
				cont |= Bit(s)
			}
		}
		if cont != 0 {
			for ; cont != 0; cont &= cont - 1 {
				l := cont.First()
				if g.path != nil {
					g.path[n+1] = l
				}
				// From landing squares past the first, going on in the
				// same direction repeats what the first one generates.
				skip := -1
				if l != first {
					skip = d
				}
				g.kingCapture(l, c, n+1, promote, skip)
			}
		} else {
			for ; lands != 0; lands &= lands - 1 {
				g.add(lands.First(), c, n+1, promote)
			}
		}
	}
	if !found && n > 0 {
		g.add(sq, captured, n, promote)
	}
}
