package judge

import (
	"fmt"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/solver"
)

// Kinds of a dual: another winning White move where the author gives one.
// The kinds are told apart by the moves and by the distances (the dual's
// against the author's): chapter XI tolerates some of them, depending on
// the genre (judgeDual): 11.1.3 (tasks), 11.2.7.3 (100-square problems),
// 11.3.7.5 (64-square problems), 11.3.8.5 (studies).
const (
	// DualPlain is a dual of no tolerated kind: another way to the goal.
	DualPlain = "dual"
	// DualFaster: the goal sooner than by the author's move — never a
	// tolerated inaccuracy (the author's way is not even the shortest).
	DualFaster = "faster than the author's move"
	// DualAlternativeMove: the same white piece reaches the author's
	// square in two moves through another square, in as many moves
	// (11.2.7.3; for a man on its way to the crowning row, 11.3.8.5's
	// "движение простой в дамки через соседние поля").
	DualAlternativeMove = "alternative move"
	// DualAlternativeCapture: a capture by the same piece to the same
	// square in another direction, in as many moves (11.2.7.3).
	DualAlternativeCapture = "alternative capture"
	// DualKingDiagonal: the king moves, or lands after the same capture,
	// on another square of the same diagonal, and wins in as many moves
	// (11.1.3, 11.3.8.5; as the closing capture of a 100-square problem
	// it is a partial cook, 11.2.7.3).
	DualKingDiagonal = "king to another square of the diagonal"
	// DualLonger: the goal one move later, the dual's play repeating no
	// position (11.3.8.5 "удлинение решения на один ход без повторения
	// позиции").
	DualLonger = "lengthening by one move"
	// DualDelay: the goal later, the dual's play coming back to the
	// position where White played it (11.3.8.5 "затяжка решения с
	// повторением позиции").
	DualDelay = "delay with repetition"
)

// dualContext is what classifyDual needs about the author's play at a
// White node: the author's move, Black's reply and White's next move (the
// last two may be missing).
type dualContext struct {
	p            draughts.Position
	author       draughts.Move
	reply, next  string
	authorDist   int
	authorFinale *draughts.Position
}

// classifyDual names the kind of the dual d at the node; dist is its
// distance (White moves to the goal after d) and repeats says the
// solver's play after d comes back to the node's position.
func classifyDual(r *draughts.Rules, x dualContext, d draughts.Move, dist int, repeats bool) string {
	a := x.author
	p := &x.p
	king := p.Kings.Has(a.From)
	same := dist == x.authorDist
	switch {
	case dist < x.authorDist:
		return DualFaster
	case same && d.From == a.From && a.IsCapture() == d.IsCapture() && a.Captured == d.Captured && alternativeMove(r, x, d):
		return DualAlternativeMove
	case same && d.From == a.From && king && a.IsCapture() && d.IsCapture() && a.Captured == d.Captured && a.To != d.To:
		return DualKingDiagonal
	case same && d.From == a.From && a.IsCapture() && d.IsCapture() && a.To == d.To:
		return DualAlternativeCapture
	case same && d.From == a.From && king && !a.IsCapture() && !d.IsCapture() &&
		direction(r.Board, a.From, a.To) == direction(r.Board, a.From, d.To) && sameDiagonal(r.Board, a.From, a.To, d.To):
		return DualKingDiagonal
	case repeats:
		return DualDelay
	case dist == x.authorDist+1:
		return DualLonger
	}
	return DualPlain
}

// toleratedKind reports whether kind is an inaccuracy 11.3.8.5 lets a
// study's branch have (once): the alternative move and capture, the king
// to another square of the diagonal, the lengthening by one move and the
// delay with repetition (transpositions are found apart, walker).
func toleratedKind(kind string) bool {
	switch kind {
	case DualAlternativeMove, DualAlternativeCapture, DualKingDiagonal, DualLonger, DualDelay:
		return true
	}
	return false
}

// sameDiagonal reports whether b and c lie on one diagonal ray from a.
func sameDiagonal(bd *draughts.Board, a, b, c draughts.Square) bool {
	ra, ca := bd.RowCol(a)
	rb, cb := bd.RowCol(b)
	rc, cc := bd.RowCol(c)
	abs := func(v int) int {
		if v < 0 {
			return -v
		}
		return v
	}
	return abs(rb-ra) == abs(cb-ca) && abs(rc-ra) == abs(cc-ca)
}

// alternativeMove: after d and the author's Black reply, the piece on d.To
// can go on with a quiet move to the square the author's next move
// reaches, giving the author's position (11.2.7.3). The first moves may be
// captures of the same pieces (Zubov No. 2: 6.16x27 … 7.27-49 and
// 6.16x38 … 7.38-49).
func alternativeMove(r *draughts.Rules, x dualContext, d draughts.Move) bool {
	if x.reply == "" || x.next == "" {
		return false
	}
	// The author's position two plies on.
	q := x.p.Play(x.author)
	rm, err := draughts.ParseMove(&q, r, x.reply)
	if err != nil {
		return false
	}
	q = q.Play(rm)
	nm, err := draughts.ParseMove(&q, r, x.next)
	if err != nil || nm.From != x.author.To || nm.IsCapture() {
		return false
	}
	want := q.Play(nm)
	// The same two plies through d.To.
	s := x.p.Play(d)
	rm2, err := draughts.ParseMove(&s, r, x.reply)
	if err != nil {
		return false
	}
	s = s.Play(rm2)
	for _, m := range draughts.LegalMoves(&s, r) {
		if m.From == d.To && m.To == nm.To && !m.IsCapture() {
			got := s.Play(m)
			if samePosition(&got, &want) {
				return true
			}
		}
	}
	return false
}

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
	ls := lockedSide(w.c)
	if dual.Pieces[ls] != author.Pieces[ls] || dual.Kings&dual.Pieces[ls] != author.Kings&author.Pieces[ls] {
		return false, "another finale: locks " + squareList(w.r, dual.Pieces[ls]) + " instead of " + squareList(w.r, author.Pieces[ls])
	}
	if sq, ok := spareWhite(w.goal, *dual, w.r); ok {
		return false, "the same lock with an uneconomical finale (the " + composition.PieceName(dual, w.r, sq) + " is not needed)"
	}
	return true, "the same finale, locking " + squareList(w.r, dual.Pieces[ls])
}

// spareWhite returns a white piece of the finale p without which goal g
// still holds the same way (sameWin): the finale does not need it
// (11.2.4, 11.2.8.1).
func spareWhite(g solver.Goal, p draughts.Position, r *draughts.Rules) (draughts.Square, bool) {
	for _, sq := range p.Pieces[draughts.White].Squares() {
		if sameWin(g, g, p, composition.Without(p, sq), r) {
			return sq, true
		}
	}
	return draughts.NoSquare, false
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

// dualPlace is where a dual stands in the author's solution.
type dualPlace struct {
	main   bool // on the author's main line (the thematic variation of a problem)
	before bool // on the main line before it branches into variations (11.2.6)
	// Tasks: how the dual ends (sameLock); known is false when the
	// finale of the dual or of the author's move was not reached.
	known, same bool
	finale      string
	// single: White has one piece at the node (11.2.6 exempts the play
	// of a single white piece in a study's finale).
	single bool
	// second: the author's line through the node already has an
	// inaccuracy before it (11.3.8.5 allows a branch one).
	second bool
	// lenient: Options.LenientStudyDuals.
	lenient bool
}

// Verdicts on a dual (judgeDual).
const (
	DualTolerated = "tolerated"    // allowed by the genre's rule
	DualWarning   = "warning"      // an artistic defect (scored), not a formal one
	DualDemoted   = "demoted"      // a partial cook in a side variation: it is not thematic (11.2.6), the variations count drops
	DualPartial   = "partial cook" // forbidden: [unique] fails (11.2.6)
	DualFull      = "full cook"    // an inaccuracy before the branching (11.2.6)
	DualUndecided = "undecided"    // the rule needs what the budget did not reach
)

// judgeDual applies chapter XI to one dual and returns its status, the
// clause and why. 11.2.6 for every genre: in the thematic variations the
// goal is reached only in the author's way, so
//   - an inaccuracy before the solution branches into its variations
//     counts as a full cook — except what 11.2.7.3 allows 100-square
//     problems (alternative move, alternative capture) and the play of a
//     single white piece in a study's finale (11.2.6);
//   - a partial cook in the main line is a defect (the main line cannot
//     be demoted: judgement call, docs/checks.md), and so in a one-variation
//     problem and in any variation of a task (11.2.6);
//   - a partial cook in a side variation demotes it: the variation is not
//     thematic, a warning, and the variations count drops (which can fail
//     [variations], 11.2.5).
//
// What is not a partial cook, genre by genre:
//   - tasks (11.1.3): duality ending in the same economical finale;
//     another or an uneconomical finale is a partial cook;
//   - 100-square problems (11.2.7.3): the alternative move and capture
//     only; a closing king capture to other squares of the diagonal is a
//     partial cook; practical problems may deviate (11.2.7.5 note);
//   - 64-square problems: alternative moves and captures, king moves along
//     the diagonal and lengthening are artistic defects (11.3.7.5);
//   - studies and positional endings (11.3.8.5): one inaccuracy of the
//     listed kinds per branch (toleratedKind), scored; a second one in the
//     same branch, or a dual of another kind, is a partial cook (with
//     lenient, after the branching only a warning, and no variation is
//     demoted); the play of a single white piece in the finale is exempt
//     (11.2.6).
func judgeDual(c *composition.Composition, kind string, dist int, at dualPlace) (status, clause, note string) {
	big := c.Rules.Board.Size == 10
	allowed1273 := c.Genre == composition.Problem && big && (kind == DualAlternativeMove || kind == DualAlternativeCapture)
	study := c.Genre == composition.Study || c.Genre == composition.Ending
	if at.single && study {
		return DualTolerated, "11.2.6", "uniqueness does not apply to the play of a single white piece in a study's finale"
	}
	if at.before && !allowed1273 && !(c.Genre == composition.Problem && c.Practical) {
		return DualFull, "11.2.6", "an inaccuracy before the solution branches into its variations counts as a full cook (" + kind + ")"
	}
	// partial is the verdict on a partial cook: a defect in the main line,
	// a demotion in a side variation.
	partial := func(cl, why string) (string, string, string) {
		if at.main {
			return DualPartial, cl, why + "; the main line cannot be demoted"
		}
		return DualDemoted, cl, why + "; the variation is not thematic"
	}
	switch c.Genre {
	case composition.Task:
		switch {
		case !at.known:
			return DualUndecided, "11.1.3", "the finale of the dual was not reached within the budget"
		case at.same:
			return DualTolerated, "11.1.3", "duality ending in " + at.finale
		}
		return DualPartial, "11.1.3, 11.2.6", "duality that changes the finale or makes it uneconomical: " + at.finale
	case composition.Study, composition.Ending:
		switch {
		case toleratedKind(kind) && !at.second:
			return DualWarning, "11.3.8.5", "an inaccuracy a branch may have once (" + kind + "), scored"
		case at.lenient:
			return DualWarning, "11.2.6, 11.3.8.5", "a partial cook after the branching (" + kind + "), a warning by --lenient-study-duals"
		case toleratedKind(kind):
			return partial("11.2.6, 11.3.8.5", "a second inaccuracy in one branch ("+kind+"): 11.3.8.5 allows one")
		}
		return partial("11.2.6, 11.3.8.5", "a partial cook ("+kind+"): not an inaccuracy 11.3.8.5 allows")
	case composition.Problem:
		oneLine := c.ThematicLines() <= 1
		switch {
		case c.Practical && kind != DualPlain && kind != DualFaster:
			return DualTolerated, "11.2.7.5", "a practical problem may deviate from 11.2.7.3 (" + kind + ")"
		case allowed1273:
			return DualTolerated, "11.2.7.3", "an " + kind + " is allowed"
		case big && kind == DualKingDiagonal && dist <= 1 && (at.main || oneLine):
			return DualPartial, "11.2.7.3", "a closing king capture to different squares of one diagonal is a partial cook"
		case big && (at.main || oneLine):
			return DualPartial, "11.2.7.3", "no inaccuracy but the alternative move and capture in the thematic variation (" + kind + ")"
		case big:
			return partial("11.2.6, 11.2.7.3", "a partial cook in a variation ("+kind+")")
		case kind != DualPlain && kind != DualFaster && kind != DualDelay:
			return DualWarning, "11.3.7.5", "an inaccuracy of a 64-square problem (" + kind + "), scored"
		case oneLine:
			return DualPartial, "11.2.6", "a partial cook in a one-variation problem (" + kind + ")"
		}
		return partial("11.2.6", "a partial cook in a variation ("+kind+")")
	}
	return DualWarning, "11.2.6", "genre not stated: " + kind
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
				if f.Status == DualTolerated || !onLine(f.Line, l) {
					continue
				}
				if first < 0 || len(f.Line) < first {
					first = len(f.Line)
				}
			}
		}
		for i := range w.duals {
			d := &w.duals[i]
			if d.Status != DualWarning || d.place.second || len(d.Line) <= first || !onLine(d.Line, l) {
				continue
			}
			d.place.second = true
			d.Status, d.Clause, d.Note = judgeDual(w.c, d.Kind, d.Distance, d.place)
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
		for _, d := range w.duals {
			if d.Status == DualDemoted && onLine(d.Line, l) {
				out = append(out, fmt.Sprintf("%s (%s%s for %s)", lastMoves(l.Text), composition.MoveNo(d.Line, w.c.Start.Side), d.Move, d.Author))
				break
			}
		}
	}
	return out
}
