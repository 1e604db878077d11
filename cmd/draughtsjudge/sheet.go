package main

import (
	"fmt"
	"html/template"
	"io"
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
		"Exit code: 0 written, 2 usage or input errors (the readable compositions are still on the sheet)."); !ok {
		return code
	}
	defer c.close()
	comps, errs := loadComps(c.fs.Args(), &c.f, stderr)
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
	for i, comp := range comps {
		fen := fenOf(comp)
		items = append(items, item{Number: nums[i], Variant: comp.Rules.ID, Genre: orDash(comp.Genre), Stip: stipulationWords(comp.Stipulation.Text),
			Move: toMove(fen), Pieces: pieceList(comp.Rules.ID, fen), FEN: fen, Text: textDiagram(comp.Rules.ID, fen), SVG: diagram(comp.Rules.ID, fen, 26)})
	}
	if code := c.write(func(w io.Writer) {
		if c.f.format == "markdown" {
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
	}); code != exitOK {
		return code
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
