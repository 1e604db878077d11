package render

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"draughtsjudge/batch"
	"draughtsjudge/contest"
	"draughtsjudge/corpus"
	"draughtsjudge/tourney"
)

// update rewrites the golden files under testdata and the examples under
// docs/contest from the fixtures (go test ./render -update).
var update = flag.Bool("update", false, "rewrite the golden files in testdata and the examples in docs/contest")

// The fixtures are what the tool computed for the embedded sample corpus;
// the golden tests only render them, nothing is solved:
//
//   - testdata/batch.json: draughtsjudge check --no-db --endgames 0
//     --nodes 50000 --format json (the reports with their trees);
//   - testdata/key.json, testdata/section.json: draughtsjudge key and
//     report --format json at the settings of docs/contest (--endgames 0
//     --nodes 50000; TestContestExamples in cmd/draughtsjudge rewrites
//     them with -update, beside the docs);
//   - testdata/results.json: draughtsjudge grade --format json of two
//     answer sheets against the key of the sample (--nodes 20000).
const docs = "../docs/contest"

func readJSON(t *testing.T, name string, v any) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return data
}

// golden compares got with the file path, or rewrites it with -update.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./render -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the renderer's output (go test ./render -update rewrites it after an intended change):\n%s", path, firstDiff(string(want), string(got)))
	}
}

// firstDiff shows the first line where a and b differ.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return "line " + strconv.Itoa(i+1) + ":\n  file: " + x + "\n  now:  " + y
		}
	}
	return "(same lines)"
}

func render(t *testing.T, fn func(w *bytes.Buffer) error) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := fn(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// check's report in every format, and the trees as PDN (--pdn-out).
func TestBatchGolden(t *testing.T) {
	var res batch.Result
	readJSON(t, "batch.json", &res)
	for _, c := range []struct {
		file, format string
		tree         bool
	}{
		{"batch.txt", "text", false},
		{"batch-tree.txt", "text", true},
		{"batch.md", "markdown", false},
		{"batch.html", "html", false},
		{"batch-notree.json", "json", false},
	} {
		golden(t, filepath.Join("testdata", c.file), render(t, func(w *bytes.Buffer) error { return Batch(w, &res, c.format, c.tree) }))
	}
	golden(t, "testdata/batch.pdn", render(t, func(w *bytes.Buffer) error {
		for _, r := range res.Entries {
			if err := PDN(w, r); err != nil {
				return err
			}
		}
		return nil
	}))
	if res.Entries[0].Tree == nil {
		t.Error("the json renderer cleared the caller's trees")
	}
}

// The key in every format; Markdown and HTML are docs/contest's examples.
func TestKeyGolden(t *testing.T) {
	data, err := os.ReadFile("testdata/key.json")
	if err != nil {
		t.Fatal(err)
	}
	key, err := contest.ParseKey("key.json", data)
	if err != nil {
		t.Fatal(err)
	}
	for format, path := range map[string]string{
		"text": "testdata/key.txt", "pdn": "testdata/key.pdn", "json": "testdata/key.json",
		"markdown": docs + "/key.md", "html": docs + "/key.html",
	} {
		golden(t, path, render(t, func(w *bytes.Buffer) error { return Key(w, key, format) }))
	}
}

// The section report in every format; Markdown is docs/contest's example.
func TestSectionGolden(t *testing.T) {
	var sec tourney.Section
	readJSON(t, "section.json", &sec)
	sec.Award(tourney.DefaultAwards) // as report does: only sound entries, Shoshin's study is the one prize
	for format, path := range map[string]string{
		"text": "testdata/section.txt", "html": "testdata/section.html", "json": "testdata/section.json",
		"markdown": docs + "/section-report.md",
	} {
		golden(t, path, render(t, func(w *bytes.Buffer) error { return Section(w, &sec, format) }))
	}
}

// The graded results in every format.
func TestResultsGolden(t *testing.T) {
	var res contest.Results
	readJSON(t, "results.json", &res)
	for _, format := range []string{"text", "markdown", "html", "csv", "json"} {
		ext := map[string]string{"text": "txt", "markdown": "md"}[format]
		if ext == "" {
			ext = format
		}
		golden(t, "testdata/results."+ext, render(t, func(w *bytes.Buffer) error { return Results(w, &res, format) }))
	}
}

// The problem sheet of the sample corpus (the compositions themselves,
// numbered by their order); both formats are docs/contest's examples.
func TestSheetGolden(t *testing.T) {
	var entries []SheetEntry
	for i, e := range corpus.Sample() {
		if e.Err != nil {
			t.Fatal(e.Err)
		}
		if e.Composition.Lasca != nil {
			continue
		}
		entries = append(entries, SheetEntry{Number: i + 1, Composition: e.Composition})
	}
	for format, path := range map[string]string{"markdown": docs + "/sheet.md", "html": docs + "/sheet.html"} {
		golden(t, path, render(t, func(w *bytes.Buffer) error { return Sheet(w, "Solving contest", entries, format) }))
	}
}

// A failing writer's error is returned.
func TestWriteErrorReturned(t *testing.T) {
	var res batch.Result
	readJSON(t, "batch.json", &res)
	for _, format := range []string{"text", "markdown", "html", "json"} {
		if err := Batch(failWriter{}, &res, format, true); err == nil {
			t.Errorf("%s: no error from a failing writer", format)
		}
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, os.ErrClosed }
