package tablebase

import (
	"context"
	"flag"
	"runtime"
	"testing"

	"draughtsjudge/draughts"
)

var (
	tbStore = flag.String("tablebase.store", "", "BenchmarkRetrograde: a store (a copy: it is opened) holding the slices the material moves into")
	tbSlice = flag.String("tablebase.slice", "international 3K-2K", "BenchmarkRetrograde: variant and material to compute")
)

// BenchmarkRetrograde computes one material in RAM (not written) from the
// slices of -tablebase.store, e.g. international 3K-2K, the kings-only
// slice whose propagation is memory-bound (docs/performance.md "Endgame
// tablebases"). Skipped without -tablebase.store.
func BenchmarkRetrograde(b *testing.B) {
	if *tbStore == "" {
		b.Skip("no -tablebase.store")
	}
	var variant, material string
	for i, c := range *tbSlice {
		if c == ' ' {
			variant, material = (*tbSlice)[:i], (*tbSlice)[i+1:]
		}
	}
	r, err1 := draughts.RulesByID(variant)
	m, err := ParseMaterial(material)
	if err1 != nil || err != nil {
		b.Fatalf("-tablebase.slice %q: want a variant and a material", *tbSlice)
	}
	s, err := Open(*tbStore)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	e := s.Endgames(r)
	for _, d := range m.successors(r.Board) {
		if e.table(d) == nil {
			b.Fatalf("%s: slice %s not in the store", *tbStore, d)
		}
	}
	var crc uint32
	cpu0 := cpuSeconds()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t, err := e.retrograde(context.Background(), m, runtime.NumCPU(), func(int64) {}, nil)
		if err != nil {
			b.Fatal(err)
		}
		crc = e.summarise(t).CRC32
	}
	b.StopTimer()
	n := float64(2*newIndexer(r.Board, m).n) * float64(b.N)
	b.ReportMetric(n/b.Elapsed().Seconds(), "positions/s")
	b.ReportMetric(n/(cpuSeconds()-cpu0), "positions/cpu-s")
	b.Logf("%s %s CRC-32C %08x", r.ID, m, crc)
}
