package lasca

import (
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

var perftDeep = flag.Bool("perft.deep", false, "run every perft row of testdata/perft-lasca.tsv, however deep")

// lascaStats are perft counters: leaves, and among the moves of the last
// ply the captures, the captures of more than one piece, the promotions.
type lascaStats struct {
	nodes, captures, multi, promotions uint64
}

func lascaPerftStats(p *LascaPosition, depth int) lascaStats {
	var s lascaStats
	stack := make([]LascaMoveList, depth)
	var walk func(p *LascaPosition, d int)
	walk = func(p *LascaPosition, d int) {
		ml := &stack[d-1]
		GenerateLasca(p, ml)
		for _, m := range ml.Slice() {
			if d == 1 {
				s.nodes++
				if m.IsCapture() {
					s.captures++
				}
				if m.N > 1 {
					s.multi++
				}
				if m.Promote {
					s.promotions++
				}
				continue
			}
			q := p.Play(m)
			walk(&q, d-1)
		}
	}
	walk(p, depth)
	return s
}

func readLascaPerft(t testing.TB) []struct {
	fen   string
	depth int
	want  lascaStats
} {
	data, err := os.ReadFile("testdata/perft-lasca.tsv")
	if err != nil {
		t.Fatal(err)
	}
	var rows []struct {
		fen   string
		depth int
		want  lascaStats
	}
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "fen\t") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 6 {
			t.Fatalf("perft-lasca.tsv: bad line %q", line)
		}
		var n [5]uint64
		for i := 1; i < 6; i++ {
			if n[i-1], err = strconv.ParseUint(c[i], 10, 64); err != nil {
				t.Fatalf("perft-lasca.tsv: %q: %v", line, err)
			}
		}
		rows = append(rows, struct {
			fen   string
			depth int
			want  lascaStats
		}{c[0], int(n[0]), lascaStats{n[1], n[2], n[3], n[4]}})
	}
	return rows
}

// TestLascaPerft checks our perft table (testdata/perft-lasca.tsv). Default
// run: rows up to 10^7 nodes (depth 16); -short: up to 10^6 (depth 14);
// -perft.deep: every row.
func TestLascaPerft(t *testing.T) {
	limit := uint64(1e7)
	if testing.Short() {
		limit = 1e6
	}
	if *perftDeep {
		limit = 1 << 62
	}
	for _, row := range readLascaPerft(t) {
		if row.want.nodes > limit {
			continue
		}
		p := LascaStart()
		if row.fen != "start" {
			var err error
			if p, err = ParseLascaFEN(row.fen); err != nil {
				t.Fatal(err)
			}
		}
		if got := lascaPerftStats(&p, row.depth); got != row.want {
			t.Fatalf("%s depth %d: got %+v, want %+v", row.fen, row.depth, got, row.want)
		}
		if row.want.nodes > 1e6 {
			continue // PerftLasca (bulk-counted) is checked on the smaller rows
		}
		if got := PerftLasca(&p, row.depth); got != row.want.nodes {
			t.Fatalf("%s depth %d: PerftLasca %d, want %d", row.fen, row.depth, got, row.want.nodes)
		}
	}
}

func BenchmarkPerftLasca(b *testing.B) {
	p := LascaStart()
	stack := make([]LascaMoveList, 14)
	for b.Loop() {
		PerftLascaStack(&p, 14, stack)
	}
	b.ReportMetric(float64(742352*b.N)/b.Elapsed().Seconds(), "nodes/s")
}

func TestLascaZeroAlloc(t *testing.T) {
	p := LascaStart()
	var ml LascaMoveList
	stack := make([]LascaMoveList, 8)
	if n := testing.AllocsPerRun(20, func() { GenerateLasca(&p, &ml) }); n != 0 {
		t.Errorf("GenerateLasca allocates %v times", n)
	}
	if n := testing.AllocsPerRun(5, func() { PerftLascaStack(&p, 8, stack) }); n != 0 {
		t.Errorf("PerftLascaStack allocates %v times", n)
	}
}

func TestLascaSizes(t *testing.T) {
	if s := unsafe.Sizeof(LascaPosition{}); s != 224 {
		t.Errorf("LascaPosition is %d bytes, the package doc says 224", s)
	}
	if s := unsafe.Sizeof(LascaMove{}); s != 12 {
		t.Errorf("LascaMove is %d bytes, its doc says 12", s)
	}
}

// TestLascaSquares checks the 004 numbering (package doc) both ways.
func TestLascaSquares(t *testing.T) {
	want := map[string]int{"a1": 1, "c1": 2, "e1": 3, "g1": 4, "b2": 5, "d2": 6, "f2": 7, "a3": 8, "g3": 11,
		"b4": 12, "f4": 14, "a5": 15, "g5": 18, "b6": 19, "f6": 21, "a7": 22, "c7": 23, "e7": 24, "g7": 25}
	for name, n := range want {
		s, err := ParseLascaSquare(name)
		if err != nil || s.Std() != n || s.String() != name {
			t.Errorf("%s: got %v (%d), %v; want number %d", name, s, s.Std(), err, n)
		}
		s2, err := ParseLascaSquare(strconv.Itoa(n))
		if err != nil || s2 != s {
			t.Errorf("%d: got %v, %v; want %s", n, s2, err, name)
		}
	}
	for _, bad := range []string{"b1", "a2", "h1", "a8", "0", "26", "", "1a", "123"} {
		if _, err := ParseLascaSquare(bad); err == nil {
			t.Errorf("ParseLascaSquare(%q) accepted", bad)
		}
	}
	for s := LascaSquare(0); s < LascaSquares; s++ {
		if LascaSquareAt(s.File(), s.Rank()) != s {
			t.Errorf("square %d: file/rank do not round-trip", s)
		}
	}
}

func TestLascaColumn(t *testing.T) {
	c := ColumnOf(LascaWhiteKing, LascaBlackMan, LascaBlackKing, LascaWhiteMan)
	if c.Height() != 4 || c.String() != "WbBw" || c.Top() != LascaWhiteKing {
		t.Fatalf("column %s height %d", c, c.Height())
	}
	c = c.PopTop()
	if c.String() != "bBw" || c != ColumnOf(LascaBlackMan, LascaBlackKing, LascaWhiteMan) {
		t.Fatalf("PopTop: %s", c)
	}
	c = c.PopTop().PopTop().PopTop()
	if c != 0 {
		t.Fatalf("empty column is %#x", uint64(c))
	}
	var tall Column
	for i := range MaxColumn {
		tall = tall.AddBottom(LascaPiece(i % 4))
	}
	for i := range MaxColumn {
		if tall.Piece(0) != LascaPiece(i%4) {
			t.Fatalf("tall column: depth %d is %v", i, tall.Piece(0))
		}
		tall = tall.PopTop()
	}
	if tall != 0 {
		t.Fatal("tall column not empty after popping every piece")
	}
}

func TestLascaFENRoundTrip(t *testing.T) {
	cases := []string{
		"W:Wa1,c1,e1,g1,b2,d2,f2,a3,c3,e3,g3:Ba5,c5,e5,g5,b6,d6,f6,a7,c7,e7,g7",
		"W:Wa1,c3(wb),Kd4,e5(Wbbw):Bb6(bW),g7",
		"B:Wc1(wBbbbbbbbb),Kg7:Ba1(Bw),Ke3",
		"B:W:Bd4",
	}
	for _, f := range cases {
		p, err := ParseLascaFEN(f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if got := LascaFEN(&p); got != f {
			t.Errorf("round trip: %s -> %s", f, got)
		}
		q, err := ParseLascaFEN(LascaFENNumeric(&p))
		if err != nil || q != p {
			t.Errorf("numeric round trip of %s: %s, %v", f, LascaFENNumeric(&p), err)
		}
	}
	start := LascaStart()
	if got := LascaFENNumeric(&start); got != "W:W1,2,3,4,5,6,7,8,9,10,11:B15,16,17,18,19,20,21,22,23,24,25" {
		t.Errorf("start, numeric: %s", got)
	}
	for in, want := range map[string]string{
		"W:W1-11:B15-25":                        LascaFEN(&start),
		` "W:Wa1,Kc3(Wb) : Be5". `:              "W:Wa1,c3(Wb):Be5",
		"w:bd4(bw):wKb2":                        "W:WKb2:Bd4(bw)",
		"W:W5(wb),Kc7:B25(Bwww)":                "W:Wb2(wb),Kc7:Bg7(Bwww)",
		"W:Wa1(wBbbbbbbbbbb),c1(wwwwwwwwwww):B": "", // 12 white pieces
	} {
		p, err := ParseLascaFEN(in)
		switch {
		case want == "" && err == nil:
			t.Errorf("%q accepted: %s", in, LascaFEN(&p))
		case want != "" && err != nil:
			t.Errorf("%q: %v", in, err)
		case want != "" && LascaFEN(&p) != want:
			t.Errorf("%q: got %s, want %s", in, LascaFEN(&p), want)
		}
	}
	for _, bad := range []string{"", "X:Wa1", "W:Wb1", "W:Wa1(bw)", "W:Wa1:Ba1", "W:Wa1(wx)", "W:Wa1(w", "W:KWa1(wb)", "W:Ka1(wb)", "W:Wa1:Wc1"} {
		if p, err := ParseLascaFEN(bad); err == nil {
			t.Errorf("%q accepted: %s", bad, LascaFEN(&p))
		}
	}
}
