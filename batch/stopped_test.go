package batch

import (
	"context"
	"sync/atomic"
	"testing"

	"draughtsjudge/composition"
	"draughtsjudge/judge"
	"draughtsjudge/solver"
	"draughtsjudge/tablebase"
)

// A report whose run was stopped (its context cancelled, or its work
// budget's Stop called) is not cached: the next run analyses the entry
// again. A report of a run that was not stopped is read back.
func TestStoppedReportNotCached(t *testing.T) {
	store, err := tablebase.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	comps := sampleComps(t)[:1]
	var calls atomic.Int32
	analyse := func(_ context.Context, c *composition.Composition, _ judge.Options) *judge.Report {
		calls.Add(1)
		return &judge.Report{File: c.File, Index: c.Index, Verdict: judge.VUnknown, Reason: "budget spent"}
	}
	run := func(ctx context.Context, w *solver.Work) *judge.Report {
		cfg := Config{Store: store, Workers: 1, Analyse: analyse, Options: defaultOptions()}
		cfg.Options.Solver.Budget.Work = w
		res, _ := Run(ctx, cfg, comps)
		return res.Reports[0]
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	run(cancelled, nil)
	stopped := solver.NewWork(0)
	stopped.Stop()
	run(context.Background(), stopped)
	// The cancelled run may end before it analyses anything (batch.Run
	// looks at its context first); what matters is that neither stopped
	// run left a report in the cache.
	before := calls.Load()
	if r := run(context.Background(), nil); r.Cached || calls.Load() != before+1 {
		t.Fatalf("after two stopped runs: cached %v, %d analyses (want a fresh analysis, %d)", r.Cached, calls.Load(), before+1)
	}
	if r := run(context.Background(), nil); !r.Cached || calls.Load() != before+1 {
		t.Fatalf("after a whole run: cached %v, %d analyses (want it read back, %d)", r.Cached, calls.Load(), before+1)
	}
}
