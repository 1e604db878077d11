package composition

import (
	"sort"

	"draughtsjudge/draughts"
	"draughtsjudge/draughts/lasca"
)

// Identical lines are one line. The author's solution as read
// from PDN may give the same moves from the same position twice: a
// variation "( ... )" that repeats the move it is an alternative to, or two
// variations that start with the same move. Such a copy is no second line
// of play: counted as one, it would turn a one-line study into a study
// with two branches (11.2.5). Solution merges the copies into one tree in
// which the moves at a node are distinct; every place that reads the
// author's lines (the lines and their finales, the walker, the variations
// count and measure, the contest key) reads that tree.

// Solution returns c's solution tree with identical lines merged: at every
// node the ply and the first plies of its variations are distinct moves.
// A variation whose first move is the ply's own move continues the ply's
// line (its next move becomes an alternative to the line's next ply, or
// extends the line where it ends); one whose first move is that of an
// earlier variation continues that variation. Tries ("?") merge only with
// tries. A move that does not parse is kept as written ([author-solution]
// reports it). c.Game.Moves is not changed.
func (c *Composition) Solution() []draughts.Ply {
	if len(c.Game.Moves) == 0 {
		return c.Game.Moves
	}
	if c.Lasca != nil {
		return mergePlies(c.Game.Moves, *c.Lasca, func(p lasca.Position, text string) (string, lasca.Position, bool) {
			m, err := lasca.ParseMove(&p, text)
			if err != nil {
				return "", p, false
			}
			return lasca.MoveString(&p, m), p.Play(m), true
		})
	}
	if c.Rules == nil {
		return c.Game.Moves
	}
	return mergePlies(c.Game.Moves, c.Start, func(p draughts.Position, text string) (string, draughts.Position, bool) {
		m, err := draughts.ParseMove(&p, c.Rules, text)
		if err != nil {
			return "", p, false
		}
		return draughts.MoveString(&p, c.Rules, m), p.Play(m), true
	})
}

// mergePlies is Solution for one line from p; step parses a move's text
// at a position into its canonical text and the position after it.
// Copies fold into the line iteratively, so deeply nested copies cost no
// recursion; only distinct variations are merged recursively.
func mergePlies[P any](plies []draughts.Ply, p P, step func(P, string) (string, P, bool)) []draughts.Ply {
	// own copies: the input is shared with the composition.
	line := make([]draughts.Ply, len(plies))
	copy(line, plies)
	// alts[i]: the alternatives to line[i] still to place.
	alts := make([][][]draughts.Ply, len(line))
	for i := range line {
		alts[i] = line[i].Variations
		line[i].Variations = nil
	}
	for i := 0; i < len(line); i++ {
		key, next, ok := step(p, line[i].Text)
		if !ok {
			// The line stops here; what follows is kept as written.
			line[i].Variations = append(line[i].Variations, alts[i]...)
			for j := i + 1; j < len(line); j++ {
				line[j].Variations = alts[j]
			}
			return line
		}
		var kept [][]draughts.Ply
		var keys []string
		var tries []bool
		// Folding a copy adds its first ply's own variations (other
		// alternatives at this node) to the queue.
		for q := 0; q < len(alts[i]); q++ {
			v := alts[i][q]
			if len(v) == 0 {
				continue
			}
			try := IsTry(&v[0])
			vk, _, vok := step(p, v[0].Text)
			if !vok {
				kept, keys, tries = append(kept, v), append(keys, ""), append(tries, try)
				continue
			}
			if !try && vk == key {
				alts[i] = append(alts[i], v[0].Variations...)
				if rest := v[1:]; len(rest) > 0 {
					if i+1 < len(line) {
						alts[i+1] = append(alts[i+1], rest)
					} else {
						// The copy goes on where the line stops: the line
						// is its prefix, one line.
						for _, r := range rest {
							alts = append(alts, r.Variations)
							r.Variations = nil
							line = append(line, r)
						}
					}
				}
				continue
			}
			j := -1
			for k := range kept {
				if keys[k] == vk && tries[k] == try {
					j = k
					break
				}
			}
			if j < 0 {
				// A new alternative: its first ply's own variations are
				// alternatives at this node too.
				w := append([]draughts.Ply(nil), v...)
				w[0].Variations = nil
				alts[i] = append(alts[i], v[0].Variations...)
				kept, keys, tries = append(kept, w), append(keys, vk), append(tries, try)
				continue
			}
			// A copy of an earlier alternative: it continues that one.
			alts[i] = append(alts[i], v[0].Variations...)
			if rest := v[1:]; len(rest) > 0 {
				w := kept[j]
				if len(w) > 1 {
					w = append([]draughts.Ply(nil), w...)
					w[1].Variations = append(append([][]draughts.Ply(nil), w[1].Variations...), rest)
				} else {
					w = append(append([]draughts.Ply(nil), w[0]), rest...)
				}
				kept[j] = w
			}
		}
		for _, w := range kept {
			line[i].Variations = append(line[i].Variations, mergePlies(w, p, step))
		}
		p = next
	}
	return line
}

// Line is one path through the author's solution tree (Lines).
type Line struct {
	Text   []string            // the moves in canonical notation
	Moves  []draughts.Move     // the moves
	Before []draughts.Position // the position before each move
	End    draughts.Position   // the position after the last move
	Main   bool                // the main line
	// Alt: the line takes an alternative White move the author writes
	// (not a thematic variation, 11.2.5).
	Alt bool
}

func (l Line) clone() Line {
	return Line{Text: append([]string(nil), l.Text...), Moves: append([]draughts.Move(nil), l.Moves...),
		Before: append([]draughts.Position(nil), l.Before...), Alt: l.Alt}
}

// Lines lists every line of the author's solution, main line first,
// identical lines (the same moves from the same position) once
// (Solution); a line stops at its first illegal move (package judge
// reports it under [author-solution]).
func (c *Composition) Lines() []Line {
	var out []Line
	var rec func(plies []draughts.Ply, p draughts.Position, cur Line, main bool)
	rec = func(plies []draughts.Ply, p draughts.Position, cur Line, main bool) {
		for i := range plies {
			ply := &plies[i]
			for _, v := range ply.Variations {
				if len(v) > 0 && IsTry(&v[0]) {
					continue // a false trail, not a line of the solution
				}
				alt := cur.clone()
				alt.Alt = alt.Alt || p.Side == draughts.White
				rec(v, p, alt, false)
			}
			m, err := draughts.ParseMove(&p, c.Rules, ply.Text)
			if err != nil {
				break
			}
			cur.Text = append(cur.Text, draughts.MoveString(&p, c.Rules, m))
			cur.Moves = append(cur.Moves, m)
			cur.Before = append(cur.Before, p)
			p = p.Play(m)
		}
		cur.End, cur.Main = p, main
		out = append(out, cur)
	}
	if len(c.Game.Moves) > 0 {
		rec(c.Solution(), c.Start, Line{}, true)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Main && !out[j].Main })
	return out
}

// countVariations counts the author's thematic variations besides the main
// line (11.2.5, 11.2.6): the alternatives given for a defender's move. The
// author's alternatives for the attacker (acknowledged duals) and tries
// marked "?" are not variations. attacker says whether plies[0] is the
// attacker's move.
func countVariations(plies []draughts.Ply, attacker bool) int {
	n := 0
	for i := range plies {
		mine := attacker == (i%2 == 0)
		for _, v := range plies[i].Variations {
			if len(v) == 0 || IsTry(&v[0]) {
				continue
			}
			if !mine {
				n++
			}
			n += countVariations(v, mine)
		}
	}
	return n
}

// ThematicLines is the number of the author's thematic lines: the main
// line and every variation (countVariations), identical lines counted once
// (Solution).
func (c *Composition) ThematicLines() int {
	return 1 + countVariations(c.Solution(), c.Start.Side == draughts.White)
}

// Tries is the number of tries the author marks "?" (false trails) in
// the solution, identical lines once.
func (c *Composition) Tries() int { return countTries(c.Solution()) }

// TryMoves are the first moves the author marks "?" (false trails), in
// the notation of draughts.MoveString.
func (c *Composition) TryMoves() []string {
	var out []string
	if sol := c.Solution(); len(sol) > 0 {
		for _, v := range sol[0].Variations {
			start := c.Start
			if len(v) == 0 || !IsTry(&v[0]) {
				continue
			}
			if m, err := draughts.ParseMove(&start, c.Rules, v[0].Text); err == nil {
				out = append(out, draughts.MoveString(&start, c.Rules, m))
			}
		}
	}
	return out
}

// countTries counts the tries the author marks "?" in plies.
func countTries(plies []draughts.Ply) int {
	n := 0
	for i := range plies {
		for _, v := range plies[i].Variations {
			if len(v) > 0 && IsTry(&v[0]) {
				n++
			} else {
				n += countTries(v)
			}
		}
	}
	return n
}

// FirstBranch is the index of the first ply of the main line that is a
// defender's move with alternatives (not tries), or -1 when the solution
// never branches: 11.2.6's "before the branching into thematic variations"
// presupposes a branching; a one-line solution is judged by the partial
// cook rules (11.2.6, 11.2.7.3, 11.3.7.5) instead.
func (c *Composition) FirstBranch() int {
	attacker := c.Start.Side == draughts.White
	moves := c.Solution() // identical lines once (lines.go)
	for i := range moves {
		if attacker == (i%2 == 0) {
			continue
		}
		for _, v := range moves[i].Variations {
			if len(v) > 0 && !IsTry(&v[0]) {
				return i
			}
		}
	}
	return -1
}
