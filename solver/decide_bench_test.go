package solver

import (
	"testing"

	"draughtsjudge/draughts"
)

// decideCase is one first move of a real composition decided by phase 1
// (docs/performance.md "Initial numbers"): the position, the move, the
// goal's finale-rule margin (0: the real win) and the outcome its
// decision gives.
type decideCase struct {
	name, fen, move string
	margin          int
	want            Outcome
}

var decideCases = []decideCase{
	{"MatusKey", "W:W20,30,34,37,40,44,48:B8,15,17,18,27,33,45", "37-31", 2, Proved},
	{"KosterKey", "W:W30,31,34,35,43,47:B7,17,18,19,24,26", "30-25", 2, Proved},
	{"Zubov1Key", "W:W24,28,30,32,34,38,39,40,41,43,44,45,47:B4,8,11,13,17,19,21,22,23,25,27,35,36", "34-29", 2, Proved},
	{"Zubov3Key", "W:W31,32,33,35,38,39,40,41,44,47,49,50:B8,9,11,19,21,22,23,24,27,29,30,36", "40-34", 2, Proved},
	{"SimpleEnd2Key", "W:W6,9,32,45:B26,30,34,35", "9-3", 0, Proved},
	{"SimpleEnd3Key", "W:W12,23,25,45:B9,14,15,19,35", "23-18", 0, Proved},
	{"Endgame2014Try27-21", "W:W22,27,28,29,37,50:B9,10,12,15,16,40", "27-21", 2, Never},
	{"Endgame2014Try50-45", "W:W22,27,28,29,37,50:B9,10,12,15,16,40", "50-45", 2, Never},
	{"Amazing8x8Try44-40", "W:W20,21,25,30,31,39,44,50:B7,9,10,16,18,28,29,33", "44-40", 2, Never},
	{"Endgame2014FinaleTry3-9", "W:WK3,22,27,31,50:B15,16,40,K47", "3-9", 0, Never},
}

// BenchmarkDecideCorpus decides each case with the international
// endgame databases of the store DRAUGHTSJUDGE_BENCH_DB (a copy: Badger
// locks it; skipped when unset), a fresh 256 MiB table and at most 50M
// nodes, and reports the nodes to decide.
func BenchmarkDecideCorpus(b *testing.B) {
	s := benchStore(b) // published3_bench_test.go
	defer s.Close()
	r := draughts.International
	pr := TablebaseProber(s)
	for _, c := range decideCases {
		b.Run(c.name, func(b *testing.B) {
			p, err := draughts.ParseFEN(r, c.fen)
			if err != nil {
				b.Fatal(err)
			}
			m, err := draughts.ParseMove(&p, r, c.move)
			if err != nil {
				b.Fatal(err)
			}
			q := p.Play(m)
			goal := Win{Prober: pr, MaterialMargin: c.margin}
			var nodes uint64
			for i := 0; i < b.N; i++ {
				pv := NewProver(r, goal, draughts.White, Budget{Nodes: 50_000_000, TTBytes: 256 << 20}, nil)
				o, _ := pv.Decide(q)
				if o != c.want && o != Aborted {
					b.Fatalf("%s: %v, want %v", c.name, o, c.want)
				}
				if o == Aborted {
					b.Logf("%s: undecided in 50M nodes", c.name)
				}
				nodes += pv.Nodes()
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
