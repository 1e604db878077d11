package tablebase

import (
	"math/rand/v2"
	"testing"

	"draughtsjudge/draughts"
)

// TestPredecessors checks the propagation's predecessors against the rules
// engine on sampled positions of six-piece materials (no slice needs to be
// built: only the index is used). For each position and each side o whose
// king moved last, every square a king of o slides back to is either
// listed, with the rank of the position before the move (placements.rank
// of the kings moved back), or left out, and then o has a capture there
// (draughts.HasCapture): such a position is final (noPred) and no
// predecessor of a king move. Every tenth configuration has its kings
// listed as the build lists them (listKings), each sampled listing
// checked against the placement's rank.
func TestPredecessors(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 26))
	for _, tc := range []struct {
		r *draughts.Rules
		m string
	}{
		{draughts.Russian, "2M2K-1M1K"}, {draughts.Russian, "1M4K-1K"}, {draughts.Russian, "2M1K-1M2K"},
		{draughts.Russian, "3K-3K"}, {draughts.International, "2M2K-1M1K"}, {draughts.International, "1M3K-2K"},
		{draughts.RussianGiveaway, "1M2K-1M2K"},
	} {
		m, err := ParseMaterial(tc.m)
		if err != nil {
			t.Fatal(err)
		}
		b := tc.r.Board
		x := newIndexer(b, m)
		var si subIndex
		var ps predScratch
		listed, left := 0, 0
		for i := range 300 {
			mc := rng.Uint64N(x.menConfigs)
			if _, ok := x.advancement(mc); !ok {
				continue // the men overlap
			}
			si.set(x, b, mc)
			if i%10 == 0 {
				// The build's path: the kings listed (listKings), read
				// by predecessors instead of unranked.
				si.listKings()
			}
			for range 40 {
				r := rng.Uint64N(x.kings)
				w, k := si.kings(r)
				if len(si.at) != 0 {
					if uw, uk := si.unrank(r); (kingPair{w, k} != kingPair{uw, uk} || si.rank(w, k) != r) {
						t.Fatalf("%s %s: placement %d: listed kings %v, unranked %v, rank of the listed %d", tc.r.ID, m, r, kingPair{w, k}, kingPair{uw, uk}, si.rank(w, k))
					}
				}
				for o := draughts.White; o <= draughts.Black; o++ {
					want := map[uint32]bool{} // the ranks listed
					for _, pr := range ps.out[:si.predecessors(r, o, &ps)] {
						want[pr] = true
					}
					own := w
					if o == draughts.Black {
						own = k
					}
					empty := si.empty &^ (w | k)
					n := 0
					for ks := own; ks != 0; ks &= ks - 1 {
						from := ks.First()
						for d := draughts.Direction(0); d < 4; d++ {
							for u := slide(b, from, d, empty); u != 0; u &= u - 1 {
								to := u.First()
								pw, pk := w, k
								if o == draughts.White {
									pw = w&^draughts.Bit(from) | draughts.Bit(to)
								} else {
									pk = k&^draughts.Bit(from) | draughts.Bit(to)
								}
								q := draughts.Position{Pieces: [2]draughts.Bitboard{si.men[0] | pw, si.men[1] | pk}, Kings: pw | pk, Side: o}
								rank := uint32(si.rank(pw, pk))
								if want[rank] {
									n++
									listed++
									continue
								}
								if !draughts.HasCapture(&q, tc.r) {
									t.Fatalf("%s %s: %s (%s to move) is a predecessor of %s by %s's king %d-%d, not listed, and has no capture", tc.r.ID, m,
										draughts.FEN(&q, tc.r), o, fenOf(&si, w, k, o^1, tc.r), o, b.Std(to), b.Std(from))
								}
								left++
							}
						}
					}
					if n != len(want) {
						t.Fatalf("%s %s: %d ranks listed, %d of them predecessors", tc.r.ID, m, len(want), n)
					}
				}
			}
		}
		t.Logf("%s %s: %d predecessors listed, %d left out (o must capture)", tc.r.ID, m, listed, left)
		if listed == 0 || left == 0 {
			t.Fatalf("%s %s: the sample has no predecessor listed or none left out", tc.r.ID, m)
		}
	}
}

// fenOf is the FEN of the sub-slice position with kings w and k, s to move.
func fenOf(si *subIndex, w, k draughts.Bitboard, s draughts.Side, r *draughts.Rules) string {
	p := draughts.Position{Pieces: [2]draughts.Bitboard{si.men[0] | w, si.men[1] | k}, Kings: w | k, Side: s}
	return draughts.FEN(&p, r)
}

// slide returns the squares a king on sq can reach along direction d
// (flying: up to the first occupied square, empty = the free squares): the
// test's own walk of a ray, the builder's being kingLines.set.
func slide(b *draughts.Board, sq draughts.Square, d draughts.Direction, empty draughts.Bitboard) draughts.Bitboard {
	ray := b.Ray(sq, d)
	if blk := ray &^ empty; blk != 0 {
		f := draughts.Nearest(d, blk)
		ray &^= b.Ray(f, d) | draughts.Bit(f)
	}
	return ray
}
