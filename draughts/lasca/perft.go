package lasca

import (
	"golang.org/x/sync/errgroup"

	"draughtsjudge/draughts"
)

// Perft counts the leaf nodes of the legal Lasca move tree of depth d
// from p, duplicates=drop (capture sequences reaching the same position
// count once). Leaves at the last ply are bulk-counted; no allocation
// beyond one move list per ply.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return PerftStack(p, depth, make([]MoveList, depth))
}

// PerftStack is Perft with caller-owned storage
// (len(stack) >= depth).
func PerftStack(p *Position, depth int, stack []MoveList) uint64 {
	if depth <= 0 {
		return 1
	}
	ml := &stack[0]
	Generate(p, ml)
	if depth == 1 {
		return uint64(ml.N)
	}
	var n uint64
	var q Position // outside the loop, so that it stays on the stack
	for i := range ml.N {
		q = p.Play(ml.Moves[i])
		n += PerftStack(&q, depth-1, stack[1:])
	}
	return n
}

// Divide returns the perft count of depth-1 under each root move, in
// the order of the legal moves, on up to threads goroutines. The result does
// not depend on threads.
func Divide(p *Position, depth, threads int) []draughts.DivideEntry {
	ms := LegalMoves(p)
	out := make([]draughts.DivideEntry, len(ms))
	threads = max(threads, 1)
	stacks := make(chan []MoveList, threads)
	for range threads {
		stacks <- make([]MoveList, max(depth-1, 0))
	}
	var g errgroup.Group
	g.SetLimit(threads)
	for i, m := range ms {
		out[i].Move = MoveString(p, m)
		q := p.Play(m)
		g.Go(func() error {
			stack := <-stacks
			out[i].Nodes = PerftStack(&q, depth-1, stack)
			stacks <- stack
			return nil
		})
	}
	g.Wait() // the tasks return no errors
	return out
}

// PerftParallel is Perft with the root moves shared out over
// threads goroutines; the count is the same.
func PerftParallel(p *Position, depth, threads int) uint64 {
	if threads <= 1 || depth < 4 {
		return Perft(p, depth)
	}
	var n uint64
	for _, e := range Divide(p, depth, threads) {
		n += e.Nodes
	}
	return n
}
