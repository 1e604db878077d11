package draughts_test

import (
	"errors"
	"testing"

	"draughtsjudge/draughts"
)

// fuzzRules picks a game system by index (any int).
func fuzzRules(i int) *draughts.Rules {
	all := draughts.AllRules()
	i %= len(all)
	if i < 0 {
		i += len(all)
	}
	return all[i]
}

// FuzzParseFEN: ParseFEN never panics; what it accepts is a valid position
// that survives a round trip through FEN and FENNumeric; what it rejects
// comes with a message. Seed corpus: testdata/fuzz/FuzzParseFEN.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []struct {
		v   int
		fen string
	}{
		{0, "W:Wa1,c3,Kd4:Bh8,Ke5"},
		{0, "B:W21-32:B1-12"},
		{1, `"W:W29,22,K18:B4,K15."`},
		{2, "W:W31-50:B1-20"},
		{2, "B:W31-35,K46:B1,2:H0:F1"},
		{4, "W:WK38:B18,19,32,33"},
		{3, "W:W:B"},
		{0, "W:Wa2"},
	} {
		f.Add(s.v, s.fen)
	}
	f.Fuzz(func(t *testing.T, v int, fen string) {
		r := fuzzRules(v)
		p, err := draughts.ParseFEN(r, fen)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%s %q: empty error", r, fen)
			}
			return
		}
		if err := p.Valid(r); err != nil {
			t.Fatalf("%s %q: accepted an invalid position: %v", r, fen, err)
		}
		for _, out := range []string{draughts.FEN(&p, r), draughts.FENNumeric(&p, r)} {
			q, err := draughts.ParseFEN(r, out)
			if err != nil {
				t.Fatalf("%s %q: written as %q, which does not parse: %v", r, fen, out, err)
			}
			if q != p {
				t.Fatalf("%s %q: written as %q, which parses to %q", r, fen, out, draughts.FEN(&q, r))
			}
		}
	})
}

// FuzzParseMove: for a FEN valid under some game system, ParseMove never
// panics; an accepted move is legal and its MoveString parses back to it;
// a rejected one is a *MoveError with a reason. Every game system whose
// board the FEN fits is tried. Seed corpus: testdata/fuzz/FuzzParseMove.
func FuzzParseMove(f *testing.F) {
	for _, s := range [][2]string{
		{"W:Wa1,c3,Kd4:Bh8,Ke5", "d4:f6"},
		{"B:Wc3,d4,e3,f2,f4:BKa5,d6,e7", "a5:e1:g3:e5"},
		{"W:WKd2:Bb6,d6,f4,f6,g7", "d2:a7"},
		{"W:WKd2:Bf6,c5,e5,e3", "d2:g5:e7:b4"},
		{"W:WK38:B18,19,32,33", "38x27x13x24x38"},
		{"W:W31-50:B1-20", "32-28"},
		{"W:WK47:B11,12,13,29,30,40", "47:24:8:17:6"},
		{"W:W35:B7,8,19,30", "35x11!"},
		{"W:Wc3:Bd4", "c3-d4"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, fen, text string) {
		for _, r := range draughts.AllRules() {
			p, err := draughts.ParseFEN(r, fen)
			if err != nil {
				continue
			}
			// Every legal move is written so that it parses back, and
			// each of its full paths names it.
			for _, l := range draughts.LegalMoves(&p, r) {
				s := draughts.MoveString(&p, r, l)
				if back, err := draughts.ParseMove(&p, r, s); err != nil || back != l {
					t.Fatalf("%s %q: legal move written %q parses to %+v (%v)", r, fen, s, back, err)
				}
				paths := draughts.Paths(&p, r, l)
				if len(paths) == 0 {
					t.Fatalf("%s %q: move %q has no path", r, fen, s)
				}
				for _, path := range paths {
					full := pathText(r, path)
					if back, err := draughts.ParseMove(&p, r, full); err != nil || back != l {
						t.Fatalf("%s %q: path %q of %q parses to %+v (%v)", r, fen, full, s, back, err)
					}
				}
			}
			m, err := draughts.ParseMove(&p, r, text)
			if err != nil {
				var me *draughts.MoveError
				if !errors.As(err, &me) {
					t.Fatalf("%s %q %q: error %T is not a *MoveError: %v", r, fen, text, err, err)
				}
				if me.Reason == "" {
					t.Fatalf("%s %q %q: MoveError without a reason", r, fen, text)
				}
				continue
			}
			legal := false
			for _, l := range draughts.LegalMoves(&p, r) {
				if l == m {
					legal = true
				}
			}
			if !legal {
				t.Fatalf("%s %q %q: accepted a move that is not legal: %+v", r, fen, text, m)
			}
			s := draughts.MoveString(&p, r, m)
			back, err := draughts.ParseMove(&p, r, s)
			if err != nil || back != m {
				t.Fatalf("%s %q %q: written %q, which parses to %+v (%v)", r, fen, text, s, back, err)
			}
		}
	})
}

// pathText writes a path with the capture separator "x".
func pathText(r *draughts.Rules, path []draughts.Square) string {
	s := ""
	for i, sq := range path {
		if i > 0 {
			s += "x"
		}
		s += r.Board.Name(sq)
	}
	return s
}
