package render

import (
	"draughtsjudge/contest"
	"draughtsjudge/internal/errw"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"strings"
	"text/tabwriter"
)

// Results writes the results of a graded solving contest in format:
// "json", "csv" (one row per solver: place, solver, file, the points of
// each composition, total), "markdown", "html" (one self-contained page)
// or "text" (any other format): the results table, then each solver's
// marks with the audit of every item. The error is the template's, the
// CSV writer's or the first error writing to w.
func Results(w io.Writer, res *contest.Results, format string) error {
	ew := &errw.Writer{W: w}
	err := writeResults(ew, res, format)
	if ew.Err != nil {
		return ew.Err
	}
	return err
}

func writeResults(w io.Writer, res *contest.Results, format string) error {
	switch format {
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(res)
	case "csv":
		cw := csv.NewWriter(w)
		head := []string{"place", "solver", "file"}
		for _, c := range res.Compositions {
			head = append(head, fmt.Sprintf("No. %d (%g)", c.Number, c.Points))
		}
		cw.Write(append(head, "total"))
		for _, s := range res.Solvers {
			row := []string{csvPlace(s.Place), csvCell(s.Solver), csvCell(s.File)}
			for _, m := range s.Marks {
				row = append(row, fmt.Sprintf("%.2f", m.Points))
			}
			cw.Write(append(row, fmt.Sprintf("%.2f", s.Total)))
		}
		cw.Flush()
		return cw.Error()
	case "markdown":
		fmt.Fprintln(w, "# Solving contest: results")
		fmt.Fprintln(w)
		head, sep := "| place | solver |", "|---|---|"
		for _, c := range res.Compositions {
			head += fmt.Sprintf(" No. %d (%g) |", c.Number, c.Points)
			sep += "---|"
		}
		fmt.Fprintln(w, head+" total |")
		fmt.Fprintln(w, sep+"---|")
		for _, s := range res.Solvers {
			row := fmt.Sprintf("| %s | %s |", s.Place, md(s.Solver))
			for _, m := range s.Marks {
				row += fmt.Sprintf(" %.2f |", m.Points)
			}
			fmt.Fprintln(w, row+fmt.Sprintf(" **%.2f** |", s.Total))
		}
		for _, e := range res.Errors {
			fmt.Fprintf(w, "\n- input error: %s", md(e))
		}
		for _, s := range res.Solvers {
			fmt.Fprintf(w, "\n\n## %s (%s): %.2f, place %s\n", md(s.Solver), md(s.File), s.Total, s.Place)
			for _, m := range s.Marks {
				fmt.Fprintf(w, "\nNo. %d: **%.2f** of %g (extra %g)\n\n| item | status | points | where | detail |\n|---|---|---|---|---|\n", m.Number, m.Points, m.Max, m.Extra)
				for _, a := range m.Audit {
					fmt.Fprintf(w, "| %s | %s | %.2f / %.2f | %s | %s |\n", md(a.What), a.Status, a.Points, a.Of, md(a.Where), md(a.Detail))
				}
			}
		}
		fmt.Fprintln(w)
	case "html":
		return resultsTmpl.Execute(w, res)
	default:
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		head := "place\tsolver"
		for _, c := range res.Compositions {
			head += fmt.Sprintf("\tNo.%d (%g)", c.Number, c.Points)
		}
		fmt.Fprintln(tw, head+"\ttotal")
		for _, s := range res.Solvers {
			row := s.Place + "\t" + s.Solver
			for _, m := range s.Marks {
				row += fmt.Sprintf("\t%.2f", m.Points)
			}
			fmt.Fprintln(tw, row+fmt.Sprintf("\t%.2f", s.Total))
		}
		tw.Flush()
		for _, s := range res.Solvers {
			fmt.Fprintf(w, "\n== %s (%s): %.2f, place %s\n", s.Solver, s.File, s.Total, s.Place)
			for _, m := range s.Marks {
				fmt.Fprintf(w, "  No. %d: %.2f of %g (extra %g)\n", m.Number, m.Points, m.Max, m.Extra)
				for _, a := range m.Audit {
					where := ""
					if a.Where != "" {
						where = " at " + a.Where
					}
					fmt.Fprintf(w, "    %-5s %-10s %5.2f/%-5.2f %s%s\n", a.What, a.Status, a.Points, a.Of, a.Detail, where)
				}
			}
		}
	}
	return nil
}

var resultsTmpl = template.Must(template.New("results").Funcs(template.FuncMap{
	"p2":      func(f float64) string { return fmt.Sprintf("%.2f", f) },
	"nobreak": nobreak,
	"css":     func() template.CSS { return nobreakCSS },
	// at is where in the solver's file, without the file named above it.
	"at": func(file, where string) string { return strings.TrimPrefix(where, file+":") },
}).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Solving contest: results</title>
<style>
body{font-family:sans-serif;margin:1.5em;color:#222;max-width:1100px}
table{border-collapse:collapse;margin:.4em 0;font-size:.85em} td,th{border:1px solid #bbb;padding:2px 6px;vertical-align:top;text-align:left}
.right,.given,.correct{background:#dfd}.wrong,.incorrect,.error,.wrong.move{background:#fcc}.partial{background:#ffd}.missing{color:#777}
{{css}} h2{break-after:avoid} h3{break-after:avoid}
@media print{@page{size:A4;margin:12mm} body{margin:0;max-width:none;font-size:9.5pt} table{font-size:8pt} tr{break-inside:avoid}}
</style></head><body>
<h1>Solving contest: results</h1>
<table><tr><th>place</th><th>solver</th>{{range .Compositions}}<th>No. {{.Number}} ({{.Points}})</th>{{end}}<th>total</th></tr>
{{range .Solvers}}<tr><td>{{.Place}}</td><td>{{.Solver}}</td>{{range .Marks}}<td class="pt">{{p2 .Points}}</td>{{end}}<td class="pt"><b>{{p2 .Total}}</b></td></tr>
{{end}}</table>
{{range .Errors}}<p class="error">{{.}}</p>{{end}}
{{range .Solvers}}{{$file := .File}}<div class="solver"><h2>{{.Solver}}: {{p2 .Total}}, place {{.Place}}</h2><p>{{.File}}</p>
{{range .Marks}}<h3>No. {{.Number}}: {{p2 .Points}} of {{.Max}} (extra {{.Extra}})</h3>
<table><tr><th>item</th><th>status</th><th>points</th><th>line:col</th><th>detail</th></tr>
{{range .Audit}}<tr class="{{.Status}}"><td>{{.What}}</td><td>{{.Status}}</td><td class="pt">{{p2 .Points}} / {{p2 .Of}}</td><td>{{at $file .Where}}</td><td>{{nobreak .Detail}}</td></tr>{{end}}</table>
{{end}}</div>{{end}}
</body></html>
`))

// csvPlace writes a shared place "1-2" as "1–2 (shared)" (an en dash),
// which no spreadsheet reads as the date 1 February, as it does "1-2".
func csvPlace(p string) string {
	if a, b, ok := strings.Cut(p, "-"); ok {
		return a + "\u2013" + b + " (shared)"
	}
	return csvCell(p)
}

// csvCell keeps a spreadsheet from reading a cell of user text (a
// solver's name, a file name) as a formula: a cell starting with = + - @,
// a tab or a carriage return gets a leading ' (OWASP, "CSV Injection").
func csvCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
