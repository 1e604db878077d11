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
//
// # Adding Lasca
//
// Lasca (rules file 004: 7x7 board, 25 dark squares, columns, short kings,
// men moving and capturing forward only, a capture taking the top piece of
// the jumped column and putting it under the capturing column) does not fit
// the two-colour bitboards of Position: a square holds a column of up to 22
// pieces. The plan is a sibling type, not a rewrite: Board gains a 7x7
// geometry (same ghost-square scheme, 4 squares per row pairs), Rules gains
// two declarative fields (ShortKings: a king moves one square; MenCaptureBack:
// false), and Lasca gets its own position type (per-square column stacks,
// top colour and rank as bitboards for the generator) with its own
// Generate and Play. The solver reaches the rules only through Generate,
// Play, Key and the goal's Eval, so it would take the Lasca position through
// a small interface (Moves, Play, Key, Side) implemented by both position
// types. None of the existing systems would change.
package draughts
