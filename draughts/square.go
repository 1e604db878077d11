package draughts

import (
	"fmt"
	"strconv"
	"strings"
)

// Square is an internal bit index 0..63 on a Board's ghost-square layout. Use
// Board.FromStd / Board.Std to convert to and from standard numbering.
type Square uint8

// NoSquare marks an absent square.
const NoSquare Square = 255

// Direction indexes the four diagonals. Up is toward square 1 (White's
// forward direction), down toward the last square.
type Direction uint8

// The four diagonal directions, as seen from White.
const (
	UpLeft Direction = iota
	UpRight
	DownLeft
	DownRight
)

// Board is the geometry of an n x n draughts board (n = 8 or 10).
//
// Layout (Scan's "ghost column" scheme): standard square s (1-based, row by
// row from White's far side, the first row starting on the second column) is
// bit i = (s-1) + (s-1)/n. Every n squares one ghost bit is skipped, so each
// diagonal step is one shift: up-left -(n/2+1), up-right -(n/2), down-left
// +(n/2), down-right +(n/2+1); a step off the board lands on a ghost bit or
// outside 0..63, both outside Mask.
type Board struct {
	Size    int      // squares per side: 8 or 10
	Squares int      // playable (dark) squares: 32 or 50
	Mask    Bitboard // all playable squares
	// Promo[side] is the row where that side's men promote (White: row of
	// square 1, Black: row of the last square).
	Promo [2]Bitboard
	// Start[side] is the initial men of that side (6.1.2.1, 7.2: 12 or 20).
	Start [2]Bitboard

	half  int // squares per row = Size/2
	delta [4]int
	// ray[d][sq] is every square strictly beyond sq in direction d up to the edge.
	ray [4][64]Bitboard
	// step[d][sq] is the neighbour of sq in direction d, or NoSquare.
	step  [4][64]Square
	toStd [64]int
	fromS [51]Square
}

// Board8 is the 64-square board (Russian, Brazilian, giveaway): numeric
// squares 1=b8, 2=d8, 3=f8, 4=h8, 5=a7 … 29=a1, 32=g1; a1 is dark and White's
// bottom-left (6.1.6.1, figure 7). White starts on 21–32 and moves toward 1–4.
var Board8 = newBoard(8)

// Board10 is the 100-square board (7.3): 1 at the top left seen from White,
// 46 at White's bottom-left; White starts on 31–50.
var Board10 = newBoard(10)

func newBoard(n int) *Board {
	b := &Board{Size: n, Squares: n * n / 2, half: n / 2}
	h := n / 2
	b.delta = [4]int{-(h + 1), -h, h, h + 1}
	for i := range b.toStd {
		b.toStd[i] = 0
	}
	for s := 1; s <= b.Squares; s++ {
		i := Square((s - 1) + (s-1)/n)
		b.toStd[i] = s
		b.fromS[s] = i
		b.Mask |= Bit(i)
		row := (s - 1) / h
		if row == 0 {
			b.Promo[White] |= Bit(i)
		}
		if row == n-1 {
			b.Promo[Black] |= Bit(i)
		}
		rowsPerSide := n/2 - 1 // 3 on 8x8, 4 on 10x10
		if row < rowsPerSide {
			b.Start[Black] |= Bit(i)
		}
		if row >= n-rowsPerSide {
			b.Start[White] |= Bit(i)
		}
	}
	for d := 0; d < 4; d++ {
		for i := 0; i < 64; i++ {
			b.step[d][i] = NoSquare
			if !b.Mask.Has(Square(i)) {
				continue
			}
			j := i + b.delta[d]
			if j >= 0 && j < 64 && b.Mask.Has(Square(j)) {
				b.step[d][i] = Square(j)
			}
		}
		for i := 0; i < 64; i++ {
			if !b.Mask.Has(Square(i)) {
				continue
			}
			for j := b.step[d][i]; j != NoSquare; j = b.step[d][j] {
				b.ray[d][i] |= Bit(j)
			}
		}
	}
	return b
}

// Std returns the standard number (1..Squares) of sq, or 0 if sq is not on the board.
func (b *Board) Std(sq Square) int {
	if int(sq) >= 64 {
		return 0
	}
	return b.toStd[sq]
}

// FromStd returns the square with standard number s, or NoSquare.
func (b *Board) FromStd(s int) Square {
	if s < 1 || s > b.Squares {
		return NoSquare
	}
	return b.fromS[s]
}

// Step returns the neighbour of sq in direction d, or NoSquare.
func (b *Board) Step(sq Square, d Direction) Square { return b.step[d][sq] }

// Ray returns the squares strictly beyond sq in direction d.
func (b *Board) Ray(sq Square, d Direction) Bitboard { return b.ray[d][sq] }

// Nearest returns the square of blk (non-empty, squares of one ray in
// direction d) nearest the ray's origin: a sliding king's first blocker.
func Nearest(d Direction, blk Bitboard) Square { return nearest(int(d), blk) }

// RowCol returns the 0-based row (0 = White's far side, the row of square 1)
// and column (0 = White's left) of sq.
func (b *Board) RowCol(sq Square) (row, col int) {
	s := b.Std(sq) - 1
	row = s / b.half
	col = 2 * (s % b.half)
	if row%2 == 0 {
		col++
	}
	return row, col
}

// FromRowCol returns the square at row, col, or NoSquare if it is not a dark square.
func (b *Board) FromRowCol(row, col int) Square {
	if row < 0 || row >= b.Size || col < 0 || col >= b.Size || (row+col)%2 == 0 {
		return NoSquare
	}
	return b.FromStd(row*b.half + col/2 + 1)
}

// Algebraic returns the algebraic name of sq ("a1" is White's bottom-left).
func (b *Board) Algebraic(sq Square) string {
	row, col := b.RowCol(sq)
	return string(rune('a'+col)) + strconv.Itoa(b.Size-row)
}

// Name returns sq as written in this board's usual notation: algebraic on
// 8x8 (6.1.6), numeric on 10x10 (7.3).
func (b *Board) Name(sq Square) string {
	if b.Size == 8 {
		return b.Algebraic(sq)
	}
	return strconv.Itoa(b.Std(sq))
}

// ParseSquare reads a square in numeric ("32") or algebraic ("c3") form.
func (b *Board) ParseSquare(s string) (Square, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return NoSquare, fmt.Errorf("empty square")
	}
	if c := s[0]; c >= '0' && c <= '9' {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > b.Squares {
			return NoSquare, fmt.Errorf("square %q: want 1..%d", s, b.Squares)
		}
		return b.FromStd(n), nil
	}
	c := s[0] | 0x20
	if c < 'a' || int(c-'a') >= b.Size || len(s) < 2 {
		return NoSquare, fmt.Errorf("square %q: not a square of the %dx%d board", s, b.Size, b.Size)
	}
	rank, err := strconv.Atoi(s[1:])
	if err != nil || rank < 1 || rank > b.Size {
		return NoSquare, fmt.Errorf("square %q: not a square of the %dx%d board", s, b.Size, b.Size)
	}
	sq := b.FromRowCol(b.Size-rank, int(c-'a'))
	if sq == NoSquare {
		return NoSquare, fmt.Errorf("square %q is a light square", s)
	}
	return sq, nil
}
