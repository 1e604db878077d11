package tablebase

import (
	"context"
	"testing"

	"draughtsjudge/draughts"
)

func probeFEN(t *testing.T, e *Endgames, fen string) Value {
	t.Helper()
	p := mustFEN(t, e.Rules(), fen)
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

// TestPublishedSliceSizes compares the number of positions of kings-only
// 8x8 slices with the table published by Mark VandeWettering, "Checker
// Endgames with only Kings" (brainwagon.org, 2007-05-05,
// http://brainwagon.org/2007/05/05/checker-endgames-with-only-kings/):
// placements of n white and m black kings on the 32 squares, per side to
// move. The 1K-1K and 2K-1K counts are checked in a built database too.
func TestPublishedSliceSizes(t *testing.T) {
	published := map[string]uint64{
		"1K-1K": 992, "2K-1K": 14880, "2K-2K": 215760, "3K-1K": 143840, "3K-2K": 2013760,
		"3K-3K": 18123840, "4K-1K": 1006880, "4K-2K": 13592880,
	}
	for a, want := range published {
		m, _ := ParseMaterial(a)
		if n := newIndexer(draughts.Russian.Board, m).n; n != want {
			t.Errorf("%s: %d positions, published %d", a, n, want)
		}
	}
	e := ensure(t, draughts.Russian, "2K-1K")
	for _, rec := range e.s.SliceRecords() {
		if want, ok := published[rec.Material]; ok && (rec.Positions[0] != want || rec.Positions[1] != want) {
			t.Errorf("%s: built %v positions, published %d per side to move", rec.Material, rec.Positions, want)
		}
	}
}

// TestBestMovesAndMaterial: the best moves keep the value, and material
// names round-trip.
func TestBestMovesAndMaterial(t *testing.T) {
	e := ensure(t, draughts.Russian, "3K-1K")
	p, _ := draughts.ParseFEN(draughts.Russian, "W:WKa1,Kc1,Ke1:BKf8")
	ms, v, ok := e.BestMoves(&p)
	if !ok || len(ms) == 0 || v.WDL != Win {
		t.Fatalf("BestMoves: %v %v %v", ms, v, ok)
	}
	for _, m := range ms {
		q := p.Play(m)
		if w, _ := e.Probe(&q); w.WDL != Loss || w.Plies != v.Plies-1 {
			t.Errorf("%s leads to %v, want a loss in %d", draughts.MoveString(&p, draughts.Russian, m), w, v.Plies-1)
		}
	}
	for _, a := range []string{"3K-1K", "1M1K-2M", "2M-0", "1M-1M1K"} {
		m, err := ParseMaterial(a)
		if err != nil || m.String() != a {
			t.Errorf("ParseMaterial(%q) = %v, %v", a, m, err)
		}
	}
	// Not built, or not an endgame position: ok is false.
	q, _ := draughts.ParseFEN(draughts.Russian, "W:Wa1,c1,e1:Bf8,h8")
	if _, ok := e.Probe(&q); ok {
		t.Error("probe of an unbuilt slice returned ok")
	}
}
