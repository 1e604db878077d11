package judge

import (
	"testing"

	"draughtsjudge/draughts"
)

// 11.3.7.6: 1:2, 1:1:2, 2:3:4 ideal; 1:3:4, 2:2:4:5 economical; 1:3,
// 1:2:4 uneconomical; two options taking the most is a real choice.
func TestClassifyChoice(t *testing.T) {
	for _, tc := range []struct {
		counts []int
		want   string
	}{
		{[]int{1, 2}, "ideal"}, {[]int{1, 1, 2}, "ideal"}, {[]int{2, 3, 4}, "ideal"},
		{[]int{1, 3, 4}, "economical"}, {[]int{2, 2, 4, 5}, "economical"},
		{[]int{1, 3}, "uneconomical"}, {[]int{1, 2, 4}, "uneconomical"},
		{[]int{2, 2}, ""},
	} {
		if got := classifyChoice(tc.counts); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.counts, got, tc.want)
		}
	}
}

// 11.3.7.6: a black capture along one diagonal (35x13 over 30 and 19) is
// "in one direction"; one that turns (35x15 over 30 and 20) is not.
func TestStraightCapture(t *testing.T) {
	r := draughts.International
	for _, tc := range []struct {
		fen  string
		want bool
	}{{"B:W30,19:B35", true}, {"B:W30,20:B35", false}} {
		p, err := draughts.ParseFEN(r, tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		ms := draughts.LegalMoves(&p, r)
		if len(ms) != 1 || ms[0].Captured.Count() != 2 {
			t.Fatalf("%s: moves %v", tc.fen, draughts.MoveStrings(&p, r, ms))
		}
		if got := straight(r.Board, ms[0]); got != tc.want {
			t.Errorf("%s %s: straight %v, want %v", tc.fen, draughts.MoveString(&p, r, ms[0]), got, tc.want)
		}
	}
}
