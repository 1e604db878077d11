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
	if r.Board.Size == 10 {
		return perft10(p, r, depth, stack)
	}
	return perft8(p, r, depth, stack)
}

// CountMoves returns the number of legal moves of p (quiet moves are counted
// without being generated).
func CountMoves(p *Position, r *Rules) int {
	var ml MoveList
	return countMoves(p, r, &ml)
}

func countMoves(p *Position, r *Rules, ml *MoveList) int {
	us := p.Side & 1
	if r.Board.Size == 10 {
		return countSide10(r, us, p.Pieces[us], p.Pieces[us^1], p.Kings, ml)
	}
	return countSide8(r, us, p.Pieces[us], p.Pieces[us^1], p.Kings, ml)
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
