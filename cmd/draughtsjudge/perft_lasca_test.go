package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPerftLasca(t *testing.T) {
	code, out, errs := runCLI(t, "perft", "--variant", "lasca", "--depth", "10", "--threads", "2")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 10 || !strings.HasPrefix(lines[9], "10\t13898\t") {
		t.Errorf("perft output:\n%s", out)
	}
	code, out, _ = runCLI(t, "perft", "--variant", "lasca", "--fen", "W:WKc3:Bd4,Kf4,f2,d2", "--depth", "1", "--divide")
	if code != exitOK || !strings.Contains(out, "c3:e1:g3:e5:c3\t1") || !strings.Contains(out, "1\t2\t") {
		t.Errorf("divide: exit %d:\n%s", code, out)
	}
	if code, _, errs := runCLI(t, "perft", "--variant", "lasca", "--fen", "W:Wz9", "--depth", "1"); code != exitUsage || !strings.Contains(errs, "Lasca FEN") {
		t.Errorf("bad FEN: exit %d, %s", code, errs)
	}
}

// TestLascaNotSolvable: solve and check say plainly that Lasca solving is
// not implemented, with the usage/input exit code, and do not panic.
func TestLascaNotSolvable(t *testing.T) {
	code, _, errs := runCLI(t, "solve", "--variant", "lasca", "--fen", "W:Wc3:Bd4", "--stipulation", "win", "--no-db")
	if code != exitUsage || !strings.Contains(errs, "lasca: solving is not implemented yet") {
		t.Errorf("solve: exit %d, %q", code, errs)
	}
	dir := t.TempDir()
	f := filepath.Join(dir, "lasca.pdn")
	if err := os.WriteFile(f, []byte("[Variant \"lasca\"]\n[FEN \"W:Wc3:Bd4\"]\n1. c3-b4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs = runCLI(t, "check", "--no-db", "--endgames", "0", f)
	if code != exitUsage || !strings.Contains(errs, "lasca: solving is not implemented yet") {
		t.Errorf("check: exit %d, %q", code, errs)
	}
}
