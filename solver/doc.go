// Package solver is draughtsjudge's exhaustive AND/OR search: the side
// that must fulfil the stipulation (the attacker, White in every main kind
// of composition, 11.1.3) against every defence.
//
// # Algorithm
//
// Iterative deepening on the number of attacker moves, with a
// transposition table of facts (Popeye's approach for stipulations of a
// given length; KomoringHeights' MateLen bounds for the table). We chose it
// over df-pn (Nagai 2002, "Df-pn algorithm for searching AND/OR trees and
// its applications", PhD thesis, University of Tokyo) because the answers a
// composition judge needs are length-exact: the distance of every key, of
// every dual and of every try's refutation, and the shortest win decides
// which of two keys is the author's and which a cook. Iterative deepening
// gives the exact minimum at each node; df-pn gives a proof of some length
// and must be re-run with length bounds to get the same. Depth-bounded
// search also needs no repetition handling: a shortest forced win never
// repeats a position, and bounded depth makes every search finite, so the
// table's facts are path-independent (no graph-history interaction).
//
// Facts stored per position (tt.go): "the goal is forced within n attacker
// moves" (upper bound), "not forced within n" (lower bound), and "never
// forced" (hard: every line ends in a terminal position that fails the
// goal, or the endgame database says so). A result is "unknown" when the
// node or time budget runs out or when no win was found within the depth
// bound and the failure is not hard.
//
// # Determinism
//
// Each search owns its table and its node budget (per first move), so the
// same input gives the same answer and the same node counts for any number
// of threads; threads only share out first moves and compositions
// (golang.org/x/sync/errgroup). A time budget (--time) is the exception:
// what finishes in time depends on the machine, and the report says so.
package solver
