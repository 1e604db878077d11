package judge

import (
	"testing"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/solver"
)

// Each kind of dual, on the smallest position that shows it; the kinds
// and what they mean are the rule's own (11.2.7.3, 11.3.8.5, 11.1.3).
func TestClassifyDual(t *testing.T) {
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
		{"king quiet", draughts.Russian, "W:WKa1:Bh8", "a1-c3", "a1-e5", "", "", 3, 3, DualKingDiagonal},
		// 11.2.7.3: a king capture landing on another square of the
		// diagonal (37 taken, landing 28 or 19).
		{"king capture", draughts.International, "W:WK46:B37", "46x28", "46x19", "", "", 1, 1, DualKingDiagonal},
		// 11.2.7.3: the same man to the same square in other directions:
		// d6:f4:d2 takes e5, e3; d6:f8:h6:d2 takes e7, g7 and (crowned on
		// f8, 6.1.5.11) the e3 man on the way down.
		{"alternative capture", draughts.Russian, "W:Wd6:Be7,g7,e5,e3", "d6:f4:d2", "d6:f8:h6:d2", "", "", 1, 1, DualAlternativeCapture},
		// 11.2.7.3: c3-b4, h8-g7, b4-c5 against c3-d4, h8-g7, d4-c5.
		{"alternative move", draughts.Russian, "W:Wc3:Bh8", "c3-b4", "c3-d4", "h8-g7", "b4-c5", 3, 3, DualAlternativeMove},
		// Zubov No. 2 (testdata/zubov-2.pdn) at move 6: the king 16 takes the king 21
		// landing on 38, then 38-49, for the author's 16x27 and 27-49.
		{"alternative move by captures", draughts.International, "W:WK16,40,45:BK21,35,K50", "16x27", "16x38", "35x44", "27-49", 2, 2, DualAlternativeMove},
		// The same two moves without the author's next move: no evidence.
		{"no continuation", draughts.Russian, "W:Wc3:Bh8", "c3-b4", "c3-d4", "h8-g7", "", 3, 3, DualPlain},
		// 11.3.8.5: one move longer.
		{"longer", draughts.Russian, "W:Wc3,e3:Bh8", "c3-b4", "e3-f4", "", "", 3, 4, DualLonger},
		{"plain", draughts.Russian, "W:Wc3,e3:Bh8", "c3-b4", "e3-f4", "", "", 3, 3, DualPlain},
		// Distances decide: the king's other square of the diagonal that
		// wins only in 27 moves where the author's wins in 4 is no
		// inaccuracy of 11.3.8.5, and a win sooner than the author's is
		// never one.
		{"king quiet, much longer", draughts.Russian, "W:WKa1:Bh8", "a1-c3", "a1-e5", "", "", 4, 27, DualPlain},
		{"king quiet, faster", draughts.Russian, "W:WKa1:Bh8", "a1-c3", "a1-e5", "", "", 4, 3, DualFaster},
		{"alternative capture, longer", draughts.Russian, "W:Wd6:Be7,g7,e5,e3", "d6:f4:d2", "d6:f8:h6:d2", "", "", 1, 3, DualPlain},
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
		x := dualContext{p: p, author: a, reply: tc.reply, next: tc.next, authorDist: tc.authorD}
		if got := classifyDual(tc.r, x, d, tc.dist, false); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// How chapter XI judges each dual, genre by genre (judgeDual's doc gives
// the clauses).
func TestJudgeDual(t *testing.T) {
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
		at   dualPlace
		want string
	}{
		{"task, same finale", task, DualPlain, 3, dualPlace{known: true, same: true}, DualTolerated},
		{"task, other finale", task, DualKingDiagonal, 3, dualPlace{known: true}, DualPartial},
		{"task, finale not reached", task, DualPlain, 3, dualPlace{}, DualUndecided},
		{"task, before the branching", task, DualPlain, 3, dualPlace{main: true, before: true, known: true, same: true}, DualFull},
		{"100-square problem, alternative move before the branching", prob10, DualAlternativeMove, 4, dualPlace{main: true, before: true}, DualTolerated},
		{"100-square problem, alternative capture", prob10, DualAlternativeCapture, 2, dualPlace{main: true}, DualTolerated},
		{"100-square problem, closing king capture", prob10, DualKingDiagonal, 1, dualPlace{main: true}, DualPartial},
		{"100-square problem, dual in the thematic line", prob10, DualLonger, 3, dualPlace{main: true}, DualPartial},
		{"64-square problem, alternative capture", prob8, DualAlternativeCapture, 2, dualPlace{main: true}, DualWarning},
		{"64-square one-variation problem, plain dual", prob8, DualPlain, 2, dualPlace{main: true}, DualPartial},
		{"study, king diagonal", study, DualKingDiagonal, 3, dualPlace{main: true}, DualWarning},
		{"study, delay with repetition", study, DualDelay, 5, dualPlace{main: true}, DualWarning},
		{"study, second inaccuracy of the main line", study, DualLonger, 4, dualPlace{main: true, second: true}, DualPartial},
		{"study, plain dual in the main line", study, DualPlain, 3, dualPlace{main: true}, DualPartial},
		{"study, faster dual in the main line", study, DualFaster, 2, dualPlace{main: true}, DualPartial},
		{"study, plain dual in the main line, lenient", study, DualPlain, 3, dualPlace{main: true, lenient: true}, DualWarning},
		{"study, plain dual in a side variation", study, DualPlain, 3, dualPlace{}, DualDemoted},
		{"study, plain dual in a side variation, lenient", study, DualPlain, 3, dualPlace{lenient: true}, DualWarning},
		{"study, before the branching, lenient", study, DualPlain, 3, dualPlace{main: true, before: true, lenient: true}, DualFull},
		{"study, before the branching", study, DualKingDiagonal, 3, dualPlace{main: true, before: true}, DualFull},
		{"study, a single white piece", study, DualPlain, 3, dualPlace{main: true, before: true, single: true}, DualTolerated},
	} {
		if got, clause, note := judgeDual(tc.c, tc.kind, tc.dist, tc.at); got != tc.want || note == "" || clause == "" {
			t.Errorf("%s: %v (%s: %s), want %v", tc.name, got, clause, note, tc.want)
		}
	}
}

// 11.1.3 on the finales of Valter's task (testdata/valter-task.pdn): a
// dual that ends in the author's lock is tolerated; one whose lock keeps
// an idle white king, or locks another square, is a partial cook.
func TestSameLock(t *testing.T) {
	r := draughts.Russian
	w := &walker{r: r, goal: solver.Lock{Men: 1}, attacker: draughts.White}
	fen := func(s string) *draughts.Position {
		p, err := draughts.ParseFEN(r, s)
		if err != nil {
			t.Fatal(err)
		}
		return &p
	}
	author := fen("B:WKb2,Kc1:Ba3")
	if ok, how := w.sameLock(fen("B:WKb2,Kc1:Ba3"), author); !ok {
		t.Errorf("same finale refused: %s", how)
	}
	if ok, how := w.sameLock(fen("B:WKb2,Kc1,Kh2:Ba3"), author); ok || how == "" {
		t.Errorf("uneconomical finale accepted: %s", how)
	}
	if ok, how := w.sameLock(fen("B:Wg7,Kf6:Bh8"), author); ok || how == "" {
		t.Errorf("other finale accepted: %s", how)
	}
}

// 11.2.6 "before the branching into thematic variations": Shoshin's study
// branches at Black's first reply (1...f4-g3 / 1...f4-e3), ply 1; a
// one-line solution never branches, so the rule does not apply (-1).
func TestFirstBranch(t *testing.T) {
	for _, tc := range []struct {
		moves string
		want  int
	}{
		{"1. a5-b4 f4-g3 (1... f4-e3 2. b4-e1) 2. b4-c5 *", 1},
		{"1. a5-b4 (1. a5-c3? f4-g3) f4-g3 2. b4-c5 *", -1},
		{"1. a5-b4 f4-g3 2. b4-c5 *", -1},
	} {
		games, errs := draughts.ReadPDN("t.pdn", []byte("[GameType \"25\"]\n[FEN \"W:WKa5,a3:Ba7,f4\"]\n[Genre \"study\"]\n"+tc.moves+"\n"))
		if len(errs) > 0 || len(games) != 1 {
			t.Fatalf("%v", errs)
		}
		c, err := composition.FromGame("t.pdn", 1, &games[0])
		if err != nil {
			t.Fatal(err)
		}
		if got := firstBranch(c); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.moves, got, tc.want)
		}
	}
}
