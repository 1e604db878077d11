package tablebase

import (
	"context"
	"testing"

	"draughtsjudge/draughts"
)

func probeFEN(t *testing.T, e *Endgames, fen string) Value {
	t.Helper()
	p, err := draughts.ParseFEN(e.Rules(), fen)
	if err != nil {
		t.Fatal(err)
	}
	v, ok := e.Probe(&p)
	if !ok {
		t.Fatalf("%s: not in the built slices", fen)
	}
	return v
}

func ensure(t *testing.T, r *draughts.Rules, ms ...string) *Endgames {
	t.Helper()
	s, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	var mats []Material
	for _, a := range ms {
		m, err := ParseMaterial(a)
		if err != nil {
			t.Fatal(err)
		}
		mats = append(mats, m)
	}
	if err := s.EnsureSlices(context.Background(), r, mats...); err != nil {
		t.Fatal(err)
	}
	return s.Endgames(r)
}

// TestKnownRussianThreeKings checks three kings against one in Russian
// draughts.
//
// Sources: the Russian rules (../shared/seeds/001, 6.1.8.3 and 6.1.8.5): three
// kings holding the main road (a1–h8) against a lone king must capture it by
// their 15th move, while against a lone king standing on the main road the
// game is drawn after 5 moves, i.e. theory holds it a draw; Wikipedia
// "Треугольник Петрова" (https://ru.wikipedia.org/wiki/Треугольник_Петрова):
// three kings holding the main road catch a lone king no later than the
// 13th move, Petrov's own position being white kings a1, c1, e1 against a
// black king on f8.
func TestKnownRussianThreeKings(t *testing.T) {
	e := ensure(t, draughts.Russian, "3K-1K")
	// Petrov's position: a win within 13 moves.
	if v := probeFEN(t, e, "W:WKa1,Kc1,Ke1:BKf8"); v.WDL != Win || v.Moves() > 13 {
		t.Errorf("Petrov's position: %v, want a win within 13 moves", v)
	}
	// The lone king on the main road, the three kings off it: a draw
	// whoever moves.
	for _, fen := range []string{"W:WKa3,Kc1,Ke1:BKd4", "B:WKa3,Kc1,Ke1:BKd4", "W:WKh2,Kh4,Kf2:BKc3"} {
		if v := probeFEN(t, e, fen); v.WDL != Draw {
			t.Errorf("%s: %v, want a draw (lone king on the main road)", fen, v)
		}
	}
	// Every position where a white king holds the main road, the black
	// king is off it, White is to move and nobody can capture is a win
	// within 15 moves (6.1.8.3), and within 13 (Petrov's triangle).
	b := draughts.Russian.Board
	var road draughts.Bitboard
	for i := 0; i < 8; i++ {
		road |= draughts.Bit(b.FromRowCol(7-i, i))
	}
	m, _ := ParseMaterial("3K-1K")
	x := newIndexer(b, m)
	longest, n := 0, 0
	for i := uint64(0); i < x.n; i++ {
		p, _ := x.position(i, draughts.White)
		if p.Pieces[draughts.White]&road == 0 || p.Pieces[draughts.Black]&road != 0 {
			continue
		}
		q := p
		q.Side = draughts.Black
		if draughts.HasCapture(&p, e.r) || draughts.HasCapture(&q, e.r) {
			continue
		}
		v, _ := e.Probe(&p)
		if v.WDL != Win {
			t.Fatalf("%s: %v, want a win", draughts.FEN(&p, e.r), v)
		}
		longest = max(longest, v.Moves())
		n++
	}
	t.Logf("3K-1K, White holding the main road, no capture: %d positions, all won, longest %d moves", n, longest)
	if longest > 13 {
		t.Errorf("longest win %d moves, Petrov's triangle wins within 13", longest)
	}
}

// TestKnownInternationalKings: one king against one king, and two kings
// against one, are draws in international draughts. Source: the FMJD-based
// rules digest in ../shared/seeds/001 (section on 100-square draughts, line
// "позиции с тремя дамками ... или одной дамкой против одной дамки не
// играются и сразу фиксируется ничья, кроме случая, когда ... игрок может
// продемонстрировать выигрыш").
func TestKnownInternationalKings(t *testing.T) {
	e := ensure(t, draughts.International, "2K-1K")
	for _, fen := range []string{"W:WK47:BK4", "B:WK47:BK4", "W:WK28:BK3", "W:WK47,K48:BK3", "B:WK32,K19:BK45"} {
		if v := probeFEN(t, e, fen); v.WDL != Draw {
			t.Errorf("%s: %v, want a draw", fen, v)
		}
	}
	// The exceptions the rule allows for: a king in the corner of the
	// main road must step onto it and is taken (46 has no other diagonal).
	for _, c := range []struct {
		fen string
		v   Value
	}{{"W:WK46:BK5", Value{Loss, 2}}, {"W:WK46:BK41", Value{Win, 1}}} {
		if v := probeFEN(t, e, c.fen); v != c.v {
			t.Errorf("%s: %v, want %v", c.fen, v, c.v)
		}
	}
}
