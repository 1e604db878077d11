package judge

import (
	"fmt"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/judge/dual"
	"draughtsjudge/judge/finale"
)

// finaleOf plays the solver's main line from p to the finale.
func (w *walker) finaleOf(p draughts.Position, bound int) (draughts.Position, bool) {
	fin, _, ok := w.play(p, bound, nil)
	return fin, ok
}

// sameLock reports whether a task's dual finale locks the same black
// squares as the author's finale and is economical (11.1.3: duality is
// tolerated in a task unless it changes the finale or makes it
// uneconomical).
func (w *walker) sameLock(dual, author *draughts.Position) (bool, string) {
	ls := composition.LockedSide(w.c)
	if dual.Pieces[ls] != author.Pieces[ls] || dual.Kings&dual.Pieces[ls] != author.Kings&author.Pieces[ls] {
		return false, "another finale: locks " + squareList(w.r, dual.Pieces[ls]) + " instead of " + squareList(w.r, author.Pieces[ls])
	}
	if sq, ok := finale.Spare(w.goal, *dual, w.r); ok {
		return false, "the same lock with an uneconomical finale (the " + composition.PieceName(dual, w.r, sq) + " is not needed)"
	}
	return true, "the same finale, locking " + squareList(w.r, dual.Pieces[ls])
}

func squareList(r *draughts.Rules, b draughts.Bitboard) string {
	s := ""
	for i, sq := range b.Squares() {
		if i > 0 {
			s += ","
		}
		s += r.Board.Name(sq)
	}
	return s
}

// onLine reports whether the node reached by line lies on the author's
// line l.
func onLine(line []string, l *composition.Line) bool {
	if len(line) > len(l.Text) {
		return false
	}
	for i, m := range line {
		if l.Text[i] != m {
			return false
		}
	}
	return true
}

// judgeBranches applies 11.3.8.5's "one inaccuracy per branch" to a
// study's duals: on each author's line, the inaccuracies (duals that are
// not tolerated outright, and transpositions) after the line's first one
// are judged again as a second inaccuracy. Several duals at one move are
// one inaccuracy.
func (w *walker) judgeBranches() {
	if w.c.Genre != composition.Study && w.c.Genre != composition.Ending {
		return
	}
	for li := range w.lines {
		l := &w.lines[li]
		first := -1
		for _, fs := range [][]Finding{w.duals, w.transpositions} {
			for _, f := range fs {
				if f.Status == dual.Tolerated || !onLine(f.Line, l) {
					continue
				}
				if first < 0 || len(f.Line) < first {
					first = len(f.Line)
				}
			}
		}
		for i := range w.duals {
			d := &w.duals[i]
			if d.Status != dual.Warning || d.place.Second || len(d.Line) <= first || !onLine(d.Line, l) {
				continue
			}
			d.place.Second = true
			d.Status, d.Clause, d.Note = dual.Judge(w.c, d.Kind, d.Distance, d.place)
			d.Note += fmt.Sprintf(" (the branch ending %s has an inaccuracy at move %s)", lastMoves(l.Text), composition.MoveNo(l.Text[:first], w.c.Start.Side))
		}
	}
}

// demoted returns the author's thematic side variations that a partial
// cook demotes (11.2.6: a variation where the goal is reached in another
// way is not thematic), each named by its last moves.
func (w *walker) demoted() []string {
	var out []string
	for li := range w.lines {
		l := &w.lines[li]
		if l.Main || l.Alt {
			continue
		}
		if d := w.demotedBy(l); d != nil {
			out = append(out, fmt.Sprintf("%s (%s%s for %s)", lastMoves(l.Text), composition.MoveNo(d.Line, w.c.Start.Side), d.Move, d.Author))
		}
	}
	return out
}

// demotedBy is the dual that demotes side variation l, or nil.
func (w *walker) demotedBy(l *composition.Line) *Finding {
	if l.Main || l.Alt {
		return nil
	}
	for i := range w.duals {
		if d := &w.duals[i]; d.Status == dual.Demoted && onLine(d.Line, l) {
			return d
		}
	}
	return nil
}
