package draughts

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// pdnTestRead parses src and fails the test on any error.
func pdnTestRead(t *testing.T, src string) []Game {
	t.Helper()
	games, errs := ReadPDN("t.pdn", []byte(src))
	for _, err := range errs {
		t.Errorf("unexpected error: %v", err)
	}
	return games
}

// pdnTestErrs parses src and returns the error strings.
func pdnTestErrs(src string) ([]Game, []string) {
	games, errs := ReadPDN("t.pdn", []byte(src))
	var out []string
	for _, err := range errs {
		out = append(out, err.Error())
	}
	return games, out
}

// pdnPlain returns a copy of plies with all positions zeroed, for structure
// comparisons.
func pdnPlain(plies []Ply) []Ply {
	if plies == nil {
		return nil
	}
	out := make([]Ply, len(plies))
	for i, p := range plies {
		p.Line, p.Col = 0, 0
		if p.Variations != nil {
			vs := make([][]Ply, len(p.Variations))
			for j, v := range p.Variations {
				vs[j] = pdnPlain(v)
			}
			p.Variations = vs
		}
		out[i] = p
	}
	return out
}

func pdnTexts(plies []Ply) string {
	var s []string
	for _, p := range plies {
		s = append(s, p.Text)
	}
	return strings.Join(s, " ")
}

func TestPDNErrorString(t *testing.T) {
	e := &PDNError{File: "a.pdn", Line: 3, Col: 7, Msg: "boom"}
	if got := e.Error(); got != "a.pdn:3:7: boom" {
		t.Errorf("got %q", got)
	}
	e.File = ""
	if got := e.Error(); got != "3:7: boom" {
		t.Errorf("got %q", got)
	}
}

func TestPDNTags(t *testing.T) {
	src := "[Event  \"Кубок \\\"Москвы\\\"\"]\n" +
		"[ Site   \"C:\\\\games\"  ]\n" +
		"[Round\"3\"][White \"Иванов И.\"]\n" +
		"[Empty \"\"]\n" +
		"[event \"second\"]\n" +
		"1. c3-d4 *\n"
	games := pdnTestRead(t, src)
	if len(games) != 1 {
		t.Fatalf("got %d games", len(games))
	}
	g := games[0]
	want := []Tag{
		{Name: "Event", Value: `Кубок "Москвы"`, Line: 1, Col: 1},
		{Name: "Site", Value: `C:\games`, Line: 2, Col: 1},
		{Name: "Round", Value: "3", Line: 3, Col: 1},
		{Name: "White", Value: "Иванов И.", Line: 3, Col: 11},
		{Name: "Empty", Value: "", Line: 4, Col: 1},
		{Name: "event", Value: "second", Line: 5, Col: 1},
	}
	if !reflect.DeepEqual(g.Tags, want) {
		t.Errorf("tags:\n got %+v\nwant %+v", g.Tags, want)
	}
	if v, ok := g.Tag("EVENT"); !ok || v != `Кубок "Москвы"` {
		t.Errorf("Tag(EVENT) = %q, %v", v, ok)
	}
	if v, ok := g.Tag("white"); !ok || v != "Иванов И." {
		t.Errorf("Tag(white) = %q, %v", v, ok)
	}
	if v, ok := g.Tag("Empty"); !ok || v != "" {
		t.Errorf("Tag(Empty) = %q, %v", v, ok)
	}
	if v, ok := g.Tag("Black"); ok || v != "" {
		t.Errorf("Tag(Black) = %q, %v", v, ok)
	}
	if g.Line != 1 || g.Result != "*" || pdnTexts(g.Moves) != "c3-d4" {
		t.Errorf("game = %+v", g)
	}
}

func TestPDNTagErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"[Event \"abc\n1. c3-d4 *\n", `t.pdn:1:8: unterminated tag value`},
		{"[Event \"abc", `t.pdn:1:8: unterminated tag value`},
		{"[Event \"a\\\"]\n", `t.pdn:1:8: unterminated tag value`},
		{"[Event \"abc\r\n1. c3-d4 *\r\n", `t.pdn:1:8: unterminated tag value`},
		{"[Event abc]\n1. c3-d4 *\n", `t.pdn:1:8: malformed tag: missing '"' before tag value`},
		{"[ \"abc\"]\n", `t.pdn:1:3: malformed tag: missing tag name`},
		{"[Event \"x\" 1. c3-d4 *\n", `t.pdn:1:12: malformed tag: missing ']'`},
		{"\n\n  [Event \"x\"", `t.pdn:3:13: malformed tag: missing ']'`},
	}
	for _, tc := range tests {
		games, errs := pdnTestErrs(tc.src)
		if len(games) != 0 || len(errs) != 1 || errs[0] != tc.want {
			t.Errorf("%q: got %d games, errs %q; want %q", tc.src, len(games), errs, tc.want)
		}
	}
}

func TestPDNEscapeLines(t *testing.T) {
	src := "; file header; with (parens and {braces\n" +
		"% percent escape line 1. zz\n" +
		"[Event \"x\"]\n" +
		";1. zz-zz ignored ( ) {\n" +
		"1. 32-28 ; rest of line (not a variation {not a comment\n" +
		"%{ also ignored\n" +
		"19-23 {a ; b\n" +
		"; not an escape inside braces}\n" +
		"2. 28x19 2-0\n"
	games := pdnTestRead(t, src)
	if len(games) != 1 {
		t.Fatalf("got %d games", len(games))
	}
	want := []Ply{
		{Text: "32-28", Number: 1, Comment: "rest of line (not a variation {not a comment"},
		{Text: "19-23", Comment: "a ; b\n; not an escape inside braces"},
		{Text: "28x19", Number: 2},
	}
	if got := pdnPlain(games[0].Moves); !reflect.DeepEqual(got, want) {
		t.Errorf("moves:\n got %+v\nwant %+v", got, want)
	}
	if games[0].Result != "2-0" || games[0].Line != 3 {
		t.Errorf("game = %+v", games[0])
	}

	// '%' and ';' in column 1 only; '%' elsewhere is not a comment.
	_, errs := pdnTestErrs("[Event \"x\"]\n1. c3-d4 %junk *\n")
	if want := []string{`t.pdn:2:10: unexpected token "%junk"`}; !reflect.DeepEqual(errs, want) {
		t.Errorf("got %q, want %q", errs, want)
	}
	// A ';' comment in the tag section does not end it.
	games = pdnTestRead(t, "[Event \"x\"] ; note\n[Site \"y\"]\n1. c3-d4 *")
	if len(games) != 1 || len(games[0].Tags) != 2 || games[0].Comment != "note" {
		t.Errorf("got %+v", games)
	}
}

func TestPDNComments(t *testing.T) {
	src := "[Event \"x\"]\n" +
		"{intro\n  line two }\n" +
		"{ more }\n" +
		"1. c3-d4 {first}  {second\npart} d6-e5 { } 2. b2-c3 (2. e3-f4 {var}) {after var} *\n"
	games := pdnTestRead(t, src)
	if len(games) != 1 {
		t.Fatalf("got %d games", len(games))
	}
	g := games[0]
	if g.Comment != "intro\n  line two more" {
		t.Errorf("game comment %q", g.Comment)
	}
	want := []Ply{
		{Text: "c3-d4", Number: 1, Comment: "first second\npart"},
		{Text: "d6-e5"},
		{Text: "b2-c3", Number: 2, Comment: "after var", Variations: [][]Ply{
			{{Text: "e3-f4", Number: 2, Comment: "var"}},
		}},
	}
	if got := pdnPlain(g.Moves); !reflect.DeepEqual(got, want) {
		t.Errorf("moves:\n got %+v\nwant %+v", got, want)
	}

	// A comment at the start of a variation goes in front of its first
	// ply's comment; a comment before the tags belongs to the game.
	games = pdnTestRead(t, "{pre} [Event \"x\"] 1. c3-d4 d6-e5 ({alt} 1... b6-a5 {bad}) *")
	if len(games) != 1 || games[0].Comment != "pre" || len(games[0].Tags) != 1 {
		t.Fatalf("got %+v", games)
	}
	v := games[0].Moves[1].Variations
	if len(v) != 1 || len(v[0]) != 1 || v[0][0].Comment != "alt bad" || v[0][0].Number != 1 {
		t.Errorf("variation %+v", v)
	}

	// Unclosed comments, including one that runs into the next game.
	for _, tc := range []struct {
		src   string
		want  string
		games int
	}{
		{"[Event \"a\"]\n1. c3-d4 {oops\n d6-e5 *\n", "t.pdn:2:10: unclosed comment", 0},
		{"1. c3-d4 {oops\n\n[Event \"b\"]\n1. c3-d4 {ok} *\n", "t.pdn:1:10: unclosed comment", 1},
		{"1. c3-d4 {oops\n[Event \"b\"]\n1. c3-d4 {ok} *\n", "t.pdn:1:10: unclosed comment", 1},
	} {
		games, errs := pdnTestErrs(tc.src)
		if len(games) != tc.games || len(errs) != 1 || errs[0] != tc.want {
			t.Errorf("%q: got %d games, errs %q; want %d games, %q", tc.src, len(games), errs, tc.games, tc.want)
		}
		if tc.games == 1 && (games[0].Moves[0].Comment != "ok" || games[0].Tags[0].Value != "b") {
			t.Errorf("%q: got %+v", tc.src, games[0])
		}
	}
}

func TestPDNMoveNumbers(t *testing.T) {
	src := "1. c3-d4 1... f6-g5 2 . d4-c5 2 ... g5-h4 3.b2-c3 3...h4-g3 4. ... a3-b4 a7-b6 12.c1-b2 *"
	games := pdnTestRead(t, src)
	if len(games) != 1 {
		t.Fatalf("got %d games", len(games))
	}
	type nc struct {
		text     string
		num, col int
	}
	var got []nc
	for _, p := range games[0].Moves {
		got = append(got, nc{p.Text, p.Number, p.Col})
	}
	want := []nc{
		{"c3-d4", 1, 4}, {"f6-g5", 1, 15}, {"d4-c5", 2, 25}, {"g5-h4", 2, 37},
		{"b2-c3", 3, 45}, {"h4-g3", 3, 55}, {"a3-b4", 4, 68}, {"a7-b6", 0, 74},
		{"c1-b2", 12, 83},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %v\nwant %v", got, want)
	}

	games = pdnTestRead(t, "1.32-28 1...19-23 2.28x19 14x23 12...9-14 0-2")
	if got := pdnTexts(games[0].Moves); got != "32-28 19-23 28x19 14x23 9-14" {
		t.Errorf("got %q", got)
	}
	if n := games[0].Moves[4].Number; n != 12 {
		t.Errorf("number %d", n)
	}

	// A bare number or dots without a number are errors.
	for _, tc := range []struct{ src, want string }{
		{"1. c3-d4 2 d6-e5 *", `t.pdn:1:10: unexpected token "2"`},
		{"1. c3-d4 12", `t.pdn:1:10: unexpected token "12"`},
		{"1. c3-d4 ... d6-e5 *", `t.pdn:1:10: unexpected token "..."`},
		{"1. c3-d4 ...d6-e5 *", `t.pdn:1:10: unexpected token "...d6-e5"`},
		{"1.zz *", `t.pdn:1:3: unexpected token "zz"`},
		{"1...c3-d4x *", `t.pdn:1:5: unexpected token "c3-d4x"`},
		{"99999999999999999999. c3-d4 *", `t.pdn:1:1: unexpected token "99999999999999999999."`},
	} {
		games, errs := pdnTestErrs(tc.src)
		if len(games) != 0 || len(errs) != 1 || errs[0] != tc.want {
			t.Errorf("%q: got %d games, errs %q; want %q", tc.src, len(games), errs, tc.want)
		}
	}
}

func TestPDNMoveShapes(t *testing.T) {
	valid := map[string]string{
		"c3-d4":              "c3-d4",
		"32-28":              "32-28",
		"28x19":              "28x19",
		"28X19":              "28X19",
		"c3xe5":              "c3xe5",
		"d2:h6:f8:c5:a7":     "d2:h6:f8:c5:a7",
		"19x30x39x48":        "19x30x39x48",
		"1-50":               "1-50",
		"50x1":               "50x1",
		"a1-h8":              "a1-h8",
		"c3:e5-g7":           "c3:e5-g7",
		"c3-d4!":             "c3-d4",
		"c3-d4+":             "c3-d4",
		"c3-d4#":             "c3-d4",
		"c3-d4*":             "c3-d4",
		"c3-d4?!+":           "c3-d4",
		"28x19!!":            "28x19",
		"d2:h6:f8:c5:a7+!?#": "d2:h6:f8:c5:a7",
	}
	for tok, text := range valid {
		games, errs := pdnTestErrs("1. " + tok + " *")
		if len(errs) != 0 || len(games) != 1 || len(games[0].Moves) != 1 || games[0].Moves[0].Text != text {
			t.Errorf("%q: got %+v, %q", tok, games, errs)
		}
	}
	invalid := []string{
		"i3-d4", "c9-d4", "c0-d4", "c3", "c3-", "-c3", "c3--d4", "c3-d4-", "c3-28",
		"51-46", "0-5", "05-10", "100-95", "c3_d4", "c3.d4", "C3-D4", "Nf3", "e4",
		"c3-d4x", "c3×d4", "x", "%", "\"", "]", "}", "c3-d4!x", "1/2", "½-½", "1-0-0",
	}
	for _, tok := range invalid {
		games, errs := pdnTestErrs("1. " + tok + " *")
		want := fmt.Sprintf("t.pdn:1:4: unexpected token %q", tok)
		if len(games) != 0 || len(errs) != 1 || errs[0] != want {
			t.Errorf("%q: got %d games, errs %q; want %q", tok, len(games), errs, want)
		}
	}
}

func TestPDNAnnotations(t *testing.T) {
	src := "1. c3-d4! d6-e5? 2. b2-c3!! e7-d6?? 3. a3-b4!? $14 f6-g5?! 4. g3-h4 ?! h6xf4 $1 $22 ! 5. e3-f4+ f4-e3# 6. h2-g3* *"
	games := pdnTestRead(t, src)
	if len(games) != 1 {
		t.Fatalf("got %d games", len(games))
	}
	var got [][]int
	for _, p := range games[0].Moves {
		got = append(got, p.NAGs)
	}
	want := [][]int{{1}, {2}, {3}, {4}, {5, 14}, {6}, {6}, {1, 22, 1}, nil, nil, nil}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("NAGs\n got %v\nwant %v", got, want)
	}
	if games[0].Result != "*" || games[0].Moves[10].Text != "h2-g3" {
		t.Errorf("game %+v", games[0])
	}

	for _, tc := range []struct{ src, want string }{
		{"$1 1. c3-d4 *", `t.pdn:1:1: unexpected token "$1"`},
		{"1. c3-d4 $ *", `t.pdn:1:10: unexpected token "$"`},
		{"1. c3-d4 $x *", `t.pdn:1:10: unexpected token "$x"`},
		{"1. c3-d4 $-1 *", `t.pdn:1:10: unexpected token "$-1"`},
		{"1. c3-d4 ($1) *", `t.pdn:1:11: unexpected token "$1"`},
		{"! 1. c3-d4 *", `t.pdn:1:1: unexpected token "!"`},
	} {
		games, errs := pdnTestErrs(tc.src)
		if len(games) != 0 || len(errs) != 1 || errs[0] != tc.want {
			t.Errorf("%q: got %d games, errs %q; want %q", tc.src, len(games), errs, tc.want)
		}
	}
}

func TestPDNVariations(t *testing.T) {
	src := "[Event \"v\"]\n1. c3-d4 f6-g5 (1... b6-a5 (1... b6-c5 2. d4xb6) 2. d4-c5) (1... d6-c5) 2. g3-h4 ( 2. b2-c3 () ) *"
	games := pdnTestRead(t, src)
	if len(games) != 1 {
		t.Fatalf("got %d games", len(games))
	}
	want := []Ply{
		{Text: "c3-d4", Number: 1},
		{Text: "f6-g5", Variations: [][]Ply{
			{
				{Text: "b6-a5", Number: 1, Variations: [][]Ply{
					{{Text: "b6-c5", Number: 1}, {Text: "d4xb6", Number: 2}},
				}},
				{Text: "d4-c5", Number: 2},
			},
			{{Text: "d6-c5", Number: 1}},
		}},
		{Text: "g3-h4", Number: 2, Variations: [][]Ply{
			{{Text: "b2-c3", Number: 2, Variations: [][]Ply{nil}}},
		}},
	}
	if got := pdnPlain(games[0].Moves); !reflect.DeepEqual(got, want) {
		t.Errorf("moves:\n got %+v\nwant %+v", got, want)
	}
	if games[0].Result != "*" {
		t.Errorf("result %q", games[0].Result)
	}

	// Deep nesting.
	const depth = 2000
	deep := "1. 32-28" + strings.Repeat(" (1. 33-28", depth) + strings.Repeat(")", depth) + " 2-0"
	games = pdnTestRead(t, deep)
	if len(games) != 1 {
		t.Fatalf("deep: got %d games", len(games))
	}
	d, m := 0, games[0].Moves
	for len(m) > 0 && len(m[0].Variations) > 0 {
		m = m[0].Variations[0]
		d++
	}
	if d != depth || games[0].Result != "2-0" {
		t.Errorf("deep: depth %d, result %q", d, games[0].Result)
	}

	for _, tc := range []struct{ src, want string }{
		{"( 1. c3-d4 ) *", "t.pdn:1:1: variation with no preceding move"},
		{"[Event \"x\"]\n(1. c3-d4) *", "t.pdn:2:1: variation with no preceding move"},
		{"1. c3-d4 ((1. a3-b4)) *", "t.pdn:1:11: variation with no preceding move"},
		{"1. c3-d4 ) *", "t.pdn:1:10: unmatched ')'"},
		{"1. c3-d4 (1. a3-b4)) *", "t.pdn:1:20: unmatched ')'"},
		{"1. c3-d4 (1. a3-b4 *", "t.pdn:1:10: unclosed variation"},
		{"1. c3-d4 (1. a3-b4 (1. e3-f4)\n d6-c5", "t.pdn:1:10: unclosed variation"},
		{"1. c3-d4 (1. a3-b4 (1. e3-f4 1-0", "t.pdn:1:10: unclosed variation"},
	} {
		games, errs := pdnTestErrs(tc.src)
		if len(games) != 0 || len(errs) != 1 || errs[0] != tc.want {
			t.Errorf("%q: got %d games, errs %q; want %q", tc.src, len(games), errs, tc.want)
		}
	}

	// An unclosed variation ends at the next game's tags.
	games, errs := pdnTestErrs("1. c3-d4 (1. a3-b4\n\n[Event \"b\"]\n1. c3-d4 *\n")
	if len(games) != 1 || games[0].Tags[0].Value != "b" || !reflect.DeepEqual(errs, []string{"t.pdn:1:10: unclosed variation"}) {
		t.Errorf("got %+v, %q", games, errs)
	}
}

func TestPDNResults(t *testing.T) {
	for _, r := range []string{"1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*"} {
		games := pdnTestRead(t, "[Result \""+r+"\"]\n1. c3-d4 d6-c5 "+r+"\n")
		if len(games) != 1 || games[0].Result != r || len(games[0].Moves) != 2 {
			t.Errorf("%s: got %+v", r, games)
		}
	}

	// A result ends the game; games need no tags; a game may end without a
	// result when the next game's tags start; tags alone make a game.
	src := "1. 32-28 2-0 1. 33-29 (1. 31-27) 0-2\n" +
		"[Event \"no result\"]\n1. c3-d4 d6-c5\n" +
		"[Event \"tags only\"] 1/2-1/2\n" +
		"[Event \"header only\"]\n\n" +
		"[Event \"last\"]\n1. a3-b4\n"
	games := pdnTestRead(t, src)
	type gs struct {
		line          int
		event, result string
		moves         string
	}
	var got []gs
	for _, g := range games {
		ev, _ := g.Tag("Event")
		got = append(got, gs{g.Line, ev, g.Result, pdnTexts(g.Moves)})
	}
	want := []gs{
		{1, "", "2-0", "32-28"},
		{1, "", "0-2", "33-29"},
		{2, "no result", "", "c3-d4 d6-c5"},
		{4, "tags only", "1/2-1/2", ""},
		{5, "header only", "", ""},
		{7, "last", "", "a3-b4"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("games\n got %+v\nwant %+v", got, want)
	}
}

func TestPDNEmptyAndBinary(t *testing.T) {
	for _, src := range []string{"", "\n\n  \r\n", "; only an escape line\n% and another", "\xEF\xBB\xBF", "{just a comment}"} {
		games, errs := pdnTestErrs(src)
		if len(games) != 0 || !reflect.DeepEqual(errs, []string{"t.pdn:1:1: no games found"}) {
			t.Errorf("%q: got %+v, %q", src, games, errs)
		}
	}
	for _, src := range []string{"\x00", "[Event \"x\"]\n1. c3-d4 *\n\x00", "[Event \"x\x00\"]\n1. c3-d4 (\n"} {
		games, errs := pdnTestErrs(src)
		if len(games) != 0 || !reflect.DeepEqual(errs, []string{"t.pdn:1:1: binary file, not PDN"}) {
			t.Errorf("%q: got %+v, %q", src, games, errs)
		}
	}
	_, errs := ReadPDN("", nil)
	if len(errs) != 1 || errs[0].Error() != "1:1: no games found" {
		t.Errorf("got %v", errs)
	}
}

func TestPDNCRLFBOMAndCyrillic(t *testing.T) {
	src := "\xEF\xBB\xBF; escape line right after the BOM\r\n" +
		"[Event \"Чемпионат СССР\"]\r\n" +
		"[White \"Блиндер Б.\"]\r\n" +
		"\r\n" +
		"1. c3-d4 {Коммент\r\nарий} d6-e5\r\n" +
		"2. b2-c3 1-0\r\n"
	games := pdnTestRead(t, src)
	if len(games) != 1 {
		t.Fatalf("got %d games", len(games))
	}
	g := games[0]
	wantTags := []Tag{
		{Name: "Event", Value: "Чемпионат СССР", Line: 2, Col: 1},
		{Name: "White", Value: "Блиндер Б.", Line: 3, Col: 1},
	}
	if !reflect.DeepEqual(g.Tags, wantTags) {
		t.Errorf("tags %+v", g.Tags)
	}
	want := []Ply{
		{Text: "c3-d4", Number: 1, Line: 5, Col: 4, Comment: "Коммент\nарий"},
		{Text: "d6-e5", Line: 6, Col: 11},
		{Text: "b2-c3", Number: 2, Line: 7, Col: 4},
	}
	if !reflect.DeepEqual(g.Moves, want) {
		t.Errorf("moves\n got %+v\nwant %+v", g.Moves, want)
	}
	if g.Result != "1-0" || g.Line != 2 {
		t.Errorf("game %+v", g)
	}

	// Error positions on CRLF input, after a BOM.
	_, errs := pdnTestErrs("\xEF\xBB\xBF[Event \"x\"]\r\n\r\n1. c3-d4 q7 *\r\n")
	if want := []string{`t.pdn:3:10: unexpected token "q7"`}; !reflect.DeepEqual(errs, want) {
		t.Errorf("got %q, want %q", errs, want)
	}
}

func TestPDNPositions(t *testing.T) {
	src := "\n[Event \"p\"]\n\n{c}\n  1.  32-28\t19-23 (1... 18-23\n 2. 28x19) 2-0"
	games := pdnTestRead(t, src)
	if len(games) != 1 {
		t.Fatalf("got %d games", len(games))
	}
	g := games[0]
	if g.Line != 2 || g.Tags[0].Line != 2 || g.Tags[0].Col != 1 {
		t.Errorf("game %+v", g)
	}
	want := []Ply{
		{Text: "32-28", Number: 1, Line: 5, Col: 7},
		{Text: "19-23", Line: 5, Col: 13, Variations: [][]Ply{{
			{Text: "18-23", Number: 1, Line: 5, Col: 25},
			{Text: "28x19", Number: 2, Line: 6, Col: 5},
		}}},
	}
	if !reflect.DeepEqual(g.Moves, want) {
		t.Errorf("moves\n got %+v\nwant %+v", g.Moves, want)
	}
	// A game that starts with a comment starts on the comment's line.
	games = pdnTestRead(t, "\n\n{intro}\n[Event \"x\"]\n1. c3-d4 *")
	if len(games) != 1 || games[0].Line != 3 {
		t.Errorf("got %+v", games)
	}
}

func TestPDNRecovery(t *testing.T) {
	src := "[Event \"one\"]\n" + // 1
		"\n" + // 2
		"1. c3-d4 d6-e5 1-0\n" + // 3
		"\n" + // 4
		"[Event \"two\"]\n" + // 5
		"[Site \"x\"]\n" + // 6
		"\n" + // 7
		"1. c3-d4 zz-yy 2. b2-c3\n" + // 8
		"3. a3-b4 (\n" + // 9
		"\n" + // 10
		"[Event \"three\"]\n" + // 11
		"1. 32-28 {fine} *\n" // 12
	games, errs := pdnTestErrs(src)
	if want := []string{`t.pdn:8:10: unexpected token "zz-yy"`}; !reflect.DeepEqual(errs, want) {
		t.Errorf("errs %q, want %q", errs, want)
	}
	var events []string
	for _, g := range games {
		ev, _ := g.Tag("Event")
		events = append(events, fmt.Sprintf("%s@%d:%s:%s", ev, g.Line, pdnTexts(g.Moves), g.Result))
	}
	if want := []string{"one@1:c3-d4 d6-e5:1-0", "three@11:32-28:*"}; !reflect.DeepEqual(events, want) {
		t.Errorf("games %q, want %q", events, want)
	}

	// More ways to break a game in the middle of a file.
	for _, tc := range []struct {
		name, broken, want string
		extra              []string // games expected between "one" and "three"
	}{
		{"unterminated tag", "[Event \"two\"]\n[Site \"x\n[Round \"1\"]\n\n1. c3-d4 *\n", `t.pdn:7:7: unterminated tag value`, nil},
		{"malformed tag", "[Event \"two\"]\n[Site x]\n[Round \"1\"]\n1. c3-d4 *\n", `t.pdn:7:7: malformed tag: missing '"' before tag value`, nil},
		{"unclosed comment", "[Event \"two\"]\n1. c3-d4 {never closed\nd6-e5\n", `t.pdn:7:10: unclosed comment`, nil},
		{"unclosed comment before a game with a comment", "[Event \"two\"]\n1. c3-d4 {never closed\n\n[Event \"kept\"]\n1. c3-d4 {x} *\n\n", `t.pdn:7:10: unclosed comment`, []string{"kept:c3-d4:*"}},
		{"unmatched paren, no blank line", "[Event \"two\"]\n1. c3-d4 ) *\n", `t.pdn:7:10: unmatched ')'`, nil},
		{"variation without move", "[Event \"two\"]\n(1. c3-d4) *\n", `t.pdn:7:1: variation with no preceding move`, nil},
		{"unclosed variation", "[Event \"two\"]\n1. c3-d4 (1. a3-b4 *\n", `t.pdn:7:10: unclosed variation`, nil},
		{"bare number at end", "[Event \"two\"]\n1. c3-d4 2\n", `t.pdn:7:10: unexpected token "2"`, nil},
		{"bad marks", "[Event \"two\"]\n1. c3-d4!!! *\n", `t.pdn:7:4: unexpected token "c3-d4!!!"`, nil},
	} {
		src := "[Event \"one\"]\n1. c3-d4 {ok} 1-0\n\n; separator\n" + // lines 1-4
			"\n" + // 5
			tc.broken +
			"[Event \"three\"]\n1. 32-28 {fine} *\n"
		games, errs := pdnTestErrs(src)
		if !reflect.DeepEqual(errs, []string{tc.want}) {
			t.Errorf("%s: errs %q, want %q", tc.name, errs, tc.want)
		}
		var events []string
		for _, g := range games {
			ev, _ := g.Tag("Event")
			events = append(events, ev+":"+pdnTexts(g.Moves)+":"+g.Result)
		}
		want := append(append([]string{"one:c3-d4:1-0"}, tc.extra...), "three:32-28:*")
		if !reflect.DeepEqual(events, want) {
			t.Errorf("%s: games %q, want %q", tc.name, events, want)
		}
	}

	// Several broken games: one error each, the good ones all kept.
	var b strings.Builder
	for i := 1; i <= 6; i++ {
		fmt.Fprintf(&b, "[Event \"%d\"]\n", i)
		if i%2 == 0 {
			b.WriteString("1. c3-d4 ??? *\n\n")
		} else {
			b.WriteString("1. c3-d4 *\n\n")
		}
	}
	games, errs = pdnTestErrs(b.String())
	if len(games) != 3 || len(errs) != 3 || errs[1] != `t.pdn:11:10: unexpected token "???"` {
		t.Errorf("got %d games, errs %q", len(games), errs)
	}
}

func TestPDNErrorTypes(t *testing.T) {
	_, errs := ReadPDN("f.pdn", []byte("[Event \"x\"]\n1. c3-d4 ) *"))
	if len(errs) != 1 {
		t.Fatalf("errs %v", errs)
	}
	pe, ok := errs[0].(*PDNError)
	if !ok {
		t.Fatalf("%T is not *PDNError", errs[0])
	}
	if want := (PDNError{File: "f.pdn", Line: 2, Col: 10, Msg: "unmatched ')'"}); *pe != want {
		t.Errorf("got %+v, want %+v", *pe, want)
	}
}

var pdnFuzzSeeds = []string{
	"",
	"[Event \"x\"]\n1. c3-d4 *",
	"; header\n[Event \"Чемпионат\"]\n[FEN \"W:W21,22:B1,2.\"]\n\n1. c3-d4 d6-e5 2. b2-c3 {Коммент} 1-0\n",
	"[GameType \"20\"]\n\n1. 32-28 19-23 2. 28x19 14x23 (2... 13x24 3. 33-29) 3. 37-32 $1 2-0\n",
	"1. a5-b4 f4-g3 (1... f4-e3 2. b4-e1 a7-b6 3. a3-b4) 2. b4-c5 g3-h2 3. a3-b4 h2-g1 (3... a7-b6 4. c5:a7 h2-g1 5. b4-c5) 4. b4-a5 {comment; with semicolon} 1-0",
	"\xEF\xBB\xBF[Event \"a\\\"b\\\\\"]\r\n\r\n1.c3-d4 1...d6-e5 2 . b2-c3! ?! ; eol\r\n*\r\n",
	"[Event \"one\"]\n\n1. c3-d4 1-0\n\n[Event \"two\"]\n1. c3-d4 zz (\n\n[Event \"three\"]\n1. 32-28 *\n",
	"1. c3-d4 {unclosed\n[Event \"x\"]\n1. 32-28 (1. 33-28 ((\n",
	"[Event \"x\n1. c3-d4 ) ( $ $1 ... 12 1/2-1/2",
	"% escape\n;escape\n1. d2:h6:f8:c5:a7+ 19x30x39x48# 0-0 1-1 0-2 2-0 0-1",
}

func FuzzReadPDN(f *testing.F) {
	for _, s := range pdnFuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		games, errs := ReadPDN("fuzz.pdn", data)
		body := bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))
		lines := bytes.Split(body, []byte("\n"))
		for _, err := range errs {
			pe, ok := err.(*PDNError)
			if !ok {
				t.Fatalf("error %v has type %T, want *PDNError", err, err)
			}
			if pe.Line < 1 || pe.Col < 1 {
				t.Fatalf("error %v has a bad position", pe)
			}
			if pe.Line > len(lines) || pe.Col > len(lines[pe.Line-1])+1 {
				t.Fatalf("error %v is beyond the end of its line", pe)
			}
			if pe.File != "fuzz.pdn" || strings.HasPrefix(pe.Msg, "internal error") {
				t.Fatalf("bad error %v", pe)
			}
		}
		if len(games) == 0 && len(errs) == 0 {
			t.Fatal("no games and no errors")
		}
		var check func([]Ply)
		check = func(plies []Ply) {
			for _, p := range plies {
				if p.Text == "" || p.Line < 1 || p.Col < 1 || p.Line > len(lines) {
					t.Fatalf("bad ply %+v", p)
				}
				if l := lines[p.Line-1]; p.Col+len(p.Text)-1 > len(l) || string(l[p.Col-1:p.Col-1+len(p.Text)]) != p.Text {
					t.Fatalf("ply %+v does not match its position", p)
				}
				for _, v := range p.Variations {
					check(v)
				}
			}
		}
		for _, g := range games {
			if g.Line < 1 {
				t.Fatalf("bad game line %d", g.Line)
			}
			check(g.Moves)
		}
	})
}
