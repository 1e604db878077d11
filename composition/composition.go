// Package composition models a draughts composition as read from PDN: its
// genre, game system, stipulation (and the parts of a special kind, 11.1.4),
// initial position and the author's solution. Package judge checks it
// against chapter XI of the rules.
package composition

import (
	"fmt"
	"strings"

	"draughtsjudge/draughts"
	"draughtsjudge/draughts/lasca"
)

// Genres (11.1.3).
const (
	Problem = "problem" // проблема
	Study   = "study"   // этюд
	Task    = "task"    // задача (locking task)
	Ending  = "ending"  // позиционная концовка
)

// Composition is one entry read from PDN.
type Composition struct {
	File  string
	Index int // 1-based position of the game in its file
	Line  int // line of the game's first token
	Game  *draughts.Game
	Rules *draughts.Rules
	// Genre is one of Problem, Study, Task, Ending, or "" when not stated.
	Genre string
	// Practical: the author states a practical problem (a 100-square
	// group, 11.1.3), by [Genre "practical problem"] or [Group "practical"]
	// (Russian практическая проблема / практическая).
	Practical   bool
	Stipulation Stipulation
	Start       draughts.Position
	// Lasca is the initial position of a Lasca composition ([Variant
	// "lasca"]); then Rules only names the system (LascaRules), Start is
	// empty but for its side to move, and Analyse checks it with the
	// Lasca prover (lasca.go).
	Lasca   *lasca.Position
	Author  string
	Source  string
	Event   string
	Date    string
	Section string
	// Status is the source's verdict from the [Status] tag, if any
	// ("published-sound", "reported-cooked", "unknown").
	Status string
	// Kind is the special kind of clause 11.1.4 (special.go: KindTwin,
	// KindDouble, ...; several joined by "+"), "" for a main kind; Parts
	// are its parts, each analysed as a composition of its own.
	Kind  string
	Parts []Part
}

// InputError is a composition that cannot be read: file:line: what is wrong.
type InputError struct {
	File string
	Line int
	Msg  string
}

func (e *InputError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// algebraicSquare is the first square of a FEN written with a letter
// (a1, Kc3), or "".
func algebraicSquare(fen string) string {
	fields := strings.Split(strings.ReplaceAll(strings.Trim(strings.TrimSpace(fen), "\"."), " ", ""), ":")
	for _, f := range fields[1:] {
		if f == "" || (f[0]|0x20 != 'w' && f[0]|0x20 != 'b') {
			continue
		}
		for _, item := range strings.Split(f[1:], ",") {
			sq := strings.TrimLeft(item, "Kk")
			if sq != "" && (sq[0]|0x20) >= 'a' && (sq[0]|0x20) <= 'z' {
				return item
			}
		}
	}
	return ""
}

// duplicateTag is the line of the second of the synonymous tags names
// when g has more than one of them (two [FEN] tags, or [FEN] and
// [Позиция]), else 0.
func duplicateTag(g *draughts.Game, names ...string) int {
	n := 0
	for _, t := range g.Tags {
		for _, name := range names {
			if strings.EqualFold(t.Name, name) {
				if n++; n == 2 {
					return t.Line
				}
			}
		}
	}
	return 0
}

// Tag returns the first of several synonymous tags (English and Russian).
func Tag(g *draughts.Game, names ...string) (string, int) {
	for _, n := range names {
		for _, t := range g.Tags {
			if strings.EqualFold(t.Name, n) {
				return strings.TrimSpace(t.Value), t.Line
			}
		}
	}
	return "", g.Line
}

// ParseGenre reads a genre name in English or Russian.
func ParseGenre(s string) (string, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "":
		return "", nil
	case "problem", "проблема":
		return Problem, nil
	case "study", "этюд", "etude":
		return Study, nil
	case "task", "задача", "locking task":
		return Task, nil
	case "ending", "позиционная концовка", "концовка", "positional ending":
		return Ending, nil
	}
	return "", fmt.Errorf("unknown genre %q (want problem, study, task, ending)", s)
}

// FromGame builds a composition from a PDN game; errors name file and line.
func FromGame(file string, index int, g *draughts.Game) (*Composition, error) {
	c := &Composition{File: file, Index: index, Line: g.Line, Game: g}
	gt, gtLine := Tag(g, "GameType")
	v, vLine := Tag(g, "Variant", "Вариант")
	fen, fenLine := Tag(g, "FEN", "Позиция")
	if l := duplicateTag(g, "FEN", "Позиция"); l > 0 {
		// Which position is meant? Never pick one silently.
		return nil, &InputError{file, l, fmt.Sprintf("a second [FEN] tag (the first is on line %d): a composition has one initial position", fenLine)}
	}
	var err error
	if lasca.IsGame(g) {
		if err := c.lascaFromGame(fen, fenLine); err != nil {
			return nil, err
		}
	} else {
		r, err := draughts.RulesFromTags(gt, v)
		if err != nil {
			line := gtLine
			if v != "" {
				line = vLine
			}
			return nil, &InputError{file, line, err.Error()}
		}
		c.Rules = r
		if fen == "" {
			return nil, &InputError{file, g.Line, "no [FEN] tag: a composition needs its initial position"}
		}
		if c.Start, err = draughts.ParseFEN(r, fen); err != nil {
			return nil, &InputError{file, fenLine, err.Error()}
		}
		if sq := algebraicSquare(fen); r.Board.Size == 10 && sq != "" {
			// An 8x8 FEN (a1..h8) under a 10x10 GameType would be read
			// as another position of the big board: refuse it.
			return nil, &InputError{file, fenLine, fmt.Sprintf("FEN %q: square %q is algebraic, but %s is played on 10x10, whose FEN numbers the squares 1-50 (an 8x8 FEN under the wrong [GameType]?)", fen, sq, r.ID)}
		}
	}
	genre, genreLine := Tag(g, "Genre", "Жанр")
	grp, _ := Tag(g, "Group", "Группа")
	for _, w := range []string{"practical ", "практическая "} {
		if l := strings.ToLower(genre); strings.HasPrefix(l, w) {
			c.Practical, genre = true, genre[len(w):]
		}
	}
	if l := strings.ToLower(grp); strings.HasPrefix(l, "practical") || strings.HasPrefix(l, "практическ") {
		c.Practical = true
	}
	if c.Genre, err = ParseGenre(genre); err != nil {
		return nil, &InputError{file, genreLine, err.Error()}
	}
	st, stLine := Tag(g, "Stipulation", "Задание")
	if st == "" {
		// The main kinds: tasks lock, the others win (11.1.3).
		if c.Genre == Task {
			return nil, &InputError{file, g.Line, "a locking task needs a [Stipulation] such as \"lock 2 men\""}
		}
		st = "win"
	}
	if isSpecial(st) {
		// Clause 11.1.4: a special kind with parts (special.go).
		if err := parseSpecial(c, st, stLine); err != nil {
			return nil, err
		}
	} else if c.Stipulation, err = ParseStipulation(st); err != nil {
		return nil, &InputError{file, stLine, err.Error()}
	}
	if c.Stipulation.WhiteFirst && c.Start.Side == draughts.Black {
		// "white-first:" on a FEN with Black to move: White moves first,
		// as in a part of a special kind (special.go).
		c.Start.Side = draughts.White
		c.Start.Key = c.Start.ComputeKey()
		if c.Lasca != nil {
			*c.Lasca = lasca.NewPosition(c.Lasca.Col, draughts.White)
		}
	}
	if c.Stipulation.BlackFirst && c.Start.Side == draughts.White {
		c.Start.Side = draughts.Black
		c.Start.Key = c.Start.ComputeKey()
		if c.Lasca != nil {
			*c.Lasca = lasca.NewPosition(c.Lasca.Col, draughts.Black)
		}
	}
	if c.Lasca != nil {
		if err := lascaStipulation(c.Stipulation); err != nil {
			return nil, &InputError{file, stLine, err.Error()}
		}
	}
	c.Author, _ = Tag(g, "Author", "Автор")
	c.Source, _ = Tag(g, "Source", "Источник")
	c.Event, _ = Tag(g, "Event", "Соревнование")
	c.Date, _ = Tag(g, "Date", "Дата")
	c.Section, _ = Tag(g, "Section", "Раздел")
	c.Status, _ = Tag(g, "Status")
	return c, nil
}

// FEN is the initial position in its system's FEN (Lasca's with columns).
func (c *Composition) FEN() string {
	if c.Lasca != nil {
		return lasca.FEN(c.Lasca)
	}
	return draughts.FEN(&c.Start, c.Rules)
}

// Name is "file#index" for reports.
func (c *Composition) Name() string { return fmt.Sprintf("%s#%d", c.File, c.Index) }

// MoveNo is the number of the move after line in a game that starts with
// start to move: "3." before White's third move, "3..." before Black's.
func MoveNo(line []string, start draughts.Side) string {
	half := len(line)
	if start == draughts.Black {
		half++
	}
	if half%2 == 0 {
		return fmt.Sprintf("%d.", half/2+1)
	}
	return fmt.Sprintf("%d...", half/2+1)
}

// Numbered writes moves, played after line in a game that starts with
// start to move, with their move numbers: "3...h2-g1 4.b4-a5 g1:b6".
func Numbered(line, moves []string, start draughts.Side) string {
	var sb strings.Builder
	all := append(append([]string(nil), line...), moves...)
	for i, m := range moves {
		no := MoveNo(all[:len(line)+i], start)
		if i > 0 {
			sb.WriteByte(' ')
			if strings.HasSuffix(no, "...") {
				no = ""
			}
		}
		sb.WriteString(no + m)
	}
	return sb.String()
}

// PieceName is "man e5" / "king 23".
func PieceName(p *draughts.Position, r *draughts.Rules, sq draughts.Square) string {
	side := "white"
	if p.Pieces[draughts.Black].Has(sq) {
		side = "black"
	}
	kind := "man"
	if p.Kings.Has(sq) {
		kind = "king"
	}
	return fmt.Sprintf("%s %s %s", side, kind, r.Board.Name(sq))
}

// Without returns p with the piece on sq removed.
func Without(p draughts.Position, sq draughts.Square) draughts.Position {
	return draughts.NewPosition(p.Pieces[draughts.White]&^draughts.Bit(sq), p.Pieces[draughts.Black]&^draughts.Bit(sq), p.Kings&^draughts.Bit(sq), p.Side)
}

// IsTry reports whether an author's ply is marked as a try (false trail,
// 11.3.3): "?" or "??" after the move (NAG 2 or 4).
func IsTry(p *draughts.Ply) bool {
	for _, n := range p.NAGs {
		if n == 2 || n == 4 {
			return true
		}
	}
	return false
}

// count is "1 move", "3 moves".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// IsGiveaway reports whether c is a giveaway composition: a reverse
// stipulation (giveaway, giveaway all, giveaway lock) or any stipulation
// in a giveaway system (8.1: there the winner is the side that loses all
// its pieces or is blocked).
func IsGiveaway(c *Composition) bool {
	return c.Rules.Giveaway || c.Stipulation.Kind == KindGiveaway || c.Stipulation.Reverse
}
