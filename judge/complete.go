package judge

import (
	"fmt"
	"sort"
	"strings"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/judge/finale"
	"draughtsjudge/solver"
)

// This file holds what the report says where the author's text stops
// before the goal (a published fragment, "and White wins"): the solver's
// line from the author's last position to the goal (finales, formal.go,
// finds it), and, where the author's move does not win, the defence by
// which Black escapes.

// Completed says where the author's text of the finale's line stops before
// the goal and what the tool added (the solver's forced play, Extra):
// "the author's text ends after 1...f4-g3 2.b4-c5 g3-h2 3.a3-b4; the tool
// completed it: 3...h2-g1 4.b4-a5 g1:b6 5.a5:c7 a7-b6 6.c7:a5 (won: Black
// has no pieces)"; "" when the line reaches the goal itself or was not
// completed. start is the side to move in the initial position; draw says
// the stipulation is a draw, whose added moves are no forced line: every
// defence holds the draw, and the tool plays one of them on to a position
// the database decides.
func (fin Finale) Completed(start draughts.Side, draw bool) string {
	ends := "the author's text ends after " + numberedLast(fin.Line, start)
	switch {
	case len(fin.Extra) > 0 && draw:
		return ends + "; the tool played on, every defence proved drawn, to a position the database decides: " + composition.Numbered(fin.Line, fin.Extra, start) + fin.Held(draw)
	case len(fin.Extra) > 0:
		return ends + "; the tool completed it: " + composition.Numbered(fin.Line, fin.Extra, start) + fin.Held(draw)
	case fin.Fulfilled && strings.HasPrefix(fin.Won, dbWon) && len(fin.Line) > 0:
		// The line stops in a position the database decides.
		return ends + ", where the goal holds" + fin.Held(draw)
	}
	return ""
}

// Held is how the goal holds in the finale, in the stipulation's words:
// " (won: Black has no pieces)", " (drawn: endgame database, White at
// least draws)"; "" when not said (Won is empty).
func (fin Finale) Held(draw bool) string {
	switch {
	case fin.Won == "":
		return ""
	case draw:
		return " (drawn: " + fin.Won + ")"
	}
	return " (won: " + fin.Won + ")"
}

// dbWon begins wonBy's text for a win the endgame database decides.
const dbWon = "endgame database"

// wonBy says how the goal holds in the finale p: no black piece or move
// (6.1.7), a lock, an endgame database's win, or the problem finale rule
// (11.2.7.2).
func wonBy(g solver.Goal, p draughts.Position, r *draughts.Rules) string {
	_, d := finale.Distance(g, p, r)
	var ml draughts.MoveList
	draughts.Generate(&p, r, &ml)
	_, win := g.(solver.Win)
	switch {
	case !win:
		if _, draw := g.(solver.Draw); draw { // how Draw.Eval holds
			switch {
			case ml.N == 0 && p.Side == draughts.Black:
				return "Black has no move"
			case ml.N == 0:
				return "White has no move, a win in giveaway (8.1)"
			}
			return dbWon + ", White at least draws"
		}
		return "the goal holds (" + solver.GoalName(g) + ")"
	case p.Pieces[draughts.Black] == 0:
		return "Black has no pieces"
	case ml.N == 0 && p.Side == draughts.Black:
		return "Black has no move"
	case d > 0:
		return fmt.Sprintf("%s, White wins in %s", dbWon, count(d, "more move"))
	}
	return "the problem finale rule: White ahead in material, Black without a king to make a quiet move, no shot, no black man near crowning against White's men alone (11.2.7.2)"
}

// escape names Black's defences in q (Black to move, after the author's
// move) after which White never forces the goal, each proved at any depth:
// "Black escapes with 4...g1-h2 (no forced win after it at any depth)".
func (w *walker) escape(q draughts.Position, line []string) string {
	e := w.escapes(q, line, 3)
	if len(e) == 0 {
		return ""
	}
	if isDraw(w.c) { // the draw's defender escapes by winning
		return "Black wins with " + strings.Join(e, " or ") + " (the draw is not held after it at any depth)"
	}
	return "Black escapes with " + strings.Join(e, " or ") + " (no forced win after it at any depth)"
}

// escapes returns up to most defences of q (Black to move) after which
// the goal is never forced, numbered after line.
func (w *walker) escapes(q draughts.Position, line []string, most int) []string {
	var out []string
	for _, d := range sortedMoves(&q, w.r) {
		if o, _ := w.s.DistanceFresh(q.Play(d), w.bound); o == solver.Never {
			out = append(out, composition.MoveNo(line, w.c.Start.Side)+draughts.MoveString(&q, w.r, d))
			if len(out) == most {
				break
			}
		}
	}
	return out
}

// sortedMoves are p's legal moves in notation order (deterministic).
func sortedMoves(p *draughts.Position, r *draughts.Rules) []draughts.Move {
	ms := draughts.LegalMoves(p, r)
	sort.SliceStable(ms, func(i, j int) bool {
		return draughts.MoveLess(draughts.MoveString(p, r, ms[i]), draughts.MoveString(p, r, ms[j]))
	})
	return ms
}

// numberedLast is the last moves of line (at most four plies) with their
// numbers ("1...f4-e3 2.b4-e1 a7-b6 3.a3-b4"), or "the start".
func numberedLast(line []string, start draughts.Side) string {
	if len(line) == 0 {
		return "the start"
	}
	n := max(len(line)-4, 0)
	return composition.Numbered(line[:n], line[n:], start)
}

// endMoves analyses the moves one by one at p, where an author's line
// stops before the goal (a published introduction whose real solution is
// not given, a main line cut short) and one search's budget did not
// decide the whole position: each move gets a fresh budget of its own.
// With the attacker to move it returns Never when every move is proved
// never to force the goal at any depth (the line ends where the attacker
// cannot win, 11.2.3), with each move's refutation, and Proved when one
// move forces it. With the defender to move it returns Never when a
// defence escapes at any depth, and Proved when every defence is proved
// lost, the distances in attacker moves (a proof's length, "at most",
// when the exact search spent its budget). Otherwise Aborted, with the
// text naming the moves decided and those left open.
func (w *walker) endMoves(p draughts.Position, line []string) (solver.Outcome, string) {
	at := "the author's text ends after " + numberedLast(line, w.c.Start.Side) + " in " + draughts.FEN(&p, w.r)
	no := composition.MoveNo(line, w.c.Start.Side)
	attacking := p.Side == w.attacker
	hi := w.bound
	if attacking {
		hi--
	}
	// A draw's distances are 0 and its words are the draw's (drawtext.go).
	draw := isDraw(w.c)
	notForced, neverVerb, forcedAfter := "never forcing the goal", "never forces the goal", "lost"
	before, noneWithin := "before the goal", "no forced goal within %d moves, none excluded at any depth"
	if draw {
		notForced, neverVerb, forcedAfter = "never holding the draw", "never holds the draw", "drawn"
		before, noneWithin = "before the draw is proved", "the draw not proved within %d moves, nor refuted at any depth"
	}
	// open: the budget ran out; bounded: no goal within the bound, and
	// none excluded at any depth.
	var never, won, open, bounded []string
	for _, m := range sortedMoves(&p, w.r) {
		q, text := p.Play(m), draughts.MoveString(&p, w.r, m)
		o, d := w.s.DistanceFresh(q, hi)
		in, more := " (in "+fmt.Sprint(d)+")", " in "+count(d, "more move")
		if w.s.DistanceIsBound() { // a proof's length: the exact search spent its budget
			in, more = " (in at most "+fmt.Sprint(d)+")", " in at most "+count(d, "more move")
		}
		if d == 0 {
			more = " at once" // the move itself reaches the goal
		}
		if draw {
			in, more = "", ""
		}
		switch {
		case o == solver.Proved && attacking:
			if draw {
				return solver.Proved, "the tool's move " + no + text + " holds the draw"
			}
			return solver.Proved, "the tool's move " + no + text + " forces the goal" + more
		case o == solver.Proved:
			won = append(won, no+text+in)
		case o == solver.Never && !attacking:
			if draw {
				return solver.Never, fmt.Sprintf("%s: after %s%s the draw is not held at any depth", at, no, text)
			}
			return solver.Never, fmt.Sprintf("%s: %s escapes with %s%s (no forced win after it at any depth)", at, composition.SideName(p.Side), no, text)
		case o == solver.Never:
			r := no + text
			if e := w.escapes(q, append(append([]string(nil), line...), text), 1); len(e) > 0 {
				r += " (refuted by " + e[0] + ")"
			}
			never = append(never, r)
		case o == solver.NotWithin:
			bounded = append(bounded, text)
		default:
			open = append(open, text)
		}
	}
	n := len(never) + len(won) + len(open) + len(bounded)
	switch {
	case n == 0:
		return solver.Aborted, at
	case len(open)+len(bounded) == 0 && attacking && n == 1:
		return solver.Never, fmt.Sprintf("%s, where %s %s at any depth: its only move, refuted: %s",
			at, composition.SideName(w.attacker), neverVerb, never[0])
	case len(open)+len(bounded) == 0 && attacking:
		return solver.Never, fmt.Sprintf("%s, where %s %s at any depth: its %s, each refuted: %s",
			at, composition.SideName(w.attacker), neverVerb, count(n, "move"), strings.Join(never, ", "))
	case len(open)+len(bounded) == 0 && draw:
		return solver.Proved, "every defence proved drawn: " + strings.Join(won, ", ")
	case len(open)+len(bounded) == 0:
		return solver.Proved, "every defence proved lost: " + strings.Join(won, ", ")
	}
	parts := []string{fmt.Sprintf("%s %s, %s to move, %s there", at, before, composition.SideName(p.Side), count(n, "move"))}
	if len(never) > 0 {
		parts = append(parts, notForced+": "+strings.Join(never, ", "))
	}
	if len(won) > 0 {
		parts = append(parts, forcedAfter+": "+strings.Join(won, ", "))
	}
	if len(bounded) > 0 {
		parts = append(parts, fmt.Sprintf("undecided ("+noneWithin+"): %s", hi, strings.Join(bounded, " ")))
	}
	if len(open) > 0 {
		parts = append(parts, "undecided (budget spent): "+strings.Join(open, " "))
	}
	return solver.Aborted, strings.Join(parts, "; ")
}
