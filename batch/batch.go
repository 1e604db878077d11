// Package batch runs the analysis over a batch of compositions: the
// worker pool, the report cache in the store, panic isolation (a panic
// in one composition is that composition's error, the rest is analysed)
// and the provisioning of the endgame databases the batch can reach.
// It reads no flags and writes no reports: cmd/draughtsjudge (or another
// front end) opens the store, fills a Config and renders what Run returns
// (package render).
package batch

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/judge"
	"draughtsjudge/tablebase"
)

// Config says how Run analyses a batch.
type Config struct {
	// Options are the analysis options of every composition. Run sets
	// their Prober from Store; the other fields are used as given.
	Options judge.Options
	// Store holds the endgame databases and the report cache; nil: no
	// cache, no databases (draughtsjudge --no-db).
	Store *tablebase.Store
	// Workers is how many compositions are analysed at once (at least 1).
	// Reports do not depend on it.
	Workers int
	// Endgames is the largest endgame slice, in pieces, built for a
	// composition of rules r starting at start before its analysis (0:
	// none); nil builds none. Only with a Store.
	Endgames func(r *draughts.Rules, start *draughts.Position) int
	// BuildThreads are the goroutines of an endgame build (at least 1).
	BuildThreads int
	// Rubric, if not nil, scores every report (composition.ApplyScore).
	Rubric judge.Rubric
	// Notes receives one line for each thing the run does or finds in
	// the store besides the analysis (an endgame build, a damaged slice
	// dropped, slices left unbuilt in a read-only store); nil: discarded.
	Notes func(msg string)
	// BuildProgress and BuildLog, if set, follow the endgame builds: the
	// positions done of the total of one build, and each slice built
	// (tablebase.BuildOptions' Progress and Log).
	BuildProgress func(done, total int64)
	BuildLog      func(rec tablebase.SliceRecord)
	// OnBuild, if set, is called when the build of n slices of rules r
	// for comps[i] begins, and with n = 0 when it ends; OnStart when the
	// analysis of comps[i] begins (not for a report read from the cache).
	// For a progress display: what is built or solved now.
	OnBuild func(i int, r *draughts.Rules, n int)
	OnStart func(i int)
	// OnMemory, if set, is called once the cached reports are read, before
	// any endgame slice is opened, with the memory the rest of the run is
	// planned within (memory.go); not when every report was cached.
	// draughtsjudge sets Go's memory limit from it.
	OnMemory func(Memory)
	// Analyse analyses one composition; nil is judge.Analyse (tests
	// replace it to inject a failure).
	Analyse func(context.Context, *composition.Composition, judge.Options) *judge.Report
	// OnReport, if not nil, is called with each report in input order
	// (index i for comps[i]), as soon as it and every report before it
	// are done, never twice at once; internal is the composition's
	// internal error (nil but after a panic).
	OnReport func(i int, r *judge.Report, internal error)
}

// Results are what Run found, index i for comps[i].
type Results struct {
	Reports []*judge.Report
	// Internal holds the internal error of each composition whose
	// analysis panicked ("file:line: internal error: ..."; its report is
	// failedReport's, verdict unknown), nil for the others.
	Internal []error
	// Damage lists the damage the store found during the run (endgame
	// slices dropped): those found before an entry's analysis were
	// rebuilt, or left out of its slices and its key; a report analysed
	// while one was found may lack it and is not cached.
	Damage []error
}

func (cfg *Config) note(format string, a ...any) {
	if cfg.Notes != nil {
		cfg.Notes(fmt.Sprintf(format, a...))
	}
}

// Run analyses every composition, Workers at once, reading and writing
// the report cache of the Store. First every report the cache holds is
// read back, before any endgame slice is opened; then the endgame
// slices the other compositions can reach (Endgames) are provided entry
// by entry in input order (endgames.go), and each composition is
// analysed as soon as its own slices are ready, while those of the next
// build. The reports come back in input order, whatever Workers, and
// each is analysed with the slices its cache key names (slices.go), so
// they do not depend on Workers or on timing either. The error is a
// store that cannot be used as the run needs it (a damaged slice in a
// read-only store: the compositions not yet analysed are not) or the
// context's, if it ended the run early; a panic inside one composition
// is not an error of Run but that composition's Results.Internal.
func Run(ctx context.Context, cfg Config, comps []*composition.Composition) (*Results, error) {
	store := cfg.Store
	if store == nil {
		cfg.Endgames = nil
	}
	if cfg.Analyse == nil {
		cfg.Analyse = judge.Analyse
	}
	res := &Results{Reports: make([]*judge.Report, len(comps)), Internal: make([]error, len(comps))}
	em := emitter{fn: cfg.OnReport, res: res, done: make([]bool, len(comps))}
	pv := newProvisioner(&cfg, comps)

	// The cached reports first: no slice is read for them.
	var todo []int
	var recs map[string]tablebase.SliceRecord
	if store != nil {
		recs = recordsByName(store)
	}
	for i, c := range comps {
		if store != nil && pv.ready(i) {
			_, id := pv.slices(i, recs)
			if r := lookup(store, c, CacheKey(c, cfg.Options, id)); r != nil {
				res.Reports[i] = r
				if cfg.Rubric != nil {
					r.ApplyScore(cfg.Rubric)
				}
				em.done1(i)
				continue
			}
		}
		todo = append(todo, i)
		pv.use(i)
	}

	if cfg.OnMemory != nil && len(todo) > 0 {
		cfg.OnMemory(pv.memory(todo))
	}

	// The slices, entry by entry, and the entries ready meanwhile.
	ready := make(chan readyEntry, len(todo))
	var provErr error
	go func() {
		defer close(ready)
		for _, i := range todo {
			if ctx.Err() != nil {
				return
			}
			if err := pv.provide(ctx, i, comps[i].Name()); err != nil {
				provErr = err
				return
			}
			var recs map[string]tablebase.SliceRecord
			if store != nil {
				recs = recordsByName(store)
			}
			ms, id := pv.slices(i, recs)
			ready <- readyEntry{i, ms, id}
		}
	}()
	g := new(errgroup.Group)
	g.SetLimit(max(1, cfg.Workers))
	for en := range ready {
		g.Go(func() error {
			i := en.i
			opt := cfg.Options
			if store != nil {
				opt.Prober = pv.prober(i, en.slices)
			}
			if cfg.OnStart != nil {
				cfg.OnStart(i)
			}
			res.Reports[i], res.Internal[i] = analyseEntry(ctx, &cfg, pv, comps[i], opt, en.id)
			pv.release(i)
			em.done1(i)
			return nil
		})
	}
	_ = g.Wait()
	res.Damage = pv.analysisDamage()
	if provErr != nil {
		return res, provErr
	}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	return res, nil
}

// readyEntry is an entry whose slices are provided, with the slices it is
// analysed with and their name in its cache key.
type readyEntry struct {
	i      int
	slices []tablebase.Material
	id     string
}

// emitter calls OnReport in input order as the reports finish.
type emitter struct {
	mu   sync.Mutex
	fn   func(int, *judge.Report, error)
	res  *Results
	done []bool
	next int
}

func (e *emitter) done1(i int) {
	if e.fn == nil {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.done[i] = true
	for e.next < len(e.done) && e.done[e.next] {
		e.fn(e.next, e.res.Reports[e.next], e.res.Internal[e.next])
		e.next++
	}
}

// analyseEntry analyses and scores one entry. A panic inside becomes the
// entry's internal error ("file:line: internal error: ...") and a report
// with verdict unknown, so that the rest of the batch is still reported.
func analyseEntry(ctx context.Context, cfg *Config, pv *provisioner, c *composition.Composition, opt judge.Options, slices string) (*judge.Report, error) {
	r, err := recoverEntry(c, func() *judge.Report {
		r := analyseCached(ctx, cfg, pv, c, opt, slices)
		if cfg.Rubric != nil {
			r.ApplyScore(cfg.Rubric)
		}
		return r
	})
	if err != nil && cfg.Rubric != nil {
		r.ApplyScore(cfg.Rubric)
	}
	return r, err
}

// recoverEntry runs the analysis fn of c; a panic inside is returned as
// c's internal error with failedReport (verdict unknown, the error as the
// reason).
func recoverEntry(c *composition.Composition, fn func() *judge.Report) (r *judge.Report, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s:%d: internal error: %v (at %s); the rest of the batch is checked, please report this entry", c.File, c.Line, p, panicSite())
			r = failedReport(c, err)
		}
	}()
	return fn(), nil
}

// panicSite names the function and line that panicked, from inside the
// deferred function that recovered.
func panicSite() string {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(0, pcs)])
	seenPanic := false
	for {
		fr, more := frames.Next()
		if fr.Function == "runtime.gopanic" {
			seenPanic = true
		} else if seenPanic && !strings.HasPrefix(fr.Function, "runtime.") {
			return fmt.Sprintf("%s, %s:%d", fr.Function, filepath.Base(fr.File), fr.Line)
		}
		if !more {
			return "unknown place"
		}
	}
}

// failedReport is the report of an entry whose analysis failed: the
// entry's identity and verdict unknown with the error as the reason.
func failedReport(c *composition.Composition, err error) *judge.Report {
	return &judge.Report{File: c.File, Index: c.Index, Line: c.Line, Variant: c.Rules.ID, Genre: c.Genre,
		Stipulation: c.Stipulation.Text, FEN: c.FEN(), Author: c.Author,
		Source: c.Source, SourceStatus: c.Status, Verdict: judge.VUnknown, Reason: err.Error(),
		Keys: []string{}, Cooks: []judge.Finding{}, Duals: []judge.Finding{},
		Transpositions: []judge.Finding{}, MissingDefences: []judge.Finding{}, Checks: []judge.Check{}}
}
