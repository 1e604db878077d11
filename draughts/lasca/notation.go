package lasca

import (
	"sort"
	"strings"

	"draughtsjudge/draughts"
)

// LascaMoveString writes m in 004 §2.3 notation: "c3-d4" for a quiet move,
// "c3:e5" for a capture (start and end). The full path of landing squares
// ("a1:c3:e5:c7") is written only when another legal move of p has the same
// start and end; 004 asks for the squares where the direction changes, and
// every landing square is a superset of those that ParseLascaMove also
// reads.
func LascaMoveString(p *LascaPosition, m LascaMove) string {
	if !m.IsCapture() {
		return m.From.String() + "-" + m.To.String()
	}
	var ml LascaMoveList
	GenerateLasca(p, &ml)
	for _, o := range ml.Slice() {
		if o != m && o.From == m.From && o.To == m.To {
			if paths := LascaPaths(p, m); len(paths) > 0 {
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

// ParseLascaMove resolves move text against the legal moves of p. It accepts
// algebraic or numeric squares joined by "-", ":", "x" or "X", with the
// short (start and end) or a fuller capture path (any squares of the path
// in order, e.g. the squares where the direction changes, 004 §2.3);
// trailing "!?+*#" marks are ignored. Text that matches no legal move, or
// several, is a *MoveError listing the legal moves or the candidates.
func ParseLascaMove(p *LascaPosition, text string) (LascaMove, error) {
	t := strings.TrimRight(strings.TrimSpace(text), "!?+*#")
	fields := strings.FieldsFunc(t, func(c rune) bool { return c == '-' || c == ':' || c == 'x' || c == 'X' })
	if len(fields) < 2 {
		return LascaMove{}, &draughts.MoveError{Text: text, Reason: "want squares joined by '-', ':' or 'x'"}
	}
	sqs := make([]LascaSquare, len(fields))
	for i, f := range fields {
		sq, err := ParseLascaSquare(f)
		if err != nil {
			return LascaMove{}, &draughts.MoveError{Text: text, Reason: err.Error()}
		}
		sqs[i] = sq
	}
	from, to := sqs[0], sqs[len(sqs)-1]
	var ml LascaMoveList
	GenerateLasca(p, &ml)
	var match []LascaMove
	for _, m := range ml.Slice() {
		if m.From != from || m.To != to {
			continue
		}
		if len(sqs) > 2 && !lascaPathMatches(p, m, sqs, false) {
			continue
		}
		match = append(match, m)
	}
	if len(match) > 1 {
		// Prefer the move whose path is exactly the squares written.
		var exact []LascaMove
		for _, m := range match {
			if lascaPathMatches(p, m, sqs, true) {
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
		return LascaMove{}, &draughts.MoveError{Text: text, Reason: "illegal", Candidates: LascaMoveStrings(p, ml.Slice())}
	}
	return LascaMove{}, &draughts.MoveError{Text: text, Reason: "ambiguous", Candidates: LascaMoveStrings(p, match)}
}

// lascaPathMatches reports whether some path of m is want (exact) or passes
// through want's squares in order.
func lascaPathMatches(p *LascaPosition, m LascaMove, want []LascaSquare, exact bool) bool {
	for _, path := range LascaPaths(p, m) {
		if exact {
			if len(path) == len(want) && lascaPathString(path) == lascaPathString(want) {
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

func lascaPathString(path []LascaSquare) string {
	names := make([]string, len(path))
	for i, s := range path {
		names[i] = s.String()
	}
	return strings.Join(names, ":")
}

// LascaMoveStrings writes each move with LascaMoveString, sorted.
func LascaMoveStrings(p *LascaPosition, ms []LascaMove) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = LascaMoveString(p, m)
	}
	sort.Strings(out)
	return out
}

// LascaLegalMoves returns the legal moves of p as a new slice (off the hot
// path).
func LascaLegalMoves(p *LascaPosition) []LascaMove {
	var ml LascaMoveList
	GenerateLasca(p, &ml)
	return append([]LascaMove(nil), ml.Slice()...)
}
