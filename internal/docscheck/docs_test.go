package docscheck

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var (
	docRef = regexp.MustCompile(`\bdocs/[a-z0-9_\-/]+\.md\b`)
	// A clause of the rules: 6.x, 7.x, 8.x (game rules) or 11.x (chapter
	// XI), not followed by a move's "-" or "x" (6.16x27 is a move).
	clauseRef = regexp.MustCompile(`(?:^|[^0-9.])((?:6|7|8|11)\.[0-9]+(?:\.[0-9]+)*)(?:[^0-9x\-]|$)`)
	stale     = regexp.MustCompile(`\bSPEC §|\bSTYLE [0-9]|\bissue [0-9]+|README "`)
)

// TestCitationsResolve reads the comments of every .go file: a cited docs/
// file exists, a clause of the rules is in docs/clauses.md, and nothing
// cites a document outside the repository (the old SPEC/STYLE numbers, the
// issue tracker, README sections that moved to docs/).
func TestCitationsResolve(t *testing.T) {
	root := filepath.Join("..", "..")
	clauses, err := os.ReadFile(filepath.Join(root, "docs", "clauses.md"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\| ([0-9.]+) \|`).FindAllStringSubmatch(string(clauses), -1) {
		listed[m[1]] = true
	}
	if len(listed) < 50 {
		t.Fatalf("docs/clauses.md lists %d clauses: its table was not read", len(listed))
	}
	files := 0
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		for n, line := range strings.Split(string(data), "\n") {
			_, comment, ok := strings.Cut(line, "//")
			if !ok {
				continue
			}
			where := path + ":" + itoa(n+1)
			if stale.MatchString(comment) {
				t.Errorf("%s: cites a document outside the repository: %s", where, strings.TrimSpace(comment))
			}
			for _, ref := range docRef.FindAllString(comment, -1) {
				if _, err := os.Stat(filepath.Join(root, ref)); err != nil {
					t.Errorf("%s: cites %s, which does not exist", where, ref)
				}
			}
			for _, m := range clauseRef.FindAllStringSubmatch(comment, -1) {
				if !listed[m[1]] {
					t.Errorf("%s: cites clause %s, which docs/clauses.md does not list", where, m[1])
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("read %d .go files: the walk did not reach the project", files)
	}
}

func itoa(n int) string {
	b := []byte{}
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}
