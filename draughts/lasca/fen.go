package lasca

import (
	"fmt"
	"strings"

	"draughtsjudge/draughts"
)

// Lasca FEN: the PDN FEN of the other systems ("W:Wa1,c1:Be7"), extended
// with columns. A square in side X's list is a column whose commander is
// X's. A bare square is a one-piece column: a man, or a king with the
// prefix K ("Kd4"). A taller column follows its square with its pieces in
// parentheses, top to bottom, one letter each: w = white man, W = white
// king, b = black man, B = black king (004 §2.3 writes a column's men as "0"
// and kings as "1"; the letters add the colours). The first letter is the
// commander and must be of the list's side:
//
//	W:Wa1,c3(wb),Kd4,e5(Wbbw):Bb6(bW),g7
//
// is White to move; a white man on a1; on c3 a white man over a black man;
// a white king on d4; on e5 a white king over two black men over a white
// man; on b6 a black man over a white king; a black man on g7. A K prefix
// before a column is allowed when its top letter is a king. Squares may be
// numeric (1–25, 004 numbering, see the package notes), and a numeric range
// "1-11" lists one-piece men. FEN writes algebraic squares, in number
// order; bare squares for one-piece columns.

// ParseFEN reads a Lasca FEN (format above). It tolerates spaces,
// surrounding quotes and a trailing period. The position must pass Valid.
func ParseFEN(s string) (Position, error) {
	t := strings.TrimSuffix(strings.TrimSpace(s), ".")
	t = strings.Trim(strings.TrimSpace(t), "\"")
	t = strings.TrimSuffix(strings.TrimSpace(t), ".")
	t = strings.ReplaceAll(t, " ", "")
	if t == "" {
		return Position{}, fmt.Errorf("Lasca FEN: empty")
	}
	fail := func(format string, args ...any) (Position, error) {
		return Position{}, fmt.Errorf("Lasca FEN %q: %s", s, fmt.Sprintf(format, args...))
	}
	fields := strings.Split(t, ":")
	var side draughts.Side
	switch fields[0] {
	case "W", "w":
		side = draughts.White
	case "B", "b":
		side = draughts.Black
	default:
		return fail("side to move %q: want W or B", fields[0])
	}
	var cols [Squares]Column
	seen := [2]bool{}
	for _, f := range fields[1:] {
		if f == "" {
			continue
		}
		var who draughts.Side
		switch f[0] {
		case 'W', 'w':
			who = draughts.White
		case 'B', 'b':
			who = draughts.Black
		default:
			return fail("field %q: want W or B followed by squares", f)
		}
		if seen[who] {
			return fail("%s columns given twice", who)
		}
		seen[who] = true
		for _, item := range splitItems(f[1:]) {
			if item == "" {
				continue
			}
			sqs, col, err := parseItem(item, who)
			if err != nil {
				return fail("%v", err)
			}
			for _, sq := range sqs {
				if cols[sq] != 0 {
					return fail("square %s given twice", sq)
				}
				cols[sq] = col
			}
		}
	}
	p := NewPosition(cols, side)
	if err := p.Valid(); err != nil {
		return fail("%v", err)
	}
	return p, nil
}

// splitItems splits a side's list at the commas outside parentheses.
func splitItems(body string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(body); i++ {
		switch body[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, body[start:i])
				start = i + 1
			}
		}
	}
	return append(out, body[start:])
}

// parseItem reads one entry of side who's list: "a1", "Kd4", "c3(wb)",
// "5", "1-11".
func parseItem(item string, who draughts.Side) ([]Square, Column, error) {
	king := false
	if item[0] == 'K' || item[0] == 'k' {
		king = true
		item = item[1:]
	}
	stack := ""
	if i := strings.IndexByte(item, '('); i >= 0 {
		if !strings.HasSuffix(item, ")") {
			return nil, 0, fmt.Errorf("column %q: missing ')'", item)
		}
		stack = item[i+1 : len(item)-1]
		item = item[:i]
	}
	var sqs []Square
	if i := strings.IndexByte(item, '-'); i > 0 && stack == "" {
		lo, err1 := ParseSquare(item[:i])
		hi, err2 := ParseSquare(item[i+1:])
		if err1 != nil || err2 != nil || lo > hi || item[0] < '0' || item[0] > '9' {
			return nil, 0, fmt.Errorf("bad square range %q", item)
		}
		for s := lo; s <= hi; s++ {
			sqs = append(sqs, s)
		}
	} else {
		sq, err := ParseSquare(item)
		if err != nil {
			return nil, 0, err
		}
		sqs = []Square{sq}
	}
	if stack == "" {
		pc := Piece(who)
		if king {
			pc |= 2
		}
		return sqs, ColumnOf(pc), nil
	}
	if len(stack) > MaxColumn {
		return nil, 0, fmt.Errorf("column %q: more than %d pieces", stack, MaxColumn)
	}
	var col Column
	for i := 0; i < len(stack); i++ {
		var pc Piece
		switch stack[i] {
		case 'w':
			pc = WhiteMan
		case 'W':
			pc = WhiteKing
		case 'b':
			pc = BlackMan
		case 'B':
			pc = BlackKing
		default:
			return nil, 0, fmt.Errorf("column %q: piece %q: want w, W, b or B", stack, stack[i])
		}
		col = col.AddBottom(pc)
	}
	if col.Top().Side() != who {
		return nil, 0, fmt.Errorf("column %s(%s): its top is %s's, but it is listed with %s's", sqs[0], stack, col.Top().Side(), who)
	}
	if king && !col.Top().King() {
		return nil, 0, fmt.Errorf("column K%s(%s): K but its top is a man", sqs[0], stack)
	}
	return sqs, col, nil
}

// FEN writes p as a Lasca FEN with algebraic squares.
func FEN(p *Position) string { return writeFEN(p, true) }

// FENNumeric writes p as a Lasca FEN with 004 numbers 1–25.
func FENNumeric(p *Position) string { return writeFEN(p, false) }

func writeFEN(p *Position, alg bool) string {
	var sb strings.Builder
	sb.WriteString("WB"[p.Side : p.Side+1])
	for s := draughts.Side(0); s < 2; s++ {
		sb.WriteString(":")
		sb.WriteString("WB"[s : s+1])
		first := true
		for sq := Square(0); sq < Squares; sq++ {
			if p.Tops[s]&(1<<sq) == 0 {
				continue
			}
			if !first {
				sb.WriteString(",")
			}
			first = false
			c := p.Col[sq]
			if c.Height() == 1 && c.Top().King() {
				sb.WriteString("K")
			}
			if alg {
				sb.WriteString(sq.String())
			} else {
				fmt.Fprintf(&sb, "%d", sq.Std())
			}
			if c.Height() > 1 {
				sb.WriteString("(" + c.String() + ")")
			}
		}
	}
	return sb.String()
}

// String returns the column's pieces top to bottom in the FEN letters.
func (c Column) String() string {
	var sb strings.Builder
	for d := 0; d < c.Height(); d++ {
		sb.WriteByte("wbWB"[c.Piece(d)])
	}
	return sb.String()
}
