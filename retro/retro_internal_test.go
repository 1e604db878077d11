package retro

import (
	"strings"
	"testing"

	"draughtsjudge/draughts"
)

// Retro-analysis (11.2.2): Shoshin's study (W Ka5, a3; B a7, f4, White
// to move) has quiet last moves for Black; a position where Black's only
// possible last move would have ignored a compulsory capture has none.
func TestRetroLastMoves(t *testing.T) {
	p, _ := draughts.ParseFEN(draughts.Russian, "W:WKa5,a3:Ba7,f4")
	ms := LastMoves(p, draughts.Russian, 10)
	if len(ms) == 0 || !strings.Contains(strings.Join(ms, " "), "-f4") {
		t.Fatalf("Shoshin: %v", ms)
	}
	// Black man a7, White c7 and c5: a7 came from b8 (quiet) or by a
	// capture from c5 (occupied). On b8, the capture b8:d6 over c7 was
	// compulsory, so b8-a7 was illegal: no last move exists.
	q, _ := draughts.ParseFEN(draughts.Russian, "W:Wc7,c5:Ba7")
	if ms := LastMoves(q, draughts.Russian, 10); len(ms) != 0 {
		t.Fatalf("no legal last move expected, got %v", ms)
	}
}

// A last move that must have been a multi-capture (international): in
// W:W16,39,40:B8,45 Black's man on 45 can take two men (45x43 over 40 and
// 39), and that capture was there before Black's last move too, so by the
// majority rule Black's last move took at least two pieces — no quiet
// move and no single capture leads here. The un-move search finds one:
// the predecessor has two more white pieces and the move is a capture.
func TestRetroMultiCapture(t *testing.T) {
	r := draughts.International
	p, err := draughts.ParseFEN(r, "W:W16,39,40:B8,45")
	if err != nil {
		t.Fatal(err)
	}
	steps := Steps(p, r, 6)
	if len(steps) == 0 {
		t.Fatal("no last move found")
	}
	for _, st := range steps {
		if got := st.Before.Pieces[draughts.White].Count(); got < 5 || !strings.Contains(st.Move, "x") {
			t.Errorf("last move %s restores %d white pieces, want a capture of 2 or more", st.Move, got-3)
		}
	}
}
