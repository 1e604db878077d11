package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"draughtsjudge/composition"
	"draughtsjudge/contest"
	"draughtsjudge/judge"
	"draughtsjudge/tablebase"
)

// As in check, a panic inside one composition's analysis is that
// composition's line on stderr and an unknown entry; key and report still
// write the others (exit 4).
func TestContestPanicInOneComposition(t *testing.T) {
	withAnalyse(t, func(ctx context.Context, c *composition.Composition, opt judge.Options) *judge.Report {
		if c.Index == 2 {
			var keys []string
			_ = keys[1:][0]
		}
		return judge.Analyse(ctx, c, opt)
	})
	in := writeFile(t, filepath.Join(t.TempDir(), "three.pdn"), strings.Repeat(tiny, 3))
	for _, cmd := range [][]string{{"key", "--format", "json"}, {"report"}} {
		code, out, errs := runCLI(t, append(append(cmd, fast...), in)...)
		if code != exitInternal {
			t.Errorf("%s: exit %d, want %d", cmd[0], code, exitInternal)
		}
		want := in + ":6: internal error: runtime error: slice bounds out of range"
		if strings.Count(errs, want) != 1 {
			t.Errorf("%s: want one stderr line %q, got:\n%s", cmd[0], want, errs)
		}
		if cmd[0] == "key" {
			key, err := contest.ParseKey("key.json", []byte(out))
			if err != nil || len(key.Entries) != 3 || key.Entries[1].Verdict != "unknown" || key.Entries[0].Verdict != "defective" {
				t.Errorf("key: %v %+v", err, key)
			}
		} else if !strings.Contains(out, "three.pdn#1") || !strings.Contains(out, "three.pdn#3") || !strings.Contains(out, "internal error") {
			t.Errorf("report lacks the entries:\n%s", out)
		}
	}
}

// A store locked by another process is refused as check refuses it
// (exit 3, nothing analysed without the databases), not used as if
// --no-db had been given.
func TestContestLockedStore(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "db")
	s, err := tablebase.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	in := writeFile(t, filepath.Join(dir, "t.pdn"), tiny)
	ans := filepath.Join(dir, "ans")
	os.Mkdir(ans, 0o755)
	writeFile(t, filepath.Join(ans, "a.pdn"), "1. a1-b2 *\n")
	for _, cmd := range [][]string{{"key", in}, {"report", in}, {"grade", "--key", in, "--answers", ans}} {
		code, out, errs := runCLI(t, append(cmd, "--db", db, "--endgames", "0", "--nodes", "1000")...)
		if code != exitStore || out != "" || !strings.Contains(errs, "locked by another process") {
			t.Errorf("%s: exit %d, want %d; stdout %q; stderr %q", cmd[0], code, exitStore, out, errs)
		}
	}
}

// report reads --rubric before any work, key, sheet and report check
// --out before any work, and report has no --pdn-out (it writes
// no solution trees: the flag is unknown, not silently ignored).
func TestContestOutputsCheckedBeforeWork(t *testing.T) {
	withAnalyse(t, func(context.Context, *composition.Composition, judge.Options) *judge.Report {
		t.Fatal("analysed although a flag was bad")
		return nil
	})
	dir := t.TempDir()
	in := writeFile(t, filepath.Join(dir, "t.pdn"), tiny)
	code, _, errs := runCLI(t, append(append([]string{"report", "--rubric", filepath.Join(dir, "none.tsv")}, fast...), in)...)
	if code != exitUsage || !strings.HasPrefix(errs, "draughtsjudge report: --rubric: ") {
		t.Errorf("missing rubric: exit %d, stderr %q", code, errs)
	}
	for _, cmd := range []string{"key", "report", "sheet"} {
		args := []string{cmd, "--out", filepath.Join(dir, "none", "out.txt")}
		if cmd != "sheet" {
			args = append(args, fast...)
		}
		code, out, errs := runCLI(t, append(args, in)...)
		if code != exitUsage || out != "" || !strings.HasPrefix(errs, "draughtsjudge "+cmd+": --out: ") || !strings.Contains(errs, "cannot write") {
			t.Errorf("%s --out in a missing folder: exit %d, stderr %q", cmd, code, errs)
		}
	}
	code, _, errs = runCLI(t, append(append([]string{"report", "--pdn-out", filepath.Join(dir, "t.out")}, fast...), in)...)
	if code != exitUsage || !strings.HasPrefix(errs, "draughtsjudge report: unknown flag: --pdn-out") {
		t.Errorf("--pdn-out: exit %d, stderr %q", code, errs)
	}
}
