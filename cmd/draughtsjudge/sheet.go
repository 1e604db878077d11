package main

import (
	"io"

	"draughtsjudge/render"
)

func init() {
	register(command{"sheet", "the problem sheet of a solving contest: diagrams and stipulations, no authors, no solutions", cmdSheet})
}

func cmdSheet(args []string, stdout, stderr io.Writer) int {
	c := newContestCmd("sheet", false, "the sheet", stdout, stderr, "markdown", "html")
	c.fs.Lookup("format").Usage = "markdown or html (prints on A4, six diagrams a page)"
	title := c.fs.String("title", "Solving contest", "the sheet's title")
	if code, ok := c.parse(args, "usage: draughtsjudge sheet [--format markdown|html] [--out FILE] [PATHS]",
		"The problem sheet (11.6.1: compositions without their authors) of the compositions in PATHS (default: the sample corpus), numbered as key numbers them.",
		"Exit code: 0 written, 2 usage or input errors (the readable compositions are still on the sheet), 5 the sheet could not be written."); !ok {
		return code
	}
	defer c.close()
	comps, errs := loadComps(c.fs.Args(), &c.f, stderr)
	comps, lerrs := withoutLasca(comps, "problem sheet", stderr)
	errs = append(errs, lerrs...)
	nums, comps, nerrs := contestNumbers(comps, stderr)
	errs = append(errs, nerrs...)
	entries := make([]render.SheetEntry, len(comps))
	for i, comp := range comps {
		entries[i] = render.SheetEntry{Number: nums[i], Composition: comp}
	}
	if code := c.write(func(w io.Writer) error { return render.Sheet(w, *title, entries, c.f.format) }); code != exitOK {
		return code
	}
	if len(errs) > 0 {
		return exitUsage
	}
	return exitOK
}
