package solver

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"draughtsjudge/draughts"
	"draughtsjudge/tablebase"
)

// BenchmarkFinaleRuleAgainstDatabase measures the problem finale rule
// (Win{MaterialMargin: 2} without a database) against the endgame
// databases, which know the truth: for every material of White three
// pieces (four with DRAUGHTSJUDGE_BENCH_PIECES=5) against one Black man
// or king, it takes every position with Black to move, counts those the
// rule accepts as won and, of them, those the database calls a draw or a
// Black win. The counts are logged per material, and by how many rows the
// black man has to go to its crowning (docs/solver.md "What the king
// clause measured", "A man near its promotion row"); the metrics are
// their totals.
//
// DRAUGHTSJUDGE_BENCH_VARIANT=international measures 10x10 (default
// russian). The slices come from DRAUGHTSJUDGE_BENCH_DB (a copy: Badger
// locks it) or, unset, are built into a temporary store (seconds for four
// pieces; the five-piece Russian ones take minutes, the international
// ones longer). Run it by name with -benchtime 1x.
func BenchmarkFinaleRuleAgainstDatabase(b *testing.B) {
	r := draughts.Russian
	switch v := os.Getenv("DRAUGHTSJUDGE_BENCH_VARIANT"); v {
	case "", "russian":
	case "international":
		r = draughts.International
	default:
		b.Fatalf("DRAUGHTSJUDGE_BENCH_VARIANT=%q: want russian or international", v)
	}
	pieces := benchEnv(b, "DRAUGHTSJUDGE_BENCH_PIECES", 4, 4)
	if pieces > 5 {
		b.Fatalf("DRAUGHTSJUDGE_BENCH_PIECES=%d: at most 5", pieces)
	}
	dir := os.Getenv("DRAUGHTSJUDGE_BENCH_DB")
	if dir == "" {
		dir = b.TempDir()
	}
	st, err := tablebase.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	var ms []tablebase.Material
	for w := 3; w < pieces; w++ {
		for wk := 0; wk <= w; wk++ {
			for bk := 0; bk <= 1; bk++ {
				ms = append(ms, tablebase.Material{WM: uint8(w - wk), WK: uint8(wk), BM: uint8(1 - bk), BK: uint8(bk)})
			}
		}
	}
	if err := st.EnsureSlices(context.Background(), r, ms...); err != nil {
		b.Fatal(err)
	}
	eg := st.Endgames(r)
	b.ResetTimer()
	for range b.N {
		var accepted, wrong int
		for _, m := range ms {
			c := measureFinaleRule(b, r, eg, m)
			accepted += c.accepted
			wrong += c.draws + c.blackWins
			draw := ""
			if c.example != "" {
				draw = " (a draw: " + c.example + ")"
			}
			b.Logf("%s White %d men %d kings vs Black %d men %d kings: %d positions, %d accepted, %d of them draws, %d Black wins%s",
				r.Name, m.WM, m.WK, m.BM, m.BK, c.positions, c.accepted, c.draws, c.blackWins, draw)
			if c.accepted > 0 {
				b.Logf("  by the black man's rows to its crowning: %s", c.rowsText())
			}
		}
		b.ReportMetric(float64(accepted), "accepted")
		b.ReportMetric(float64(wrong), "not-won")
	}
}

// finaleRuleCount is what measureFinaleRule found for one material.
type finaleRuleCount struct {
	positions, accepted, draws, blackWins int
	example                               string // a draw the rule accepts, if any
	// byRows[d] counts, for the positions whose nearest black man is d
	// rows from its crowning (0: no black man), those accepted and, of
	// them, those not won (runawayMan's measure).
	byRows [10][2]int
}

// rowsText is byRows as "rows 2: 510222 accepted, 63037 not won; …",
// the rows with an acceptance only.
func (c *finaleRuleCount) rowsText() string {
	var parts []string
	for d, n := range c.byRows {
		if n[0] > 0 {
			parts = append(parts, fmt.Sprintf("rows %d: %d accepted, %d not won", d, n[0], n[1]))
		}
	}
	return strings.Join(parts, "; ")
}

// rowsToCrown is how many rows the black man of p nearest its crowning
// has to go, 0 when Black has no man.
func rowsToCrown(p *draughts.Position, b *draughts.Board) int {
	d := 0
	for _, sq := range p.Men(draughts.Black).Squares() {
		row, _ := b.RowCol(sq)
		if k := b.Size - 1 - row; d == 0 || k < d {
			d = k
		}
	}
	return d
}

// measureFinaleRule runs the rule and the database over every position of
// material m with Black to move (men off their own promotion row).
func measureFinaleRule(b *testing.B, r *draughts.Rules, eg *tablebase.Endgames, m tablebase.Material) finaleRuleCount {
	bd := r.Board
	rule := Win{MaterialMargin: 2}
	var c finaleRuleCount
	var ml draughts.MoveList
	visit := func(wm, wk, bm, bk draughts.Bitboard) {
		p := draughts.Position{Pieces: [2]draughts.Bitboard{wm | wk, bm | bk}, Kings: wk | bk, Side: draughts.Black}
		p.Key = p.ComputeKey()
		if p.Valid(r) != nil {
			return
		}
		c.positions++
		draughts.Generate(&p, r, &ml)
		if st, _ := rule.Eval(p, r, draughts.White, &ml); st != Done {
			return
		}
		c.accepted++
		v, ok := eg.Probe(&p)
		if !ok {
			b.Fatalf("%s: not in the database", draughts.FEN(&p, r))
		}
		rows := &c.byRows[rowsToCrown(&p, bd)]
		rows[0]++
		if v.WDL != tablebase.Loss {
			rows[1]++
		}
		switch v.WDL {
		case tablebase.Draw:
			c.draws++
			if c.example == "" {
				c.example = draughts.FEN(&p, r)
			}
		case tablebase.Win: // for Black, to move
			c.blackWins++
		}
	}
	squareSets(bd.Mask&^bd.Promo[draughts.White], 0, int(m.WM), func(wm draughts.Bitboard) {
		squareSets(bd.Mask, wm, int(m.WK), func(wk draughts.Bitboard) {
			squareSets(bd.Mask&^bd.Promo[draughts.Black], wm|wk, int(m.BM), func(bm draughts.Bitboard) {
				squareSets(bd.Mask, wm|wk|bm, int(m.BK), func(bk draughts.Bitboard) {
					visit(wm, wk, bm, bk)
				})
			})
		})
	})
	return c
}

// squareSets calls f with every set of n squares of mask outside taken.
func squareSets(mask, taken draughts.Bitboard, n int, f func(draughts.Bitboard)) {
	var rec func(from draughts.Bitboard, n int, acc draughts.Bitboard)
	rec = func(from draughts.Bitboard, n int, acc draughts.Bitboard) {
		if n == 0 {
			f(acc)
			return
		}
		for s := from; s != 0; s &= s - 1 {
			sq := s & -s
			rec(s&^sq, n-1, acc|sq)
		}
	}
	rec(mask&^taken, n, 0)
}
