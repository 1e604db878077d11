package corpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The embedded sample holds the four published compositions of
// sample/published.pdn, each with its Source tag.
func TestSample(t *testing.T) {
	es := Sample()
	if len(es) != 4 {
		t.Fatalf("%d entries, want 4", len(es))
	}
	for _, e := range es {
		if e.Err != nil {
			t.Fatal(e.Err)
		}
		if !strings.HasPrefix(e.Composition.Source, "http") {
			t.Errorf("%s#%d: Source %q", e.File, e.Index, e.Composition.Source)
		}
	}
}

func TestLoadFoldersGlobsAndErrors(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	os.MkdirAll(sub, 0o755)
	for n, data := range SampleFiles() {
		os.WriteFile(filepath.Join(sub, filepath.Base(n)), data, 0o644)
	}
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not pdn"), 0o644)
	if n := len(Load([]string{dir})); n != 4 {
		t.Errorf("folder: %d entries, want 4", n)
	}
	if n := len(Load([]string{filepath.Join(sub, "*.pdn")})); n != 4 {
		t.Errorf("glob: %d entries, want 4", n)
	}
	es := Load([]string{filepath.Join(dir, "missing.pdn"), filepath.Join(dir, "nomatch*.pdn")})
	if len(es) != 2 || es[0].Err == nil || es[1].Err == nil {
		t.Fatalf("missing paths: %+v", es)
	}
	if !strings.Contains(es[1].Err.Error(), "no file matches") {
		t.Errorf("glob error: %v", es[1].Err)
	}
}

// Only regular files are read: a FIFO (which would block) and a link to
// /dev/zero (which never ends) are one error each; so is a file over the
// size limit, and a broken link among the matches of a glob, while the
// other matches are read.
func TestLoadOnlyRegularFiles(t *testing.T) {
	dir := t.TempDir()
	good := SampleFiles()["sample/published.pdn"]
	os.WriteFile(filepath.Join(dir, "a.pdn"), good, 0o644)
	os.WriteFile(filepath.Join(dir, "c.pdn"), good, 0o644)
	if err := os.Symlink(filepath.Join(dir, "gone.pdn"), filepath.Join(dir, "b.pdn")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	es := Load([]string{filepath.Join(dir, "*.pdn")})
	var bad []error
	for _, e := range es {
		if e.Err != nil {
			bad = append(bad, e.Err)
		}
	}
	if len(es) != 9 || len(bad) != 1 || !strings.Contains(bad[0].Error(), "b.pdn:1: broken symbolic link") {
		t.Fatalf("glob with a broken link: %d entries, errors %v", len(es), bad)
	}
	// The same folder given as a folder, and through a link to it: the
	// folder walk reports the broken link once too.
	if es := Load([]string{dir}); len(es) != 9 {
		t.Errorf("folder: %d entries, want 9", len(es))
	}
	link := filepath.Join(t.TempDir(), "link")
	os.Symlink(dir, link)
	if es := Load([]string{link}); len(es) != 9 {
		t.Errorf("link to a folder: %d entries, want 9", len(es))
	}

	zero := filepath.Join(dir, "zero.pdn")
	if err := os.Symlink("/dev/zero", zero); err == nil {
		if _, err := os.Stat("/dev/zero"); err == nil {
			es := Load([]string{zero})
			if len(es) != 1 || es[0].Err == nil || !strings.Contains(es[0].Err.Error(), "not a regular file (a character device)") {
				t.Errorf("/dev/zero: %+v", es)
			}
		}
	}
	big := filepath.Join(dir, "big.pdn")
	os.WriteFile(big, append(good, []byte(strings.Repeat("\n", 100))...), 0o644)
	es = LoadWith([]string{big}, Options{MaxFileSize: int64(len(good))})
	if len(es) != 1 || es[0].Err == nil || !strings.Contains(es[0].Err.Error(), "file too large") {
		t.Errorf("oversized file: %+v", es)
	}
	if es := LoadWith([]string{big}, Options{MaxFileSize: int64(len(good)) + 100}); len(es) != 4 {
		t.Errorf("file at the limit: %d entries, want 4", len(es))
	}
}

// TestRussianTagNames: the tag names of the Russian regulations (Жанр,
// Задание, Автор, Позиция) are read as their English synonyms. The position
// is Shoshin's study of the sample (corpus/sample/published.pdn).
func TestRussianTagNames(t *testing.T) {
	const pdn = `[Автор "А. Шошин"]
[Жанр "этюд"]
[Задание "win"]
[Позиция "W:WKa5,a3:Ba7,f4"]
[SetUp "1"]
*
`
	es := Parse("ru.pdn", []byte(pdn))
	if len(es) != 1 || es[0].Err != nil {
		t.Fatalf("Parse: %+v", es)
	}
	c := es[0].Composition
	if c.Author != "А. Шошин" || c.Genre != "study" {
		t.Errorf("author %q genre %q, want А. Шошин and study", c.Author, c.Genre)
	}
}
