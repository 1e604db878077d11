// Package solver is draughtsjudge's exhaustive AND/OR search: the side
// that must fulfil the stipulation (the attacker, White in every main kind
// of composition, 11.1.3) against every defence.
//
// # Algorithm
//
// Two phases (decided.go; phase1.go holds phase 1's schedule as data,
// phase2.go phase 2). Phase 1 decides at any depth whether the attacker
// forces the goal: depth-first proof-number search (df-pn, Nagai 2002,
// "Df-pn algorithm for searching AND/OR trees and its
// applications", PhD thesis, Univ. of Tokyo; dfpn.go) over one
// proof-number table per composition and goal (pntable.go, tables.go),
// with the endgame databases as leaves and repetitions handled as
// conditional disproofs (the graph-history interaction, see Prover). What
// df-pn leaves undecided in a small position, the exact local analysis
// (local.go) settles when the reachable set fits in memory: every
// reachable position enumerated and solved by retrograde propagation.
// 11.2.6 knows no length: any other winning first move is a full cook,
// and only an any-depth decision can say there is none.
//
// Phase 2 needs exact distances (the distance of every key, dual and
// try's refutation, and the shortest win tells the author's key from a
// cook): iterative deepening on the number of attacker moves with a
// transposition table of facts (search.go, tt.go; Popeye's approach for
// stipulations of a given length, KomoringHeights' MateLen bounds),
// bounded by the length of the proof phase 1 found, and reading phase 1's
// proofs and disproofs. Depth-bounded search needs no repetition
// handling: a shortest forced win never repeats a position. Positions
// phase 1 cannot decide are searched only to a bound, and the answer says
// so (Answer.Undecided, Answer.Bound). That bounded search gets rounds of
// growing node budgets (1, 8 and 32 per move, 64 for all together), each
// resuming from its own table: in a full 10x10 problem each move of bound
// costs 3-8x, and shortest + 4 takes 4-24M nodes per try. Before that, in
// a problem of at most 16 pieces, an open first move is also decided
// against the real win, without the problem finale rule (phase1.go):
// "never wins" there is a proof the rule's reading cannot give.
//
// Under the game draw rules (move-count rules) facts depend on the path,
// so phase 1 does not apply and the bounded search alone answers.
//
// Facts stored per position by phase 2 (tt.go): "the goal is forced
// within n attacker moves" (upper bound), "not forced within n" (lower
// bound), and "never forced" (hard). A result is "unknown" when the node
// or time budget runs out before a decision.
//
// # Determinism
//
// Phase 1 runs the first moves of a composition one after the other in a
// fixed order over its shared table; phase 2 gives each move its own
// table and node budget and only reads phase 1's table. So the same input
// gives the same answer and the same node counts for any number of
// threads; threads share out phase 2's moves and the compositions
// (golang.org/x/sync/errgroup). A time budget (--time) is the exception:
// what finishes in time depends on the machine, and the report says so.
package solver
