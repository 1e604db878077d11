package draughts

// Move is one legal move: the moving piece's start and end squares, the set
// of captured pieces, and whether a man ends the move as a king. Two capture
// sequences with the same four fields lead to the same position and are the
// same move (docs/spec.md §3, the perft tables' duplicates=drop convention); two with
// the same ends but different captured sets are distinct. 16 bytes.
type Move struct {
	Captured Bitboard // pieces removed at the end of the move (Turkish strike, 6.1.5.9)
	From, To Square
	Promote  bool // a man that ends this move as a king (6.1.5.15/6.1.5.16, 7.4.2)
}

// IsCapture reports whether m captures.
func (m Move) IsCapture() bool { return m.Captured != 0 }

// MaxMoves bounds the moves of one position. The record for real positions
// is far below (about 80 quiet moves on 10x10); capture trees of composed
// positions with free choice can be larger, hence the margin. Generation
// panics rather than drop a move if it is ever exceeded.
const MaxMoves = 1024

// MoveList is caller-owned storage for the moves of one position.
type MoveList struct {
	N     int
	Moves [MaxMoves]Move
}

// Slice returns the moves as a slice aliasing the list.
func (ml *MoveList) Slice() []Move { return ml.Moves[:ml.N] }
