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
