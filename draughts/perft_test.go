package draughts

import (
	"bufio"
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"
)

var perftDeep = flag.Bool("perft.deep", false, "run every perft row of testdata/perft.tsv, however deep")

// perftRow is one line of testdata/perft.tsv (rhalbersma/dctl, citing the
// shashki.com and FMJD-forum perft threads).
type perftRow struct {
	variant, fen string
	depth        int
	count        uint64
	dup          string
}

func readPerft(t testing.TB) []perftRow {
	f, err := os.Open("testdata/perft.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []perftRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.HasPrefix(line, "variant\t") || line == "" {
			continue
		}
		c := strings.Split(line, "\t")
		d, _ := strconv.Atoi(c[2])
		n, _ := strconv.ParseUint(c[3], 10, 64)
		rows = append(rows, perftRow{c[0], c[1], d, n, c[4]})
	}
	return rows
}

// TestPerft checks the published perft counts (duplicates=drop). Default
// run: every row up to 10^7 nodes (russian and brazilian to depth 9,
// international to depth 8); -short: up to 10^6; -perft.deep: all rows.
func TestPerft(t *testing.T) {
	limit := uint64(1e7)
	if testing.Short() {
		limit = 1e6
	}
	if *perftDeep {
		limit = 1 << 62
	}
	ran := 0
	for _, row := range readPerft(t) {
		if row.dup != "drop" {
			continue
		}
		r, err := RulesByID(row.variant)
		if err != nil {
			continue // english, pool, frisian: not our game systems
		}
		if row.count > limit {
			continue
		}
		p, err := ParseFEN(r, row.fen)
		if err != nil {
			t.Fatalf("%s %s: %v", row.variant, row.fen, err)
		}
		if got := Perft(&p, r, row.depth); got != row.count {
			t.Errorf("%s %s depth %d: got %d, want %d", row.variant, row.fen, row.depth, got, row.count)
		}
		ran++
	}
	if ran < 20 {
		t.Fatalf("only %d perft rows ran", ran)
	}
}

// TestPerftKeysAndValidity walks the tree and checks, after every Play, the
// invariants and that the incremental key equals a key computed from scratch.
func TestPerftKeysAndValidity(t *testing.T) {
	for _, r := range AllRules() {
		p := Start(r)
		var walk func(p Position, d int)
		stack := make([]MoveList, 6)
		walk = func(p Position, d int) {
			if d == 0 {
				return
			}
			ml := &stack[d]
			Generate(&p, r, ml)
			for _, m := range ml.Slice() {
				q := p.Play(m)
				if err := q.Valid(r); err != nil {
					t.Fatalf("%s: after %s in %s: %v", r.ID, MoveString(&p, r, m), FEN(&p, r), err)
				}
				walk(q, d-1)
			}
		}
		walk(p, 5)
	}
}

func TestPerftNoAlloc(t *testing.T) {
	p := Start(International)
	stack := make([]MoveList, 4)
	if a := testing.AllocsPerRun(3, func() { PerftStack(&p, International, 4, stack) }); a != 0 {
		t.Errorf("perft allocates %v times per run", a)
	}
	var ml MoveList
	if a := testing.AllocsPerRun(10, func() { Generate(&p, International, &ml) }); a != 0 {
		t.Errorf("Generate allocates %v times per run", a)
	}
}

func benchPerft(b *testing.B, r *Rules, depth int, want uint64) {
	p := Start(r)
	stack := make([]MoveList, depth)
	var leaves uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		n := PerftStack(&p, r, depth, stack)
		if n != want {
			b.Fatalf("perft %d = %d, want %d", depth, n, want)
		}
		leaves += n
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
}

// BenchmarkPerftRussian11: 110,917,189 leaves (shashki.com t-627).
func BenchmarkPerftRussian11(b *testing.B) { benchPerft(b, Russian, 11, 110917189) }

// BenchmarkPerftInternational10: 258,895,763 leaves (FMJD forum t=2308).
func BenchmarkPerftInternational10(b *testing.B) { benchPerft(b, International, 10, 258895763) }

// BenchmarkPerftRussian9 and International8 are the quick variants for benchstat.
func BenchmarkPerftRussian9(b *testing.B)       { benchPerft(b, Russian, 9, 4570586) }
func BenchmarkPerftInternational8(b *testing.B) { benchPerft(b, International, 8, 6483961) }
