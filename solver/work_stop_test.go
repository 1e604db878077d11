package solver

import (
	"context"
	"testing"
	"time"

	"draughtsjudge/draughts"
)

// TestWorkFirstMoves: Shoshin's study (draughts.narod.ru, 'Etudy'; the
// README's sample) has every first move decided at any depth, so the
// progress the work budget records ends at all of White's legal moves
// decided.
func TestWorkFirstMoves(t *testing.T) {
	r := draughts.Russian
	p := mustFEN(t, r, "W:WKa5,a3:Ba7,f4")
	w := NewWork(WorkLimit(300_000))
	a := Solve(context.Background(), r, p, Win{}, draughts.White,
		Options{Budget: Budget{Nodes: 300_000, TTBytes: 256 << 20, Work: w}, MaxBound: 12, Threads: 1})
	if a.Verdict != VerdictProved {
		t.Fatalf("verdict %s, want proved", a.Verdict)
	}
	n := len(draughts.LegalMoves(&p, r))
	if d, total := w.FirstMoves(); d != n || total != n {
		t.Errorf("FirstMoves = %d of %d, want %d of %d", d, total, n, n)
	}
}

// TestWorkStop: Stop ends a search that would run for minutes (Scholma's
// problem at an unlimited node budget and a far bound): the answer comes
// back unknown, and a budget stopped before the search gives no nodes.
func TestWorkStop(t *testing.T) {
	r := draughts.International
	p := mustFEN(t, r, "W:W21,26,28,30,31,32,33,34,35,38,39,40,42,43,45:B3,7,8,9,10,12,14,16,17,18,19,20,23,24,25")
	w := NewWork(0)
	time.AfterFunc(300*time.Millisecond, w.Stop)
	done := make(chan Answer, 1)
	go func() {
		done <- Solve(context.Background(), r, p, Win{}, draughts.White,
			Options{Budget: Budget{Nodes: 0, TTBytes: 64 << 20, Work: w}, MaxBound: 60, Threads: 1})
	}()
	select {
	case a := <-done:
		if a.Verdict != VerdictUnknown {
			t.Errorf("stopped search: verdict %s, want unknown", a.Verdict)
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("the search did not stop within 2 minutes of Stop")
	}
	if !w.Stopped() {
		t.Error("Stopped() = false after Stop")
	}
	if left := w.left(); left != 0 {
		t.Errorf("a stopped budget leaves %d nodes, want 0", left)
	}
}
