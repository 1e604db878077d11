package solver

import (
	"testing"

	"draughtsjudge/draughts"
)

// Clause 8.1: in giveaway the side left without a move wins. Each goal
// judged on hand-made end positions (White attacking).
func TestGiveawayGoalsAtTheEnd(t *testing.T) {
	r := draughts.RussianGiveaway
	cases := []struct {
		fen  string
		goal Goal
		want Status
	}{
		{"W:W:Bh8", Giveaway{}, Done},                  // White has given every piece away
		{"W:W:Bh8", Giveaway{All: true}, Done},         // and so "all"
		{"W:Wa7:Bb8", Giveaway{}, Done},                // White to move, a7 blocked by b8
		{"W:Wa7:Bb8", Giveaway{All: true}, Failed},     // blocked, not given away
		{"W:Wa7:Bb8", GiveawayLock{Men: 1}, Done},      // exactly one white man locked
		{"W:Wa7:Bb8", GiveawayLock{Kings: 1}, Failed},  // a man, not a king
		{"B:Wc3:B", Giveaway{}, Failed},                // Black to move without pieces: Black won
		{"W:Wc3:Bh8", Giveaway{}, Open},                // play goes on
		{"W:Wc3,e3:Bh8", GiveawayLock{Men: 3}, Failed}, // White never gets a third man
		{"W:Wa7:Bb8", Draw{}, Done},                    // a draw at least: White has won
		{"B:Wa7:Bh2", Lock{Men: 1}, Open},              // (ordinary lock goal unchanged)
	}
	for _, tc := range cases {
		p, err := draughts.ParseFEN(r, tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		var ml draughts.MoveList
		draughts.Generate(&p, r, &ml)
		if st, _ := tc.goal.Eval(p, r, draughts.White, &ml); st != tc.want {
			t.Errorf("%s %s: %d, want %d", tc.fen, tc.goal.ID(), st, tc.want)
		}
	}
}

// W:Wa3,c3:Bf2 (russian-giveaway): 1.a3-b4 forces Black to crown, and
// either king must take both white men on White's second move (worked out
// in composition/special_test.go): White gives everything away in 2, also
// under the move-count rules, and after the key the distance is 1 (the
// defender's capture fulfils the goal with no White move left).
func TestGiveawayAllInTwo(t *testing.T) {
	r := draughts.RussianGiveaway
	p := mustFEN(t, r, "W:Wa3,c3:Bf2")
	m, err := draughts.ParseMove(&p, r, "a3-b4")
	if err != nil {
		t.Fatal(err)
	}
	q := p.Play(m)
	for _, game := range []bool{false, true} {
		s := NewSearcher(r, Giveaway{All: true}, draughts.White, Budget{Nodes: 100_000, TTBytes: 1 << 20})
		if game {
			s.SetDrawRules(Game)
		}
		if o, d := s.Distance(&p, 4); o != Proved || d != 2 {
			t.Errorf("game=%v: %v in %d, want proved in 2", game, o, d)
		}
		s.StartAfter(&p, m)
		if o, d := s.Distance(&q, 1); o != Proved || d != 1 {
			t.Errorf("game=%v after a3-b4: %v in %d, want proved in 1", game, o, d)
		}
	}
}
