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
	"draughtsjudge/solver"
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
	// composition of rules r with the given number of pieces before the
	// analysis (0: none); nil builds none. Only with a Store.
	Endgames func(r *draughts.Rules, pieces int) int
	// BuildThreads are the goroutines of an endgame build (at least 1).
	BuildThreads int
	// Rubric, if not nil, scores every report (composition.ApplyScore).
	Rubric judge.Rubric
	// Notes receives one line for each thing the run does or finds in
	// the store besides the analysis (an endgame build, a damaged slice
	// dropped, slices left unbuilt in a read-only store); nil: discarded.
	Notes func(msg string)
	// BuildProgress and BuildLog, if set, follow an endgame build of
	// EnsureEndgames: the positions done of the total, and each slice
	// built (tablebase.BuildOptions' Progress and Log).
	BuildProgress func(done, total int64)
	BuildLog      func(rec tablebase.SliceRecord)
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
	// Damage lists the damage the store found during the analysis
	// (endgame slices dropped): the reports analysed meanwhile may lack
	// those slices and are not cached.
	Damage []error
}

func (cfg *Config) note(format string, a ...any) {
	if cfg.Notes != nil {
		cfg.Notes(fmt.Sprintf(format, a...))
	}
}

// Run builds the endgame slices the compositions can reach (Endgames),
// then analyses every composition, Workers at once, reading and writing
// the report cache of the Store. The reports come back in input order,
// whatever Workers. The error is EnsureEndgames' (a store that cannot be
// used as the run needs it: nothing is analysed) or the context's, if it
// ended the run early; a panic inside one composition is not an error
// of Run but that composition's Results.Internal.
func Run(ctx context.Context, cfg Config, comps []*composition.Composition) (*Results, error) {
	store := cfg.Store
	opt := cfg.Options
	slices, damaged := 0, 0
	if store != nil && cfg.Endgames != nil {
		if err := EnsureEndgames(ctx, &cfg, comps); err != nil {
			return nil, err
		}
	}
	if store != nil {
		opt.Prober = solver.TablebaseProber(store)
		slices = len(store.SliceRecords())
		damaged = len(store.Damage())
	}
	if cfg.Analyse == nil {
		cfg.Analyse = judge.Analyse
	}
	res := &Results{Reports: make([]*judge.Report, len(comps)), Internal: make([]error, len(comps))}
	em := emitter{fn: cfg.OnReport, res: res, done: make([]bool, len(comps))}
	g := new(errgroup.Group)
	g.SetLimit(max(1, cfg.Workers))
	for i, c := range comps {
		g.Go(func() error {
			res.Reports[i], res.Internal[i] = analyseEntry(ctx, &cfg, store, c, opt, slices)
			em.done1(i)
			return nil
		})
	}
	_ = g.Wait()
	if store != nil && len(store.Damage()) > damaged {
		res.Damage = store.Damage()[damaged:]
	}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	return res, nil
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
func analyseEntry(ctx context.Context, cfg *Config, store *tablebase.Store, c *composition.Composition, opt judge.Options, slices int) (*judge.Report, error) {
	r, err := recoverEntry(c, func() *judge.Report {
		r := analyseCached(ctx, cfg, store, c, opt, slices)
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
