package solver

import (
	"context"
	"os"
	"testing"

	"draughtsjudge/draughts"
	"draughtsjudge/tablebase"
)

// Looks for one-piece edits of a study that add a slow second key.
func TestExploreSlowCook(t *testing.T) {
	dir := os.Getenv("DJ_EXPLORE_DB")
	if dir == "" {
		t.Skip()
	}
	st, err := tablebase.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	pr := TablebaseProber(st)
	r := draughts.Russian
	base, _ := draughts.ParseFEN(r, os.Getenv("DJ_FEN"))
	author := os.Getenv("DJ_MOVE")
	b := r.Board
	for sq := draughts.Square(0); int(sq) < 64; sq++ {
		if !b.Mask.Has(sq) || base.Occupied().Has(sq) {
			continue
		}
		for _, kind := range []int{0, 1, 2, 3} {
			p := base
			bit := draughts.Bitboard(1) << sq
			switch kind {
			case 0:
				p.Pieces[0] |= bit
			case 1:
				p.Pieces[1] |= bit
			case 2:
				p.Pieces[0] |= bit
				p.Kings |= bit
			case 3:
				p.Pieces[1] |= bit
				p.Kings |= bit
			}
			p = draughts.NewPosition(p.Pieces[0], p.Pieces[1], p.Kings, p.Side)
			if p.Valid(r) != nil {
				continue
			}
			a := Solve(context.Background(), r, p, Win{Prober: pr}, draughts.White, Options{Budget: Budget{Nodes: 200000, TTBytes: 64 << 20}})
			if a.Verdict != VerdictProved || len(a.Keys) < 2 || a.Undecided > 0 {
				continue
			}
			var ad int
			for _, k := range a.Keys {
				if k.Move == author {
					ad = k.Distance
				}
			}
			if ad == 0 || a.Keys[0].Move != author {
				continue
			}
			for _, k := range a.Keys {
				if k.Move != author && k.Distance > ad+4 {
					t.Logf("%s: author %s in %d, cook %s in %d (keys %d)", draughts.FEN(&p, r), author, ad, k.Move, k.Distance, len(a.Keys))
				}
			}
		}
	}
}
