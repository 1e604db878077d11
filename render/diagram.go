package render

import (
	"fmt"
	"strings"

	"draughtsjudge/draughts"
)

// textDiagram draws a position in text: White's men "w", kings "W",
// Black's "b" and "B", dark empty squares ".", light squares blank; a–h
// and 1–8 on 8x8, square numbers of the left column on 10x10.
func textDiagram(variant, fen string) string {
	r, err := draughts.RulesByID(variant)
	if err != nil {
		return ""
	}
	p, err := draughts.ParseFEN(r, fen)
	if err != nil {
		return err.Error()
	}
	b := r.Board
	n := b.Size
	var sb strings.Builder
	for row := 0; row < n; row++ {
		if n == 8 {
			fmt.Fprintf(&sb, "%d ", n-row)
		} else {
			fmt.Fprintf(&sb, "%2d ", b.Std(b.FromRowCol(row, (row+1)%2)))
		}
		for col := 0; col < n; col++ {
			c := "  "
			if (row+col)%2 == 1 {
				sq := b.FromRowCol(row, col)
				c = " ."
				switch {
				case p.Pieces[draughts.White].Has(sq) && p.Kings.Has(sq):
					c = " W"
				case p.Pieces[draughts.White].Has(sq):
					c = " w"
				case p.Pieces[draughts.Black].Has(sq) && p.Kings.Has(sq):
					c = " B"
				case p.Pieces[draughts.Black].Has(sq):
					c = " b"
				}
			}
			sb.WriteString(c)
		}
		trimmed := strings.TrimRight(sb.String(), " ")
		sb.Reset()
		sb.WriteString(trimmed + "\n")
	}
	if n == 8 {
		sb.WriteString("   a b c d e f g h\n")
	}
	return sb.String()
}

// pieceList is "White (2): Ka5, a3. Black (2): a7, f4." in the board's
// notation (K = king).
func pieceList(variant, fen string) string {
	r, err := draughts.RulesByID(variant)
	if err != nil {
		return fen
	}
	p, err := draughts.ParseFEN(r, fen)
	if err != nil {
		return fen
	}
	var parts []string
	for _, s := range []draughts.Side{draughts.White, draughts.Black} {
		var sq []string
		for _, x := range p.Pieces[s].Squares() {
			k := ""
			if p.Kings.Has(x) {
				k = "K"
			}
			sq = append(sq, k+r.Board.Name(x))
		}
		name := "White"
		if s == draughts.Black {
			name = "Black"
		}
		parts = append(parts, fmt.Sprintf("%s (%d): %s.", name, len(sq), strings.Join(sq, ", ")))
	}
	return strings.Join(parts, " ")
}

// toMove is "White to move" or "Black to move" from a FEN.
func toMove(fen string) string {
	if strings.HasPrefix(strings.TrimSpace(fen), "B") {
		return "Black to move"
	}
	return "White to move"
}

// stipulationWords is the stipulation as a sheet says it.
func stipulationWords(s string) string {
	t := strings.TrimPrefix(s, "black-first:")
	t = strings.TrimSpace(t)
	switch {
	case t == "win":
		return "White wins"
	case t == "draw":
		return "White draws"
	case strings.HasPrefix(t, "lock"):
		return "White locks " + strings.TrimSpace(strings.TrimPrefix(t, "lock"))
	}
	return t
}
