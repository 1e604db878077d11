package main

import (
	"bytes"
	"context"
	"draughtsjudge/contest"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"
)

func init() {
	register(command{"grade", "grade a solving contest: each solver's answers against the key, results table and marking", cmdGrade})
}

func cmdGrade(args []string, stdout, stderr io.Writer) int {
	c := newContestCmd("grade", true, "the results", stdout, stderr, "text", "markdown", "html", "json", "csv")
	keyPath := c.fs.String("key", "", "the key: the JSON of key --format json, or a PDN of the compositions (then solved first)")
	answers := c.fs.String("answers", "", "folder of answer files, one PDN file per solver")
	points := c.fs.String("points", "", "points formula when --key is a PDN (default: the embedded composition/points.tsv)")
	if code, ok := c.parse(args, "usage: draughtsjudge grade --key KEY --answers DIR [--format text|markdown|html|json|csv] [--out FILE]",
		"Grades every solver's answers (one PDN file per solver in DIR) against the key.",
		"Exit code: 0 graded, 2 usage or input errors (each one line file:line: what; every readable answer is still graded), 3 the store cannot be used, 4 internal error (PDN key)."); !ok {
		return code
	}
	defer c.close()
	f := &c.f
	if *keyPath == "" || *answers == "" || c.fs.NArg() > 0 {
		return c.fail("want --key KEY and --answers DIR, no other arguments")
	}
	var errs []string
	internal := false // a composition of a PDN key could not be analysed
	data, err := readInput(*keyPath, f)
	if err != nil {
		fmt.Fprintf(stderr, "%s:1: %v\n", *keyPath, err)
		return exitUsage
	}
	var key *contest.ContestKey
	if bytes.HasPrefix(bytes.TrimSpace(data), []byte("{")) {
		if key, err = contest.ParseKey(*keyPath, data); err != nil {
			fmt.Fprintln(stderr, err)
			return exitUsage
		}
	} else {
		ps, err := loadPoints(*points, f)
		if err != nil {
			return c.fail("--points: %v", err)
		}
		var code int
		if key, errs, code = buildKey([]string{*keyPath}, f, ps, stderr); code == exitStore {
			return code
		}
		internal = code == exitInternal
	}
	sheets, serrs := readSheets(*answers, f)
	for _, e := range serrs {
		fmt.Fprintln(stderr, e)
	}
	errs = append(errs, serrs...)
	gr := &contest.Grader{Key: key, Options: claimOptions(f)}
	res := gr.Grade(context.Background(), sheets)
	for _, e := range res.Errors {
		fmt.Fprintln(stderr, e)
	}
	res.Errors = append(errs, res.Errors...)
	if code := c.write(func(w io.Writer) { writeResults(w, res, f.format) }); code != exitOK {
		return code
	}
	if internal {
		return exitInternal
	}
	if len(res.Errors) > 0 {
		return exitUsage
	}
	return exitOK
}

// readSheets reads every *.pdn under dir, one solver each. The solver is
// named by a [Solver] (or [Name], [Решатель]) tag, else by the file name.
// Only regular files of at most --max-file-size are read (a FIFO named
// x.pdn is an error line, never a hang).
func readSheets(dir string, f *runFlags) ([]*contest.Sheet, []string) {
	var errs []string
	st, err := os.Stat(dir)
	if err != nil || !st.IsDir() {
		return nil, []string{fmt.Sprintf("%s:1: --answers: not a folder", dir)}
	}
	var files []string
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".pdn") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	if len(files) == 0 {
		errs = append(errs, fmt.Sprintf("%s:1: no .pdn answer files in the folder", dir))
	}
	var sheets []*contest.Sheet
	seen := map[string]string{}
	for _, file := range files {
		data, err := readInput(file, f)
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s:1: %v", file, err))
			continue
		}
		games := contest.ReadAnswers(file, data)
		name := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	named:
		for _, g := range games {
			for _, t := range []string{"solver", "name", "решатель"} {
				if v := strings.TrimSpace(g.Tag(t)); v != "" {
					name = v
					break named
				}
			}
		}
		if prev, dup := seen[strings.ToLower(name)]; dup {
			errs = append(errs, fmt.Sprintf("%s:1: solver %q already answered in %s; this file is not graded", file, name, prev))
			continue
		}
		seen[strings.ToLower(name)] = file
		if len(games) == 0 {
			errs = append(errs, fmt.Sprintf("%s:1: no answers in the file", file))
		}
		sheets = append(sheets, &contest.Sheet{Solver: name, File: file, Games: games})
	}
	return sheets, errs
}

func writeResults(w io.Writer, res *contest.Results, format string) {
	switch format {
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.Encode(res)
	case "csv":
		cw := csv.NewWriter(w)
		head := []string{"place", "solver", "file"}
		for _, c := range res.Compositions {
			head = append(head, fmt.Sprintf("No. %d (%g)", c.Number, c.Points))
		}
		cw.Write(append(head, "total"))
		for _, s := range res.Solvers {
			row := []string{s.Place, s.Solver, s.File}
			for _, m := range s.Marks {
				row = append(row, fmt.Sprintf("%.2f", m.Points))
			}
			cw.Write(append(row, fmt.Sprintf("%.2f", s.Total)))
		}
		cw.Flush()
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
			row := fmt.Sprintf("| %s | %s |", s.Place, s.Solver)
			for _, m := range s.Marks {
				row += fmt.Sprintf(" %.2f |", m.Points)
			}
			fmt.Fprintln(w, row+fmt.Sprintf(" **%.2f** |", s.Total))
		}
		for _, e := range res.Errors {
			fmt.Fprintf(w, "\n- input error: %s", e)
		}
		for _, s := range res.Solvers {
			fmt.Fprintf(w, "\n\n## %s (%s): %.2f, place %s\n", s.Solver, s.File, s.Total, s.Place)
			for _, m := range s.Marks {
				fmt.Fprintf(w, "\nNo. %d: **%.2f** of %g (extra %g)\n\n| item | status | points | where | detail |\n|---|---|---|---|---|\n", m.Number, m.Points, m.Max, m.Extra)
				for _, a := range m.Audit {
					fmt.Fprintf(w, "| %s | %s | %.2f / %.2f | %s | %s |\n", a.What, a.Status, a.Points, a.Of, a.Where, strings.ReplaceAll(a.Detail, "|", "\\|"))
				}
			}
		}
		fmt.Fprintln(w)
	case "html":
		_ = resultsTmpl.Execute(w, res)
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
}

var resultsTmpl = template.Must(template.New("results").Funcs(template.FuncMap{
	"p2": func(f float64) string { return fmt.Sprintf("%.2f", f) },
}).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Solving contest: results</title>
<style>
body{font-family:sans-serif;margin:1.5em;color:#222;max-width:1100px}
table{border-collapse:collapse;margin:.4em 0;font-size:.85em} td,th{border:1px solid #bbb;padding:2px 6px;vertical-align:top;text-align:left}
.right,.given,.correct{background:#dfd}.wrong,.incorrect,.error,.wrong.move{background:#fcc}.partial{background:#ffd}.missing{color:#777}
@media print{@page{size:A4;margin:12mm} body{margin:0} .solver{break-inside:avoid-page}}
</style></head><body>
<h1>Solving contest: results</h1>
<table><tr><th>place</th><th>solver</th>{{range .Compositions}}<th>No. {{.Number}} ({{.Points}})</th>{{end}}<th>total</th></tr>
{{range .Solvers}}<tr><td>{{.Place}}</td><td>{{.Solver}}</td>{{range .Marks}}<td>{{p2 .Points}}</td>{{end}}<td><b>{{p2 .Total}}</b></td></tr>
{{end}}</table>
{{range .Errors}}<p class="error">{{.}}</p>{{end}}
{{range .Solvers}}<div class="solver"><h2>{{.Solver}}: {{p2 .Total}}, place {{.Place}}</h2><p>{{.File}}</p>
{{range .Marks}}<h3>No. {{.Number}}: {{p2 .Points}} of {{.Max}} (extra {{.Extra}})</h3>
<table><tr><th>item</th><th>status</th><th>points</th><th>where</th><th>detail</th></tr>
{{range .Audit}}<tr class="{{.Status}}"><td>{{.What}}</td><td>{{.Status}}</td><td>{{p2 .Points}} / {{p2 .Of}}</td><td>{{.Where}}</td><td>{{.Detail}}</td></tr>{{end}}</table>
{{end}}</div>{{end}}
</body></html>
`))
