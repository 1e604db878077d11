package solver

import (
	"testing"

	"draughtsjudge/draughts"
)

// The initial numbers: the material balance read from published
// positions (counted by hand from their FEN), and df-pn+'s numbers
// wherever the balance is the root's.
func TestInitNumbers(t *testing.T) {
	r := draughts.International
	for _, c := range []struct {
		fen  string
		want int // White's lead in men, a king worth kingValue
	}{
		{"W:W22,27,28,29,37,50:B9,10,12,15,16,40", 0}, // published-3 No. 1, 6 v 6 men
		{"W:WK3,22,27,31,50:B15,16,40,K47", 1},        // its introduction's end: K+4 v K+3
		{"B:WK5,30,39,44,50:B7,16,18,28,29,33", 1},    // published-3 No. 2 after 3...9x20 4.25x5: K+4 v 6
	} {
		p, err := draughts.ParseFEN(r, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := balance(&p, draughts.White); got != c.want {
			t.Errorf("%s: balance %d, want %d", c.fen, got, c.want)
		}
		if got := balance(&p, draughts.Black); got != -c.want {
			t.Errorf("%s: Black's balance %d, want %d", c.fen, got, -c.want)
		}
		n := uint32(len(draughts.LegalMoves(&p, r)))
		pn, dn := initNumbers(&p, draughts.White, c.want, n)
		if p.Side == draughts.White && (pn != 1 || dn != n) || p.Side == draughts.Black && (pn != n || dn != 1) {
			t.Errorf("%s at its own balance: pn %d dn %d, want df-pn+'s (n = %d)", c.fen, pn, dn, n)
		}
		// One man less than the root: twice as hard to prove; one more:
		// twice as hard to disprove.
		pn2, dn2 := initNumbers(&p, draughts.White, c.want+1, n)
		pn3, dn3 := initNumbers(&p, draughts.White, c.want-1, n)
		if pn2 != 2*pn || dn2 != dn || pn3 != pn || dn3 != 2*dn {
			t.Errorf("%s: a man down %d/%d, a man up %d/%d, from %d/%d", c.fen, pn2, dn2, pn3, dn3, pn, dn)
		}
	}
}
