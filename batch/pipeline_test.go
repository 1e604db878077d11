package batch

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/judge"
	"draughtsjudge/solver"
	"draughtsjudge/tablebase"
)

// With entries finishing out of order, OnReport sees them in input order,
// and entry 1's report is handed over before entry 3 has finished (entry
// 3 waits for it: the test would time out if reports waited for the
// whole batch).
func TestRunStreamsReportsInInputOrder(t *testing.T) {
	comps := sampleComps(t)[:3]
	first := make(chan struct{})
	var once sync.Once
	var mu sync.Mutex
	var order []int
	cfg := Config{Workers: 3,
		Analyse: func(_ context.Context, c *composition.Composition, _ judge.Options) *judge.Report {
			switch c.Index {
			case comps[0].Index:
				time.Sleep(30 * time.Millisecond) // entry 2 finishes first
			case comps[2].Index:
				select {
				case <-first:
				case <-time.After(20 * time.Second):
					t.Error("entry 1's report was not handed over before entry 3 finished")
				}
			}
			return &judge.Report{File: c.File, Index: c.Index, Verdict: judge.Sound}
		},
		OnReport: func(i int, r *judge.Report, _ error) {
			mu.Lock()
			order = append(order, i)
			mu.Unlock()
			if i == 0 {
				once.Do(func() { close(first) })
			}
		}}
	if _, err := Run(context.Background(), cfg, comps); err != nil {
		t.Fatal(err)
	}
	if len(order) != 3 || order[0] != 0 || order[1] != 1 || order[2] != 2 {
		t.Errorf("OnReport order %v, want [0 1 2]", order)
	}
}

// russianPair is Boychuk's draw (10 pieces) then Shoshin's study (4
// pieces), with endgame slices of up to 2 pieces for the first and 3 for
// the second: the first can reach slices the second has built, but they
// hold only the second's cone, so its slices (and key) leave them out on
// the first run as on the next.
func russianPair(t testing.TB) ([]*composition.Composition, func(*draughts.Rules, *draughts.Position) int) {
	s := sampleComps(t)
	return []*composition.Composition{s[1], s[0]}, func(_ *draughts.Rules, start *draughts.Position) int {
		if start.Occupied().Count() <= 4 {
			return 3
		}
		return 2
	}
}

func smallOptions() judge.Options {
	return judge.Options{Solver: solver.Options{Budget: solver.Budget{Nodes: 20_000, TTBytes: 16 << 20}, MaxBound: 12, Slack: 4, Threads: 1}, MaterialMargin: 2}
}

func runStore(t *testing.T, dir string, opt judge.Options, workers int) (*Results, int64) {
	t.Helper()
	st, err := tablebase.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	comps, limit := russianPair(t)
	res, err := Run(context.Background(), Config{Options: opt, Store: st, Workers: workers, Endgames: limit, BuildThreads: 2}, comps)
	if err != nil {
		t.Fatal(err)
	}
	return res, st.SlicesRead()
}

// A warm run (every report cached) reads no endgame slice from the store,
// and finds the reports the first run made while it built the slices;
// a run that must analyse reads (and checks) the slices it wants.
func TestWarmRunReadsNoSlice(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "db")
	cold, _ := runStore(t, dir, smallOptions(), 2)
	warm, read := runStore(t, dir, smallOptions(), 1)
	if read != 0 {
		t.Errorf("the warm run read %d endgame slices, want none", read)
	}
	for i, r := range warm.Reports {
		if !r.Cached {
			t.Errorf("entry %d not read from the cache on the second run", i+1)
		}
		if r.Verdict != cold.Reports[i].Verdict || r.Nodes != cold.Reports[i].Nodes {
			t.Errorf("entry %d: cold %s %d nodes, warm %s %d nodes", i+1, cold.Reports[i].Verdict, cold.Reports[i].Nodes, r.Verdict, r.Nodes)
		}
	}
	opt := smallOptions()
	opt.Solver.Budget.Nodes++
	miss, read := runStore(t, dir, opt, 2)
	if read == 0 || miss.Reports[0].Cached {
		t.Errorf("a run with another budget read %d slices (cached %v), want its slices loaded and checked", read, miss.Reports[0].Cached)
	}
}

// An entry's slices: what it can reach of its own wants and of the
// store's slices holding its cone, whatever is built when it is analysed.
func TestEntrySlicesDoNotDependOnTheBuild(t *testing.T) {
	st, err := tablebase.OpenMemory()
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	comps, limit := russianPair(t)
	cfg := Config{Store: st, Endgames: limit}
	pv := newProvisioner(&cfg, comps)
	// Boychuk's 10 pieces want the slices of up to 2 pieces, not the
	// 3-piece ones Shoshin's 4 pieces want: those are built for Shoshin's
	// cone and do not hold Boychuk's.
	for i, want := range []int{len(tablebase.MaterialsUpTo(draughts.Russian, 2)), 0} {
		if got := len(pv.plans[i].need); want > 0 && got != want {
			t.Errorf("entry %d needs %d slices, want every Russian slice of up to 2 pieces (%d)", i+1, got, want)
		}
	}
	// Shoshin's W:WKa5,a3:Ba7,f4 reaches 1M1K-2M's sub-materials only.
	for _, m := range pv.plans[1].need {
		if !(tablebase.Material{WM: 1, WK: 1, BM: 2}).Reaches(m) {
			t.Errorf("Shoshin's study needs %s, which it cannot reach", m)
		}
	}
	if pv.ready(0) || pv.ready(1) {
		t.Error("an entry whose slices are not built is ready")
	}
	if _, id := pv.slices(0, nil); id != "0" {
		t.Errorf("slices before the build: %s, want none", id)
	}
}

// BenchmarkWarmRun is a batch whose reports are all cached (Boychuk's
// draw and Shoshin's study with Russian slices up to 3 pieces, filled
// once): each run opens the store, reads the two reports back and
// closes it, reading no slice (slices-read/op).
//
//	go test -run '^$' -bench WarmRun ./batch
func BenchmarkWarmRun(b *testing.B) {
	dir := filepath.Join(b.TempDir(), "db")
	comps, limit := russianPair(b)
	run := func() int64 {
		st, err := tablebase.Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		defer st.Close()
		res, err := Run(context.Background(), Config{Options: smallOptions(), Store: st, Workers: 2, Endgames: limit, BuildThreads: 2}, comps)
		if err != nil || len(res.Reports) != len(comps) {
			b.Fatal(err)
		}
		return st.SlicesRead()
	}
	run()
	var read int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		read += run()
	}
	b.ReportMetric(float64(read)/float64(b.N), "slices-read/op")
}

// An entry probes only positions of its start's cone, even in a whole
// slice: its report does not depend on what else a slice holds.
func TestProberKeepsToTheCone(t *testing.T) {
	st, err := tablebase.OpenMemory()
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r := draughts.Russian
	if err := st.Endgames(r).Build(context.Background(), tablebase.MaterialsUpTo(r, 4), tablebase.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	comps, limit := russianPair(t)
	cfg := Config{Store: st, Endgames: limit}
	pv := newProvisioner(&cfg, comps)
	ms, _ := pv.slices(1, recordsByName(st)) // Shoshin's W:WKa5,a3:Ba7,f4
	pr := pv.prober(1, ms)
	for _, c := range []struct {
		fen string
		in  bool
	}{
		{"W:WKa5,b4:Ba7", true},     // a3-b4, f4 taken
		{"W:WKa5,b2:Ba7,f4", false}, // a man behind a3, nothing taken
		{"W:WKa5,b2:Ba7", true},     // a3 jumped back to c1 and stepped: f4 taken
		{"W:WKa5,a3:Bf4", true},
	} {
		p, err := draughts.ParseFEN(r, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := st.Endgames(r).Probe(&p); !ok {
			t.Fatalf("%s: not in the whole slices", c.fen)
		}
		if _, _, ok := pr.Probe(r, p); ok != c.in {
			t.Errorf("%s: the entry's prober answers %v, want %v (in the cone of W:WKa5,a3:Ba7,f4)", c.fen, ok, c.in)
		}
	}
}
