package draughts

// Hot paths for the 10x10 board, with the diagonal steps as constant
// shifts (see Board: up-left >>h1, up-right >>h, down-left <<h, down-right
// <<h1). geo8_gen.go is generated from this file for the 8x8 board by
// gengeo.go: edit this file, then run go generate.

//go:generate go run gengeo.go

// generate10 is Generate on the 10x10 board. Order of the list: captures
// of the men, then of the kings, by increasing square; quiet moves of the
// men by direction, then of the kings by square and direction.
func generate10(p *Position, r *Rules, ml *MoveList) {
	const h, h1 = 5, 6
	b := r.Board
	us := p.Side & 1
	own, opp := p.Pieces[us], p.Pieces[us^1]
	empty := b.Mask &^ (own | opp)
	men := own &^ p.Kings
	kings := own & p.Kings
	ml.N = 0
	// Only men with a first jump start a capture sequence; the others
	// would list nothing.
	jumpers := men & ((empty<<h1&opp)<<h1 | (empty<<h&opp)<<h | (empty>>h&opp)>>h | (empty>>h1&opp)>>h1)
	if jumpers|kings != 0 {
		captureFrom10(r, us, jumpers, kings, opp, empty, ml)
		if ml.N != 0 {
			return
		}
	}
	promo := b.Promo[us]
	n := 0
	if us == White {
		for t := men >> h1 & empty; t != 0; t &= t - 1 {
			to := t.First()
			ml.Moves[n] = Move{From: to + h1, To: to, Promote: promo.Has(to)}
			n++
		}
		for t := men >> h & empty; t != 0; t &= t - 1 {
			to := t.First()
			ml.Moves[n] = Move{From: to + h, To: to, Promote: promo.Has(to)}
			n++
		}
	} else {
		for t := men << h & empty; t != 0; t &= t - 1 {
			to := t.First()
			ml.Moves[n] = Move{From: to - h, To: to, Promote: promo.Has(to)}
			n++
		}
		for t := men << h1 & empty; t != 0; t &= t - 1 {
			to := t.First()
			ml.Moves[n] = Move{From: to - h1, To: to, Promote: promo.Has(to)}
			n++
		}
	}
	if kings != 0 {
		n = b.appendKingQuiet(kings, empty, ml, n)
	}
	ml.N = n
}

// captureFrom10 appends the captures of the men jumpers (each with a first
// jump) and of kings.
func captureFrom10(r *Rules, us Side, jumpers, kings, opp, empty Bitboard, ml *MoveList) {
	var g capGen
	g.init(r, us, opp)
	g.ml = ml
	for m := jumpers; m != 0; m &= m - 1 {
		g.from = m.First()
		g.empty = empty | Bit(g.from)
		g.manCapture10(g.from, 0, 0)
	}
	for k := kings; k != 0; k &= k - 1 {
		g.from = k.First()
		g.empty = empty | Bit(g.from)
		g.kingCapture(g.from, 0, 0, false, -1)
	}
}

// manCapture10 extends a man's capture sequence standing on sq
// (6.1.5.2–6.1.5.5), trying the directions in Direction order. The jumped
// piece and the landing square lie on the board because they are in opp
// and empty.
func (g *capGen) manCapture10(sq Square, captured Bitboard, n int) {
	const h, h1 = 5, 6
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
		g.manLand10(l0, captured|l0<<h1, n+1)
	}
	if l1 != 0 {
		g.manLand10(l1, captured|l1<<h, n+1)
	}
	if l2 != 0 {
		g.manLand10(l2, captured|l2>>h, n+1)
	}
	if l3 != 0 {
		g.manLand10(l3, captured|l3>>h1, n+1)
	}
}

// manLand10 continues a man's sequence after its n-th capture, landing on
// the one square of land.
func (g *capGen) manLand10(land, captured Bitboard, n int) {
	sq := land.First()
	if g.path != nil {
		g.path[n] = sq
	}
	if g.promoteInCapture && g.promo&land != 0 {
		// 6.1.5.15: a king at once, continuing as a king.
		g.kingCapture(sq, captured, n, true, -1)
	} else {
		g.manCapture10(sq, captured, n)
	}
}

// countSide10 returns the number of legal moves of the side us, whose
// pieces are own, against opp, kings being the kings of both sides. ml is
// scratch space for the captures when they must be listed to drop
// duplicates and apply the majority rule.
func countSide10(r *Rules, us Side, own, opp, kings Bitboard, ml *MoveList) int {
	const h, h1 = 5, 6
	b := r.Board
	empty := b.Mask &^ (own | opp)
	men := own &^ kings
	ownKings := own & kings
	// s[d]: squares from which a man could jump in direction d.
	s0 := (empty << h1 & opp) << h1
	s1 := (empty << h & opp) << h
	s2 := (empty >> h & opp) >> h
	s3 := (empty >> h1 & opp) >> h1
	jumpers := men & (s0 | s1 | s2 | s3)
	if jumpers|ownKings == 0 {
		if us == White {
			return (men >> h1 & empty).Count() + (men >> h & empty).Count()
		}
		return (men << h & empty).Count() + (men << h1 & empty).Count()
	}
	if ownKings == 0 {
		// When every capture is a single jump that cannot go on, each
		// (man, direction) pair is one move, distinct from all others
		// (its captured piece differs or its start does), all of the same
		// length: neither the majority rule nor duplicate removal can drop
		// any, and the count is a popcount.
		//
		// After a jump in direction d from f over m to l, the man stands
		// on l with f vacated and m still on the board but not to be taken
		// again. Going on in the opposite direction would jump m; in any
		// other direction d' the jumped square l+d' is not m and the
		// landing square l+2d' is not f, so the test is the one for the
		// original position, s[d']. Under PromoteInCapture a man landing
		// on the promotion row goes on as a king: left to the generator.
		l0 := (men & s0) >> h1 >> h1
		l1 := (men & s1) >> h >> h
		l2 := (men & s2) << h << h
		l3 := (men & s3) << h1 << h1
		if l0&(s0|s1|s2)|l1&(s0|s1|s3)|l2&(s0|s2|s3)|l3&(s1|s2|s3) == 0 &&
			!(r.PromoteInCapture && (l0|l1|l2|l3)&b.Promo[us&1] != 0) {
			return l0.Count() + l1.Count() + l2.Count() + l3.Count()
		}
	}
	ml.N = 0
	captureFrom10(r, us, jumpers, ownKings, opp, empty, ml)
	if ml.N != 0 {
		return ml.N
	}
	n := 0
	if us == White {
		n = (men >> h1 & empty).Count() + (men >> h & empty).Count()
	} else {
		n = (men << h & empty).Count() + (men << h1 & empty).Count()
	}
	return n + b.countKingQuiet(ownKings, empty)
}

// perft10 is perft on the 10x10 board.
func perft10(p *Position, r *Rules, depth int, stack []MoveList) uint64 {
	ml := &stack[0]
	if depth == 1 {
		us := p.Side & 1
		return uint64(countSide10(r, us, p.Pieces[us], p.Pieces[us^1], p.Kings, ml))
	}
	if depth == 2 {
		if n, ok := perftQuietMen10(p, r, &stack[1]); ok {
			return n
		}
	}
	generate10(p, r, ml)
	ms := ml.Moves[:ml.N]
	var n uint64
	if depth == 2 {
		// Bulk counting: the moves of each child are counted, not
		// generated (quiet moves) or played. The children's keys are
		// not needed for that.
		next := &stack[1]
		us := p.Side & 1
		own, opp, kings := p.Pieces[us], p.Pieces[us^1], p.Kings
		for i := range ms {
			m := &ms[i]
			from, to := Bit(m.From&63), Bit(m.To&63)
			k := kings
			if k&from != 0 || m.Promote {
				k = k&^from | to
			}
			k &^= m.Captured
			n += uint64(countSide10(r, us^1, opp&^m.Captured, own&^from|to, k, next))
		}
		return n
	}
	var q Position
	for i := range ms {
		p.playTo(&q, ms[i])
		n += perft10(&q, r, depth-1, stack[1:])
	}
	return n
}

// perftQuietMen10 is perft of depth 2 when the side to move has only men
// and no capture: its moves are the men's steps, walked here without
// listing them. ok is false otherwise.
func perftQuietMen10(p *Position, r *Rules, next *MoveList) (n uint64, ok bool) {
	const h, h1 = 5, 6
	us := p.Side & 1
	own, opp, kings := p.Pieces[us], p.Pieces[us^1], p.Kings
	empty := r.Board.Mask &^ (own | opp)
	if own&kings != 0 || own&((empty<<h1&opp)<<h1|(empty<<h&opp)<<h|(empty>>h&opp)>>h|(empty>>h1&opp)>>h1) != 0 {
		return 0, false
	}
	promo := r.Board.Promo[us]
	if us == White {
		for t := own >> h1 & empty; t != 0; t &= t - 1 {
			to := t & -t
			n += uint64(countSide10(r, Black, opp, own&^(to<<h1)|to, kings|to&promo, next))
		}
		for t := own >> h & empty; t != 0; t &= t - 1 {
			to := t & -t
			n += uint64(countSide10(r, Black, opp, own&^(to<<h)|to, kings|to&promo, next))
		}
	} else {
		for t := own << h & empty; t != 0; t &= t - 1 {
			to := t & -t
			n += uint64(countSide10(r, White, opp, own&^(to>>h)|to, kings|to&promo, next))
		}
		for t := own << h1 & empty; t != 0; t &= t - 1 {
			to := t & -t
			n += uint64(countSide10(r, White, opp, own&^(to>>h1)|to, kings|to&promo, next))
		}
	}
	return n, true
}
