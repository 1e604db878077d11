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
		if !strings.Contains(out, "(default 5 on 8x8; on 10x10 5 for a composition of at most 7 pieces a side (a miniature, 11.1.3), else 4)") || strings.Contains(out, "(default -1)") {
			t.Errorf("%s --help:\n%s", cmd, out)
		}
	}
	f := &runFlags{endgames: autoEndgames}
	for _, c := range []struct {
		r    *draughts.Rules
		fen  string // "": the starting position
		want int
	}{
		{draughts.International, "W:W20,30,34,37,40,44,48:B8,15,17,18,27,33,45", 5}, // Matus's miniature, 7 a side
		{draughts.International, "W:W20,30,34,37,40,44,48,49:B8,15,17,18,27,33,45", 4},
		{draughts.International, "W:W34,K38,K42,K50:B31,36,K26", 5},
		{draughts.Russian, "", 5},
		{draughts.International, "", 4},
	} {
		p := draughts.Start(c.r)
		if c.fen != "" {
			var err error
			if p, err = draughts.ParseFEN(c.r, c.fen); err != nil {
				t.Fatal(err)
			}
		}
		if got := f.endgamesFor(c.r, &p); got != c.want {
			t.Errorf("endgamesFor(%s, %q) = %d, want %d as the help says", c.r.ID, c.fen, got, c.want)
		}
	}
}
