package contest_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"draughtsjudge/contest"
	"draughtsjudge/corpus"
	"draughtsjudge/judge"
	"draughtsjudge/solver"
)

// The answer key counts the author's lines: a copy of a
// line (a variation repeating the move it is an alternative to, nested
// 1,000 deep, and a side line given twice) is no second line, so the key
// of the copy is the key of Shoshin's published study (corpus/sample).
func TestKeyCountsIdenticalLinesOnce(t *testing.T) {
	var orig string
	for _, g := range strings.Split(string(corpus.SampleFiles()["sample/published.pdn"]), "\n\n[") {
		if strings.Contains(g, "Shoshin") {
			orig = "[" + strings.TrimLeft(g, "[")
		}
	}
	const side = "(1... f4-e3 2. b4-e1 a7-b6 3. a3-b4)"
	if orig == "" || !strings.Contains(orig, "1. a5-b4 f4-g3 ") || !strings.Contains(orig, side) {
		t.Fatalf("Shoshin's study not in the sample corpus as expected:\n%s", orig)
	}
	copied := strings.Replace(orig, side, side+" "+side, 1)
	copied = strings.Replace(copied, "1. a5-b4 f4-g3 ", "1. a5-b4"+strings.Repeat(" (1. a5-b4", 1000)+strings.Repeat(")", 1000)+" f4-g3 (1... f4-g3 2. b4-c5) ", 1)
	read := func(text string) *corpus.Entry {
		es := corpus.Parse("published.pdn", []byte(text))
		if len(es) != 1 || es[0].Err != nil {
			t.Fatalf("parse: %+v", es)
		}
		return &es[0]
	}
	o, c := read(orig), read(copied)
	opt := judge.Options{Solver: solver.Options{Budget: solver.Budget{Nodes: 10_000, TTBytes: 16 << 20}, MaxBound: 16, Threads: 2, Quick: true}}
	rep := judge.Analyse(context.Background(), o.Composition, opt)
	rep.ApplyScore(judge.DefaultRubric())
	key := func(e *corpus.Entry) string {
		// The original's report for both: the key's lines come from the
		// composition's own solution.
		k := contest.BuildKeyEntry(1, e.Composition, rep, contest.DefaultPoints())
		data, err := json.MarshalIndent(k, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	want, got := key(o), key(c)
	if got != want {
		t.Errorf("the copy's key:\n%s\nthe original's:\n%s", got, want)
	}
	if n := strings.Count(want, `"kind": "main"`) + strings.Count(want, `"kind": "variation"`); n != 3 {
		t.Errorf("the original's key has %d author's lines, want 3:\n%s", n, want)
	}
}
