package finale_test

import (
	"testing"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/judge/finale"
	"draughtsjudge/solver"
)

// Scholma's problem (the embedded sample's fourth entry, 15 against 15)
// ends in B:W22,26,36,43,45:B3,12,14: Black to move, no shot, White two
// pieces up, won by the problem finale rule (margin 2, 11.2.7.1) and
// needing every white man (a man fewer is one piece up). With a sixth
// white man on 50 the same finale holds without it.
func TestScholmaFinale(t *testing.T) {
	g := solver.Win{MaterialMargin: 2}
	r := draughts.International
	fin, err := draughts.ParseFEN(r, "B:W22,26,36,43,45:B3,12,14")
	if err != nil {
		t.Fatal(err)
	}
	if done, d := finale.Distance(g, fin, r); !done || d != 0 {
		t.Fatalf("Distance of Scholma's finale = %v, %d; want fulfilled on the board (true, 0)", done, d)
	}
	if sq, ok := finale.Spare(g, fin, r); ok {
		t.Errorf("Spare of Scholma's finale = %s; want every white man needed", r.Board.Name(sq))
	}
	extra, err := draughts.ParseFEN(r, "B:W22,26,36,43,45,50:B3,12,14")
	if err != nil {
		t.Fatal(err)
	}
	fifty := draughts.NoSquare
	for _, sq := range extra.Pieces[draughts.White].Squares() {
		if r.Board.Name(sq) == "50" {
			fifty = sq
		}
	}
	if !finale.SameWin(g, g, extra, composition.Without(extra, fifty), r) {
		t.Errorf("the finale with a man on 50 is not the same win without it")
	}
	if _, ok := finale.Spare(g, extra, r); !ok {
		t.Errorf("Spare of the finale with a man on 50 found no spare white man")
	}
}
