package lasca

import (
	"math/bits"

	"draughtsjudge/draughts"
)

// LascaMove is one legal Lasca move: the start and end squares of the moving
// column, the jumped squares, the pieces taken, in the order taken, and
// whether the commander ends the move as a king. Equal values lead to equal
// positions and distinct values to distinct ones, so two capture sequences
// that reach the same position are one move (SPEC §3, duplicates=drop).
// 12 bytes.
type LascaMove struct {
	Captured  uint32 // jumped squares (each jumped once, Lasker's rule)
	Prisoners uint32 // the i-th piece taken at bits 2i..2i+1 (a LascaPiece)
	From, To  LascaSquare
	N         uint8 // number of pieces taken; 0 for a quiet move
	Promote   bool  // the commander is a man that ends the move on its last row (004 §2.4.2)
}

// IsCapture reports whether m captures.
func (m LascaMove) IsCapture() bool { return m.N > 0 }

// Prisoner returns the i-th piece taken by m (i < N); it goes under the
// moving column, below the pieces taken before it.
func (m LascaMove) Prisoner(i int) LascaPiece { return LascaPiece(m.Prisoners >> (2 * i) & 3) }

// MaxLascaMoves bounds the moves of one Lasca position. Quiet moves are at
// most 44 (11 columns, 4 directions); captures with free choice are far
// fewer in practice. Generation panics rather than drop a move if it is
// ever exceeded.
const MaxLascaMoves = 1024

// LascaMoveList is caller-owned storage for the moves of one position.
type LascaMoveList struct {
	N     int
	Moves [MaxLascaMoves]LascaMove
}

// Slice returns the moves as a slice aliasing the list.
func (ml *LascaMoveList) Slice() []LascaMove { return ml.Moves[:ml.N] }

const lascaAll = 1<<LascaSquares - 1

// lascaDirRange returns the directions a commander moves and captures in:
// men forward only, kings all four (004 §2.4.1).
func lascaDirRange(us draughts.Side, king bool) (lo, hi int) {
	switch {
	case king:
		return 0, 4
	case us == draughts.White:
		return 0, 2
	}
	return 2, 4
}

// lascaGen holds the state of one capture search.
type lascaGen struct {
	p      *LascaPosition
	ml     *LascaMoveList
	enemy  uint32 // squares whose commander is the opponent's at the start
	us     draughts.Side
	from   LascaSquare
	lo, hi int
	man    bool
}

// GenerateLasca writes the legal moves of p into ml: every complete capture
// sequence if some capture exists (capture is compulsory, free choice), else
// every quiet move. It does not allocate.
func GenerateLasca(p *LascaPosition, ml *LascaMoveList) {
	ml.N = 0
	g := lascaGen{p: p, ml: ml, us: p.Side, enemy: p.Tops[p.Side^1]}
	g.captures()
	if ml.N > 0 {
		return
	}
	us := p.Side
	empty := lascaAll &^ p.Occupied()
	for b := p.Tops[us]; b != 0; b &= b - 1 {
		s := LascaSquare(bits.TrailingZeros32(b))
		king := p.Kings&(1<<s) != 0
		lo, hi := lascaDirRange(us, king)
		for d := lo; d < hi; d++ {
			t := lascaStep[s][d]
			if t < 0 || empty&(1<<t) == 0 {
				continue
			}
			ml.push(LascaMove{From: s, To: t, Promote: !king && lascaLastRow[us]&(1<<t) != 0})
		}
	}
}

func (ml *LascaMoveList) push(m LascaMove) {
	if ml.N == MaxLascaMoves {
		panic("draughts: more than MaxLascaMoves Lasca moves")
	}
	ml.Moves[ml.N] = m
	ml.N++
}

// captures runs the capture search from every column of the side to move.
func (g *lascaGen) captures() {
	p := g.p
	empty := lascaAll &^ p.Occupied()
	for b := p.Tops[g.us]; b != 0; b &= b - 1 {
		s := LascaSquare(bits.TrailingZeros32(b))
		g.start(s)
		// The moving column is lifted off its square: the square is empty
		// for the rest of the move.
		g.capture(s, 0, 0, 0, empty|1<<s)
	}
}

func (g *lascaGen) start(s LascaSquare) {
	king := g.p.Kings&(1<<s) != 0
	g.from, g.man = s, !king
	g.lo, g.hi = lascaDirRange(g.us, king)
}

// jump tries the capture from cur in direction d after n captures: it
// reports the landing square, the new jumped set, prisoners and empty set,
// and whether the capture is possible. empty is the set of empty squares
// now: the start square, and squares whose one-piece column was taken, are
// empty (Lasker: the prisoner is picked up as the column leaps over it).
// Every capture rule of the generator is here and in capture.
func (g *lascaGen) jump(cur LascaSquare, d int, captured, prisoners uint32, n uint8, empty uint32) (l LascaSquare, nc, np, ne uint32, ok bool) {
	j := lascaStep[cur][d]
	if j < 0 || (g.enemy&^captured)&(1<<j) == 0 { // a column is jumped at most once
		return
	}
	l = lascaLand[cur][d]
	if l < 0 || empty&(1<<l) == 0 {
		return
	}
	jc := g.p.Col[j]
	ne = empty
	if jc.Height() == 1 {
		ne |= 1 << j
	}
	return l, captured | 1<<j, prisoners | uint32(jc.Top())<<(2*n), ne, true
}

// stops reports whether a capture landing on l ends the move: a man
// reaching the last row stops and is promoted (004 §2.4.2).
func (g *lascaGen) stops(l LascaSquare) bool {
	return g.man && lascaLastRow[g.us]&(1<<l) != 0
}

// capture extends a capture sequence standing on cur after n captures.
func (g *lascaGen) capture(cur LascaSquare, captured, prisoners uint32, n uint8, empty uint32) {
	more := false
	for d := g.lo; d < g.hi; d++ {
		l, nc, np, ne, ok := g.jump(cur, d, captured, prisoners, n, empty)
		if !ok {
			continue
		}
		more = true
		if g.stops(l) {
			g.add(LascaMove{Captured: nc, Prisoners: np, From: g.from, To: l, N: n + 1, Promote: true})
			continue
		}
		g.capture(l, nc, np, n+1, ne)
	}
	if !more && n > 0 {
		g.add(LascaMove{Captured: captured, Prisoners: prisoners, From: g.from, To: cur, N: n})
	}
}

// add records a complete capture, once per resulting position.
func (g *lascaGen) add(m LascaMove) {
	for i := range g.ml.N {
		if g.ml.Moves[i] == m {
			return
		}
	}
	g.ml.push(m)
}

// paths is capture for notation: it appends to out every complete path
// (start and end included) of the sequences that realise want. It is kept
// apart from capture so that the generator's hot path stores nothing
// through g (which would make every position escape to the heap).
func (g *lascaGen) paths(cur LascaSquare, captured, prisoners uint32, n uint8, empty uint32, path []LascaSquare, want LascaMove, out *[][]LascaSquare) {
	more := false
	for d := g.lo; d < g.hi; d++ {
		l, nc, np, ne, ok := g.jump(cur, d, captured, prisoners, n, empty)
		if !ok {
			continue
		}
		more = true
		next := append(path, l)
		if g.stops(l) {
			if (LascaMove{Captured: nc, Prisoners: np, From: g.from, To: l, N: n + 1, Promote: true}) == want {
				*out = append(*out, append([]LascaSquare(nil), next...))
			}
			continue
		}
		g.paths(l, nc, np, n+1, ne, next, want, out)
	}
	if !more && n > 0 && (LascaMove{Captured: captured, Prisoners: prisoners, From: g.from, To: cur, N: n}) == want {
		*out = append(*out, append([]LascaSquare(nil), path...))
	}
}

// LascaPaths returns every capture path (the squares the column stands on,
// start and end included) that realises m in p. A quiet move has the single
// path {From, To}.
func LascaPaths(p *LascaPosition, m LascaMove) [][]LascaSquare {
	if !m.IsCapture() {
		return [][]LascaSquare{{m.From, m.To}}
	}
	if p.Tops[p.Side]&(1<<m.From) == 0 {
		return nil
	}
	var out [][]LascaSquare
	g := lascaGen{p: p, us: p.Side, enemy: p.Tops[p.Side^1]}
	g.start(m.From)
	path := make([]LascaSquare, 1, MaxColumn+2)
	path[0] = m.From
	g.paths(m.From, 0, 0, 0, lascaAll&^p.Occupied()|1<<m.From, path, m, &out)
	return out
}

// LascaLost reports whether the side to move has lost: it has no legal move,
// because it commands no column or every column it commands is blocked
// (004 §2.4 with Russian 6.1.7).
func LascaLost(p *LascaPosition) bool {
	var ml LascaMoveList
	GenerateLasca(p, &ml)
	return ml.N == 0
}
