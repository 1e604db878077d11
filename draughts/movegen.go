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

// Generate writes every legal move of p under r into ml (ml.N is reset).
// Captures are compulsory (6.1.5.1): if any capture exists only captures are
// listed, each a complete sequence (6.1.5.10); under the majority rule only
// those taking the most pieces (7.4.1). No allocation.
//
// The capture generator lists at least one move exactly when HasCapture
// holds, so it doubles as the capture test.
func Generate(p *Position, r *Rules, ml *MoveList) {
	if r.Board.Size == 10 {
		generate10(p, r, ml)
	} else {
		generate8(p, r, ml)
	}
}

// GenerateCaptures writes the captures of p under r into ml: the list
// Generate writes when p has a capture (same moves, same order), and none
// (ml.N = 0) exactly when HasCapture is false. For a caller that needs the
// captures only when there are some (the endgame builder's init): one pass
// instead of HasCapture and then Generate.
func GenerateCaptures(p *Position, r *Rules, ml *MoveList) {
	b := r.Board
	us := p.Side & 1
	own, opp := p.Pieces[us], p.Pieces[us^1]
	empty := b.Mask &^ (own | opp)
	kings := own & p.Kings
	jumpers := manJumpers(own&^p.Kings, opp, empty, uint(b.half))
	ml.N = 0
	if jumpers|kings == 0 {
		return
	}
	if b.Size == 10 {
		captureFrom10(r, us, jumpers, kings, opp, empty, ml)
	} else {
		captureFrom8(r, us, jumpers, kings, opp, empty, ml)
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

// ManJumpers returns the men of men that can make a first capture over a
// piece of opp onto a square of empty (a side with a capture has such a
// man or a king that can jump: see HasCapture).
func (b *Board) ManJumpers(men, opp, empty Bitboard) Bitboard {
	return manJumpers(men, opp, empty, uint(b.half))
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

// kingJumpsDir reports whether a king on sq can capture a piece of opp in
// direction d (see kingJumps). kingJumps keeps the same test in its own
// loop: this function is over the inlining budget, and HasCapture's hot
// path would pay a call per direction.
func (b *Board) kingJumpsDir(sq Square, d int, opp, empty Bitboard) bool {
	blk := b.ray[d][sq] &^ empty
	if blk == 0 {
		return false
	}
	f := nearest(d, blk)
	if !opp.Has(f) {
		return false
	}
	n := b.step[d][f]
	return n != NoSquare && empty.Has(n)
}

// appendKingQuiet writes the quiet moves of kings into ml from index n
// on, by square and direction, and returns the new count.
func (b *Board) appendKingQuiet(kings, empty Bitboard, ml *MoveList, n int) int {
	for k := kings; k != 0; k &= k - 1 {
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
	return n
}

// countKingQuiet returns the number of quiet moves of kings.
func (b *Board) countKingQuiet(kings, empty Bitboard) int {
	n := 0
	for k := kings; k != 0; k &= k - 1 {
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
	from  Square
	// majority and promoteInCapture are r.Majority and r.PromoteInCapture.
	majority, promoteInCapture bool
	best                       int // majority rule: most pieces taken so far
	// path[0..n] are the squares the piece has stood on; visit, if set,
	// sees every complete sequence (used for notation, not in search).
	path  *[64]Square
	visit func(path []Square, m Move)
}

// init makes g, zero, a capture generator for the side us against opp.
// The caller then sets g.ml itself (g.ml = ml on its own local g), and
// from and empty before each piece. The fields are stored one by one into
// g: a capGen returned by value was built in a temporary and copied with
// 16-byte loads of the 8- and 1-byte stores just made, which the
// processor cannot forward (a stall at every call: 2 % of an endgame
// build's time). ml is not stored here: a pointer stored through a
// pointer escapes, so every MoveList given to Generate was moved to the
// heap (24 KiB allocated and cleared per call: 11 % of a check of
// published-3 No. 2 in the solver's exchange count, docs/performance.md).
func (g *capGen) init(r *Rules, us Side, opp Bitboard) {
	b := r.Board
	g.b, g.r, g.opp, g.promo = b, r, opp, b.Promo[us&1]
	g.majority, g.promoteInCapture = r.Majority, r.PromoteInCapture
}

// add is the single place where the capture precedence (7.4.1) is applied and
// duplicate sequences (same resulting position) are merged.
// visitPath calls visit with the first n squares of a copy of path. The
// copy keeps the escape analysis from seeing the capture generator's
// fields flow into an unknown function: otherwise every MoveList given to
// Generate would be moved to the heap (16 KiB per call, e.g. in the
// solver's exchange count at each leaf).
//
//go:noinline
func visitPath(visit func(path []Square, m Move), path [64]Square, n int, m Move) {
	visit(path[:n], m)
}

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
		visitPath(g.visit, *g.path, n+1, m)
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

// manCapture extends a man's capture sequence standing on sq (see
// manCapture10).
func (g *capGen) manCapture(sq Square, captured Bitboard, n int) {
	if g.b.Size == 10 {
		g.manCapture10(sq, captured, n)
	} else {
		g.manCapture8(sq, captured, n)
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
		left := opp &^ Bit(f)
		// cont: the landing squares from which the capture can go on.
		// Every landing square sees, ahead in direction d, the same first
		// blocker x (a jump from all of them or from none), and behind it
		// f, which cannot be taken again: only the two other directions
		// are tested square by square.
		var cont Bitboard
		lands := b.ray[d][f]
		if nb := lands &^ g.empty; nb != 0 {
			x := nearest(d, nb)
			lands &^= b.ray[d][x] | Bit(x)
			if n := b.step[d][x]; left.Has(x) && n != NoSquare && g.empty.Has(n) {
				cont = lands
			}
		}
		if lands == 0 {
			continue
		}
		found = true
		c := captured | Bit(f)
		first := b.step[d][f]
		if cont == 0 {
			d1, d2 := d^1, 3-d^1 // the directions across d
			for l := lands; l != 0; l &= l - 1 {
				s := l.First()
				// A piece still to be taken must lie on one of the two
				// lines (tested inline: in an ending most landing squares
				// see none, and kingJumpsDir is a call).
				if (b.ray[d1][s]|b.ray[d2][s])&left == 0 {
					continue
				}
				if b.kingJumpsDir(s, d1, left, g.empty) || b.kingJumpsDir(s, d2, left, g.empty) {
					cont |= Bit(s)
				}
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
				if l != first && g.path == nil { // Paths wants every route
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
