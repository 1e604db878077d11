package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"draughtsjudge/batch"
	"draughtsjudge/corpus/regress"
	"draughtsjudge/draughts"
)

// regressDir writes a module root with the tiny entry (White cannot move:
// defective, no key) and an expectations
// file with the row given (file, index, name left out).
func regressDir(t *testing.T, row string) string {
	t.Helper()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module x\n"), 0o644)
	os.MkdirAll(filepath.Join(dir, "c"), 0o755)
	os.WriteFile(filepath.Join(dir, "c", "s.pdn"), []byte(tiny), 0o644)
	exp := strings.Join(regress.Header, "\t") + "\nc/s.pdn\t1\ttiny\t" + row + "\n"
	os.WriteFile(filepath.Join(dir, "c", "expected.tsv"), []byte(exp), 0o644)
	return dir
}

// regress checks the rows and prints the table and the summary; a row
// that disagrees is exit 1 and says what differs; --from reads the
// reports of an earlier check --format json instead.
func TestRegressCommand(t *testing.T) {
	budget := fast
	dir := regressDir(t, "defective\t-\t-\tTBD\tyes\tnone\t-\tsource")
	exp := filepath.Join(dir, "c", "expected.tsv")
	code, out, errs := runCLI(t, append([]string{"regress", "--expected", exp}, budget...)...)
	if code != exitOK || !strings.Contains(out, "| agree |") || !strings.Contains(out, "entries 1: decided 1 (sound 0, defective 1), unknown 0") ||
		!strings.Contains(out, "agree 1, DISAGREE 0") || !strings.Contains(out, "time per entry: mean") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	bad := regressDir(t, "defective\t-\t-\t-\tyes\tnone\t-\tsource")
	code, out, _ = runCLI(t, append([]string{"regress", "--expected", filepath.Join(bad, "c", "expected.tsv")}, budget...)...)
	if code != exitDefective || !strings.Contains(out, "DISAGREE: failed checks ") {
		t.Fatalf("no failed check expected: exit %d\n%s", code, out)
	}
	code, js, errs := runCLI(t, append([]string{"check", "--format", "json"}, append(budget, filepath.Join(dir, "c", "s.pdn"))...)...)
	if code != exitDefective {
		t.Fatalf("check: exit %d: %s", code, errs)
	}
	from := filepath.Join(dir, "check.json")
	os.WriteFile(from, []byte(js), 0o644)
	code, out, errs = runCLI(t, "regress", "--expected", exp, "--from", from)
	if code != exitOK || !strings.Contains(out, "| agree |") || !strings.Contains(out, "reports from "+from) {
		t.Fatalf("--from: exit %d\n%s\n%s", code, out, errs)
	}
	code, _, errs = runCLI(t, "regress", "--expected", filepath.Join(dir, "none.tsv"))
	if code != exitUsage || !strings.HasPrefix(errs, "draughtsjudge regress: --expected: ") || !strings.Contains(errs, filepath.Join(dir, "none.tsv")) {
		t.Errorf("missing expectations: exit %d, %q", code, errs)
	}
	code, help, _ := runCLI(t, "help", "regress")
	if code != exitOK || !strings.Contains(help, "usage: draughtsjudge regress") || !strings.Contains(help, "--from") {
		t.Errorf("help regress: exit %d\n%s", code, help)
	}
}

// TestRegressFastChecksOnlyFastRows: regress --fast checks the entries of
// the fast rows only. It checked every entry of the files those rows are
// in (the sample's Vitoshkin and Scholma beside Shoshin, published-2's
// slow rows beside its fast ones): over 10 minutes where go test -short
// takes seconds.
func TestRegressFastChecksOnlyFastRows(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module x\n"), 0o644)
	os.MkdirAll(filepath.Join(dir, "c"), 0o755)
	os.WriteFile(filepath.Join(dir, "c", "s.pdn"), []byte(tiny+tiny), 0o644)
	exp := strings.Join(regress.Header, "\t") +
		"\nc/s.pdn\t1\ttiny\tdefective\t-\t-\tTBD\tyes\tnone\t-\tsource" +
		"\nc/s.pdn\t2\ttiny again\tdefective\t-\t-\tTBD\tno\tnone\t-\tsource\n"
	path := filepath.Join(dir, "c", "expected.tsv")
	os.WriteFile(path, []byte(exp), 0o644)
	code, out, errs := runCLI(t, append([]string{"regress", "--fast", "--expected", path}, fast...)...)
	if code != exitOK || !strings.Contains(out, "entries 1: decided 1") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	if checked := strings.Count(errs, "draughtsjudge regress: "); checked != 1 || !strings.Contains(errs, "s.pdn#1: defective") {
		t.Errorf("--fast checked %d entries, want only #1:\n%s", checked, errs)
	}
	code, out, errs = runCLI(t, append([]string{"regress", "--expected", path}, fast...)...)
	if code != exitOK || !strings.Contains(out, "entries 2: decided 2") || strings.Count(errs, "draughtsjudge regress: ") != 2 {
		t.Errorf("without --fast: exit %d\n%s\n%s", code, out, errs)
	}
}

// TestRegressBuildsCheckSlices: regress builds the endgame slices check
// builds. Its default --endgames (autoEndgames) once built none, so on an
// empty store the Russian entries were checked without databases and
// Boychuk's draw came out unknown (329.9M nodes) where check proves it
// sound with the 5-piece slices.
func TestRegressBuildsCheckSlices(t *testing.T) {
	upTo := func(cfg batch.Config) int {
		if cfg.Endgames == nil {
			return 0
		}
		p, err := draughts.ParseFEN(draughts.Russian, "W:WKa5,a3:Ba7,f4") // Shoshin's study
		if err != nil {
			t.Fatal(err)
		}
		return cfg.Endgames(draughts.Russian, &p)
	}
	for _, c := range []struct {
		args []string
		want int // largest russian slice for a 4-piece composition (docs/cli.md: 5 on 8x8); 0: none
	}{
		{nil, 5},
		{[]string{"--endgames", "4"}, 4},
		{[]string{"--endgames", "0"}, 0},
	} {
		fs := newFlagSet("regress")
		var f runFlags
		addRunFlags(fs, &f)
		if err := fs.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		cfg := f.regressConfig(nil, nil, io.Discard)
		got, check := upTo(cfg), upTo(f.batchConfig(nil, nil, io.Discard))
		if got != c.want || got != check {
			t.Errorf("regress %v: russian slices up to %d pieces, want %d (check builds up to %d)", c.args, got, c.want, check)
		}
		if cfg.Workers != max(1, f.threads) {
			t.Errorf("regress %v: %d workers, want %d", c.args, cfg.Workers, f.threads)
		}
	}
}

// TestRegressFindsDefaultExpectations: with no --expected, regress finds
// corpus/regression/expected.tsv from a subfolder of the module (it
// looked only in the current folder), and names the file when there is
// none at the module root either.
func TestRegressFindsDefaultExpectations(t *testing.T) {
	dir := regressDir(t, "defective\t-\t-\tTBD\tyes\tnone\t-\tsource")
	data, err := os.ReadFile(filepath.Join(dir, "c", "expected.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	def := filepath.Join(dir, "corpus", "regression")
	os.MkdirAll(def, 0o755)
	os.WriteFile(filepath.Join(def, "expected.tsv"), data, 0o644)
	t.Chdir(filepath.Join(dir, "c"))
	code, out, errs := runCLI(t, append([]string{"regress"}, fast...)...)
	if code != exitOK || !strings.Contains(out, "| agree |") {
		t.Fatalf("from a subfolder: exit %d\n%s\n%s", code, out, errs)
	}
	os.Remove(filepath.Join(def, "expected.tsv"))
	code, _, errs = runCLI(t, append([]string{"regress"}, fast...)...)
	if code != exitUsage || !strings.Contains(errs, filepath.Join("corpus", "regression", "expected.tsv")+": no such file") {
		t.Errorf("no expectations at the module root: exit %d, %q", code, errs)
	}
}
