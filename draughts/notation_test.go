package draughts_test

import (
	"errors"
	"sort"
	"strconv"
	"strings"
	"testing"

	"draughtsjudge/draughts"
)

// TestNumeric8x8Orientation pins the PDN numbering of the 64-square board:
// 1=b8 … 4=h8, 5=a7, 29=a1, 32=g1 (square 1 top left seen from White, rows
// read left to right from Black's back rank).
func TestNumeric8x8Orientation(t *testing.T) {
	b := draughts.Board8
	for n, alg := range map[int]string{1: "b8", 2: "d8", 4: "h8", 5: "a7", 8: "g7", 9: "b6", 29: "a1", 30: "c1", 32: "g1"} {
		num, err := b.ParseSquare(strconv.Itoa(n))
		if err != nil {
			t.Fatal(err)
		}
		sq, err := b.ParseSquare(alg)
		if err != nil {
			t.Fatal(err)
		}
		if num != sq {
			t.Errorf("%d and %s are different squares", n, alg)
		}
		if got := b.Name(num); got != alg {
			t.Errorf("Name(%d) = %s, want %s", n, got, alg)
		}
		if got := b.Std(sq); got != n {
			t.Errorf("Std(%s) = %d, want %d", alg, got, n)
		}
	}
	// Every square: numeric → Name → ParseSquare is the identity, and
	// upper-case letters are accepted.
	seen := map[draughts.Square]bool{}
	for n := 1; n <= 32; n++ {
		sq, err := b.ParseSquare(strconv.Itoa(n))
		if err != nil {
			t.Fatal(err)
		}
		back, err := b.ParseSquare(strings.ToUpper(b.Name(sq)))
		if err != nil || back != sq {
			t.Errorf("square %d: Name %q parses back to %v (%v)", n, b.Name(sq), back, err)
		}
		seen[sq] = true
	}
	if len(seen) != 32 {
		t.Errorf("%d distinct squares, want 32", len(seen))
	}
	for _, bad := range []string{"0", "33", "a2", "b1", "i1", "a9", "a0", "", "h", "1a"} {
		if _, err := b.ParseSquare(bad); err == nil {
			t.Errorf("ParseSquare(%q) accepted", bad)
		}
	}
	// 10x10: 1 top left (b10), 46 White's bottom-left corner a1, 5 j10.
	for n, alg := range map[int]string{1: "b10", 5: "j10", 6: "a9", 46: "a1", 50: "i1"} {
		sq := draughts.Board10.FromStd(n)
		if got := draughts.Board10.Algebraic(sq); got != alg {
			t.Errorf("10x10 square %d is %s, want %s", n, got, alg)
		}
		if got := draughts.Board10.Name(sq); got != strconv.Itoa(n) {
			t.Errorf("10x10 Name(%d) = %s", n, got)
		}
	}
}

// TestFENTolerance checks the spellings ParseFEN accepts for one position.
func TestFENTolerance(t *testing.T) {
	r := draughts.Russian
	want, err := draughts.ParseFEN(r, "W:Wa1,c3,Kd4:Bh8,Ke5")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		"W:Wa1,c3,Kd4:Bh8,Ke5",
		"W:W29,22,K18:B4,K15", // numeric on 8x8
		" W : W a1 , c3 , K d4 : B h8 , K e5 ",
		"W:Wa1,c3,Kd4:Bh8,Ke5.",
		"W:Wa1,c3,Kd4:Bh8,Ke5:H0:F1",
		`"W:Wa1,c3,Kd4:Bh8,Ke5"`,
		`"W:Wa1,c3,Kd4:Bh8,Ke5:H0:F1."`,
		"W:Bh8,Ke5:Wa1,c3,Kd4", // sides in either order
		"w:wA1,C3,kD4:bH8,kE5", // case
		"W:Wa1,c3,Kd4,:Bh8,,Ke5",
	} {
		p, err := draughts.ParseFEN(r, s)
		if err != nil {
			t.Errorf("%q: %v", s, err)
			continue
		}
		if p != want {
			t.Errorf("%q: got %s, want %s", s, draughts.FEN(&p, r), draughts.FEN(&want, r))
		}
	}
	if got := draughts.FEN(&want, r); got != "W:WKd4,c3,a1:Bh8,Ke5" {
		t.Errorf("FEN = %s, want W:WKd4,c3,a1:Bh8,Ke5 (standard-number order)", got)
	}
	if got := draughts.FENNumeric(&want, r); got != "W:WK18,22,29:B4,K15" {
		t.Errorf("FENNumeric = %s, want W:WK18,22,29:B4,K15", got)
	}

	// Ranges on 10x10: the initial position.
	ri := draughts.International
	p, err := draughts.ParseFEN(ri, "W:W31-50:B1-20")
	if err != nil {
		t.Fatal(err)
	}
	if start := draughts.Start(ri); p != start {
		t.Errorf("W31-50:B1-20 is not the initial position: %s", draughts.FEN(&p, ri))
	}
	if p, err = draughts.ParseFEN(ri, "B:W31-35,K46:B1,2"); err != nil || p.Side != draughts.Black ||
		p.Pieces[draughts.White].Count() != 6 || p.Kings.Count() != 1 {
		t.Errorf("B:W31-35,K46:B1,2: %v %v", draughts.FENNumeric(&p, ri), err)
	}
	if got := draughts.FENNumeric(&p, ri); got != "B:W31,32,33,34,35,K46:B1,2" {
		t.Errorf("FENNumeric = %s", got)
	}

	for _, bad := range []string{
		"", "X:W1:B2", "W:W1:B1", "W:W1:W2", "W:Q1", "W:W1-33:B1", "W:W5-1",
		"W:Wb8:B1",     // white man on its promotion row
		"W:W21,22x:B1", // junk square
		"W:Wa2",        // light square
	} {
		if _, err := draughts.ParseFEN(r, bad); err == nil {
			t.Errorf("ParseFEN(%q) accepted", bad)
		} else if err.Error() == "" {
			t.Errorf("ParseFEN(%q): empty error", bad)
		}
	}
}

// TestIllegalMoveListsLegalMoves checks the error for a move that is not
// legal: it lists every legal move.
func TestIllegalMoveListsLegalMoves(t *testing.T) {
	r := draughts.Russian
	p := draughts.Start(r)
	_, err := draughts.ParseMove(&p, r, "a3-a5")
	var me *draughts.MoveError
	if !errors.As(err, &me) {
		t.Fatalf("want *MoveError, got %v", err)
	}
	if me.Reason != "illegal" {
		t.Errorf("reason %q, want illegal", me.Reason)
	}
	want := "a3-b4 c3-b4 c3-d4 e3-d4 e3-f4 g3-f4 g3-h4"
	if got := strings.Join(me.Candidates, " "); got != want {
		t.Errorf("candidates %q, want %q", got, want)
	}
	if msg := err.Error(); !strings.Contains(msg, "a3-a5") || !strings.Contains(msg, want) {
		t.Errorf("message %q does not name the move and the legal moves", msg)
	}
	// A capture is compulsory: the quiet move is illegal, the capture is offered.
	p, _ = draughts.ParseFEN(r, "W:Wc3,g3:Bd4")
	_, err = draughts.ParseMove(&p, r, "g3-h4")
	if !errors.As(err, &me) || me.Reason != "illegal" || strings.Join(me.Candidates, " ") != "c3:e5" {
		t.Errorf("g3-h4 with a capture pending: %v", err)
	}
	// Syntax errors are MoveErrors without candidates.
	for _, s := range []string{"", "c3", "c3-c4", "c3-z9", "xx"} {
		_, err := draughts.ParseMove(&p, r, s)
		if !errors.As(err, &me) || me.Reason == "" || me.Reason == "illegal" || me.Reason == "ambiguous" {
			t.Errorf("%q: want a syntax MoveError, got %v", s, err)
		}
	}
}

// TestAmbiguousMove: two captures with the same start and end but different
// captured pieces (pydraughts test_ambiguous_moves case 2, in
// testdata/movegen-cases.tsv). The short form is ambiguous; MoveString
// writes the full path and the full path parses back.
func TestAmbiguousMove(t *testing.T) {
	r := draughts.Russian
	p, err := draughts.ParseFEN(r, "W:WKd2:Bf6,c5,e5,e3")
	if err != nil {
		t.Fatal(err)
	}
	for _, short := range []string{"d2:b4", "d2xb4", "d2:a3"} {
		_, err := draughts.ParseMove(&p, r, short)
		var me *draughts.MoveError
		if !errors.As(err, &me) || me.Reason != "ambiguous" || len(me.Candidates) != 2 {
			t.Errorf("%s: want ambiguous with 2 candidates, got %v", short, err)
			continue
		}
		for _, c := range me.Candidates {
			if strings.Count(c, ":") != 3 {
				t.Errorf("%s: candidate %q is not a full path", short, c)
			}
		}
	}
	legal := draughts.LegalMoves(&p, r)
	got := strings.Join(draughts.MoveStrings(&p, r, legal), " ")
	if want := "d2:f4:d6:a3 d2:f4:d6:b4 d2:g5:e7:a3 d2:g5:e7:b4"; got != want {
		t.Errorf("notation %q, want %q", got, want)
	}
	for _, m := range legal {
		s := draughts.MoveString(&p, r, m)
		back, err := draughts.ParseMove(&p, r, s)
		if err != nil || back != m {
			t.Errorf("%s parses back to %v (%v)", s, back, err)
		}
	}
	// A partial path that picks one of them is enough.
	if m, err := draughts.ParseMove(&p, r, "d2:g5:b4"); err != nil || draughts.MoveString(&p, r, m) != "d2:g5:e7:b4" {
		t.Errorf("d2:g5:b4: %v", err)
	}

	// A circuit on 10x10 (dctl/FMJD case, movegen-cases.tsv): the king can
	// go round either way; both routes end on 38 with the same pieces taken,
	// so they are one move, written short, and either full path names it.
	ri := draughts.International
	q, err := draughts.ParseFEN(ri, "W:WK38:B18,19,32,33")
	if err != nil {
		t.Fatal(err)
	}
	m1, err1 := draughts.ParseMove(&q, ri, "38x27x13x24x38")
	m2, err2 := draughts.ParseMove(&q, ri, "38x24x13x27x38")
	m3, err3 := draughts.ParseMove(&q, ri, "38x38")
	if err1 != nil || err2 != nil || err3 != nil || m1 != m2 || m1 != m3 {
		t.Errorf("circuit: %v %v %v / %v %v %v", m1, m2, m3, err1, err2, err3)
	}
	if s := draughts.MoveString(&q, ri, m1); s != "38x38" {
		t.Errorf("circuit written %q, want 38x38", s)
	}
	if n := len(draughts.Paths(&q, ri, m1)); n != 2 {
		t.Errorf("circuit has %d paths, want 2", n)
	}
}

func TestMoveLess(t *testing.T) {
	in := []string{"50-11", "50-6", "3-12", "3-8", "a5-b6", "a5-b4", "32x21", "32x3"}
	want := []string{"3-8", "3-12", "32x3", "32x21", "50-6", "50-11", "a5-b4", "a5-b6"}
	sort.SliceStable(in, func(i, j int) bool { return draughts.MoveLess(in[i], in[j]) })
	if strings.Join(in, " ") != strings.Join(want, " ") {
		t.Fatalf("%v, want %v", in, want)
	}
}

// A position that breaks two invariants names both on one line: the
// message is a FEN reader's error and the evidence of [legal], each
// written as one line of a report.
func TestValidOneLine(t *testing.T) {
	_, err := draughts.ParseFEN(draughts.Russian, "W:Wh8,a3:Ba1")
	if err == nil {
		t.Fatal("ParseFEN accepted men on their promotion rows")
	}
	msg := err.Error()
	if strings.Contains(msg, "\n") {
		t.Errorf("message spans lines: %q", msg)
	}
	if want := "white man on its promotion row at h8; black man on its promotion row at a1"; !strings.Contains(msg, want) {
		t.Errorf("message %q does not say %q", msg, want)
	}
}
