package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A draw's report says what is proved, not a distance of 0:
// [solvable] "the draw is proved", the other keys "also hold the draw",
// [draw-rules] "holds the draw under both" (the move-count rules only
// declare draws: no search, no false warning), and the solution tree has no "(0)" after its
// moves (text, Markdown, HTML). Boychuk's draw (corpus/sample) needs the
// Russian 5-piece databases, minutes to build; the composed draw here
// needs only the 2-piece slice (K v K, built in the test's store in
// milliseconds): W:WKh2,c3:BKa5, White to move. 1.c3-b4 gives the man
// (Black must take: a5:c3, a5:d2 or a5:e1) and a king against a king is
// a Russian draw; the other king moves hold it too (full cooks of the
// draw, so the entry is defective on [unique], which is what this test
// wants to read).
func TestDrawDetailsWording(t *testing.T) {
	dir := t.TempDir()
	pdn := filepath.Join(dir, "draw.pdn")
	if err := os.WriteFile(pdn, []byte("[Event \"composed draw\"]\n[GameType \"25\"]\n[FEN \"W:WKh2,c3:BKa5\"]\n[Stipulation \"draw\"]\n1. c3-b4 a5:c3 1/2-1/2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "db")
	zero := regexp.MustCompile(`forced in 0|in 0\b|within 0 moves|\(0\)`)
	for _, format := range []string{"text", "markdown", "html"} {
		for _, args := range [][]string{
			{"check", pdn},
			{"solve", "--fen", "W:WKh2,c3:BKa5", "--stipulation", "draw"},
		} {
			full := append([]string{args[0], "--db", db, "--endgames", "2", "--nodes", "20000", "--format", format}, args[1:]...)
			code, out, errs := runCLI(t, full...)
			if code == exitUsage || code == exitStore {
				t.Fatalf("%v: exit %d: %s", full, code, errs)
			}
			for _, want := range []string{"the draw is proved", "c3-d4 also holds the draw", "c3-b4 holds the draw under both", "holds the draw"} {
				if !strings.Contains(out, want) {
					t.Errorf("%v: no %q in\n%s", full, want, out)
				}
			}
			if args[0] == "check" && !strings.Contains(out, "the draw is proved; every author&#39;s line reaches its finale") && !strings.Contains(out, "the draw is proved; every author's line reaches its finale") {
				t.Errorf("%v: [solvable] of the author's lines:\n%s", full, out)
			}
			if m := zero.FindString(out); m != "" {
				t.Errorf("%v: %q in a draw's report:\n%s", full, m, out)
			}
		}
	}
	// A win keeps its distances.
	code, out, errs := runCLI(t, "solve", "--no-db", "--nodes", "20000", "--fen", "W:Wa1,h6:Bh8", "--variant", "russian", "--stipulation", "win")
	if code == exitUsage || !strings.Contains(out, "*W a1-b2 (2)") || !strings.Contains(out, "forced in 2 moves") {
		t.Errorf("a win: exit %d %s\n%s", code, errs, out)
	}
}

// A cook's distance that the exact search could not confirm is the length
// of the proof found, an upper bound, and the report says "at most": at
// 50,000 nodes e3-d4 and g3-f4 of this problem are proved in 15 and 17,
// and at 200,000 nodes both are exact, in 9. Every distance the small
// budget states as exact must be the large budget's.
func TestCookDistanceAtMost(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"d.pdn": "[GameType \"25\"]\n[FEN \"W:Wa1,c1,e3,g3,h2:Bd6,f6,h6\"]\n[Genre \"problem\"]\n*\n"})
	cooks := func(nodes string) map[string]string {
		_, out, errs := runCLI(t, "check", "--no-db", "--nodes", nodes, "--threads", "1", filepath.Join(dir, "d.pdn"))
		got := map[string]string{}
		for _, m := range regexp.MustCompile(`another key: (\S+) forces the goal in ((?:at most )?\d+)`).FindAllStringSubmatch(strings.Split(out, "[unique")[1], -1) {
			got[m[1]] = m[2]
		}
		if len(got) != 6 {
			t.Fatalf("--nodes %s: %d other keys, want 6\n%s%s", nodes, len(got), out, errs)
		}
		return got
	}
	small, large := cooks("50000"), cooks("200000")
	bounds := 0
	for mv, d := range small {
		if strings.HasPrefix(large[mv], "at most") {
			t.Fatalf("the large budget's %s is not exact: %q", mv, large[mv])
		}
		if strings.HasPrefix(d, "at most") {
			bounds++
			continue
		}
		if d != large[mv] {
			t.Errorf("%s: in %s at 50,000 nodes, stated as exact; exactly %s", mv, d, large[mv])
		}
	}
	if bounds == 0 {
		t.Errorf("no bound at 50,000 nodes: the case no longer tests the upper bound (%v)", small)
	}
}
