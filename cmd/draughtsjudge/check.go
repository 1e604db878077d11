package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/pflag"
	"golang.org/x/sync/errgroup"

	"draughtsjudge/composition"
	"draughtsjudge/corpus"
	"draughtsjudge/draughts"
	"draughtsjudge/judge"
	"draughtsjudge/solver"
	"draughtsjudge/tablebase"
	"draughtsjudge/tourney"
)

func init() {
	register(command{"check", "check compositions (PDN files, folders, globs; default: the embedded sample corpus)", cmdCheck})
	register(command{"solve", "solve one composition or position and print the full solution tree", cmdSolve})
}

// runFlags are the flags shared by check and solve.
type runFlags struct {
	format      string
	nodes       uint64
	timeout     time.Duration
	mem         int
	threads     int
	db          string
	noDB        bool
	slack       int
	maxBound    int
	margin      int
	tree        bool
	endgames    int
	drawRules   string // --draw-rules
	maxFileSize int64  // --max-file-size, MiB
	rubric      string // --rubric (check)
	pdnOut      string // --pdn-out (check)
	lenient     bool   // --lenient-study-duals
}

func addRunFlags(fs *pflag.FlagSet, f *runFlags) {
	fs.StringVar(&f.format, "format", "text", "output: text, json, markdown or html")
	fs.Uint64Var(&f.nodes, "nodes", 2_000_000, "node budget per search (per first move); 0 = no node limit, only with --time")
	fs.DurationVar(&f.timeout, "time", 0, "time budget per composition, e.g. 2m (0 = none; results then depend on the machine)")
	fs.IntVar(&f.mem, "mem", defaultMemMiB(), "search memory per composition (proof-number tables, local analysis), MiB (1..1048576); default an eighth of the machine's memory, 256..4096")
	fs.IntVarP(&f.threads, "threads", "t", runtime.NumCPU(), "goroutines, at least 1 (results do not depend on it)")
	fs.StringVar(&f.db, "db", "", "store directory (default $DRAUGHTSJUDGE_DB or the user cache dir)")
	fs.BoolVar(&f.noDB, "no-db", false, "do not read or write the on-disk store")
	fs.IntVar(&f.slack, "slack", 4, "search other first moves and duals up to the shortest solution + this many moves (at least 1)")
	fs.IntVar(&f.maxBound, "max-bound", 40, "longest solution searched for, in White moves (at least 1)")
	fs.IntVar(&f.endgames, "endgames", autoEndgames, "build (once, into the store) the endgame slices of up to this many pieces that the compositions can reach; 0 = none; default 5 on 8x8 boards, 4 on 10x10")
	fs.StringVar(&f.drawRules, "draw-rules", "theory", "theory (a draw only when no side can force a win) or game (the move-count draw rules 6.1.8, 7.5.2, 8.2)")
	fs.IntVar(&f.margin, "margin", 2, "problem finale rule: Black to make a quiet move, no shot, White this many pieces up on the initial balance (1..20); -1 = off")
	fs.Int64Var(&f.maxFileSize, "max-file-size", corpus.DefaultMaxFileSize>>20, "largest input file read, MiB")
	fs.BoolVar(&f.lenient, "lenient-study-duals", false, "a partial cook in a study after the branching is a warning: no defect in the main line, no side variation demoted (11.2.6; README \"Judgement calls\")")
}

// autoEndgames is --endgames' default: endgamesFor picks by board.
const autoEndgames = -1

// endgamesFor is the largest endgame slice built for r: --endgames, or by
// default 5 pieces on 8x8 boards (the Russian 5-piece slices take about
// 110 CPU-seconds and 40 MB once, and decide the long Russian studies);
// on 10x10, 5 for a composition of at most 8 pieces (a study: the slices
// its material can reach) and 4 for the rest (every 5-piece slice, which
// a full problem reaches, takes about 8 minutes on 2 cores).
func (f *runFlags) endgamesFor(r *draughts.Rules, pieces int) int {
	if f.endgames != autoEndgames {
		return f.endgames
	}
	if r.Board.Size == 8 || pieces <= 8 {
		return 5
	}
	return 4
}

// maxPieces is the largest material of ms, in pieces.
func maxPieces(ms []tablebase.Material) int {
	n := 0
	for _, m := range ms {
		n = max(n, int(m.WM)+int(m.WK)+int(m.BM)+int(m.BK))
	}
	return n
}

// load reads the inputs of check and solve.
func (f *runFlags) load(paths []string) []corpus.Entry {
	return corpus.LoadWith(paths, corpus.Options{MaxFileSize: f.maxFileSize << 20})
}

func (f *runFlags) options(threadsPerEntry int) judge.Options {
	return judge.Options{
		Solver: solver.Options{
			Budget:   solver.Budget{Nodes: f.nodes, TTBytes: f.mem << 20},
			MaxBound: f.maxBound, Slack: f.slack, Threads: threadsPerEntry,
			DrawRules: drawRules(f.drawRules),
		},
		Time:              f.timeout,
		MaterialMargin:    f.margin,
		LenientStudyDuals: f.lenient,
	}
}

// openStore opens the store (nil with --no-db). A store it cannot use is
// an error and exitStore: the run does not go on without the databases
// and cache it was asked to use. What Open did besides (read-only, a
// damaged store moved aside) is printed once.
func (f *runFlags) openStore(stderr io.Writer) (*tablebase.Store, int) {
	if f.noDB {
		return nil, exitOK
	}
	dir := f.db
	if dir == "" {
		dir = tablebase.DefaultDir()
	}
	s, err := tablebase.Open(dir)
	if err != nil {
		fmt.Fprintf(stderr, "draughtsjudge: %v\n", err)
		return nil, exitStore
	}
	for _, n := range s.Notes() {
		fmt.Fprintf(stderr, "draughtsjudge: %s\n", n)
	}
	return s, exitOK
}

func cmdCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("check")
	var f runFlags
	addRunFlags(fs, &f)
	addReportFlags(fs, &f)
	usage := usageFunc(fs, "usage: draughtsjudge check [flags] [PATHS]",
		"Checks every composition in the PDN files, folders and globs given (default: the embedded sample corpus).",
		"Exit code: 0 all sound, 1 some entry defective or unknown, 2 usage or input errors, 3 the store cannot be used (locked, damaged, another format, no space), 4 internal error in some entry.")
	if code, ok := parseFlags(fs, usage, args, stdout, stderr); !ok {
		return code
	}
	if err := f.validate(); err != nil {
		return usageError(stderr, "check", err)
	}
	var entries []corpus.Entry
	if fs.NArg() == 0 {
		entries = corpus.Sample()
	} else {
		entries = f.load(fs.Args())
	}
	return runBatch(entries, &f, stdout, stderr)
}

// batchResult is the JSON document of a batch.
type batchResult struct {
	Entries []*judge.Report `json:"entries"`
	Errors  []string        `json:"errors"`
	Summary summary         `json:"summary"`
}

type summary struct {
	Entries   int     `json:"entries"`
	Sound     int     `json:"sound"`
	Defective int     `json:"defective"`
	Unknown   int     `json:"unknown"`
	Errors    int     `json:"input_errors"`
	Internal  int     `json:"internal_errors,omitempty"`
	Nodes     uint64  `json:"nodes"`
	Seconds   float64 `json:"seconds"`
}

// analyse is judge.Analyse; tests replace it to inject a failure.
var analyse = judge.Analyse

// runBatch analyses the entries and writes the report. The rubric and the
// --pdn-out file are checked before any work; a failure to write the PDN
// file afterwards is reported but never costs the report on stdout.
func runBatch(entries []corpus.Entry, f *runFlags, stdout, stderr io.Writer) int {
	t0 := time.Now()
	rubric, err := loadRubric(f.rubric, f)
	if err != nil {
		return usageError(stderr, "check", fmt.Errorf("--rubric: %v", err))
	}
	var pdnOut *outputFile
	if f.pdnOut != "" {
		if pdnOut, err = createOutput(f.pdnOut); err != nil {
			return usageError(stderr, "check", fmt.Errorf("--pdn-out: %v", err))
		}
		defer pdnOut.abandon()
	}
	var res batchResult
	res.Entries = []*judge.Report{}
	res.Errors = []string{}
	var comps []corpus.Entry
	for _, e := range entries {
		if e.Err != nil {
			res.Errors = append(res.Errors, e.Err.Error())
			fmt.Fprintln(stderr, e.Err.Error())
			continue
		}
		comps = append(comps, e)
	}
	var store *tablebase.Store
	if len(comps) > 0 { // nothing to check: the store is not even opened
		var code int
		if store, code = f.openStore(stderr); code != exitOK {
			return code
		}
	}
	if store != nil {
		defer store.Close()
	}
	reports := make([]*judge.Report, len(comps))
	internal := make([]error, len(comps))
	opt := f.options(f.threads)
	slices := 0
	if store != nil && f.endgames != 0 {
		if code := ensureEndgames(store, comps, f, stderr); code != exitOK {
			return code
		}
	}
	damaged := 0
	if store != nil {
		opt.Prober = solver.TablebaseProber(store)
		slices = len(store.SliceRecords())
		damaged = len(store.Damage())
	}
	bar := newCheckBar(stderr, len(comps))
	g := new(errgroup.Group)
	g.SetLimit(batchLimit(f.threads, f.mem))
	for i, e := range comps {
		i, c := i, e.Composition
		g.Go(func() error {
			reports[i], internal[i] = analyseEntry(store, c, opt, f, slices, rubric)
			bar.add(reports[i].Cached)
			return nil
		})
	}
	_ = g.Wait()
	bar.finish()
	res.Entries = reports
	tourney.FindPredecessors(reports)
	for i, r := range reports {
		if internal[i] != nil {
			res.Summary.Internal++
			fmt.Fprintln(stderr, internal[i])
		}
		for _, e := range r.AuthorErrors {
			res.Errors = append(res.Errors, e)
			fmt.Fprintln(stderr, e)
		}
		res.Summary.Nodes += r.Nodes
		switch r.Verdict {
		case judge.Sound:
			res.Summary.Sound++
		case judge.Defective:
			res.Summary.Defective++
		default:
			res.Summary.Unknown++
		}
	}
	if pdnOut != nil {
		var sb strings.Builder
		for _, r := range reports {
			writePDN(&sb, r)
		}
		if err := pdnOut.commit([]byte(sb.String())); err != nil {
			msg := fmt.Sprintf("draughtsjudge check: --pdn-out: %v", err)
			res.Errors = append(res.Errors, msg)
			fmt.Fprintln(stderr, msg)
		}
	}
	res.Summary.Entries = len(reports)
	res.Summary.Errors = len(res.Errors)
	res.Summary.Seconds = time.Since(t0).Seconds()
	if f.format == "markdown" || f.format == "html" {
		writeDocument(stdout, &res, f.format)
	} else if f.format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if !f.tree {
			for _, r := range res.Entries {
				r.Tree = nil
			}
		}
		enc.Encode(res)
	} else {
		for _, r := range reports {
			writeReport(stdout, r, f.tree)
		}
		writeSummary(stdout, &res)
	}
	if store != nil && len(store.Damage()) > damaged {
		for _, err := range store.Damage()[damaged:] {
			fmt.Fprintf(stderr, "draughtsjudge: %v\n", err)
		}
		fmt.Fprintln(stderr, "draughtsjudge: the damaged endgame slices were dropped; the entries checked while they were found are not cached and may lack them; run again to rebuild them")
		return exitStore
	}
	switch {
	case res.Summary.Internal > 0:
		return exitInternal
	case len(res.Errors) > 0:
		return exitUsage
	case res.Summary.Defective+res.Summary.Unknown > 0:
		return exitDefective
	}
	return exitOK
}

// analyseEntry analyses and scores one entry. A panic inside becomes the
// entry's internal error ("file:line: internal error: ...") and a report
// with verdict unknown, so that the rest of the batch is still reported.
func analyseEntry(store *tablebase.Store, c *composition.Composition, opt judge.Options, f *runFlags, slices int, rubric judge.Rubric) (*judge.Report, error) {
	r, err := recoverEntry(c, func() *judge.Report {
		r := analyseCached(store, c, opt, f, slices)
		r.ApplyScore(rubric)
		return r
	})
	if err != nil {
		r.ApplyScore(rubric)
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

// analyseCached reads a finished report from the store or computes and
// stores it. The cache key covers the position, the variant, the
// stipulation, the genre (and a stated practical problem), the author's
// solution with its marks (? marks a try) and every option that can
// change the answer; the store's engine version covers the solver and
// judge.ReportVersion the checks. What the key does not cover is
// never taken from the store: the metadata (file, index, line, author,
// source, status) is the current entry's, and a report with errors in the
// author's solution, whose messages name a file and line, is not stored.
func analyseCached(store *tablebase.Store, c *composition.Composition, opt judge.Options, f *runFlags, slices int) *judge.Report {
	if store == nil {
		return analyse(context.Background(), c, opt)
	}
	h := sha256.New()
	fmt.Fprintf(h, "v%d|%s|%s|%s|%d|%d|%d|%d|%d|%d|%s|", judge.ReportVersion, c.Genre, c.Stipulation.Text, c.Rules.ID, f.nodes, f.slack, f.maxBound, f.margin, f.mem, slices, f.drawRules)
	if c.Practical {
		fmt.Fprint(h, "practical|")
	}
	if c.Lasca != nil {
		// Start is empty for Lasca: the position is in the key instead.
		fmt.Fprintf(h, "lasca %s|", c.FEN())
	}
	if f.lenient {
		fmt.Fprint(h, "lenient-study-duals|")
	}
	for _, p := range flatten(c) {
		fmt.Fprintf(h, "%s ", p)
	}
	fmt.Fprint(h, c.PartsKey()) // the parts of a special kind (11.1.4)
	goal := "report:" + hex.EncodeToString(h.Sum(nil))[:32]
	damaged := len(store.Damage())
	if s, ok, err := store.GetSolved(c.Rules.ID, goal, &c.Start); err == nil && ok {
		var r judge.Report
		if json.Unmarshal(s.Extra, &r) == nil && len(r.AuthorErrors) == 0 {
			r.File, r.Index, r.Line, r.Cached = c.File, c.Index, c.Line, true
			r.Author, r.Source, r.SourceStatus = c.Author, c.Source, c.Status
			return &r
		}
	}
	r := analyse(context.Background(), c, opt)
	if r.Verdict == judge.VUnknown && strings.Contains(r.Reason, "budget") && f.timeout > 0 {
		return r // a time-limited unknown is not a fact about the position
	}
	if len(store.Damage()) != damaged {
		return r // a slice the key counts was found damaged meanwhile: made with less than the key says
	}
	if len(r.AuthorErrors) > 0 {
		return r
	}
	data, err := json.Marshal(r)
	if err == nil {
		_ = store.PutSolved(c.Rules.ID, goal, &c.Start, tablebase.Solved{Verdict: r.Verdict, Distance: r.Distance, Moves: r.Keys, Extra: data})
	}
	return r
}

// flatten lists the author's plies with their marks ($n) and variation
// markers (cache key).
func flatten(c *composition.Composition) []string {
	var out []string
	var walk func(plies []draughts.Ply)
	walk = func(plies []draughts.Ply) {
		for _, p := range plies {
			out = append(out, p.Text)
			for _, n := range p.NAGs {
				out = append(out, fmt.Sprintf("$%d", n))
			}
			for _, v := range p.Variations {
				out = append(out, "(")
				walk(v)
				out = append(out, ")")
			}
		}
	}
	walk(c.Game.Moves)
	return out
}

// ensureEndgames builds the endgame slices of at most f.endgames pieces
// that the compositions' initial material can reach (captures remove
// pieces, men may become kings). Finished slices are never rebuilt; those
// found damaged (their checksum) are reported and rebuilt. A read-only
// store with damaged slices is refused (exitStore); one with missing slices
// is checked without them, and says so.
func ensureEndgames(store *tablebase.Store, comps []corpus.Entry, f *runFlags, stderr io.Writer) int {
	want := map[*draughts.Rules]map[tablebase.Material]bool{}
	for _, e := range comps {
		c := e.Composition
		if c.Lasca != nil {
			continue // no endgame databases for Lasca (README "Lasca")
		}
		m := tablebase.MaterialOf(&c.Start)
		limit := f.endgamesFor(c.Rules, c.Start.Occupied().Count())
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
				fmt.Fprintf(stderr, "draughtsjudge: %v; the store is read-only, so it cannot be rebuilt: make it writable, or use --no-db or another --db\n", err)
				return exitStore
			}
			fmt.Fprintf(stderr, "draughtsjudge: %v; dropped, rebuilding it\n", err)
		}
		missing := e.Missing(ms)
		if len(missing) == 0 {
			continue
		}
		if store.ReadOnly() {
			fmt.Fprintf(stderr, "draughtsjudge: the store is read-only: %d %s endgame slices up to %d pieces the batch can reach are not built (first %s); checking without them\n", len(missing), r.ID, maxPieces(missing), missing[0])
			continue
		}
		fmt.Fprintf(stderr, "draughtsjudge: building %d %s endgame slices up to %d pieces (once; kept in %s)\n", len(missing), r.ID, maxPieces(missing), store.Dir)
		t0 := time.Now()
		if err := e.Build(context.Background(), ms, tablebase.BuildOptions{Threads: f.threads}); err != nil {
			fmt.Fprintf(stderr, "draughtsjudge: warning: endgame build: %v; checking without the %d %s slices not built (reports are cached under the slices present)\n", err, len(e.Missing(ms)), r.ID)
			continue
		}
		fmt.Fprintf(stderr, "draughtsjudge: %s endgame slices built in %.1fs\n", r.ID, time.Since(t0).Seconds())
	}
	return exitOK
}

func drawRules(s string) solver.DrawRules {
	d, _ := solver.ParseDrawRules(s)
	return d
}
