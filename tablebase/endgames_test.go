package tablebase

import (
	"context"
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

func TestBuildVerifyRussian3(t *testing.T) {
	_, e := buildTB(t, draughts.Russian, 3)
	reps, err := e.Verify(context.Background(), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, rep := range reps {
		if rep.Mismatches != 0 {
			t.Errorf("%s: %d mismatches, first %s", rep.Material, rep.Mismatches, rep.First)
		}
	}
	if len(reps) == 0 {
		t.Fatal("nothing built")
	}
}

// BenchmarkBuildRussian4 reports build speed in index positions per second.
func BenchmarkBuildRussian4(b *testing.B) {
	r := draughts.Russian
	var n uint64
	for _, m := range MaterialsUpTo(r, 4) {
		n += 2 * newIndexer(r.Board, m).n
	}
	for i := 0; i < b.N; i++ {
		s, err := OpenMemory()
		if err != nil {
			b.Fatal(err)
		}
		if err := s.Endgames(r).Build(context.Background(), MaterialsUpTo(r, 4), BuildOptions{}); err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
}
