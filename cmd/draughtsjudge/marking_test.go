package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"draughtsjudge/contest"
	"draughtsjudge/render"
)

// markingFast is the budget of the marking tests: the key of
// testdata/marking/contest.pdn (Shoshin's study, the cooked copy of
// TestGradeCases, the Black-first ending of corpus/regression/published-2.pdn
// No. 15) in about five seconds.
var markingFast = []string{"--no-db", "--nodes", "20000", "--threads", "2"}

var markingOnce struct {
	sync.Once
	dir  string
	data []byte
	err  string
}

// markingKey writes the key of testdata/marking/contest.pdn as JSON into
// dir and reads it back; the key is made once for the package's tests.
func markingKey(t *testing.T, dir string) (string, *contest.ContestKey) {
	t.Helper()
	markingOnce.Do(func() {
		tmp, err := os.MkdirTemp("", "marking")
		if err != nil {
			markingOnce.err = err.Error()
			return
		}
		path := filepath.Join(tmp, "key.json")
		code, _, errs := runCLI(t, append([]string{"key", "--format", "json", "--out", path}, append(markingFast, "testdata/marking/contest.pdn")...)...)
		if code != exitDefective && code != exitOK {
			markingOnce.err = errs
			return
		}
		markingOnce.data, _ = os.ReadFile(path)
		os.RemoveAll(tmp)
	})
	if markingOnce.err != "" {
		t.Fatalf("key: %s", markingOnce.err)
	}
	path := filepath.Join(dir, "key.json")
	if err := os.WriteFile(path, markingOnce.data, 0o644); err != nil {
		t.Fatal(err)
	}
	key, err := contest.ParseKey(path, markingOnce.data)
	if err != nil {
		t.Fatal(err)
	}
	if len(key.Entries) != 3 {
		t.Fatalf("%d entries, want 3", len(key.Entries))
	}
	return path, key
}

// gradeJSON grades the answers folder against the key and returns the
// marks by solver.
func gradeJSON(t *testing.T, keyPath, answers string) map[string]*contest.SolverResult {
	t.Helper()
	return gradeMarks(t, append([]string{"grade", "--key", keyPath, "--answers", answers, "--format", "json"}, markingFast...))
}

// gradeMarks runs grade with args (a JSON grade), its results written with
// --out, and returns the marks by solver.
func gradeMarks(t *testing.T, args []string) map[string]*contest.SolverResult {
	t.Helper()
	out := filepath.Join(t.TempDir(), "res.json")
	code, _, errs := runCLI(t, append(append([]string(nil), args...), "--out", out)...)
	if code != exitOK {
		t.Fatalf("grade: exit %d: %s", code, errs)
	}
	data, _ := os.ReadFile(out)
	var res contest.Results
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	got := map[string]*contest.SolverResult{}
	for _, s := range res.Solvers {
		got[s.Solver] = s
	}
	return got
}

func auditText(m *contest.Mark) string {
	var s []string
	for _, a := range m.Audit {
		s = append(s, a.What+" "+a.Status+" "+a.Detail)
	}
	return strings.Join(s, "\n")
}

// Issue items 1, 4 and 5 (docs/contests.md, grade): a Black-first
// composition has a key (White's first move after Black's, published:
// 1... h8-d4 2. g5-f6) and is graded; a claim counts once; a claim off
// the author's lines is checked and not paid; a winning key of a cooked
// composition earns the key's points.
func TestGradeMarking(t *testing.T) {
	dir := t.TempDir()
	keyPath, key := markingKey(t, dir)
	e1, e2, e3 := key.Entries[0], key.Entries[1], key.Entries[2]
	// No. 3, Black first: 1 + 0.5 x 4 White moves + 0.05 x 8 plies (no
	// tree without the databases) + 0.5 x 1 thematic line = 3.9, rounded
	// to 4; the key 40 % of it.
	if e3.Key != "g5-f6" || strings.Join(e3.KeyAfter, " ") != "h8-d4" || !near(e3.Points, 4) || !near(e3.KeyPoints, 1.6) {
		t.Fatalf("Black-first key: %q after %v, %g points, key %g", e3.Key, e3.KeyAfter, e3.Points, e3.KeyPoints)
	}
	if !near(e1.Points, 13) || !near(e1.KeyPoints, 5.2) || !e2.Cooked() {
		t.Fatalf("No. 1 %g (key %g), No. 2 cooked %v", e1.Points, e1.KeyPoints, e2.Cooked())
	}
	got := gradeJSON(t, keyPath, "testdata/marking/answers")
	want := []struct {
		solver string
		no     int
		points float64
		audit  string
	}{
		{"Author", 3, 4, "key right 1... h8-d4 2. g5-f6"},
		// The key and one of the main line's three White moves after it.
		{"Partial", 3, 1.6 + 2.4/3, "1 of 3 White moves given"},
		{"Wrong key", 3, 0, "the key is 1... h8-d4 2. g5-f6"},
		// Three claims of one cook: paid once.
		{"Claims", 2, e2.KeyPoints + 2, "claim duplicate cook 1. c3-d4: claimed before"},
		// The key; e1:c3 wins but in a defence the author does not give
		// (off-solution: 0); a5:c7 is the key's own continuation.
		{"Claims", 1, 5.2, "outside the author's lines, 0 extra points"},
		{"Claims", 1, 5.2, "5. a5:c7: wrong, that is the solution's own move"},
		{"Cook key", 2, e2.KeyPoints, "another winning key of a cooked composition, credited"},
	}
	for _, w := range want {
		s := got[w.solver]
		if s == nil {
			t.Errorf("%s not graded", w.solver)
			continue
		}
		m := s.Marks[w.no-1]
		if !near(m.Points, w.points) || !strings.Contains(auditText(m), w.audit) {
			t.Errorf("%s No. %d: %.2f points, want %.2f with %q; marking:\n%s", w.solver, w.no, m.Points, w.points, w.audit, auditText(m))
		}
	}
	// Item 6: the try a5-b6 is answered from the key (never, refuted by
	// a7:c5), not by a search that says less.
	if a := auditText(got["Claims"].Marks[0]); !strings.Contains(a, "cook 1. a5-b6: wrong, never; refuted by a7:c5") || strings.Contains(a, "searched to 0 moves") {
		t.Errorf("the claimed try:\n%s", a)
	}

	// "cooked drop" in the key's points: the cooked No. 2 counts for nobody.
	key.Points = append(key.Points, contest.PointsLine{ID: "cooked", Kind: contest.PointsCooked, Measure: contest.CookedDrop})
	data, _ := json.Marshal(key)
	dropPath := filepath.Join(dir, "drop.json")
	if err := os.WriteFile(dropPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
	only := filepath.Join(dir, "cookkey")
	if err := os.MkdirAll(only, 0o755); err != nil {
		t.Fatal(err)
	}
	ck, _ := os.ReadFile("testdata/marking/answers/cookkey.pdn")
	if err := os.WriteFile(filepath.Join(only, "cookkey.pdn"), ck, 0o644); err != nil {
		t.Fatal(err)
	}
	got = gradeJSON(t, dropPath, only)
	for _, s := range []string{"Cook key"} {
		if m := got[s].Marks[1]; m.Points != 0 || m.Max != 0 || !strings.Contains(auditText(m), "dropped") {
			t.Errorf("%s No. 2 with cooked drop: %.2f of %.2f\n%s", s, m.Points, m.Max, auditText(m))
		}
	}
}

// The key's own PDN, read back as a solver's answers, earns full marks on
// every entry, the Black-first one included.
func TestGradeKeyPDNFullMarks(t *testing.T) {
	dir := t.TempDir()
	keyPath, key := markingKey(t, dir)
	ans := filepath.Join(dir, "answers")
	if err := os.MkdirAll(ans, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(ans, "key.pdn"))
	if err != nil {
		t.Fatal(err)
	}
	if err := render.Key(f, key, "pdn"); err != nil {
		t.Fatal(err)
	}
	f.Close()
	got := gradeJSON(t, keyPath, ans)
	s := got["key"]
	if s == nil {
		t.Fatalf("the key's PDN not graded: %+v", got)
	}
	for i, e := range key.Entries {
		if m := s.Marks[i]; !near(m.Points, e.MaxPoints()) {
			t.Errorf("No. %d: %.2f of %.2f\n%s", e.Number, m.Points, e.MaxPoints(), auditText(m))
		}
	}
}

// Every special kind but retro-analysis has a key per part and is graded
// part by part: part 1 from the answer's movetext, part N from its
// [SolutionN] tag, as in the composition's PDN (docs/contests.md). The
// author's solutions earn full marks; an answer without part 2, or with
// part 1's key for part 2 of a double, earns part 1's points.
func TestGradeSpecialKinds(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "key.json")
	code, _, errs := runCLI(t, append([]string{"key", "--format", "json", "--out", path}, append(markingFast, "testdata/marking/special.pdn")...)...)
	if code != exitDefective && code != exitOK {
		t.Fatalf("key: exit %d: %s", code, errs)
	}
	data, _ := os.ReadFile(path)
	key, err := contest.ParseKey(path, data)
	if err != nil {
		t.Fatal(err)
	}
	if len(key.Entries) != 5 {
		t.Fatalf("%d entries, want 5", len(key.Entries))
	}
	// The published keys of the parts (composition/special_test.go).
	wantKeys := [][]string{{"c5:a7"}, {"a1-b2", "h6:f8"}, {"c5-d6", "c5:a7"}, {"a1-b2", "b2-c3"}, {"e5-d6", "e5-f6"}}
	for i, e := range key.Entries {
		var keys []string
		if len(e.Parts) == 0 {
			keys = []string{e.Key}
		}
		for _, p := range e.Parts {
			keys = append(keys, p.Key)
		}
		if strings.Join(keys, " ") != strings.Join(wantKeys[i], " ") {
			t.Errorf("No. %d (%s): keys %v, want %v", e.Number, e.Stipulation, keys, wantKeys[i])
		}
	}
	got := gradeJSON(t, path, "testdata/marking/special-answers")
	for i, e := range key.Entries {
		if m := got["Full"].Marks[i]; !near(m.Points, e.MaxPoints()) || e.MaxPoints() == 0 {
			t.Errorf("Full No. %d: %.2f of %.2f\n%s", e.Number, m.Points, e.MaxPoints(), auditText(m))
		}
	}
	// The key's own PDN (part N in its [SolutionN] tag) earns full marks too.
	ans := filepath.Join(dir, "answers")
	if err := os.MkdirAll(ans, 0o755); err != nil {
		t.Fatal(err)
	}
	var buf strings.Builder
	if err := render.Key(&buf, key, "pdn"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ans, "key.pdn"), []byte(buf.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	own := gradeJSON(t, path, ans)["key"]
	for i, e := range key.Entries {
		if m := own.Marks[i]; !near(m.Points, e.MaxPoints()) {
			t.Errorf("the key's PDN, No. %d: %.2f of %.2f\n%s", e.Number, m.Points, e.MaxPoints(), auditText(m))
		}
	}
	for _, i := range []int{1, 4} {
		e := key.Entries[i]
		if m := got["Half"].Marks[i]; !near(m.Points, e.Parts[0].MaxPoints()) || m.Points >= e.MaxPoints() {
			t.Errorf("Half No. %d: %.2f, want part 1's %.2f\n%s", e.Number, m.Points, e.Parts[0].MaxPoints(), auditText(m))
		}
	}
}

// The key under "cooked drop" says what grade will do: the cooked No. 2
// (W:WKa5,c3:Ba7,f4, cooked by c3-d4) is worth 0, its cooks are on offer
// to nobody, and the others keep their points.
func TestKeyCookedDrop(t *testing.T) {
	dir := t.TempDir()
	points, err := os.ReadFile("../../contest/points.tsv")
	if err != nil {
		t.Fatal(err)
	}
	drop := filepath.Join(dir, "points.tsv")
	if err := os.WriteFile(drop, append(points, []byte("cooked\tcooked\t0\tdrop\t0\tdrop cooked compositions\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"key", "--points", drop}, append(markingFast, "testdata/marking/contest.pdn")...)
	_, text, errs := runCLI(t, args...)
	path := filepath.Join(dir, "key.json")
	if code, _, errs := runCLI(t, append(args[:len(args)-1:len(args)-1], "--format", "json", "--out", path, args[len(args)-1])...); code != exitDefective {
		t.Fatalf("key --format json: exit %d, %s", code, errs)
	}
	data, _ := os.ReadFile(path)
	key, err := contest.ParseKey(path, data)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range key.Entries {
		if e.Dropped != (i == 1) {
			t.Errorf("No. %d: dropped %v, want %v", e.Number, e.Dropped, i == 1)
		}
	}
	for _, want := range []string{"No. 2 — ", "; 0 points (dropped: the tool found a cook", "no extra points: the composition is dropped", "  points: 0, dropped"} {
		if !strings.Contains(text, want) {
			t.Errorf("the text key has no %q (stderr %s):\n%s", want, errs, text)
		}
	}
	if !strings.Contains(text, "cook 1. c3-d4 (full cook") || strings.Contains(text, "cook 1. c3-d4: +2") {
		t.Errorf("the text key's cook c3-d4 of the dropped composition, want it found and on offer to nobody:\n%s", text)
	}
}
