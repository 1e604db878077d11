package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"draughtsjudge/composition"
	"draughtsjudge/corpus"
	"draughtsjudge/draughts"
	"draughtsjudge/judge"
	"draughtsjudge/solver"
)

func init() {
	register(command{"bench", "the behaviour signature: search a fixed list at a fixed budget and print the nodes searched", cmdBench})
}

// The bench's fixed settings. Changing one changes the signature
// (testdata/bench.sig): the bench is a fingerprint of the search, not a
// measure of the machine, so nothing in it may depend on the machine (the
// memory, the number of cores, a time limit, the store).
const (
	// benchNodes is the default --nodes: the node budget of every search
	// of the sample compositions' analysis, as check --nodes.
	benchNodes = 5_000
	// benchMemMiB is the search memory per composition, as check --mem
	// (the proof-number tables and the local analysis's limit depend on
	// it, and so do the node counts).
	benchMemMiB = 8
	// benchTTBytes is the table of each solver position.
	benchTTBytes = 16 << 20
)

// benchPosition is one solver position of the bench: the position after
// first, searched in one of three ways (how).
type benchPosition struct {
	name  string
	rules *draughts.Rules
	fen   string
	first string // "" : fen is the position searched
	goal  solver.Goal
	how   benchHow
	bound int    // benchDistance: attacker moves
	mult  uint64 // the budget is mult times --nodes (per first move in a Solve)
}

type benchHow uint8

const (
	benchDistance  benchHow = iota // the bounded search (Searcher.Distance) to bound
	benchDecide                    // df-pn at any depth (Prover.Decide)
	benchSolve                     // solver.Solve in theory mode (phases 1 and 2, the real-win rounds)
	benchSolveGame                 // solver.Solve under the game draw rules (the bounded policy)
)

// benchPositions are the positions of solver/bench_test.go, and two full
// solves that take the paths of Solve the sample's analysis does not: a
// 14-piece problem (the first moves decided against the real win) and the
// game draw rules.
var benchPositions = []benchPosition{
	{"Scholma try 33-29 (bounded, 8 moves)", draughts.International,
		"W:W21,26,28,30,31,32,33,34,35,38,39,40,42,43,45:B3,7,8,9,10,12,14,16,17,18,19,20,23,24,25",
		"33-29", solver.Win{MaterialMargin: 2}, benchDistance, 8, 200},
	{"Matus try 20-14 (df-pn)", draughts.International,
		"B:W14,30,34,37,40,44,48:B8,15,17,18,27,33,45", "", solver.Win{MaterialMargin: 2}, benchDecide, 0, 200},
	{"Matus miniature (Solve, theory)", draughts.International,
		"W:W20,30,34,37,40,44,48:B8,15,17,18,27,33,45", "", solver.Win{MaterialMargin: 2}, benchSolve, 0, 4},
	{"Shoshin study (Solve, game draw rules)", draughts.Russian,
		"W:WKa5,a3:Ba7,f4", "", solver.Win{}, benchSolveGame, 0, 4},
}

// cmdBench is draughtsjudge bench, Stockfish's bench for this project: it
// analyses the four compositions of the embedded sample corpus as check
// --no-db --endgames 0 --threads 1 does (the full analysis, so the checks
// are covered too, not only the solver), then searches the solver
// benchmark positions, all at fixed budgets on one thread, and prints the
// nodes of each and their sum. The solver's determinism contract (solver
// doc, "Determinism") makes the sum a signature: a change that keeps the
// search's behaviour keeps it.
func cmdBench(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("bench")
	nodes := fs.Uint64("nodes", benchNodes, "node budget per search of the compositions' analysis; the solver positions get a fixed multiple of it")
	threads := fs.IntP("threads", "t", 1, "goroutines (the nodes do not depend on it)")
	usage := usageFunc(fs, "usage: draughtsjudge bench [--nodes N] [--threads T]",
		"Analyses the embedded sample corpus as check --no-db --endgames 0 does, and searches the solver benchmark",
		"positions, at fixed budgets; prints the nodes per position and a final 'Nodes searched: N' line, the",
		"behaviour signature (cmd/draughtsjudge/testdata/bench.sig at the defaults).")
	if code, ok := parseFlags(fs, usage, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "bench", fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	}
	for _, err := range []error{
		intFlag("nodes", *nodes, 1, 1<<40, "must be at least 1"),
		intFlag("threads", *threads, 1, 4096, "must be 1..4096"),
	} {
		if err != nil {
			return usageError(stderr, "bench", err)
		}
	}
	t0 := time.Now()
	var total uint64
	k := 0
	line := func(name string, n uint64, what string) {
		k++
		total += n
		fmt.Fprintf(stdout, "%2d %-52s %12d nodes  %s\n", k, name, n, what)
	}
	for _, e := range corpus.Sample() {
		if e.Err != nil {
			fmt.Fprintln(stderr, "draughtsjudge bench:", e.Err)
			return exitInternal
		}
		c := e.Composition
		r := benchAnalyse(c, *nodes, *threads)
		line(fmt.Sprintf("%s #%d %s", c.Rules.ID, c.Index, c.Author), r.Nodes, string(r.Verdict))
	}
	for _, b := range benchPositions {
		n, what, err := b.search(*nodes*b.mult, *threads)
		if err != nil {
			fmt.Fprintf(stderr, "draughtsjudge bench: %s: %v\n", b.name, err)
			return exitInternal
		}
		line(b.name, n, what)
	}
	el := time.Since(t0)
	fmt.Fprintf(stdout, "\nTotal time (ms) : %d\n", el.Milliseconds())
	fmt.Fprintf(stdout, "Nodes/second    : %.0f\n", float64(total)/el.Seconds())
	fmt.Fprintf(stdout, "Nodes searched: %d\n", total)
	return exitOK
}

// benchAnalyse is check's analysis of c with --no-db --endgames 0 and the
// bench's budget and memory (check's other defaults: slack 4, bound 40,
// margin 2, theory draw rules).
func benchAnalyse(c *composition.Composition, nodes uint64, threads int) *judge.Report {
	opt := judge.Options{
		Solver: solver.Options{
			Budget:   solver.Budget{Nodes: nodes, TTBytes: benchMemMiB << 20},
			MaxBound: 40, Slack: 4, Threads: threads,
			DrawRules: solver.Theory,
		},
		MaterialMargin: 2,
	}
	return judge.Analyse(context.Background(), c, opt)
}

// search runs b at a budget of nodes and returns the nodes searched and
// the outcome.
func (b benchPosition) search(nodes uint64, threads int) (uint64, string, error) {
	p, err := draughts.ParseFEN(b.rules, b.fen)
	if err != nil {
		return 0, "", err
	}
	if b.first != "" {
		m, err := draughts.ParseMove(&p, b.rules, b.first)
		if err != nil {
			return 0, "", err
		}
		p = p.Play(m)
	}
	budget := solver.Budget{Nodes: nodes, TTBytes: benchTTBytes}
	switch b.how {
	case benchDistance:
		s := solver.NewSearcher(b.rules, b.goal, draughts.White, budget)
		o, _ := s.Distance(&p, b.bound)
		return s.Nodes(), o.String(), nil
	case benchDecide:
		pv := solver.NewProver(b.rules, b.goal, draughts.White, budget, nil)
		o, _ := pv.Decide(p)
		return pv.Nodes(), o.String(), nil
	}
	opt := solver.Options{Budget: budget, Threads: threads}
	if b.how == benchSolveGame {
		opt.DrawRules = solver.Game
	}
	ans := solver.Solve(context.Background(), b.rules, p, b.goal, draughts.White, opt)
	return ans.Nodes, fmt.Sprintf("%s, %d keys, %d tries", ans.Verdict, len(ans.Keys), len(ans.Tries)), nil
}
