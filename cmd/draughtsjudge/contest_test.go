package main

import (
	"draughtsjudge/contest"
	"draughtsjudge/corpus"
	"draughtsjudge/internal/testflag"
	"draughtsjudge/render"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// cookedShoshin is Shoshin's study with the man a3 moved to c3 (solver's
// TestShoshinCookedCopy): the tool proves a second key 1. c3-d4 (a full
// cook). It is analysed in half the time of the copy with a man added on
// h2 (cooked by 1. a3-b4) that this test used before.
const cookedShoshin = `[Number "2"]
[GameType "25"]
[FEN "W:WKa5,c3:Ba7,f4"]
[Genre "study"]
[Stipulation "win"]
[Author "cooked copy"]
1. a5-b4 f4-g3 2. b4-c5 *
`

var contestFast = []string{"--no-db", "--nodes", "200000", "--threads", "2"}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for n, c := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// answerPDN writes the key's lines of e as one answer game, but for
// those starting with skip (if any).
func answerPDN(e *contest.KeyEntry, skip []string, header string) string {
	var lines [][]string
	for _, l := range e.Lines {
		if len(skip) > 0 && len(l.Moves) >= len(skip) && strings.Join(l.Moves[:len(skip)], " ") == strings.Join(skip, " ") {
			continue
		}
		lines = append(lines, l.Moves)
	}
	return header + render.MoveText(lines, 0) + " *\n\n"
}

func near(a, b float64) bool { return math.Abs(a-b) < 0.005 }

// Grading: full solution, key only, wrong key, one variation missing,
// Russian short notation, a correct and a wrong claimed cook, an
// unreadable answer; points asserted from the key.
func TestGradeCases(t *testing.T) {
	// The key at 50,000 nodes and 256 MiB (the floor of the default
	// --mem): the same key, lines and points for No. 1 as at 200,000 and
	// the default memory, in a quarter of the time (at 64 MiB "unique" is
	// left undecided); No. 2 is cooked by c3-d4, the claim graded below.
	// The grading searches only the claimed cooks (a5-b6, refuted by a7:c5
	// at once): 5,000 nodes and 16 MiB decide it.
	fast := []string{"--no-db", "--nodes", "50000", "--mem", "256", "--threads", "2"}
	gradeFast := []string{"--no-db", "--nodes", "5000", "--mem", "16", "--threads", "2"}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"contest.pdn": "[Number \"1\"]\n" + shoshin + "\n" + cookedShoshin})
	keyJSON := filepath.Join(dir, "key.json")
	code, _, errs := runCLI(t, append([]string{"key", "--format", "json", "--out", keyJSON}, append(fast, filepath.Join(dir, "contest.pdn"))...)...)
	if code == exitUsage {
		t.Fatalf("key: exit %d: %s", code, errs)
	}
	data, _ := os.ReadFile(keyJSON)
	key, err := contest.ParseKey("key.json", data)
	if err != nil {
		t.Fatal(err)
	}
	if len(key.Entries) != 2 || key.Entries[0].Key != "a5-b4" || key.Entries[0].Verdict != "sound" {
		t.Fatalf("key: %+v", key.Entries)
	}
	e1, e2 := key.Entries[0], key.Entries[1]
	if e2.Verdict != "defective" || len(e2.Offers) == 0 {
		t.Fatalf("the cooked copy is not cooked: %+v", e2)
	}
	// "One variation missing": the answer leaves out 1... f4-e3 and
	// everything after it (the variation and the defences below it).
	skip := []string{"a5-b4", "f4-e3"}
	lost, variations := 0.0, 0
	for _, l := range e1.Lines {
		if strings.Join(l.Moves[:2], " ") == strings.Join(skip, " ") {
			lost += l.Points
			if l.Kind == contest.LineVariation {
				variations++
			}
		}
	}
	if variations != 1 {
		t.Fatalf("want one variation after 1... f4-e3, got %d: %+v", variations, e1.Lines)
	}
	short := "[Number \"1\"]\n1. a5-b4 fg3 (1... fe3 2. be1 ab6 (2... ed2 3. e:a5) (2... ef2 3. e:g3) 3. ab4) (1... ab6 2. be1) 2. bc5 gh2 (2... ab6 3. c:a7) (2... gf2 3. c:g1) 3. ab4 hg1 (3... ab6 4. c:a7 hg1 5. bc5) 4. ba5 *\n"
	ans := filepath.Join(dir, "answers")
	writeFiles(t, ans, map[string]string{
		"full.pdn":      answerPDN(e1, nil, "[Solver \"Full\"]\n[Number \"1\"]\n"),
		"ambiguous.pdn": "[Number \"1\"]\n1. ab4 *\n",
		"keyonly.pdn":   "[Number \"1\"]\n1. a5-b4 *\n",
		"wrongkey.pdn":  "[Number \"1\"]\n1. a3-b4 f4-e3 *\n",
		"missing.pdn":   answerPDN(e1, skip, "[Number \"1\"]\n"),
		"short.pdn":     short,
		"cook.pdn":      "[Number \"2\"]\n[Claim \"cook 1.c3-d4\"]\n1. a5-b4 *\n",
		"wrongcook.pdn": "[Number \"1\"]\n1. a5-b4 {cook: 1. a5-b6} *\n",
		"broken.pdn":    "[Number \"1\"]\n1. a5-b4 (1... f4-e3\n\n[Number \"2\"]\n1. a5-b4 *\n",
	})
	resPath := filepath.Join(dir, "res.json")
	code, _, errs = runCLI(t, append([]string{"grade", "--key", keyJSON, "--answers", ans, "--format", "json", "--out", resPath}, gradeFast...)...)
	if code != exitUsage { // broken.pdn is an input error
		t.Fatalf("grade: exit %d: %s", code, errs)
	}
	if lines := strings.Split(strings.TrimSpace(errs), "\n"); len(lines) != 1 || !strings.Contains(lines[0], "broken.pdn:2:") || !strings.Contains(lines[0], "unclosed variation") {
		t.Errorf("want one error line broken.pdn:2: unclosed variation, got:\n%s", errs)
	}
	data, _ = os.ReadFile(resPath)
	var res contest.Results
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	got := map[string]*contest.SolverResult{}
	for _, s := range res.Solvers {
		got[s.Solver] = s
	}
	max1 := e1.MaxPoints()
	if !near(max1, e1.Points) {
		t.Errorf("key and lines add up to %g, points %g", max1, e1.Points)
	}
	want := []struct {
		solver string
		no     int
		points float64
		audit  string
	}{
		{"Full", 1, max1, "given"},
		{"keyonly", 1, e1.KeyPoints, "right"},
		{"wrongkey", 1, 0, "the key is 1. a5-b4"},
		{"missing", 1, max1 - lost, "missing"},
		{"ambiguous", 1, 0, "ambiguous; candidates: a3-b4 a5-b4"}, {"ambiguous", 1, 0, "ambiguous.pdn:2:4"},
		{"short", 1, max1, "given"},
		{"cook", 2, e2.KeyPoints + key.Points.Extra(contest.ClaimCook), "cook 1. c3-d4: right"},
		{"wrongcook", 1, e1.KeyPoints, "cook 1. a5-b6: wrong"},
		{"broken", 1, 0, "unclosed variation"},
		{"broken", 2, e2.KeyPoints, "right"},
	}
	for _, w := range want {
		s := got[w.solver]
		if s == nil {
			t.Errorf("%s not graded", w.solver)
			continue
		}
		m := s.Marks[w.no-1]
		var audit []string
		for _, a := range m.Audit {
			audit = append(audit, a.What+" "+a.Status+" "+a.Detail+" "+a.Where)
		}
		if !near(m.Points, w.points) || !strings.Contains(strings.Join(audit, "\n"), w.audit) {
			t.Errorf("%s No. %d: %.2f points, want %.2f with %q; marking:\n%s", w.solver, w.no, m.Points, w.points, w.audit, strings.Join(audit, "\n"))
		}
	}
	if s := got["Full"]; s != nil && s.Place != "1-2" {
		t.Errorf("Full and short tie: place %q, want 1-2", s.Place)
	}
	for _, f := range []string{"text", "markdown", "html", "csv"} {
		code, out, _ := runCLI(t, append([]string{"grade", "--key", keyJSON, "--answers", ans, "--format", f}, gradeFast...)...)
		if code != exitUsage || !strings.Contains(out, "Full") {
			t.Errorf("grade --format %s: exit %d\n%s", f, code, out)
		}
	}
}

// Bad input: a key with a broken game, an answers folder with broken PDN,
// duplicate solvers and an answer to a composition the key lacks: one
// line each on stderr, exit 2, nothing else lost.
func TestGradeBadInput(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"key.pdn": shoshin + "\n[GameType \"25\"]\n[FEN \"W:Wz9:Ba7\"]\n*\n"})
	ans := filepath.Join(dir, "answers")
	writeFiles(t, ans, map[string]string{
		"a.pdn":     "[Solver \"Ann\"]\n1. a5-b4 *\n",
		"b.pdn":     "[Solver \"ann\"]\n1. a5-b4 *\n",
		"c.pdn":     "[Solver \"Cy\"]\n[Number \"7\"]\n1. a5-b4 *\n\n[Number \"1\"]\n1. a5-b4 f4-g3 *\n",
		"d.pdn":     "[Solver \"Di\" \n1. a5-b4 *\n",
		"empty.pdn": "",
	})
	code, out, errs := runCLI(t, append([]string{"grade", "--key", filepath.Join(dir, "key.pdn"), "--answers", ans}, contestFast...)...)
	if code != exitUsage {
		t.Fatalf("exit %d, want 2\n%s", code, errs)
	}
	for _, frag := range []string{"key.pdn:11: FEN", "b.pdn:1: solver \"ann\" already answered", "c.pdn:1: answer to composition 7", "d.pdn:1:1: unterminated tag"} {
		if n := strings.Count(errs, frag); n != 1 {
			t.Errorf("want one stderr line with %q, got %d:\n%s", frag, n, errs)
		}
	}
	for _, s := range []string{"Ann", "Cy", "empty"} {
		if !strings.Contains(out, "== "+s) {
			t.Errorf("%s not graded:\n%s", s, out)
		}
	}
	// An empty answer file is an answer of 0 points, not an input error.
	if strings.Contains(errs, "empty.pdn") {
		t.Errorf("the empty answer file is an error:\n%s", errs)
	}
}

// The sample corpus's key, sheet and section report are committed under
// docs/contest; a drift fails (go test ./cmd/draughtsjudge -run
// ContestExamples -update rewrites them, e.g. after a solver change).
// The same run writes the key and the section as JSON into
// render/testdata, the fixtures from which render's golden tests render
// those examples again without solving (the section's is only written
// with -update: its reports carry their seconds).
func TestContestExamples(t *testing.T) {
	if !*update {
		// render's golden tests render these files from the JSON fixtures
		// in every tier; this one solves the sample to see that the
		// fixtures and docs still are what the tool computes.
		testflag.Long(t)
	}
	docs := filepath.Join("..", "..", "docs", "contest")
	fixtures := filepath.Join("..", "..", "render", "testdata")
	cases := []struct {
		dir, file  string
		args       []string
		updateOnly bool
	}{
		{docs, "key.md", []string{"key", "--format", "markdown"}, false},
		{docs, "key.html", []string{"key", "--format", "html"}, false},
		{docs, "sheet.md", []string{"sheet"}, false},
		{docs, "sheet.html", []string{"sheet", "--format", "html"}, false},
		{docs, "section-report.md", []string{"report", "--format", "markdown"}, false},
		{fixtures, "key.json", []string{"key", "--format", "json"}, false},
		{fixtures, "section.json", []string{"report", "--format", "json"}, true},
	}
	// One store without endgame databases: the sample is analysed once,
	// the later commands read its reports back (the same answers as
	// --no-db, which would analyse it three times).
	flags := []string{"--db", t.TempDir(), "--endgames", "0", "--nodes", "50000", "--threads", "2"}
	for _, c := range cases {
		args := c.args
		if c.args[0] != "sheet" {
			args = append(append([]string{}, c.args...), flags...)
		}
		code, out, errs := runCLI(t, args...)
		if code == exitUsage {
			t.Errorf("%s: exit %d: %s", c.file, code, errs)
			continue
		}
		path := filepath.Join(c.dir, c.file)
		if *update {
			if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if c.updateOnly {
			continue
		}
		old, err := os.ReadFile(path)
		if err != nil || string(old) != out {
			t.Errorf("%s drifted from the command's output (go test ./cmd/draughtsjudge -run ContestExamples -update regenerates it)", path)
		}
	}
}

// The section report ranks by the judge's values: an overruled check
// makes an unknown entry sound, a judge's score moves it up, and the
// report shows both values.
func TestSectionOverrides(t *testing.T) {
	testflag.Long(t) // analyses the whole sample corpus at 200,000 nodes (a minute here)
	// The example override file of docs/contests.md, as given there, and one bad line.
	readme, err := os.ReadFile(filepath.Join("..", "..", "docs", "contests.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, example, _ := strings.Cut(string(readme), "```\n# entry\titem\tvalue\tcomment\n")
	example, _, _ = strings.Cut(example, "```")
	if strings.Count(example, "\n") != 3 {
		t.Fatalf("README's override example not found (%q)", example)
	}
	dir := t.TempDir()
	ov := filepath.Join(dir, "ov.tsv")
	writeFiles(t, dir, map[string]string{"ov.tsv": "# entry\titem\tvalue\tcomment\n" + example + "9\tscore\t1\tno such entry\n"})
	code, out, errs := runCLI(t, append([]string{"report", "--override", ov}, contestFast...)...)
	if code != exitUsage || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "ov.tsv:5: entry \"9\"") {
		t.Fatalf("exit %d, want 2 with one stderr line for ov.tsv:5 (the example lines must all apply), stderr:\n%s", code, errs)
	}
	if !strings.Contains(out, "overruled originality: tool 0, judge 0.5 (a new idea)") {
		t.Errorf("the example's originality line not applied:\n%s", out)
	}
	// The judge's appendix lists the places with the files; the report
	// itself heads the entry with its distinction and composer.
	_, appendix, _ := strings.Cut(out, "APPENDIX: FOR THE JUDGE\n")
	first := strings.SplitN(appendix, "\n", 2)[0]
	// The tool's score is half a point lower than before report 39: the
	// try 31-27, refuted by 7-11 within the bound only, is no thematic try
	// (docs/checks.md).
	if !strings.HasPrefix(first, "1. sample/published.pdn#4") || !strings.Contains(first, "sound, score 9.75 (tool: sound, 5.75)") {
		t.Errorf("first place: %s", first)
	}
	if !strings.Contains(out, "\n1st Prize: No. 4 — Auke Scholma\n") {
		t.Errorf("no 1st Prize for Scholma's problem:\n%s", out)
	}
	if !strings.Contains(out, "overruled unique: tool warn, judge pass (the undecided first moves lose)") {
		t.Errorf("override not shown:\n%s", out)
	}
}

// docs/contests.md's worked example, as printed there: Bob's answer to the
// sample's Shoshin (No. 1; main line, variation and defences as the
// sample gives them) and to the copy with a white man on h2 (No. 2, which
// 1.a3-b4 cooks). The doc's figures are asserted below: No. 1's points
// of 13 (the key, the main line and the variation 1...f4-e3), and No. 2's
// key points plus 2 for the cook.
func TestGradeWorkedExample(t *testing.T) {
	var shoshinSample string
	for _, g := range strings.Split(string(corpus.SampleFiles()["sample/published.pdn"]), "\n\n[") {
		if strings.Contains(g, "Shoshin") {
			shoshinSample = "[" + strings.TrimLeft(g, "[")
		}
	}
	h2 := "[GameType \"25\"]\n[FEN \"W:WKa5,a3,h2:Ba7,f4\"]\n[Genre \"study\"]\n[Stipulation \"win\"]\n[Author \"Cook Copy\"]\n1. a5-b4 f4-g3 2. h2:f4 *\n"
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"contest.pdn": shoshinSample + "\n\n" + h2})
	writeFiles(t, filepath.Join(dir, "answers"), map[string]string{"bob.pdn": "[Solver \"Bob\"]\n[Number \"1\"]\n" +
		"1. a5-b4 fg3 (1... fe3 2. be1 ab6 3. ab4) 2. bc5 gh2 3. ab4 hg1 4. ba5 *\n\n[Number \"2\"]\n[Claim \"cook 1.a3-b4\"]\n1. a5-b4 *\n"})
	keyJSON := filepath.Join(dir, "key.json")
	if code, _, errs := runCLI(t, "key", "--no-db", "--endgames", "0", "--nodes", "50000", "--threads", "2", "--format", "json", "--out", keyJSON, filepath.Join(dir, "contest.pdn")); code != exitDefective {
		t.Fatalf("key: exit %d: %s", code, errs)
	}
	data, _ := os.ReadFile(keyJSON)
	key, err := contest.ParseKey("key.json", data)
	if err != nil || len(key.Entries) != 2 {
		t.Fatalf("key: %v, %d entries", err, len(key.Entries))
	}
	resPath := filepath.Join(dir, "res.json")
	if code, _, errs := runCLI(t, "grade", "--no-db", "--nodes", "50000", "--threads", "2", "--key", keyJSON, "--answers", filepath.Join(dir, "answers"), "--format", "json", "--out", resPath); code != exitOK {
		t.Fatalf("grade: exit %d: %s", code, errs)
	}
	data, _ = os.ReadFile(resPath)
	var res contest.Results
	if err := json.Unmarshal(data, &res); err != nil || len(res.Solvers) != 1 {
		t.Fatalf("results: %v, %s", err, data)
	}
	m := res.Solvers[0].Marks
	if e1 := key.Entries[0]; !near(m[0].Points, 8.86) || e1.Points != 13 || !near(e1.KeyPoints, 5.20) {
		t.Errorf("No. 1: %.2f points of %g (key %.2f), want 8.86 of 13 (key 5.20)", m[0].Points, e1.Points, e1.KeyPoints)
	}
	if e2 := key.Entries[1]; !near(m[1].Points, 5.80) || e2.Points != 9.5 || !near(e2.KeyPoints, 3.80) {
		t.Errorf("No. 2: %.2f points of %g (key %.2f), want the key's 3.80 of 9.5 plus 2 for the cook a3-b4", m[1].Points, e2.Points, e2.KeyPoints)
	}
}
