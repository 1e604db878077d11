package contest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// plies flattens a game's main line and variations, in reading order.
func plies(ps []AnswerPly) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Text)
		for _, v := range p.Variations {
			out = append(out, "("+strings.Join(plies(v), " ")+")")
		}
	}
	return out
}

// TestAnswersTypographic: an answer file as a word processor writes it —
// en and em dashes, the multiplication sign for a capture, move numbers
// written "1.", "1...", "1)", "1 ." and "1 …" — reads as the plain one.
func TestAnswersTypographic(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "answers-typographic.pdn"))
	if err != nil {
		t.Fatal(err)
	}
	games := ReadAnswers("answers-typographic.pdn", data)
	want := []string{
		"a5-b4 f4-g3 (f4-e3 b4-e1 a7-b6) b4-c5 g3-h2 c5xa7",
		"a5-b4 f4-g3 (f4-e3 b4-e1) b4-c5 g3-h2",
		"a5-b4 f4-g3 b4-c5 g3-h2 c5xa7",
	}
	if len(games) != len(want) {
		t.Fatalf("%d games, want %d", len(games), len(want))
	}
	for i, g := range games {
		if g.Err != nil {
			t.Errorf("game %d: %v", i+1, g.Err)
		}
		got := strings.Join(plies(g.Moves), " ")
		if got != want[i] {
			t.Errorf("game %d: %q, want %q", i+1, got, want[i])
		}
	}
}

// TestAnswersBadNumber: a bad [Number] tag after the first game is an
// error of the game it starts, at its file:line:col — never an answer
// merged into the game before it or numbered by its order in silence.
func TestAnswersBadNumber(t *testing.T) {
	for _, c := range []struct {
		name, src, err string
		games          int
		number         string // the second game's [Number], as read
	}{
		{"unquoted, no result", "[Number \"1\"]\n1. a5-b4 f4-g3\n\n[Number 2]\n1. c3-d4\n", "x.pdn:4:1: bad tag [Number 2]", 2, "2"},
		{"unquoted after a result", "[Number \"1\"]\n1. a5-b4 *\n\n[Number 2]\n1. c3-d4 *\n", "x.pdn:4:1: bad tag [Number 2]", 2, "2"},
		{"not a number", "[Number \"1\"]\n1. a5-b4 *\n\n[Number \"two\"]\n1. c3-d4 *\n", `x.pdn:4:1: bad [Number "two"]: want the number of a composition`, 2, "two"},
	} {
		games := ReadAnswers("x.pdn", []byte(c.src))
		if len(games) != c.games {
			t.Errorf("%s: %d games, want %d", c.name, len(games), c.games)
			continue
		}
		if games[0].Err != nil {
			t.Errorf("%s: the first game has the error: %v", c.name, games[0].Err)
		}
		g := games[1]
		if g.Err == nil || !strings.HasPrefix(g.Err.Error(), c.err) {
			t.Errorf("%s: error %v, want %q", c.name, g.Err, c.err)
		}
		if g.Tag("number") != c.number || strings.Join(plies(g.Moves), " ") != "c3-d4" {
			t.Errorf("%s: second game [Number %q] %v", c.name, g.Tag("number"), plies(g.Moves))
		}
	}
	if gs := ReadAnswers("x.pdn", []byte("[Number \"#3\"]\n[Round \"?\"]\n1. a5-b4 *\n")); len(gs) != 1 || gs[0].Err != nil {
		t.Errorf("[Number \"#3\"] [Round \"?\"]: %+v", gs)
	}
}

// TestAnswersNUL: a NUL byte in an answer file is an error of its game
// at its file:line:col (binary data), never a reader that hangs on it;
// the games after it are read.
func TestAnswersNUL(t *testing.T) {
	games := readWithin(t, "[Number \"1\"]\n1. a5-b4 \x00 f4-g3 *\n\n[Number \"2\"]\n1. c3-d4 *\n")
	if len(games) != 2 || games[0].Err == nil || games[0].Err.Error() != "x.pdn:2:10: binary data, not PDN" || games[1].Err != nil {
		t.Errorf("games %+v", games)
	}
}

// readWithin reads an answer file x.pdn, failing the test if the reader
// does not return within 10 seconds (a lexer that stands still on a
// character it takes no token from hangs for ever).
func readWithin(t *testing.T, data string) []*AnswerGame {
	t.Helper()
	done := make(chan []*AnswerGame, 1)
	go func() { done <- ReadAnswers("x.pdn", []byte(data)) }()
	select {
	case games := <-done:
		return games
	case <-time.After(10 * time.Second):
		t.Fatalf("ReadAnswers hangs on %q", data)
		return nil
	}
}

// A second [Number] or [FEN] with another value leaves open which
// composition the answer is for: an error of that game (at the second
// tag), not the later value winning in silence; the same value twice is
// no error.
func TestAnswersSecondNumberOrFEN(t *testing.T) {
	gs := ReadAnswers("s.pdn", []byte("[Number \"1\"]\n[Number \"2\"]\n1. a5-b4 *\n\n[FEN \"W:WKa5:Bf4\"]\n[FEN \"W:WKa5:Bf5\"]\n1. a5-b4 *\n\n[Number \"3\"]\n[Number \"3\"]\n1. a5-b4 *\n"))
	if len(gs) != 3 {
		t.Fatalf("%d games, want 3", len(gs))
	}
	for i, want := range []string{"s.pdn:2:1: a second [Number \"2\"]: the game already says \"1\"", "s.pdn:6:1: a second [FEN \"W:WKa5:Bf5\"]: the game already says \"W:WKa5:Bf4\"", ""} {
		got := ""
		if gs[i].Err != nil {
			got = gs[i].Err.Error()
		}
		if got != want {
			t.Errorf("game %d: error %q, want %q", i+1, got, want)
		}
	}
	// Filed under the first number: another game's answer to the second
	// is not taken for a second answer.
	if n := gs[0].Tag("Number"); n != "1" {
		t.Errorf("the game with two numbers is filed under %q, want the first, 1", n)
	}
}

// A stray ']' or '}' in the movetext is an error of its game and the
// games after it are read; in a claim's text it is no move. Neither hangs
// (the lexer once stood still on them, for ever).
func TestAnswersStrayBracket(t *testing.T) {
	games := readWithin(t, "[Number \"1\"]\n1. c3-d4 } *\n\n[Number \"2\"]\n1. c3-d4 ] *\n\n[Number \"3\"]\n1. c3-d4 *\n")
	want := []string{"x.pdn:2:10: stray '}' (no '{' opens it)", "x.pdn:5:10: stray ']' (no '[' opens it)", ""}
	for i, g := range games {
		got := ""
		if g.Err != nil {
			got = g.Err.Error()
		}
		if i >= len(want) || got != want[i] {
			t.Errorf("game %d: error %q", i+1, got)
		}
	}
	moves := make(chan []string, 2)
	go func() { moves <- movesOf("1. a5-c7}"); moves <- movesOf("1. a5-c7]") }()
	for range 2 {
		select {
		case ms := <-moves:
			if len(ms) != 1 || ms[0] != "a5-c7" {
				t.Errorf("claim moves %q, want a5-c7", ms)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("movesOf hangs on a stray bracket")
		}
	}
}
