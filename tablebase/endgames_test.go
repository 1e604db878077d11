package tablebase

import (
	"context"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"

	"draughtsjudge/draughts"
)

// buildTB opens a store in a temp dir and builds every slice of r up to n pieces.
func buildTB(t testing.TB, r *draughts.Rules, n int) (*Store, *Endgames) {
	t.Helper()
	s, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	e := s.Endgames(r)
	if err := e.Build(context.Background(), MaterialsUpTo(r, n), BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	return s, e
}

func TestIndexRoundTrip(t *testing.T) {
	for _, r := range []*draughts.Rules{draughts.Russian, draughts.International} {
		for _, m := range MaterialsUpTo(r, 4) {
			x := newIndexer(r.Board, m)
			step := x.n/5000 + 1
			for i := uint64(0); i < x.n; i += step {
				p, ok := x.position(i, draughts.White)
				if !ok {
					continue
				}
				if MaterialOf(&p) != m {
					t.Fatalf("%s %s: index %d gives material %s", r.ID, m, i, MaterialOf(&p))
				}
				p.Key = p.ComputeKey()
				if err := p.Valid(r); err != nil {
					t.Fatalf("%s %s: index %d: %v", r.ID, m, i, err)
				}
				if j := x.index(&p); j != i {
					t.Fatalf("%s %s: index %d round-trips to %d", r.ID, m, i, j)
				}
			}
		}
	}
}

// TestBuildVerify builds every variant up to 3 pieces and re-derives every
// value from its successors.
func TestBuildVerify(t *testing.T) {
	for _, r := range draughts.AllRules() {
		t.Run(r.ID, func(t *testing.T) {
			_, e := buildTB(t, r, 3)
			reps, err := e.Verify(context.Background(), 0, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(reps) == 0 {
				t.Fatal("nothing built")
			}
			for _, rep := range reps {
				if rep.Mismatches != 0 {
					t.Errorf("%s: %d mismatches, first %s", rep.Material, rep.Mismatches, rep.First)
				}
			}
		})
	}
}

// BenchmarkBuildRussian4 reports build speed in index positions per second
// (both sides to move), into an in-memory store.
func BenchmarkBuildRussian4(b *testing.B) {
	benchBuild(b, draughts.Russian, 4, "")
}

// BenchmarkBuildRussian5, BenchmarkBuildInternational4 and
// BenchmarkBuildInternational5 build into a store on disk (compression and
// writing included); the 5-piece ones take minutes: run them with
// -benchtime 1x (docs/performance.md "Endgame tablebases").
func BenchmarkBuildRussian5(b *testing.B) {
	benchBuild(b, draughts.Russian, 5, b.TempDir())
}

func BenchmarkBuildInternational4(b *testing.B) {
	benchBuild(b, draughts.International, 4, b.TempDir())
}

func BenchmarkBuildInternational5(b *testing.B) {
	benchBuild(b, draughts.International, 5, b.TempDir())
}

// benchBuild builds every slice of r up to n pieces b.N times, into a fresh
// store in dir ("" = in memory), and reports index positions per second.
func benchBuild(b *testing.B, r *draughts.Rules, n int, dir string) {
	var total uint64
	for _, m := range MaterialsUpTo(r, n) {
		total += 2 * newIndexer(r.Board, m).n
	}
	cpu0 := cpuSeconds()
	for i := 0; i < b.N; i++ {
		var s *Store
		var err error
		if dir == "" {
			s, err = OpenMemory()
		} else {
			d := filepath.Join(dir, strconv.Itoa(i))
			s, err = Open(d)
		}
		if err != nil {
			b.Fatal(err)
		}
		if err := s.Endgames(r).Build(context.Background(), MaterialsUpTo(r, n), BuildOptions{}); err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
	b.ReportMetric(float64(total)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
	// The machine may be shared: CPU time is the steadier figure.
	b.ReportMetric(float64(total)*float64(b.N)/(cpuSeconds()-cpu0), "positions/cpu-s")
}

// cpuSeconds returns the user and system CPU time of the process.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

// benchDB builds russian slices up to 4 pieces into a temp dir.
func benchDB(b *testing.B) string {
	dir := b.TempDir()
	s, err := Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	if err := s.Endgames(draughts.Russian).Build(context.Background(), MaterialsUpTo(draughts.Russian, 4), BuildOptions{}); err != nil {
		b.Fatal(err)
	}
	s.Close()
	return dir
}

// randomPositions draws valid positions of material m (both colour orders).
func randomPositions(r *draughts.Rules, m Material, k int) []draughts.Position {
	x := newIndexer(r.Board, m)
	var out []draughts.Position
	e := &Endgames{g: geometryOf(r.Board)}
	for i := uint64(0); len(out) < k; i += 7919 {
		p, ok := x.position(i%x.n, draughts.Side(i&1))
		if !ok {
			continue
		}
		if i&2 != 0 {
			p = e.mirrorPos(&p)
		}
		p.Key = p.ComputeKey()
		out = append(out, p)
	}
	return out
}

// BenchmarkProbeWarm: probes of 4-piece positions whose slices are in RAM.
func BenchmarkProbeWarm(b *testing.B) {
	s, err := Open(benchDB(b))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	e := s.Endgames(draughts.Russian)
	ps := randomPositions(draughts.Russian, Material{1, 1, 1, 1}, 1024)
	for _, p := range ps {
		e.Probe(&p) // load
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, ok := e.Probe(&ps[i&1023]); !ok {
			b.Fatal("not built")
		}
	}
}

// BenchmarkProbeCold: the first probe of a freshly opened store, which
// reads the slice (1M1K-1M1K, 1.4 MB) from Badger.
func BenchmarkProbeCold(b *testing.B) {
	dir := benchDB(b)
	p := randomPositions(draughts.Russian, Material{1, 1, 1, 1}, 1)[0]
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		s, err := Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		e := s.Endgames(draughts.Russian)
		b.StartTimer()
		if _, ok := e.Probe(&p); !ok {
			b.Fatal("not built")
		}
		b.StopTimer()
		s.Close()
		b.StartTimer()
	}
}

// TestBlockKeys: keys round-trip, and a slice's key order is its index order
// (big-endian block numbers, docs/tablebases.md "On-disk format").
func TestBlockKeys(t *testing.T) {
	m := Material{1, 2, 0, 1}
	var prev []byte
	for _, side := range []draughts.Side{draughts.White, draughts.Black} {
		for _, blk := range []uint32{0, 1, 255, 256, 65535, 65536, 1 << 24} {
			k := blockKey('r', m, side, blk)
			vb, m2, s2, b2, ok := parseBlockKey(k)
			if !ok || vb != 'r' || m2 != m || s2 != side || b2 != blk {
				t.Fatalf("parseBlockKey(blockKey(%v,%d)) = %c %v %v %d %v", side, blk, vb, m2, s2, b2, ok)
			}
			if prev != nil && string(prev) >= string(k) {
				t.Fatalf("key order: %x not before %x", prev, k)
			}
			prev = k
		}
	}
}
