package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"draughtsjudge/internal/testflag"
)

// pdnMainLines are the main lines of a --pdn-out file, one per game: the
// moves outside every variation, without numbers and comments.
func pdnMainLines(s string) []string {
	var out []string
	for _, g := range regexp.MustCompile(`\n\n(?:\[)`).Split(strings.TrimSpace(s), -1) {
		var body []string
		for _, l := range strings.Split(g, "\n") {
			if !strings.HasPrefix(l, "[") && !strings.HasSuffix(l, "\"]") {
				body = append(body, l)
			}
		}
		text := regexp.MustCompile(`\{[^}]*\}`).ReplaceAllString(strings.Join(body, " "), " ")
		depth := 0
		var moves []string
		for _, tok := range regexp.MustCompile(`\(|\)|[^\s()]+`).FindAllString(text, -1) {
			switch {
			case tok == "(":
				depth++
			case tok == ")":
				depth--
			case depth == 0 && regexp.MustCompile(`^[0-9a-h]+[-x]`).MatchString(tok):
				moves = append(moves, tok)
			}
		}
		out = append(out, strings.Join(moves, " "))
	}
	return out
}

// checkPDNOut runs check --pdn-out on file and wants each game's main line
// to start with the author's (as --pdn-out writes moves: captures "x").
func checkPDNOut(t *testing.T, file string, want []string, nodes string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "trees.pdn")
	if code, _, errs := runCLI(t, "check", "--no-db", "--nodes", nodes, "--threads", "2", "--pdn-out", out, file); code != exitDefective && code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	got := pdnMainLines(string(data))
	if len(got) != len(want) {
		t.Fatalf("%d games, want %d:\n%s", len(got), len(want), data)
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("game %d: main line %q, want the author's %q first", i+1, got[i], want[i])
		}
	}
	return string(data)
}

// TestPDNOutAuthorLine: --pdn-out writes the author's main line for an
// entry the tool has no tree for (the Black-first 4 men v K draw: without
// the databases it is undecided) instead of a game without moves, with
// Black's move numbers; and the man v man opposition's line in full.
func TestPDNOutAuthorLine(t *testing.T) {
	data := checkPDNOut(t, filepath.Join("testdata", "pdnout-fast.pdn"), []string{
		"h8-d4 g5-f6 d4xh8 h4-g5 h8-d4 f4-e5 d4xh4 h6-g7",
		"e1-d2 d8-e7 d2-e3 e7-f6 e3-f4",
	}, "20000")
	for _, frag := range []string{"{the author's solution, not verified by the tool} 1... h8-d4 2. g5-f6 d4xh8", "1. e1-d2 {goal in 5}"} {
		if !strings.Contains(data, frag) {
			t.Errorf("no %q in:\n%s", frag, data)
		}
	}
}

// TestPDNOutAuthorLineLong: the six entries of published-2.pdn where
// --pdn-out cut the author's main line (or wrote none), at --nodes 20000
// (35 s): Zubov No.1, Simple end game 1 (cut after 1... 13-19 before),
// Blankenaar (undecided: the author's line), the K v 4 men "zastava" (cut
// after 4... g5-f4), the Black-first draw, the opposition.
func TestPDNOutAuthorLineLong(t *testing.T) {
	testflag.Long(t)
	src, err := os.ReadFile(filepath.Join("..", "..", "corpus", "regression", "published-2.pdn"))
	if err != nil {
		t.Fatal(err)
	}
	var six []string
	for _, g := range regexp.MustCompile(`\n\s*\n`).Split(string(src), -1) {
		for _, w := range []string{"'opsluiting' No.1", "'Simple End Games' No.1", "Blankenaar", "застава", "No.2 - four men v king", "Оппозиция"} {
			if strings.Contains(g, w) && strings.Contains(g, "[FEN") {
				six = append(six, strings.TrimSpace(g))
			}
		}
	}
	file := filepath.Join(t.TempDir(), "six.pdn")
	if err := os.WriteFile(file, []byte(strings.Join(six, "\n\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	checkPDNOut(t, file, []string{
		"34-29 22x42 29x9 27x49 24x2 25x43 2x32 4x13 47x38 36x47 32-19 47x50 19x26 35x44 26-48",
		"41-36 13-19 48-42 33-39 36-31 27x36 37-31 36x27 42-26 27-32 26x27",
		"9-14 29-33 14-28 33x9 4x1",
		"h2-d6 h4-g3 d6xh2 g5-h4 h2-c7 h6-g5 c7-h2 g5-f4 h2xh8 h4-g3 h8-d4",
		"h8-d4 g5-f6 d4xh8 h4-g5 h8-d4 f4-e5 d4xh4 h6-g7",
		"e1-d2 d8-e7 d2-e3 e7-f6 e3-f4",
	}, "20000")
}
