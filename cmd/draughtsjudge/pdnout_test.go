package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"draughtsjudge/draughts"
)

// No independent PDN reader can be installed here (pydraughts is on PyPI,
// which this machine and CI do not reach; Debian and npm have none), so the
// export is checked against the PDN 3.0 grammar, written from the standard
// (pdn.fmjd.org, "PDN Grammars", PDN 3.0 Grammar), not from our writer:
//
//	Game        : (GameHeader GameBody?) | GameBody
//	GameHeader  : PdnTag+
//	GameBody    : (GameMove | Variation | COMMENT | SETUP | NAG)+
//	PdnTag      : LBRACKET IDENTIFIER STRING RBRACKET
//	GameMove    : MOVENUMBER? Move MOVESTRENGTH?
//	Variation   : LPAREN GameBody RPAREN
//	Move        : NormalMove | CaptureMove
//	NormalMove  : Square MOVESEPARATOR Square
//	CaptureMove : Square (CAPTURESEPARATOR Square)+
//	Square      : ALPHASQUARE | NUMSQUARE
//	MOVENUMBER "[0-9]+\.(\.\.)?"  MOVESEPARATOR "-"  CAPTURESEPARATOR "x"
//	ALPHASQUARE "[a-h][1-8]"  NUMSQUARE "[1-9][0-9]?"
//	MOVESTRENGTH "([\!\?]+)|(\([\!\?]+\))"  NAG "\$[0-9]+"  SETUP "\/[^\/]*\/"
//	STRING "\"([^\"]|\\\")*\""  COMMENT "\{[^}]*\}"  IDENTIFIER "[A-Z][a-zA-Z0-9_]*"
//
// plus, as the standard's reading grammar allows, a game result before the
// next game (1-0, 0-1, 2-0, 0-2, 1-1, 0-0, 1/2-1/2, *).
var pdnTokens = []struct {
	kind string
	re   *regexp.Regexp
}{
	{"space", regexp.MustCompile(`^\s+`)},
	{"tag", regexp.MustCompile(`^\[[A-Z][a-zA-Z0-9_]*\s+"([^"\\]|\\.)*"\]`)},
	{"comment", regexp.MustCompile(`^\{[^}]*\}`)},
	{"setup", regexp.MustCompile(`^/[^/]*/`)},
	{"nag", regexp.MustCompile(`^\$[0-9]+`)},
	{"(", regexp.MustCompile(`^\(`)},
	{")", regexp.MustCompile(`^\)`)},
	{"result", regexp.MustCompile(`^(1-0|0-1|2-0|0-2|1-1|0-0|1/2-1/2|\*)(\s|$)`)},
	{"movenumber", regexp.MustCompile(`^[0-9]+\.(\.\.)?`)},
	{"move", regexp.MustCompile(`^(([a-h][1-8]|[1-9][0-9]?)-([a-h][1-8]|[1-9][0-9]?)|([a-h][1-8]|[1-9][0-9]?)(x([a-h][1-8]|[1-9][0-9]?))+)(([!?]+)|(\([!?]+\)))?`)},
}

// pdnGrammarCheck tokenises a PDN file and checks the structure above; it
// returns the moves (with the text before them, for messages) or an error.
func pdnGrammarCheck(text string) (moves []string, err error) {
	depth, games, inBody := 0, 0, false
	for pos := 0; pos < len(text); {
		rest := text[pos:]
		kind, n := "", 0
		for _, tk := range pdnTokens {
			if loc := tk.re.FindStringIndex(rest); loc != nil {
				kind, n = tk.kind, loc[1]
				break
			}
		}
		if kind == "" {
			end := min(len(rest), 30)
			return nil, fmt.Errorf("offset %d: %q is no PDN 3.0 token", pos, rest[:end])
		}
		tok := strings.TrimSpace(rest[:n])
		switch kind {
		case "tag":
			if inBody {
				return nil, fmt.Errorf("offset %d: tag %s inside a game body", pos, tok)
			}
		case "(":
			depth++
		case ")":
			if depth--; depth < 0 {
				return nil, fmt.Errorf("offset %d: ')' without '('", pos)
			}
		case "result":
			if depth != 0 {
				return nil, fmt.Errorf("offset %d: result %s inside a variation", pos, tok)
			}
			games++
			inBody = false
		case "move":
			moves = append(moves, tok)
		}
		if kind != "space" && kind != "tag" && kind != "result" {
			inBody = true
		}
		pos += n
	}
	if depth != 0 {
		return nil, fmt.Errorf("%d variations not closed", depth)
	}
	if games == 0 {
		return nil, fmt.Errorf("no game")
	}
	return moves, nil
}

// The grammar itself: the old export's ":" capture is rejected, "x" passes.
func TestPDNGrammarFixture(t *testing.T) {
	ok := "[GameType \"25\"]\n[FEN \"W:Wa3,e1:Bb6,d2\"]\n1. e1xc3 {goal} (1. a3-b4 $1) 1... b6-a5 2. c3xa5xc7! 1-0\n\n[GameType \"20\"]\n1. 32-28 19x28 *\n"
	if moves, err := pdnGrammarCheck(ok); err != nil || len(moves) != 6 {
		t.Errorf("valid PDN: %v, %d moves", err, len(moves))
	}
	for _, bad := range []string{
		"1. e1:c3 1-0\n",           // the old capture separator
		"1. e1xc3 (1... a7-b6 *\n", // unclosed variation
		"1. e1x 1-0\n",             // no square after x
		"1. i9-h8 1-0\n",           // not a square
	} {
		if _, err := pdnGrammarCheck(bad); err == nil {
			t.Errorf("%q passed the PDN 3.0 grammar", bad)
		}
	}
}

// --pdn-out wrote ":" for captures, which PDN readers reject (pydraughts
// failed on 719 of 1,001 exported games). The export of Shoshin's study,
// whose tree has many captures, now follows the PDN 3.0 grammar.
func TestPDNOutIsPDN30(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "s.pdn")
	os.WriteFile(f, []byte(shoshin), 0o644)
	out := filepath.Join(dir, "out.pdn")
	if code, _, errs := runCLI(t, "check", "--db", filepath.Join(dir, "db"), "--pdn-out", out, f); code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	moves, err := pdnGrammarCheck(string(data))
	if err != nil {
		t.Fatalf("--pdn-out is not PDN 3.0: %v", err)
	}
	captures := 0
	for _, m := range moves {
		if strings.Contains(m, "x") {
			captures++
		}
	}
	if captures == 0 {
		t.Fatalf("no capture in the exported tree (%d moves): the test needs some", len(moves))
	}
	// Our own reader (which accepts both separators) reads it back.
	games, errs := draughts.ReadPDN(out, data)
	if len(errs) != 0 || len(games) != 1 {
		t.Fatalf("reading back: %d games, errors %v", len(games), errs)
	}
	t.Logf("%d moves, %d captures, all PDN 3.0", len(moves), captures)
}
