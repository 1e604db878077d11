package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 25 item 3: --pdn-out naming an input file (by the same path, a
// relative path, a symbolic link, or inside a folder given as input) is a
// usage error before any work, and the input is left as it was.
func TestPDNOutRefusesInputFile(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, filepath.Join(dir, "t.pdn"), tiny)
	link := filepath.Join(dir, "link.pdn")
	if err := os.Symlink(in, link); err != nil {
		t.Skip(err)
	}
	t.Chdir(dir)
	for _, tc := range []struct{ out, input string }{
		{in, in},
		{"t.pdn", in},
		{"./t.pdn", dir},                       // the folder holds it
		{link, in},                             // through a link
		{in, link},                             // the input through a link
		{"t.pdn", filepath.Join(dir, "*.pdn")}, // a glob
	} {
		code, out, errs := runCLI(t, "check", "--no-db", "--nodes", "20000", "--pdn-out", tc.out, tc.input)
		if code != exitUsage || out != "" || !strings.HasPrefix(errs, "draughtsjudge check: --pdn-out "+tc.out+": is the input file ") {
			t.Errorf("--pdn-out %s %s: exit %d, stderr %q", tc.out, tc.input, code, errs)
		}
		if data, _ := os.ReadFile(in); string(data) != tiny {
			t.Fatalf("--pdn-out %s %s: the input was changed:\n%s", tc.out, tc.input, data)
		}
	}
	// Another file in the same folder is fine.
	if code, _, errs := runCLI(t, "check", "--no-db", "--nodes", "20000", "--pdn-out", "trees.pdn", in); code == exitUsage {
		t.Errorf("--pdn-out trees.pdn: exit %d: %s", code, errs)
	}
}
