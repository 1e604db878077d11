package judge_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"draughtsjudge/composition"
	"draughtsjudge/corpus"
	"draughtsjudge/judge"
)

// lascaComposition reads the first composition of a Lasca PDN file.
func lascaComposition(t *testing.T, file string) *composition.Composition {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	es := corpus.Parse(file, data)
	if len(es) == 0 || es[0].Err != nil {
		t.Fatalf("%s: %v", file, es)
	}
	return es[0].Composition
}

// TestLascaProblem checks the composed Lasca problem of
// testdata/lasca-problem.pdn end to end (W:Wa1,d2:Bd4,c5, White to move
// and win, 004 §2.4: the opponent is left without a move). The solution,
// by hand:
//
//   - 1.d2-c3! offers the man: Black must capture (004 §2.4, Russian
//     6.1.5), and the only capture is d4:b2 (the man on c5 has no white
//     column next to it). b2 is now a column, black man over white man.
//   - 2.a1:c3! the a1 man jumps b2 and takes its black commander: the white
//     man under it is free on b2, and the column on c3 is white man over
//     black man. Black has the c5 man only, and no capture: c5-b4 or
//     c5-d4, both next to c3.
//   - 3.c3:a5 (after c5-b4) or 3.c3:e5 (after c5-d4), the only capture each
//     time: the last black piece is a prisoner, Black commands no column
//     and has no move. White wins in 3.
//
// The other first moves fail: 1.d2-e3? d4:f2 (the black man takes and
// then crowns on e1 or g1 next), 1.a1-b2? c5-b4!. That they fail at any
// depth, and that the win is in exactly 3 with no second White move
// winning anywhere on the main line, is confirmed by the reference
// generator's own exact solver (draughts/lasca/problem_test.go).
func TestLascaProblem(t *testing.T) {
	c := lascaComposition(t, "../composition/testdata/lasca-problem.pdn")
	if c.Lasca == nil || c.Rules.ID != "lasca" {
		t.Fatalf("not read as Lasca: %+v", c.Rules)
	}
	rep := judge.Analyse(context.Background(), c, opts())
	if rep.Verdict != judge.Sound {
		t.Fatalf("verdict %s (%s): %+v", rep.Verdict, rep.Reason, rep.Checks)
	}
	if strings.Join(rep.Keys, " ") != "d2-c3" || rep.Distance != 3 || rep.AuthorKey != "d2-c3" {
		t.Errorf("keys %v distance %d author key %s, want d2-c3 in 3", rep.Keys, rep.Distance, rep.AuthorKey)
	}
	want := map[string]judge.Status{
		"legal": judge.Pass, "quiet-key": judge.Pass, "solvable": judge.Pass,
		"unique": judge.Pass, "author-solution": judge.Pass,
		"genre": judge.NotApplicable, "problem-balance": judge.NotApplicable,
		"economy-construction": judge.NotApplicable, "economy-finale": judge.NotApplicable,
		"exact-lock": judge.NotApplicable, "draw-rules": judge.NotApplicable,
	}
	for id, st := range want {
		if ch := check(rep, id); ch.Status != st || ch.Detail == "" {
			t.Errorf("[%s] = %s %q, want %s with a reason", id, ch.Status, ch.Detail, st)
		}
	}
	if d := check(rep, "solvable").Detail; !strings.Contains(d, "c5-b4 c3:a5: Black has no move") || !strings.Contains(d, "c5-d4 c3:e5: Black has no move") {
		t.Errorf("solvable detail %q: want the finales named", d)
	}
	tries := map[string]string{}
	for _, tr := range rep.Tries {
		var refs []string
		for _, r := range tr.Refutations {
			refs = append(refs, r.Move)
		}
		tries[tr.Move] = strings.Join(refs, " ")
		if !tr.RefutationsComplete {
			t.Errorf("try %s: the Lasca graph decides every defence, but the list is not marked complete", tr.Move)
		}
	}
	if len(tries) != 2 || !strings.Contains(tries["d2-e3"], "d4:f2") || !strings.Contains(tries["a1-b2"], "c5-b4") {
		t.Errorf("tries %v, want d2-e3 refuted by d4:f2 and a1-b2 by c5-b4", tries)
	}
	if len(rep.Duals) != 0 || len(rep.Cooks) != 0 {
		t.Errorf("duals %v cooks %v", rep.Duals, rep.Cooks)
	}
	rep.ApplyScore(nil)
	if !strings.Contains(rep.ScoreNote, "not for Lasca") {
		t.Errorf("score note %q", rep.ScoreNote)
	}
}

// TestLascaCookedAndDraw: a Lasca entry with a second key is defective on
// [unique]; a draw stipulation is solved, a locking one refused plainly.
//
// W:Wc3:Bd6: 1.c3-d4 wins in 2 (d6-c5 or d6-e5 2.d4:b6 / d4:f6, Black
// commands nothing), and 1.c3-b4 wins too: 1...d6-c5 2.b4:d6 at once,
// else 1...d6-e5 and White's man goes on (the longer win is the
// reference solver's, draughts/lasca/problem_test.go).
func TestLascaCookedAndDraw(t *testing.T) {
	parse := func(pdn string) *composition.Composition {
		es := corpus.Parse("t.pdn", []byte(pdn))
		if len(es) != 1 || es[0].Err != nil {
			t.Fatalf("%v", es)
		}
		return es[0].Composition
	}
	rep := judge.Analyse(context.Background(), parse("[Variant \"lasca\"]\n[FEN \"W:Wc3:Bd6\"]\n1. c3-d4 d6-c5 2. d4:b6 *\n"), opts())
	if rep.Verdict != judge.Defective || check(rep, "unique").Status != judge.Fail || len(rep.Cooks) != 1 || rep.Cooks[0].Move != "c3-b4" {
		t.Errorf("cooked: %s %+v cooks %+v", rep.Verdict, check(rep, "unique"), rep.Cooks)
	}
	// Draws. W:Wc3:Bd6: both first moves win (above), so both hold the
	// draw: two drawing keys, a full cook of a draw. W:Wc3:Ba5,e5: 1.c3-b4
	// a5:c3 and 1.c3-d4 e5:c3 take White's only piece, White has no move
	// and loses (004 §2.4): the draw is refuted.
	rep = judge.Analyse(context.Background(), parse("[Variant \"lasca\"]\n[Stipulation \"draw\"]\n[FEN \"W:Wc3:Bd6\"]\n*\n"), opts())
	if ch := check(rep, "solvable"); ch.Status != judge.Pass || strings.Join(rep.Keys, " ") != "c3-b4 c3-d4" {
		t.Errorf("draw: %s %+v keys %v", rep.Verdict, ch, rep.Keys)
	}
	rep = judge.Analyse(context.Background(), parse("[Variant \"lasca\"]\n[Stipulation \"draw\"]\n[FEN \"W:Wc3:Ba5,e5\"]\n*\n"), opts())
	if ch := check(rep, "solvable"); ch.Status != judge.Fail || len(rep.Tries) != 2 {
		t.Errorf("lost draw: %s %+v tries %+v", rep.Verdict, ch, rep.Tries)
	}
	es := corpus.Parse("t.pdn", []byte("[Variant \"lasca\"]\n[Stipulation \"lock 1 men\"]\n[FEN \"W:Wa1:Bg7\"]\n*\n"))
	if len(es) != 1 || es[0].Err == nil || !strings.Contains(es[0].Err.Error(), "not defined for Lasca") {
		t.Errorf("lock: %v", es)
	}
}
