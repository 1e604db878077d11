package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"draughtsjudge/judge"
)

const rubricHead = "# id\tclause\tweight\tcondition\tdescription\n"

// Issue 25 item 4: a NaN or ±Inf number in --rubric, --points or
// --override, and a rubric condition on a measure that does not exist,
// are file:line errors (exit 2) before any work, not an empty JSON with
// exit 0, a line that never applies, or a hang.
func TestNonFiniteNumbersInFiles(t *testing.T) {
	dir := t.TempDir()
	pdn := writeFile(t, filepath.Join(dir, "t.pdn"), tiny)
	for _, tc := range []struct {
		file, data string
		args       []string
		msg        string
	}{
		{"r.tsv", rubricHead + "x\t11.3\tNaN\talways\tx\n", []string{"check", "--format", "json"}, "draughtsjudge check: --rubric: DIR/r.tsv:2: weight \"NaN\": not a finite number"},
		{"r.tsv", rubricHead + "x\t11.3\t+Inf\talways\tx\n", []string{"check"}, "draughtsjudge check: --rubric: DIR/r.tsv:2: weight \"+Inf\": not a finite number"},
		{"r.tsv", rubricHead + "x\t11.3\t1\tvariations>=NaN\tx\n", []string{"check"}, "draughtsjudge check: --rubric: DIR/r.tsv:2: condition \"variations>=NaN\": \"NaN\" is not a finite number"},
		{"r.tsv", rubricHead + "x\t11.3\t1\tvariatons>=2\tx\n", []string{"check"}, "draughtsjudge check: --rubric: DIR/r.tsv:2: condition \"variatons>=2\": unknown measure \"variatons\""},
		{"r.tsv", rubricHead + "x\t11.3\t1\tgenre_study && !bogus\tx\n", []string{"report"}, "draughtsjudge report: --rubric: DIR/r.tsv:2: condition \"genre_study && !bogus\": unknown measure \"bogus\""},
		{"p.tsv", "d\tdifficulty\tNaN\tdistance\t0\td\n", []string{"key", "--format", "json"}, "draughtsjudge key: --points: DIR/p.tsv:1: weight \"NaN\": not a finite number"},
		{"p.tsv", "d\tdifficulty\t1\tdistance\tInf\td\n", []string{"key"}, "draughtsjudge key: --points: DIR/p.tsv:1: cap \"Inf\": want a finite number >= 0"},
		{"p.tsv", "d\tdifficulty\t1\tdistance\tNaN\td\n", []string{"key"}, "draughtsjudge key: --points: DIR/p.tsv:1: cap \"NaN\""},
	} {
		p := writeFile(t, filepath.Join(dir, tc.file), tc.data)
		flag := map[string]string{"r.tsv": "--rubric", "p.tsv": "--points"}[tc.file]
		args := append(append(append([]string{}, tc.args...), flag, p, "--no-db", "--nodes", "20000"), pdn)
		code, out, errs := runCLI(t, args...)
		errs = strings.ReplaceAll(errs, dir, "DIR")
		if code != exitUsage || out != "" || !strings.HasPrefix(errs, tc.msg) {
			t.Errorf("%v: exit %d, stdout %d bytes, stderr %q; want exit 2 and %q", tc.args, code, len(out), errs, tc.msg)
		}
	}
}

// An override score of NaN is an error line of the file
// (exit 2), and the report is still written, without hanging.
func TestOverrideNaNScore(t *testing.T) {
	dir := t.TempDir()
	pdn := writeFile(t, filepath.Join(dir, "t.pdn"), tiny)
	ov := writeFile(t, filepath.Join(dir, "ov.tsv"), "1\tscore\tNaN\tnan score\n1\tvariations-2\t-Inf\tinf line\n")
	code, out, errs := runCLI(t, "report", "--no-db", "--nodes", "20000", "--format", "json", "--override", ov, pdn)
	if code != exitUsage || !strings.Contains(errs, "ov.tsv:1: score \"NaN\": want a number from 0 to 10") ||
		!strings.Contains(errs, "ov.tsv:2: score line variations-2: value \"-Inf\" is not a finite number") {
		t.Errorf("exit %d, stderr:\n%s", code, errs)
	}
	if !strings.Contains(out, "\"entries\"") {
		t.Errorf("no report:\n%s", out)
	}
}

// Every measure the reports of render's fixture carry, and every name
// docs/checks.md gives besides, is a name a rubric condition may use:
// the list in judge/score.go keeps up with measures.go.
func TestRubricKnowsEveryMeasure(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "render", "testdata", "batch.json"))
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Entries []struct {
			Measures []struct{ ID string } `json:"measures"`
		} `json:"entries"`
	}
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{"board10": true, "genre_problem": true, "genre_study": true, "genre_task": true, "genre_ending": true}
	for _, e := range res.Entries {
		for _, m := range e.Measures {
			names[m.ID] = true
		}
	}
	if len(names) < 20 {
		t.Fatalf("only %d names in the fixture", len(names))
	}
	for name := range names {
		if _, err := judge.ParseRubric("r.tsv", []byte("x\t1\t1\t"+name+"\tx\n")); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
