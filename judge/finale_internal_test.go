package judge

import (
	"context"
	"draughtsjudge/internal/testflag"
	"draughtsjudge/judge/dual"
	"os"
	"testing"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/solver"
)

// readComposition reads the first composition of a testdata file.
func readComposition(t *testing.T, path string) *composition.Composition {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	games, errs := draughts.ReadPDN(path, data)
	if len(errs) > 0 || len(games) == 0 {
		t.Fatalf("%s: %v", path, errs)
	}
	c, err := composition.FromGame(path, 1, &games[0])
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// after plays moves from c's initial position.
func after(t *testing.T, c *composition.Composition, moves ...string) draughts.Position {
	t.Helper()
	p := c.Start
	for _, s := range moves {
		m, err := draughts.ParseMove(&p, c.Rules, s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		p = p.Play(m)
	}
	return p
}

// The problem finale rule (solver.Win, margin 2) on Zubov's No. 2
// (testdata/zubov-2.pdn, 10x10): its two lock finales are won (Black has
// no move); the false "full cook" 1.28-22 36x47 2.22x33 leaves Black a king
// on 47 against ten white men, which is no won finale whatever the count
// (a king is not one piece), and so is every finale where Black has a
// king, or can crown one with a quiet move (engine -22: before, only more
// kings than White's).
func TestProblemFinaleRule(t *testing.T) {
	c := readComposition(t, "../composition/testdata/zubov-2.pdn")
	g, err := Goal(c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if w, ok := g.(solver.Win); !ok || w.MaterialMargin != 2 {
		t.Fatalf("goal %#v, want the problem finale rule with margin 2", g)
	}
	r := c.Rules
	fen := func(s string) draughts.Position {
		p, err := draughts.ParseFEN(r, s)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	cook := after(t, c, "28-22", "36x47", "22x33")
	if cook.KingsOf(draughts.Black).Count() != 1 || cook.Pieces[draughts.White].Count() != 10 {
		t.Fatalf("after 1.28-22 36x47 2.22x33: %s", draughts.FEN(&cook, r))
	}
	for _, tc := range []struct {
		name string
		p    draughts.Position
		won  bool
	}{
		{"lock finale of the main line", after(t, c, "16-11", "36x47", "39-34", "47x6", "34x5", "27x49", "5x16", "6x50", "48-43", "49x21", "16x27", "35x44", "27-49"), true},
		{"lock finale after 5...35x44", after(t, c, "16-11", "36x47", "39-34", "47x6", "34x5", "27x49", "5x16", "6x50", "48-43", "35x44", "16-38"), true},
		{"1.28-22 36x47 2.22x33: a black king against ten men", cook, false},
		// Edited positions: a black king and a man against six white men,
		// Black to move, no capture: four pieces up, yet not won by rule.
		{"a black king against six men", fen("B:W45,46,47,48,49,50:B6,K5"), false},
		// A black man crowns with a quiet move (16... 46 is empty):
		// the rule does not count the finale as won.
		{"a quiet move crowns a black king", fen("B:W31,32,33,34,35,36:B41"), false},
		// Kings equal, the margin in men: no longer the rule's finale
		// (a black king on the long diagonal may hold; the rule leaves
		// every black king to the database or the search).
		{"kings equal, four men up", fen("B:W42,43,44,45,47,K50:B1,K5"), false},
		// No black king, four men up, no shot: the rule's finale.
		{"four men up, no king", fen("B:W42,43,44,45,47,48:B1,6"), true},
	} {
		if got := fulfilledBy(g, tc.p, r); got != tc.won {
			t.Errorf("%s (%s): won %v, want %v", tc.name, draughts.FEN(&tc.p, r), got, tc.won)
		}
	}
}

// Zubov No. 2 analysed: the key 16-11 as the source gives it, no full cook
// (the margin rule's false 1.28-22 is gone), the two lock finales
// accepted, and the king's alternative routes 6.16x32/38/43 … -49 for
// 6.16x27 … 27-49 are alternative moves (11.2.7.3). The verdict is the
// source's "sound" or, within this budget, unknown for first moves that a
// black king makes hard to refute — never defective.
func TestZubovNo2(t *testing.T) {
	testflag.Long(t)
	c := readComposition(t, "../composition/testdata/zubov-2.pdn")
	opt := Options{Solver: solver.Options{Budget: solver.Budget{Nodes: 300_000, TTBytes: 16 << 20}, MaxBound: 16, Threads: 2}}
	rep := Analyse(context.Background(), c, opt)
	if len(rep.Cooks) > 0 || len(rep.Keys) != 1 || rep.Keys[0] != "16-11" || rep.AuthorKey != "16-11" {
		t.Fatalf("keys %v (author %s), cooks %+v", rep.Keys, rep.AuthorKey, rep.Cooks)
	}
	if rep.Verdict == Defective {
		t.Fatalf("defective: %s", rep.Reason)
	}
	locks := map[string]bool{"B:W45,K49:B44,K50": false, "B:WK38,43,45:B44,K49,K50": false}
	for _, f := range rep.Finales {
		if _, ok := locks[f.FEN]; ok && f.Fulfilled {
			locks[f.FEN] = true
		}
	}
	for fen, ok := range locks {
		if !ok {
			t.Errorf("lock finale %s not accepted: %+v", fen, rep.Finales)
		}
	}
	for _, d := range rep.Duals {
		if d.Status != dual.Tolerated || d.Kind != dual.AlternativeMove {
			t.Errorf("dual %+v", d)
		}
	}
	t.Logf("verdict %s (%s); unique: %s", rep.Verdict, rep.Reason, rep.Check("unique").Detail)
}
