// Package dual is chapter XI on one dual — another winning White move
// where the author gives one: its kind, told apart by the moves and the
// distances (Classify), and its verdict by the genre's rule (Judge):
// 11.1.3 (tasks), 11.2.6, 11.2.7.3 (100-square problems), 11.3.7.5
// (64-square problems), 11.3.8.5 (studies). Package judge finds the duals
// in the author's tree and the solved tree and reports them.
package dual

import (
	"draughtsjudge/composition"
	"draughtsjudge/draughts"
)

// Kinds of a dual: another winning White move where the author gives one.
// The kinds are told apart by the moves and by the distances (the dual's
// against the author's): chapter XI tolerates some of them, depending on
// the genre (Judge): 11.1.3 (tasks), 11.2.7.3 (100-square problems),
// 11.3.7.5 (64-square problems), 11.3.8.5 (studies).
const (
	// Plain is a dual of no tolerated kind: another way to the goal.
	Plain = "dual"
	// Faster: the goal sooner than by the author's move — never a
	// tolerated inaccuracy (the author's way is not even the shortest).
	Faster = "faster than the author's move"
	// AlternativeMove: the same white piece reaches the author's
	// square in two moves through another square, in as many moves
	// (11.2.7.3; for a man on its way to the crowning row, 11.3.8.5's
	// "движение простой в дамки через соседние поля").
	AlternativeMove = "alternative move"
	// AlternativeCapture: a capture by the same piece to the same
	// square in another direction, in as many moves (11.2.7.3).
	AlternativeCapture = "alternative capture"
	// KingDiagonal: the king moves, or lands after the same capture,
	// on another square of the same diagonal, and wins in as many moves
	// (11.1.3, 11.3.8.5; as the closing capture of a 100-square problem
	// it is a partial cook, 11.2.7.3).
	KingDiagonal = "king to another square of the diagonal"
	// Longer: the goal one move later, the dual's play repeating no
	// position (11.3.8.5 "удлинение решения на один ход без повторения
	// позиции").
	Longer = "lengthening by one move"
	// Delay: the goal later, the dual's play coming back to the
	// position where White played it (11.3.8.5 "затяжка решения с
	// повторением позиции").
	Delay = "delay with repetition"
)

// Context is what Classify needs about the author's play at a
// White node: the author's move, Black's reply and White's next move (the
// last two may be missing).
type Context struct {
	P           draughts.Position
	Author      draughts.Move
	Reply, Next string
	AuthorDist  int
}

// Classify names the kind of the dual d at the node; dist is its
// distance (White moves to the goal after d) and repeats says the
// solver's play after d comes back to the node's position.
func Classify(r *draughts.Rules, x Context, d draughts.Move, dist int, repeats bool) string {
	a := x.Author
	p := &x.P
	king := p.Kings.Has(a.From)
	same := dist == x.AuthorDist
	switch {
	case dist < x.AuthorDist:
		return Faster
	case same && d.From == a.From && a.IsCapture() == d.IsCapture() && a.Captured == d.Captured && alternativeMove(r, x, d):
		return AlternativeMove
	case same && d.From == a.From && king && a.IsCapture() && d.IsCapture() && a.Captured == d.Captured && a.To != d.To:
		return KingDiagonal
	case same && d.From == a.From && a.IsCapture() && d.IsCapture() && a.To == d.To:
		return AlternativeCapture
	case same && d.From == a.From && king && !a.IsCapture() && !d.IsCapture() &&
		sameRay(r.Board, a.From, a.To, d.To):
		return KingDiagonal
	case repeats:
		return Delay
	case dist == x.AuthorDist+1:
		return Longer
	}
	return Plain
}

// TolerableKind reports whether kind is an inaccuracy 11.3.8.5 lets a
// study's branch have (once): the alternative move and capture, the king
// to another square of the diagonal, the lengthening by one move and the
// delay with repetition (transpositions are found apart, walker).
func TolerableKind(kind string) bool {
	switch kind {
	case AlternativeMove, AlternativeCapture, KingDiagonal, Longer, Delay:
		return true
	}
	return false
}

// sameRay reports whether b and c lie on one diagonal ray from a (the
// same diagonal, the same direction).
func sameRay(bd *draughts.Board, a, b, c draughts.Square) bool {
	ra, ca := bd.RowCol(a)
	rb, cb := bd.RowCol(b)
	rc, cc := bd.RowCol(c)
	abs := func(v int) int {
		if v < 0 {
			return -v
		}
		return v
	}
	sign := func(v int) int { return min(max(v, -1), 1) }
	return abs(rb-ra) == abs(cb-ca) && abs(rc-ra) == abs(cc-ca) && sign(rb-ra) == sign(rc-ra) && sign(cb-ca) == sign(cc-ca)
}

// alternativeMove: after d and the author's Black reply, the piece on d.To
// can go on with a quiet move to the square the author's next move
// reaches, giving the author's position (11.2.7.3). The first moves may be
// captures of the same pieces (Zubov No. 2: 6.16x27 … 7.27-49 and
// 6.16x38 … 7.38-49).
func alternativeMove(r *draughts.Rules, x Context, d draughts.Move) bool {
	if x.Reply == "" || x.Next == "" {
		return false
	}
	// The author's position two plies on.
	q := x.P.Play(x.Author)
	rm, err := draughts.ParseMove(&q, r, x.Reply)
	if err != nil {
		return false
	}
	q = q.Play(rm)
	nm, err := draughts.ParseMove(&q, r, x.Next)
	if err != nil || nm.From != x.Author.To || nm.IsCapture() {
		return false
	}
	want := q.Play(nm)
	// The same two plies through d.To.
	s := x.P.Play(d)
	rm2, err := draughts.ParseMove(&s, r, x.Reply)
	if err != nil {
		return false
	}
	s = s.Play(rm2)
	for _, m := range draughts.LegalMoves(&s, r) {
		if m.From == d.To && m.To == nm.To && !m.IsCapture() {
			got := s.Play(m)
			if got.Pieces == want.Pieces && got.Kings == want.Kings && got.Side == want.Side {
				return true
			}
		}
	}
	return false
}

// Place is where a dual stands in the author's solution.
type Place struct {
	Main   bool // on the author's main line (the thematic variation of a problem)
	Before bool // on the main line before it branches into variations (11.2.6)
	// Tasks: how the dual ends (sameLock); known is false when the
	// finale of the dual or of the author's move was not reached.
	Known, Same bool
	Finale      string
	// Single: White has one piece at the node (11.2.6 exempts the play
	// of a single white piece in a study's finale).
	Single bool
	// Second: the author's line through the node already has an
	// inaccuracy before it (11.3.8.5 allows a branch one).
	Second bool
	// Lenient: judge.Options.LenientStudyDuals.
	Lenient bool
	// Closing: the author's move is a capture that ends his line (the
	// closing capture of 11.2.7.3), whatever the distance to the goal.
	Closing bool
}

// Verdicts on a dual (Judge).
const (
	Tolerated = "tolerated"    // allowed by the genre's rule
	Warning   = "warning"      // an artistic defect (scored), not a formal one
	Demoted   = "demoted"      // a partial cook in a side variation: it is not thematic (11.2.6), the variations count drops
	Partial   = "partial cook" // forbidden: [unique] fails (11.2.6)
	Full      = "full cook"    // an inaccuracy before the branching (11.2.6)
	Undecided = "undecided"    // the rule needs what the budget did not reach
)

// Judge applies chapter XI to one dual and returns its status, the
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
//     listed kinds per branch (TolerableKind), scored; a second one in the
//     same branch, or a dual of another kind, is a partial cook (with
//     lenient, after the branching only a warning, and no variation is
//     demoted); the play of a single white piece in the finale is exempt
//     (11.2.6).
func Judge(c *composition.Composition, kind string, dist int, at Place) (status, clause, note string) {
	big := c.Rules.Board.Size == 10
	allowed1273 := c.Genre == composition.Problem && big && (kind == AlternativeMove || kind == AlternativeCapture)
	study := c.Genre == composition.Study || c.Genre == composition.Ending
	if at.Single && study {
		return Tolerated, "11.2.6", "uniqueness does not apply to the play of a single white piece in a study's finale"
	}
	if at.Before && !allowed1273 && !(c.Genre == composition.Problem && c.Practical) {
		return Full, "11.2.6", "an inaccuracy before the solution branches into its variations counts as a full cook (" + kind + ")"
	}
	// partial is the verdict on a partial cook: a defect in the main line,
	// a demotion in a side variation.
	partial := func(cl, why string) (string, string, string) {
		if at.Main {
			return Partial, cl, why + "; the main line cannot be demoted"
		}
		return Demoted, cl, why + "; the variation is not thematic"
	}
	switch c.Genre {
	case composition.Task:
		switch {
		case !at.Known:
			return Undecided, "11.1.3", "the finale of the dual was not reached within the budget"
		case at.Same:
			return Tolerated, "11.1.3", "duality ending in " + at.Finale
		}
		return Partial, "11.1.3, 11.2.6", "duality that changes the finale or makes it uneconomical: " + at.Finale
	case composition.Study, composition.Ending:
		switch {
		case TolerableKind(kind) && !at.Second:
			return Warning, "11.3.8.5", "an inaccuracy a branch may have once (" + kind + "), scored"
		case at.Lenient:
			return Warning, "11.2.6, 11.3.8.5", "a partial cook after the branching (" + kind + "), a warning by --lenient-study-duals"
		case TolerableKind(kind):
			return partial("11.2.6, 11.3.8.5", "a second inaccuracy in one branch ("+kind+"): 11.3.8.5 allows one")
		}
		return partial("11.2.6, 11.3.8.5", "a partial cook ("+kind+"): not an inaccuracy 11.3.8.5 allows")
	case composition.Problem:
		oneLine := c.ThematicLines() <= 1
		switch {
		case c.Practical && kind != Plain && kind != Faster:
			return Tolerated, "11.2.7.5", "a practical problem may deviate from 11.2.7.3 (" + kind + ")"
		case allowed1273:
			return Tolerated, "11.2.7.3", "an " + kind + " is allowed"
		case big && kind == KingDiagonal && (dist <= 1 || at.Closing) && (at.Main || oneLine):
			return Partial, "11.2.7.3", "a closing king capture to different squares of one diagonal is a partial cook"
		case big && (at.Main || oneLine):
			return Partial, "11.2.7.3", "no inaccuracy but the alternative move and capture in the thematic variation (" + kind + ")"
		case big:
			return partial("11.2.6, 11.2.7.3", "a partial cook in a variation ("+kind+")")
		case kind != Plain && kind != Faster && kind != Delay:
			return Warning, "11.3.7.5", "an inaccuracy of a 64-square problem (" + kind + "), scored"
		case oneLine:
			return Partial, "11.2.6", "a partial cook in a one-variation problem (" + kind + ")"
		}
		return partial("11.2.6", "a partial cook in a variation ("+kind+")")
	}
	return Warning, "11.2.6", "genre not stated: " + kind
}
