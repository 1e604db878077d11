package lasca

import (
	"errors"
	"fmt"
	"math/bits"

	"draughtsjudge/draughts"
)

// Square is a dark square of the Lasca board: 0..24, which is 004
// number 1..25 minus one (a1=0, c1=1, e1=2, g1=3, b2=4, ..., g7=24).
type Square int8

// Squares is the number of playable squares (004 §2.1).
const Squares = 25

// NoSquare marks "no square" in the geometry tables.
const NoSquare Square = -1

// SquareAt returns the square at file f (0 = a) and rank r (0 = row 1),
// or NoSquare for a light or off-board square.
func SquareAt(f, r int) Square {
	if f < 0 || f > 6 || r < 0 || r > 6 || (f+r)%2 != 0 {
		return NoSquare
	}
	// Rows of 4 (ranks 1,3,5,7) and 3 (ranks 2,4,6) alternate: 7 a pair.
	i := r/2*7 + f/2
	if r%2 == 1 {
		i += 4
	}
	return Square(i)
}

// File returns the file of s, 0 = a.
func (s Square) File() int {
	if j := int(s) % 7; j >= 4 {
		return 2*(j-4) + 1
	} else {
		return 2 * j
	}
}

// Rank returns the rank of s, 0 = row 1 (White's side).
func (s Square) Rank() int {
	r := int(s) / 7 * 2
	if int(s)%7 >= 4 {
		r++
	}
	return r
}

// Std returns the 004 number of s, 1..25.
func (s Square) Std() int { return int(s) + 1 }

// String returns the algebraic name of s ("a1".."g7").
func (s Square) String() string {
	if s < 0 || s >= Squares {
		return fmt.Sprintf("LascaSquare(%d)", int(s))
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare reads an algebraic (a1–g7, dark squares only) or numeric
// (1–25) square name.
func ParseSquare(name string) (Square, error) {
	if len(name) == 2 && name[0] >= 'a' && name[0] <= 'g' && name[1] >= '1' && name[1] <= '7' {
		if s := SquareAt(int(name[0]-'a'), int(name[1]-'1')); s != NoSquare {
			return s, nil
		}
		return NoSquare, fmt.Errorf("square %q is a light square (004 §2.1: play on the dark squares)", name)
	}
	n := 0
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c < '0' || c > '9' || i >= 2 {
			return NoSquare, fmt.Errorf("bad Lasca square %q (want a1–g7 or 1–25)", name)
		}
		n = n*10 + int(c-'0')
	}
	if name == "" || n < 1 || n > Squares {
		return NoSquare, fmt.Errorf("bad Lasca square %q (want a1–g7 or 1–25)", name)
	}
	return Square(n - 1), nil
}

// dirs: 0 = up-right, 1 = up-left (White's forward), 2 = down-right,
// 3 = down-left (Black's forward).
var dirs = [4][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}

// step[s][d] is the neighbour of s in direction d, land[s][d] the
// square beyond it (the landing square of a capture), or NoSquare.
var step, land [Squares][4]Square

// lastRow[side] is the set of squares of side's promotion row.
var lastRow [2]uint32

func init() {
	for s := Square(0); s < Squares; s++ {
		f, r := s.File(), s.Rank()
		for d, v := range dirs {
			step[s][d] = SquareAt(f+v[0], r+v[1])
			land[s][d] = SquareAt(f+2*v[0], r+2*v[1])
		}
		if r == 6 {
			lastRow[draughts.White] |= 1 << s
		}
		if r == 0 {
			lastRow[draughts.Black] |= 1 << s
		}
	}
}

// Piece is one piece of a column: its colour and rank. In 004's column
// notation a man is "0" and a king "1" (004 §2.3).
type Piece uint8

// The four pieces. Bit 0 is the colour (1 = Black), bit 1 the rank
// (1 = king, Lasker's "officer").
const (
	WhiteMan  Piece = 0
	BlackMan  Piece = 1
	WhiteKing Piece = 2
	BlackKing Piece = 3
)

// Side returns the piece's colour.
func (pc Piece) Side() draughts.Side { return draughts.Side(pc & 1) }

// King reports whether the piece is a king (officer).
func (pc Piece) King() bool { return pc&2 != 0 }

// Column is the content of one square, packed in a uint64 (top = depth 0):
//
//	bits  0..23  colour of the piece at depth d (1 = Black), d < height
//	bits 24..47  rank of the piece at depth d (1 = king)
//	bits 56..63  height (0 = empty square, at most 22)
//
// Bits beyond the height are zero, so equal columns are equal integers.
type Column uint64

const (
	colColour  = 0xFFFFFF
	colBody    = 1<<48 - 1
	colHShift  = 56
	colRankOff = 24
	// MaxColumn is the tallest possible column: every piece of both sides.
	MaxColumn = 22
)

// Height returns the number of pieces in c.
func (c Column) Height() int { return int(c >> colHShift) }

// Piece returns the piece at depth d (0 = top); d < Height.
func (c Column) Piece(d int) Piece {
	return Piece(c>>d&1 | c>>(colRankOff+d)&1<<1)
}

// Top returns the commander, the top piece; c must not be empty.
func (c Column) Top() Piece { return c.Piece(0) }

// PopTop returns c without its top piece (the capture of 004 §2.3).
func (c Column) PopTop() Column {
	h := c >> colHShift
	body := (c & colBody) >> 1 &^ (1 << (colRankOff - 1))
	return body | (h-1)<<colHShift
}

// AddBottom returns c with pc put under its bottom piece.
func (c Column) AddBottom(pc Piece) Column {
	h := c.Height()
	c += 1 << colHShift
	c |= Column(pc&1) << h
	c |= Column(pc>>1&1) << (colRankOff + h)
	return c
}

// PromoteTop returns c with its top piece made a king.
func (c Column) PromoteTop() Column { return c | 1<<colRankOff }

// ColumnOf builds a column from its pieces, top first.
func ColumnOf(pcs ...Piece) Column {
	var c Column
	for _, pc := range pcs {
		c = c.AddBottom(pc)
	}
	return c
}

// Pieces returns the pieces of c, top first.
func (c Column) Pieces() []Piece {
	out := make([]Piece, c.Height())
	for d := range out {
		out[d] = c.Piece(d)
	}
	return out
}

// Position is a Lasca position: a small value type, copied on every
// move (copy-make). Tops and Kings are derived from Col and kept in step
// by Play; Valid checks them.
type Position struct {
	Col   [Squares]Column
	Tops  [2]uint32     // Tops[side]: squares whose commander is side's
	Kings uint32        // squares whose commander is a king
	Side  draughts.Side // side to move
	Key   draughts.Key  // incremental key, equal to ComputeKey()
}

// salt[s] keys the columns of square s; sideKey is xored in when
// Black is to move.
var (
	salt    [Squares]uint64
	sideKey draughts.Key
)

func init() {
	x := uint64(0x4C61736B6572) // "Lasker": fixed, so keys are stable
	next := func() uint64 {
		x += 0x9E3779B97F4A7C15
		return mix(x)
	}
	for i := range salt {
		salt[i] = next()
	}
	sideKey = draughts.Key(next())
}

// mix is the SplitMix64 finaliser.
func mix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// colKey is the key of column c on square s; an empty square adds 0.
// A table-driven Zobrist key over (square, depth, piece) would change every
// depth of a column when the column moves or gains a prisoner at the bottom;
// hashing the packed column with a per-square random salt keeps the key
// xor-incremental per square (Play touches from, to and the jumped squares
// only) with one multiply-mix per changed square.
func colKey(s Square, c Column) draughts.Key {
	if c == 0 {
		return 0
	}
	return draughts.Key(mix(uint64(c) ^ salt[s]))
}

// ComputeKey computes the key from scratch.
func (p *Position) ComputeKey() draughts.Key {
	var k draughts.Key
	for s := Square(0); s < Squares; s++ {
		k ^= colKey(s, p.Col[s])
	}
	if p.Side == draughts.Black {
		k ^= sideKey
	}
	return k
}

// set puts column c on square s, keeping Tops, Kings and Key in step.
func (p *Position) set(s Square, c Column) {
	p.Key ^= colKey(s, p.Col[s]) ^ colKey(s, c)
	p.Col[s] = c
	bit := uint32(1) << s
	p.Tops[draughts.White] &^= bit
	p.Tops[draughts.Black] &^= bit
	p.Kings &^= bit
	if c != 0 {
		top := c.Top()
		p.Tops[top.Side()] |= bit
		if top.King() {
			p.Kings |= bit
		}
	}
}

// NewPosition builds a position from its columns and the side to move.
func NewPosition(cols [Squares]Column, side draughts.Side) Position {
	p := Position{Side: side}
	if side == draughts.Black {
		p.Key = sideKey
	}
	for s := Square(0); s < Squares; s++ {
		p.set(s, cols[s])
	}
	return p
}

// Start returns the initial position (004 §2.2.1): White men on 1–11
// (a1–g3), Black men on 15–25 (a5–g7), White to move.
func Start() Position {
	var cols [Squares]Column
	for s := 0; s < 11; s++ {
		cols[s] = ColumnOf(WhiteMan)
		cols[Squares-1-s] = ColumnOf(BlackMan)
	}
	return NewPosition(cols, draughts.White)
}

// Occupied returns the set of occupied squares.
func (p *Position) Occupied() uint32 { return p.Tops[draughts.White] | p.Tops[draughts.Black] }

// Count returns the number of pieces of side s on the board, in any column
// at any depth.
func (p *Position) Count(s draughts.Side) int {
	n := 0
	for _, c := range p.Col {
		b := bits.OnesCount32(uint32(c & colColour))
		if s == draughts.Black {
			n += b
		} else {
			n += c.Height() - b
		}
	}
	return n
}

// Valid checks the position's invariants: columns packed without stray bits,
// at most 11 pieces of each colour (004 §2.2.1), no man commanding a column
// on its last row (004 §2.4.2; see the package notes), Tops, Kings and Key
// consistent with the columns. Men inside a column may be on any row.
func (p *Position) Valid() error {
	var tops [2]uint32
	var kings uint32
	for s := Square(0); s < Squares; s++ {
		c := p.Col[s]
		h := c.Height()
		if h > MaxColumn {
			return fmt.Errorf("square %s: column of %d pieces", s, h)
		}
		used := Column(1)<<h - 1
		if c&colBody&^(used|used<<colRankOff) != 0 || c&(0xFF<<48) != 0 {
			return fmt.Errorf("square %s: column has bits beyond its height", s)
		}
		if h > 0 {
			tops[c.Top().Side()] |= 1 << s
			if c.Top().King() {
				kings |= 1 << s
			}
		}
	}
	for s := draughts.Side(0); s < 2; s++ {
		if men := tops[s] &^ kings & lastRow[s]; men != 0 {
			return fmt.Errorf("%s man on its last row (%s) is not a king (004 §2.4.2)", s, Square(bits.TrailingZeros32(men)))
		}
		if n := p.Count(s); n > 11 {
			return fmt.Errorf("%s has %d pieces (at most 11, 004 §2.2.1)", s, n)
		}
	}
	if tops != p.Tops || kings != p.Kings {
		return errors.New("commander sets out of step with the columns")
	}
	if p.Side > draughts.Black {
		return errors.New("bad side to move")
	}
	if p.Key != p.ComputeKey() {
		return errors.New("key out of step with the columns")
	}
	return nil
}

// Play returns the position after m (copy-make). m must be legal in p.
func (p *Position) Play(m Move) Position {
	q := *p
	col := q.Col[m.From]
	q.set(m.From, 0)
	for c := m.Captured; c != 0; c &= c - 1 {
		s := Square(bits.TrailingZeros32(c))
		q.set(s, q.Col[s].PopTop())
	}
	for i := 0; i < int(m.N); i++ {
		col = col.AddBottom(m.Prisoner(i))
	}
	if m.Promote {
		col = col.PromoteTop()
	}
	q.set(m.To, col)
	q.Side ^= 1
	q.Key ^= sideKey
	return q
}
