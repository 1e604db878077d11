package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"draughtsjudge/contest"
)

// TestGradeTypographicAndEmpty: an answer file as a word processor writes
// it ("1) a5–b4", "1 . a5—b4") is graded as the plain one, and an empty
// answer file is an answer of 0 points, no input error (exit 0).
func TestGradeTypographicAndEmpty(t *testing.T) {
	dir := t.TempDir()
	key := filepath.Join(dir, "k.json")
	if err := os.WriteFile(key, []byte(miniKey), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "grade", "--no-db", "--nodes", "5000", "--mem", "16", "--key", key,
		"--answers", filepath.Join("testdata", "answers-typographic"), "--format", "json")
	if code != exitOK || errs != "" {
		t.Fatalf("exit %d, want 0: %s", code, errs)
	}
	var res contest.Results
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	got := map[string]*contest.SolverResult{}
	for _, s := range res.Solvers {
		got[s.Solver] = s
	}
	if e := got["empty"]; e == nil || e.Total != 0 {
		t.Errorf("the empty file is not graded as 0 points: %+v", e)
	}
	w := got["Word"]
	if w == nil {
		t.Fatalf("Word not graded:\n%s", out)
	}
	for _, m := range w.Marks {
		var audit []string
		for _, a := range m.Audit {
			audit = append(audit, a.What+" "+a.Status)
		}
		if !strings.Contains(strings.Join(audit, "; "), "key right") {
			t.Errorf("No. %d: %v", m.Number, audit)
		}
	}
}
