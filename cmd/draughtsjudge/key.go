package main

import (
	"fmt"
	"io"

	"draughtsjudge/contest"
	"draughtsjudge/judge"
	"draughtsjudge/render"
)

func init() {
	register(command{"key", "the answer key of a solving contest: complete solutions, authors, points from difficulty, extra points on offer", cmdKey})
}

func cmdKey(args []string, stdout, stderr io.Writer) int {
	c := newContestCmd("key", true, "the key", stdout, stderr, "text", "markdown", "html", "pdn", "json")
	addArchiveFlag(c.fs, &c.f)
	points := c.fs.String("points", "", "points formula replacing the embedded contest/points.tsv (tab-separated: id, kind, weight, measure, cap, description)")
	if code, ok := c.parse(args, "usage: draughtsjudge key [flags] [PATHS]",
		"The answer key of a solving contest (11.6.1) for the compositions in PATHS (default: the sample corpus).",
		"--format text, markdown, html, pdn or json (json is what grade --key reads fastest).",
		"Exit code: 0 every composition sound, 1 some defective or unknown (the key is still written), 2 usage or input errors, 3 the store cannot be used, 4 internal error in some composition, 5 the key could not be written."); !ok {
		return code
	}
	defer c.close()
	ps, err := loadPoints(*points, &c.f)
	if err != nil {
		return c.fail("--points: %v", err)
	}
	key, errs, code := buildKey(c.fs.Args(), &c.f, ps, stderr)
	if code == exitStore {
		return code
	}
	if code := c.write(func(w io.Writer) error { return render.Key(w, key, c.f.format) }); code != exitOK {
		return code
	}
	if code == exitInternal {
		return code
	}
	if len(errs) > 0 {
		return exitUsage
	}
	for _, e := range key.Entries {
		if e.Verdict != judge.Sound {
			return exitDefective
		}
	}
	return exitOK
}

// loadPoints reads the --points file, or returns the embedded formula.
func loadPoints(path string, f *runFlags) (contest.Points, error) {
	if path == "" {
		return contest.DefaultPoints(), nil
	}
	data, err := readInput(path, f)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read: %v", path, err)
	}
	return contest.ParsePoints(path, data)
}

// buildKey loads, numbers and analyses the compositions and builds the
// key; code is analyseAll's (exitStore: no key).
func buildKey(paths []string, f *runFlags, ps contest.Points, stderr io.Writer) (*contest.ContestKey, []string, int) {
	comps, errs := loadComps(paths, f, stderr)
	comps, lerrs := withoutLasca(comps, "answer key", stderr)
	errs = append(errs, lerrs...)
	nums, comps, nerrs := contestNumbers(comps, stderr)
	errs = append(errs, nerrs...)
	reps, aerrs, code := analyseAll(comps, f, stderr)
	if code == exitStore {
		return nil, errs, code
	}
	errs = append(errs, aerrs...)
	if f.archive != "" {
		if code := findPredecessors(reps, comps, f, stderr); code != exitOK {
			return nil, errs, code
		}
	}
	key := &contest.ContestKey{Format: contest.KeyFormat, Points: ps, Entries: []*contest.KeyEntry{}}
	for i, c := range comps {
		key.Entries = append(key.Entries, contest.BuildKeyEntry(nums[i], c, reps[i], ps))
		if f.archive != "" && reps[i].Originality != nil {
			key.Entries[i].Predecessors = reps[i].Originality.Predecessors
		}
	}
	return key, errs, code
}
