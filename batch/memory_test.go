package batch

import (
	"context"
	"testing"

	"draughtsjudge/draughts"
	"draughtsjudge/tablebase"
)

// The planned size of a slice not yet built is the index size the builder
// gives it: every slice of up to 3 pieces of both boards, built into a
// store, against its record.
func TestPositionsIsTheBuildersIndexSize(t *testing.T) {
	st, err := tablebase.OpenMemory()
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, r := range []*draughts.Rules{draughts.Russian, draughts.International} {
		ms := tablebase.MaterialsUpTo(r, 3)
		if err := st.Endgames(r).Build(context.Background(), ms, tablebase.BuildOptions{Threads: 1}); err != nil {
			t.Fatal(err)
		}
		recs := recordsByName(st)
		for _, m := range ms {
			rec, ok := recs[r.ID+" "+m.String()]
			if !ok {
				t.Fatalf("%s %s: no record after the build", r.ID, m)
			}
			if got := positions(r, m, nil); got != int64(rec.N) {
				t.Errorf("%s %s: planned %d positions, the builder's index has %d", r.ID, m, got, rec.N)
			}
		}
	}
}

// Run plans the memory of the entries it analyses: both workers' search
// memory and the slices the two Russian entries can reach (those of up to
// 3 pieces, built by the run), not counting an entry read from the cache.
func TestRunPlansMemory(t *testing.T) {
	comps, endgames := russianPair(t)
	dir := t.TempDir()
	opt := smallOptions()
	plan := func() (Memory, int) {
		st, err := tablebase.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		var got []Memory
		cfg := Config{Options: opt, Store: st, Workers: 2, BuildThreads: 1, Endgames: endgames,
			OnMemory: func(m Memory) { got = append(got, m) }}
		if _, err := Run(context.Background(), cfg, comps); err != nil {
			t.Fatal(err)
		}
		if len(got) > 1 {
			t.Fatalf("OnMemory called %d times", len(got))
		}
		if len(got) == 0 {
			return Memory{}, 0
		}
		return got[0], len(got)
	}
	m, calls := plan()
	if calls != 1 {
		t.Fatal("OnMemory not called for a batch to analyse")
	}
	var want int64
	for _, mat := range tablebase.MaterialsUpTo(draughts.Russian, 3) {
		if reaches(tablebase.MaterialOf(&comps[0].Start), mat) || reaches(tablebase.MaterialOf(&comps[1].Start), mat) {
			want += 2 * positions(draughts.Russian, mat, nil)
		}
	}
	if m.Entries != 2 || m.Search != int64(opt.Solver.Budget.TTBytes) || m.Slices != want || m.Build <= 0 {
		t.Errorf("planned %+v, want 2 entries of %d bytes, %d bytes of slices and a build", m, opt.Solver.Budget.TTBytes, want)
	}
	if m.Bound() != 2*m.Search+m.Slices+m.Build {
		t.Errorf("Bound %d, want the sum of its parts", m.Bound())
	}
	if _, calls := plan(); calls != 0 {
		t.Error("OnMemory called when every report is cached")
	}
}
