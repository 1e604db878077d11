package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"draughtsjudge/contest"
	"draughtsjudge/render"
)

func init() {
	register(command{"grade", "grade a solving contest: each solver's answers against the key, results table and marking", cmdGrade})
}

func cmdGrade(args []string, stdout, stderr io.Writer) int {
	c := newContestCmd("grade", true, "the results", stdout, stderr, "text", "markdown", "html", "json", "csv")
	keyPath := c.fs.String("key", "", "the key: the JSON of key --format json, or a PDN of the compositions (then solved first)")
	answers := c.fs.String("answers", "", "folder of answer files, one PDN file per solver")
	points := c.fs.String("points", "", "points formula when --key is a PDN (default: the embedded contest/points.tsv)")
	if code, ok := c.parse(args, "usage: draughtsjudge grade --key KEY --answers DIR [--format text|markdown|html|json|csv] [--out FILE]",
		"Grades every solver's answers (one PDN file per solver in DIR) against the key.",
		"Exit code: 0 graded, 2 usage or input errors (each one line file:line: what; every readable answer is still graded), 3 the store cannot be used, 4 internal error (PDN key), 5 the results could not be written."); !ok {
		return code
	}
	defer c.close()
	f := &c.f
	if *keyPath == "" || *answers == "" || c.fs.NArg() > 0 {
		return c.fail("want --key KEY and --answers DIR, no other arguments")
	}
	var errs []string
	internal := false // a composition of a PDN key could not be analysed
	data, err := readInput(*keyPath, f)
	if err != nil {
		fmt.Fprintf(stderr, "%s:1: %v\n", *keyPath, err)
		return exitUsage
	}
	var key *contest.ContestKey
	if bytes.HasPrefix(bytes.TrimSpace(data), []byte("{")) {
		if key, err = contest.ParseKey(*keyPath, data); err != nil {
			fmt.Fprintln(stderr, err)
			return exitUsage
		}
	} else {
		ps, err := loadPoints(*points, f)
		if err != nil {
			return c.fail("--points: %v", err)
		}
		var code int
		if key, errs, code = buildKey([]string{*keyPath}, f, ps, stderr); code == exitStore {
			return code
		}
		internal = code == exitInternal
	}
	sheets, serrs := readSheets(*answers, f)
	for _, e := range serrs {
		fmt.Fprintln(stderr, e)
	}
	errs = append(errs, serrs...)
	gr := &contest.Grader{Key: key, Options: claimOptions(f)}
	res := gr.Grade(context.Background(), sheets)
	for _, e := range res.Errors {
		fmt.Fprintln(stderr, e)
	}
	res.Errors = append(errs, res.Errors...)
	if code := c.write(func(w io.Writer) error { return render.Results(w, res, f.format) }); code != exitOK {
		return code
	}
	if internal {
		return exitInternal
	}
	if len(res.Errors) > 0 {
		return exitUsage
	}
	return exitOK
}

// readSheets reads every *.pdn under dir, one solver each. The solver is
// named by a [Solver] (or [Name], [Решатель]) tag, else by the file name.
// Only regular files of at most --max-file-size are read (a FIFO named
// x.pdn is an error line, never a hang).
func readSheets(dir string, f *runFlags) ([]*contest.Sheet, []string) {
	var errs []string
	st, err := os.Stat(dir)
	if err != nil || !st.IsDir() {
		return nil, []string{fmt.Sprintf("%s:1: --answers: not a folder", dir)}
	}
	var files []string
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".pdn") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	if len(files) == 0 {
		errs = append(errs, fmt.Sprintf("%s:1: no .pdn answer files in the folder", dir))
	}
	var sheets []*contest.Sheet
	seen := map[string]string{}
	for _, file := range files {
		data, err := readInput(file, f)
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s:1: %v", file, err))
			continue
		}
		games := contest.ReadAnswers(file, data)
		name := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	named:
		for _, g := range games {
			for _, t := range []string{"solver", "name", "решатель"} {
				if v := strings.TrimSpace(g.Tag(t)); v != "" {
					name = v
					break named
				}
			}
		}
		if prev, dup := seen[strings.ToLower(name)]; dup {
			errs = append(errs, fmt.Sprintf("%s:1: solver %q already answered in %s; this file is not graded", file, name, prev))
			continue
		}
		seen[strings.ToLower(name)] = file
		// An empty file (or one of comments only) is an answer too: the
		// solver handed in nothing and gets 0 points, no input error.
		sheets = append(sheets, &contest.Sheet{Solver: name, File: file, Games: games})
	}
	return sheets, errs
}
