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
	"draughtsjudge/internal/errw"
	"draughtsjudge/judge"
	"draughtsjudge/render"
	"draughtsjudge/tablebase"
	"draughtsjudge/tourney"
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
	fs.BoolVar(&f.tree, "tree", false, "print each entry's full solution tree (text), or keep it in the JSON document (--format json)")
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
	out := &errw.Writer{W: stdout}
	bar := newCheckBar(stderr, comps)
	defer bar.finish()
	arch, code := openArchive(f, stderr)
	if code != exitOK {
		return code
	}
	if arch != nil {
		defer arch.Close()
	}
	var text *textStream
	if f.format == "text" {
		var err error
		if text, err = newTextStream(out, comps, f.tree, bar, arch); err != nil {
			return predecessorError(stderr, err)
		}
		defer text.close()
	}
	onReport := func(i int, r *judge.Report, internal error) {
		if internal != nil {
			fmt.Fprintln(stderr, internal)
		}
		for _, e := range r.AuthorErrors {
			fmt.Fprintln(stderr, e)
		}
		if text != nil {
			text.add(i, r)
		}
	}
	runs, code := analyseComps(comps, f, rubric, bar, stderr, onReport)
	if code != exitOK {
		return code
	}
	if text != nil {
		if err := text.finish(); err != nil {
			return predecessorError(stderr, err)
		}
	} else if err := tourney.FindPredecessorsIn(runs.Reports, comps, arch); err != nil {
		return predecessorError(stderr, err)
	}
	for i, r := range runs.Reports {
		res.Add(r, runs.Internal[i])
	}
	pdnFailed := false
	if pdnOut != nil {
		src := make([]render.PDNSource, len(comps))
		for i, c := range comps {
			src[i] = render.PDNSource{Author: c.Solution(), Tags: c.PartTags()}
		}
		pdnFailed = !writePDNOut(pdnOut, res, src, stderr)
	}
	res.Summary.Entries = len(res.Entries)
	res.Summary.Errors = len(res.Errors)
	res.Summary.Seconds = time.Since(t0).Seconds()
	if text != nil {
		_ = render.Summary(out, res) // the reports are written: the summary
	} else {
		_ = render.Batch(out, res, f.format, f.tree)
	}
	if err := out.Err; err != nil {
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
// run's exit code is exitOutput. ok is false on a failure. src[i] is what
// the input of res.Entries[i] gives besides its report: the author's
// solution, written for an entry without a solution tree, and a special
// kind's part tags.
func writePDNOut(out *outputFile, res *batch.Result, src []render.PDNSource, stderr io.Writer) (ok bool) {
	var sb strings.Builder
	for i, r := range res.Entries {
		var s render.PDNSource
		if i < len(src) {
			s = src[i]
		}
		_ = render.PDNFrom(&sb, r, s)
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
// store (not for an empty batch) and runs batch.Run, which reads the
// cached reports, builds the endgame slices the others can reach and
// analyses each as soon as its slices are ready, scoring each report
// with rubric (nil: not scored). onReport, if not nil, gets each report
// in input order as soon as it and those before it are done. bar, if not
// nil, is check's progress bar (entries done, the slices being built,
// the entries being solved); without, a build draws its own bar. Both
// draw only on a terminal. A store that cannot be used as the run needs
// it is said on stderr and code is exitStore.
func analyseComps(comps []*composition.Composition, f *runFlags, rubric judge.Rubric, bar *checkBar, stderr io.Writer, onReport func(int, *judge.Report, error)) (runs *batch.Results, code int) {
	ctx := context.Background()
	cfg := f.batchConfig(nil, rubric, stderr)
	if len(comps) > 0 { // nothing to check: the store is not even opened
		if cfg.Store, code = f.openStore(stderr); code != exitOK {
			return nil, code
		}
	}
	if cfg.Store != nil {
		defer cfg.Store.Close()
	}
	if !isTerminal(stderr) {
		// A build takes minutes: off a terminal, one line per slice built.
		cfg.BuildLog = func(rec tablebase.SliceRecord) { fmt.Fprintln(stderr, sliceLine(rec)) }
	}
	if b := bar; b != nil {
		cfg.BuildProgress, cfg.OnBuild, cfg.OnStart = b.buildProgress, b.build, b.start
		cfg.OnReport = func(i int, r *judge.Report, internal error) {
			b.add(i, r.Cached)
			if onReport != nil {
				onReport(i, r, internal)
			}
		}
	} else {
		progress, finish := newBar(stderr, "building endgame slices")
		defer finish()
		cfg.BuildProgress, cfg.OnReport = progress, onReport
	}
	runs, err := runBatchLimited(ctx, cfg, comps)
	if err != nil { // a store that cannot be used as the run needs it (not a context: it never ends)
		fmt.Fprintf(stderr, "draughtsjudge: %v\n", err)
		return nil, exitStore
	}
	return runs, exitOK
}
