package lasca

import (
	"math/bits"

	"draughtsjudge/draughts"
)

// Move is one legal Lasca move: the start and end squares of the moving
// column, the jumped squares, the pieces taken, in the order taken, and
// whether the commander ends the move as a king. Equal values lead to equal
// positions and distinct values to distinct ones, so two capture sequences
// that reach the same position are one move (docs/spec.md §3, duplicates=drop).
// 12 bytes.
type Move struct {
	Captured  uint32 // jumped squares (each jumped once, Lasker's rule)
	Prisoners uint32 // the i-th piece taken at bits 2i..2i+1 (a Piece)
	From, To  Square
	N         uint8 // number of pieces taken; 0 for a quiet move
	Promote   bool  // the commander is a man that ends the move on its last row (004 §2.4.2)
}

// IsCapture reports whether m captures.
func (m Move) IsCapture() bool { return m.N > 0 }

// Prisoner returns the i-th piece taken by m (i < N); it goes under the
// moving column, below the pieces taken before it.
func (m Move) Prisoner(i int) Piece { return Piece(m.Prisoners >> (2 * i) & 3) }

// MaxMoves bounds the moves of one Lasca position. Quiet moves are at
// most 44 (11 columns, 4 directions); captures with free choice are far
// fewer in practice. Generation panics rather than drop a move if it is
// ever exceeded.
const MaxMoves = 1024

// MoveList is caller-owned storage for the moves of one position.
type MoveList struct {
	N     int
	Moves [MaxMoves]Move
}

// Slice returns the moves as a slice aliasing the list.
func (ml *MoveList) Slice() []Move { return ml.Moves[:ml.N] }

const allSquares = 1<<Squares - 1

// dirRange returns the directions a commander moves and captures in:
// men forward only, kings all four (004 §2.4.1).
func dirRange(us draughts.Side, king bool) (lo, hi int) {
	switch {
	case king:
		return 0, 4
	case us == draughts.White:
		return 0, 2
	}
	return 2, 4
}

// capGen holds the state of one capture search.
type capGen struct {
	p      *Position
	ml     *MoveList
	enemy  uint32 // squares whose commander is the opponent's at the start
	us     draughts.Side
	from   Square
	lo, hi int
	man    bool
}

// Generate writes the legal moves of p into ml: every complete capture
// sequence if some capture exists (capture is compulsory, free choice), else
// every quiet move. It does not allocate.
func Generate(p *Position, ml *MoveList) {
	ml.N = 0
	g := capGen{p: p, ml: ml, us: p.Side, enemy: p.Tops[p.Side^1]}
	g.captures()
	if ml.N > 0 {
		return
	}
	us := p.Side
	empty := allSquares &^ p.Occupied()
	for b := p.Tops[us]; b != 0; b &= b - 1 {
		s := Square(bits.TrailingZeros32(b))
		king := p.Kings&(1<<s) != 0
		lo, hi := dirRange(us, king)
		for d := lo; d < hi; d++ {
			t := step[s][d]
			if t < 0 || empty&(1<<t) == 0 {
				continue
			}
			ml.push(Move{From: s, To: t, Promote: !king && lastRow[us]&(1<<t) != 0})
		}
	}
}

func (ml *MoveList) push(m Move) {
	if ml.N == MaxMoves {
		panic("draughts: more than MaxLascaMoves Lasca moves")
	}
	ml.Moves[ml.N] = m
	ml.N++
}

// captures runs the capture search from every column of the side to move.
func (g *capGen) captures() {
	p := g.p
	empty := allSquares &^ p.Occupied()
	for b := p.Tops[g.us]; b != 0; b &= b - 1 {
		s := Square(bits.TrailingZeros32(b))
		g.start(s)
		// The moving column is lifted off its square: the square is empty
		// for the rest of the move.
		g.capture(s, 0, 0, 0, empty|1<<s)
	}
}

func (g *capGen) start(s Square) {
	king := g.p.Kings&(1<<s) != 0
	g.from, g.man = s, !king
	g.lo, g.hi = dirRange(g.us, king)
}

// jump tries the capture from cur in direction d after n captures: it
// reports the landing square, the new jumped set, prisoners and empty set,
// and whether the capture is possible. empty is the set of empty squares
// now: the start square, and squares whose one-piece column was taken, are
// empty (Lasker: the prisoner is picked up as the column leaps over it).
// Every capture rule of the generator is here and in capture.
func (g *capGen) jump(cur Square, d int, captured, prisoners uint32, n uint8, empty uint32) (l Square, nc, np, ne uint32, ok bool) {
	j := step[cur][d]
	if j < 0 || (g.enemy&^captured)&(1<<j) == 0 { // a column is jumped at most once
		return
	}
	l = land[cur][d]
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
func (g *capGen) stops(l Square) bool {
	return g.man && lastRow[g.us]&(1<<l) != 0
}

// capture extends a capture sequence standing on cur after n captures.
func (g *capGen) capture(cur Square, captured, prisoners uint32, n uint8, empty uint32) {
	more := false
	for d := g.lo; d < g.hi; d++ {
		l, nc, np, ne, ok := g.jump(cur, d, captured, prisoners, n, empty)
		if !ok {
			continue
		}
		more = true
		if g.stops(l) {
			g.add(Move{Captured: nc, Prisoners: np, From: g.from, To: l, N: n + 1, Promote: true})
			continue
		}
		g.capture(l, nc, np, n+1, ne)
	}
	if !more && n > 0 {
		g.add(Move{Captured: captured, Prisoners: prisoners, From: g.from, To: cur, N: n})
	}
}

// add records a complete capture, once per resulting position.
func (g *capGen) add(m Move) {
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
func (g *capGen) paths(cur Square, captured, prisoners uint32, n uint8, empty uint32, path []Square, want Move, out *[][]Square) {
	more := false
	for d := g.lo; d < g.hi; d++ {
		l, nc, np, ne, ok := g.jump(cur, d, captured, prisoners, n, empty)
		if !ok {
			continue
		}
		more = true
		next := append(path, l)
		if g.stops(l) {
			if (Move{Captured: nc, Prisoners: np, From: g.from, To: l, N: n + 1, Promote: true}) == want {
				*out = append(*out, append([]Square(nil), next...))
			}
			continue
		}
		g.paths(l, nc, np, n+1, ne, next, want, out)
	}
	if !more && n > 0 && (Move{Captured: captured, Prisoners: prisoners, From: g.from, To: cur, N: n}) == want {
		*out = append(*out, append([]Square(nil), path...))
	}
}

// Paths returns every capture path (the squares the column stands on,
// start and end included) that realises m in p. A quiet move has the single
// path {From, To}.
func Paths(p *Position, m Move) [][]Square {
	if !m.IsCapture() {
		return [][]Square{{m.From, m.To}}
	}
	if p.Tops[p.Side]&(1<<m.From) == 0 {
		return nil
	}
	var out [][]Square
	g := capGen{p: p, us: p.Side, enemy: p.Tops[p.Side^1]}
	g.start(m.From)
	path := make([]Square, 1, MaxColumn+2)
	path[0] = m.From
	g.paths(m.From, 0, 0, 0, allSquares&^p.Occupied()|1<<m.From, path, m, &out)
	return out
}

// Lost reports whether the side to move has lost: it has no legal move,
// because it commands no column or every column it commands is blocked
// (004 §2.4 with Russian 6.1.7).
func Lost(p *Position) bool {
	var ml MoveList
	Generate(p, &ml)
	return ml.N == 0
}
