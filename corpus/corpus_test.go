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
