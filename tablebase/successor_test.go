package tablebase

import (
	"context"
	"testing"

	"draughtsjudge/draughts"
)

// checkKingCaptures compares, for every capture by a king of p (a position
// of material m, whose slices the captures reach are built), the code the
// builder's init looks up (kingCaptureCode) with the stored code of the
// position the rules engine's move leads to (Endgames.code), and returns
// the number of captures compared.
func checkKingCaptures(t *testing.T, e *Endgames, m Material, p *draughts.Position) int {
	t.Helper()
	x := newIndexer(e.r.Board, m)
	rt := &retro{e: e, r: e.r, m: m, x: x, giveaway: e.giveaway}
	var si subIndex
	si.set(x, e.r.Board, x.menConfig([2]draughts.Bitboard{p.Men(draughts.White), p.Men(draughts.Black)}))
	var c succCache
	c.reset()
	var ml draughts.MoveList
	draughts.GenerateCaptures(p, e.r, &ml)
	w, k := p.KingsOf(draughts.White), p.KingsOf(draughts.Black)
	n := 0
	for i := 0; i < ml.N; i++ {
		mv := ml.Moves[i]
		if !p.Kings.Has(mv.From) {
			continue
		}
		got, err := rt.kingCaptureCode(&c, &si, p.Side, w, k, &mv)
		if err != nil {
			t.Fatalf("%s %s: %v", e.r.ID, draughts.FEN(p, e.r), err)
		}
		q := after(p, mv)
		want, ok := e.code(&q)
		if !ok {
			t.Fatalf("%s %s: no stored code after %v", e.r.ID, draughts.FEN(p, e.r), mv)
		}
		if got != want {
			t.Fatalf("%s %s: after the capture %v init looks up code %d, the store holds %d", e.r.ID, draughts.FEN(p, e.r), mv, got, want)
		}
		n++
	}
	return n
}

// TestKingCaptureCode checks the builder's shortcut for a king's capture
// (the successor ranked from its kings over the squares of the men left)
// against the general lookup, on sampled positions of every russian
// material of five pieces and every international one of four, mirrored
// successors included, and on a king's circuit that ends on its own square
// (Russian 5K-1K, Black: c1:e3:c5:a3:c1), where the king's square is both
// left and taken again.
func TestKingCaptureCode(t *testing.T) {
	for _, tc := range []struct {
		r      *draughts.Rules
		pieces int
	}{{draughts.Russian, 5}, {draughts.International, 4}} {
		_, e := buildTB(t, tc.r, tc.pieces-1)
		n := 0
		for _, m := range MaterialsUpTo(tc.r, tc.pieces) {
			if m.Pieces() != tc.pieces || m.WK+m.BK == 0 {
				continue
			}
			x := newIndexer(tc.r.Board, m)
			step := x.n/3000 + 1
			for i := uint64(0); i < x.n; i += step {
				for _, s := range []draughts.Side{draughts.White, draughts.Black} {
					if p, ok := x.position(i, s); ok {
						n += checkKingCaptures(t, e, m, &p)
					}
				}
			}
		}
		if n < 1000 {
			t.Errorf("%s: only %d king captures compared", tc.r.ID, n)
		}
	}

	// The circuit: its successor 1K-1K, the others 4K-1K down to 2K-1K.
	_, e := buildTB(t, draughts.Russian, 3)
	if err := e.Build(context.Background(), []Material{{WK: 4, BK: 1}}, BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	p, err := draughts.ParseFEN(draughts.Russian, "B:WK4,K17,K18,K25,K26:BK30")
	if err != nil {
		t.Fatal(err)
	}
	circuit := false
	var ml draughts.MoveList
	draughts.GenerateCaptures(&p, draughts.Russian, &ml)
	for i := 0; i < ml.N; i++ {
		circuit = circuit || ml.Moves[i].From == ml.Moves[i].To
	}
	if !circuit {
		t.Fatal("B:WK4,K17,K18,K25,K26:BK30: no capture ends on its own square")
	}
	checkKingCaptures(t, e, Material{WK: 5, BK: 1}, &p)
}
