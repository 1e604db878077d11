package main

import (
	"path/filepath"
	"strings"
	"testing"

	"draughtsjudge/draughts"
)

// TestEndingArticle: "an ending needs at least two branches", not "a
// ending" (the Black-first 4 men v K draw, one line).
func TestEndingArticle(t *testing.T) {
	_, out, _ := runCLI(t, "check", "--no-db", "--nodes", "20000", "--threads", "2", filepath.Join("testdata", "pdnout-fast.pdn"))
	if !strings.Contains(out, "an ending needs at least two branches") || strings.Contains(out, "a ending") {
		t.Errorf("want \"an ending needs\":\n%s", out)
	}
}

// TestEndgamesHelp: --help says what --endgames does by default (the
// code's endgamesFor, as docs/cli.md), never "(default -1)".
func TestEndgamesHelp(t *testing.T) {
	for _, cmd := range []string{"check", "key", "report"} {
		_, out, _ := runCLI(t, cmd, "--help")
		if !strings.Contains(out, "(default 5 on 8x8; on 10x10 5 for a composition of at most 8 pieces, else 4)") || strings.Contains(out, "(default -1)") {
			t.Errorf("%s --help:\n%s", cmd, out)
		}
	}
	if f := (&runFlags{endgames: autoEndgames}); f.endgamesFor(draughts.International, 9) != 4 || f.endgamesFor(draughts.International, 8) != 5 || f.endgamesFor(draughts.Russian, 20) != 5 {
		t.Errorf("endgamesFor no longer what the help says")
	}
}
