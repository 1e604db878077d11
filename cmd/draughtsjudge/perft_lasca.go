package main

import (
	"fmt"
	"io"
	"time"

	"draughtsjudge/draughts/lasca"
)

// perftLasca is the perft command for --variant lasca, on the Lasca
// position type (lasca.Position); the output is the same as for the
// other systems.
func perftLasca(fen string, depth int, divide bool, threads int, stdout, stderr io.Writer) int {
	p := lasca.Start()
	if fen != "" {
		var err error
		if p, err = lasca.ParseFEN(fen); err != nil {
			fmt.Fprintln(stderr, "draughtsjudge perft:", err)
			return exitUsage
		}
	}
	if depth < 1 || depth > 40 {
		fmt.Fprintln(stderr, "draughtsjudge perft: --depth must be 1..40")
		return exitUsage
	}
	for d := 1; d <= depth; d++ {
		t0 := time.Now()
		var n uint64
		if divide && d == depth {
			for _, e := range lasca.Divide(&p, d, threads) {
				fmt.Fprintf(stdout, "%s\t%d\n", e.Move, e.Nodes)
				n += e.Nodes
			}
		} else {
			n = lasca.PerftParallel(&p, d, threads)
		}
		fmt.Fprintf(stdout, "%d\t%d\t%.3f\n", d, n, time.Since(t0).Seconds())
	}
	return exitOK
}
