package render

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"draughtsjudge/composition"
	"draughtsjudge/contest"
	"draughtsjudge/draughts"
)

// comments are the PDN comments and tags, which may hold any text.
var comments = regexp.MustCompile(`\{[^}]*\}|(?m)^\[.*\]$`)

// TestKeyPDNCaptures: key --format pdn writes captures with "x" (PDN 3.0),
// as check --pdn-out does, in the moves and in the comments, and every
// game reads back and replays as a composition with its solution.
func TestKeyPDNCaptures(t *testing.T) {
	var key contest.ContestKey
	readJSON(t, "key.json", &key)
	var buf bytes.Buffer
	if err := Key(&buf, &key, "pdn"); err != nil {
		t.Fatal(err)
	}
	if moves := comments.ReplaceAllString(buf.String(), ""); strings.Contains(moves, ":") {
		t.Errorf("a ':' capture in the moves:\n%s", moves)
	}
	if strings.Contains(buf.String(), "then e1:a5") {
		t.Errorf("a ':' capture in a comment")
	}
	games, errs := draughts.ReadPDN("key.pdn", buf.Bytes())
	if len(errs) > 0 || len(games) != len(key.Entries) {
		t.Fatalf("%d games of %d, errors %v", len(games), len(key.Entries), errs)
	}
	for i := range games {
		c, err := composition.FromGame("key.pdn", i, &games[i])
		if err != nil {
			t.Errorf("game %d: %v", i+1, err)
			continue
		}
		if c == nil || len(games[i].Moves) == 0 {
			t.Errorf("game %d: no solution read back", i+1)
		}
	}
}
