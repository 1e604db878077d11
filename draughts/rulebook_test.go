package draughts_test

// Worked capture examples from the rule texts in ../shared/seeds (Russian):
//
//	001 = 001_367c36f38bc67efc.txt, the current rules (6.1.5, 6.1.6, VII);
//	000 = 000_94b3376d9db62a63.txt, the older text ("Примеры, поясняющие
//	      некоторые правила взятия" and §2.4 for 100 squares).
//
// The figures of both texts are images and are lost. The text layer of 001
// keeps each 8x8 diagram as a table whose empty cells are no-break spaces,
// so it still tells how many pieces stand on each rank (checked on figure 3,
// the initial position: 4,4,4,0,0,4,4,4). Where a position is not spelled out
// in the text, each test builds the smallest position in which every claim
// of the text holds, says which pieces are named by the text and which are
// implied by its claims, and compares with those rank counts. The side to
// move is the one whose capture the text describes.
//
// Every test asserts the exact set of legal moves; moves are written as in
// the text (":" on both boards, full paths where the text gives them).

import (
	"errors"
	"sort"
	"strings"
	"testing"

	"draughtsjudge/draughts"
)

// mustFEN parses fen under r or stops the test.
func mustFEN(t *testing.T, r *draughts.Rules, fen string) draughts.Position {
	t.Helper()
	p, err := draughts.ParseFEN(r, fen)
	if err != nil {
		t.Fatalf("%s: %v", r, err)
	}
	return p
}

// squareSet returns the squares named (algebraic or numeric) as a set.
func squareSet(t *testing.T, r *draughts.Rules, names ...string) draughts.Bitboard {
	t.Helper()
	var b draughts.Bitboard
	for _, n := range names {
		sq, err := r.Board.ParseSquare(n)
		if err != nil {
			t.Fatalf("square %q: %v", n, err)
		}
		b |= draughts.Bit(sq)
	}
	return b
}

// splitPath reads "a5:e1:g3:e5" or "47x24x8" into squares.
func splitPath(t *testing.T, r *draughts.Rules, text string) []draughts.Square {
	t.Helper()
	var out []draughts.Square
	for _, f := range strings.FieldsFunc(text, func(c rune) bool { return c == ':' || c == 'x' || c == '-' }) {
		sq, err := r.Board.ParseSquare(f)
		if err != nil {
			t.Fatalf("path %q: %v", text, err)
		}
		out = append(out, sq)
	}
	return out
}

func pathString(r *draughts.Rules, path []draughts.Square) string {
	names := make([]string, len(path))
	for i, s := range path {
		names[i] = r.Board.Name(s)
	}
	return strings.Join(names, ":")
}

// wantLegal asserts that the legal moves of p are exactly the moves the
// texts name (several texts may name the same move, e.g. two paths to the
// same position). A text with more than two squares is a full path: it must
// be one of the move's paths exactly. It returns the move of each text.
func wantLegal(t *testing.T, p *draughts.Position, r *draughts.Rules, texts ...string) map[string]draughts.Move {
	t.Helper()
	legal := draughts.LegalMoves(p, r)
	got := map[string]draughts.Move{}
	named := map[draughts.Move]bool{}
	for _, text := range texts {
		m, err := draughts.ParseMove(p, r, text)
		if err != nil {
			t.Errorf("%s: %v", text, err)
			continue
		}
		got[text] = m
		named[m] = true
		want := splitPath(t, r, text)
		if len(want) <= 2 {
			continue
		}
		found := false
		var have []string
		for _, path := range draughts.Paths(p, r, m) {
			have = append(have, pathString(r, path))
			if pathString(r, path) == pathString(r, want) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: not a path of the move; its paths: %v", text, have)
		}
	}
	if len(named) != len(legal) {
		t.Errorf("%s: legal moves %v, the text allows only %v",
			draughts.FEN(p, r), draughts.MoveStrings(p, r, legal), texts)
	}
	return got
}

// wantIllegal asserts that each text is rejected as an illegal move.
func wantIllegal(t *testing.T, p *draughts.Position, r *draughts.Rules, texts ...string) {
	t.Helper()
	for _, text := range texts {
		m, err := draughts.ParseMove(p, r, text)
		var me *draughts.MoveError
		switch {
		case err == nil:
			t.Errorf("%s: accepted as %s, the text forbids it", text, draughts.MoveString(p, r, m))
		case !errors.As(err, &me) || me.Reason != "illegal":
			t.Errorf("%s: want an illegal-move error, got %v", text, err)
		}
	}
}

// wantCapture asserts the captured pieces and the promotion flag of m.
func wantCapture(t *testing.T, r *draughts.Rules, m draughts.Move, promote bool, captured ...string) {
	t.Helper()
	if want := squareSet(t, r, captured...); m.Captured != want {
		var got []string
		for _, s := range m.Captured.Squares() {
			got = append(got, r.Board.Name(s))
		}
		sort.Strings(got)
		t.Errorf("captured %v, want %v", got, captured)
	}
	if m.Promote != promote {
		t.Errorf("promote = %v, want %v", m.Promote, promote)
	}
}

// withSide returns p with the side to move set to s: "on its next move",
// when the rule text speaks of what a piece may do once its turn comes again.
func withSide(p draughts.Position, s draughts.Side) draughts.Position {
	return draughts.NewPosition(p.Pieces[draughts.White], p.Pieces[draughts.Black], p.Kings, s)
}

// TestRulebookFig4TurkishStrike: 001 clause 6.1.5.17, figure 4 (001:155-166);
// the same example is 000 "Пример 1", diagram 5 (000:281-287).
//
//	"With Black to move (figure 4) Black must capture with the king thus:
//	a5:e1:g3:e5 (the king cannot take the white man on d4, because c3, like
//	f2 and f4, is removed from the board only when the move ends), after
//	which White plays d4:d8 (6.1.5.12)."
//
// Incomplete: the text names Ka5 and the white men c3, d4, f2, f4. The claims
// imply more: e7 (d4:d8 is d4:f6:d8 over e5 and e7; f6 must be empty), a
// piece on e3 (otherwise the king could also stop on d2 and go on over f4 to
// g5 or h6, and "must ... a5:e1" would be false; g5 cannot be the blocker,
// rank 5 holds only a5), a black piece on d6 (otherwise the king could also
// end on d6, c7 or b8). e3 is white (a black man there would capture d4 or
// f2). Rank counts of figure 4 (8..1): 0,1,2,1,3,2,1,1; ours 0,1,1,1,2,2,1,0:
// one piece each on ranks 6, 4 and 1 is unknown and left out (not b4, which
// would shield c3; not e1, the king lands there).
func TestRulebookFig4TurkishStrike(t *testing.T) {
	r := draughts.Russian
	p := mustFEN(t, r, "B:Wc3,d4,e3,f2,f4:BKa5,d6,e7")
	m := wantLegal(t, &p, r, "a5:e1:g3:e5")["a5:e1:g3:e5"]
	wantCapture(t, r, m, false, "c3", "f2", "f4")
	// Not d4: jumping it would need c3, still on the board, to be empty;
	// not stopping early; not stopping on d2 (6.1.5.6).
	wantIllegal(t, &p, r, "a5:e1:g3:e5:c3", "a5:e1:g3:e5:b2", "a5:e1:g3:e5:a1",
		"a5:d2", "a5:e1", "a5:g3", "a5:d2:g5", "a5:d6", "a5:b8")

	q := p.Play(m)
	reply := wantLegal(t, &q, r, "d4:d8")["d4:d8"]
	wantLegal(t, &q, r, "d4:f6:d8")
	wantCapture(t, r, reply, true, "e5", "e7")
}

// TestRulebookFig5KingStopsOnD4: 001 clause 6.1.5.17, figure 5 (001:170-175);
// 000 "Пример 2", diagram 6 (000:289-296).
//
//	"In the position of figure 5 White, to move, must capture with the king
//	thus: e1:a5:d8:f6:d4. On d4 the king must stop, because it may not jump
//	c3 a second time, nor jump c5 (6.1.5.9 and 6.1.5.12)."
//
// Incomplete: the path names Ke1 and implies black c3, b6, e7, e5; c5 is
// named. c5 cannot be jumped from d4 because b6 behind it, already taken,
// is still on the board. d6 is implied: without it the king could stop on
// c7 and go on c7:f4 over e5 (rank 4 is empty in the figure, so f4 cannot
// be the blocker). Rank counts of figure 5 (8..1): 0,1,2,2,0,1,1,1; ours
// 0,1,2,2,0,1,0,1: the piece on rank 2 is unknown and left out (it is not
// on d2, and not a black man on f2, which the king could take from d4).
func TestRulebookFig5KingStopsOnD4(t *testing.T) {
	r := draughts.Russian
	p := mustFEN(t, r, "W:WKe1:Bc3,b6,d6,c5,e5,e7")
	m := wantLegal(t, &p, r, "e1:a5:d8:f6:d4")["e1:a5:d8:f6:d4"]
	wantCapture(t, r, m, false, "c3", "b6", "e7", "e5")
	// c3 a second time (to b2 or a1); c5 as if b6 had gone (to b6 or a7);
	// stopping on b4, c7 or elsewhere after fewer pieces.
	wantIllegal(t, &p, r, "e1:a5:d8:f6:d4:b2", "e1:a5:d8:f6:d4:a1", "e1:a5:d8:f6:d4:a7",
		"e1:b4", "e1:a5", "e1:a5:c7", "e1:a5:d8", "e1:a5:d8:g5", "e1:a5:d8:h4", "e1:c3")
}

// TestRulebookFig6ManPromotesAndStopsOnC3: 001 clause 6.1.5.17, figure 6
// (001:179-189); 000 "Пример 3", diagram 7 (000:298-304).
//
//	"In figure 6 White's last move was c3-d4; in reply Black must capture
//	with the man on a5, for example a5:c3:e1:g3:e5:c3. On c3 the black man,
//	having become a king, must stop, because it may not jump b4 or d2 a
//	second time. If Black captures by the other route, a5:c3:e5:g3:e1:c3,
//	the piece again must stop on c3. White answers b2:d4:b6:d8:f6:h8
//	(6.1.5.9)."
//
// Incomplete: the paths name black a5 and white b4, d2, f2, f4, d4, b2; the
// reply implies black c5, c7, e7, g7. Implied too: a1 occupied (else the new
// king on c3 would go on over b2 to a1; the text names only b4 and d2 as
// the reasons to stop), and a3 and e3 occupied (else the black man c5 could
// capture b4 or d4 and "must capture with a5" would be false): all three
// white. Rank counts of figure 6 (8..1): 2,3,2,2,4,2,3,2; ours
// 0,3,0,2,3,2,3,1 (rank 3: a3 and e3 exactly, c3 just emptied and g3 a
// landing square). Two pieces on rank 8, two on rank 6, one on rank 4 (h4)
// and one on rank 1 are unknown and left out.
func TestRulebookFig6ManPromotesAndStopsOnC3(t *testing.T) {
	r := draughts.Russian
	p := mustFEN(t, r, "B:Wa1,a3,b2,b4,d2,d4,e3,f2,f4:Ba5,c5,c7,e7,g7")
	ms := wantLegal(t, &p, r, "a5:c3:e1:g3:e5:c3", "a5:c3:e5:g3:e1:c3", "a5:c3")
	m := ms["a5:c3"]
	if ms["a5:c3:e1:g3:e5:c3"] != m || ms["a5:c3:e5:g3:e1:c3"] != m {
		t.Errorf("the two routes are different moves: %v", ms)
	}
	if n := len(draughts.Paths(&p, r, m)); n != 2 {
		t.Errorf("%d paths, want the text's two routes", n)
	}
	// Promoted on e1 during the capture, it continues as a king (6.1.5.15).
	wantCapture(t, r, m, true, "b4", "d2", "f2", "f4", "d4")
	// b4 or d2 a second time; the other black men may not capture.
	wantIllegal(t, &p, r, "a5:c3:e1:g3:e5:c3:a5", "a5:c3:e1:g3:e5:c3:e1",
		"a5:c3:e5:g3:e1:c3:a5", "a5:e1", "a5:e5", "c5:a3", "c5:e3")

	q := p.Play(m)
	reply := wantLegal(t, &q, r, "b2:d4:b6:d8:f6:h8")["b2:d4:b6:d8:f6:h8"]
	wantCapture(t, r, reply, true, "c3", "c5", "c7", "e7", "g7")
}

// TestRulebookFig8ThreeCaptureDirections: 001 clause 6.1.6.2, figure 8
// (001:221-233).
//
//	"In the position of figure 8 three directions of capture are possible,
//	written thus: 1. d2:h6:f8:c5:a7 2. d2:g5:e7:c5:a7 3. d2:g5:d8:a5."
//
// The position is not in the text but the paths determine it: white king
// d2; black f4 (d2:h6, d2:g5), g7 (h6:f8), d6 (f8:c5 and e7:c5; e7 is a
// landing square), b6 (c5:a7), f6 (g5:e7, g5:d8), and c7 empty (d8:a5 jumps
// b6). Rank counts of figure 8 (8..1): 0,1,3,0,1,0,1,0 — exactly these six
// pieces. Moves 1 and 2 share start and end, so they are written in full;
// move 3 is unambiguous.
func TestRulebookFig8ThreeCaptureDirections(t *testing.T) {
	r := draughts.Russian
	p := mustFEN(t, r, "W:WKd2:Bb6,d6,f4,f6,g7")
	ms := wantLegal(t, &p, r, "d2:h6:f8:c5:a7", "d2:g5:e7:c5:a7", "d2:g5:d8:a5")
	wantCapture(t, r, ms["d2:h6:f8:c5:a7"], false, "f4", "g7", "d6", "b6")
	wantCapture(t, r, ms["d2:g5:e7:c5:a7"], false, "f4", "f6", "d6", "b6")
	wantCapture(t, r, ms["d2:g5:d8:a5"], false, "f4", "f6", "b6")
	legal := draughts.LegalMoves(&p, r)
	got := strings.Join(draughts.MoveStrings(&p, r, legal), " ")
	if want := "d2:a5 d2:g5:e7:c5:a7 d2:h6:f8:c5:a7"; got != want {
		t.Errorf("notation %q, want %q", got, want)
	}
	wantAmbiguous(t, &p, r, "d2:a7", "d2:g5:e7:c5:a7", "d2:h6:f8:c5:a7")
}

// TestRulebookNotationTwoDirections: 000 notation section (000:258-261).
//
//	"For example, given the position: black men b6, c7, d6, f4, f6, g7 and a
//	white king on d2. Two directions of capture are possible here:
//	1. d2:h6:f8:c5:a7; 2. d2:g5:e7:c5:a7."
//
// Complete position. (With c7 occupied, 001's third direction d2:g5:d8:a5
// is gone.)
func TestRulebookNotationTwoDirections(t *testing.T) {
	r := draughts.Russian
	p := mustFEN(t, r, "W:WKd2:Bb6,c7,d6,f4,f6,g7")
	wantLegal(t, &p, r, "d2:h6:f8:c5:a7", "d2:g5:e7:c5:a7")
	wantIllegal(t, &p, r, "d2:g5:d8:a5", "d2:a5")
	wantAmbiguous(t, &p, r, "d2:a7", "d2:g5:e7:c5:a7", "d2:h6:f8:c5:a7")
}

// wantAmbiguous asserts that text is rejected as ambiguous with exactly the
// candidates given.
func wantAmbiguous(t *testing.T, p *draughts.Position, r *draughts.Rules, text string, candidates ...string) {
	t.Helper()
	_, err := draughts.ParseMove(p, r, text)
	var me *draughts.MoveError
	if !errors.As(err, &me) || me.Reason != "ambiguous" {
		t.Fatalf("%s: want an ambiguous-move error, got %v", text, err)
	}
	if got, want := strings.Join(me.Candidates, " "), strings.Join(candidates, " "); got != want {
		t.Errorf("%s: candidates %q, want %q", text, got, want)
	}
}

// replay plays the moves from the initial position, checking each against
// the legal moves, and returns the final position.
func replay(t *testing.T, r *draughts.Rules, moves ...string) (draughts.Position, []draughts.Move) {
	t.Helper()
	p := draughts.Start(r)
	var played []draughts.Move
	for i, s := range moves {
		m, err := draughts.ParseMove(&p, r, s)
		if err != nil {
			t.Fatalf("half-move %d %s: %v", i+1, s, err)
		}
		played = append(played, m)
		p = p.Play(m)
	}
	return p, played
}

// TestRulebookGameRecordRussian: 001 clause 6.1.6.2, sample game record
// (001:242-256).
//
//	"1. e3-d4 d6-c5 2. f2-e3 f6-g5 3. c3-b4 g5-h4 4. b4:d6 h4:f2 5. e1:g3
//	c7:h4. White resigned."
//
// Black's last move is c7:e5:c3:e1:h4: the man becomes a king on e1 and
// takes g3 as a king in the same move (6.1.5.15).
func TestRulebookGameRecordRussian(t *testing.T) {
	r := draughts.Russian
	p, played := replay(t, r, "e3-d4", "d6-c5", "f2-e3", "f6-g5", "c3-b4", "g5-h4",
		"b4:d6", "h4:f2", "e1:g3", "c7:h4")
	wantCapture(t, r, played[9], true, "d6", "d4", "d2", "g3")
	if got, want := draughts.FEN(&p, r), "W:Wa3,e3,b2,h2,a1,c1,g1:Bb8,d8,f8,h8,a7,e7,g7,b6,h6,Kh4"; got != want {
		t.Errorf("final position %s, want %s", got, want)
	}
}

// TestRulebookFig12TwoKingCaptures: 001 clause 7.3, figure 12 (001:413-423),
// and the same example in 000 §2.3, diagram 10 (000:379-385).
//
//	001: "In the position of figure 12 two captures are possible, written
//	thus: 1. 47:24:8:17:6 2. 47:24:35:44:6."
//	000: "For example, given the position: black men 11, 12, 13, 29, 30, 40;
//	white king 42 (diagram 10). Two directions of capture are possible:
//	1. 42:24:8:17:6 or 2. 42:24:35:44:6."
//
// 000 gives the position; 001 gives only the paths, from 47, which is on
// the same diagonal one step behind 42: we take 000's black men with the
// king on 47. Both captures take four pieces (7.4.1 keeps both) and share
// start and end, so the notation is the full path.
func TestRulebookFig12TwoKingCaptures(t *testing.T) {
	r := draughts.International
	for _, k := range []string{"47", "42"} {
		t.Run("K"+k, func(t *testing.T) {
			p := mustFEN(t, r, "W:WK"+k+":B11,12,13,29,30,40")
			a, b := k+":24:8:17:6", k+":24:35:44:6"
			ms := wantLegal(t, &p, r, a, b)
			wantCapture(t, r, ms[a], false, "29", "13", "12", "11")
			wantCapture(t, r, ms[b], false, "29", "30", "40", "11")
			wantAmbiguous(t, &p, r, k+":6", k+"x24x35x44x6", k+"x24x8x17x6")
		})
	}
}

// TestRulebookGameRecordInternational: 001 clause 7.3, sample game record
// (001:428-440); the same in 000 (000:388-398).
//
//	"1. 32-28 18-23 2. 37-32 23-29 3. 34:23 17-22 4. 28:17 19:26. White
//	resigned."
//
// 19:26 is 19:28:37:26, three pieces.
func TestRulebookGameRecordInternational(t *testing.T) {
	r := draughts.International
	_, played := replay(t, r, "32-28", "18-23", "37-32", "23-29", "34:23", "17-22", "28:17", "19:26")
	wantCapture(t, r, played[7], false, "23", "32", "31")
}

// TestRulebookFig13MajorityManNotKing: 001 clause 7.4.1, figure 13
// (001:446-455); 000 §2.4.2, diagram 15 (000:445).
//
//	001: "In the example of figure 13 the king on 10 may not take one piece,
//	landing on 46. The man 36 must capture, landing on 29, taking three
//	pieces and remaining a man (7.4.2.1)."
//	000: "In the example of diagram 15, Black to move, the man 36 must
//	capture, landing on 29 and taking three pieces, not the king 14 (landing)
//	on 46."
//
// Incomplete: Black to move (000 says so). Three captures from 36 ending on
// 29 that pass the last row (the reason 7.4.2.1 is cited) have one route,
// 36:47:38:29, over white 41, 42 and 33; 41 is also the one piece the king
// takes with 46 as its only landing square. The king stands on 10 in 001
// and on 14 in 000, the same diagonal.
func TestRulebookFig13MajorityManNotKing(t *testing.T) {
	r := draughts.International
	for _, k := range []string{"10", "14"} {
		t.Run("K"+k, func(t *testing.T) {
			p := mustFEN(t, r, "B:W33,41,42:B36,K"+k)
			ms := wantLegal(t, &p, r, "36:29", "36:47:38:29")
			wantCapture(t, r, ms["36:29"], false, "41", "42", "33")
			wantIllegal(t, &p, r, k+":46", "36:47")
			// Without the majority rule the king's single capture is legal.
			wantLegal(t, &p, freeChoice(r), "36:29", k+":46")
		})
	}
}

// freeChoice returns a copy of r without the majority rule (6.1.5.14).
func freeChoice(r *draughts.Rules) *draughts.Rules {
	f := *r
	f.ID += "-free-choice"
	f.Majority = false
	return &f
}

// TestRulebookFig14ManOrKingMustTakeThree: 001 clause 7.4.1, figure 14
// (001:459-464); 000 §2.4.1, diagram 11 (000:415).
//
//	"In the example of figure 14 White may capture with the man or with the
//	king, but in both cases must take the greater number, i.e. three pieces
//	each (the king and two men)."
//
// Incomplete: only the material idea is given. Minimal position: the white
// man 32 takes the black king 27 and the men 17 and 8 (32:21:12:3) or only
// the man 28; the white king 36 takes the king 27 and the men 28 and 39
// (landing on 44 or 50) or two pieces in several ways.
func TestRulebookFig14ManOrKingMustTakeThree(t *testing.T) {
	r := draughts.International
	p := mustFEN(t, r, "W:W32,K36:BK27,8,17,28,39")
	ms := wantLegal(t, &p, r, "32:21:12:3", "36:22:33:44", "36:22:33:50")
	wantCapture(t, r, ms["32:21:12:3"], true, "27", "17", "8")
	wantCapture(t, r, ms["36:22:33:44"], false, "27", "28", "39")
	wantIllegal(t, &p, r, "32:23", "36:11", "36:6", "36:2", "36:33")
	// The fewer-piece captures exist: only the majority rule excludes them.
	free := freeChoice(r)
	for _, s := range []string{"32:23", "36:11", "36:2"} {
		if _, err := draughts.ParseMove(&p, free, s); err != nil {
			t.Errorf("free choice: %s: %v", s, err)
		}
	}
}

// TestRulebookDiagram12QualityIrrelevant: 000 §2.4.1, diagram 12
// (000:416-422).
//
//	"If there is a choice between capturing with a king or a man, either may
//	be used, observing here too the rule of taking the greatest number
//	regardless of quality (diagram 12). In this example the white man may
//	capture in either direction regardless of the quality of the pieces
//	taken, i.e. it may take either two kings or two men."
//
// Incomplete: minimal position with a white man 32 between two black kings
// (27, 17) and two black men (28, 19).
func TestRulebookDiagram12QualityIrrelevant(t *testing.T) {
	r := draughts.International
	p := mustFEN(t, r, "W:W32:BK17,K27,19,28")
	ms := wantLegal(t, &p, r, "32:21:12", "32:23:14")
	wantCapture(t, r, ms["32:21:12"], false, "27", "17")
	wantCapture(t, r, ms["32:23:14"], false, "28", "19")
}

// TestRulebookFig15ManPassesLastRow: 001 clauses 7.4.1/7.4.2.1, figure 15
// (001:468-481); 000 §2.4.2, diagram 13 (000:426-432).
//
//	7.4.2.1: "If a man reaches a square of the last row during a capture and
//	has to continue capturing as a man, it continues in the same move and
//	remains a man."
//	"In the example of figure 15 the man 35 remains a man after the capture
//	35:11."
//
// Incomplete: four captures take 35 to 11 (net four rows up, eight columns
// left); passing the last row means the route 35:24:13:2:11 over 30, 19, 8
// and 7.
func TestRulebookFig15ManPassesLastRow(t *testing.T) {
	r := draughts.International
	p := mustFEN(t, r, "W:W35:B7,8,19,30")
	ms := wantLegal(t, &p, r, "35:11", "35:24:13:2:11")
	wantCapture(t, r, ms["35:11"], false, "30", "19", "8", "7")
	q := p.Play(ms["35:11"])
	if q.Kings != 0 {
		t.Errorf("after 35:11 there is a king: %s", draughts.FEN(&q, r))
	}
	wantIllegal(t, &p, r, "35:2", "35:24:13:2")
}

// TestRulebookFig16ManStopsAndPromotes: 001 clause 7.4.2.2, figure 16
// (001:483-489); 000 §2.4.2, diagram 14 (000:433-439).
//
//	7.4.2.2: "If a man reaches a square of the last row during a capture and
//	could capture further only by the rules of a king, it becomes a king,
//	stopping on the last row. It gains the right to capture as a king only
//	from its next move."
//	"In the example of figure 16 the white man, after taking three black
//	men, becomes a king on the promotion square. It may take the remaining
//	pieces only on its next move, if that capture is still possible."
//
// Incomplete: minimal position: 35:24:13:2 over 30, 19, 8; from 2 a king
// (not a man) could go on over 11 and then 27.
func TestRulebookFig16ManStopsAndPromotes(t *testing.T) {
	r := draughts.International
	p := mustFEN(t, r, "W:W35:B8,11,19,27,30")
	ms := wantLegal(t, &p, r, "35:2", "35:24:13:2")
	wantCapture(t, r, ms["35:2"], true, "30", "19", "8")
	// Going on as a king (over 11, then 27) is the Russian rule, not this one.
	wantIllegal(t, &p, r, "35:16", "35:32", "35:38")
	// Next move, the new king takes the rest.
	q := withSide(p.Play(ms["35:2"]), draughts.White)
	next := wantLegal(t, &q, r, "2:16:32", "2:16:38", "2:16:43", "2:16:49")
	wantCapture(t, r, next["2:16:32"], false, "11", "27")
}

// TestRulebookClause61514FreeChoice: 001 clause 6.1.5.14 (001:149) against
// 7.4.1 (001:446) on 64 squares (6.2.3, 001:354-356: shashki-64 may use the
// 7.4 capture rules = Brazilian). No worked example in the text; minimal
// position.
//
//	6.1.5.14: "When a king or a man can capture in two or more directions,
//	the choice, regardless of the number or quality of the pieces taken,
//	belongs to the capturing player."
func TestRulebookClause61514FreeChoice(t *testing.T) {
	p := mustFEN(t, draughts.Russian, "W:We3:Bd4,f4,f6")
	wantLegal(t, &p, draughts.Russian, "e3:c5", "e3:g5:e7")
	wantLegal(t, &p, draughts.Brazilian, "e3:g5:e7")
}

// TestRulebookClause61515PromotionDuringCapture: 001 clause 6.1.5.15
// (001:151) against 7.4.2.1/7.4.2.2 (001:481-483) on 64 squares. No worked
// example in the text; the 8x8 counterparts of figures 15 and 16.
//
//	6.1.5.15: "If a man reaches the last row during a capture and can capture
//	further, it must continue in the same move, but now as a king."
func TestRulebookClause61515PromotionDuringCapture(t *testing.T) {
	ru, br := draughts.Russian, draughts.Brazilian
	// Figure 15 on 64 squares: a man can go on as a man.
	p := mustFEN(t, ru, "W:Wb6:Bc7,e7")
	for _, m := range wantLegal(t, &p, ru, "b6:d8:f6", "b6:d8:g5", "b6:d8:h4") {
		wantCapture(t, ru, m, true, "c7", "e7")
	}
	wantCapture(t, br, wantLegal(t, &p, br, "b6:d8:f6")["b6:d8:f6"], false, "c7", "e7")
	// Figure 16 on 64 squares: only a king could go on.
	p = mustFEN(t, ru, "W:Wb6:Bc7,f6")
	for _, m := range wantLegal(t, &p, ru, "b6:d8:g5", "b6:d8:h4") {
		wantCapture(t, ru, m, true, "c7", "f6")
	}
	wantCapture(t, br, wantLegal(t, &p, br, "b6:d8")["b6:d8"], true, "c7")
}

// TestRulebookClause61516QuietPromotion: 001 clause 6.1.5.16 (001:153). No
// worked example in the text; minimal position.
//
//	"If a man reaches the last row without capturing and could then capture,
//	it must capture (if the possibility remains) only on its next move, as
//	a king."
func TestRulebookClause61516QuietPromotion(t *testing.T) {
	r := draughts.Russian
	p := mustFEN(t, r, "W:Wc7:Bf6")
	ms := wantLegal(t, &p, r, "c7-b8", "c7-d8")
	m := ms["c7-d8"]
	if !m.Promote || m.IsCapture() {
		t.Fatalf("c7-d8: promote %v, capture %v; want a quiet promotion", m.Promote, m.IsCapture())
	}
	q := withSide(p.Play(m), draughts.White)
	wantLegal(t, &q, r, "d8:g5", "d8:h4")
}
