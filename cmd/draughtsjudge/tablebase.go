package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"draughtsjudge/draughts"
	"draughtsjudge/tablebase"
)

func init() {
	register(command{"tablebase", "endgame databases: build, probe, stats, verify", cmdTablebase})
}

// tablebaseSynopsis is each subcommand's usage line.
var tablebaseSynopsis = map[string]string{
	"build":  "build  --variant V --pieces N [--material M]... [--threads T] [--db DIR]",
	"probe":  "probe  --variant V --fen F [--db DIR]",
	"stats":  "stats  [--variant V] [--db DIR]",
	"verify": "verify [--variant V] [--threads T] [--db DIR]",
}

func tablebaseUsage(w io.Writer) {
	fmt.Fprintln(w, `usage: draughtsjudge tablebase <build|probe|stats|verify> [flags]

  build  --variant V --pieces N [--material M]... [--threads T] [--db DIR]
  probe  --variant V --fen F [--db DIR]
  stats  [--variant V] [--db DIR]
  verify [--variant V] [--threads T] [--db DIR]

The database directory is --db, else $DRAUGHTSJUDGE_DB, else the user cache
directory. Run 'draughtsjudge tablebase <sub> --help' for the flags.`)
}

func cmdTablebase(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, "draughtsjudge tablebase: missing subcommand\n\n")
		tablebaseUsage(stderr)
		return exitUsage
	}
	if args[0] == "--help" || args[0] == "-h" || args[0] == "help" {
		tablebaseUsage(stdout)
		return exitOK
	}
	sub, args := args[0], args[1:]
	fs := newFlagSet("tablebase " + sub)
	db := fs.String("db", "", "database directory (default $DRAUGHTSJUDGE_DB or the user cache dir)")
	variant := fs.StringP("variant", "v", "russian", "game system: "+variantIDs())
	threads := fs.IntP("threads", "t", runtime.NumCPU(), "goroutines")
	var pieces *int
	var materials *[]string
	var fen *string
	switch sub {
	case "build":
		pieces = fs.IntP("pieces", "n", 4, "build every slice of up to N pieces")
		materials = fs.StringArray("material", nil, "build only what this material can reach, e.g. 3K-1K or 2M1K-1K (repeatable; overrides --pieces)")
	case "probe":
		fen = fs.String("fen", "", "position as PDN FEN")
	case "stats", "verify":
	default:
		fmt.Fprintf(stderr, "draughtsjudge tablebase: unknown subcommand %q\n", sub)
		tablebaseUsage(stderr)
		return exitUsage
	}
	usage := usageFunc(fs, "usage: draughtsjudge tablebase "+tablebaseSynopsis[sub])
	if code, ok := parseFlags(fs, usage, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "draughtsjudge tablebase %s: unexpected argument %q\n\n", sub, fs.Arg(0))
		usage(stderr)
		return exitUsage
	}
	if err := intFlag("threads", *threads, 1, 4096, "must be 1..4096"); err != nil {
		return usageError(stderr, "tablebase "+sub, err)
	}
	if sub == "build" && len(*materials) == 0 {
		if err := intFlag("pieces", *pieces, 2, 8, "must be 2..8"); err != nil {
			return usageError(stderr, "tablebase build", err)
		}
	}
	if strings.EqualFold(strings.TrimSpace(*variant), draughts.LascaID) {
		fmt.Fprintln(stderr, "draughtsjudge tablebase: the endgame databases do not cover Lasca (004): a square holds a column of pieces, and no index of Lasca positions is built; solve and check decide Lasca compositions without them, over every position reachable from the initial one (docs/lasca.md)")
		return exitUsage
	}
	r, err := draughts.RulesByID(*variant)
	if err != nil {
		fmt.Fprintln(stderr, "draughtsjudge tablebase:", err)
		return exitUsage
	}
	dir, err := storeDir(*db)
	if err != nil {
		fmt.Fprintln(stderr, "draughtsjudge tablebase:", err)
		return exitStore
	}
	s, err := tablebase.Open(dir)
	if err != nil {
		fmt.Fprintln(stderr, "draughtsjudge tablebase:", err)
		return exitStore
	}
	defer s.Close()
	for _, n := range s.Notes() {
		fmt.Fprintln(stderr, "draughtsjudge tablebase:", n)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	switch sub {
	case "build":
		return tbBuild(ctx, s, r, *pieces, *materials, *threads, stdout, stderr)
	case "probe":
		return tbProbe(s, r, *fen, stdout, stderr)
	case "stats":
		return tbStats(s, fs.Changed("variant"), r, stdout)
	default:
		if fs.Changed("variant") {
			return tbVerify(ctx, s, r, *threads, stdout, stderr)
		}
		// Without --variant: every variant that has slices, like stats.
		code := exitOK
		for _, v := range draughts.AllRules() {
			if s.Endgames(v).MaxPieces() == 0 {
				continue
			}
			if c := tbVerify(ctx, s, v, *threads, stdout, stderr); c != exitOK {
				code = c
			}
		}
		return code
	}
}

// newBar returns a progress callback drawing a bar with ETA on stderr when
// it is a terminal, and a no-op otherwise.
func newBar(stderr io.Writer, desc string) (func(done, total int64), func()) {
	if !isTerminal(stderr) {
		return func(int64, int64) {}, func() {}
	}
	var mu sync.Mutex
	var bar *progressbar.ProgressBar
	update := func(done, total int64) {
		mu.Lock()
		defer mu.Unlock()
		if bar == nil {
			bar = progressbar.NewOptions64(total,
				progressbar.OptionSetWriter(stderr),
				progressbar.OptionSetDescription(desc),
				progressbar.OptionShowCount(),
				progressbar.OptionShowIts(),
				progressbar.OptionSetItsString("pos"),
				progressbar.OptionSetPredictTime(true),
				progressbar.OptionThrottle(200*time.Millisecond),
				progressbar.OptionFullWidth(),
				progressbar.OptionClearOnFinish())
		}
		_ = bar.Set64(done)
	}
	finish := func() {
		mu.Lock()
		defer mu.Unlock()
		if bar != nil {
			_ = bar.Finish()
		}
	}
	return update, finish
}

// sliceLine is the line said for each endgame slice built when stderr
// is not a terminal (tablebase build, and check's build before the run).
func sliceLine(rec tablebase.SliceRecord) string {
	part := ""
	switch n := len(rec.Seeds); n {
	case 0:
	case 1:
		part = " (partial, for 1 start)"
	default:
		part = fmt.Sprintf(" (partial, for %d starts)", n)
	}
	return fmt.Sprintf("%s %s: %d positions%s, longest win %d plies, %.1f s", rec.Variant, rec.Material,
		rec.Positions[0]+rec.Positions[1], part, max(rec.Longest[0], rec.Longest[1]), rec.Seconds)
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// buildMemoryLimit is Go's soft memory limit for tablebase build on a
// machine of totalMiB (0: unknown) when the limit is current: three
// quarters of the machine, or current if that is lower (GOMEMLIMIT).
// Without it the collector lets the heap grow to twice the live data: the
// international six-piece slices, about 10 GB live, reached 23.6 GB
// resident on a 24 GiB machine (docs/performance.md, "The eight built").
func buildMemoryLimit(totalMiB int, current int64) int64 {
	if totalMiB <= 0 {
		return current
	}
	return min(current, int64(totalMiB)<<20/4*3)
}

func tbBuild(ctx context.Context, s *tablebase.Store, r *draughts.Rules, pieces int, mats []string, threads int, stdout, stderr io.Writer) int {
	e := s.Endgames(r)
	var ms []tablebase.Material
	if len(mats) > 0 {
		for _, a := range mats {
			m, err := tablebase.ParseMaterial(a)
			if err != nil {
				fmt.Fprintln(stderr, "draughtsjudge tablebase build:", err)
				return exitUsage
			}
			ms = append(ms, m)
		}
	} else {
		ms = tablebase.MaterialsUpTo(r, pieces)
	}
	todo := e.Missing(ms)
	fmt.Fprintf(stdout, "%s: %d slices to build in %s\n", r.ID, len(todo), s.Dir)
	old := debug.SetMemoryLimit(-1)
	debug.SetMemoryLimit(buildMemoryLimit(physicalMiB(), old))
	defer debug.SetMemoryLimit(old)
	progress, finish := newBar(stderr, "building "+r.ID)
	t0 := time.Now()
	var positions uint64
	logLines := !isTerminal(stderr)
	err := e.Build(ctx, ms, tablebase.BuildOptions{Threads: threads, Progress: progress,
		Log: func(rec tablebase.SliceRecord) {
			positions += 2 * rec.N
			if logLines { // no progress bar: one line per slice
				fmt.Fprintln(stderr, sliceLine(rec))
			}
		}})
	finish()
	el := time.Since(t0)
	if err != nil {
		fmt.Fprintln(stderr, "draughtsjudge tablebase build:", err)
		if errors.Is(err, tablebase.ErrReadOnly) {
			return exitStore
		}
		fmt.Fprintln(stderr, "(finished slices are kept; run the same command again to resume)")
		if errors.Is(err, tablebase.ErrNoSpace) {
			return exitStore
		}
		return exitDefective
	}
	fmt.Fprintf(stdout, "built %d slices, %d index entries in %.1f s (%.0f positions/s)\n",
		len(todo), positions, el.Seconds(), float64(positions)/max(el.Seconds(), 1e-9))
	return exitOK
}

func tbProbe(s *tablebase.Store, r *draughts.Rules, fen string, stdout, stderr io.Writer) int {
	if fen == "" {
		fmt.Fprintln(stderr, "draughtsjudge tablebase probe: --fen is required")
		return exitUsage
	}
	p, err := draughts.ParseFEN(r, fen)
	if err != nil {
		fmt.Fprintln(stderr, "draughtsjudge tablebase probe:", err)
		return exitUsage
	}
	e := s.Endgames(r)
	moves, v, ok := e.BestMoves(&p)
	for _, err := range s.Damage() {
		fmt.Fprintln(stderr, "draughtsjudge tablebase probe:", err)
	}
	if !ok && len(s.Damage()) > 0 {
		return exitStore
	}
	if !ok {
		m := tablebase.MaterialOf(&p)
		what := "is not built"
		if e.Partial(m) {
			what = "is partial and does not hold this position"
		}
		fmt.Fprintf(stderr, "draughtsjudge tablebase probe: slice %s of %s %s (tablebase build --variant %s --material %s)\n",
			m, r.ID, what, r.ID, m)
		return exitDefective
	}
	fmt.Fprintf(stdout, "fen\t%s\n", draughts.FEN(&p, r))
	fmt.Fprintf(stdout, "value\t%s (for %s, the side to move)\n", v.WDL, p.Side)
	if v.WDL != tablebase.Draw {
		fmt.Fprintf(stdout, "distance\t%d plies, %d moves of the side to move\n", v.Plies, v.Moves())
	}
	fmt.Fprintf(stdout, "best\t%s\n", strings.Join(draughts.MoveStrings(&p, r, moves), " "))
	// Principal line, at most 40 plies.
	var line []string
	q := p
	for i := 0; i < 40; i++ {
		ms, _, ok := e.BestMoves(&q)
		if !ok || len(ms) == 0 {
			break
		}
		ss := draughts.MoveStrings(&q, r, ms)
		sort.Strings(ss)
		for _, m := range ms {
			if draughts.MoveString(&q, r, m) == ss[0] {
				line = append(line, ss[0])
				q = q.Play(m)
				break
			}
		}
	}
	fmt.Fprintf(stdout, "line\t%s\n", strings.Join(line, " "))
	return exitOK
}

func tbStats(s *tablebase.Store, oneVariant bool, r *draughts.Rules, stdout io.Writer) int {
	w := tabwriter.NewWriter(stdout, 2, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "variant\tmaterial\tstm\tpositions\twins\tdraws\tlosses\tlongest win (plies)\tbuild s\t")
	var tot [4]uint64
	partial := 0
	for _, rec := range s.SliceRecords() {
		if oneVariant && rec.Variant != r.ID {
			continue
		}
		material := rec.Material
		if len(rec.Seeds) > 0 {
			material += "*"
			partial++
		}
		for side := 0; side < 2; side++ {
			stm := "white"
			if side == 1 {
				stm = "black"
			}
			fmt.Fprintf(w, "%s\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%.1f\t\n", rec.Variant, material, stm,
				rec.Positions[side], rec.Wins[side], rec.Draws[side], rec.Losses[side], rec.Longest[side], rec.Seconds)
			tot[0] += rec.Positions[side]
			tot[1] += rec.Wins[side]
			tot[2] += rec.Draws[side]
			tot[3] += rec.Losses[side]
		}
	}
	fmt.Fprintf(w, "total\t\t\t%d\t%d\t%d\t%d\t\t\t\n", tot[0], tot[1], tot[2], tot[3])
	w.Flush()
	if partial > 0 {
		fmt.Fprintf(stdout, "* %d partial slices: only the positions a batch's starts can reach (docs/tablebases.md#partial-slices)\n", partial)
	}
	return exitOK
}

func tbVerify(ctx context.Context, s *tablebase.Store, r *draughts.Rules, threads int, stdout, stderr io.Writer) int {
	progress, finish := newBar(stderr, "verifying "+r.ID)
	reps, err := s.Endgames(r).Verify(ctx, threads, progress)
	finish()
	bad := 0
	var n uint64
	for _, rep := range reps {
		n += rep.Positions
		if rep.Mismatches != 0 {
			bad++
			fmt.Fprintf(stdout, "%s %s: %d mismatches, first: %s\n", r.ID, rep.Material, rep.Mismatches, rep.First)
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "draughtsjudge tablebase verify:", err)
		return exitDefective
	}
	fmt.Fprintf(stdout, "%s: %d slices, %d positions verified, %d slices with mismatches\n", r.ID, len(reps), n, bad)
	if bad > 0 {
		return exitDefective
	}
	return exitOK
}
