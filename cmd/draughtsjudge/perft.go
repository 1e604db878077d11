package main

import (
	"fmt"
	"io"
	"runtime"
	"time"

	"draughtsjudge/draughts"
)

func init() {
	register(command{"perft", "count the leaf nodes of the legal move tree (move generator check)", cmdPerft})
}

func cmdPerft(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("perft")
	variant := fs.StringP("variant", "v", "russian", "game system: "+variantIDs())
	fen := fs.String("fen", "", "start position as PDN FEN (default: the initial position)")
	depth := fs.IntP("depth", "d", 6, "depth in plies")
	divide := fs.Bool("divide", false, "print the count under each root move at the last depth")
	threads := fs.IntP("threads", "t", runtime.NumCPU(), "goroutines (root moves are shared out)")
	usage := usageFunc(fs, "usage: draughtsjudge perft --variant V [--fen F] --depth D [--divide] [--threads T]",
		"Prints depth<TAB>nodes<TAB>seconds for each depth 1..D.")
	if code, ok := parseFlags(fs, usage, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "draughtsjudge perft: unexpected argument %q (the position is given with --fen)\n\n", fs.Arg(0))
		usage(stderr)
		return exitUsage
	}
	for _, err := range []error{
		intFlag("depth", *depth, 1, 30, "must be 1..30 plies"),
		intFlag("threads", *threads, 1, 4096, "must be 1..4096"),
	} {
		if err != nil {
			return usageError(stderr, "perft", err)
		}
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
	return joinIDs(append(ids, draughts.LascaID+" (perft, solve, check; no tablebase)"))
}
