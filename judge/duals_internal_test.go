package judge

import (
	"testing"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/solver"
)

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
		if got := c.FirstBranch(); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.moves, got, tc.want)
		}
	}
}
