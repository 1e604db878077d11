package draughts

import "golang.org/x/sync/errgroup"

// Perft counts the leaf nodes of the legal move tree of depth d from p,
// with the duplicates=drop convention (capture sequences leading to the same
// position count once). Leaves at the last ply are bulk-counted. No
// allocation: it uses one MoveList per ply from stack.
func Perft(p *Position, r *Rules, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	stack := make([]MoveList, depth)
	return perft(p, r, depth, stack)
}

// PerftStack is Perft with caller-owned storage (len(stack) >= depth).
func PerftStack(p *Position, r *Rules, depth int, stack []MoveList) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(p, r, depth, stack)
}

func perft(p *Position, r *Rules, depth int, stack []MoveList) uint64 {
	ml := &stack[0]
	if depth == 1 {
		return uint64(countMoves(p, r, ml))
	}
	Generate(p, r, ml)
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
			n += uint64(countSide(r, us^1, opp&^m.Captured, own&^from|to, k, next))
		}
		return n
	}
	var q Position
	for i := range ms {
		p.playTo(&q, ms[i])
		n += perft(&q, r, depth-1, stack[1:])
	}
	return n
}

// CountMoves returns the number of legal moves of p (quiet moves are counted
// without being generated).
func CountMoves(p *Position, r *Rules) int {
	var ml MoveList
	return countMoves(p, r, &ml)
}

func countMoves(p *Position, r *Rules, ml *MoveList) int {
	us := p.Side & 1
	return countSide(r, us, p.Pieces[us], p.Pieces[us^1], p.Kings, ml)
}

// countSide returns the number of legal moves of the side us, whose pieces
// are own, against opp, kings being the kings of both sides. ml is scratch
// space for the captures (they must be listed to drop duplicates and apply
// the majority rule).
func countSide(r *Rules, us Side, own, opp, kings Bitboard, ml *MoveList) int {
	b := r.Board
	h := uint(b.half) & 63
	h1 := (h + 1) & 63
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
	captureFrom(r, us, jumpers, ownKings, opp, empty, ml)
	if ml.N != 0 {
		return ml.N
	}
	n := 0
	if us == White {
		n = (men >> h1 & empty).Count() + (men >> h & empty).Count()
	} else {
		n = (men << h & empty).Count() + (men << h1 & empty).Count()
	}
	for k := ownKings; k != 0; k &= k - 1 {
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

// DivideEntry is the perft count under one root move.
type DivideEntry struct {
	Move  string
	Nodes uint64
}

// Divide returns the perft count of depth-1 under each root move, in the
// order of the legal moves, computed on up to threads goroutines. The
// result does not depend on threads.
func Divide(p *Position, r *Rules, depth, threads int) []DivideEntry {
	ms := LegalMoves(p, r)
	out := make([]DivideEntry, len(ms))
	if threads < 1 {
		threads = 1
	}
	// At most threads tasks run at once, so threads stacks suffice.
	stacks := make(chan []MoveList, threads)
	for range threads {
		stacks <- make([]MoveList, max(depth-1, 0))
	}
	var g errgroup.Group
	g.SetLimit(threads)
	for i, m := range ms {
		out[i].Move = MoveString(p, r, m)
		q := p.Play(m)
		g.Go(func() error {
			stack := <-stacks
			out[i].Nodes = PerftStack(&q, r, depth-1, stack)
			stacks <- stack
			return nil
		})
	}
	g.Wait() // the tasks return no errors
	return out
}

// PerftParallel is Perft with the root moves shared out over threads
// goroutines; the count is the same as Perft's.
func PerftParallel(p *Position, r *Rules, depth, threads int) uint64 {
	if threads <= 1 || depth < 4 {
		return Perft(p, r, depth)
	}
	var n uint64
	for _, e := range Divide(p, r, depth, threads) {
		n += e.Nodes
	}
	return n
}
