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

// A Lasca entry in a solving contest's key or sheet is one error line and
// is left out; the other compositions are still keyed (no crash: the key
// reads the author's moves with the checkers boards).
func TestLascaLeftOutOfKeyAndSheet(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "mixed.pdn")
	data := "[Variant \"lasca\"]\n[FEN \"W:Wc3:Bd6\"]\n1. c3-d4 d6-c5 2. d4:b6 *\n\n" +
		"[GameType \"25\"]\n[FEN \"W:Wc3:Ba5\"]\n[Genre \"study\"]\n[Stipulation \"win\"]\n1. c3-b4 a5:c3 *\n"
	if err := os.WriteFile(f, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range [][]string{{"key", "--no-db", "--endgames", "0", "--format", "json"}, {"sheet"}} {
		code, out, errs := runCLI(t, append(cmd, f)...)
		if code != exitUsage || !strings.Contains(errs, "mixed.pdn:1: lasca: the") || strings.Contains(errs, "panic") {
			t.Errorf("%s: exit %d, stderr %q", cmd[0], code, errs)
		}
		if !strings.Contains(out, "W:Wc3:Ba5") && !strings.Contains(out, "White (1): c3.") {
			t.Errorf("%s: the Russian composition is missing:\n%s", cmd[0], out)
		}
	}
}
