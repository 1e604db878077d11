package composition

import (
	"errors"
	"strings"
	"testing"

	"draughtsjudge/draughts"
)

// twinPDN is a twin composition of n parts: the position as set, then
// n-1 twins, each adding a white man on a square of its own cycle.
func twinPDN(n int) string {
	st := []string{"win"}
	for i := 1; i < n; i++ {
		st = append(st, "add W"+[]string{"b2", "c3", "d4"}[i%3]+": win")
	}
	return "[Event \"twins\"]\n[GameType \"25\"]\n[FEN \"W:Wa1,h6:Bh8\"]\n[Stipulation \"" + strings.Join(st, "; ") + "\"]\n*\n"
}

func readTwins(t *testing.T, n int) (*Composition, error) {
	t.Helper()
	gs, errs := draughts.ReadPDN("twins.pdn", []byte(twinPDN(n)))
	if len(errs) > 0 || len(gs) != 1 {
		t.Fatalf("PDN: %v", errs)
	}
	return FromGame("twins.pdn", 1, &gs[0])
}

// TestPartsLimit: a special kind of MaxParts parts is read; one
// of more (1,000 twins ran for many minutes under --time 60s) is an input
// error at the [Stipulation] tag's line, saying the limit.
func TestPartsLimit(t *testing.T) {
	c, err := readTwins(t, MaxParts)
	if err != nil {
		t.Fatalf("%d parts: %v", MaxParts, err)
	}
	if len(c.Parts) != MaxParts {
		t.Fatalf("%d parts read, want %d", len(c.Parts), MaxParts)
	}
	_, err = readTwins(t, 1000)
	var ie *InputError
	if !errors.As(err, &ie) {
		t.Fatalf("1000 parts: %v, want an InputError", err)
	}
	if want := "twins.pdn:4: a special kind (11.1.4) of 1000 parts: at most 64"; !strings.HasPrefix(err.Error(), want) {
		t.Errorf("1000 parts: %q, want it to start %q", err, want)
	}
}
