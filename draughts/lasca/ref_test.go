package lasca

// A slow reference Lasca move generator, written apart from the fast one
// (lasca_movegen.go) and sharing none of its code: a naive 7x7 array of
// columns held as strings (top first, letters w W b B), coordinates as
// (file, rank), a capture search that copies the whole board at every jump.
// The tests compare the two generators position by position, as sets of
// successor positions, on random playouts and random column positions, and
// compare perft counts.

import (
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"draughtsjudge/draughts"
)

type refBoard struct {
	sq    [7][7]string // sq[file][rank], "" = empty or light square
	black bool         // side to move
}

func (b *refBoard) key() string {
	var sb strings.Builder
	if b.black {
		sb.WriteString("B|")
	} else {
		sb.WriteString("W|")
	}
	for r := 0; r < 7; r++ {
		for f := 0; f < 7; f++ {
			sb.WriteString(b.sq[f][r])
			sb.WriteByte('/')
		}
	}
	return sb.String()
}

func refMine(pc byte, black bool) bool {
	return (pc == 'b' || pc == 'B') == black
}

func refOnBoard(f, r int) bool { return f >= 0 && f < 7 && r >= 0 && r < 7 }

// refDirs returns the (df, dr) steps of a commander: men forward only, kings
// all four diagonals, one square (004 §2.4.1).
func refDirs(pc byte) [][2]int {
	switch pc {
	case 'w':
		return [][2]int{{1, 1}, {-1, 1}}
	case 'b':
		return [][2]int{{1, -1}, {-1, -1}}
	}
	return [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}
}

func refPromote(col string) string {
	switch col[0] {
	case 'w':
		return "W" + col[1:]
	case 'b':
		return "B" + col[1:]
	}
	return col
}

// refSuccessors returns the set of positions after each legal move.
func refSuccessors(b refBoard) map[string]refBoard {
	out := map[string]refBoard{}
	finish := func(nb refBoard, f, r int, col string) {
		top := col[0]
		last := 6
		if b.black {
			last = 0
		}
		if (top == 'w' || top == 'b') && r == last {
			col = refPromote(col)
		}
		nb.sq[f][r] = col
		nb.black = !b.black
		out[nb.key()] = nb
	}
	var jump func(nb refBoard, f, r int, col string, jumped [][2]int)
	jump = func(nb refBoard, f, r int, col string, jumped [][2]int) {
		top := col[0]
		found := false
		for _, d := range refDirs(top) {
			mf, mr, lf, lr := f+d[0], r+d[1], f+2*d[0], r+2*d[1]
			if !refOnBoard(lf, lr) || nb.sq[mf][mr] == "" || refMine(nb.sq[mf][mr][0], b.black) || nb.sq[lf][lr] != "" {
				continue
			}
			again := false
			for _, j := range jumped {
				if j == [2]int{mf, mr} {
					again = true
				}
			}
			if again {
				continue // Lasker: a column is jumped once per move
			}
			found = true
			next := nb // copies the array
			prisoner := next.sq[mf][mr][:1]
			next.sq[mf][mr] = next.sq[mf][mr][1:]
			ncol := col + prisoner
			nj := append(append([][2]int(nil), jumped...), [2]int{mf, mr})
			last := 6
			if b.black {
				last = 0
			}
			if (top == 'w' || top == 'b') && lr == last {
				finish(next, lf, lr, ncol) // 004 §2.4.2: stops and promotes
				continue
			}
			jump(next, lf, lr, ncol, nj)
		}
		if !found && len(jumped) > 0 {
			finish(nb, f, r, col)
		}
	}
	for f := 0; f < 7; f++ {
		for r := 0; r < 7; r++ {
			col := b.sq[f][r]
			if col == "" || !refMine(col[0], b.black) {
				continue
			}
			nb := b
			nb.sq[f][r] = ""
			jump(nb, f, r, col, nil)
		}
	}
	if len(out) > 0 {
		return out
	}
	for f := 0; f < 7; f++ {
		for r := 0; r < 7; r++ {
			col := b.sq[f][r]
			if col == "" || !refMine(col[0], b.black) {
				continue
			}
			for _, d := range refDirs(col[0]) {
				tf, tr := f+d[0], r+d[1]
				if !refOnBoard(tf, tr) || b.sq[tf][tr] != "" {
					continue
				}
				nb := b
				nb.sq[f][r] = ""
				finish(nb, tf, tr, col)
			}
		}
	}
	return out
}

func refPerft(b refBoard, depth int) uint64 {
	succ := refSuccessors(b)
	if depth == 1 {
		return uint64(len(succ))
	}
	var n uint64
	for _, s := range succ {
		n += refPerft(s, depth-1)
	}
	return n
}

// refCoords lists the dark squares in 004 order, derived here on its own:
// row by row from White's side, left to right, a1 dark.
func refCoords() [][2]int {
	var out [][2]int
	for r := 0; r < 7; r++ {
		for f := 0; f < 7; f++ {
			if (f+r)%2 == 0 {
				out = append(out, [2]int{f, r})
			}
		}
	}
	return out
}

var refSquares = refCoords()

// toRef converts a fast position to a reference board.
func toRef(p *Position) refBoard {
	var b refBoard
	b.black = p.Side == draughts.Black
	for i, c := range p.Col {
		var sb strings.Builder
		for _, pc := range c.Pieces() {
			sb.WriteByte([]byte{'w', 'b', 'W', 'B'}[pc])
		}
		b.sq[refSquares[i][0]][refSquares[i][1]] = sb.String()
	}
	return b
}

// fromRef converts a reference board to a fast position.
func fromRef(b refBoard) Position {
	var cols [Squares]Column
	for i, fr := range refSquares {
		for _, ch := range []byte(b.sq[fr[0]][fr[1]]) {
			cols[i] = cols[i].AddBottom(Piece(strings.IndexByte("wbWB", ch)))
		}
	}
	side := draughts.White
	if b.black {
		side = draughts.Black
	}
	return NewPosition(cols, side)
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// checkAgainstRef compares the fast generator with the reference in p and
// returns the fast moves.
func checkAgainstRef(t *testing.T, p *Position, ml *MoveList) bool {
	t.Helper()
	Generate(p, ml)
	want := refSuccessors(toRef(p))
	got := map[string]bool{}
	for _, m := range ml.Slice() {
		q := p.Play(m)
		if err := q.Valid(); err != nil {
			t.Errorf("%s: after %s: %v", FEN(p), MoveString(p, m), err)
			return false
		}
		k := toRef(&q)
		got[k.key()] = true
	}
	if len(got) != ml.N {
		t.Errorf("%s: %d moves but %d distinct successors (duplicate moves)", FEN(p), ml.N, len(got))
		return false
	}
	if len(got) != len(want) {
		t.Errorf("%s: fast %d successors, reference %d\nfast: %v\nref:  %v", FEN(p), len(got), len(want),
			MoveStrings(p, ml.Slice()), sortedKeys(want))
		return false
	}
	for k := range want {
		if !got[k] {
			t.Errorf("%s: reference successor %s missing from fast moves %v", FEN(p), k, MoveStrings(p, ml.Slice()))
			return false
		}
	}
	return true
}

// randomPosition builds a random legal-material position: columns of 1–4
// random pieces on random squares, at most 11 pieces a colour, kings
// anywhere, men anywhere but commanding on their last row.
func randomPosition(rng *rand.Rand) Position {
	var cols [Squares]Column
	left := [2]int{11, 11}
	for s := range cols {
		if rng.IntN(100) >= 45 {
			continue
		}
		h := 1 + rng.IntN(4)
		for range h {
			pc := Piece(rng.IntN(4))
			if rng.IntN(3) > 0 {
				pc &^= 2 // mostly men
			}
			if left[pc.Side()] == 0 {
				continue
			}
			left[pc.Side()]--
			cols[s] = cols[s].AddBottom(pc)
		}
	}
	for s := range cols {
		// A man commanding a column on its last row is impossible (Valid).
		if top := cols[s].Top(); cols[s] != 0 && !top.King() && lastRow[top.Side()]&(1<<s) != 0 {
			cols[s] = cols[s].PromoteTop()
		}
	}
	return NewPosition(cols, draughts.Side(rng.IntN(2)))
}

// TestAgainstReference plays random games from the initial position
// and from random column positions and compares the two generators in every
// position reached.
func TestAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 0xEA5CA))
	var ml MoveList
	positions, captures, multi := 0, 0, 0
	play := func(p Position, plies int) {
		for range plies {
			positions++
			if !checkAgainstRef(t, &p, &ml) || ml.N == 0 {
				return
			}
			m := ml.Moves[rng.IntN(ml.N)]
			if m.IsCapture() {
				captures++
				if m.N > 1 {
					multi++
				}
			}
			q := p.Play(m)
			if q.Key != q.ComputeKey() {
				t.Fatalf("%s: key out of step after %s", FEN(&p), MoveString(&p, m))
			}
			p = q
		}
	}
	games, randoms := 300, 1500
	if testing.Short() {
		games, randoms = 100, 500
	}
	for range games {
		play(Start(), 200)
	}
	for range randoms {
		p := randomPosition(rng)
		if p.Valid() != nil {
			t.Fatalf("random position invalid: %v", p.Valid())
		}
		play(p, 8)
	}
	t.Logf("%d positions compared (%d captures played, %d of them multiple)", positions, captures, multi)
	if t.Failed() {
		return
	}
	if positions < 2000 || multi < 50 {
		t.Errorf("too few positions (%d) or multiple captures (%d) compared", positions, multi)
	}
}

// TestPerftReference counts perft with the reference generator and
// compares it with Perft, from the start and from positions with
// kings and columns.
func TestPerftReference(t *testing.T) {
	cases := []struct {
		fen   string
		depth int
	}{
		{"", 12},
		{"W:WKa1,c3(wb),Kd4,e5(Wbbw):Bb6(bW),g7,Kf2,Ka5(Bww)", 4},
		{"B:Wa3(wbb),c3,e3(Wb),g3,d2:Bc5(bw),e5,Kd6,b6(Bw),f6", 4},
	}
	for _, c := range cases {
		p := Start()
		if c.fen != "" {
			var err error
			if p, err = ParseFEN(c.fen); err != nil {
				t.Fatal(err)
			}
		}
		depth := c.depth
		if testing.Short() {
			depth = min(depth, 10)
		}
		for d := 1; d <= depth; d++ {
			fast, ref := Perft(&p, d), refPerft(toRef(&p), d)
			if fast != ref {
				t.Fatalf("%s depth %d: Perft %d, reference %d", FEN(&p), d, fast, ref)
			}
		}
	}
}

func TestRefBridge(t *testing.T) {
	p := Start()
	q := fromRef(toRef(&p))
	if q != p {
		t.Fatalf("reference bridge does not round-trip the start position")
	}
}
