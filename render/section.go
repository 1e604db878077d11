package render

import (
	"draughtsjudge/internal/errw"
	"draughtsjudge/judge"
	"draughtsjudge/tourney"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"strings"
)

// Section writes the judge's section report (11.7) in format: "json"
// (the section without the solution trees), "html" (one self-contained
// page with a diagram per entry), "markdown", or "text" (any other
// format): the entries ranked with their characterisation, defects,
// predecessors, score lines, measures and the judge's overrides. The
// error is the template's or the first error writing to w.
func Section(w io.Writer, sec *tourney.Section, format string) error {
	ew := &errw.Writer{W: w}
	err := writeSection(ew, sec, format)
	if ew.Err != nil {
		return ew.Err
	}
	return err
}

// sectionItem is what every format shows of one entry.
type sectionItem struct {
	E                   *tourney.SectionEntry
	Name, Place         string
	Character           string   // genre, group, detected genres
	Defects             []string // failed and undecided checks with their evidence
	Predecessors        []string
	Drivers             []string // applied rubric lines with a weight
	Measures            []string // the non-zero measures
	Diagram             template.HTML
	Overrides           []tourney.OverrideRow
	ToolScore, Score    string
	ToolVerdict, Verdct string

	PredFigures []predFigure // the shared positions (predecessors.go)
}

func sectionItems(sec *tourney.Section, svg bool) []sectionItem {
	var out []sectionItem
	for _, e := range sec.Entries {
		r := e.Report
		it := sectionItem{E: e, Name: fmt.Sprintf("%s#%d", r.File, r.Index), Place: e.Place, Overrides: e.Overrides,
			ToolScore: fmt.Sprintf("%.2f", e.ToolScore), Score: fmt.Sprintf("%.2f", e.Score), ToolVerdict: string(e.ToolVerdict), Verdct: string(e.Verdict)}
		if e.Shared {
			it.Place += " (shared)"
		}
		ch := r.Variant + " " + orDash(r.Genre)
		if r.Group != "" {
			ch += ", " + r.Group
		}
		if len(r.DetectedGenres) > 0 {
			ch += "; the material allows: " + strings.Join(r.DetectedGenres, ", ")
		}
		it.Character = ch
		for _, c := range r.Checks {
			if c.Status == judge.Fail || c.Status == judge.Unknown {
				it.Defects = append(it.Defects, fmt.Sprintf("%s (%s) %s: %s", c.ID, c.Clause, c.Status, c.Detail))
			}
		}
		if r.Originality != nil {
			it.Predecessors = r.Originality.Predecessors
		}
		for _, l := range e.Drivers {
			it.Drivers = append(it.Drivers, fmt.Sprintf("%+g %s (%s): %s", l.Weight, l.ID, l.Clause, l.Detail))
		}
		for _, m := range r.Measures {
			if m.Value != 0 {
				it.Measures = append(it.Measures, fmt.Sprintf("%s=%g", m.ID, m.Value))
			}
		}
		if svg {
			it.Diagram = diagram(r.Variant, r.FEN, 24)
			it.PredFigures = predecessorFigures(r, 20)
		}
		out = append(out, it)
	}
	return out
}

func writeSection(w io.Writer, sec *tourney.Section, format string) error {
	items := sectionItems(sec, format == "html")
	switch format {
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(withoutTrees(sec))
	case "html":
		return sectionTmpl.Execute(w, struct {
			Items  []sectionItem
			Errors []string
		}{items, sec.Errors})
	case "markdown":
		fmt.Fprintln(w, "# Section report")
		fmt.Fprintln(w)
		fmt.Fprintln(w, "| place | No. | entry | author | genre | verdict | score | tool's verdict | tool's score |")
		fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|")
		for _, it := range items {
			r := it.E.Report
			fmt.Fprintf(w, "| %s | %d | %s | %s | %s | %s | %s | %s | %s |\n", it.Place, it.E.Number, it.Name, md(r.Author), orDash(r.Genre), it.Verdct, it.Score, it.ToolVerdict, it.ToolScore)
		}
		for _, e := range sec.Errors {
			fmt.Fprintf(w, "\n- input error: %s\n", md(e))
		}
		for _, it := range items {
			r := it.E.Report
			fmt.Fprintf(w, "\n## %s. %s — %s\n\n", it.Place, it.Name, md(r.Author))
			fmt.Fprintf(w, "- number: %d (an override line names the entry `%d` or `%s`)\n", it.E.Number, it.E.Number, md(it.Name))
			fmt.Fprintf(w, "- characterisation: %s\n", md(it.Character))
			fmt.Fprintf(w, "- verdict: **%s**%s; score **%s** / 10 (%s)\n", it.Verdct, md(paren(r.Reason)), it.Score, md(r.ScoreNote))
			for _, d := range it.Defects {
				fmt.Fprintf(w, "- defect or undecided: %s\n", md(d))
			}
			fmt.Fprintf(w, "- predecessors: %s\n", md(orNoneList(it.Predecessors)))
			for _, d := range it.Drivers {
				fmt.Fprintf(w, "- score line: %s\n", md(d))
			}
			fmt.Fprintf(w, "- measures: %s\n", orNoneList(it.Measures))
			if len(it.Overrides) > 0 {
				fmt.Fprintln(w, "\n| overruled | tool | judge | comment |\n|---|---|---|---|")
				for _, o := range it.Overrides {
					fmt.Fprintf(w, "| %s | %s | %s | %s |\n", o.Item, o.Tool, o.Judge, md(o.Comment))
				}
			}
		}
	default:
		for _, it := range items {
			r := it.E.Report
			fmt.Fprintf(w, "%s. %s — %s: %s, score %s", it.Place, it.Name, orDash(r.Author), it.Verdct, it.Score)
			if it.Verdct != it.ToolVerdict || it.Score != it.ToolScore {
				fmt.Fprintf(w, " (tool: %s, %s)", it.ToolVerdict, it.ToolScore)
			}
			fmt.Fprintln(w)
			fmt.Fprintf(w, "   number: %d (an override line names the entry %d or %s)\n", it.E.Number, it.E.Number, it.Name)
			fmt.Fprintf(w, "   characterisation: %s\n", it.Character)
			if r.Reason != "" {
				fmt.Fprintf(w, "   reason: %s\n", r.Reason)
			}
			for _, d := range it.Defects {
				fmt.Fprintf(w, "   defect or undecided: %s\n", d)
			}
			fmt.Fprintf(w, "   predecessors: %s\n", orNoneList(it.Predecessors))
			for _, d := range it.Drivers {
				fmt.Fprintf(w, "   score line %s\n", d)
			}
			fmt.Fprintf(w, "   measures: %s\n", orNoneList(it.Measures))
			for _, o := range it.Overrides {
				fmt.Fprintf(w, "   overruled %s: tool %s, judge %s (%s) [%s]\n", o.Item, o.Tool, o.Judge, o.Comment, o.Where)
			}
			fmt.Fprintln(w)
		}
	}
	return nil
}

// withoutTrees is a copy of sec whose reports have no solution tree.
func withoutTrees(sec *tourney.Section) *tourney.Section {
	out := &tourney.Section{Errors: sec.Errors}
	if sec.Entries != nil {
		out.Entries = make([]*tourney.SectionEntry, 0, len(sec.Entries))
	}
	for _, e := range sec.Entries {
		ce, cr := *e, *e.Report
		cr.Tree = nil
		ce.Report = &cr
		out.Entries = append(out.Entries, &ce)
	}
	return out
}

// md makes user text (tags, file names, comments) safe in a Markdown
// table cell or line: HTML is escaped (a tag's <script> must not reach a
// page the Markdown is rendered into), '|' cannot end a cell, and a line
// break cannot end the row.
func md(s string) string {
	return mdEscaper.Replace(s)
}

var mdEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "|", "\\|", "\r\n", " ", "\n", " ", "\r", " ")

func orNoneList(xs []string) string {
	if len(xs) == 0 {
		return "none found"
	}
	return strings.Join(xs, "; ")
}

var sectionTmpl = template.Must(template.New("section").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Section report</title>
<style>
body{font-family:sans-serif;margin:1.5em;color:#222;max-width:1100px}
table{border-collapse:collapse;margin:.4em 0;font-size:.85em} td,th{border:1px solid #bbb;padding:2px 6px;vertical-align:top;text-align:left}
.entry{display:flex;gap:1em;border-top:2px solid #888;padding-top:.5em;margin-top:1em}.entry figure{margin:0}
.judge{background:#ffd}.error{color:#b00}
@media print{@page{size:A4;margin:12mm} body{margin:0} .entry{break-inside:avoid-page}}
</style></head><body>
<h1>Section report</h1>
<table><tr><th>place</th><th>No.</th><th>entry</th><th>author</th><th>genre</th><th>verdict</th><th>score</th><th>tool's verdict</th><th>tool's score</th></tr>
{{range .Items}}<tr><td>{{.Place}}</td><td>{{.E.Number}}</td><td>{{.Name}}</td><td>{{.E.Report.Author}}</td><td>{{.E.Report.Genre}}</td><td>{{.Verdct}}</td><td>{{.Score}}</td><td>{{.ToolVerdict}}</td><td>{{.ToolScore}}</td></tr>
{{end}}</table>
{{range .Errors}}<p class="error">{{.}}</p>{{end}}
{{range .Items}}<div class="entry"><figure>{{.Diagram}}</figure><div>
<h2>{{.Place}}. {{.Name}} — {{.E.Report.Author}}</h2>
<p>No. {{.E.Number}} (an override line names the entry {{.E.Number}} or {{.Name}})<br>{{.Character}}<br>Verdict: <b>{{.Verdct}}</b>{{if .E.Report.Reason}} ({{.E.Report.Reason}}){{end}}; score <b>{{.Score}}</b> / 10 ({{.E.Report.ScoreNote}})</p>
{{if .Defects}}<ul>{{range .Defects}}<li>{{.}}</li>{{end}}</ul>{{end}}
<p>Predecessors: {{if .Predecessors}}{{range .Predecessors}}{{.}}; {{end}}{{else}}none found{{end}}</p>` + predecessorsHTML + `
{{if .Drivers}}<p>Score lines:</p><ul>{{range .Drivers}}<li>{{.}}</li>{{end}}</ul>{{end}}
<p>Measures: {{range .Measures}}{{.}} {{end}}</p>
{{if .Overrides}}<table class="judge"><tr><th>overruled</th><th>tool</th><th>judge</th><th>comment</th></tr>
{{range .Overrides}}<tr><td>{{.Item}}</td><td>{{.Tool}}</td><td>{{.Judge}}</td><td>{{.Comment}}</td></tr>{{end}}</table>{{end}}
</div></div>{{end}}
</body></html>
`))
