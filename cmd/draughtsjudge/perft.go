package main

import (
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/spf13/pflag"

	"draughtsjudge/draughts"
)

func init() {
	register(command{"perft", "count the leaf nodes of the legal move tree (move generator check)", cmdPerft})
}

func cmdPerft(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("perft", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.StringP("variant", "v", "russian", "game system: "+variantIDs())
	fen := fs.String("fen", "", "start position as PDN FEN (default: the initial position)")
	depth := fs.IntP("depth", "d", 6, "depth in plies")
	divide := fs.Bool("divide", false, "print the count under each root move at the last depth")
	threads := fs.IntP("threads", "t", runtime.NumCPU(), "goroutines (root moves are shared out)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: draughtsjudge perft --variant V [--fen F] --depth D [--divide] [--threads T]")
		fmt.Fprintln(stderr, "Prints depth<TAB>nodes<TAB>seconds for each depth 1..D.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == pflag.ErrHelp {
			return exitOK
		}
		return exitUsage
	}
	if *variant == draughts.LascaID {
		return perftLasca(*fen, *depth, *divide, *threads, stdout, stderr)
	}
	r, err := draughts.RulesByID(*variant)
	if err != nil {
		fmt.Fprintln(stderr, "draughtsjudge perft:", err)
		return exitUsage
	}
	p := draughts.Start(r)
	if *fen != "" {
		if p, err = draughts.ParseFEN(r, *fen); err != nil {
			fmt.Fprintln(stderr, "draughtsjudge perft:", err)
			return exitUsage
		}
	}
	if *depth < 1 || *depth > 30 {
		fmt.Fprintln(stderr, "draughtsjudge perft: --depth must be 1..30")
		return exitUsage
	}
	for d := 1; d <= *depth; d++ {
		t0 := time.Now()
		var n uint64
		if *divide && d == *depth {
			div := draughts.Divide(&p, r, d, *threads)
			for _, e := range div {
				fmt.Fprintf(stdout, "%s\t%d\n", e.Move, e.Nodes)
				n += e.Nodes
			}
		} else {
			n = draughts.PerftParallel(&p, r, d, *threads)
		}
		fmt.Fprintf(stdout, "%d\t%d\t%.3f\n", d, n, time.Since(t0).Seconds())
	}
	return exitOK
}

func variantIDs() string {
	var ids []string
	for _, r := range draughts.AllRules() {
		ids = append(ids, r.ID)
	}
	return joinIDs(append(ids, draughts.LascaID+" (perft only)"))
}
