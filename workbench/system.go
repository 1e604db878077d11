package workbench

import (
	"fmt"

	"draughtsjudge/draughts"
	"draughtsjudge/draughts/lasca"
)

// System is a game system as the page draws it: the board, the names of
// its dark squares in the system's own notation (algebraic on 8x8 and
// Lasca's 7x7, numbers on 10x10: 6.1.6, 7.3), the initial position and
// the PDN tags that name it.
type System struct {
	ID       string    `json:"id"`
	Name     string    `json:"name"`
	Size     int       `json:"size"`
	Notation string    `json:"notation"` // "algebraic" or "numeric"
	Squares  []Square  `json:"squares"`
	Initial  string    `json:"initial"` // FEN of the initial position
	Columns  bool      `json:"columns"` // Lasca: a square holds a column
	Tag      [2]string `json:"tag"`     // the PDN tag naming it: GameType or Variant, and its value
}

// Square is one dark square: its name, its number and where it is drawn
// (row 0 at the top, White at the bottom, column 0 at the left).
type Square struct {
	Name string `json:"name"`
	Num  int    `json:"num"`
	Row  int    `json:"row"`
	Col  int    `json:"col"`
}

// Systems lists every game system the workbench edits: the five
// checkers systems, then Lasca.
func Systems() []System {
	var out []System
	for _, r := range draughts.AllRules() {
		b := r.Board
		s := System{ID: r.ID, Name: r.Name, Size: b.Size, Notation: "numeric",
			Tag: [2]string{"GameType", fmt.Sprint(r.GameType)}}
		if b.Size == 8 {
			s.Notation = "algebraic"
		}
		if r.Giveaway || r == draughts.Brazilian {
			s.Tag = [2]string{"Variant", r.ID}
		}
		for n := 1; n <= b.Squares; n++ {
			sq := b.FromStd(n)
			row, col := b.RowCol(sq)
			s.Squares = append(s.Squares, Square{Name: b.Name(sq), Num: n, Row: row, Col: col})
		}
		p := draughts.Start(r)
		s.Initial = draughts.FEN(&p, r)
		out = append(out, s)
	}
	l := System{ID: draughts.LascaID, Name: "Lasca (rules file 004)", Size: 7, Notation: "algebraic",
		Columns: true, Tag: [2]string{"Variant", "lasca"}}
	for i := 0; i < lasca.Squares; i++ {
		sq := lasca.Square(i)
		l.Squares = append(l.Squares, Square{Name: sq.String(), Num: sq.Std(), Row: 6 - sq.Rank(), Col: sq.File()})
	}
	p := lasca.Start()
	l.Initial = lasca.FEN(&p)
	return append(out, l)
}

// board is a game system's positions for the page: the pieces of a FEN
// and the moves played from it.
type board interface {
	// pieces reads a FEN: each occupied square's name and its pieces
	// top to bottom ("w" white man, "W" white king, "b", "B" black; one
	// letter but on Lasca columns), the side to move ("W" or "B") and
	// the FEN as the system writes it.
	pieces(fen string) (map[string]string, string, string, error)
	// play resolves a move written in the notation in the position of
	// fen: the FEN after it and the squares its piece stands on (start,
	// each capture landing, end).
	play(fen, move string) (after string, path []string, err error)
}

// boardFor returns the board of the system id.
func boardFor(id string) (board, error) {
	if id == draughts.LascaID {
		return lascaBoard{}, nil
	}
	r, err := draughts.RulesByID(id)
	if err != nil {
		return nil, err
	}
	return checkersBoard{r}, nil
}

type checkersBoard struct{ r *draughts.Rules }

func (c checkersBoard) pieces(fen string) (map[string]string, string, string, error) {
	p, err := draughts.ParseFEN(c.r, fen)
	if err != nil {
		return nil, "", "", err
	}
	out := map[string]string{}
	for _, s := range []draughts.Side{draughts.White, draughts.Black} {
		for _, x := range p.Pieces[s].Squares() {
			l := "w"
			if s == draughts.Black {
				l = "b"
			}
			if p.Kings.Has(x) {
				l = string(l[0] - 32)
			}
			out[c.r.Board.Name(x)] = l
		}
	}
	return out, sideLetter(p.Side), draughts.FEN(&p, c.r), nil
}

func (c checkersBoard) play(fen, move string) (string, []string, error) {
	p, err := draughts.ParseFEN(c.r, fen)
	if err != nil {
		return "", nil, err
	}
	m, err := draughts.ParseMove(&p, c.r, move)
	if err != nil {
		return "", nil, err
	}
	var path []string
	if ps := draughts.Paths(&p, c.r, m); len(ps) > 0 {
		for _, x := range ps[0] {
			path = append(path, c.r.Board.Name(x))
		}
	}
	q := p.Play(m)
	return draughts.FEN(&q, c.r), path, nil
}

type lascaBoard struct{}

func (lascaBoard) pieces(fen string) (map[string]string, string, string, error) {
	p, err := lasca.ParseFEN(fen)
	if err != nil {
		return nil, "", "", err
	}
	out := map[string]string{}
	for i := 0; i < lasca.Squares; i++ {
		c := p.Col[i]
		if c.Height() == 0 {
			continue
		}
		var col []byte
		for _, pc := range c.Pieces() {
			l := byte('w')
			if pc.Side() == draughts.Black {
				l = 'b'
			}
			if pc.King() {
				l -= 32
			}
			col = append(col, l)
		}
		out[lasca.Square(i).String()] = string(col)
	}
	return out, sideLetter(p.Side), lasca.FEN(&p), nil
}

func (lascaBoard) play(fen, move string) (string, []string, error) {
	p, err := lasca.ParseFEN(fen)
	if err != nil {
		return "", nil, err
	}
	m, err := lasca.ParseMove(&p, move)
	if err != nil {
		return "", nil, err
	}
	var path []string
	if ps := lasca.Paths(&p, m); len(ps) > 0 {
		for _, x := range ps[0] {
			path = append(path, x.String())
		}
	}
	q := p.Play(m)
	return lasca.FEN(&q), path, nil
}

// sideLetter is the FEN letter of side s: "W" or "B".
func sideLetter(s draughts.Side) string {
	if s == draughts.White {
		return "W"
	}
	return "B"
}
