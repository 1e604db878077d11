package composition

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
	ms := retroLastMoves(p, draughts.Russian, 10)
	if len(ms) == 0 || !strings.Contains(strings.Join(ms, " "), "-f4") {
		t.Fatalf("Shoshin: %v", ms)
	}
	// Black man a7, White c7 and c5: a7 came from b8 (quiet) or by a
	// capture from c5 (occupied). On b8, the capture b8:d6 over c7 was
	// compulsory, so b8-a7 was illegal: no last move exists.
	q, _ := draughts.ParseFEN(draughts.Russian, "W:Wc7,c5:Ba7")
	if ms := retroLastMoves(q, draughts.Russian, 10); len(ms) != 0 {
		t.Fatalf("no legal last move expected, got %v", ms)
	}
}
