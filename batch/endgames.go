package batch

import (
	"context"
	"fmt"
	"time"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/tablebase"
)

// EnsureEndgames builds into cfg.Store the endgame slices of at most
// cfg.Endgames pieces that the compositions' initial material can reach
// (captures remove pieces, men may become kings); Lasca has none.
// Finished slices are never rebuilt; those found damaged (their checksum)
// are noted and rebuilt. The error is a read-only store with damaged
// slices, which cannot be used as the run needs it; a read-only store
// with missing slices is used without them, and a build that fails is a
// note (the batch is checked without those slices), never an error.
func EnsureEndgames(ctx context.Context, cfg *Config, comps []*composition.Composition) error {
	store := cfg.Store
	want := wantedSlices(cfg, comps)
	for _, r := range draughts.AllRules() {
		set := want[r]
		if len(set) == 0 {
			continue
		}
		var ms []tablebase.Material
		for m := range set {
			ms = append(ms, m)
		}
		e := store.Endgames(r)
		for _, err := range e.Load(ms) {
			if store.ReadOnly() {
				return fmt.Errorf("%v; the store is read-only, so it cannot be rebuilt: make it writable, or use --no-db or another --db", err)
			}
			cfg.note("%v; dropped, rebuilding it", err)
		}
		missing := e.Missing(ms)
		if len(missing) == 0 {
			continue
		}
		if store.ReadOnly() {
			cfg.note("the store is read-only: %d %s endgame slices up to %d pieces the batch can reach are not built (first %s); checking without them", len(missing), r.ID, maxPieces(missing), missing[0])
			continue
		}
		cfg.note("building %d %s endgame slices up to %d pieces (once; kept in %s)", len(missing), r.ID, maxPieces(missing), store.Dir)
		t0 := time.Now()
		if err := e.Build(ctx, ms, tablebase.BuildOptions{Threads: cfg.BuildThreads, Progress: cfg.BuildProgress, Log: cfg.BuildLog}); err != nil {
			cfg.note("warning: endgame build: %v; checking without the %d %s slices not built (reports are cached under the slices present)", err, len(e.Missing(ms)), r.ID)
			continue
		}
		cfg.note("%s endgame slices built in %.1fs", r.ID, time.Since(t0).Seconds())
	}
	return nil
}

// wantedSlices are, per game system, the materials of at most
// cfg.Endgames pieces that the compositions can reach.
func wantedSlices(cfg *Config, comps []*composition.Composition) map[*draughts.Rules]map[tablebase.Material]bool {
	want := map[*draughts.Rules]map[tablebase.Material]bool{}
	for _, c := range comps {
		if c.Lasca != nil {
			continue // no endgame databases for Lasca (docs/lasca.md)
		}
		m := tablebase.MaterialOf(&c.Start)
		limit := 0
		if cfg.Endgames != nil {
			limit = cfg.Endgames(c.Rules, c.Start.Occupied().Count())
		}
		if want[c.Rules] == nil {
			want[c.Rules] = map[tablebase.Material]bool{}
		}
		for wm := 0; wm <= int(m.WM); wm++ {
			for wk := 0; wk <= int(m.WK)+int(m.WM)-wm; wk++ {
				for bm := 0; bm <= int(m.BM); bm++ {
					for bk := 0; bk <= int(m.BK)+int(m.BM)-bm; bk++ {
						if wm+wk == 0 || bm+bk == 0 || wm+wk+bm+bk > limit {
							continue
						}
						want[c.Rules][tablebase.Material{WM: uint8(wm), WK: uint8(wk), BM: uint8(bm), BK: uint8(bk)}] = true
					}
				}
			}
		}
	}
	return want
}

// maxPieces is the largest material of ms, in pieces.
func maxPieces(ms []tablebase.Material) int {
	n := 0
	for _, m := range ms {
		n = max(n, int(m.WM)+int(m.WK)+int(m.BM)+int(m.BK))
	}
	return n
}
