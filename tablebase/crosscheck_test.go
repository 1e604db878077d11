package tablebase

import (
	"flag"
	"math/rand/v2"
	"testing"

	"draughtsjudge/draughts"
)

var (
	tbBig     = flag.Bool("tablebase.big", false, "cross-check russian slices up to 4 pieces (default 3)")
	tbSamples = flag.Int("tablebase.samples", 10000, "random positions for the cross-check")
)

// searcher is a plain forward AND/OR search to a terminal position (no
// database), memoised per position with the depth bounds already known
// ("within d plies" is monotone in d). Standard rules only.
type searcher struct {
	r    *draughts.Rules
	memo map[skey]*bounds
	mls  []draughts.MoveList // one per recursion level
}

type skey struct {
	w, b, k draughts.Bitboard
	side    draughts.Side
}

// bounds: win within d plies is true for d >= winYes and false for
// d <= winNo; the same for lose.
type bounds struct{ winYes, winNo, loseYes, loseNo int16 }

func (s *searcher) entry(p *draughts.Position) *bounds {
	k := skey{p.Pieces[0], p.Pieces[1], p.Kings, p.Side}
	b := s.memo[k]
	if b == nil {
		b = &bounds{winYes: 1 << 14, winNo: -1, loseYes: 1 << 14, loseNo: -1}
		s.memo[k] = b
	}
	return b
}

func (s *searcher) moves(p *draughts.Position, lvl int) []draughts.Move {
	for len(s.mls) <= lvl {
		s.mls = append(s.mls, draughts.MoveList{})
	}
	draughts.Generate(p, s.r, &s.mls[lvl])
	return s.mls[lvl].Slice()
}

// win reports whether the side to move can force the opponent into a
// position without a legal move within d plies.
func (s *searcher) win(p draughts.Position, d, lvl int) bool {
	if d < 1 {
		return false
	}
	b := s.entry(&p)
	if int16(d) >= b.winYes {
		return true
	}
	if int16(d) <= b.winNo {
		return false
	}
	res := false
	for _, m := range s.moves(&p, lvl) {
		if s.lose(p.Play(m), d-1, lvl+1) {
			res = true
			break
		}
	}
	if res {
		b.winYes = int16(d)
	} else {
		b.winNo = int16(d)
	}
	return res
}

// lose reports whether the side to move is without a move within d plies
// whatever it plays.
func (s *searcher) lose(p draughts.Position, d, lvl int) bool {
	if d < 0 {
		return false
	}
	b := s.entry(&p)
	if int16(d) >= b.loseYes {
		return true
	}
	if int16(d) <= b.loseNo {
		return false
	}
	ms := s.moves(&p, lvl)
	res := len(ms) == 0
	if !res && d >= 2 {
		res = true
		for _, m := range ms {
			if !s.win(p.Play(m), d-1, lvl+1) {
				res = false
				break
			}
		}
	}
	if res {
		b.loseYes = int16(d)
	} else {
		b.loseNo = int16(d)
	}
	return res
}

// TestCrossCheckSearch: on random positions of the built russian slices,
// every database win (loss) in P plies is confirmed by forward search to a
// terminal position within P plies and not within P-2 (so the distance is
// exact), and no database draw is refuted by a search as deep as the
// longest decided value of the slices (+2).
func TestCrossCheckSearch(t *testing.T) {
	n := 3
	if *tbBig {
		n = 4
	}
	r := draughts.Russian
	s, e := buildTB(t, r, n)
	horizon := 0
	for _, rec := range s.SliceRecords() {
		horizon = max(horizon, rec.Longest[0], rec.Longest[1])
	}
	horizon += 3
	ms := MaterialsUpTo(r, n)
	samples := *tbSamples
	if testing.Short() {
		samples = 500
	}
	rng := rand.New(rand.NewPCG(1, 2))
	src := &searcher{r: r, memo: map[skey]*bounds{}}
	var wins, losses, draws int
	for done := 0; done < samples; {
		m := ms[rng.IntN(len(ms))]
		x := newIndexer(r.Board, m)
		side := draughts.Side(rng.IntN(2))
		p, ok := x.position(rng.Uint64N(x.n), side)
		if !ok {
			continue
		}
		if rng.IntN(2) == 0 { // also probe the mirrored (non-canonical) material
			p = e.mirrorPos(&p)
		}
		p.Key = p.ComputeKey()
		done++
		v, ok := e.Probe(&p)
		if !ok {
			t.Fatalf("%s: not probed", draughts.FEN(&p, r))
		}
		fen := draughts.FEN(&p, r)
		switch v.WDL {
		case Win:
			wins++
			if !src.win(p, v.Plies, 0) || src.win(p, v.Plies-2, 0) {
				t.Fatalf("%s: database %v not confirmed as exact by search", fen, v)
			}
		case Loss:
			losses++
			if !src.lose(p, v.Plies, 0) || src.lose(p, v.Plies-2, 0) {
				t.Fatalf("%s: database %v not confirmed as exact by search", fen, v)
			}
		default:
			draws++
			if src.win(p, horizon, 0) || src.lose(p, horizon, 0) {
				t.Fatalf("%s: database draw refuted by search within %d plies", fen, horizon)
			}
		}
	}
	t.Logf("%d positions (≤%d pieces): %d wins, %d losses, %d draws confirmed; search horizon for draws %d plies, %d memo entries",
		samples, n, wins, losses, draws, horizon, len(src.memo))
}
