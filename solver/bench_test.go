package solver

import (
	"testing"
	"time"

	"draughtsjudge/draughts"
)

// benchDistance measures one bounded search from the position after the
// given first move, reporting nodes/s.
func benchDistance(b *testing.B, r *draughts.Rules, fen, first string, goal Goal, bound int) {
	p, err := draughts.ParseFEN(r, fen)
	if err != nil {
		b.Fatal(err)
	}
	m, err := draughts.ParseMove(&p, r, first)
	if err != nil {
		b.Fatal(err)
	}
	q := p.Play(m)
	var nodes uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := NewSearcher(r, goal, draughts.White, Budget{TTBytes: 16 << 20})
		s.Distance(&q, bound)
		nodes += s.Nodes()
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkSolveScholmaTry: Scholma's problem (Volkskrant 1995) after the
// try 33-29, searched to 10 moves with the problem finale rule.
func BenchmarkSolveScholmaTry(b *testing.B) {
	benchDistance(b, draughts.International,
		"W:W21,26,28,30,31,32,33,34,35,38,39,40,42,43,45:B3,7,8,9,10,12,14,16,17,18,19,20,23,24,25",
		"33-29", Win{MaterialMargin: 2}, 8)
}

// BenchmarkSolveShoshinTry: Shoshin's study after the try a3-b4, without
// endgame databases, to 9 moves.
func BenchmarkSolveShoshinTry(b *testing.B) {
	benchDistance(b, draughts.Russian, "W:WKa5,a3:Ba7,f4", "a3-b4", Win{}, 9)
}

// benchDecide measures phase 1 (df-pn, Prover.Decide) from the position
// after the given first move, reporting nodes per decision and nodes/s.
func benchDecide(b *testing.B, r *draughts.Rules, fen, first string, goal Goal) {
	p, err := draughts.ParseFEN(r, fen)
	if err != nil {
		b.Fatal(err)
	}
	m, err := draughts.ParseMove(&p, r, first)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	benchProver(b, r, p.Play(m), goal, Budget{Nodes: 50_000_000, TTBytes: 64 << 20}, true)
}

// benchProver runs Prover.Decide from q b.N times with a fresh table of
// budget, reporting nodes per decision and nodes/s; decided: an undecided
// answer fails the benchmark.
func benchProver(b *testing.B, r *draughts.Rules, q draughts.Position, goal Goal, budget Budget, decided bool) {
	var nodes uint64
	for i := 0; i < b.N; i++ {
		pv := NewProver(r, goal, draughts.White, budget, nil)
		if o, _ := pv.Decide(q); decided && o == Aborted {
			b.Fatalf("%s: undecided", draughts.FEN(&q, r))
		}
		nodes += pv.Nodes()
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// Phase 1 against the bounded search on the same entries: the key of
// Scholma's problem (proved) and Shoshin's key (proved, no databases).
// BenchmarkSolveScholmaTry and BenchmarkSolveShoshinTry above are the
// bounded search on tries it cannot decide at all; the df-pn figures for
// tries are in BenchmarkDecideShoshinTry.
func BenchmarkDecideScholmaKey(b *testing.B) {
	benchDecide(b, draughts.International,
		"W:W21,26,28,30,31,32,33,34,35,38,39,40,42,43,45:B3,7,8,9,10,12,14,16,17,18,19,20,23,24,25",
		"32-27", Win{MaterialMargin: 2})
}

// BenchmarkIDScholmaKey: the bounded search proving the same key (7 moves).
func BenchmarkIDScholmaKey(b *testing.B) {
	benchDistance(b, draughts.International,
		"W:W21,26,28,30,31,32,33,34,35,38,39,40,42,43,45:B3,7,8,9,10,12,14,16,17,18,19,20,23,24,25",
		"32-27", Win{MaterialMargin: 2}, 6)
}

func BenchmarkDecideShoshinKey(b *testing.B) {
	benchDecide(b, draughts.Russian, "W:WKa5,a3:Ba7,f4", "a5-b4", Win{})
}

func BenchmarkIDShoshinKey(b *testing.B) {
	benchDistance(b, draughts.Russian, "W:WKa5,a3:Ba7,f4", "a5-b4", Win{}, 5)
}

// BenchmarkLocalShoshin: the exact local analysis of Shoshin's study
// without databases (every position reachable from the start), in
// positions per second.
func BenchmarkLocalShoshin(b *testing.B) {
	r := draughts.Russian
	p, _ := draughts.ParseFEN(r, "W:WKa5,a3:Ba7,f4")
	var n int
	for i := 0; i < b.N; i++ {
		l, _ := AnalyseLocal(r, Win{}, draughts.White, p, 4_000_000, time.Time{})
		if l == nil {
			b.Fatal("set larger than the limit")
		}
		n += l.Positions()
	}
	b.ReportMetric(float64(n)/float64(b.N), "positions/op")
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
}

// BenchmarkDecideMatusTry: phase 1's speed in nodes/s on a hard case, a
// fixed budget of 4M df-pn nodes on the try 20-14 of Matus's 10x10
// miniature (7 against 7, kings appear; no databases), which it cannot
// decide: table growth, probes and move generation as in a long search.
func BenchmarkDecideMatusTry(b *testing.B) {
	r := draughts.International
	p, err := draughts.ParseFEN(r, "B:W14,30,34,37,40,44,48:B8,15,17,18,27,33,45")
	if err != nil {
		b.Fatal(err)
	}
	benchProver(b, r, p, Win{MaterialMargin: 2}, Budget{Nodes: 4_000_000, TTBytes: 256 << 20}, false)
}
