package draughts

// Perft counts the leaf nodes of the legal move tree of depth d from p,
// with the duplicates=drop convention (capture sequences leading to the same
// position count once). Leaves at the last ply are bulk-counted. No
// allocation: it uses one MoveList per ply from stack.
func Perft(p *Position, r *Rules, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	stack := make([]MoveList, depth)
	return perft(*p, r, depth, stack)
}

// PerftStack is Perft with caller-owned storage (len(stack) >= depth).
func PerftStack(p *Position, r *Rules, depth int, stack []MoveList) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(*p, r, depth, stack)
}

func perft(p Position, r *Rules, depth int, stack []MoveList) uint64 {
	ml := &stack[0]
	if depth == 1 {
		return uint64(countMoves(&p, r, ml))
	}
	Generate(&p, r, ml)
	ms := ml.Moves[:ml.N]
	var n uint64
	if depth == 2 {
		// Bulk counting: the leaves are counted, not played.
		next := &stack[1]
		for i := range ms {
			q := p.Play(ms[i])
			n += uint64(countMoves(&q, r, next))
		}
		return n
	}
	for i := range ms {
		n += perft(p.Play(ms[i]), r, depth-1, stack[1:])
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
	ml.N = 0
	genCaptures(p, r, ml)
	if ml.N != 0 {
		return ml.N
	}
	return countQuiet(p, r)
}

// DivideEntry is the perft count under one root move.
type DivideEntry struct {
	Move  string
	Nodes uint64
}

// Divide returns the perft count of depth-1 under each root move, in the
// order of the legal moves, computed on up to threads goroutines.
func Divide(p *Position, r *Rules, depth, threads int) []DivideEntry {
	ms := LegalMoves(p, r)
	out := make([]DivideEntry, len(ms))
	if threads < 1 {
		threads = 1
	}
	sem := make(chan struct{}, threads)
	done := make(chan struct{})
	for i, m := range ms {
		out[i].Move = MoveString(p, r, m)
		go func(i int, q Position) {
			sem <- struct{}{}
			stack := make([]MoveList, depth)
			out[i].Nodes = PerftStack(&q, r, depth-1, stack)
			<-sem
			done <- struct{}{}
		}(i, p.Play(m))
	}
	for range ms {
		<-done
	}
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
