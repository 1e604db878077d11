package render

import (
	"fmt"
	"html/template"
	"io"

	"draughtsjudge/composition"
	"draughtsjudge/internal/errw"
)

// SheetEntry is one composition of a problem sheet with its number.
type SheetEntry struct {
	Number      int
	Composition *composition.Composition
}

// Sheet writes the problem sheet of a solving contest (11.6.1: the
// compositions without their authors or solutions) titled title, in
// format "markdown" (a text diagram each) or "html" (any other format;
// SVG diagrams, six a page on A4): per composition its number, game
// system, genre, stipulation in words, who moves and the piece list.
// The error is the template's or the first error writing to w.
func Sheet(w io.Writer, title string, entries []SheetEntry, format string) error {
	type item struct {
		Number                     int
		System, Stip, Move, Pieces string
		FEN, Text                  string
		SVG                        template.HTML
	}
	var items []item
	for _, e := range entries {
		comp := e.Composition
		fen := comp.FEN()
		items = append(items, item{Number: e.Number, System: variantGenre(comp.Rules.ID, comp.Genre), Stip: stipulationWords(comp.Stipulation.Text),
			Move: toMove(fen), Pieces: pieceList(comp.Rules.ID, fen), FEN: fen, Text: textDiagram(comp.Rules.ID, fen), SVG: diagram(comp.Rules.ID, fen, 26)})
	}
	if format == "markdown" {
		ew := &errw.Writer{W: w}
		fmt.Fprintf(ew, "# %s\n\nSolve each composition: give the key, every variation and the finales. Report any cook, inaccuracy or unsolvability you find: it earns extra points.\n", md(title))
		for _, it := range items {
			fmt.Fprintf(ew, "\n## No. %d\n\n%s. **%s**, %s.\n\n```\n%s```\n\n%s\n", it.Number, it.System, it.Stip, it.Move, it.Text, it.Pieces)
		}
		return ew.Err
	}
	var pages [][]item
	for i, it := range items {
		if i%6 == 0 {
			pages = append(pages, nil)
		}
		pages[len(pages)-1] = append(pages[len(pages)-1], it)
	}
	return sheetTmpl.Execute(w, struct {
		Title string
		Pages [][]item
	}{title, pages})
}

var sheetTmpl = template.Must(template.New("sheet").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{.Title}}</title>
<style>
body{font-family:sans-serif;margin:1.5em;color:#111}
h1{font-size:1.3em;margin:0 0 .3em}
.intro{margin:0 0 4mm;font-size:.9em}
.page{display:grid;grid-template-columns:1fr 1fr;grid-auto-rows:auto;gap:4mm 8mm;margin-bottom:2em}
figure{margin:0;break-inside:avoid;page-break-inside:avoid;text-align:center;overflow:hidden}
figure svg{width:60mm;height:60mm}
figcaption{font-size:.85em;margin-top:2px}
.no{font-weight:bold;font-size:1.05em}
.nw{white-space:nowrap}
@media print{
 @page{size:A4;margin:10mm}
 body{margin:0;font-size:9pt}
 h1{font-size:13pt} .intro{font-size:8.5pt}
 /* Six diagrams a page: a grid of two columns and three rows of 80 mm
    (3 x 80 + 2 x 4 = 248 mm of the 277 mm A4 leaves inside its margins,
    the title of the first page included). */
 .page{grid-auto-rows:80mm;margin:0;break-after:page;page-break-after:always}
 .page:last-child{break-after:auto;page-break-after:auto}
 figure svg{width:58mm;height:58mm}
 figcaption{font-size:8pt;line-height:1.2}
 .no{font-size:10pt}
}
</style></head><body>
<h1>{{.Title}}</h1>
<p class="intro">Solve each composition: give the key, every variation and the finales. Report any cook, inaccuracy or unsolvability you find: it earns extra points.</p>
{{range .Pages}}<div class="page">
{{range .}}<figure><div class="no">No. {{.Number}}</div>{{.SVG}}<figcaption><b class="nw">{{.Stip}}</b>, <span class="nw">{{.Move}}</span><br>{{.System}}<br>{{.Pieces}}</figcaption></figure>
{{end}}</div>
{{end}}</body></html>
`))
