package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Issue 25 item 7: while check builds endgame slices, stderr (not a
// terminal here) gets one line per slice built, as tablebase build says.
func TestCheckSaysEachSliceBuilt(t *testing.T) {
	dir := t.TempDir()
	pdn := writeFile(t, filepath.Join(dir, "t.pdn"), tiny)
	_, _, errs := runCLI(t, "check", "--db", filepath.Join(dir, "db"), "--endgames", "3", "--nodes", "20000", pdn)
	lines := regexp.MustCompile(`(?m)^russian [0-9A-Z]+-[0-9A-Z]+: \d+ positions( \(partial, for \d+ starts?\))?, longest win \d+ plies, [0-9.]+ s$`).FindAllString(errs, -1)
	if len(lines) < 3 || !strings.Contains(errs, "draughtsjudge: building ") {
		t.Errorf("want a line per slice built, got:\n%s", errs)
	}
	// A second run builds nothing and says nothing of slices.
	_, _, errs = runCLI(t, "check", "--db", filepath.Join(dir, "db"), "--endgames", "3", "--nodes", "20000", pdn)
	if strings.Contains(errs, "positions, longest win") {
		t.Errorf("second run:\n%s", errs)
	}
}
