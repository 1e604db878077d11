package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"draughtsjudge/composition"
	"draughtsjudge/corpus"
	"draughtsjudge/judge"
)

// The solving-contest commands (key, sheet, grade) and the section report
// share these helpers: loading, numbering, analysing, diagrams in text.

// loadComps reads the compositions of paths (none: the sample corpus;
// files as check reads them, at most --max-file-size),
// printing each bad input as one line on stderr.
func loadComps(paths []string, f *runFlags, stderr io.Writer) ([]*composition.Composition, []string) {
	var entries []corpus.Entry
	if len(paths) == 0 {
		entries = corpus.Sample()
	} else {
		entries = f.load(paths)
	}
	var comps []*composition.Composition
	var errs []string
	for _, e := range entries {
		if e.Err != nil {
			errs = append(errs, e.Err.Error())
			fmt.Fprintln(stderr, e.Err.Error())
			continue
		}
		comps = append(comps, e.Composition)
	}
	return comps, errs
}

// withoutLasca drops the Lasca compositions from a solving contest's key
// or sheet, one error line each: its diagrams, notation and grading are
// for the checkers boards (docs/lasca.md).
func withoutLasca(comps []*composition.Composition, what string, stderr io.Writer) ([]*composition.Composition, []string) {
	var kept []*composition.Composition
	var errs []string
	for _, c := range comps {
		if c.Lasca != nil {
			e := fmt.Sprintf("%s:%d: lasca: the %s does not cover Lasca yet; this composition is left out", c.File, c.Line, what)
			errs = append(errs, e)
			fmt.Fprintln(stderr, e)
			continue
		}
		kept = append(kept, c)
	}
	return kept, errs
}

// contestNumbers numbers the compositions of a contest: the [Number] tag
// where given, else the position among the readable compositions. A
// number used twice is an error (the later keeps its position number
// only if that is free; otherwise it is dropped).
func contestNumbers(comps []*composition.Composition, stderr io.Writer) ([]int, []*composition.Composition, []string) {
	var nums []int
	var kept []*composition.Composition
	var errs []string
	used := map[int]string{}
	for i, c := range comps {
		n := i + 1
		if v, ok := c.Game.Tag("Number"); ok {
			if x, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && x > 0 {
				n = x
			} else {
				e := fmt.Sprintf("%s:%d: [Number %q]: not a positive number; numbered %d by its order", c.File, c.Line, v, n)
				errs = append(errs, e)
				fmt.Fprintln(stderr, e)
			}
		}
		if prev, dup := used[n]; dup {
			e := fmt.Sprintf("%s:%d: composition number %d is already %s; this composition is left out", c.File, c.Line, n, prev)
			errs = append(errs, e)
			fmt.Fprintln(stderr, e)
			continue
		}
		used[n] = c.Name()
		nums = append(nums, n)
		kept = append(kept, c)
	}
	return nums, kept, errs
}

// analyseAll analyses the compositions with the check command's options,
// store and endgame databases (analyseComps), unscored. As for check, a
// store that cannot be used as the run needs it is refused (openStore or
// batch.Run said why on stderr): code is exitStore and nothing
// is analysed. A panic inside one composition is its line on stderr and
// a report with verdict unknown; code is then exitInternal and the others
// are analysed as usual. An illegal move of an author's solution is an
// input error, as in check: its file:line:col line is on stderr and in
// errs (the caller exits 2), and the entry is still analysed (its
// [author-solution] fails).
func analyseAll(comps []*composition.Composition, f *runFlags, stderr io.Writer) (reps []*judge.Report, errs []string, code int) {
	runs, code := analyseComps(comps, f, nil, nil, stderr, nil)
	if code != exitOK {
		return nil, nil, code
	}
	for i, err := range runs.Internal {
		if err != nil {
			fmt.Fprintln(stderr, err)
			code = exitInternal
		}
		for _, e := range runs.Reports[i].AuthorErrors {
			fmt.Fprintln(stderr, e)
			errs = append(errs, e)
		}
	}
	return runs.Reports, errs, code
}

// claimOptions are the solver options for checking claims (no store: the
// claims are few and small).
func claimOptions(f *runFlags) judge.Options {
	return f.options(f.threads)
}
