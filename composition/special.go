package composition

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"draughtsjudge/draughts"
)

// Clause 11.1.4: the special kinds of composition. A composition of a
// special kind is written as one PDN game whose [Stipulation] lists its
// parts, separated by ";", each "[modifier: ...] stipulation":
//
//	black-first: win                   Black moves first, White fulfils the task (one part)
//	either-side: win                   the stipulation holds whoever moves first (two parts)
//	white-first: win; black-first: draw  another stipulation for each side to move
//	win; turned: draw                  two stipulations, the second with the board turned 180°
//	win; remove c3: draw               twins (задумки): a piece removed ...
//	win; add Wc3: draw                 ... or added (W/B, K for a king: add BKd8)
//	double: win                        two or more artistic solutions (double problem/study):
//	                                   the movetext's first-move alternatives are the solutions
//	retro 2                            retro-analysis: the last 2 moves (plies) that led to
//	                                   the position, unique; the author's in [LastMoves]
//
// Modifiers combine in one part ("turned: black-first: win"). Part 1's
// author's solution is the movetext (or [Solution1]); part N's is the tag
// [SolutionN] (a movetext, e.g. "1... h8-g7 2. h2-g3"). Each part is
// analysed as a composition of its own (every check of chapter XI, a
// report of its own); the composition's checks are one [part-N] check per
// part (pass when the part is sound) and the kind's own checks. The
// verdict combines them: defective when any part is (a stipulation that is
// not fulfilled destroys the composition, 11.2.3), otherwise unknown when
// any part is undecided, otherwise sound. The score is the mean of the
// parts' scores (0 when defective).

// Part is one part of a composition of a special kind (11.1.4).
type Part struct {
	Name        string // "White to move", "board turned 180°", "twin: c3 removed", "solution 2"
	Start       draughts.Position
	Stipulation Stipulation
	Moves       []draughts.Ply // the author's solution of this part
	// Retro is the number of last moves a retro-analysis part asks for
	// (0: not a retro part).
	Retro int
}

// Special kinds (Composition.Kind).
const (
	KindEitherSide = "either-side" // the stipulation holds whoever moves first
	KindPerSide    = "per-side"    // another stipulation for each side to move
	KindTurned     = "turned"      // a second stipulation with the board turned 180°
	KindTwin       = "twin"        // twins: a piece added or removed (задумки)
	KindDouble     = "double"      // two or more artistic solutions
	KindRetro      = "retro"       // retro-analysis
	KindMulti      = "multi"       // several parts of other kinds
)

var (
	retroRE  = regexp.MustCompile(`^(?:retro|ретро|ретроанализ)\s+(\d+)$`)
	addRE    = regexp.MustCompile(`^(?:add|добавить)\s+([wbбч])(k|д)?([a-z]\d+|\d+)$`)
	removeRE = regexp.MustCompile(`^(?:remove|снять)\s+([a-z]\d+|\d+)$`)
)

// isSpecial reports whether a stipulation text is a special kind that
// needs parts (black-first alone is an ordinary stipulation).
func isSpecial(s string) bool {
	t := strings.ToLower(strings.TrimSpace(s))
	if strings.Contains(t, ";") || retroRE.MatchString(t) {
		return true
	}
	for _, pre := range []string{"either-side:", "независимо от очереди хода:", "turned:", "поворот:", "double:", "двойная:", "add ", "добавить ", "remove ", "снять "} {
		if strings.HasPrefix(t, pre) || strings.Contains(t, ": "+pre) {
			return true
		}
	}
	return false
}

// MaxParts is the most parts a composition of a special kind may have
// (1,000 twins ran for many minutes; the parts share one
// deadline and one work budget, so a composition of more parts would
// leave most of them unknown).
const MaxParts = 64

// parseSpecial reads a special kind's stipulation into c.Parts and c.Kind.
func parseSpecial(c *Composition, text string, line int) error {
	c.Stipulation = Stipulation{Text: text, Kind: "special"}
	kinds := map[string]bool{}
	sides := map[draughts.Side]bool{}
	for i, raw := range strings.Split(text, ";") {
		t := strings.TrimSpace(raw)
		if t == "" {
			return &InputError{c.File, line, fmt.Sprintf("stipulation %q: empty part %d", text, i+1)}
		}
		mods, rest, err := c.parseModifiers(text, t, line, kinds)
		if err != nil {
			return err
		}
		if err := c.addParts(text, rest, line, mods, kinds, sides); err != nil {
			return err
		}
	}
	if len(sides) > 1 && !kinds[KindEitherSide] {
		kinds[KindPerSide] = true
	}
	for _, k := range []string{KindRetro, KindDouble, KindTwin, KindTurned, KindEitherSide, KindPerSide} {
		if kinds[k] {
			if c.Kind == "" {
				c.Kind = k
			} else {
				c.Kind += "+" + k
			}
		}
	}
	if c.Kind == "" {
		c.Kind = KindMulti
	}
	if err := c.partSolutions(line); err != nil {
		return err
	}
	if len(c.Parts) > MaxParts {
		return &InputError{c.File, line, fmt.Sprintf("a special kind (11.1.4) of %d parts: at most %d (each part is analysed as a composition of its own, and all share the composition's time and work budget)", len(c.Parts), MaxParts)}
	}
	return nil
}

// partModifiers are what the modifiers before a part's stipulation say:
// the part's initial position, its name's pieces, and whether it is
// solved for either side to move or is one solution of a double
// composition.
type partModifiers struct {
	start          draughts.Position
	names          []string
	either, double bool
}

// parseModifiers reads the "modifier:" prefixes of the part t of the
// special stipulation text, noting the kinds they make; rest is the
// part's own stipulation.
func (c *Composition) parseModifiers(text, t string, line int, kinds map[string]bool) (mods partModifiers, rest string, err error) {
	mods.start = c.Start
	mods.start.Side = draughts.White
	for {
		l := strings.ToLower(t)
		j := strings.Index(l, ":")
		if j < 0 {
			break
		}
		mod := strings.TrimSpace(l[:j])
		switch {
		case mod == "white-first" || mod == "ход белых":
			mods.start.Side = draughts.White
			mods.names = append(mods.names, "White to move")
		case mod == "black-first" || mod == "ход черных" || mod == "ход чёрных":
			mods.start.Side = draughts.Black
			mods.names = append(mods.names, "Black to move")
		case mod == "either-side" || mod == "независимо от очереди хода":
			mods.either = true
			kinds[KindEitherSide] = true
		case mod == "turned" || mod == "поворот":
			mods.start = turned(mods.start, c.Rules)
			mods.names = append(mods.names, "board turned 180°")
			kinds[KindTurned] = true
		case mod == "double" || mod == "двойная":
			mods.double = true
			kinds[KindDouble] = true
		case addRE.MatchString(mod) || removeRE.MatchString(mod):
			name, err := c.twin(&mods.start, text, mod, line)
			if err != nil {
				return mods, "", err
			}
			mods.names = append(mods.names, name)
			kinds[KindTwin] = true
		default:
			return mods, "", &InputError{c.File, line, fmt.Sprintf("stipulation %q: unknown modifier %q (want white-first, black-first, either-side, turned, double, add Wc3, remove c3)", text, mod)}
		}
		t = strings.TrimSpace(t[j+1:])
	}
	mods.start.Key = mods.start.ComputeKey()
	return mods, t, nil
}

// twin applies the twin modifier mod ("add Wc3", "remove c3") to start
// and names the change.
func (c *Composition) twin(start *draughts.Position, text, mod string, line int) (string, error) {
	if m := addRE.FindStringSubmatch(mod); m != nil {
		sq, err := c.Rules.Board.ParseSquare(m[3])
		if err != nil || start.Occupied().Has(sq) {
			return "", &InputError{c.File, line, fmt.Sprintf("stipulation %q: cannot add a piece on %q", text, m[3])}
		}
		side := draughts.White
		if m[1] != "w" {
			side = draughts.Black
		}
		pieces := start.Pieces
		pieces[side] |= draughts.Bit(sq)
		kings := start.Kings
		if m[2] != "" {
			kings |= draughts.Bit(sq)
		}
		*start = draughts.NewPosition(pieces[draughts.White], pieces[draughts.Black], kings, start.Side)
		return "twin: " + PieceName(start, c.Rules, sq) + " added", nil
	}
	m := removeRE.FindStringSubmatch(mod)
	sq, err := c.Rules.Board.ParseSquare(m[1])
	if err != nil || !start.Occupied().Has(sq) {
		return "", &InputError{c.File, line, fmt.Sprintf("stipulation %q: no piece to remove on %q", text, m[1])}
	}
	name := "twin: " + PieceName(start, c.Rules, sq) + " removed"
	*start = Without(*start, sq)
	return name, nil
}

// addParts adds the part (or, for either side to move, the two parts)
// of the stipulation t after the modifiers mods, noting the sides that
// move first.
func (c *Composition) addParts(text, t string, line int, mods partModifiers, kinds map[string]bool, sides map[draughts.Side]bool) error {
	start, names := mods.start, mods.names
	if m := retroRE.FindStringSubmatch(strings.ToLower(t)); m != nil {
		n, _ := strconv.Atoi(m[1])
		if n < 1 || n > maxRetroPlies {
			return &InputError{c.File, line, fmt.Sprintf("stipulation %q: retro-analysis of 1..%d last moves", text, maxRetroPlies)}
		}
		start.Side = c.Start.Side // the FEN says who is to move
		start.Key = start.ComputeKey()
		kinds[KindRetro] = true
		c.Parts = append(c.Parts, Part{Name: joinNames(append(names, fmt.Sprintf("the last %s", count(n, "move"))), "retro-analysis"), Start: start, Stipulation: Stipulation{Text: t, Kind: "retro"}, Retro: n})
		return nil
	}
	st, err := ParseStipulation(t)
	if err != nil {
		return &InputError{c.File, line, err.Error()}
	}
	if st.BlackFirst {
		start.Side = draughts.Black
		start.Key = start.ComputeKey()
		names = append(names, "Black to move")
	}
	switch {
	case mods.either:
		for _, s := range []draughts.Side{draughts.White, draughts.Black} {
			p := start
			p.Side = s
			p.Key = p.ComputeKey()
			pst := st
			pst.BlackFirst = s == draughts.Black
			pst.Text = strings.ToLower(s.String()) + "-first: " + t
			c.Parts = append(c.Parts, Part{Name: joinNames(append(names, SideName(s)+" to move"), ""), Start: p, Stipulation: pst})
			sides[s] = true
		}
	case mods.double:
		c.Parts = append(c.Parts, Part{Name: joinNames(names, ""), Start: start, Stipulation: st})
		sides[start.Side] = true
	default:
		pst := st
		pst.Text = t
		c.Parts = append(c.Parts, Part{Name: joinNames(names, "as set"), Start: start, Stipulation: pst})
		sides[start.Side] = true
	}
	return nil
}

// maxRetroPlies bounds a retro-analysis task.
const maxRetroPlies = 8

func joinNames(names []string, def string) string {
	if len(names) == 0 {
		return def
	}
	return strings.Join(names, ", ")
}

// turned is p with the board turned 180° and the colours kept (11.1.4:
// "при повороте доски на 180 градусов"): square n becomes square
// Squares+1-n, White still moves up the board.
func turned(p draughts.Position, r *draughts.Rules) draughts.Position {
	b := r.Board
	flip := func(x draughts.Bitboard) draughts.Bitboard {
		var y draughts.Bitboard
		for _, sq := range x.Squares() {
			y |= draughts.Bit(b.FromStd(b.Squares + 1 - b.Std(sq)))
		}
		return y
	}
	return draughts.NewPosition(flip(p.Pieces[draughts.White]), flip(p.Pieces[draughts.Black]), flip(p.Kings), p.Side)
}

// partSolutions gives each part its author's solution: [SolutionN] tags,
// part 1 the movetext by default; in a double composition the movetext's
// alternatives to the first move are the further solutions.
func (c *Composition) partSolutions(line int) error {
	if strings.Contains(c.Kind, KindDouble) && len(c.Parts) == 1 {
		moves := c.Game.Moves
		if len(moves) == 0 {
			return &InputError{c.File, line, "a double composition (11.1.4) needs the author's solutions: the main line and each other solution as an alternative to the first move"}
		}
		first := moves[0]
		sols := [][]draughts.Ply{append([]draughts.Ply{{Text: first.Text, Number: first.Number, Line: first.Line, Col: first.Col, Comment: first.Comment, NAGs: first.NAGs}}, moves[1:]...)}
		for _, v := range first.Variations {
			if len(v) > 0 && !IsTry(&v[0]) {
				sols = append(sols, v)
			}
		}
		if len(sols) < 2 {
			return &InputError{c.File, line, "a double composition (11.1.4) needs two or more solutions: give each other solution as an alternative to the first move, e.g. 1. c3-d4 ... (1. a3-b4 ...)"}
		}
		p := c.Parts[0]
		c.Parts = nil
		for i, s := range sols {
			q := p
			q.Name = joinNames([]string{p.Name, fmt.Sprintf("solution %d", i+1)}[boolIndex(p.Name == ""):], "")
			q.Moves = s
			c.Parts = append(c.Parts, q)
		}
		return nil
	}
	for i := range c.Parts {
		v, vLine := Tag(c.Game, fmt.Sprintf("Solution%d", i+1), fmt.Sprintf("Решение%d", i+1))
		switch {
		case v != "":
			gs, errs := draughts.ReadPDN(c.File, []byte("[FEN \"-\"]\n"+v+" *\n"))
			if len(errs) > 0 || len(gs) != 1 {
				msg := "unreadable"
				if len(errs) > 0 {
					msg = errs[0].Error()
				}
				return &InputError{c.File, vLine, fmt.Sprintf("[Solution%d]: %s", i+1, msg)}
			}
			c.Parts[i].Moves = gs[0].Moves
		case i == 0:
			c.Parts[i].Moves = c.Game.Moves
		}
	}
	return nil
}

// SideName is "White" or "Black", as a sentence names the side.
func SideName(s draughts.Side) string {
	if s == draughts.White {
		return "White"
	}
	return "Black"
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

// PartsKey lists what the parts add to a composition's identity (the
// store's cache key): each part's position, stipulation and solution.
func (c *Composition) PartsKey() string {
	var b strings.Builder
	for _, p := range c.Parts {
		fmt.Fprintf(&b, "|%s|%s|%s|", draughts.FEN(&p.Start, c.Rules), p.Stipulation.Text, p.Name)
		var walk func([]draughts.Ply)
		walk = func(ps []draughts.Ply) {
			for _, x := range ps {
				fmt.Fprintf(&b, "%s%v ", x.Text, x.NAGs)
				for _, v := range x.Variations {
					b.WriteString("(")
					walk(v)
					b.WriteString(")")
				}
			}
		}
		walk(p.Moves)
	}
	if v, _ := Tag(c.Game, "LastMoves", "ПоследниеХоды"); v != "" {
		b.WriteString("last:" + v)
	}
	return b.String()
}

// PartTags are the tags of c's game that give its parts' author's
// solutions (a special kind, 11.1.4), as read, under the names the reader
// takes: [SolutionN] of each part that has one (a Russian [РешениеN]
// too) and the retro-analysis's [LastMoves] ([ПоследниеХоды]); nil for a
// main kind. A game written with them and c's movetext (check --pdn-out)
// reads back with the same parts and author's solutions.
func (c *Composition) PartTags() [][2]string {
	if len(c.Parts) == 0 {
		return nil
	}
	var tags [][2]string
	for i := range c.Parts {
		if v, _ := Tag(c.Game, fmt.Sprintf("Solution%d", i+1), fmt.Sprintf("Решение%d", i+1)); v != "" {
			tags = append(tags, [2]string{fmt.Sprintf("Solution%d", i+1), v})
		}
	}
	if v, _ := Tag(c.Game, "LastMoves", "ПоследниеХоды"); v != "" {
		tags = append(tags, [2]string{"LastMoves", v})
	}
	return tags
}

// PartComposition is the composition of one part: c's metadata with the part's
// position, stipulation and solution.
func (c *Composition) PartComposition(p Part) *Composition {
	pc := *c
	pc.Parts, pc.Kind = nil, ""
	pc.Start, pc.Stipulation = p.Start, p.Stipulation
	g := *c.Game
	g.Moves = p.Moves
	pc.Game = &g
	return &pc
}
