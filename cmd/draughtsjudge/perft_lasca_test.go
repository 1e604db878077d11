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

// TestLascaSolveCheck: solve and check take Lasca; the tablebase says
// plainly that it does not cover Lasca (usage exit code, no panic).
//
// W:Wc3:Bd6 (White man c3, Black man d6): 1.c3-d4 leaves Black two moves,
// d6-c5 and d6-e5, both next to d4: 2.d4:b6 or 2.d4:f6 takes the man
// under the white column and Black commands no column (004 §2.4): a win in
// 2. Another first move also wins, later (c3-b4), so the entry with the
// author's key c3-d4 is cooked.
func TestLascaSolveCheck(t *testing.T) {
	code, out, errs := runCLI(t, "solve", "--variant", "lasca", "--fen", "W:Wc3:Bd6", "--stipulation", "win", "--no-db")
	if code != exitDefective || !strings.Contains(out, "*W c3-d4 (2)") || !strings.Contains(out, "finale: B:Wb6(wb):B") {
		t.Errorf("solve: exit %d, %q\n%s", code, errs, out)
	}
	dir := t.TempDir()
	f := filepath.Join(dir, "lasca.pdn")
	if err := os.WriteFile(f, []byte("[Variant \"lasca\"]\n[FEN \"W:Wc3:Bd6\"]\n1. c3-d4 d6-c5 2. d4:b6 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs = runCLI(t, "check", "--no-db", "--endgames", "0", f)
	if code != exitDefective || !strings.Contains(out, "full cook: c3-b4") || !strings.Contains(out, "[solvable        11.2.3   pass]") {
		t.Errorf("check: exit %d, %q\n%s", code, errs, out)
	}
	code, _, errs = runCLI(t, "tablebase", "build", "--variant", "lasca", "--pieces", "3", "--db", filepath.Join(dir, "db"))
	if code != exitUsage || !strings.Contains(errs, "the endgame databases do not cover Lasca") {
		t.Errorf("tablebase: exit %d, %q", code, errs)
	}
}
