package render

import (
	"draughtsjudge/contest"
	"draughtsjudge/internal/errw"
	"draughtsjudge/judge"
	"draughtsjudge/tourney"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"regexp"
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

// sectionItem is what every format shows of one entry: first what a
// published report prints (the distinction, the composer, the diagram, the
// solution, the judge's comment, the verdict with its reasons in words),
// then for the judge the file, the number override lines use and the raw
// checks.
type sectionItem struct {
	E                   *tourney.SectionEntry
	Name, Place         string
	Heading, Composer   string
	Award               string
	Character           string   // genre, group, detected genres
	Problem             string   // stipulation in words, who moves, the pieces
	Solution            []string // the author's lines, the main line first
	Verdict             string   // the verdict with its reasons, in words
	Reasons             []string // the rubric lines that made the score, in words
	Measures            []string // the non-zero measures, in words
	Defects             []string // failed and undecided checks with their evidence (for the judge)
	Predecessors        []string
	Diagram             template.HTML
	Text                string // the diagram in text
	Overrides           []tourney.OverrideRow
	ToolScore, Score    string
	ToolVerdict, Verdct string

	PredFigures []predFigure // the shared positions (predecessors.go)
}

// evidenceRe is a rubric line's evidence "(variations=3)": raw measure
// ids, which the report's reasons leave out (the measures say it in words).
var evidenceRe = regexp.MustCompile(` \([a-z0-9_]+(=|<|>)[^()]*\)$`)

func sectionItems(sec *tourney.Section, svg bool) []sectionItem {
	var out []sectionItem
	for _, e := range sec.Entries {
		r := e.Report
		it := sectionItem{E: e, Name: fmt.Sprintf("%s#%d", r.File, r.Index), Place: e.Place, Overrides: e.Overrides, Award: e.Award,
			ToolScore: fmt.Sprintf("%.2f", e.ToolScore), Score: fmt.Sprintf("%.2f", e.Score), ToolVerdict: string(e.ToolVerdict), Verdct: string(e.Verdict)}
		if e.Shared {
			it.Place += " (shared)"
		}
		it.Composer = r.Author
		if it.Composer == "" {
			it.Composer = "composer not named"
		}
		it.Heading = fmt.Sprintf("No. %d — %s", e.Number, it.Composer)
		if e.Award != "" {
			it.Heading = e.Award + ": " + it.Heading
		}
		ch := variantGenre(r.Variant, r.Genre)
		if r.Group != "" {
			ch += ", " + r.Group
		}
		if len(r.DetectedGenres) > 0 {
			ch += "; the material allows: " + strings.Join(r.DetectedGenres, ", ")
		}
		it.Character = ch
		it.Problem = fmt.Sprintf("%s, %s. %s", stipulationWords(r.Stipulation), toMove(r.FEN), pieceList(r.Variant, r.FEN))
		side := sideOf(r.FEN)
		for _, f := range r.Finales {
			l := contest.LineString(f.Line, side)
			if len(f.Extra) > 0 {
				l += " [then " + strings.Join(f.Extra, " ") + "]"
			}
			if f.Main {
				it.Solution = append([]string{l}, it.Solution...)
			} else {
				it.Solution = append(it.Solution, l)
			}
		}
		it.Verdict = verdictWords(e)
		for _, c := range r.Checks {
			if c.Status == judge.Fail || c.Status == judge.Unknown {
				it.Defects = append(it.Defects, fmt.Sprintf("%s (%s) %s: %s", c.ID, c.Clause, c.Status, c.Detail))
			}
		}
		if r.Originality != nil {
			it.Predecessors = r.Originality.Predecessors
			if r.Originality.More > 0 {
				it.Predecessors = append(append([]string{}, it.Predecessors...), fmt.Sprintf("and %d more", r.Originality.More))
			}
		}
		for _, l := range e.Drivers {
			it.Reasons = append(it.Reasons, fmt.Sprintf("%+g: %s (%s)", l.Weight, evidenceRe.ReplaceAllString(l.Detail, ""), l.Clause))
		}
		for _, m := range r.Measures {
			if m.Value != 0 {
				it.Measures = append(it.Measures, fmt.Sprintf("%s (%s)", m.Detail, m.Clause))
			}
		}
		if svg {
			it.Diagram = diagram(r.Variant, r.FEN, 24)
			it.PredFigures = predecessorFigures(r, 20)
		} else {
			it.Text = textDiagram(r.Variant, r.FEN)
		}
		out = append(out, it)
	}
	return out
}

// verdictWords is an entry's verdict with its reasons in words: the
// checks of chapter XI it does not meet or that stay undecided, by their
// titles, and the judge's word where he overruled.
func verdictWords(e *tourney.SectionEntry) string {
	r := e.Report
	var fail, open []string
	for _, c := range r.Checks {
		what := fmt.Sprintf("%s (%s): %s", judge.CheckID(c.ID).Title(), c.Clause, c.Detail)
		if judge.CheckID(c.ID).Title() == "" {
			what = fmt.Sprintf("%s (%s): %s", c.ID, c.Clause, c.Detail)
		}
		switch c.Status {
		case judge.Fail:
			fail = append(fail, what)
		case judge.Unknown:
			open = append(open, what)
		}
	}
	var v string
	switch e.Verdict {
	case judge.Sound:
		v = "Sound: every formal check of chapter XI is met"
	case judge.Defective:
		v = "Defective, not ranked for a distinction (11.1.1): not met — " + strings.Join(fail, "; ")
	default:
		v = "Undecided, not awarded until decided: " + strings.Join(open, "; ")
	}
	if r.Reason != "" && e.Verdict != judge.Defective {
		v += " (" + r.Reason + ")"
	}
	v += fmt.Sprintf(". Score %s of 10", fmt.Sprintf("%.2f", e.Score))
	if e.Verdict != e.ToolVerdict || e.Score != e.ToolScore {
		v += fmt.Sprintf(" (the tool: %s, %.2f)", e.ToolVerdict, e.ToolScore)
	}
	return v + "."
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
		writeSectionMarkdown(w, sec, items)
	default:
		writeSectionText(w, sec, items)
	}
	return nil
}

func writeSectionMarkdown(w io.Writer, sec *tourney.Section, items []sectionItem) {
	fmt.Fprintln(w, "# Section report (11.7)")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| distinction | place | No. | composer | genre | score |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|")
	for _, it := range items {
		fmt.Fprintf(w, "| %s | %s | %d | %s | %s | %s |\n", orDash(it.Award), it.Place, it.E.Number, md(it.Composer), orDash(it.E.Report.Genre), it.Score)
	}
	for _, it := range items {
		r := it.E.Report
		fmt.Fprintf(w, "\n## %s\n\n", md(it.Heading))
		if r.Source != "" {
			fmt.Fprintf(w, "Source: %s\n\n", md(r.Source))
		}
		fmt.Fprintf(w, "```\n%s```\n\n%s: %s\n\n", it.Text, md(it.Character), md(it.Problem))
		for i, l := range it.Solution {
			what := "Solution"
			if i > 0 {
				what = "Variation"
			}
			fmt.Fprintf(w, "- %s: %s\n", what, md(l))
		}
		if it.E.Comment != "" {
			fmt.Fprintf(w, "\n*Judge's comment:* %s\n", md(it.E.Comment))
		}
		fmt.Fprintf(w, "\n**Verdict.** %s\n", md(it.Verdict))
		if len(it.Reasons) > 0 {
			fmt.Fprintf(w, "\nThe score: %s.\n", md(strings.Join(it.Reasons, "; ")))
		}
		fmt.Fprintf(w, "\nMeasures: %s.\n\nOriginality: predecessors: %s.\n", md(orNoneList(it.Measures)), md(orNoneList(it.Predecessors)))
		if len(it.Overrides) > 0 {
			fmt.Fprintln(w, "\n| overruled | tool | judge | comment |\n|---|---|---|---|")
			for _, o := range it.Overrides {
				fmt.Fprintf(w, "| %s | %s | %s | %s |\n", o.Item, o.Tool, o.Judge, md(o.Comment))
			}
		}
	}
	fmt.Fprintln(w, "\n## Appendix: for the judge")
	fmt.Fprintln(w)
	for _, it := range items {
		fmt.Fprintf(w, "- %s. No. %d: `%s`, number: %d (an override line names the entry `%d` or `%s`)\n", it.Place, it.E.Number, md(it.Name), it.E.Number, it.E.Number, md(it.Name))
		for _, d := range it.Defects {
			fmt.Fprintf(w, "  - defect or undecided: %s\n", md(d))
		}
	}
	if len(sec.Errors) > 0 {
		fmt.Fprintln(w, "\n## Appendix: input errors")
		fmt.Fprintln(w)
		for _, e := range sec.Errors {
			fmt.Fprintf(w, "- %s\n", md(e))
		}
	}
}

func writeSectionText(w io.Writer, sec *tourney.Section, items []sectionItem) {
	fmt.Fprintln(w, "SECTION REPORT (11.7)")
	fmt.Fprintln(w)
	for _, it := range items {
		genre := ""
		if g := it.E.Report.Genre; g != "" {
			genre = " (" + g + ")"
		}
		fmt.Fprintf(w, "  %-28s %-12s No. %-3d %s%s, %s\n", orDash(it.Award), it.Place, it.E.Number, it.Composer, genre, it.Score)
	}
	for _, it := range items {
		r := it.E.Report
		fmt.Fprintf(w, "\n%s\n", it.Heading)
		if r.Source != "" {
			fmt.Fprintf(w, "   source: %s\n", r.Source)
		}
		for _, l := range strings.Split(strings.TrimRight(it.Text, "\n"), "\n") {
			fmt.Fprintf(w, "      %s\n", l)
		}
		fmt.Fprintf(w, "   %s: %s\n", it.Character, it.Problem)
		for i, l := range it.Solution {
			what := "solution"
			if i > 0 {
				what = "variation"
			}
			fmt.Fprintf(w, "   %s: %s\n", what, l)
		}
		if it.E.Comment != "" {
			fmt.Fprintf(w, "   judge's comment: %s\n", it.E.Comment)
		}
		fmt.Fprintf(w, "   verdict: %s\n", it.Verdict)
		for _, d := range it.Reasons {
			fmt.Fprintf(w, "   score: %s\n", d)
		}
		fmt.Fprintf(w, "   measures: %s\n", orNoneList(it.Measures))
		fmt.Fprintf(w, "   originality: predecessors: %s\n", orNoneList(it.Predecessors))
		for _, o := range it.Overrides {
			fmt.Fprintf(w, "   overruled %s: tool %s, judge %s (%s) [%s]\n", o.Item, o.Tool, o.Judge, o.Comment, o.Where)
		}
	}
	fmt.Fprintln(w, "\nAPPENDIX: FOR THE JUDGE")
	for _, it := range items {
		fmt.Fprintf(w, "%s. %s — %s: %s, score %s", it.Place, it.Name, orDash(it.E.Report.Author), it.Verdct, it.Score)
		if it.Verdct != it.ToolVerdict || it.Score != it.ToolScore {
			fmt.Fprintf(w, " (tool: %s, %s)", it.ToolVerdict, it.ToolScore)
		}
		fmt.Fprintf(w, "\n   number: %d (an override line names the entry %d or %s)\n", it.E.Number, it.E.Number, it.Name)
		for _, d := range it.Defects {
			fmt.Fprintf(w, "   defect or undecided: %s\n", d)
		}
	}
	if len(sec.Errors) > 0 {
		fmt.Fprintln(w, "\nAPPENDIX: INPUT ERRORS")
		for _, e := range sec.Errors {
			fmt.Fprintf(w, "   %s\n", e)
		}
	}
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

var sectionTmpl = template.Must(template.New("section").Funcs(template.FuncMap{
	"nobreak": nobreak,
	"css":     func() template.CSS { return nobreakCSS },
}).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Section report</title>
<style>
body{font-family:serif;margin:1.5em;color:#222;max-width:1000px}
h1{font-size:1.4em} h2{font-size:1.15em;margin:.2em 0} h3{font-size:1em}
table{border-collapse:collapse;margin:.4em 0;font-size:.85em} td,th{border:1px solid #bbb;padding:2px 6px;vertical-align:top;text-align:left}
.entry{display:grid;grid-template-columns:auto 1fr;gap:0 1em;border-top:2px solid #888;padding-top:.5em;margin-top:1em}.entry figure{margin:0}
.award{color:#704000}.verdict{margin:.3em 0}.comment{font-style:italic}.small{font-size:.85em;color:#444}
.judge{background:#ffd}.error{color:#b00}
{{css}}
@media print{@page{size:A4;margin:12mm} body{margin:0;max-width:none;font-size:10pt} .entry{break-inside:avoid} h2,h3{break-after:avoid}
 .entry svg{width:55mm;height:55mm} table{font-size:8.5pt} .appendix{break-before:page}}
</style></head><body>
<h1>Section report (11.7)</h1>
<table><tr><th>distinction</th><th>place</th><th>No.</th><th>composer</th><th>genre</th><th>score</th></tr>
{{range .Items}}<tr><td>{{.Award}}</td><td>{{.Place}}</td><td>{{.E.Number}}</td><td>{{.Composer}}</td><td>{{.E.Report.Genre}}</td><td class="pt">{{.Score}}</td></tr>
{{end}}</table>
{{range .Items}}<div class="entry"><figure>{{.Diagram}}</figure><div>
<h2 class="award">{{.Heading}}</h2>
{{if .E.Report.Source}}<p class="small">Source: {{.E.Report.Source}}</p>{{end}}
<p>{{.Character}}: <b>{{.Problem}}</b></p>
{{range $i, $l := .Solution}}<p>{{if $i}}Variation{{else}}Solution{{end}}: {{nobreak $l}}</p>{{end}}
{{if .E.Comment}}<p class="comment">Judge's comment: {{.E.Comment}}</p>{{end}}
<p class="verdict"><b>Verdict.</b> {{nobreak .Verdict}}</p>
{{if .Reasons}}<p class="small">The score: {{range .Reasons}}{{.}}; {{end}}</p>{{end}}
<p class="small">Measures: {{range .Measures}}{{nobreak .}}; {{else}}none{{end}}</p>
<p class="small">Originality: predecessors: {{if .Predecessors}}{{range .Predecessors}}{{.}}; {{end}}{{else}}none found{{end}}</p>` + predecessorsHTML + `
{{if .Overrides}}<table class="judge"><tr><th>overruled</th><th>tool</th><th>judge</th><th>comment</th></tr>
{{range .Overrides}}<tr><td>{{.Item}}</td><td>{{.Tool}}</td><td>{{.Judge}}</td><td>{{.Comment}}</td></tr>{{end}}</table>{{end}}
</div></div>{{end}}
<div class="appendix"><h2>Appendix: for the judge</h2>
<table><tr><th>place</th><th>No.</th><th>file</th><th>an override line names it</th><th>defects or undecided checks</th></tr>
{{range .Items}}<tr><td>{{.Place}}</td><td>{{.E.Number}}</td><td>{{.Name}}</td><td>{{.E.Number}} or {{.Name}}</td><td>{{range .Defects}}{{nobreak .}}<br>{{end}}</td></tr>{{end}}</table>
{{if .Errors}}<h2>Appendix: input errors</h2>{{range .Errors}}<p class="error">{{.}}</p>{{end}}{{end}}</div>
</body></html>
`))
