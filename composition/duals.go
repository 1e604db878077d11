package composition

import (
	"draughtsjudge/draughts"
	"draughtsjudge/solver"
)

// Kinds of a dual: another winning White move where the author gives one.
// Chapter XI tolerates some of them, depending on the genre (see
// tolerated): 11.1.3 (tasks), 11.2.7.3 (100-square problems), 11.3.8.5
// (studies).
const (
	// DualPlain is a dual of no tolerated kind.
	DualPlain = "dual"
	// DualAlternativeMove: the same white piece reaches the author's
	// square in two moves through another square (11.2.7.3).
	DualAlternativeMove = "alternative move"
	// DualAlternativeCapture: a capture by the same piece to the same
	// square in another direction (11.2.7.3).
	DualAlternativeCapture = "alternative capture"
	// DualKingDiagonal: the king moves, or lands after its capture, on
	// another square of the same diagonal (11.1.3, 11.3.8.5; a closing
	// king capture of a 100-square problem so is a partial cook, 11.2.7.3).
	DualKingDiagonal = "king to another square of the diagonal"
	// DualLonger: the goal one move later (11.3.8.5).
	DualLonger = "lengthening by one move"
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

// classifyDual names the kind of the dual d at the node.
func classifyDual(r *draughts.Rules, x dualContext, d draughts.Move, dist int) string {
	a := x.author
	p := &x.p
	king := p.Kings.Has(a.From)
	switch {
	case d.From == a.From && king && a.IsCapture() && d.IsCapture() && a.Captured == d.Captured && a.To != d.To:
		return DualKingDiagonal
	case d.From == a.From && a.IsCapture() && d.IsCapture() && a.To == d.To:
		return DualAlternativeCapture
	case d.From == a.From && king && !a.IsCapture() && !d.IsCapture() &&
		direction(r.Board, a.From, a.To) == direction(r.Board, a.From, d.To) && sameDiagonal(r.Board, a.From, a.To, d.To):
		return DualKingDiagonal
	case d.From == a.From && !a.IsCapture() && !d.IsCapture() && alternativeMove(r, x, d):
		return DualAlternativeMove
	case dist == x.authorDist+1:
		return DualLonger
	}
	return DualPlain
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
// can go on to the square the author's next move reaches, giving the
// author's position (11.2.7.3).
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
	_, fin, ok := w.s.MainLine(p, bound, 80)
	return fin, ok
}

// sameLock reports whether a task's dual finale locks the same black
// squares as the author's finale and is economical (11.1.3: duality is
// tolerated in a task unless it changes the finale or makes it
// uneconomical).
func (w *walker) sameLock(dual, author *draughts.Position) (bool, string) {
	if dual.Pieces[draughts.Black] != author.Pieces[draughts.Black] || dual.Kings&dual.Pieces[draughts.Black] != author.Kings&author.Pieces[draughts.Black] {
		return false, "another finale: locks " + squareList(w.r, dual.Pieces[draughts.Black]) + " instead of " + squareList(w.r, author.Pieces[draughts.Black])
	}
	if sq, ok := spareWhite(w.goal, *dual, w.r); ok {
		return false, "the same lock with an uneconomical finale (the " + pieceName(dual, w.r, sq) + " is not needed)"
	}
	return true, "the same finale, locking " + squareList(w.r, dual.Pieces[draughts.Black])
}

// spareWhite returns a white piece of the finale p without which goal g
// still holds: the finale does not need it (11.2.4, 11.2.8.1).
func spareWhite(g solver.Goal, p draughts.Position, r *draughts.Rules) (draughts.Square, bool) {
	for _, sq := range p.Pieces[draughts.White].Squares() {
		if fulfilledBy(g, without(p, sq), r) {
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
}

// Verdicts on a dual (judgeDual).
const (
	DualTolerated = "tolerated"    // allowed by the genre's rule
	DualWarning   = "warning"      // an artistic defect (scored), not a formal one
	DualPartial   = "partial cook" // forbidden: [unique] fails (11.2.6)
	DualFull      = "full cook"    // an inaccuracy before the branching (11.2.6)
	DualUndecided = "undecided"    // the rule needs what the budget did not reach
)

// judgeDual applies chapter XI to one dual and says why:
//   - 11.2.6: an inaccuracy before the solution branches into its
//     variations counts as a full cook — except what 11.2.7.3 allows
//     100-square problems (alternative move, alternative capture);
//   - tasks (11.1.3): duality is tolerated when it ends in the same
//     economical finale; another or an uneconomical finale is a partial
//     cook in any variation (11.2.6);
//   - 100-square problems (11.2.7.3): in the thematic variation only the
//     alternative move and capture are allowed; a closing king capture to
//     other squares of the diagonal is a partial cook;
//   - 64-square problems: alternative moves and captures, king moves along
//     the diagonal and lengthening are artistic (11.3.7.5); other duals are
//     partial cooks in a one-variation problem (11.2.6);
//   - studies and positional endings: partial cooks are not forbidden
//     (11.2.6 names problems and tasks only); 11.3.8.5 lists the
//     inaccuracies a branch may have — both are scored;
//   - practical problems may deviate from 11.2.7.3 (11.2.7.5 note).
func judgeDual(c *Composition, kind string, dist int, at dualPlace) (string, string) {
	big := c.Rules.Board.Size == 10
	allowed1273 := c.Genre == Problem && big && (kind == DualAlternativeMove || kind == DualAlternativeCapture)
	if at.before && !allowed1273 && !(c.Genre == Problem && c.Practical) && !(at.single && (c.Genre == Study || c.Genre == Ending)) {
		return DualFull, "11.2.6: an inaccuracy before the solution branches into its variations counts as a full cook"
	}
	switch c.Genre {
	case Task:
		switch {
		case !at.known:
			return DualUndecided, "11.1.3: the finale of the dual was not reached within the budget"
		case at.same:
			return DualTolerated, "11.1.3: duality ending in " + at.finale
		}
		return DualPartial, "11.1.3, 11.2.6: " + at.finale
	case Study, Ending:
		switch {
		case at.single:
			return DualTolerated, "11.2.6: uniqueness does not apply to the play of a single white piece in a study's finale"
		case kind == DualKingDiagonal || kind == DualLonger:
			return DualWarning, "11.3.8.5: an inaccuracy a branch may have (" + kind + ")"
		}
		return DualWarning, "11.3.8.5: a partial cook in a branch (" + kind + ") — scored; 11.2.6 forbids partial cooks in problems and tasks only"
	case Problem:
		oneLine := thematicLines(c) <= 1
		switch {
		case c.Practical && kind != DualPlain:
			return DualTolerated, "11.2.7.5 note: a practical problem may deviate from 11.2.7.3 (" + kind + ")"
		case allowed1273:
			return DualTolerated, "11.2.7.3: an " + kind + " is allowed"
		case big && kind == DualKingDiagonal && dist <= 1 && (at.main || oneLine):
			return DualPartial, "11.2.7.3: a closing king capture to different squares of one diagonal is a partial cook"
		case big && at.main:
			return DualPartial, "11.2.7.3: no inaccuracy but the alternative move and capture in the thematic variation (" + kind + ")"
		case !big && kind != DualPlain:
			return DualWarning, "11.3.7.5: an inaccuracy of a 64-square problem (" + kind + "), scored"
		case oneLine:
			return DualPartial, "11.2.6: a partial cook in a one-variation problem"
		}
		return DualWarning, "11.2.6: a partial cook in a side variation of a problem with several variations, scored"
	}
	return DualWarning, "genre not stated: " + kind
}
