package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// Issue 25 item 6: user text in Markdown is HTML-escaped.
func TestMarkdownEscapesUserText(t *testing.T) {
	dir := t.TempDir()
	pdn := writeFile(t, filepath.Join(dir, "t.pdn"), "[Author \"<script>alert(1)</script> & co | x\"]\n"+tiny)
	for _, args := range [][]string{
		{"check", "--no-db", "--nodes", "20000", "--format", "markdown", pdn},
		{"key", "--no-db", "--nodes", "20000", "--format", "markdown", pdn},
		{"report", "--no-db", "--nodes", "20000", "--format", "markdown", pdn},
	} {
		_, out, _ := runCLI(t, args...)
		if strings.Contains(out, "<script") || !strings.Contains(out, "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co \\| x") {
			t.Errorf("%v: the author is not escaped:\n%s", args[:1], out)
		}
	}
}

// Issue 25 item 6: a CSV cell of user text that a spreadsheet would read
// as a formula starts with '.
func TestGradeCSVNoFormulas(t *testing.T) {
	dir := t.TempDir()
	pdn := writeFile(t, filepath.Join(dir, "t.pdn"), tiny)
	_, keyJSON, _ := runCLI(t, "key", "--no-db", "--nodes", "20000", "--format", "json", pdn)
	key := writeFile(t, filepath.Join(dir, "k.json"), keyJSON)
	ans := filepath.Join(dir, "ans")
	writeFiles(t, ans, map[string]string{
		"a.pdn": "[Solver \"=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"]\n[Number \"1\"]\n1. a1-b2 *\n",
		"b.pdn": "[Solver \"@SUM(A1)\"]\n[Number \"1\"]\n1. a1-b2 *\n",
		"c.pdn": "[Solver \"+1\"]\n[Number \"1\"]\n1. a1-b2 *\n",
		"d.pdn": "[Solver \"-1\"]\n[Number \"1\"]\n1. a1-b2 *\n",
	})
	_, out, errs := runCLI(t, "grade", "--no-db", "--key", key, "--answers", ans, "--format", "csv")
	for _, line := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
		cells := strings.Split(line, ",")
		if len(cells) < 2 {
			t.Fatalf("csv line %q", line)
		}
		if name := strings.TrimLeft(cells[1], "\""); name == "" || strings.ContainsRune("=+-@", rune(name[0])) {
			t.Errorf("a formula cell: %q", line)
		}
	}
	if !strings.Contains(out, "'=HYPERLINK") || !strings.Contains(out, "'@SUM(A1)") {
		t.Errorf("csv:\n%s\nstderr:\n%s", out, errs)
	}
}

// Issue 25 item 6: input the tool would otherwise misread is refused
// with file:line: a file that is not UTF-8 (cp1251), an 8x8 FEN under a
// 10x10 GameType, two [FEN] tags.
func TestMisreadInputRefused(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ name, data, msg string }{
		{"cp1251.pdn", "[Event \"x\"]\n[Author \"\xc8. \xd8\xee\xf8\xe8\xed\"]\n" + tiny, ":2:10: not UTF-8 (byte 0xC8): PDN input is read as UTF-8; convert the file first, e.g. iconv -f cp1251 -t utf-8"},
		{"gt20.pdn", "[GameType \"20\"]\n[FEN \"W:Wa1,c3:Bh8\"]\n*\n", ":2: FEN \"W:Wa1,c3:Bh8\": square \"a1\" is algebraic, but international is played on 10x10"},
		{"gt20king.pdn", "[GameType \"20\"]\n[FEN \"W:W46,Kc3:B5\"]\n*\n", ":2: FEN \"W:W46,Kc3:B5\": square \"Kc3\" is algebraic"},
		{"twofen.pdn", "[GameType \"25\"]\n[FEN \"W:Wa1:Bh8\"]\n[FEN \"W:Wc3:Bh8\"]\n*\n", ":3: a second [FEN] tag (the first is on line 2)"},
	} {
		p := writeFile(t, filepath.Join(dir, tc.name), tc.data)
		code, _, errs := runCLI(t, "check", "--no-db", "--nodes", "20000", p)
		if code != exitUsage || !strings.HasPrefix(errs, p+tc.msg) {
			t.Errorf("%s: exit %d, stderr %q; want 2 and %q", tc.name, code, errs, p+tc.msg)
		}
	}
	// A 10x10 FEN in numbers, and UTF-8 Cyrillic, are read as before.
	p := writeFile(t, filepath.Join(dir, "ok.pdn"), "[GameType \"20\"]\n[Author \"И. Шошин\"]\n[FEN \"W:W46,47:B5\"]\n*\n")
	if code, _, errs := runCLI(t, "check", "--no-db", "--nodes", "20000", p); code == exitUsage {
		t.Errorf("ok.pdn: exit %d: %s", code, errs)
	}
}

// Issue 25 item 6: without $HOME and $XDG_CACHE_HOME the store has no
// folder of this user: a clear error (exit 3), never the shared temp dir.
func TestStoreNeedsAUserFolder(t *testing.T) {
	t.Setenv("HOME", "")
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("DRAUGHTSJUDGE_DB", "")
	pdn := writeFile(t, filepath.Join(t.TempDir(), "t.pdn"), tiny)
	for _, args := range [][]string{{"check", "--nodes", "20000", pdn}, {"tablebase", "stats"}} {
		code, _, errs := runCLI(t, args...)
		if code != exitStore || !strings.Contains(errs, "no folder for the store: ") || !strings.Contains(errs, "give --db DIR or set $DRAUGHTSJUDGE_DB") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
	if code, _, errs := runCLI(t, "check", "--no-db", "--nodes", "20000", pdn); code == exitStore {
		t.Errorf("--no-db: exit %d: %s", code, errs)
	}
	t.Setenv("DRAUGHTSJUDGE_DB", filepath.Join(t.TempDir(), "db"))
	if code, _, errs := runCLI(t, "check", "--endgames", "0", "--nodes", "20000", pdn); code == exitStore {
		t.Errorf("$DRAUGHTSJUDGE_DB: exit %d: %s", code, errs)
	}
}
