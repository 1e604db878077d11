package solver

import (
	"testing"

	"draughtsjudge/draughts"
)

// TestShotBounded: the shot test of the finale rule visits at most
// shotPositions positions, even where twelve kings a side make the
// exchange tree astronomically large (one search node took
// seconds), and a test cut by that bound refuses the finale.
func TestShotBounded(t *testing.T) {
	r, err := draughts.RulesByID("russian")
	if err != nil {
		t.Fatal(err)
	}
	// Black to move, kings everywhere: every quiet black king move
	// offers captures both ways.
	p, err := draughts.ParseFEN(r, "B:WK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12:BK21,K22,K23,K24,K25,K26,K27,K28,K29,K30,K31,K32")
	if err != nil {
		t.Fatal(err)
	}
	cut := false
	var ml draughts.MoveList
	draughts.Generate(&p, r, &ml)
	for _, m := range ml.Slice() {
		q := p.Play(m)
		if !draughts.HasCapture(&q, r) {
			continue
		}
		left := shotPositions
		exchange(q, r, draughts.White, 12, &left)
		cut = cut || left < 0
		if left < -1 {
			t.Fatalf("after %s: %d positions visited, bound %d", draughts.MoveString(&p, r, m), shotPositions-left, shotPositions)
		}
	}
	if !cut {
		t.Fatal("no exchange reached the bound: the position no longer tests it")
	}
	if !shot(p, r, draughts.White, &ml, 0) {
		t.Error("a shot test cut by its bound must refuse the finale (report a shot)")
	}
}
