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

// stats are perft counters: leaves, and among the moves of the last
// ply the captures, the captures of more than one piece, the promotions.
type stats struct {
	nodes, captures, multi, promotions uint64
}

func perftStats(p *Position, depth int) stats {
	var s stats
	stack := make([]MoveList, depth)
	var walk func(p *Position, d int)
	walk = func(p *Position, d int) {
		ml := &stack[d-1]
		Generate(p, ml)
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

func readPerft(t testing.TB) []struct {
	fen   string
	depth int
	want  stats
} {
	data, err := os.ReadFile("testdata/perft-lasca.tsv")
	if err != nil {
		t.Fatal(err)
	}
	var rows []struct {
		fen   string
		depth int
		want  stats
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
			want  stats
		}{c[0], int(n[0]), stats{n[1], n[2], n[3], n[4]}})
	}
	return rows
}

// TestPerft checks our perft table (testdata/perft-lasca.tsv). Default
// run: rows up to 10^7 nodes (depth 16); -short: up to 10^6 (depth 14);
// -perft.deep: every row.
func TestPerft(t *testing.T) {
	limit := uint64(1e7)
	if testing.Short() {
		limit = 1e6
	}
	if *perftDeep {
		limit = 1 << 62
	}
	for _, row := range readPerft(t) {
		if row.want.nodes > limit {
			continue
		}
		p := Start()
		if row.fen != "start" {
			var err error
			if p, err = ParseFEN(row.fen); err != nil {
				t.Fatal(err)
			}
		}
		if got := perftStats(&p, row.depth); got != row.want {
			t.Fatalf("%s depth %d: got %+v, want %+v", row.fen, row.depth, got, row.want)
		}
		if row.want.nodes > 1e6 {
			continue // Perft (bulk-counted) is checked on the smaller rows
		}
		if got := Perft(&p, row.depth); got != row.want.nodes {
			t.Fatalf("%s depth %d: Perft %d, want %d", row.fen, row.depth, got, row.want.nodes)
		}
	}
}

func BenchmarkPerft(b *testing.B) {
	p := Start()
	stack := make([]MoveList, 14)
	for b.Loop() {
		PerftStack(&p, 14, stack)
	}
	b.ReportMetric(float64(742352*b.N)/b.Elapsed().Seconds(), "nodes/s")
}

func TestZeroAlloc(t *testing.T) {
	p := Start()
	var ml MoveList
	stack := make([]MoveList, 8)
	if n := testing.AllocsPerRun(20, func() { Generate(&p, &ml) }); n != 0 {
		t.Errorf("Generate allocates %v times", n)
	}
	if n := testing.AllocsPerRun(5, func() { PerftStack(&p, 8, stack) }); n != 0 {
		t.Errorf("PerftStack allocates %v times", n)
	}
}

func TestSizes(t *testing.T) {
	if s := unsafe.Sizeof(Position{}); s != 224 {
		t.Errorf("Position is %d bytes, the package doc says 224", s)
	}
	if s := unsafe.Sizeof(Move{}); s != 12 {
		t.Errorf("Move is %d bytes, its doc says 12", s)
	}
}

// TestSquares checks the 004 numbering (package doc) both ways.
func TestSquares(t *testing.T) {
	want := map[string]int{"a1": 1, "c1": 2, "e1": 3, "g1": 4, "b2": 5, "d2": 6, "f2": 7, "a3": 8, "g3": 11,
		"b4": 12, "f4": 14, "a5": 15, "g5": 18, "b6": 19, "f6": 21, "a7": 22, "c7": 23, "e7": 24, "g7": 25}
	for name, n := range want {
		s, err := ParseSquare(name)
		if err != nil || s.Std() != n || s.String() != name {
			t.Errorf("%s: got %v (%d), %v; want number %d", name, s, s.Std(), err, n)
		}
		s2, err := ParseSquare(strconv.Itoa(n))
		if err != nil || s2 != s {
			t.Errorf("%d: got %v, %v; want %s", n, s2, err, name)
		}
	}
	for _, bad := range []string{"b1", "a2", "h1", "a8", "0", "26", "", "1a", "123"} {
		if _, err := ParseSquare(bad); err == nil {
			t.Errorf("ParseSquare(%q) accepted", bad)
		}
	}
	for s := Square(0); s < Squares; s++ {
		if SquareAt(s.File(), s.Rank()) != s {
			t.Errorf("square %d: file/rank do not round-trip", s)
		}
	}
}

func TestColumn(t *testing.T) {
	c := ColumnOf(WhiteKing, BlackMan, BlackKing, WhiteMan)
	if c.Height() != 4 || c.String() != "WbBw" || c.Top() != WhiteKing {
		t.Fatalf("column %s height %d", c, c.Height())
	}
	c = c.PopTop()
	if c.String() != "bBw" || c != ColumnOf(BlackMan, BlackKing, WhiteMan) {
		t.Fatalf("PopTop: %s", c)
	}
	c = c.PopTop().PopTop().PopTop()
	if c != 0 {
		t.Fatalf("empty column is %#x", uint64(c))
	}
	var tall Column
	for i := range MaxColumn {
		tall = tall.AddBottom(Piece(i % 4))
	}
	for i := range MaxColumn {
		if tall.Piece(0) != Piece(i%4) {
			t.Fatalf("tall column: depth %d is %v", i, tall.Piece(0))
		}
		tall = tall.PopTop()
	}
	if tall != 0 {
		t.Fatal("tall column not empty after popping every piece")
	}
}

func TestFENRoundTrip(t *testing.T) {
	cases := []string{
		"W:Wa1,c1,e1,g1,b2,d2,f2,a3,c3,e3,g3:Ba5,c5,e5,g5,b6,d6,f6,a7,c7,e7,g7",
		"W:Wa1,c3(wb),Kd4,e5(Wbbw):Bb6(bW),g7",
		"B:Wc1(wBbbbbbbbb),Kg7:Ba1(Bw),Ke3",
		"B:W:Bd4",
	}
	for _, f := range cases {
		p, err := ParseFEN(f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if got := FEN(&p); got != f {
			t.Errorf("round trip: %s -> %s", f, got)
		}
		q, err := ParseFEN(FENNumeric(&p))
		if err != nil || q != p {
			t.Errorf("numeric round trip of %s: %s, %v", f, FENNumeric(&p), err)
		}
	}
	start := Start()
	if got := FENNumeric(&start); got != "W:W1,2,3,4,5,6,7,8,9,10,11:B15,16,17,18,19,20,21,22,23,24,25" {
		t.Errorf("start, numeric: %s", got)
	}
	for in, want := range map[string]string{
		"W:W1-11:B15-25":                        FEN(&start),
		` "W:Wa1,Kc3(Wb) : Be5". `:              "W:Wa1,c3(Wb):Be5",
		"w:bd4(bw):wKb2":                        "W:WKb2:Bd4(bw)",
		"W:W5(wb),Kc7:B25(Bwww)":                "W:Wb2(wb),Kc7:Bg7(Bwww)",
		"W:Wa1(wBbbbbbbbbbb),c1(wwwwwwwwwww):B": "", // 12 white pieces
	} {
		p, err := ParseFEN(in)
		switch {
		case want == "" && err == nil:
			t.Errorf("%q accepted: %s", in, FEN(&p))
		case want != "" && err != nil:
			t.Errorf("%q: %v", in, err)
		case want != "" && FEN(&p) != want:
			t.Errorf("%q: got %s, want %s", in, FEN(&p), want)
		}
	}
	for _, bad := range []string{"", "X:Wa1", "W:Wb1", "W:Wa1(bw)", "W:Wa1:Ba1", "W:Wa1(wx)", "W:Wa1(w", "W:KWa1(wb)", "W:Ka1(wb)", "W:Wa1:Wc1"} {
		if p, err := ParseFEN(bad); err == nil {
			t.Errorf("%q accepted: %s", bad, FEN(&p))
		}
	}
}
