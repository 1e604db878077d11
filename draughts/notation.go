package draughts

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// moveLists holds the scratch move lists of the notation functions. The
// capture generator's recursion makes the compiler move a MoveList
// (MaxMoves × 16 bytes, 16 KiB) it is given to the heap, so a local list
// here would be a fresh 16 KiB allocation per call: an archive indexing a
// collection parses and writes every move of every game.
var moveLists = sync.Pool{New: func() any { return new(MoveList) }}

func getMoveList() *MoveList { return moveLists.Get().(*MoveList) }

func putMoveList(ml *MoveList) { moveLists.Put(ml) }

// Paths returns every capture path (the squares the piece stands on, start
// and end included) that realises the capture m in p. A quiet move has the
// single path {From, To}.
func Paths(p *Position, r *Rules, m Move) [][]Square {
	if !m.IsCapture() {
		return [][]Square{{m.From, m.To}}
	}
	var out [][]Square
	ml := getMoveList()
	defer putMoveList(ml)
	var g capGen
	g.init(r, p.Side, p.Pieces[p.Side^1])
	g.ml = ml
	g.from = m.From
	g.empty = r.Board.Mask&^p.Occupied() | Bit(m.From)
	g.path = new([64]Square)
	g.path[0] = m.From
	g.visit = func(path []Square, got Move) {
		if got == m {
			out = append(out, append([]Square(nil), path...))
		}
	}
	if p.Kings.Has(m.From) {
		g.kingCapture(m.From, 0, 0, false, -1)
	} else {
		g.manCapture(m.From, 0, 0)
	}
	return out
}

// separator returns the notation's quiet and capture separators: "-" and
// ":" on 8x8 (6.1.6.2), "-" and "x" on 10x10.
func separator(r *Rules, capture bool) string {
	switch {
	case !capture:
		return "-"
	case r.Board.Size == 8:
		return ":"
	}
	return "x"
}

// MoveString writes m in the notation of r: "c3-d4", "c3:e5" on 8x8,
// "32-28", "28x19" on 10x10. The full path ("d2:h6:f8:c5:a7") is written
// only when another legal move of p has the same start and end (6.1.6.2).
func MoveString(p *Position, r *Rules, m Move) string {
	b := r.Board
	sep := separator(r, m.IsCapture())
	if m.IsCapture() {
		ml := getMoveList()
		Generate(p, r, ml)
		ambiguous := false
		for _, o := range ml.Slice() {
			if o != m && o.From == m.From && o.To == m.To {
				ambiguous = true
			}
		}
		putMoveList(ml)
		if ambiguous {
			if paths := Paths(p, r, m); len(paths) > 0 {
				names := make([]string, len(paths[0]))
				for i, s := range paths[0] {
					names[i] = b.Name(s)
				}
				return strings.Join(names, sep)
			}
		}
	}
	return b.Name(m.From) + sep + b.Name(m.To)
}

// MoveError is a move text that does not name exactly one legal move.
type MoveError struct {
	Text       string
	Reason     string   // "illegal", "ambiguous" or a syntax complaint
	Candidates []string // the legal moves (illegal) or the matching ones (ambiguous)
}

func (e *MoveError) Error() string {
	if len(e.Candidates) == 0 {
		return fmt.Sprintf("move %q: %s", e.Text, e.Reason)
	}
	what := "legal moves"
	if e.Reason == "ambiguous" {
		what = "candidates"
	}
	return fmt.Sprintf("move %q: %s; %s: %s", e.Text, e.Reason, what, strings.Join(e.Candidates, " "))
}

// ParseMove resolves move text against the legal moves of p. It accepts
// numeric or algebraic squares joined by "-", ":", "x" or "X", with the
// short (start and end) or the full capture path; trailing "!?+*#" marks are
// ignored. Text that matches no legal move, or several, is a *MoveError
// listing the legal moves or the candidates.
func ParseMove(p *Position, r *Rules, text string) (Move, error) {
	t := strings.TrimRight(strings.TrimSpace(text), "!?+*#")
	fields := strings.FieldsFunc(t, func(c rune) bool { return c == '-' || c == ':' || c == 'x' || c == 'X' })
	if len(fields) < 2 {
		return Move{}, &MoveError{Text: text, Reason: "want squares joined by '-', ':' or 'x'"}
	}
	sqs := make([]Square, len(fields))
	for i, f := range fields {
		sq, err := r.Board.ParseSquare(f)
		if err != nil {
			return Move{}, &MoveError{Text: text, Reason: err.Error()}
		}
		sqs[i] = sq
	}
	from, to := sqs[0], sqs[len(sqs)-1]
	ml := getMoveList()
	defer putMoveList(ml)
	Generate(p, r, ml)
	var match []Move
	for _, m := range ml.Slice() {
		if m.From != from || m.To != to {
			continue
		}
		if len(sqs) > 2 && !pathMatches(p, r, m, sqs) {
			continue
		}
		match = append(match, m)
	}
	if len(match) > 1 {
		// Prefer the move whose path is exactly the squares written
		// ("f8xb4" is the single capture, not a circuit ending on b4).
		var exact []Move
		for _, m := range match {
			for _, path := range Paths(p, r, m) {
				if slicesEqual(path, sqs) {
					exact = append(exact, m)
					break
				}
			}
		}
		if len(exact) == 1 {
			match = exact
		}
	}
	switch len(match) {
	case 1:
		return match[0], nil
	case 0:
		return Move{}, &MoveError{Text: text, Reason: "illegal", Candidates: MoveStrings(p, r, ml.Slice())}
	}
	return Move{}, &MoveError{Text: text, Reason: "ambiguous", Candidates: MoveStrings(p, r, match)}
}

// pathMatches reports whether some path of m passes through the given
// squares in order (the text may skip landing squares).
func pathMatches(p *Position, r *Rules, m Move, want []Square) bool {
	for _, path := range Paths(p, r, m) {
		j := 0
		for _, s := range path {
			if j < len(want) && s == want[j] {
				j++
			}
		}
		if j == len(want) {
			return true
		}
	}
	return false
}

// MoveStrings writes each move with MoveString, sorted.
func MoveStrings(p *Position, r *Rules, ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = MoveString(p, r, m)
	}
	sort.Strings(out)
	return out
}

// LegalMoves returns the legal moves of p as a new slice (convenience for
// code off the hot path).
func LegalMoves(p *Position, r *Rules) []Move {
	ml := getMoveList()
	defer putMoveList(ml)
	Generate(p, r, ml)
	return append([]Move(nil), ml.Slice()...)
}

func slicesEqual(a, b []Square) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// MoveLess orders move texts naturally: numbers by value ("50-6" before
// "50-11"), the rest as text. Reports list moves in this order.
func MoveLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := digitRun(a), digitRun(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if len(na) != len(nb) {
				return len(na) < len(nb)
			}
			if na != nb {
				return na < nb
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

func digitRun(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}
