package batch

import (
	"draughtsjudge/draughts"
	"draughtsjudge/tablebase"
)

// Memory is what a run can hold in RAM once its cached reports are read,
// planned before any endgame slice is opened (docs/performance.md, "A
// batch: warm runs, streaming, peak memory"): the search memory of the
// entries analysed at once, the endgame slices the entries to analyse
// can reach, and the working memory of the builds. It counts the Go heap
// the run needs live; the store's own buffers and the program are the
// caller's margin.
type Memory struct {
	// Entries is how many entries are analysed at once: Workers, at
	// most the entries not read from the cache.
	Entries int
	// Search is the search memory of one entry, bytes
	// (Options.Solver.Budget.TTBytes: the proof-number tables and the
	// local analysis).
	Search int64
	// Slices is the bytes of every endgame slice an entry to analyse can
	// reach (its plan's need, slices.go), as if all were in RAM at once:
	// a slice holds 2 bytes a position (one code for each side to move).
	// The run holds fewer: a slice is dropped when no entry left needs it.
	// A built slice probed by pages (tablebase.DefaultPagingThreshold:
	// six-piece international slices) counts as its variant's page cache,
	// once.
	Slices int64
	// Build is the working memory of the endgame builds: 6 bytes a
	// position (retro.go's step counts and flags, besides the codes
	// counted in Slices) for the BuildThreads largest slices to build.
	Build int64
}

// Bound is the memory the run is bounded by, bytes.
func (m Memory) Bound() int64 {
	return int64(m.Entries)*m.Search + m.Slices + m.Build
}

// buildBytesPerPosition is a build's working memory per position of a
// slice being built, besides the slice's own 2 bytes.
const buildBytesPerPosition = 6

// memory plans the Memory of the entries todo.
func (p *provisioner) memory(todo []int) Memory {
	m := Memory{Entries: min(max(1, p.cfg.Workers), len(todo)), Search: int64(p.cfg.Options.Solver.Budget.TTBytes)}
	if p.store == nil {
		return m
	}
	type key struct {
		e *tablebase.Endgames
		m tablebase.Material
	}
	recs := recordsByName(p.store)
	seen := map[key]bool{}
	paged := map[*tablebase.Endgames]bool{}
	var building []int64
	for _, i := range todo {
		pl := &p.plans[i]
		if pl.e == nil {
			continue
		}
		r := pl.e.Rules()
		for _, mat := range pl.need {
			if seen[key{pl.e, mat}] {
				continue
			}
			seen[key{pl.e, mat}] = true
			n := positions(r, mat, recs)
			switch {
			case !pl.e.Covers(mat, pl.seed):
				m.Slices += 2 * n
				building = append(building, n)
			case pl.e.ProbedByPages(mat):
				// Probed by pages: the variant's page cache, once.
				if !paged[pl.e] {
					paged[pl.e] = true
					m.Slices += pl.e.PageBudget()
				}
			default:
				m.Slices += 2 * n
			}
		}
	}
	// The largest slices to build, BuildThreads of them at once.
	for k := 0; k < max(1, p.cfg.BuildThreads) && len(building) > 0; k++ {
		big := 0
		for j, n := range building {
			if n > building[big] {
				big = j
			}
		}
		m.Build += buildBytesPerPosition * building[big]
		building = append(building[:big], building[big+1:]...)
	}
	return m
}

// positions is the number of positions (per side to move) of slice mat:
// its record's, or, for a slice not built yet, the size of the builder's
// index (tablebase.Positions).
func positions(r *draughts.Rules, mat tablebase.Material, recs map[string]tablebase.SliceRecord) int64 {
	if rec, ok := recs[r.ID+" "+mat.String()]; ok && rec.N > 0 {
		return int64(rec.N)
	}
	return int64(tablebase.Positions(r.Board, mat))
}
