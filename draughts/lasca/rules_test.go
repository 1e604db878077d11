package lasca

import (
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"

	"draughtsjudge/draughts"
)

// TestRules checks each rule of the package doc on a position made for
// it: the legal moves (MoveString, sorted) and the position after the
// first of them.
func TestRules(t *testing.T) {
	cases := []struct {
		rule, fen string
		moves     []string
		after     string // FEN after moves[0]; "" = not checked
		lost      bool   // the side to move has lost after moves[0]
	}{
		{"004 §2.3: a capture takes the top piece and puts it under; the rest stays and its top owns it",
			"W:Wc3:Bd4(bw)", []string{"c3:e5"}, "B:Wd4,e5(wb):B", true},
		{"004 §2.4.1: a man captures forward only",
			"W:Wc3:Bb2,d4", []string{"c3:e5"}, "B:We5(wb):Bb2", false},
		{"004 §2.4.1: a man moves forward only",
			"W:Wc3:Bg7", []string{"c3-b4", "c3-d4"}, "", false},
		{"004 §2.4.1: a king moves and captures one square in every direction",
			"W:WKd4:Bc3,g7", []string{"d4:b2"}, "B:Wb2(Wb):Bg7", false},
		{"004 §2.4.1: a king is short: it does not fly",
			"W:WKd4:Bb2,g7", []string{"d4-c3", "d4-c5", "d4-e3", "d4-e5"}, "", false},
		{"Lasker: a column is jumped once per move, though its new top is again the opponent's",
			"W:WKc3:Bd4(bb)", []string{"c3:e5"}, "B:We5(Wb):Bd4", false},
		{"capture is compulsory, free choice (no majority rule)",
			"W:Wa3,e3:Bb4,d4,f4(bb),d6", []string{"a3:e7", "e3:e7", "e3:g5"}, "B:We3,e7(Wbb):Bd4,f4(bb)", false},
		{"a capture sequence must be completed",
			"W:Wa1:Bb2,d4,f6(bw)", []string{"a1:g7"}, "B:Wf6,g7(Wbbb):B", true},
		{"004 §2.4.2: a man reaching the last row in a capture stops there, promoted",
			"W:Wc5:Bd6,f6", []string{"c5:e7"}, "B:We7(Wb):Bf6", false},
		{"004 §2.4.2: promotion by a quiet move; only the commander is promoted",
			"W:Wb6(wbb):Bg5", []string{"b6-a7", "b6-c7"}, "B:Wa7(Wbb):Bg5", false},
		{"pieces keep their rank inside a column: a captured king is a king when freed",
			"B:Wd4(wB):Be5", []string{"e5:c3"}, "W:W:Bc3(bw),Kd4", true},
		{"same position by two paths: one move",
			"W:WKc3:Bd4,f4,f2,d2", []string{"c3:c3"}, "B:Wc3(Wbbbb):B", true},
		{"same ends, prisoners in another order: two moves, written with their paths",
			"W:WKc3:Bd4,Kf4,f2,d2", []string{"c3:e1:g3:e5:c3", "c3:e5:g3:e1:c3"}, "", true},
		{"blocked: the side to move has lost",
			"W:Wb6:Ba7,c7(bw)", nil, "", false},
		{"no columns: the side to move has lost",
			"W:W:Bd4", nil, "", false},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Errorf("%s: %v", c.rule, err)
			continue
		}
		ms := LegalMoves(&p)
		got := MoveStrings(&p, ms)
		if len(got) == 0 {
			got = nil
		}
		if !reflect.DeepEqual(got, c.moves) {
			t.Errorf("%s: %s: moves %v, want %v", c.rule, c.fen, got, c.moves)
			continue
		}
		if c.moves == nil {
			if !Lost(&p) {
				t.Errorf("%s: %s: not lost", c.rule, c.fen)
			}
			continue
		}
		m, err := ParseMove(&p, c.moves[0])
		if err != nil {
			t.Errorf("%s: %v", c.rule, err)
			continue
		}
		q := p.Play(m)
		if c.after != "" && FEN(&q) != c.after {
			t.Errorf("%s: after %s: %s, want %s", c.rule, c.moves[0], FEN(&q), c.after)
		}
		if Lost(&q) != c.lost {
			t.Errorf("%s: after %s: lost = %v, want %v", c.rule, c.moves[0], !c.lost, c.lost)
		}
	}
}

// TestNotationRoundTrip writes every legal move of positions reached by
// random play and reads it back; the full path and the 004 style with only
// the squares where the direction changes must read back too.
func TestNotationRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 2026))
	var ml MoveList
	n := 0
	for game := 0; game < 60; game++ {
		p := Start()
		if game%2 == 1 {
			p = randomPosition(rng)
		}
		for ply := 0; ply < 60; ply++ {
			Generate(&p, &ml)
			if ml.N == 0 {
				break
			}
			for _, m := range ml.Slice() {
				n++
				s := MoveString(&p, m)
				if got, err := ParseMove(&p, s); err != nil || got != m {
					t.Fatalf("%s: %s reads back as %v, %v", FEN(&p), s, got, err)
				}
				for _, path := range Paths(&p, m) {
					full := pathString(path)
					if got, err := ParseMove(&p, strings.ReplaceAll(full, ":", "x")); err != nil || got != m {
						t.Fatalf("%s: full path %s reads back as %v, %v", FEN(&p), full, got, err)
					}
				}
			}
			p = p.Play(ml.Moves[rng.IntN(ml.N)])
		}
	}
	if n < 1000 {
		t.Errorf("only %d moves checked", n)
	}
	p := Start()
	for _, bad := range []string{"c3", "c3-c4", "a3-b4-c5", "b2-c3", "c3:e5", "z9-a1"} {
		if _, err := ParseMove(&p, bad); err == nil {
			t.Errorf("ParseMove(%q) accepted", bad)
		}
	}
	if m, err := ParseMove(&p, "9-12"); err != nil || MoveString(&p, m) != "c3-b4" {
		t.Errorf("numeric 9-12: %v, %v", m, err)
	}
}

// TestReplay replays the Lasca games of testdata/lasca-games.pdn: the
// example game of 004 §2.3 and a short game of ours, each ply legal.
func TestReplay(t *testing.T) {
	data, err := os.ReadFile("testdata/lasca-games.pdn")
	if err != nil {
		t.Fatal(err)
	}
	games, errs := draughts.ReadPDN("lasca-games.pdn", data)
	if len(errs) > 0 || len(games) != 2 {
		t.Fatalf("%d games, errors %v", len(games), errs)
	}
	wantPlies := []int{53, 10}
	for i := range games {
		g := &games[i]
		if !IsGame(g) {
			t.Fatalf("game %d: not a Lasca game", i+1)
		}
		p, err := GameStart(g)
		if err != nil {
			t.Fatal(err)
		}
		plies := 0
		errs := Replay("lasca-games.pdn", g.Moves, p, func(b *Position, ply *draughts.Ply, m Move) {
			plies++
			if b.Valid() != nil {
				t.Errorf("game %d: %s: %v", i+1, ply.Text, b.Valid())
			}
		})
		if len(errs) > 0 {
			t.Errorf("game %d: %v", i+1, errs)
		}
		if wantPlies[i] > 0 && plies < wantPlies[i] {
			t.Errorf("game %d: %d plies replayed, want at least %d", i+1, plies, wantPlies[i])
		}
	}
	bad := "[Variant \"lasca\"]\n\n1. c3-d4 e5:c3 2. b2:d4 g7-f6 3. d4:f6 *\n"
	games, _ = draughts.ReadPDN("bad.pdn", []byte(bad))
	errs = Replay("bad.pdn", games[0].Moves, Start(), nil)
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "bad.pdn:3:25: move 2... g7-f6: illegal") {
		t.Errorf("illegal move: %v", errs)
	}
}
