package judge

import (
	"fmt"
	"slices"
	"strings"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/judge/dual"
	"draughtsjudge/judge/finale"
	"draughtsjudge/solver"
)

// walker compares the author's solution tree with the solver, node by node.
type walker struct {
	c        *composition.Composition
	r        *draughts.Rules
	s        *solver.Searcher
	goal     solver.Goal
	attacker draughts.Side
	bound    int
	slack    int
	// firstBranch is the ply of the main line where the author's solution
	// first branches into variations (a defence with alternatives); duals
	// before it count as full cooks (11.2.6).
	firstBranch int

	duals, transpositions, missing []Finding
	failures, unknowns, finales    []string
	// ends say, where an author's line stops before the goal undecided,
	// which moves there are decided and which are open (complete.go).
	ends []string
	// sideFinales are uneconomical finales the solver's play reaches
	// after defences the author did not give (tasks).
	sideFinales []string
	lines       []composition.Line // the author's lines (task duals compare finales)
	lenient     bool               // Options.LenientStudyDuals
	// strict: only what is proved at any depth is a failure, a bound
	// reached is unknown; later, when set, holds the nodes' analyses to
	// run deepest first (undecided.go).
	strict bool
	later  *[]pending
}

// pending is one node's analysis, depth plies into the author's line.
type pending struct {
	depth int
	run   func()
}

// node analyses a node depth plies deep now, or, in a walk back from
// the finales, later.
func (w *walker) node(depth int, run func()) {
	if w.later == nil {
		run()
		return
	}
	*w.later = append(*w.later, pending{depth, run})
}

func newWalker(c *composition.Composition, goal solver.Goal, attacker draughts.Side, opt Options, bound int, lines []composition.Line) *walker {
	b := opt.Solver.Budget
	slack := opt.Solver.Slack
	if slack == 0 {
		slack = 4
	}
	// Duals and missing defences are searched with a quarter of the node
	// budget per search.
	if b.Nodes != 0 {
		b.Nodes = max(b.Nodes/4, 50000)
	}
	s := solver.NewSearcher(c.Rules, goal, attacker, b)
	s.SetDrawRules(opt.Solver.DrawRules)
	return &walker{c: c, r: c.Rules, s: s, goal: goal, attacker: attacker, bound: bound, slack: slack, firstBranch: c.FirstBranch(), lines: lines, lenient: opt.LenientStudyDuals}
}

// walk follows plies from p; line is the moves so far. The first ply of
// a variation is an alternative at its parent's node, which the parent
// analyses (variation = true skips it here).
func (w *walker) walk(plies []draughts.Ply, p draughts.Position, line []string, variation bool) {
	w.walkLine(plies, p, line, variation, !variation)
}

// walkLine is walk; main says the plies are the author's main line.
func (w *walker) walkLine(plies []draughts.Ply, p draughts.Position, line []string, variation, main bool) {
	for i := range plies {
		ply := &plies[i]
		for _, v := range ply.Variations {
			if len(v) > 0 && composition.IsTry(&v[0]) {
				continue // the author's try: the first-move analysis judges it
			}
			w.walkLine(v, p, append([]string(nil), line...), true, false)
		}
		m, err := draughts.ParseMove(&p, w.r, ply.Text)
		if err != nil {
			return // reported by the replay check
		}
		text := draughts.MoveString(&p, w.r, m)
		q, at := p, line // this node's, for a later analysis
		switch {
		case i == 0 && variation:
		case p.Side == w.attacker:
			authors, next := w.authorMoves(p, ply), plies[i+1:]
			w.node(len(at), func() { w.attackerNode(q, at, authors, next, main) })
		default:
			w.node(len(at), func() { w.defenderNode(q, at, ply) })
		}
		line = append(line, text)
		p = p.Play(m)
	}
	q, at := p, line
	w.node(len(at), func() { w.lineEnd(q, at) })
}

// authorMoves returns the ply's move and the first moves of its
// variations: the author's moves at this node.
func (w *walker) authorMoves(p draughts.Position, ply *draughts.Ply) []string {
	var out []string
	var alts [][]draughts.Ply
	for _, v := range ply.Variations {
		if len(v) > 0 && !composition.IsTry(&v[0]) {
			alts = append(alts, v)
		}
	}
	for _, t := range append([]string{ply.Text}, firstTexts(alts)...) {
		if m, err := draughts.ParseMove(&p, w.r, t); err == nil {
			out = append(out, draughts.MoveString(&p, w.r, m))
		}
	}
	return out
}

func firstTexts(vs [][]draughts.Ply) []string {
	var out []string
	for _, v := range vs {
		if len(v) > 0 {
			out = append(out, v[0].Text)
		}
	}
	return out
}

// attackerNode: every attacker move that forces the goal; the author's
// main move must be among them, the others are duals or transpositions.
// An alternative the author writes himself is judged like any dual
// (11.2.6: showing it does not make it the author's one way); the
// finding says the author gives it.
func (w *walker) attackerNode(p draughts.Position, line []string, authors []string, next []draughts.Ply, main bool) {
	author := authors[0]
	if len(line) == 0 {
		return // first moves: keys and cooks are the solver's first-move analysis
	}
	o, dist := w.s.DistanceFresh(p, w.bound)
	if o != solver.Proved {
		w.result(o, fmt.Sprintf("after %s the attacker has no forced goal within %d moves", join(line), w.bound), line)
		return
	}
	wins := w.s.WinningMoves(p, dist+w.slack)
	authorWins, authorBound := false, false
	var authorDist int
	for _, b := range wins {
		if b.Move == author {
			authorWins, authorDist, authorBound = true, b.Distance, b.Bound
		}
	}
	if !authorWins {
		w.authorFails(p, line, author, dist)
		return
	}
	am, err := draughts.ParseMove(&p, w.r, author)
	if err != nil {
		return
	}
	x := dual.Context{P: p, Author: am, AuthorDist: authorDist}
	var authorFinale *draughts.Position
	if len(next) > 0 {
		x.Reply = next[0].Text
	}
	if len(next) > 1 {
		x.Next = next[1].Text
	}
	finaleDone := false
	for _, b := range wins {
		if b.Move == author {
			continue
		}
		f := Finding{Line: append([]string(nil), line...), Move: b.Move, Author: author, Distance: b.Distance,
			AuthorDistance: authorDist, ByAuthor: contains(authors[1:], b.Move)}
		// A transposition reaches the author's finale by another order
		// (a move of one of the kinds the rules name by its geometry is
		// judged as that kind, 11.2.7.3, 11.3.8.5).
		if !finaleDone {
			finaleDone = true
			if fin, _, ok := w.play(p.Play(am), authorDist-1+w.slack, nil); ok {
				authorFinale = &fin
			}
		}
		m, err := draughts.ParseMove(&p, w.r, b.Move)
		if err != nil {
			continue
		}
		var dualFinale *draughts.Position
		fin, repeats, ok := w.play(p.Play(m), b.Distance-1+w.slack, &p)
		if ok {
			dualFinale = &fin
		}
		given := ""
		if f.ByAuthor {
			given = "; the author gives it"
		}
		f.Kind = dual.Classify(w.r, x, m, b.Distance, repeats)
		geometric := f.Kind == dual.AlternativeMove || f.Kind == dual.AlternativeCapture || f.Kind == dual.KingDiagonal
		if !geometric && dualFinale != nil && authorFinale != nil && samePosition(dualFinale, authorFinale) {
			f.Result = fmt.Sprintf("reaches the author's finale (in %d, author's %s in %d)%s", b.Distance, author, authorDist, given)
			f.Kind = "transposition"
			w.transpositions = append(w.transpositions, f)
			continue
		}
		at := dual.Place{Main: main, Before: main && len(line) < w.firstBranch, Single: p.Pieces[w.attacker].Count() == 1, Lenient: w.lenient,
			Closing: len(next) == 0 && am.IsCapture()}
		if w.c.Genre == composition.Task && dualFinale != nil {
			// Compare with the author's own finales below this node (the
			// locks of his lines through it), else with the solver's
			// finale after the author's move.
			cands := w.authorEnds(line)
			if len(cands) == 0 && authorFinale != nil {
				cands = []draughts.Position{*authorFinale}
			}
			for i := range cands {
				at.Known = true
				at.Same, at.Finale = w.sameLock(dualFinale, &cands[i])
				if at.Same {
					break
				}
			}
		}
		f.place = at
		f.Status, f.Clause, f.Note = dual.Judge(w.c, f.Kind, b.Distance, at)
		failing := f.Status == dual.Partial || f.Status == dual.Full
		switch {
		case authorBound || b.Bound:
			// A distance is only a proof's length (budget spent): the
			// classification, which compares distances, is not decided.
			f.Status, f.Note = dual.Undecided, "a distance is only an upper bound (the exact search spent its budget)"
		case failing && !geometric && (dualFinale == nil || authorFinale == nil):
			// Whether it reaches the author's finale (a transposition, no
			// cook) was not found within the budget: a defect only on
			// what was decided (under --time a transposition looked like
			// a partial cook).
			f.Status, f.Note = dual.Undecided, "its finale or the author's was not reached within the budget: a transposition or a "+f.Status+", undecided"
		}
		f.Result = fmt.Sprintf("also forces the goal in %d (author's %s in %d)%s", b.Distance, author, authorDist, given)
		if isDraw(w.c) { // drawtext.go
			f.Result = fmt.Sprintf("also holds the draw (author's %s)%s", author, given)
		}
		w.duals = append(w.duals, f)
	}
}

// authorFails records that the author's move at p (after line) does not
// force the goal within dist+slack moves. It is decided at any depth where
// phase 1 can: only a move it leaves undecided is judged by the bound, and
// one whose search ran out of budget is unknown, not a failure.
func (w *walker) authorFails(p draughts.Position, line []string, author string, dist int) {
	msg := fmt.Sprintf("%s%s does not force the goal within %d moves (after %s)", composition.MoveNo(line, w.c.Start.Side), author, dist+w.slack, join(line))
	if am, err := draughts.ParseMove(&p, w.r, author); err == nil {
		o, _ := w.s.DistanceFresh(p.Play(am), dist+w.slack)
		switch o {
		case solver.Never:
			msg = fmt.Sprintf("%s%s does not force the goal at any depth (after %s)", composition.MoveNo(line, w.c.Start.Side), author, join(line))
			if e := w.escape(p.Play(am), append(append([]string(nil), line...), author)); e != "" {
				msg += ": " + e // complete.go
			}
		case solver.Aborted:
			w.unknowns = append(w.unknowns, fmt.Sprintf("%s%s: budget spent (after %s)", composition.MoveNo(line, w.c.Start.Side), author, join(line)))
			return
		default:
			if w.strict { // a bound reached, or a longer win: no proof that it never wins
				w.unknowns = append(w.unknowns, msg+" ("+w.outcomeText(o)+", not proved at any depth)")
				return
			}
		}
	}
	w.failures = append(w.failures, msg)
}

// play follows the solver's play from q (White's forced win within bound)
// to its finale; repeats says it passes through the position *back (the
// node where White chose the move), when back is given.
func (w *walker) play(q draughts.Position, bound int, back *draughts.Position) (draughts.Position, bool, bool) {
	moves, fin, ok := w.s.MainLine(q, bound, 80)
	if !ok || back == nil {
		return fin, false, ok
	}
	p := q
	for _, t := range moves {
		m, err := draughts.ParseMove(&p, w.r, t)
		if err != nil {
			break
		}
		p = p.Play(m)
		if samePosition(&p, back) {
			return fin, true, ok
		}
	}
	return fin, false, ok
}

// defenderNode: every defence the author left out is checked.
func (w *walker) defenderNode(p draughts.Position, line []string, ply *draughts.Ply) {
	covered := map[draughts.Move]bool{}
	if m, err := draughts.ParseMove(&p, w.r, ply.Text); err == nil {
		covered[m] = true
	}
	for _, v := range ply.Variations {
		if len(v) > 0 {
			if m, err := draughts.ParseMove(&p, w.r, v[0].Text); err == nil {
				covered[m] = true
			}
		}
	}
	// Missing defences are searched to the node's own distance + slack.
	hi := w.bound
	if o, d := w.s.DistanceFresh(p, w.bound); o == solver.Proved && d+w.slack < hi {
		hi = d + w.slack
	}
	for _, d := range sortedMoves(&p, w.r) {
		if covered[d] {
			continue
		}
		q := p.Play(d)
		f := Finding{Line: append([]string(nil), line...), Move: draughts.MoveString(&p, w.r, d)}
		o, dist := w.s.DistanceFresh(q, hi)
		switch o {
		case solver.Proved:
			f.Distance = dist
			f.Result = fmt.Sprintf("not in the author's solution; the attacker still wins in %d", dist)
			if dist == 0 {
				f.Result = "not in the author's solution; the goal holds at once" // the defence itself fulfils it
			}
			if isDraw(w.c) { // drawtext.go
				f.Result = "not in the author's solution; the attacker still holds the draw"
			}
			if w.c.Genre == composition.Task {
				// 11.1.3: every finale of a task must be economical, even
				// in the least variation — the author's or not.
				if fin, ok := w.finaleOf(q, dist); ok {
					if sq, spare := finale.Spare(w.goal, fin, w.r); spare {
						w.sideFinales = append(w.sideFinales, fmt.Sprintf("after %s %s (not in the author's solution) the forced play ends in %s without needing the %s", join(line), f.Move, draughts.FEN(&fin, w.r), composition.PieceName(&fin, w.r, sq)))
					}
				}
			}
		case solver.Aborted:
			f.Result = "not in the author's solution; budget spent"
			w.unknowns = append(w.unknowns, fmt.Sprintf("defence %s%s: budget spent", composition.MoveNo(line, w.c.Start.Side), f.Move))
		case solver.NotWithin:
			if w.strict {
				f.Result = fmt.Sprintf("not in the author's solution; no forced goal within %d moves, none excluded at any depth", hi)
				w.unknowns = append(w.unknowns, fmt.Sprintf("defence %s%s: no win within %d moves", composition.MoveNo(line, w.c.Start.Side), f.Move, hi))
				break
			}
			fallthrough
		default:
			f.Result = fmt.Sprintf("not in the author's solution; REFUTES: no forced goal within %d moves", hi)
			if o == solver.Never {
				f.Result = "not in the author's solution; REFUTES: the goal can never be forced"
			}
			w.failures = append(w.failures, fmt.Sprintf("defence %s %s after %s is not answered: %s", composition.MoveNo(line, w.c.Start.Side), f.Move, join(line), o))
		}
		w.missing = append(w.missing, f)
	}
}

// lineEnd: the author's line stops at p; its finale must be proved.
func (w *walker) lineEnd(p draughts.Position, line []string) {
	var ml draughts.MoveList
	draughts.Generate(&p, w.r, &ml)
	o, dist := w.s.DistanceFresh(p, w.bound)
	switch {
	case o == solver.Proved && dist == 0:
		w.finales = append(w.finales, "finale after "+lastMoves(line)+": "+draughts.FEN(&p, w.r))
	case o == solver.Proved:
		// The moves the tool adds are the finale's (formal.go finales,
		// Finale.Completed). A distance the exact search could not
		// confirm is a proof's length: an upper bound.
		n := count(dist, "more forced move")
		if w.s.DistanceIsBound() {
			n = "at most " + n
		}
		w.finales = append(w.finales, fmt.Sprintf("the author's text ends after %s, %s to the goal", numberedLast(line, w.c.Start.Side), n))
	case o != solver.Never:
		// One search's budget did not decide the whole position: each
		// move there gets its own (complete.go).
		switch eo, text := w.endMoves(p, line); eo {
		case solver.Proved:
			w.finales = append(w.finales, "the author's text ends after "+numberedLast(line, w.c.Start.Side)+"; "+text)
		case solver.Never:
			w.failures = append(w.failures, text)
		default:
			w.ends = append(w.ends, text)
			w.result(o, text, line)
		}
	default: // Never
		msg := fmt.Sprintf("the author's line ending %s does not reach a proved finale", lastMoves(line))
		if p.Side != w.attacker {
			if e := w.escape(p, line); e != "" {
				msg += ": " + e // complete.go
			}
		}
		w.result(o, msg, line)
	}
}

func (w *walker) result(o solver.Outcome, msg string, line []string) {
	if o == solver.Aborted || o == solver.NotWithin {
		w.unknowns = append(w.unknowns, msg+" ("+w.outcomeText(o)+")")
		return
	}
	w.failures = append(w.failures, msg)
}

func samePosition(a, b *draughts.Position) bool {
	return a.Pieces == b.Pieces && a.Kings == b.Kings && a.Side == b.Side
}

func join(line []string) string {
	if len(line) == 0 {
		return "the start"
	}
	return strings.Join(line, " ")
}

func lastMoves(line []string) string {
	if len(line) > 4 {
		return "… " + join(line[len(line)-4:])
	}
	return join(line)
}

func contains(xs []string, x string) bool { return slices.Contains(xs, x) }

// authorEnds are the end positions of the author's lines that pass through
// the node reached by line, where the goal is fulfilled.
func (w *walker) authorEnds(line []string) []draughts.Position {
	var out []draughts.Position
	for _, l := range w.lines {
		if len(l.Text) < len(line) {
			continue
		}
		through := true
		for i, m := range line {
			if l.Text[i] != m {
				through = false
				break
			}
		}
		if through && fulfilledBy(w.goal, l.End, w.r) {
			out = append(out, l.End)
		}
	}
	return out
}
