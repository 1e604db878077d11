package render

import (
	"fmt"
	"html/template"
	"io"
	"strings"

	"draughtsjudge/batch"
	"draughtsjudge/draughts"
	"draughtsjudge/judge"
	"draughtsjudge/solver"
)

// HTML writes the batch as one self-contained HTML page (check --format
// html; inline CSS and SVG diagrams, no external resources): a summary
// table, then per entry the diagrams of the initial position and the
// finales, the checks, the findings, the tries, the score, the measures
// and the solution tree. The error is the template's or the first error
// writing to w.
func HTML(w io.Writer, res *batch.Result) error {
	var es []htmlEntry
	for _, r := range res.Entries {
		es = append(es, newHTMLEntry(r))
	}
	return pageTmpl.Execute(w, struct {
		Entries []htmlEntry
		Res     *batch.Result
	}{es, res})
}

// HTMLEntry writes the report of one composition as the HTML page (HTML)
// shows it under its heading: the diagrams, the checks, the findings,
// the tries, the score, the measures and the solution tree. It is a
// fragment for a page whose style sheet is HTMLStyle (the workbench
// shows it). The error is the template's or the first error writing to w.
func HTMLEntry(w io.Writer, r *judge.Report) error {
	return pageTmpl.ExecuteTemplate(w, "entry", newHTMLEntry(r))
}

// HTMLStyle is the style sheet of the HTML page (CSS), for a page that
// shows HTMLEntry fragments.
func HTMLStyle() string {
	var sb strings.Builder
	_ = pageTmpl.ExecuteTemplate(&sb, "style", nil)
	return sb.String()
}

// htmlEntry is what the page's "entry" template shows of one report.
type htmlEntry struct {
	R           *judge.Report
	Start       template.HTML
	Finales     []htmlFinale
	Tree        template.HTML
	PredFigures []predFigure // the shared positions of its predecessors (predecessors.go)
}

// htmlFinale is the diagram of a fulfilled finale and its caption.
type htmlFinale struct {
	Name string
	SVG  template.HTML
}

// newHTMLEntry draws the diagrams and the solution tree of r.
func newHTMLEntry(r *judge.Report) htmlEntry {
	e := htmlEntry{R: r, Start: diagram(r.Variant, r.FEN, 36), PredFigures: predecessorFigures(r, 24)}
	for _, f := range r.Finales {
		if !f.Fulfilled {
			continue
		}
		e.Finales = append(e.Finales, htmlFinale{finaleName(r, f), diagram(r.Variant, f.FEN, 24)})
	}
	if r.Tree != nil {
		var sb strings.Builder
		htmlTree(&sb, r.Tree, 0, r.IsDraw())
		e.Tree = template.HTML(sb.String())
	}
	return e
}

var pageTmpl = template.Must(template.New("page").Funcs(template.FuncMap{
	"join":   func(xs []string, sep string) string { return strings.Join(xs, sep) },
	"length": solutionLength,
	"retro":  retro,
	"score":  func(f float64) string { return fmt.Sprintf("%.2f", f) },
	"sign":   func(f float64) string { return fmt.Sprintf("%+.2f", f) },
}).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>draughtsjudge report</title>
<style>
{{template "style"}}</style></head><body>
<h1>draughtsjudge report</h1>
<table><tr><th>entry</th><th>author</th><th>variant</th><th>genre</th><th>verdict</th><th>score</th><th>keys</th></tr>
{{range .Entries}}<tr><td>{{.R.File}}#{{.R.Index}}</td><td>{{.R.Author}}</td><td>{{.R.Variant}}</td><td>{{.R.Genre}}</td><td class="verdict-{{.R.Verdict}}">{{.R.Verdict}}</td><td>{{score .R.Score}}</td><td>{{join .R.Keys ", "}}</td></tr>
{{end}}</table>
<p>{{.Res.Summary.Entries}} entries: {{.Res.Summary.Sound}} sound, {{.Res.Summary.Defective}} defective, {{.Res.Summary.Unknown}} unknown; {{.Res.Summary.Errors}} input errors.</p>
{{range .Res.Errors}}<p class="fail">{{.}}</p>{{end}}
{{range .Entries}}{{template "entry" .}}{{end}}
</body></html>
{{define "style"}}body{font-family:sans-serif;margin:1.5em;color:#222;max-width:1150px}
h1{font-size:1.5em} h2{font-size:1.2em;border-top:2px solid #888;padding-top:.6em}
table{border-collapse:collapse;margin:.5em 0;font-size:.85em} td,th{border:1px solid #bbb;padding:2px 6px;vertical-align:top;text-align:left}
.pass{background:#dfd}.fail{background:#fcc}.warn{background:#ffd}.unknown{background:#ddf}.not-applicable{color:#888}
.diagrams{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}.diagrams figure{margin:0}
figcaption{font-size:.75em;max-width:330px}
.tree{font-family:monospace;font-size:.8em} .tree ul{margin:0;padding-left:1.2em} .main{font-weight:bold}
.verdict-sound{color:#070}.verdict-defective{color:#b00}.verdict-unknown{color:#447}
{{end}}{{define "entry"}}{{$r := .R}}
<h2>{{$r.File}}#{{$r.Index}}{{if $r.Author}} — {{$r.Author}}{{end}}</h2>
<p>{{$r.Variant}}, {{or $r.Genre "no genre stated"}}{{if $r.Group}} ({{$r.Group}}){{end}}, stipulation “{{$r.Stipulation}}”. {{if $r.Source}}Source: {{$r.Source}}.{{end}}<br>
Position: <code>{{$r.FEN}}</code><br>
Verdict: <b class="verdict-{{$r.Verdict}}">{{$r.Verdict}}</b>{{if $r.Reason}} ({{$r.Reason}}){{end}}.
Score: <b>{{score $r.Score}}</b> / 10 — {{$r.ScoreNote}}.<br>
{{if retro $r}}Retro-analysis; last moves found: {{join $r.Keys ", "}}.{{else}}Author's key: {{$r.AuthorKey}}; keys found: {{join $r.Keys ", "}}; {{if $r.Keys}}{{length $r.Distance}}{{else}}no key proved{{end}}.{{end}}
{{if $r.MainLine}}<br>Main line: {{join $r.MainLine " "}}{{end}}</p>
<div class="diagrams"><figure>{{.Start}}<figcaption>initial position</figcaption></figure>
{{range .Finales}}<figure>{{.SVG}}<figcaption>{{.Name}}</figcaption></figure>{{end}}</div>
<h3>Checks</h3>
<table><tr><th>id</th><th>clause</th><th>status</th><th>evidence</th></tr>
{{range $r.Checks}}<tr class="{{.Status}}"><td>{{.ID}}</td><td>{{.Clause}}</td><td>{{.Status}}</td><td>{{.Detail}}</td></tr>{{end}}</table>
{{if or $r.Cooks $r.Duals $r.Transpositions $r.MissingDefences}}<h3>Cooks, duals, transpositions, missing defences</h3>
<table><tr><th>finding</th><th>after</th><th>move</th><th>result</th><th>rule</th></tr>
{{range $r.Cooks}}<tr class="fail"><td>cook</td><td>{{join .Line " "}}</td><td>{{.Move}}</td><td>{{.Result}}</td><td>11.2.6</td></tr>{{end}}
{{range $r.Duals}}<tr class="{{if or (eq .Status "partial cook") (eq .Status "full cook")}}fail{{else if eq .Status "undecided"}}unknown{{else}}warn{{end}}"><td>{{.Kind}}</td><td>{{join .Line " "}}</td><td>{{.Move}}</td><td>{{.Result}}</td><td>{{.Status}}: {{.Note}}</td></tr>{{end}}
{{range $r.Transpositions}}<tr class="warn"><td>transposition</td><td>{{join .Line " "}}</td><td>{{.Move}}</td><td>{{.Result}}</td><td>11.3.5</td></tr>{{end}}
{{range $r.MissingDefences}}<tr><td>missing defence</td><td>{{join .Line " "}}</td><td>{{.Move}}</td><td>{{.Result}}</td><td></td></tr>{{end}}
</table>{{end}}
{{if $r.Tries}}<h3>Tries (first moves other than the keys)</h3><table><tr><th>move</th><th>result</th><th>refuted by (! = never wins)</th></tr>
{{range $r.Tries}}<tr><td>{{.Move}}</td><td>{{.Result}}</td><td>{{.RefutedBy}}</td></tr>{{end}}</table>{{end}}
<h3>Score</h3>
<table><tr><th>line</th><th>clause</th><th>weight</th><th>applied</th><th>detail</th></tr>
{{range $r.ScoreLines}}<tr{{if .Applied}} class="pass"{{end}}><td>{{.ID}}</td><td>{{.Clause}}</td><td>{{sign .Weight}}</td><td>{{if .Applied}}yes{{else}}no{{end}}</td><td>{{.Detail}}</td></tr>{{end}}</table>` + predecessorsHTML + `
{{if $r.Measures}}<h3>Artistic measures</h3><table><tr><th>measure</th><th>clause</th><th>value</th><th>evidence</th></tr>
{{range $r.Measures}}<tr><td>{{.ID}}</td><td>{{.Clause}}</td><td>{{.Value}}</td><td>{{.Detail}}</td></tr>{{end}}</table>{{end}}
{{if .Tree}}<h3>Solution tree</h3><p>{{if .R.IsDraw}}White: every move that holds the draw (bold = main){{else}}White: every move that still forces the goal (bold = main, number = moves to the goal){{end}}; Black: every defence.</p><div class="tree">{{.Tree}}</div>{{end}}
{{end}}`))

// htmlTree renders a solution tree as nested lists (draw: see writeTree).
func htmlTree(sb *strings.Builder, n *solver.Node, depth int, draw bool) {
	if n.Finale {
		sb.WriteString(" <i>finale</i>")
		return
	}
	if n.Truncated {
		sb.WriteString(" <i>… not expanded</i>")
		return
	}
	if len(n.Branches) == 0 {
		return
	}
	sb.WriteString("<ul>")
	for _, b := range n.Branches {
		who := "W"
		if !n.Attacker {
			who = "B"
		}
		cls := ""
		if b.Main {
			cls = ` class="main"`
		}
		fmt.Fprintf(sb, "<li><span%s>%s %s</span>%s", cls, who, template.HTMLEscapeString(b.Move), treeDistance(b.Distance, draw))
		if b.Child != nil {
			htmlTree(sb, b.Child, depth+1, draw)
		}
		sb.WriteString("</li>")
	}
	sb.WriteString("</ul>")
}

// diagram draws a position as an inline SVG: light and dark squares,
// white and black men, kings with a ring and a crown, coordinates on the
// border (a–h and 1–8 on 8x8) or numbers on the dark squares (10x10).
func diagram(variant, fen string, sq int) template.HTML {
	r, err := draughts.RulesByID(variant)
	if err != nil {
		return ""
	}
	p, err := draughts.ParseFEN(r, fen)
	if err != nil {
		return template.HTML("<p>" + template.HTMLEscapeString(err.Error()) + "</p>")
	}
	b := r.Board
	n := b.Size
	m := sq / 2 // border
	size := n*sq + 2*m
	var s strings.Builder
	fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="%s">`, size, size, size, size, template.HTMLEscapeString(fen))
	fmt.Fprintf(&s, `<rect width="%d" height="%d" fill="#f4ecd8"/>`, size, size)
	fs := sq * 3 / 10
	for row := 0; row < n; row++ {
		for col := 0; col < n; col++ {
			x, y := m+col*sq, m+row*sq
			fill := "#f0d9b5"
			if (row+col)%2 == 1 {
				fill = "#8b5a2b"
			}
			fmt.Fprintf(&s, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`, x, y, sq, sq, fill)
			if n == 10 && (row+col)%2 == 1 {
				fmt.Fprintf(&s, `<text x="%d" y="%d" font-size="%d" fill="#e8d0b0" font-family="sans-serif">%d</text>`, x+2, y+fs, fs, b.Std(b.FromRowCol(row, col)))
			}
		}
	}
	fmt.Fprintf(&s, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#333"/>`, m, m, n*sq, n*sq)
	if n == 8 {
		for i := 0; i < n; i++ {
			fmt.Fprintf(&s, `<text x="%d" y="%d" font-size="%d" text-anchor="middle" font-family="sans-serif">%c</text>`, m+i*sq+sq/2, size-m/4, m*2/3, 'a'+i)
			fmt.Fprintf(&s, `<text x="%d" y="%d" font-size="%d" text-anchor="middle" font-family="sans-serif">%d</text>`, m/2, m+i*sq+sq/2+m/4, m*2/3, n-i)
		}
	}
	for _, x := range p.Occupied().Squares() {
		row, col := b.RowCol(x)
		cx, cy := m+col*sq+sq/2, m+row*sq+sq/2
		fill, stroke := "#fafafa", "#111"
		if p.Pieces[draughts.Black].Has(x) {
			fill, stroke = "#1a1a1a", "#eee"
		}
		rad := sq * 4 / 10
		fmt.Fprintf(&s, `<circle cx="%d" cy="%d" r="%d" fill="%s" stroke="#000" stroke-width="1.5"/>`, cx, cy, rad, fill)
		if p.Kings.Has(x) {
			fmt.Fprintf(&s, `<circle cx="%d" cy="%d" r="%d" fill="none" stroke="%s" stroke-width="2"/>`, cx, cy, rad*7/10, stroke)
			u := float64(rad) / 3
			fmt.Fprintf(&s, `<polygon points="%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f" fill="%s"/>`,
				float64(cx)-u, float64(cy)+u*0.6, float64(cx)-u, float64(cy)-u*0.6, float64(cx)-u/2, float64(cy),
				float64(cx), float64(cy)-u*0.8, float64(cx)+u/2, float64(cy), float64(cx)+u, float64(cy)-u*0.6, float64(cx)+u, float64(cy)+u*0.6, stroke)
		}
	}
	s.WriteString("</svg>")
	return template.HTML(s.String())
}
