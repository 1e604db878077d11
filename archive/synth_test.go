package archive

import (
	"fmt"
	"io"
	"math/rand"
	"strings"

	"draughtsjudge/draughts"
)

// synth writes n synthetic compositions to w as PDN, deterministically
// from seed: random legal positions (3 to 8 men a side and up to one king,
// no man on its promotion row; every fourth one international, the
// others Russian) with a random legal line of 5 to 15 plies from each
// (captures are compulsory, so the line's forced moves are the rules').
// A position whose side to move has no move, or whose line stops before
// 5 plies, is drawn again. Each game takes 7 lines (5 tags, the moves, a
// blank line). broken(i) makes game i unreadable, it may be nil: 1 an
// unreadable move at its end, 2 a FEN with a square off the board, 3 a
// variation never closed, 4 an illegal move (the last move again, from
// the square it left).
func synth(w io.Writer, n int, seed int64, broken func(i int) int) error {
	rng := rand.New(rand.NewSource(seed))
	for i := 0; i < n; i++ {
		r := draughts.Russian
		if i%4 == 3 {
			r = draughts.International
		}
		fen, line := synthOne(rng, r)
		kind := 0
		if broken != nil {
			kind = broken(i)
		}
		switch kind {
		case 1:
			line = append(line, "99-98")
		case 2:
			fen = strings.Replace(fen, ":W", ":W77,", 1)
		case 3:
			line = append(line, "(")
		case 4:
			line = append(line, line[len(line)-1]) // its square is empty now: illegal
		}
		var b strings.Builder
		fmt.Fprintf(&b, "[Event \"synthetic %d\"]\n[Author \"Composer %d\"]\n[Date \"%d.%02d.%02d\"]\n[GameType \"%d\"]\n[FEN \"%s\"]\n",
			i, i%997, 1950+i%75, 1+i%12, 1+i%28, r.GameType, fen)
		for j, m := range line {
			if j%2 == 0 {
				fmt.Fprintf(&b, "%d. ", j/2+1)
			}
			b.WriteString(m + " ")
		}
		b.WriteString("*\n\n")
		if _, err := io.WriteString(w, b.String()); err != nil {
			return err
		}
	}
	return nil
}

func synthOne(rng *rand.Rand, r *draughts.Rules) (string, []string) {
	b := r.Board
	for {
		var sides [2]draughts.Bitboard
		var kings draughts.Bitboard
		used := draughts.Bitboard(0)
		for s := 0; s < 2; s++ {
			men := 3 + rng.Intn(6)
			for k := 0; k < men; k++ {
				for {
					sq := b.FromStd(1 + rng.Intn(b.Squares))
					bit := draughts.Bit(sq)
					if used&bit != 0 || b.Promo[s]&bit != 0 {
						continue
					}
					used |= bit
					sides[s] |= bit
					break
				}
			}
			if rng.Intn(3) == 0 {
				for {
					bit := draughts.Bit(b.FromStd(1 + rng.Intn(b.Squares)))
					if used&bit == 0 {
						used |= bit
						sides[s] |= bit
						kings |= bit
						break
					}
				}
			}
		}
		p := draughts.NewPosition(sides[0], sides[1], kings, draughts.White)
		start := p
		want := 5 + rng.Intn(11)
		var line []string
		for len(line) < want {
			ms := draughts.LegalMoves(&p, r)
			if len(ms) == 0 {
				break
			}
			m := ms[rng.Intn(len(ms))]
			line = append(line, draughts.MoveString(&p, r, m))
			p = p.Play(m)
		}
		if len(line) >= 5 {
			return draughts.FEN(&start, r), line
		}
	}
}
