package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"draughtsjudge/batch"
	"draughtsjudge/composition"
	"draughtsjudge/judge"
	"draughtsjudge/tourney"
)

// tiny is a composition the tool decides at once: White, to move, is
// blocked (a defective "win"), so a batch of a thousand takes well under a
// second.
const tiny = "[GameType \"25\"]\n[FEN \"W:Wa1:Bb2,c3\"]\n[Stipulation \"win\"]\n*\n\n"

// fast are the flags of a run that solves tiny entries quickly.
var fast = []string{"--no-db", "--endgames", "0", "--mem", "1", "--nodes", "1000"}

func writeFile(t *testing.T, path, data string) string {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// withAnalyse replaces the analysis for one test.
func withAnalyse(t *testing.T, f func(context.Context, *composition.Composition, judge.Options) *judge.Report) {
	old := analyse
	analyse = f
	t.Cleanup(func() { analyse = old })
}

// A panic inside one entry's analysis is that entry's error line and an
// entry with verdict unknown; the other entries are reported (exit 4).
func TestPanicInOneEntryIsItsError(t *testing.T) {
	withAnalyse(t, func(ctx context.Context, c *composition.Composition, opt judge.Options) *judge.Report {
		if c.Index == 2 {
			var keys []string
			_ = keys[1:][0] // the kind of bug the batch must survive
		}
		return judge.Analyse(ctx, c, opt)
	})
	in := writeFile(t, filepath.Join(t.TempDir(), "three.pdn"), strings.Repeat(tiny, 3))
	for _, format := range []string{"json", "text"} {
		code, out, errs := runCLI(t, append(append([]string{"check", "--format", format}, fast...), in)...)
		if code != exitInternal {
			t.Errorf("%s: exit %d, want %d", format, code, exitInternal)
		}
		want := in + ":6: internal error: runtime error: slice bounds out of range"
		if n := strings.Count(errs, want); n != 1 || !strings.Contains(errs, "TestPanicInOneEntryIsItsError") {
			t.Errorf("%s: want one stderr line %q naming the panicking function, got:\n%s", format, want, errs)
		}
		if format == "text" {
			if !strings.Contains(out, "three.pdn#1") || !strings.Contains(out, "three.pdn#3") || !strings.Contains(out, "VERDICT: UNKNOWN (") {
				t.Errorf("text report lacks the entries:\n%s", out)
			}
			continue
		}
		var res batch.Result
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		if len(res.Entries) != 3 || res.Summary.Internal != 1 {
			t.Fatalf("%d entries, %d internal errors", len(res.Entries), res.Summary.Internal)
		}
		for i, e := range res.Entries {
			bad := strings.Contains(e.Reason, "internal error")
			if (i == 1) != bad || (i == 1 && e.Verdict != judge.VUnknown) || (i != 1 && e.Verdict != judge.Defective) {
				t.Errorf("entry %d: %s (%s)", i+1, e.Verdict, e.Reason)
			}
		}
	}
}

// A report read from the store carries the current entry's metadata, not
// that of the entry that filled the cache.
func TestCachedReportTakesMetadataFromInput(t *testing.T) {
	dir := t.TempDir()
	db := t.TempDir()
	head := func(author, source, status string) string {
		return fmt.Sprintf("[Author %q]\n[Source %q]\n[Status %q]\n", author, source, status)
	}
	orig := writeFile(t, filepath.Join(dir, "orig.pdn"), head("A. Original", "Original source", "published-sound")+tiny)
	copied := writeFile(t, filepath.Join(dir, "copy.pdn"), head("B. Copier", "Copied source", "reported-cooked")+tiny)
	var got [2]batch.Result
	for i, in := range []string{orig, copied} {
		_, out, errs := runCLI(t, "check", "--db", db, "--endgames", "0", "--mem", "1", "--nodes", "1000", "--format", "json", in)
		if err := json.Unmarshal([]byte(out), &got[i]); err != nil || len(got[i].Entries) != 1 {
			t.Fatalf("run %d: %v\n%s\n%s", i, err, out, errs)
		}
	}
	r := got[1].Entries[0]
	if !r.Cached {
		t.Fatal("the copy was not read from the store")
	}
	if r.Author != "B. Copier" || r.Source != "Copied source" || r.SourceStatus != "reported-cooked" || r.File != copied {
		t.Errorf("cached report names author %q, source %q, status %q, file %q", r.Author, r.Source, r.SourceStatus, r.File)
	}
	_, out, _ := runCLI(t, "check", "--db", db, "--endgames", "0", "--mem", "1", "--nodes", "1000", copied)
	if strings.Contains(out, "Original") || !strings.Contains(out, "author: B. Copier") || !strings.Contains(out, "[source says: reported-cooked]") {
		t.Errorf("text report of the copy:\n%s", out)
	}
}

// A thousand copies of one entry: the originality line lists five
// predecessors and "and N more", so the report grows linearly (it grew
// with n², 148 MB for a thousand).
func TestLargeBatchReportIsLinear(t *testing.T) {
	dir := t.TempDir()
	for _, format := range []string{"text", "json"} {
		var per [2]int
		for i, n := range []int{100, 1000} {
			in := writeFile(t, filepath.Join(dir, fmt.Sprintf("many%d.pdn", n)), strings.Repeat(tiny, n))
			code, out, errs := runCLI(t, append(append([]string{"check", "--format", format}, fast...), in)...)
			if code != exitDefective {
				t.Fatalf("%s: exit %d: %s", format, code, errs)
			}
			if !strings.Contains(out, fmt.Sprintf("and %d more", n-1-tourney.MaxPredecessors)) {
				t.Errorf("%s, %d entries: no \"and %d more\"", format, n, n-1-tourney.MaxPredecessors)
			}
			per[i] = len(out) / n
		}
		if per[1] > 8192 || float64(per[1]) > 1.1*float64(per[0]) {
			t.Errorf("%s: %d bytes per entry for 100 entries, %d for 1000: want at most 8 KiB and linear growth", format, per[0], per[1])
		}
	}
}

// --rubric and --pdn-out are checked before any entry is analysed.
func TestOutputPathsCheckedBeforeWork(t *testing.T) {
	var calls atomic.Int32
	withAnalyse(t, func(ctx context.Context, c *composition.Composition, opt judge.Options) *judge.Report {
		calls.Add(1)
		return judge.Analyse(ctx, c, opt)
	})
	dir := t.TempDir()
	in := writeFile(t, filepath.Join(dir, "t.pdn"), tiny)
	for _, tc := range []struct{ flag, path, msg string }{
		{"--pdn-out", filepath.Join(dir, "missing", "trees.pdn"), "--pdn-out: " + filepath.Join(dir, "missing", "trees.pdn") + ": cannot write: no such file or directory"},
		{"--pdn-out", dir, "is a directory"},
		{"--rubric", filepath.Join(dir, "missing.tsv"), "--rubric: " + filepath.Join(dir, "missing.tsv") + ": cannot read: no such file or directory"},
	} {
		code, out, errs := runCLI(t, append(append([]string{"check", tc.flag, tc.path}, fast...), in)...)
		if code != exitUsage || out != "" || !strings.Contains(errs, tc.msg) {
			t.Errorf("%s %s: exit %d, stderr %q, stdout %d bytes", tc.flag, tc.path, code, errs, len(out))
		}
	}
	if calls.Load() != 0 {
		t.Errorf("%d entries analysed before the output paths were checked", calls.Load())
	}
	if _, err := os.Stat(filepath.Join(dir, "missing")); err == nil {
		t.Error("a folder was created")
	}
}

// A PDN file that cannot be written after the work (a full disk) is
// reported, and the report is still written on stdout (exit 5).
func TestFailedPDNOutKeepsReport(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	in := writeFile(t, filepath.Join(t.TempDir(), "t.pdn"), tiny)
	code, out, errs := runCLI(t, append(append([]string{"check", "--pdn-out", "/dev/full"}, fast...), in)...)
	if code != exitOutput || !strings.Contains(errs, "--pdn-out: /dev/full: write /dev/full: no space left on device") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	if !strings.Contains(out, "t.pdn#1") || !strings.Contains(out, "1 entries:") {
		t.Errorf("the report was lost:\n%s", out)
	}
}

// An existing --pdn-out file keeps its contents until the trees are
// written; a file this run created is removed when the run stops early.
func TestPDNOutReplacedOnlyAtTheEnd(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, filepath.Join(dir, "t.pdn"), tiny)
	old := writeFile(t, filepath.Join(dir, "trees.pdn"), strings.Repeat("old contents\n", 1000))
	code, _, errs := runCLI(t, append(append([]string{"check", "--pdn-out", old}, fast...), in)...)
	data, _ := os.ReadFile(old)
	if code != exitDefective || strings.Contains(string(data), "old contents") || !strings.Contains(string(data), "[FEN \"W:Wa1:Bc3,b2\"]") {
		t.Errorf("exit %d (%s), file:\n%s", code, errs, data)
	}
	fresh := filepath.Join(dir, "fresh.pdn")
	runCLI(t, "check", "--pdn-out", fresh, "--rubric", filepath.Join(dir, "missing.tsv"), in)
	if _, err := os.Stat(fresh); err == nil {
		t.Error("a run stopped by a bad --rubric left an empty --pdn-out file")
	}
}

// The progress bar is drawn only on a terminal: a file as stderr gets no
// bar.
func TestNoProgressBarOffTerminal(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, filepath.Join(dir, "t.pdn"), strings.Repeat(tiny, 3))
	f, err := os.Create(filepath.Join(dir, "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	code := run(append(append([]string{"check"}, fast...), in), new(strings.Builder), f)
	data, _ := os.ReadFile(f.Name())
	if code != exitDefective || len(data) != 0 {
		t.Errorf("exit %d, stderr %q", code, data)
	}
}

// What the cache key does not cover is not read from the store: a copy
// that differs only in a try mark (?) is analysed again, and so is a copy
// with an illegal author's move, whose error must name the copy.
func TestCacheKeyCoversMarksAndAuthorErrors(t *testing.T) {
	dir, db := t.TempDir(), t.TempDir()
	const pos = "[GameType \"25\"]\n[FEN \"W:Wb2,c1,g1:Ba3\"]\n[Stipulation \"win\"]\n"
	args := []string{"check", "--db", db, "--endgames", "0", "--mem", "1", "--nodes", "1000", "--format", "json"}
	cases := []struct {
		name, text string
		cached     bool
	}{
		{"a.pdn", pos + "1. g1-h2 *\n", false},
		{"b.pdn", pos + "1. g1-h2 *\n", true},
		{"c.pdn", pos + "1. g1-h2 (1. c1-d2? a3:h6) *\n", false},
		{"d.pdn", pos + "1. g1-h2 (1. c1-d2 a3:h6) *\n", false},
		{"e.pdn", pos + "1. g1-h1 *\n", false},
		{"f.pdn", "\n" + pos + "1. g1-h1 *\n", false},
	}
	for _, c := range cases {
		in := writeFile(t, filepath.Join(dir, c.name), c.text)
		_, out, errs := runCLI(t, append(args, in)...)
		var res batch.Result
		if err := json.Unmarshal([]byte(out), &res); err != nil || len(res.Entries) != 1 {
			t.Fatalf("%s: %v\n%s", c.name, err, errs)
		}
		if res.Entries[0].Cached != c.cached {
			t.Errorf("%s: cached %v, want %v", c.name, res.Entries[0].Cached, c.cached)
		}
		for _, e := range res.Errors {
			if !strings.HasPrefix(e, in+":") {
				t.Errorf("%s: error names another file: %s", c.name, e)
			}
		}
	}
}

// Issue 9's crash: an entry whose defender moves first and that the solver
// proves (B:Wc5:Ba7, Black to move: 1...a7-b6 2.c5:a7 and Black has no
// piece) panicked and took the whole batch with it. Now it is reported
// like any entry, with the other entries of its file.
func TestBlackFirstProvedEntryInABatch(t *testing.T) {
	blackFirst := "[GameType \"25\"]\n[FEN \"B:Wc5:Ba7\"]\n[Stipulation \"black-first: win\"]\n*\n\n"
	in := writeFile(t, filepath.Join(t.TempDir(), "batch.pdn"), tiny+blackFirst+tiny)
	code, out, errs := runCLI(t, append(append([]string{"check", "--format", "json"}, fast...), in)...)
	if code == exitInternal || strings.Contains(errs, "internal error") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var res batch.Result
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(res.Entries) != 3 {
		t.Fatalf("%d entries reported, want 3", len(res.Entries))
	}
	if e := res.Entries[1]; e.Verdict == judge.VUnknown || e.Distance != 1 {
		t.Fatalf("black-first entry: verdict %s distance %d (%s), want decided in 1", e.Verdict, e.Distance, e.Reason)
	}
}
