package main

import (
	"fmt"
	"io"

	"draughtsjudge/render"
	"draughtsjudge/tourney"
)

func init() {
	register(command{"report", "the judge's section report: entries ranked by score, defects, predecessors, characterisation, judge's overrides", cmdReport})
}

func cmdReport(args []string, stdout, stderr io.Writer) int {
	c := newContestCmd("report", true, "the report", stdout, stderr, "text", "json", "markdown", "html")
	f := &c.f
	// check's --rubric; not --pdn-out: the section report writes no trees.
	c.fs.StringVar(&f.rubric, "rubric", "", "scoring rubric file replacing the embedded one (tab-separated: id, clause, weight, condition, description)")
	addArchiveFlag(c.fs, f)
	override := c.fs.String("override", "", "the judge's override file (tab-separated: entry, check or score line, value, comment)")
	awards := c.fs.String("awards", "3,3,3", "prizes, honourable mentions and commendations the ranking gives to sound entries, as P,H,C")
	if code, ok := c.parse(args, "usage: draughtsjudge report [flags] [--override FILE] [PATHS]",
		"The section report (11.7) of the compositions in PATHS (default: the sample corpus): ranked by score, ties shared.",
		"--format text, markdown, html or json. Exit code: 0 written, 2 usage or input errors (bad entries or override lines; the rest is reported), 3 the store cannot be used, 4 internal error in some entry, 5 the report could not be written."); !ok {
		return code
	}
	defer c.close()
	var aw tourney.Awards
	if n, err := fmt.Sscanf(*awards, "%d,%d,%d", &aw.Prizes, &aw.Mentions, &aw.Commendations); n != 3 || err != nil || aw.Prizes < 0 || aw.Mentions < 0 || aw.Commendations < 0 {
		return c.fail("--awards %q: want three counts P,H,C (e.g. 3,3,3)", *awards)
	}
	rubric, err := loadRubric(f.rubric, f) // before any work, as check does
	if err != nil {
		return c.fail("--rubric: %v", err)
	}
	var ovs []tourney.Override
	var errs []string
	if *override != "" {
		data, err := readInput(*override, f)
		if err != nil {
			fmt.Fprintf(stderr, "%s:1: %v\n", *override, err)
			return exitUsage
		}
		var perrs []error
		ovs, perrs = tourney.ParseOverrides(*override, data)
		for _, e := range perrs {
			errs = append(errs, e.Error())
		}
	}
	comps, lerrs := loadComps(c.fs.Args(), &c.f, stderr)
	// Numbered as sheet and key number them: the [Number] tag, else the
	// place among the readable compositions; override lines use it.
	nums, comps, nerrs := contestNumbers(comps, stderr)
	lerrs = append(lerrs, nerrs...)
	reps, aerrs, code := analyseAll(comps, f, stderr)
	if code == exitStore {
		return code
	}
	lerrs = append(lerrs, aerrs...) // said on stderr already, as lerrs
	errs = append(lerrs, errs...)
	for _, r := range reps {
		r.ApplyScore(rubric)
	}
	if code := findPredecessors(reps, comps, f, stderr); code != exitOK {
		return code
	}
	ovs, derrs := tourney.DismissPredecessors(reps, nums, ovs)
	errs = append(errs, derrs...)
	sec := tourney.BuildSectionNumbered(reps, nums, ovs, rubric)
	sec.Award(aw)
	for _, e := range errs[len(lerrs):] {
		fmt.Fprintln(stderr, e)
	}
	for _, e := range sec.Errors {
		fmt.Fprintln(stderr, e)
	}
	sec.Errors = append(errs, sec.Errors...)
	if code := c.write(func(w io.Writer) error { return render.Section(w, sec, f.format) }); code != exitOK {
		return code
	}
	if code == exitInternal {
		return code
	}
	if len(sec.Errors) > 0 {
		return exitUsage
	}
	return exitOK
}
