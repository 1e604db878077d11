package composition

import (
	"fmt"

	"draughtsjudge/draughts"
)

// This file holds what the material of a composition says about its genre
// (11.1.3): which genres it allows and the group within a genre.

// Material counts one side's men and kings.
func Material(p *draughts.Position, s draughts.Side) (men, kings int) {
	return p.Men(s).Count(), p.KingsOf(s).Count()
}

// GenreFits reports whether the material of c allows genre g, and why not.
func GenreFits(c *Composition, g string) (bool, string) {
	p := &c.Start
	wm, wk := Material(p, draughts.White)
	bm, bk := Material(p, draughts.Black)
	w, b := wm+wk, bm+bk
	lock := c.Stipulation.Kind == KindLock
	switch g {
	case Problem:
		if lock {
			return false, "a problem's stipulation is a win or a draw, not a lock"
		}
		if w <= 4 {
			return false, fmt.Sprintf("a problem needs at least 5 white pieces; White has %d", w)
		}
	case Study:
		if lock {
			return false, "a study's stipulation is a win or a draw, not a lock"
		}
		if w > 4 || b > 6 {
			return false, fmt.Sprintf("a study has at most 4 white and 6 black pieces; here %d white, %d black", w, b)
		}
	case Ending:
		if lock {
			return false, "a positional ending's stipulation is a win or a draw, not a lock"
		}
		if c.Rules.Board.Size != 8 {
			return false, "positional endings exist only in Russian draughts (64 squares)"
		}
		if w > 8 || b > 8 {
			return false, fmt.Sprintf("a positional ending has at most 8 pieces a side; here %d white, %d black", w, b)
		}
	case Task:
		if !lock {
			return false, "a locking task's stipulation is a lock"
		}
	}
	return true, ""
}

// JudgedGenre is the genre c is judged as: the stated one, or, when the
// [Genre] tag is absent, the first genre the material allows in the order
// of 11.1.3 and docs/checks.md (problem, study, positional ending, task).
// A lock stipulation fits only a task, so an untagged lock is a locking
// task; a win or draw with at most 4 white pieces is a study, with more a
// problem. "" when nothing fits, and for a special kind of 11.1.4 (Black
// first, parts, giveaway) that is no task: the material limits of the main
// genres do not measure them.
func JudgedGenre(c *Composition) string {
	switch {
	case c.Genre != "" || c.Lasca != nil || c.Rules == nil:
		return c.Genre
	case c.Stipulation.Kind == KindLock:
		return Task
	case c.Kind != "" || len(c.Parts) > 0 || c.Stipulation.BlackFirst || IsGiveaway(c):
		return "" // a special kind (11.1.4): not one of the main genres
	}
	for _, g := range []string{Problem, Study, Ending} {
		if ok, _ := GenreFits(c, g); ok {
			return g
		}
	}
	return ""
}

// Group is the group of genre g from the material (11.1.3).
func Group(c *Composition, g string) string {
	p := &c.Start
	wm, wk := Material(p, draughts.White)
	bm, bk := Material(p, draughts.Black)
	big := c.Rules.Board.Size == 10
	switch g {
	case Problem:
		switch {
		case wk+bk > 0:
			return "with kings and men"
		case big && c.Practical:
			return "practical (stated by the author; men only, 11.2.7.5)"
		case !big && wm <= 6 && bm <= 6:
			return "miniature (up to 6 men a side)"
		case !big:
			return "ending (up to 12 men a side)"
		case wm <= 7 && bm <= 7:
			return "miniature (up to 7 men a side)"
		case wm <= 12 && bm <= 12:
			return "middle (up to 12 men a side)"
		default:
			return "large (up to 20 men a side)"
		}
	case Task:
		switch {
		case wm+wk <= 7:
			return "miniature (at most 7 white units)"
		case c.Stipulation.LockKings > 0:
			return "locking kings"
		default:
			return "locking men"
		}
	}
	return ""
}
