package main

import (
	"fmt"
	"html/template"
	"io"

	"github.com/spf13/pflag"
)

func init() {
	register(command{"sheet", "the problem sheet of a solving contest: diagrams and stipulations, no authors, no solutions", cmdSheet})
}

func cmdSheet(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("sheet", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "markdown", "markdown or html (prints on A4, six diagrams a page)")
	out := fs.String("out", "", "write the sheet to this file instead of stdout")
	title := fs.String("title", "Solving contest", "the sheet's title")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: draughtsjudge sheet [--format markdown|html] [--out FILE] [PATHS]")
		fmt.Fprintln(stderr, "The problem sheet (11.6.1: compositions without their authors) of the compositions in PATHS (default: the sample corpus), numbered as key numbers them.")
		fmt.Fprintln(stderr, "Exit code: 0 written, 2 usage or input errors (the readable compositions are still on the sheet).")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == pflag.ErrHelp {
			return exitOK
		}
		return exitUsage
	}
	if *format != "markdown" && *format != "html" {
		fmt.Fprintf(stderr, "draughtsjudge sheet: --format %q: want markdown or html\n", *format)
		return exitUsage
	}
	comps, errs := loadComps(fs.Args(), stderr)
	comps, lerrs := withoutLasca(comps, "problem sheet", stderr)
	errs = append(errs, lerrs...)
	nums, comps, nerrs := contestNumbers(comps, stderr)
	errs = append(errs, nerrs...)
	type item struct {
		Number                             int
		Variant, Genre, Stip, Move, Pieces string
		FEN, Text                          string
		SVG                                template.HTML
	}
	var items []item
	for i, c := range comps {
		fen := fenOf(c)
		items = append(items, item{Number: nums[i], Variant: c.Rules.ID, Genre: orDash(c.Genre), Stip: stipulationWords(c.Stipulation.Text),
			Move: toMove(fen), Pieces: pieceList(c.Rules.ID, fen), FEN: fen, Text: textDiagram(c.Rules.ID, fen), SVG: diagram(c.Rules.ID, fen, 26)})
	}
	w, closeOut, err := openOut(*out, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "draughtsjudge sheet: --out: %v\n", err)
		return exitUsage
	}
	if *format == "markdown" {
		fmt.Fprintf(w, "# %s\n\nSolve each composition: give the key, every variation and the finales. Report any cook, inaccuracy or unsolvability you find: it earns extra points.\n", *title)
		for _, it := range items {
			fmt.Fprintf(w, "\n## No. %d\n\n%s %s. **%s**, %s.\n\n```\n%s```\n\n%s\n", it.Number, it.Variant, it.Genre, it.Stip, it.Move, it.Text, it.Pieces)
		}
	} else {
		var pages [][]item
		for i, it := range items {
			if i%6 == 0 {
				pages = append(pages, nil)
			}
			pages[len(pages)-1] = append(pages[len(pages)-1], it)
		}
		_ = sheetTmpl.Execute(w, struct {
			Title string
			Pages [][]item
		}{*title, pages})
	}
	if err := closeOut(); err != nil {
		fmt.Fprintf(stderr, "draughtsjudge sheet: --out: %v\n", err)
		return exitUsage
	}
	if len(errs) > 0 {
		return exitUsage
	}
	return exitOK
}

var sheetTmpl = template.Must(template.New("sheet").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{.Title}}</title>
<style>
body{font-family:sans-serif;margin:1.5em;color:#111}
h1{font-size:1.3em;margin:0 0 .3em}
.page{display:grid;grid-template-columns:1fr 1fr;gap:6mm 8mm;margin-bottom:2em}
figure{margin:0;break-inside:avoid;text-align:center}
figcaption{font-size:.85em;margin-top:2px}
.no{font-weight:bold;font-size:1.05em}
@media print{@page{size:A4;margin:12mm} body{margin:0} .page{break-after:page;margin:0} .page:last-child{break-after:auto}}
</style></head><body>
<h1>{{.Title}}</h1>
<p>Solve each composition: give the key, every variation and the finales. Report any cook, inaccuracy or unsolvability you find: it earns extra points.</p>
{{range .Pages}}<div class="page">
{{range .}}<figure><div class="no">No. {{.Number}}</div>{{.SVG}}<figcaption><b>{{.Stip}}</b>, {{.Move}}<br>{{.Variant}} {{.Genre}}<br>{{.Pieces}}</figcaption></figure>
{{end}}</div>
{{end}}</body></html>
`))
