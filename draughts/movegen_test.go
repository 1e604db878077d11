package draughts

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// TestPositionSize: the package doc promises a 40-byte value (the solver's
// tables and the move generator copy it on every move).
func TestPositionSize(t *testing.T) {
	if s := unsafe.Sizeof(Position{}); s != 40 {
		t.Fatalf("Position is %d bytes, the package doc says 40", s)
	}
}

// readTSV returns the data rows of a tab-separated file with '#' comments
// and a header line, as maps from column name to value.
func readTSV(t testing.TB, path string) []map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var header []string
	var rows []map[string]string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		cols := strings.Split(line, "\t")
		if header == nil {
			header = cols
			continue
		}
		row := map[string]string{}
		for i, h := range header {
			if i < len(cols) {
				row[h] = cols[i]
			}
		}
		rows = append(rows, row)
	}
	return rows
}

// moveKey identifies a move by the position it leads to.
type moveKey struct {
	from, to Square
	captured Bitboard
}

func keysOf(ms []Move) map[moveKey]bool {
	out := map[moveKey]bool{}
	for _, m := range ms {
		out[moveKey{m.From, m.To, m.Captured}] = true
	}
	return out
}

// TestMovegenCases checks every row of testdata/movegen-cases.tsv (FMJD
// rule-book cases from dctl, pydraughts and py-draughts).
func TestMovegenCases(t *testing.T) {
	rows := readTSV(t, "testdata/movegen-cases.tsv")
	if len(rows) < 40 {
		t.Fatalf("only %d movegen cases", len(rows))
	}
	for i, row := range rows {
		r, err := RulesByID(row["variant"])
		if err != nil {
			t.Fatal(err)
		}
		p, err := ParseFEN(r, row["fen"])
		if err != nil {
			t.Errorf("row %d: %v", i, err)
			continue
		}
		legal := LegalMoves(&p, r)
		var expected []string
		if s := strings.TrimSpace(row["expected_moves"]); s != "" {
			expected = strings.Fields(s)
		}
		switch row["kind"] {
		case "count-only":
			n, _ := strconv.Atoi(row["n_moves"])
			if len(legal) != n {
				t.Errorf("row %d %s: %d moves %v, want %d", i, row["fen"], len(legal), MoveStrings(&p, r, legal), n)
			}
		case "contains":
			for _, e := range expected {
				if _, err := ParseMove(&p, r, e); err != nil {
					t.Errorf("row %d %s: %v", i, row["fen"], err)
				}
			}
		case "exact":
			got := map[Move]bool{}
			for _, e := range expected {
				m, err := ParseMove(&p, r, e)
				if err != nil {
					t.Errorf("row %d %s: %v", i, row["fen"], err)
					continue
				}
				got[m] = true
			}
			if len(got) != len(legal) {
				t.Errorf("row %d %s: legal %v, expected %v", i, row["fen"], MoveStrings(&p, r, legal), expected)
			}
		default:
			t.Fatalf("row %d: unknown kind %q", i, row["kind"])
		}
	}
}

// parseOracleMove reads pydraughts' "10x3x12[7,8]" / "1-5" form.
func parseOracleMove(t *testing.T, b *Board, s string) moveKey {
	t.Helper()
	var capt Bitboard
	if i := strings.IndexByte(s, '['); i >= 0 {
		for _, c := range strings.Split(strings.Trim(s[i:], "[]"), ",") {
			n, err := strconv.Atoi(c)
			if err != nil {
				t.Fatalf("oracle move %q: %v", s, err)
			}
			capt |= Bit(b.FromStd(n))
		}
		s = s[:i]
	}
	f := strings.FieldsFunc(s, func(c rune) bool { return c == '-' || c == 'x' })
	from, _ := strconv.Atoi(f[0])
	to, _ := strconv.Atoi(f[len(f)-1])
	return moveKey{b.FromStd(from), b.FromStd(to), capt}
}

// TestOracle compares the legal move sets and perft 1-3 with the pydraughts
// oracle files (international cross-checked with Scan 3.1).
// oracleRow is one position of the oracle files (testdata/oracle), read.
type oracleRow struct {
	row map[string]string
	r   *Rules
	p   Position
}

// oracleRows reads the three oracle files; a row whose FEN does not parse
// is an error of t and left out.
func oracleRows(t *testing.T) []oracleRow {
	t.Helper()
	files, _ := filepath.Glob("testdata/oracle/*.tsv")
	if len(files) != 3 {
		t.Fatalf("want 3 oracle files, found %d", len(files))
	}
	var out []oracleRow
	for _, file := range files {
		for _, row := range readTSV(t, file) {
			r, err := RulesByID(row["variant"])
			if err != nil {
				t.Fatal(err)
			}
			p, err := ParseFEN(r, row["fen"])
			if err != nil {
				t.Errorf("%s: %v", row["id"], err)
				continue
			}
			out = append(out, oracleRow{row, r, p})
		}
	}
	return out
}

func TestOracle(t *testing.T) {
	total := 0
	for _, o := range oracleRows(t) {
		row, r, p := o.row, o.r, o.p
		if alg := row["fen_alg"]; alg != "" {
			q, err := ParseFEN(r, alg)
			if err != nil || q != p {
				t.Errorf("%s: algebraic FEN %q differs from numeric (%v)", row["id"], alg, err)
			}
		}
		want := map[moveKey]bool{}
		for _, s := range strings.Fields(row["moves"]) {
			want[parseOracleMove(t, r.Board, s)] = true
		}
		legal := LegalMoves(&p, r)
		got := keysOf(legal)
		if len(got) != len(legal) {
			t.Errorf("%s: duplicate moves in %v", row["id"], MoveStrings(&p, r, legal))
		}
		if !equalKeys(got, want) {
			t.Errorf("%s %s: got %v, oracle %s", row["id"], row["fen"], MoveStrings(&p, r, legal), row["moves"])
		}
		for d := 1; d <= 3; d++ {
			w, _ := strconv.ParseUint(row["perft"+strconv.Itoa(d)], 10, 64)
			if g := Perft(&p, r, d); g != w {
				t.Errorf("%s %s: perft %d = %d, oracle %d", row["id"], row["fen"], d, g, w)
			}
		}
		total++
	}
	if total < 360 {
		t.Errorf("only %d oracle positions", total)
	}
}

// TestGenerateCaptures: on the oracle positions and their successors,
// GenerateCaptures lists the oracle's moves when they are captures and
// nothing when they are not, and (successors, no oracle) Generate's list
// exactly when HasCapture holds.
func TestGenerateCaptures(t *testing.T) {
	var ml, all MoveList
	captures, quiet, successors := 0, 0, 0
	for _, o := range oracleRows(t) {
		row, r, p := o.row, o.r, o.p
		want := map[moveKey]bool{}
		capture := false
		for _, s := range strings.Fields(row["moves"]) {
			k := parseOracleMove(t, r.Board, s)
			want[k] = true
			capture = capture || k.captured != 0
		}
		GenerateCaptures(&p, r, &ml)
		got := keysOf(append([]Move(nil), ml.Slice()...))
		switch {
		case capture && !equalKeys(got, want):
			t.Errorf("%s %s: captures %v, oracle %s", row["id"], row["fen"], MoveStrings(&p, r, ml.Slice()), row["moves"])
		case !capture && ml.N != 0:
			t.Errorf("%s %s: captures %v, oracle has none: %s", row["id"], row["fen"], MoveStrings(&p, r, ml.Slice()), row["moves"])
		}
		if capture {
			captures++
		} else {
			quiet++
		}
		for _, m := range LegalMoves(&p, r) {
			q := p.Play(m)
			for _, m2 := range LegalMoves(&q, r) {
				successors += checkCaptures(t, r, q.Play(m2), &ml, &all)
			}
			successors += checkCaptures(t, r, q, &ml, &all)
		}
	}
	if captures < 50 || quiet < 50 || successors < 5000 {
		t.Errorf("only %d oracle positions with captures, %d without, %d successors", captures, quiet, successors)
	}
	t.Logf("%d oracle positions with captures, %d without, %d successors", captures, quiet, successors)
}

// checkCaptures fails t unless GenerateCaptures lists Generate's moves of q
// exactly when HasCapture holds, and nothing otherwise; it returns 1.
func checkCaptures(t *testing.T, r *Rules, q Position, ml, all *MoveList) int {
	t.Helper()
	GenerateCaptures(&q, r, ml)
	Generate(&q, r, all)
	has := HasCapture(&q, r)
	if has != (ml.N > 0) || (has && ml.N != all.N) {
		t.Fatalf("%s: GenerateCaptures %d moves, Generate %d, HasCapture %v", FEN(&q, r), ml.N, all.N, has)
	}
	for i := 0; i < ml.N; i++ {
		if ml.Moves[i] != all.Moves[i] {
			t.Fatalf("%s: capture %d is %v, Generate's %v", FEN(&q, r), i, ml.Moves[i], all.Moves[i])
		}
	}
	return 1
}

func equalKeys(a, b map[moveKey]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

func sortedStrings(s []string) []string {
	s = append([]string(nil), s...)
	sort.Strings(s)
	return s
}

// TestGenerateDoesNotAllocate: a MoveList declared by Generate's caller
// stays on the caller's stack. The list is 24 KiB; when the capture
// generator's setup let it escape, every such call allocated and cleared
// it on the heap (11 % of a check of published-3 No. 2, in the solver's
// exchange count; docs/performance.md "A move list on the heap"). Every
// oracle position with a capture, both boards.
func TestGenerateDoesNotAllocate(t *testing.T) {
	n := 0
	for _, o := range oracleRows(t) {
		p, r := o.p, o.r
		if !HasCapture(&p, r) {
			continue
		}
		n++
		got := 0
		allocs := testing.AllocsPerRun(5, func() {
			var ml MoveList
			Generate(&p, r, &ml)
			got = ml.N
		})
		if allocs != 0 || got == 0 {
			t.Fatalf("%s %s: Generate with a local MoveList: %v allocations, %d moves; want 0 allocations", o.row["id"], o.row["fen"], allocs, got)
		}
	}
	if n < 50 {
		t.Fatalf("only %d oracle positions with a capture", n)
	}
}
