package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// Issue 25 item 7: a proved draw's report says "the draw is proved", not
// "shortest solution 0 moves" (text and HTML; the check details built in
// judge/ are not render's).
func TestDrawReportWording(t *testing.T) {
	db := filepath.Join(t.TempDir(), "db")
	for _, format := range []string{"text", "html"} {
		code, out, errs := runCLI(t, "solve", "--db", db, "--endgames", "2", "--nodes", "20000", "--format", format,
			"--fen", "W:WKc1:BKh2", "--stipulation", "draw")
		if code == exitUsage || code == exitStore {
			t.Fatalf("exit %d: %s", code, errs)
		}
		if strings.Contains(out, "shortest solution 0 moves") || !strings.Contains(out, "the draw is proved") {
			t.Errorf("--format %s:\n%s", format, out)
		}
	}
}
