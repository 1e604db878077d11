package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"draughtsjudge/batch"
	"draughtsjudge/composition"
	"draughtsjudge/corpus"
	"draughtsjudge/corpus/regress"
	"draughtsjudge/judge"
	"draughtsjudge/tablebase"
)

func init() {
	register(command{"regress", "check the regression corpus against its expectations: decided entries, time per entry, agreement", cmdRegress})
}

// cmdRegress checks every row of the expectations file (the whole
// regression corpus) with the flags of check, or reads the reports of an
// earlier "check --format json" (--from), and prints the results table
// and the summary (corpus/regress).
func cmdRegress(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("regress")
	var f runFlags
	addRunFlags(fs, &f)
	expected := fs.String("expected", filepath.Join("corpus", "regression", "expected.tsv"), "expectations file; its paths are relative to the module root above it")
	from := fs.String("from", "", "compare the reports of this 'check --format json' output instead of checking")
	fast := fs.Bool("fast", false, "only the rows marked fast (what go test -short runs)")
	usage := usageFunc(fs, "usage: draughtsjudge regress [flags]",
		"Checks every composition of the regression corpus (corpus/regression/expected.tsv) as check does, with its flags,",
		"and prints per entry the expected and found verdict, keys, cooks, seconds and nodes, then how many entries are decided,",
		"the time per entry and the agreement with the expectations. --format json prints the reports and the comparison.",
		"Exit code: 0 nothing contradicts the expectations, 1 a row disagrees or has no report, 2 usage or input errors, 3 the store cannot be used, 5 the table could not be written.")
	if code, ok := parseFlags(fs, usage, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "regress", fmt.Errorf("unexpected argument %q (the entries are the rows of --expected)", fs.Arg(0)))
	}
	if err := f.validate(); err != nil {
		return usageError(stderr, "regress", err)
	}
	if f.format != "text" && f.format != "json" {
		return usageError(stderr, "regress", fmt.Errorf("--format %q: want text or json", f.format))
	}
	if !fs.Changed("expected") {
		*expected = findUp(*expected)
	}
	exp, err := regress.Read(*expected)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			// The default is relative: name the file and say where it is.
			err = fmt.Errorf("%s: no such file (the default is looked for in the current folder, then at the root of the module above it: run regress in the repository, or pass --expected PATH)", *expected)
		}
		return usageError(stderr, "regress", fmt.Errorf("--expected: %v", err))
	}
	if *fast {
		var rows []regress.Expectation
		for _, e := range exp {
			if e.Fast {
				rows = append(rows, e)
			}
		}
		exp = rows
	}
	t0 := time.Now()
	var reps []*judge.Report
	if *from != "" {
		data, err := corpus.ReadFile(*from, int64(f.maxFileSize)<<20) // a regular file within --max-file-size
		if err != nil {
			return usageError(stderr, "regress", fmt.Errorf("--from: %v", err))
		}
		var res batch.Result
		if err := json.Unmarshal(data, &res); err != nil {
			return usageError(stderr, "regress", fmt.Errorf("--from %s: not the JSON of check --format json: %v", *from, err))
		}
		reps = res.Entries
	} else {
		var code int
		if reps, code = regressCheck(exp, moduleRoot(*expected), &f, stderr); code != exitOK {
			return code
		}
	}
	results := regress.Match(exp, reps)
	machine := fmt.Sprintf("%d cores (GOMAXPROCS %d), --threads %d, %s %s/%s, engine %s (revision %s); wall %.1fs",
		runtime.NumCPU(), runtime.GOMAXPROCS(0), f.threads, runtime.Version(), runtime.GOOS, runtime.GOARCH, tablebase.EngineVersion, revision(), time.Since(t0).Seconds())
	if *from != "" {
		machine = "reports from " + *from + " (the machine of that run); engine of this binary " + tablebase.EngineVersion + " (revision " + revision() + ")"
	}
	if f.format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(struct {
			Results []regress.Result `json:"results"`
			Machine string           `json:"machine"`
		}{results, machine})
	} else {
		regress.WriteMarkdown(stdout, results, machine)
	}
	if regress.Summarise(results).Failed() {
		return exitDefective
	}
	return exitOK
}

// regressCheck checks the rows' compositions as check does: the same
// store, endgame slices, cache and options.
func regressCheck(exp []regress.Expectation, root string, f *runFlags, stderr io.Writer) ([]*judge.Report, int) {
	var paths []string
	for _, file := range regress.Files(exp) {
		paths = append(paths, filepath.Join(root, filepath.FromSlash(file)))
	}
	// Only the entries of the rows: with --fast a file's other entries
	// (Vitoshkin beside Shoshin) are not checked.
	type entry struct {
		file  string
		index int
	}
	rows := map[entry]bool{}
	for _, e := range exp {
		rows[entry{filepath.Join(root, filepath.FromSlash(e.File)), e.Index}] = true
	}
	var comps []*composition.Composition
	for _, e := range f.load(paths) {
		if e.Err != nil {
			fmt.Fprintln(stderr, e.Err.Error())
			return nil, exitUsage
		}
		if c := e.Composition; rows[entry{c.File, c.Index}] {
			comps = append(comps, c)
		}
	}
	rubric, _ := loadRubric("", nil)
	store, code := f.openStore(stderr)
	if code != exitOK {
		return nil, code
	}
	if store != nil {
		defer store.Close()
	}
	cfg := f.regressConfig(store, rubric, stderr)
	cfg.OnReport = func(i int, r *judge.Report, internal error) {
		if internal != nil {
			fmt.Fprintln(stderr, internal)
		}
		fmt.Fprintf(stderr, "draughtsjudge regress: %s#%d: %s in %.1fs\n", comps[i].File, comps[i].Index, r.Verdict, r.Seconds)
	}
	runs, err := runBatchLimited(context.Background(), cfg, comps)
	if err != nil {
		fmt.Fprintf(stderr, "draughtsjudge: %v\n", err)
		return nil, exitStore
	}
	return runs.Reports, exitOK
}

// regressConfig is check's batch configuration (the same endgame slices
// built first: --endgames' default picks them by board, as for check)
// with one entry per thread at a time.
func (f *runFlags) regressConfig(store *tablebase.Store, rubric judge.Rubric, stderr io.Writer) batch.Config {
	cfg := f.batchConfig(store, rubric, stderr)
	cfg.Workers = max(1, f.threads)
	return cfg
}

// findUp returns rel when the current folder has it, else rel under the
// module root above the current folder (moduleRoot), so the default
// expectations file is found from any folder of the repository.
func findUp(rel string) string {
	if _, err := os.Stat(rel); err == nil {
		return rel
	}
	return filepath.Join(moduleRoot(rel), rel)
}

// moduleRoot is the folder with go.mod above the expectations file (its
// paths are relative to it), else the current folder.
func moduleRoot(expected string) string {
	dir, err := filepath.Abs(filepath.Dir(expected))
	if err != nil {
		return "."
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "."
		}
		dir = up
	}
}

// revision is the VCS revision the binary was built from ("unknown"
// under go run without VCS data).
func revision() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	rev, dirty := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "unknown"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "+dirty"
	}
	return strings.TrimSpace(rev)
}
