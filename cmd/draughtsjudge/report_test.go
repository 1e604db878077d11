package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"draughtsjudge/draughts"
)

// The report formats on Shoshin's study: a self-contained HTML page with
// SVG diagrams, the checks and the score; Markdown tables; a PDN export
// that the PDN reader reads back; a replaced rubric; a bad rubric.
func TestReportFormats(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "s.pdn")
	if err := os.WriteFile(in, []byte(shoshin), 0o644); err != nil {
		t.Fatal(err)
	}
	pdnOut := filepath.Join(dir, "out.pdn")
	// One store without endgame databases (the answers of --no-db): the
	// study is analysed once, by the HTML run, and the Markdown and rubric
	// runs render and score its report read back from the store (the
	// score is the rubric's, applied after the cache). 50,000 nodes and
	// 256 MiB decide the study as 300,000 did (TestGradeCases).
	base := []string{"check", "--db", filepath.Join(dir, "db"), "--endgames", "0", "--nodes", "50000", "--mem", "256", "--threads", "2"}
	code, out, errs := runCLI(t, append(base, "--format", "html", "--pdn-out", pdnOut, in)...)
	if code != exitOK {
		t.Fatalf("html: exit %d: %s", code, errs)
	}
	for _, want := range []string{"<!DOCTYPE html>", "<svg", "initial position", "economy-construction", "score line", "Solution tree", "originality"} {
		if !strings.Contains(out, want) && !(want == "score line" && strings.Contains(out, "<th>line</th>")) {
			t.Errorf("html report lacks %q", want)
		}
	}
	if strings.Contains(out, "http://") && !strings.Contains(out, `xmlns="http://www.w3.org/2000/svg"`) {
		t.Errorf("html report should be self-contained")
	}
	data, err := os.ReadFile(pdnOut)
	if err != nil {
		t.Fatal(err)
	}
	games, perrs := draughts.ReadPDN("out.pdn", data)
	if len(perrs) > 0 || len(games) != 1 || len(games[0].Moves) == 0 || games[0].Moves[0].Text != "a5-b4" {
		t.Fatalf("pdn export does not read back: %v %+v\n%s", perrs, games, data)
	}
	r, _ := draughts.GameRules(&games[0])
	start, _ := draughts.GameStart(&games[0], r)
	if e := draughts.Replay("out.pdn", games[0].Moves, r, start, nil); len(e) > 0 {
		t.Fatalf("pdn export has illegal moves: %v", e)
	}

	code, out, _ = runCLI(t, append(base, "--format", "markdown", in)...)
	if code != exitOK || !strings.Contains(out, "| check | clause | status | evidence |") || !strings.Contains(out, "| base | 11.7 | +5.00 | yes |") {
		t.Fatalf("markdown: exit %d\n%s", code, out)
	}

	rub := filepath.Join(dir, "r.tsv")
	os.WriteFile(rub, []byte("only\t11.7\t7.5\talways\tflat\n"), 0o644)
	code, out, _ = runCLI(t, append(base, "--rubric", rub, in)...)
	if code != exitOK || !strings.Contains(out, "SCORE: 7.50 / 10") {
		t.Fatalf("custom rubric: exit %d\n%s", code, out)
	}
	os.WriteFile(rub, []byte("only\t11.7\tseven\talways\tflat\n"), 0o644)
	if code, _, errs = runCLI(t, append(base, "--rubric", rub, in)...); code != exitUsage || !strings.Contains(errs, "r.tsv:1:") {
		t.Fatalf("bad rubric: exit %d %s", code, errs)
	}
}
