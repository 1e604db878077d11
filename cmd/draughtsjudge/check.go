package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"draughtsjudge/batch"
	"draughtsjudge/composition"
	"draughtsjudge/corpus"
	"draughtsjudge/draughts"
	"draughtsjudge/judge"
	"draughtsjudge/render"
	"draughtsjudge/tablebase"
)

func init() {
	register(command{"check", "check compositions (PDN files, folders, globs; default: the embedded sample corpus)", cmdCheck})
}

func cmdCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("check")
	var f runFlags
	addRunFlags(fs, &f)
	addReportFlags(fs, &f)
	addArchiveFlag(fs, &f)
	usage := usageFunc(fs, "usage: draughtsjudge check [flags] [PATHS]",
		"Checks every composition in the PDN files, folders and globs given (default: the embedded sample corpus).",
		"Exit code: 0 all sound, 1 some entry defective or unknown, 2 usage or input errors, 3 the store cannot be used (locked, damaged, another format, no space), 4 internal error in some entry, 5 the report could not be written (stdout or --pdn-out).")
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
	return runBatch("check", entries, &f, stdout, stderr)
}

// analyse is judge.Analyse; tests replace it to inject a failure.
var analyse = judge.Analyse

// runBatch analyses the entries and writes the report. The rubric and the
// --pdn-out file are checked before any work; a failure to write the PDN
// file afterwards is reported but never costs the report on stdout.
func runBatch(name string, entries []corpus.Entry, f *runFlags, stdout, stderr io.Writer) int {
	t0 := time.Now()
	rubric, err := loadRubric(f.rubric, f)
	if err != nil {
		return usageError(stderr, "check", fmt.Errorf("--rubric: %v", err))
	}
	var pdnOut *outputFile
	if f.pdnOut != "" {
		if in := inputNamed(f.pdnOut, entries); in != "" {
			return usageError(stderr, name, fmt.Errorf("--pdn-out %s: is the input file %s; it would be overwritten (choose another file)", f.pdnOut, in))
		}
		if pdnOut, err = createOutput(f.pdnOut); err != nil {
			return usageError(stderr, "check", fmt.Errorf("--pdn-out: %v", err))
		}
		defer pdnOut.abandon()
	}
	res := &batch.Result{Entries: []*judge.Report{}, Errors: []string{}}
	var comps []*composition.Composition
	for _, e := range entries {
		if e.Err != nil {
			res.Errors = append(res.Errors, e.Err.Error())
			fmt.Fprintln(stderr, e.Err.Error())
			continue
		}
		comps = append(comps, e.Composition)
	}
	runs, code := analyseComps(comps, f, rubric, true, stderr)
	if code != exitOK {
		return code
	}
	if code := findPredecessors(runs.Reports, comps, f, stderr); code != exitOK {
		return code
	}
	for i, r := range runs.Reports {
		if runs.Internal[i] != nil {
			fmt.Fprintln(stderr, runs.Internal[i])
		}
		for _, e := range r.AuthorErrors {
			fmt.Fprintln(stderr, e)
		}
		res.Add(r, runs.Internal[i])
	}
	pdnFailed := false
	if pdnOut != nil {
		author := make([][]draughts.Ply, len(comps))
		for i, c := range comps {
			author[i] = c.Solution()
		}
		pdnFailed = !writePDNOut(pdnOut, res, author, stderr)
	}
	res.Summary.Entries = len(res.Entries)
	res.Summary.Errors = len(res.Errors)
	res.Summary.Seconds = time.Since(t0).Seconds()
	if err := render.Batch(stdout, res, f.format, f.tree); err != nil {
		// The report is lost (a full disk, a closed stdout, a value JSON
		// cannot encode): nothing else the exit code could say matters more.
		return outputError(stderr, name, "the report", err)
	}
	if pdnFailed {
		return exitOutput
	}
	if len(runs.Damage) > 0 {
		for _, err := range runs.Damage {
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

// writePDNOut writes the solution trees of the batch to --pdn-out; a
// failure is an error of the batch (on stderr and in res.Errors), and the
// run's exit code is exitOutput. ok is false on a failure. author[i] is
// the author's solution of res.Entries[i], written for an entry without a
// solution tree.
func writePDNOut(out *outputFile, res *batch.Result, author [][]draughts.Ply, stderr io.Writer) (ok bool) {
	var sb strings.Builder
	for i, r := range res.Entries {
		var a []draughts.Ply
		if i < len(author) {
			a = author[i]
		}
		_ = render.PDNWithAuthor(&sb, r, a)
	}
	if err := out.commit([]byte(sb.String())); err != nil {
		msg := fmt.Sprintf("draughtsjudge check: writing --pdn-out: %v", err)
		res.Errors = append(res.Errors, msg)
		fmt.Fprintln(stderr, msg)
		return false
	}
	return true
}

// analyseComps analyses the compositions as check does: it opens the
// store (not for an empty batch), builds the endgame slices they can
// reach, then runs batch.Run, scoring each report with rubric (nil: not
// scored); bar draws check's progress bar. A store that cannot be used
// as the run needs it is said on stderr and code is exitStore: nothing
// is analysed.
func analyseComps(comps []*composition.Composition, f *runFlags, rubric judge.Rubric, bar bool, stderr io.Writer) (runs *batch.Results, code int) {
	ctx := context.Background()
	cfg := f.batchConfig(nil, rubric, stderr)
	if len(comps) > 0 { // nothing to check: the store is not even opened
		if cfg.Store, code = f.openStore(stderr); code != exitOK {
			return nil, code
		}
	}
	if cfg.Store != nil {
		defer cfg.Store.Close()
	} else {
		cfg.Endgames = nil
	}
	if cfg.Endgames != nil {
		// A build takes minutes: a progress bar on a terminal, else one
		// line per slice built.
		progress, finish := newBar(stderr, "building endgame slices")
		cfg.BuildProgress = progress
		if !isTerminal(stderr) {
			cfg.BuildLog = func(rec tablebase.SliceRecord) { fmt.Fprintln(stderr, sliceLine(rec)) }
		}
		err := batch.EnsureEndgames(ctx, &cfg, comps)
		finish()
		if err != nil {
			fmt.Fprintf(stderr, "draughtsjudge: %v\n", err)
			return nil, exitStore
		}
		cfg.Endgames = nil // built
	}
	if bar {
		b := newCheckBar(stderr, len(comps))
		defer b.finish()
		cfg.OnReport = func(_ int, r *judge.Report, _ error) { b.add(r.Cached) }
	}
	runs, err := batch.Run(ctx, cfg, comps)
	if err != nil { // not with a context that never ends
		fmt.Fprintf(stderr, "draughtsjudge: %v\n", err)
		return nil, exitInternal
	}
	return runs, exitOK
}
