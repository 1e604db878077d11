package lasca

import (
	"sort"
	"strings"

	"draughtsjudge/draughts"
)

// MoveString writes m in 004 §2.3 notation: "c3-d4" for a quiet move,
// "c3:e5" for a capture (start and end). The full path of landing squares
// ("a1:c3:e5:c7") is written only when another legal move of p has the same
// start and end; 004 asks for the squares where the direction changes, and
// every landing square is a superset of those that ParseMove also
// reads.
func MoveString(p *Position, m Move) string {
	if !m.IsCapture() {
		return m.From.String() + "-" + m.To.String()
	}
	var ml MoveList
	Generate(p, &ml)
	for _, o := range ml.Slice() {
		if o != m && o.From == m.From && o.To == m.To {
			if paths := Paths(p, m); len(paths) > 0 {
				names := make([]string, len(paths[0]))
				for i, s := range paths[0] {
					names[i] = s.String()
				}
				return strings.Join(names, ":")
			}
		}
	}
	return m.From.String() + ":" + m.To.String()
}

// ParseMove resolves move text against the legal moves of p. It accepts
// algebraic or numeric squares joined by "-", ":", "x" or "X", with the
// short (start and end) or a fuller capture path (any squares of the path
// in order, e.g. the squares where the direction changes, 004 §2.3);
// trailing "!?+*#" marks are ignored. Text that matches no legal move, or
// several, is a *draughts.MoveError listing the legal moves or the
// candidates.
func ParseMove(p *Position, text string) (Move, error) {
	t := strings.TrimRight(strings.TrimSpace(text), "!?+*#")
	fields := strings.FieldsFunc(t, func(c rune) bool { return c == '-' || c == ':' || c == 'x' || c == 'X' })
	if len(fields) < 2 {
		return Move{}, &draughts.MoveError{Text: text, Reason: "want squares joined by '-', ':' or 'x'"}
	}
	sqs := make([]Square, len(fields))
	for i, f := range fields {
		sq, err := ParseSquare(f)
		if err != nil {
			return Move{}, &draughts.MoveError{Text: text, Reason: err.Error()}
		}
		sqs[i] = sq
	}
	from, to := sqs[0], sqs[len(sqs)-1]
	var ml MoveList
	Generate(p, &ml)
	var match []Move
	for _, m := range ml.Slice() {
		if m.From != from || m.To != to {
			continue
		}
		if len(sqs) > 2 && !pathMatches(p, m, sqs, false) {
			continue
		}
		match = append(match, m)
	}
	if len(match) > 1 {
		// Prefer the move whose path is exactly the squares written.
		var exact []Move
		for _, m := range match {
			if pathMatches(p, m, sqs, true) {
				exact = append(exact, m)
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
		return Move{}, &draughts.MoveError{Text: text, Reason: "illegal", Candidates: MoveStrings(p, ml.Slice())}
	}
	return Move{}, &draughts.MoveError{Text: text, Reason: "ambiguous", Candidates: MoveStrings(p, match)}
}

// pathMatches reports whether some path of m is want (exact) or passes
// through want's squares in order.
func pathMatches(p *Position, m Move, want []Square, exact bool) bool {
	for _, path := range Paths(p, m) {
		if exact {
			if len(path) == len(want) && pathString(path) == pathString(want) {
				return true
			}
			continue
		}
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

func pathString(path []Square) string {
	names := make([]string, len(path))
	for i, s := range path {
		names[i] = s.String()
	}
	return strings.Join(names, ":")
}

// MoveStrings writes each move with MoveString, sorted.
func MoveStrings(p *Position, ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = MoveString(p, m)
	}
	sort.Strings(out)
	return out
}

// LegalMoves returns the legal moves of p as a new slice (off the hot
// path).
func LegalMoves(p *Position) []Move {
	var ml MoveList
	Generate(p, &ml)
	return append([]Move(nil), ml.Slice()...)
}
