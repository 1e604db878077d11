package archive

import (
	"strconv"
	"strings"
	"testing"
)

// TestBrokenGames indexes a 50,000-entry PDN file (2,000 with -short) in
// which one game in 97 is broken in one of four ways: every good game is
// indexed, and each broken one gives exactly one error naming the file
// and a line of that game.
func TestBrokenGames(t *testing.T) {
	n := 50_000
	if testing.Short() {
		n = 2_000
	}
	broken := func(i int) int {
		if i%97 == 13 {
			return 1 + (i/97)%4
		}
		return 0
	}
	p := synthFile(t, t.TempDir(), n, broken)
	a := openTemp(t)
	var errs []string
	st, err := a.Add([]string{p}, AddOptions{Errors: func(e error) { errs = append(errs, e.Error()) }})
	if err != nil {
		t.Fatal(err)
	}
	var bad []int
	for i := 0; i < n; i++ {
		if broken(i) != 0 {
			bad = append(bad, i)
		}
	}
	if len(errs) != len(bad) || st.Errors != len(bad) {
		t.Fatalf("%d errors (%d counted) for %d broken games; first: %q", len(errs), st.Errors, len(bad), errs[:min(len(errs), 5)])
	}
	for k, e := range errs {
		i := bad[k]
		rest, ok := strings.CutPrefix(e, p+":")
		line, err := strconv.Atoi(strings.SplitN(rest, ":", 2)[0])
		if !ok || err != nil || line < 7*i+1 || line > 7*i+7 {
			t.Errorf("error %d %q: want %s:LINE with a line of game %d (lines %d-%d)", k, e, p, i+1, 7*i+1, 7*i+7)
		}
	}
	if st.Read != n-len(bad) || st.Added != st.Read {
		t.Errorf("read %d, added %d, want %d", st.Read, st.Added, n-len(bad))
	}
	s, err := a.Stats()
	if err != nil {
		t.Fatal(err)
	}
	if s.Compositions != n-len(bad) {
		t.Errorf("the archive holds %d compositions, want %d", s.Compositions, n-len(bad))
	}
	t.Logf("%d games, %d broken; first errors %q", n, len(bad), errs[:4])
}
