package draughts

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseFEN reads a PDN FEN such as "W:Wa1,c3,Kd4:Bh8,Ke5" or
// "B:W31-35,K46:B1,2". Squares are numeric or, on 8x8, algebraic; "K" marks
// a king; "a-b" is a numeric range. It tolerates spaces, surrounding quotes,
// a trailing period and extra fields such as lidraughts' ":H0:F1". The side
// to move is the first field. The position must pass Valid.
func ParseFEN(r *Rules, s string) (Position, error) {
	t := strings.TrimSpace(s)
	t = strings.Trim(t, "\"")
	t = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(t), "."))
	t = strings.ReplaceAll(t, " ", "")
	if t == "" {
		return Position{}, fmt.Errorf("FEN: empty")
	}
	fields := strings.Split(t, ":")
	var side Side
	switch strings.ToUpper(fields[0]) {
	case "W":
		side = White
	case "B":
		side = Black
	default:
		return Position{}, fmt.Errorf("FEN %q: side to move %q: want W or B", s, fields[0])
	}
	var pcs [2]Bitboard
	var kings Bitboard
	seen := [2]bool{}
	for _, f := range fields[1:] {
		if f == "" {
			continue
		}
		var who Side
		switch f[0] {
		case 'W', 'w':
			who = White
		case 'B', 'b':
			who = Black
		default:
			// lidraughts appends ":H0:F1" (half-move clock, move number).
			if f[0] == 'H' || f[0] == 'F' {
				continue
			}
			return Position{}, fmt.Errorf("FEN %q: field %q: want W or B followed by squares", s, f)
		}
		if seen[who] {
			return Position{}, fmt.Errorf("FEN %q: %s pieces given twice", s, who)
		}
		seen[who] = true
		body := f[1:]
		if body == "" {
			continue
		}
		for _, item := range strings.Split(body, ",") {
			if item == "" {
				continue
			}
			king := false
			if item[0] == 'K' || item[0] == 'k' {
				king = true
				item = item[1:]
			}
			sqs, err := parseFENSquares(r.Board, item)
			if err != nil {
				return Position{}, fmt.Errorf("FEN %q: %v", s, err)
			}
			for _, sq := range sqs {
				if (pcs[0] | pcs[1]).Has(sq) {
					return Position{}, fmt.Errorf("FEN %q: square %s given twice", s, r.Board.Name(sq))
				}
				pcs[who] |= Bit(sq)
				if king {
					kings |= Bit(sq)
				}
			}
		}
	}
	p := NewPosition(pcs[White], pcs[Black], kings, side)
	if err := p.Valid(r); err != nil {
		return Position{}, fmt.Errorf("FEN %q: %v", s, err)
	}
	return p, nil
}

func parseFENSquares(b *Board, item string) ([]Square, error) {
	if i := strings.IndexByte(item, '-'); i > 0 {
		lo, err1 := strconv.Atoi(item[:i])
		hi, err2 := strconv.Atoi(item[i+1:])
		if err1 != nil || err2 != nil || lo < 1 || hi > b.Squares || lo > hi {
			return nil, fmt.Errorf("bad square range %q", item)
		}
		out := make([]Square, 0, hi-lo+1)
		for n := lo; n <= hi; n++ {
			out = append(out, b.FromStd(n))
		}
		return out, nil
	}
	sq, err := b.ParseSquare(item)
	if err != nil {
		return nil, err
	}
	return []Square{sq}, nil
}

// FEN writes p as a PDN FEN, in algebraic squares on 8x8 and numeric on
// 10x10, pieces in standard-number order.
func FEN(p *Position, r *Rules) string {
	return fen(p, r, r.Board.Size == 8)
}

// FENNumeric writes p as a PDN FEN with numeric squares on any board.
func FENNumeric(p *Position, r *Rules) string { return fen(p, r, false) }

func fen(p *Position, r *Rules, alg bool) string {
	b := r.Board
	var sb strings.Builder
	if p.Side == White {
		sb.WriteString("W")
	} else {
		sb.WriteString("B")
	}
	for s := Side(0); s < 2; s++ {
		sb.WriteString(":")
		if s == White {
			sb.WriteString("W")
		} else {
			sb.WriteString("B")
		}
		first := true
		for n := 1; n <= b.Squares; n++ {
			sq := b.FromStd(n)
			if !p.Pieces[s].Has(sq) {
				continue
			}
			if !first {
				sb.WriteString(",")
			}
			first = false
			if p.Kings.Has(sq) {
				sb.WriteString("K")
			}
			if alg {
				sb.WriteString(b.Algebraic(sq))
			} else {
				sb.WriteString(strconv.Itoa(n))
			}
		}
	}
	return sb.String()
}
