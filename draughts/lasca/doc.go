// Package lasca implements Lasca (rules file 004): columns, positions,
// moves, FEN, notation, PDN replay, perft.
//
// Lasca (Laska, Lasker's draughts; rules file 004, "Правила игры в шашки
// Ласкера") is played on a 7x7 board with columns of pieces. It has its own
// types (Square, Column, Position, Move) and does not share the bitboard
// engine of draughts.Position: a square holds a column of up to 22 pieces.
//
// The rules implemented, with the clause each one comes from:
//
//   - 004 §2.1: a 7x7 board, play on the 25 dark squares, a dark corner
//     (a1) at each player's left. Squares are named a1–g7, or numbered 1–25
//     (004 §2.3). Our copy of 004 lacks diagram 7 with the numbers; the
//     source of 004 places White on 1–11 and Black on 15–25 at the start, so
//     we number row by row from White's side, left to right from White's
//     view: a1=1, c1=2, e1=3, g1=4, b2=5, d2=6, f2=7, a3=8, ..., g7=25.
//   - 004 §2.2.1: 11 men a side on the dark squares of the three nearest
//     rows (White a1–g3 = 1–11, Black a5–g7 = 15–25); White moves first.
//   - 004 §2.2.3: every unit on a square is a column (a single piece is a
//     one-piece column). The top piece (commander) decides who owns and
//     moves the column and how it moves: as a man or as a king (officer).
//   - 004 §2.4.1: men move and capture forward only, one square; kings move
//     and capture one square in every diagonal direction (short, not flying).
//   - 004 §2.3 / Russian column draughts 1.6: a capture jumps an adjacent
//     column whose top is the opponent's, onto the empty square just beyond;
//     it takes only the top piece of the jumped column and puts it under the
//     capturing column; what remains of the jumped column stays on its square
//     and its new top decides its owner. Pieces keep their rank inside a
//     column: a captured king is a king again when it is freed.
//   - Russian draughts 6.1.5 (004 §2.4: "in everything else follow the rules
//     of Russian column draughts"; our copy of 004 holds only their §1.14,
//     so we read them as the Russian draughts rules of docs/spec.md §3): capturing
//     is compulsory, a capture sequence must be completed, and the choice
//     among captures is free (no majority rule).
//   - 004 §2.4.2: a man that reaches the last row in a capture stops there
//     and becomes a king; it captures as a king only from the next move.
//     (A man cannot capture on from the last row as a man either, so every
//     capture of a man ends on reaching the last row.) A quiet move onto the
//     last row promotes too (Russian 6.1.5.16).
//
// Where 004 leaves a rule open we follow Emanuel Lasker's published rules
// (Rules of Lasca, 1911, as reproduced by The Game of Lasca,
// http://www.lasca.org/show?6UW, and http://www.lasca.org/show?2M1):
//
//   - A column may not be jumped twice in one move ("a piece may not attack
//     the same piece twice in the course of a single move"), even if its new
//     top is again the opponent's.
//   - The capture takes effect at once ("picked up under the attacker as a
//     prisoner as he leaps over it"); a column with pieces left stays an
//     obstacle for the rest of the move. Whether a square emptied by the
//     capture counts as empty cannot matter: a capture's landing squares
//     keep the file parity of its start square and its jumped squares have
//     the other, so no landing square is ever an earlier jumped one (the
//     generator treats it as empty; a throwaway variant that kept it
//     blocked gave the same moves on 2M random positions).
//   - Promotion: only the commander of the moving column is promoted ("its
//     commander is promoted"); the rest of the column, its bottom included,
//     does not matter. Promotion comes only at the end of a move, on the
//     last row, so it always ends the move. (A column on an edge square can
//     never be jumped, so no man is ever freed on a last row: a man that
//     commands a column on its last row is impossible, and Valid rejects
//     it.)
//   - The game is lost by the side to move that has no legal move: it
//     commands no column, or every column it commands is blocked (004 §2.4,
//     Russian 6.1.7).
//
// Two capture sequences are the same move when they lead to the same
// position (docs/spec.md §3). In Lasca the position after a capture depends on the
// order of the captures (the prisoners stack under the capturing column in
// that order), so Move carries the prisoners in order, not only the set of
// jumped squares; equal Move values lead to equal positions and distinct
// ones to distinct positions.
//
// Usage (FEN format at ParseFEN, notation at MoveString):
//
//	p, _ := lasca.ParseFEN("W:Wc3(wb),Kd4:Be5,c5(bW)")
//	for _, m := range lasca.LegalMoves(&p) {
//		fmt.Println(lasca.MoveString(&p, m))
//	}
//	n := lasca.Perft(&p, 6)
//
// The solver takes Lasca through lascagraph.Solve (an exact analysis of
// the reachable set) and the composition checks through judge.Analyse; the
// endgame databases do not cover Lasca.
//
// Position is a copy-make value of 224 bytes (25 packed columns plus the
// commanders as 25-bit sets): larger than draughts.Position's 40 bytes
// because a square holds a column, still without pointers.
package lasca
