package draughts

import "math/bits"

// Bitboard is a set of squares, one bit per internal square index (see Board).
type Bitboard uint64

// Has reports whether sq is in b.
func (b Bitboard) Has(sq Square) bool { return b>>sq&1 != 0 }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square of a non-empty b.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// Last returns the highest square of a non-empty b.
func (b Bitboard) Last() Square { return Square(63 - bits.LeadingZeros64(uint64(b))) }

// Bit returns the one-square set {sq}.
func Bit(sq Square) Bitboard { return 1 << sq }

// Squares returns the squares of b in increasing internal order (allocates; not for hot paths).
func (b Bitboard) Squares() []Square {
	out := make([]Square, 0, b.Count())
	for ; b != 0; b &= b - 1 {
		out = append(out, b.First())
	}
	return out
}
