package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"github.com/spf13/pflag"

	"draughtsjudge/batch"
	"draughtsjudge/corpus"
	"draughtsjudge/draughts"
	"draughtsjudge/judge"
	"draughtsjudge/solver"
	"draughtsjudge/tablebase"
)

// newFlagSet returns a flag set for a command. Its output is discarded:
// parseFlags prints the errors and the usage where they belong.
func newFlagSet(name string) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseFlags parses args. --help (-h) prints the usage on stdout (exit 0);
// an unknown or malformed flag prints pflag's error and the usage on
// stderr (exit 2). ok is true when the command should go on.
func parseFlags(fs *pflag.FlagSet, usage func(w io.Writer), args []string, stdout, stderr io.Writer) (code int, ok bool) {
	err := fs.Parse(args)
	switch {
	case err == nil:
		return exitOK, true
	case errors.Is(err, pflag.ErrHelp):
		usage(stdout)
		return exitOK, false
	}
	fmt.Fprintf(stderr, "draughtsjudge %s: %v\n\n", fs.Name(), err)
	usage(stderr)
	return exitUsage, false
}

// usageFunc returns a usage printer: the text lines, then the flags.
func usageFunc(fs *pflag.FlagSet, lines ...string) func(io.Writer) {
	return func(w io.Writer) {
		for _, l := range lines {
			fmt.Fprintln(w, l)
		}
		fmt.Fprintln(w, "\nflags:")
		fmt.Fprint(w, fs.FlagUsages())
	}
}

// usageError prints a usage error of command name on stderr and returns
// exitUsage.
func usageError(stderr io.Writer, name string, err error) int {
	fmt.Fprintf(stderr, "draughtsjudge %s: %v\n", name, err)
	return exitUsage
}

// intFlag checks lo <= v <= hi for the flag --name; why says what the
// bounds mean.
func intFlag[T ~int | ~int64 | ~uint64](name string, v, lo, hi T, why string) error {
	if v < lo || v > hi {
		return fmt.Errorf("--%s %d: %s", name, v, why)
	}
	return nil
}

// maxNodes bounds --nodes: 10^12 nodes is days of search per first move,
// and 96 times it still fits a uint64.
const maxNodes = 1_000_000_000_000

// maxMemMiB bounds --mem (1 TiB; more would overflow nothing but is
// certainly a typo).
const maxMemMiB = 1 << 20

// validate checks every numeric flag of check and solve, and the
// enumerated ones, before any work.
func (f *runFlags) validate() error {
	if !validFormat(f.format) {
		return fmt.Errorf("--format %q: want text, json, markdown or html", f.format)
	}
	if _, ok := solver.ParseDrawRules(f.drawRules); !ok {
		return fmt.Errorf("--draw-rules %q: want theory or game", f.drawRules)
	}
	return f.validateNumbers()
}

// validateNumbers checks every numeric flag of the run flags (check's,
// shared by solve, key, grade and report) before any work.
func (f *runFlags) validateNumbers() error {
	if f.nodes == 0 && f.timeout == 0 {
		return errors.New("--nodes 0: no node limit needs a --time limit (a search without either may never end)")
	}
	if f.nodes > maxNodes {
		// The phases multiply N by up to 96; a larger N is no limit in
		// effect (and would overflow), so it must say so: 0 with --time.
		return fmt.Errorf("--nodes %d: must be at most %d (1e12; 0 = no node limit, with --time)", f.nodes, uint64(maxNodes))
	}
	// --endgames' default is autoEndgames (-1) inside: an explicit -1 is
	// out of the documented 0..8, not the default.
	if f.fs != nil && f.fs.Changed("endgames") && f.endgames < 0 {
		return fmt.Errorf("--endgames %d: must be 0..8 pieces (0 = build none)", f.endgames)
	}
	if f.timeout < 0 {
		return fmt.Errorf("--time %v: must not be negative (0 = no time limit)", f.timeout)
	}
	for _, err := range []error{
		intFlag("mem", f.mem, 1, maxMemMiB, fmt.Sprintf("must be 1..%d MiB", maxMemMiB)),
		intFlag("threads", f.threads, 1, 4096, "must be 1..4096"),
		// The solver reads a slack or bound of 0 as its default (4, 40):
		// refuse it rather than silently search something else.
		intFlag("slack", f.slack, 1, 1000, "must be 1..1000 moves"),
		intFlag("max-bound", f.maxBound, 1, 1000, "must be 1..1000 White moves"),
		intFlag("endgames", f.endgames, autoEndgames, 8, "must be 0..8 pieces (0 = build none)"),
		intFlag("max-file-size", f.maxFileSize, 1, 1<<30, "must be 1..1073741824 MiB"),
	} {
		if err != nil {
			return err
		}
	}
	if f.margin != -1 && (f.margin < 1 || f.margin > 20) {
		return fmt.Errorf("--margin %d: must be 1..20 pieces, or -1 to turn the rule off", f.margin)
	}
	return f.validateArchive()
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
	archive     string // --archive (check, report, key): archive.go
	// fs is the flag set addRunFlags added these to: validateNumbers asks
	// it which flags were given.
	fs *pflag.FlagSet
}

func addRunFlags(fs *pflag.FlagSet, f *runFlags) {
	f.fs = fs
	fs.StringVar(&f.format, "format", "text", "output: text, json, markdown or html")
	fs.Uint64Var(&f.nodes, "nodes", 2_000_000, "node budget per search (per first move), at most 1e12; all the searches of a composition share a work budget of 1024 × N + 64M nodes; 0 = no node limit, only with --time")
	fs.DurationVar(&f.timeout, "time", 0, "time budget per composition, its parts included, e.g. 2m (0 = none; results then depend on the machine)")
	fs.IntVar(&f.mem, "mem", defaultMemMiB(), "search memory per composition (proof-number tables, local analysis), MiB (1..1048576); default an eighth of the machine's memory, 256..4096")
	fs.IntVarP(&f.threads, "threads", "t", runtime.NumCPU(), "goroutines, at least 1 (results do not depend on it)")
	fs.StringVar(&f.db, "db", "", "store directory (default $DRAUGHTSJUDGE_DB or the user cache dir)")
	fs.BoolVar(&f.noDB, "no-db", false, "do not read or write the on-disk store")
	fs.IntVar(&f.slack, "slack", 4, "search other first moves and duals up to the shortest solution + this many moves (1..1000)")
	fs.IntVar(&f.maxBound, "max-bound", 40, "longest solution searched for, in White moves (1..1000)")
	fs.IntVar(&f.endgames, "endgames", autoEndgames, "build (once, into the store) the endgame slices of up to this many pieces that the compositions can reach, 0..8; 0 (or 1) = none")
	// The default is endgamesFor's choice, not the -1 that stands for it.
	fs.Lookup("endgames").DefValue = "5 on 8x8; on 10x10 5 for a composition of at most 7 pieces a side (a miniature, 11.1.3), else 4"
	fs.StringVar(&f.drawRules, "draw-rules", "theory", "theory (a draw only when no side can force a win) or game (the move-count draw rules 6.1.8, 7.5.2, 8.2)")
	fs.IntVar(&f.margin, "margin", 2, "problem finale rule: Black, without a king, to make a quiet move, no shot, no black man three rows from crowning against White's men alone, White this many pieces up on the initial balance (1..20); -1 = off")
	fs.Int64Var(&f.maxFileSize, "max-file-size", corpus.DefaultMaxFileSize>>20, "largest input file read, MiB")
	fs.BoolVar(&f.lenient, "lenient-study-duals", false, "a partial cook in a study after the branching is a warning: no defect in the main line, no side variation demoted (11.2.6; docs/checks.md \"Judgement calls\")")
}

// autoEndgames is --endgames' default: endgamesFor picks by board.
const autoEndgames = -1

// endgamesFor is the largest endgame slice built for a composition of r
// starting at start: --endgames, or by default 5 pieces on 8x8 boards
// (the Russian 5-piece slices take about 110 CPU-seconds and 40 MB once,
// and decide the long Russian studies); on 10x10, 5 for a composition of
// at most 7 pieces a side (a study, or a miniature: 11.1.3 groups 10x10
// problems of up to 7 men a side as miniatures; their solutions end in
// few pieces, and the batch builds only the positions its start can
// reach: tablebase/cone.go) and 4 for the rest (a full problem's start
// reaches nearly every position of every 5-piece slice: about 3 minutes
// on 2 cores).
func (f *runFlags) endgamesFor(r *draughts.Rules, start *draughts.Position) int {
	if f.endgames != autoEndgames {
		return f.endgames
	}
	if r.Board.Size == 8 || max(start.Pieces[draughts.White].Count(), start.Pieces[draughts.Black].Count()) <= 7 {
		return 5
	}
	return 4
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
	dir, err := storeDir(f.db)
	if err != nil {
		fmt.Fprintf(stderr, "draughtsjudge: %v\n", err)
		return nil, exitStore
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

// storeDir is the store's folder: --db, else $DRAUGHTSJUDGE_DB, else
// <user cache dir>/draughtsjudge/db. Without a user cache dir (neither
// $XDG_CACHE_HOME nor $HOME set) it is an error: a folder in the shared
// temporary directory would be another user's to read, lock or delete.
func storeDir(db string) (string, error) {
	if db != "" {
		return db, nil
	}
	if d := os.Getenv("DRAUGHTSJUDGE_DB"); d != "" {
		return d, nil
	}
	if _, err := os.UserCacheDir(); err != nil {
		return "", fmt.Errorf("no folder for the store: %v; give --db DIR or set $DRAUGHTSJUDGE_DB (or --no-db to run without it)", err)
	}
	return tablebase.DefaultDir(), nil
}

// addReportFlags adds the check command's report flags.
func addReportFlags(fs *pflag.FlagSet, f *runFlags) {
	fs.StringVar(&f.rubric, "rubric", "", "scoring rubric file replacing the embedded one (tab-separated: id, clause, weight, condition, description)")
	fs.StringVar(&f.pdnOut, "pdn-out", "", "write the solution trees of the batch as PDN with comments to this file")
}

func validFormat(s string) bool {
	return s == "text" || s == "json" || s == "markdown" || s == "html"
}

// loadRubric reads the --rubric file, or returns the embedded rubric.
// Only a regular file of at most --max-file-size is read.
func loadRubric(path string, f *runFlags) (judge.Rubric, error) {
	if path == "" {
		return judge.DefaultRubric(), nil
	}
	data, err := readInput(path, f)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read: %v", path, err)
	}
	return judge.ParseRubric(path, data)
}

func drawRules(s string) solver.DrawRules {
	d, _ := solver.ParseDrawRules(s)
	return d
}

// batchConfig is the batch.Config of the run flags: the analysis
// options, store (nil with --no-db), endgames and workers; the store's
// and the endgame builds' notes go to stderr, one "draughtsjudge: " line
// each. rubric scores the reports (nil: not scored).
func (f *runFlags) batchConfig(store *tablebase.Store, rubric judge.Rubric, stderr io.Writer) batch.Config {
	cfg := batch.Config{
		Options:      f.options(f.threads),
		Store:        store,
		Workers:      batchLimit(f.threads, f.mem),
		BuildThreads: f.threads,
		Rubric:       rubric,
		Notes:        func(msg string) { fmt.Fprintf(stderr, "draughtsjudge: %s\n", msg) },
		Analyse:      analyse,
	}
	if f.endgames != 0 {
		cfg.Endgames = f.endgamesFor
	}
	return cfg
}
