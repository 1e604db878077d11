package solver

import (
	"testing"

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
