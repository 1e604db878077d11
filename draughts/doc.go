// Package draughts implements the game systems draughtsjudge checks
// compositions in: Russian draughts (section VI), Brazilian draughts
// (shashki-64 with the 7.4 capture rules), international draughts (section
// VII), and giveaway on both boards (section VIII; lidraughts'
// "antidraughts" on 10x10).
//
// It knows boards and squares (Board: ghost-square bitboard layout, standard
// numbering, algebraic names), positions (Position, a 40-byte value with an
// incremental Zobrist key; Play returns the successor, so "undo" is keeping
// the previous value), legal move generation with full capture sequences
// (Generate, into caller-owned memory, no allocation), FEN and move
// notation (ParseFEN, FEN, ParseMove, MoveString), a PDN reader (ReadPDN,
// Replay) and perft (Perft, Divide). It knows nothing of compositions.
//
// Lasca, played with columns of pieces on a 7x7 board, does not share this
// engine: it has a package of its own, draughtsjudge/draughts/lasca, which
// uses the Side, Key, PDN and error types of this one. RulesByID answers
// ErrLascaSolving for LascaID.
//
// # Rules as values
//
// A *Rules value carries every difference between the systems: the board,
// the capture choice (Majority, 7.4.1), promotion during a capture
// (PromoteInCapture, 6.1.5.15 / 7.4.2) and the win condition (Giveaway,
// 8.1). The capture precedence and the merging of sequences that reach the
// same position are applied in one place, capGen.add.
//
//	r := draughts.Russian
//	p, _ := draughts.ParseFEN(r, "W:Wc3,e3:Bd4,f6")
//	for _, m := range draughts.LegalMoves(&p, r) {
//		fmt.Println(draughts.MoveString(&p, r, m))
//	}
package draughts
