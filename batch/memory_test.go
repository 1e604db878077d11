package batch

import (
	"context"
	"testing"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/judge"
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
		if tablebase.MaterialOf(&comps[0].Start).Reaches(mat) || tablebase.MaterialOf(&comps[1].Start).Reaches(mat) {
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

// A slice is dropped from RAM once no entry left to analyse can reach it,
// and kept while one can: with one worker, the international entry after
// Shoshin's study finds the Russian slices of the study dropped (a probe
// reads its slice back from the store) and its own in RAM (a probe reads
// nothing).
func TestRunReleasesSlicesNoEntryLeftNeeds(t *testing.T) {
	s := sampleComps(t)
	comps := []*composition.Composition{s[0], s[2]} // Shoshin (russian), Vitoshkin (international)
	st, err := tablebase.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	russian, err := draughts.ParseFEN(draughts.Russian, "W:WKa5:Ba7,f4") // 1K-2M: Shoshin's material can reach it
	if err != nil {
		t.Fatal(err)
	}
	intl, err := draughts.ParseFEN(draughts.International, "W:WK38:B31") // 1K-1M
	if err != nil {
		t.Fatal(err)
	}
	var dropped, kept int64 = -1, -1
	cfg := Config{Options: smallOptions(), Store: st, Workers: 1, BuildThreads: 1,
		Endgames: func(r *draughts.Rules, _ *draughts.Position) int {
			if r == draughts.Russian {
				return 3
			}
			return 2
		},
		Analyse: func(_ context.Context, c *composition.Composition, opt judge.Options) *judge.Report {
			if c == comps[1] {
				n := st.SlicesRead()
				if _, ok := st.Endgames(draughts.Russian).Probe(&russian); !ok {
					t.Error("the Russian 1K-2M slice is not in the store")
				}
				dropped = st.SlicesRead() - n
				n = st.SlicesRead()
				if _, _, ok := opt.Prober.Probe(draughts.International, intl); !ok {
					t.Error("the entry's prober does not cover 1K-1M")
				}
				kept = st.SlicesRead() - n
			}
			return &judge.Report{File: c.File, Index: c.Index, Verdict: judge.Sound}
		}}
	if _, err := Run(context.Background(), cfg, comps); err != nil {
		t.Fatal(err)
	}
	if dropped != 1 {
		t.Errorf("probing the study's slice after the study read %d slices from the store, want 1 (dropped from RAM)", dropped)
	}
	if kept != 0 {
		t.Errorf("probing the running entry's own slice read %d slices from the store, want 0 (kept in RAM)", kept)
	}
}
