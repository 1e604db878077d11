package corpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLiteralBracketPath: a file literally named x[1].pdn is
// read as the path it is before the name is tried as a glob ("[1]" as a
// pattern matches only x1.pdn); a pattern that names no file is still
// "no file matches".
func TestLiteralBracketPath(t *testing.T) {
	dir := t.TempDir()
	pdn := "[GameType \"25\"]\n[FEN \"W:Wa1,h6:Bh8\"]\n[Stipulation \"win\"]\n1. a1-b2 h8-g7 2. h6:f8 *\n"
	name := filepath.Join(dir, "x[1].pdn")
	if err := os.WriteFile(name, []byte(pdn), 0o644); err != nil {
		t.Fatal(err)
	}
	es := Load([]string{name})
	if len(es) != 1 || es[0].Err != nil || es[0].Composition == nil {
		t.Fatalf("x[1].pdn: %+v", es)
	}
	es = Load([]string{filepath.Join(dir, "y[1].pdn")})
	if len(es) != 1 || es[0].Err == nil || !strings.Contains(es[0].Err.Error(), "no file matches") {
		t.Fatalf("y[1].pdn (no such file, no match): %+v", es)
	}
	es = Load([]string{filepath.Join(dir, "x[1]*.pdn")})
	if len(es) != 1 || es[0].Err == nil || !strings.Contains(es[0].Err.Error(), "no file matches") {
		t.Fatalf("x[1]*.pdn is a pattern (x1*.pdn): %+v", es)
	}
}
