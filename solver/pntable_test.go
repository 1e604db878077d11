package solver

import (
	"testing"

	"draughtsjudge/draughts"
)

// TestPNTablePacking stores positions whose pieces stand on the last
// squares of the ghost-square layout (46-50 on 10x10 are bits 49-53, next
// to the packed fields in bits 54-63) and reads them back through a grow:
// each keeps its own numbers, proof length and side to move, and a
// position differing only there is never taken for another.
func TestPNTablePacking(t *testing.T) {
	cases := []struct {
		r   *draughts.Rules
		fen string
	}{
		{draughts.International, "W:W46,47,48,49,50:B1,2,3,4,5"},
		{draughts.International, "B:W46,47,48,49,50:B1,2,3,4,5"},
		{draughts.International, "W:WK46,K50:BK45,K5"},
		{draughts.International, "W:WK46,K50:BK45,K4"},
		{draughts.International, "W:W6,K50:B45"},
		{draughts.Russian, "W:Wa1,c1,e1,g1:Bb8,d8,f8,h8"},
		{draughts.Russian, "B:WKa1,c1,e1,g1:Bb8,d8,f8,h8"},
	}
	tab := NewPNTable(64 << 20)
	var ps []draughts.Position
	for _, c := range cases {
		p, err := draughts.ParseFEN(c.r, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	for i := range ps {
		tab.store(&ps[i], uint32(i+1), uint32(100+i), uint32(1)<<uint(3*i), 7*i)
		tab.store(&ps[i], 0, pnInf, uint32(i), 1000+i) // proved: dist kept
	}
	wide := ps[0]
	wide.Pieces[0] |= 1 << 60 // a square no board has
	if tab.probe(&wide) != nil {
		t.Fatal("a position with a bit in the packed fields matched a stored one")
	}
	for len(tab.slots) < 1<<20 {
		tab.grow()
	}
	for i := range ps {
		e := tab.probe(&ps[i])
		if e == nil {
			t.Fatalf("%s: lost", draughts.FEN(&ps[i], cases[i].r))
		}
		if e.pn != 0 || e.dn != pnInf || e.dist() != 1000+i {
			t.Errorf("%s: pn %d dn %d dist %d, want 0 %d %d", draughts.FEN(&ps[i], cases[i].r), e.pn, e.dn, e.dist(), pnInf, 1000+i)
		}
		if q := e.position(); q != ps[i] {
			t.Errorf("entry %d holds %s, want %s", i, draughts.FEN(&q, cases[i].r), draughts.FEN(&ps[i], cases[i].r))
		}
	}
	// Saturation: a proof longer than the field holds, and more work.
	e := makeEntry(&ps[0], 0, pnInf, 1<<30, 5000)
	if e.dist() != pnDistMax || e.work() != pnWorkMax || !e.is(&ps[0]) {
		t.Errorf("saturated entry: dist %d work %d is %v", e.dist(), e.work(), e.is(&ps[0]))
	}
}
