package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/pflag"
	"golang.org/x/sync/errgroup"
	"golang.org/x/term"

	"draughtsjudge/composition"
	"draughtsjudge/corpus"
	"draughtsjudge/draughts"
	"draughtsjudge/solver"
	"draughtsjudge/tablebase"
)

func init() {
	register(command{"check", "check compositions (PDN files, folders, globs; default: the embedded sample corpus)", cmdCheck})
	register(command{"solve", "solve one composition or position and print the full solution tree", cmdSolve})
}

// runFlags are the flags shared by check and solve.
type runFlags struct {
	format    string
	nodes     uint64
	timeout   time.Duration
	mem       int
	threads   int
	db        string
	noDB      bool
	slack     int
	maxBound  int
	margin    int
	tree      bool
	endgames  int
	drawRules string // --draw-rules
	rubric    string // --rubric (check)
	pdnOut    string // --pdn-out (check)
}

func addRunFlags(fs *pflag.FlagSet, f *runFlags) {
	fs.StringVar(&f.format, "format", "text", "output: text, json, markdown or html")
	fs.Uint64Var(&f.nodes, "nodes", 2_000_000, "node budget per search (per first move)")
	fs.DurationVar(&f.timeout, "time", 0, "time budget per composition (0 = none; results then depend on the machine)")
	fs.IntVar(&f.mem, "mem", 256, "transposition table memory per composition, MiB")
	fs.IntVarP(&f.threads, "threads", "t", runtime.NumCPU(), "goroutines (results do not depend on it)")
	fs.StringVar(&f.db, "db", "", "store directory (default $DRAUGHTSJUDGE_DB or the user cache dir)")
	fs.BoolVar(&f.noDB, "no-db", false, "do not read or write the on-disk store")
	fs.IntVar(&f.slack, "slack", 4, "search other first moves and duals up to the shortest solution + this many moves")
	fs.IntVar(&f.maxBound, "max-bound", 40, "longest solution searched for, in White moves")
	fs.IntVar(&f.endgames, "endgames", 4, "build (once, into the store) the endgame slices of up to this many pieces that the compositions can reach; 0 = none")
	fs.StringVar(&f.drawRules, "draw-rules", "theory", "theory (a draw only when no side can force a win) or game (the move-count draw rules 6.1.8, 7.5.2, 8.2)")
	fs.IntVar(&f.margin, "margin", 2, "problem finale rule: Black to make a quiet move, no shot, White this many pieces up on the initial balance; -1 = off")
}

func (f *runFlags) options(threadsPerEntry int) composition.Options {
	return composition.Options{
		Solver: solver.Options{
			Budget:   solver.Budget{Nodes: f.nodes, TTBytes: f.mem << 20},
			MaxBound: f.maxBound, Slack: f.slack, Threads: threadsPerEntry,
			DrawRules: drawRules(f.drawRules),
		},
		Time:           f.timeout,
		MaterialMargin: f.margin,
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
	fs := pflag.NewFlagSet("check", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	var f runFlags
	addRunFlags(fs, &f)
	addReportFlags(fs, &f)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: draughtsjudge check [flags] [PATHS]")
		fmt.Fprintln(stderr, "Checks every composition in the PDN files, folders and globs given (default: the embedded sample corpus).")
		fmt.Fprintln(stderr, "Exit code: 0 all sound, 1 some entry defective or unknown, 2 usage or input errors, 3 the store cannot be used (locked, damaged, another format, no space).")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == pflag.ErrHelp {
			return exitOK
		}
		return exitUsage
	}
	if !validFormat(f.format) {
		fmt.Fprintf(stderr, "draughtsjudge check: --format %q: want text, json, markdown or html\n", f.format)
		return exitUsage
	}
	var entries []corpus.Entry
	if fs.NArg() == 0 {
		entries = corpus.Sample()
	} else {
		entries = corpus.Load(fs.Args())
	}
	return runBatch(entries, &f, stdout, stderr)
}

// batchResult is the JSON document of a batch.
type batchResult struct {
	Entries []*composition.Report `json:"entries"`
	Errors  []string              `json:"errors"`
	Summary summary               `json:"summary"`
}

type summary struct {
	Entries   int     `json:"entries"`
	Sound     int     `json:"sound"`
	Defective int     `json:"defective"`
	Unknown   int     `json:"unknown"`
	Errors    int     `json:"input_errors"`
	Nodes     uint64  `json:"nodes"`
	Seconds   float64 `json:"seconds"`
}

func runBatch(entries []corpus.Entry, f *runFlags, stdout, stderr io.Writer) int {
	if _, ok := solver.ParseDrawRules(f.drawRules); !ok {
		fmt.Fprintf(stderr, "draughtsjudge: --draw-rules %q: want theory or game\n", f.drawRules)
		return exitUsage
	}
	t0 := time.Now()
	store, code := f.openStore(stderr)
	if code != exitOK {
		return code
	}
	if store != nil {
		defer store.Close()
	}
	var res batchResult
	res.Entries = []*composition.Report{}
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
	reports := make([]*composition.Report, len(comps))
	opt := f.options(f.threads)
	slices := 0
	if store != nil && f.endgames > 0 {
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
	var bar *progressbar.ProgressBar
	if file, ok := stderr.(*os.File); ok && term.IsTerminal(int(file.Fd())) && len(comps) > 1 {
		bar = progressbar.NewOptions(len(comps), progressbar.OptionSetWriter(stderr),
			progressbar.OptionSetDescription("checking"), progressbar.OptionShowCount(), progressbar.OptionClearOnFinish())
	}
	var mu sync.Mutex
	g := new(errgroup.Group)
	g.SetLimit(max(1, f.threads))
	for i, e := range comps {
		i, c := i, e.Composition
		g.Go(func() error {
			reports[i] = analyseCached(store, c, opt, f, slices)
			if bar != nil {
				mu.Lock()
				bar.Add(1)
				mu.Unlock()
			}
			return nil
		})
	}
	_ = g.Wait()
	if bar != nil {
		bar.Finish()
	}
	res.Entries = reports
	if code := judge(reports, f, stderr); code != exitOK {
		return code
	}
	for _, r := range reports {
		for _, e := range r.AuthorErrors {
			res.Errors = append(res.Errors, e)
			fmt.Fprintln(stderr, e)
		}
		res.Summary.Nodes += r.Nodes
		switch r.Verdict {
		case composition.Sound:
			res.Summary.Sound++
		case composition.Defective:
			res.Summary.Defective++
		default:
			res.Summary.Unknown++
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
	case len(res.Errors) > 0:
		return exitUsage
	case res.Summary.Defective+res.Summary.Unknown > 0:
		return exitDefective
	}
	return exitOK
}

// analyseCached reads a finished report from the store or computes and
// stores it. The cache key covers the position, the variant, the
// stipulation, the genre, the author's solution and every option that can
// change the answer; the store's engine version covers the solver and
// composition.ReportVersion the checks.
func analyseCached(store *tablebase.Store, c *composition.Composition, opt composition.Options, f *runFlags, slices int) *composition.Report {
	if store == nil {
		return composition.Analyse(context.Background(), c, opt)
	}
	h := sha256.New()
	fmt.Fprintf(h, "v%d|%s|%s|%s|%d|%d|%d|%d|%d|%d|%s|", composition.ReportVersion, c.Genre, c.Stipulation.Text, c.Rules.ID, f.nodes, f.slack, f.maxBound, f.margin, f.mem, slices, f.drawRules)
	for _, p := range flatten(c) {
		fmt.Fprintf(h, "%s ", p)
	}
	goal := "report:" + hex.EncodeToString(h.Sum(nil))[:32]
	damaged := len(store.Damage())
	if s, ok, err := store.GetSolved(c.Rules.ID, goal, &c.Start); err == nil && ok {
		var r composition.Report
		if json.Unmarshal(s.Extra, &r) == nil {
			r.File, r.Index, r.Line, r.Cached = c.File, c.Index, c.Line, true
			return &r
		}
	}
	r := composition.Analyse(context.Background(), c, opt)
	if r.Verdict == composition.VUnknown && strings.Contains(r.Reason, "budget") && f.timeout > 0 {
		return r // a time-limited unknown is not a fact about the position
	}
	if len(store.Damage()) != damaged {
		return r // a slice the key counts was found damaged meanwhile: made with less than the key says
	}
	data, err := json.Marshal(r)
	if err == nil {
		_ = store.PutSolved(c.Rules.ID, goal, &c.Start, tablebase.Solved{Verdict: r.Verdict, Distance: r.Distance, Moves: r.Keys, Extra: data})
	}
	return r
}

// flatten lists the author's plies with variation markers (cache key).
func flatten(c *composition.Composition) []string {
	var out []string
	var walk func(plies []draughts.Ply)
	walk = func(plies []draughts.Ply) {
		for _, p := range plies {
			out = append(out, p.Text)
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
		m := tablebase.MaterialOf(&c.Start)
		if want[c.Rules] == nil {
			want[c.Rules] = map[tablebase.Material]bool{}
		}
		for wm := 0; wm <= int(m.WM); wm++ {
			for wk := 0; wk <= int(m.WK)+int(m.WM)-wm; wk++ {
				for bm := 0; bm <= int(m.BM); bm++ {
					for bk := 0; bk <= int(m.BK)+int(m.BM)-bm; bk++ {
						if wm+wk == 0 || bm+bk == 0 || wm+wk+bm+bk > f.endgames {
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
			fmt.Fprintf(stderr, "draughtsjudge: the store is read-only: %d %s endgame slices up to %d pieces the batch can reach are not built (first %s); checking without them\n", len(missing), r.ID, f.endgames, missing[0])
			continue
		}
		fmt.Fprintf(stderr, "draughtsjudge: building %s endgame slices up to %d pieces (once; kept in %s)\n", r.ID, f.endgames, store.Dir)
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
