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
	for _, sq := range dual.Pieces[draughts.White].Squares() {
		q := without(*dual, sq)
		if w.goalHolds(q) {
			return false, "the same lock with an uneconomical finale (the " + pieceName(dual, w.r, sq) + " is not needed)"
		}
	}
	return true, "the same finale, locking " + squareList(w.r, dual.Pieces[draughts.Black])
}

func (w *walker) goalHolds(p draughts.Position) bool {
	var ml draughts.MoveList
	draughts.Generate(&p, w.r, &ml)
	st, _ := w.goal.Eval(p, w.r, w.attacker, &ml)
	return st == solver.Done
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

// tolerated says whether a dual of this kind is allowed in the genre's
// thematic play, and by which clause; a dual that is not tolerated where
// partial cooks are forbidden (one-variation problems, tasks: 11.2.6) is a
// partial cook. finale says how a task's dual ends (sameLock).
func tolerated(c *Composition, kind string, dist int, sameFinale bool, finale string) (bool, string) {
	switch {
	case c.Genre == Task:
		if sameFinale {
			return true, "11.1.3: duality ending in " + finale
		}
		return false, "11.1.3: " + finale
	case c.Genre == Study || c.Genre == Ending:
		if kind != DualPlain {
			return true, "11.3.8.5: an inaccuracy a branch may have (" + kind + ")"
		}
		return false, "11.3.8.5: not an inaccuracy a branch may have (a partial cook in a study is scored, 11.2.6 does not forbid it)"
	case c.Genre == Problem && c.Practical && kind != DualPlain:
		return true, "11.2.7.5 note: a practical problem may deviate from 11.2.7.3 (" + kind + ")"
	case c.Genre == Problem && c.Rules.Board.Size == 10:
		switch kind {
		case DualAlternativeMove, DualAlternativeCapture:
			return true, "11.2.7.3: an " + kind + " is allowed"
		case DualKingDiagonal:
			if dist <= 1 {
				return false, "11.2.7.3: a closing king capture to different squares of one diagonal is a partial cook"
			}
		}
	}
	return false, "11.2.6: " + kind
}
