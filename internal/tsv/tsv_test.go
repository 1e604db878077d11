package tsv

import (
	"errors"
	"strings"
	"testing"
)

func TestEach(t *testing.T) {
	long := strings.Repeat("x", 100_000) // longer than bufio's default token: still one line
	data := "# header comment\r\n\n  \na\tb\r\n  # indented comment\nc\t" + long + "\nd\n"
	var got []string
	err := Each([]byte(data), func(n int, f []string) error {
		got = append(got, strings.Join([]string{string(rune('0' + n)), f[0], string(rune('0' + len(f)))}, "|"))
		return nil
	})
	want := []string{"4|a|2", "6|c|2", "7|d|1"}
	if err != nil || strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("got %v, %v; want %v", got, err, want)
	}
	stop := errors.New("stop")
	calls := 0
	if err := Each([]byte("a\nb\nc\n"), func(int, []string) error { calls++; return stop }); err != stop || calls != 1 {
		t.Errorf("the first error stops the reading: %v after %d calls", err, calls)
	}
}
