package dual

import (
	"testing"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
)

// Each kind of dual, on the smallest position that shows it; the kinds
// and what they mean are the rule's own (11.2.7.3, 11.3.8.5, 11.1.3).
func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		name          string
		r             *draughts.Rules
		fen           string
		author, dual  string
		reply, next   string
		authorD, dist int
		want          string
	}{
		// 11.3.8.5: a king's move to another square of the same diagonal.
		{"king quiet", draughts.Russian, "W:WKa1:Bh8", "a1-c3", "a1-e5", "", "", 3, 3, KingDiagonal},
		// 11.2.7.3: a king capture landing on another square of the
		// diagonal (37 taken, landing 28 or 19).
		{"king capture", draughts.International, "W:WK46:B37", "46x28", "46x19", "", "", 1, 1, KingDiagonal},
		// 11.2.7.3: the same man to the same square in other directions:
		// d6:f4:d2 takes e5, e3; d6:f8:h6:d2 takes e7, g7 and (crowned on
		// f8, 6.1.5.11) the e3 man on the way down.
		{"alternative capture", draughts.Russian, "W:Wd6:Be7,g7,e5,e3", "d6:f4:d2", "d6:f8:h6:d2", "", "", 1, 1, AlternativeCapture},
		// 11.2.7.3: c3-b4, h8-g7, b4-c5 against c3-d4, h8-g7, d4-c5.
		{"alternative move", draughts.Russian, "W:Wc3:Bh8", "c3-b4", "c3-d4", "h8-g7", "b4-c5", 3, 3, AlternativeMove},
		// Zubov No. 2 (composition/testdata/zubov-2.pdn) at move 6: the king 16 takes the king 21
		// landing on 38, then 38-49, for the author's 16x27 and 27-49.
		{"alternative move by captures", draughts.International, "W:WK16,40,45:BK21,35,K50", "16x27", "16x38", "35x44", "27-49", 2, 2, AlternativeMove},
		// The same two moves without the author's next move: no evidence.
		{"no continuation", draughts.Russian, "W:Wc3:Bh8", "c3-b4", "c3-d4", "h8-g7", "", 3, 3, Plain},
		// 11.3.8.5: one move longer.
		{"longer", draughts.Russian, "W:Wc3,e3:Bh8", "c3-b4", "e3-f4", "", "", 3, 4, Longer},
		{"plain", draughts.Russian, "W:Wc3,e3:Bh8", "c3-b4", "e3-f4", "", "", 3, 3, Plain},
		// Distances decide: the king's other square of the diagonal that
		// wins only in 27 moves where the author's wins in 4 is no
		// inaccuracy of 11.3.8.5, and a win sooner than the author's is
		// never one.
		{"king quiet, much longer", draughts.Russian, "W:WKa1:Bh8", "a1-c3", "a1-e5", "", "", 4, 27, Plain},
		{"king quiet, faster", draughts.Russian, "W:WKa1:Bh8", "a1-c3", "a1-e5", "", "", 4, 3, Faster},
		{"alternative capture, longer", draughts.Russian, "W:Wd6:Be7,g7,e5,e3", "d6:f4:d2", "d6:f8:h6:d2", "", "", 1, 3, Plain},
	} {
		p, err := draughts.ParseFEN(tc.r, tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		a, err := draughts.ParseMove(&p, tc.r, tc.author)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		d, err := draughts.ParseMove(&p, tc.r, tc.dual)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		x := Context{P: p, Author: a, Reply: tc.reply, Next: tc.next, AuthorDist: tc.authorD}
		if got := Classify(tc.r, x, d, tc.dist, false); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// How chapter XI judges each dual, genre by genre (Judge's doc gives
// the clauses).
func TestJudge(t *testing.T) {
	g := &draughts.Game{}
	task := &composition.Composition{Genre: composition.Task, Rules: draughts.Russian, Game: g}
	prob10 := &composition.Composition{Genre: composition.Problem, Rules: draughts.International, Game: g}
	prob8 := &composition.Composition{Genre: composition.Problem, Rules: draughts.Russian, Game: g}
	study := &composition.Composition{Genre: composition.Study, Rules: draughts.Russian, Game: g}
	for _, tc := range []struct {
		name string
		c    *composition.Composition
		kind string
		dist int
		at   Place
		want string
	}{
		{"task, same finale", task, Plain, 3, Place{Known: true, Same: true}, Tolerated},
		{"task, other finale", task, KingDiagonal, 3, Place{Known: true}, Partial},
		{"task, finale not reached", task, Plain, 3, Place{}, Undecided},
		{"task, before the branching", task, Plain, 3, Place{Main: true, Before: true, Known: true, Same: true}, Full},
		{"100-square problem, alternative move before the branching", prob10, AlternativeMove, 4, Place{Main: true, Before: true}, Tolerated},
		{"100-square problem, alternative capture", prob10, AlternativeCapture, 2, Place{Main: true}, Tolerated},
		{"100-square problem, closing king capture", prob10, KingDiagonal, 1, Place{Main: true}, Partial},
		{"100-square problem, dual in the thematic line", prob10, Longer, 3, Place{Main: true}, Partial},
		{"64-square problem, alternative capture", prob8, AlternativeCapture, 2, Place{Main: true}, Warning},
		{"64-square one-variation problem, plain dual", prob8, Plain, 2, Place{Main: true}, Partial},
		{"study, king diagonal", study, KingDiagonal, 3, Place{Main: true}, Warning},
		{"study, delay with repetition", study, Delay, 5, Place{Main: true}, Warning},
		{"study, second inaccuracy of the main line", study, Longer, 4, Place{Main: true, Second: true}, Partial},
		{"study, plain dual in the main line", study, Plain, 3, Place{Main: true}, Partial},
		{"study, faster dual in the main line", study, Faster, 2, Place{Main: true}, Partial},
		{"study, plain dual in the main line, lenient", study, Plain, 3, Place{Main: true, Lenient: true}, Warning},
		{"study, plain dual in a side variation", study, Plain, 3, Place{}, Demoted},
		{"study, plain dual in a side variation, lenient", study, Plain, 3, Place{Lenient: true}, Warning},
		{"study, before the branching, lenient", study, Plain, 3, Place{Main: true, Before: true, Lenient: true}, Full},
		{"study, before the branching", study, KingDiagonal, 3, Place{Main: true, Before: true}, Full},
		{"study, a single white piece", study, Plain, 3, Place{Main: true, Before: true, Single: true}, Tolerated},
	} {
		if got, clause, note := Judge(tc.c, tc.kind, tc.dist, tc.at); got != tc.want || note == "" || clause == "" {
			t.Errorf("%s: %v (%s: %s), want %v", tc.name, got, clause, note, tc.want)
		}
	}
}
