package judge

import (
	"context"
	"fmt"
	"strings"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/judge/branch"
	"draughtsjudge/judge/finale"
	"draughtsjudge/solver"
)

// This file holds the formal checks of chapter XI that need the material
// or the solver's answer beyond solvability and uniqueness: [genre]
// (11.1.3), [problem-balance] (11.2.7.1), [exact-lock] (11.2.8.2),
// [economy-finale] (11.2.4, 11.2.8.1) and [economy-construction] (11.2.4),
// and the artistic measures (measures.go) that feed the score.

// Judgement is the part of a Report that judges the composition beyond
// soundness: genre and group, the author's finales, the artistic measures
// and the score. It is embedded in Report (its JSON fields are inline).
type Judgement struct {
	// DetectedGenres are the genres the material allows (11.1.3).
	DetectedGenres []string `json:"detected_genres,omitempty"`
	// Group is the group within the genre (11.1.3), e.g. "miniature".
	Group string `json:"group,omitempty"`
	// MainLine is the author's main line (canonical notation).
	MainLine []string `json:"main_line,omitempty"`
	// Finales are the end positions of the author's lines.
	Finales []Finale `json:"finales,omitempty"`
	// Measures are the artistic measures (11.3) with their evidence.
	Measures []Measure `json:"measures,omitempty"`
	// Score is the rubric's estimate on the 10-point scale (11.7);
	// ScoreLines are the rubric lines with their contribution.
	Score      float64     `json:"score"`
	ScoreNote  string      `json:"score_note,omitempty"`
	ScoreLines []ScoreLine `json:"score_lines,omitempty"`
	// Branches are a study's composition branches in the solved tree
	// (11.2.5, package branch); BranchesCut: the tree was cut, so there may
	// be more.
	Branches    []branch.StudyBranch `json:"branches,omitempty"`
	BranchesCut bool                 `json:"branches_cut,omitempty"`
	// Originality is left to the judge; the tool gives its evidence.
	Originality *Originality `json:"originality,omitempty"`
}

// Finale is where one of the author's lines ends.
type Finale struct {
	Line []string `json:"line"` // the author's moves from the start
	// Extra are moves the solver added after the author's last move to
	// reach the position where the goal is fulfilled (forced play).
	Extra     []string `json:"extra,omitempty"`
	FEN       string   `json:"fen"`
	Fulfilled bool     `json:"fulfilled"` // the goal holds in FEN
	// Won says how the goal holds in FEN (complete.go wonBy): "Black has
	// no pieces", "Black has no move", the endgame database, the problem
	// finale rule.
	Won  string `json:"won,omitempty"`
	Main bool   `json:"main,omitempty"`
	// Locked are the defender's locked squares (tasks).
	Locked []string `json:"locked,omitempty"`
}

// formal carries what the solver-based checks share.
type formal struct {
	ctx   context.Context
	c     *composition.Composition
	r     *draughts.Rules
	goal  solver.Goal
	opt   Options
	ans   solver.Answer
	lines []composition.Line
	// roles says, per starting square, why economy-construction found
	// the piece needed (the dead-pieces measure cites it).
	roles map[draughts.Square]string
	// undecided are the pieces economy-construction could not decide.
	undecided draughts.Bitboard
	// sideFinales: see Report.sideFinales.
	sideFinales []string
	// unsolved: the solver did not prove the composition, so tries,
	// duals and transpositions are not measured.
	unsolved bool
}

// staticChecks adds the checks that need only the material: [legal]
// (11.2.2), [genre] (11.1.3) and [problem-balance] (11.2.7.1).
func (rep *Report) staticChecks(c *composition.Composition) {
	legal := legalMaterial(c)
	if legal.Status == Pass {
		d, ok := retroDetail(c)
		legal.Detail += "; " + d
		if !ok {
			legal.Status = Warn
		}
	}
	rep.add(legal)
	rep.add(rep.genreCheck(c))
	rep.add(problemBalance(c))
	if ch := naturalPosition(c, &legal); ch.Status != NotApplicable {
		rep.add(ch)
	}
}

// lineChecks adds the checks that read the author's lines: [exact-lock]
// and [economy-finale] always (properties of the author's end positions,
// wanted even for an undecided or unsolvable entry); when solved, also
// [economy-construction] and [kings-function]; otherwise the solver-based
// checks are listed as not checked. Then the artistic measures (without
// the solver's tries, duals and transpositions when unsolved).
func (rep *Report) lineChecks(ctx context.Context, c *composition.Composition, opt Options, goal solver.Goal, lines []composition.Line, ans solver.Answer, solved bool) {
	if !solved && (goal == nil || len(lines) == 0) {
		rep.notChecked(c)
		return
	}
	f := &formal{ctx: ctx, c: c, r: c.Rules, goal: goal, opt: opt, ans: ans, lines: lines, sideFinales: rep.sideFinales, unsolved: !solved}
	if len(lines) > 0 {
		rep.MainLine = lines[0].Text
	}
	rep.Finales = f.finales()
	rep.distinctTaskFinales(c)
	rep.add(f.exactLock(rep.Finales))
	ef := f.economyFinale(rep.Finales)
	if ch := rep.Check("solvable"); (ef.Status == Fail || ef.Status == Pass) && (ch == nil || ch.Status == Unknown) {
		// The finales are the author's lines' ends only when the lines
		// are forced: while solvability is undecided, so is this check,
		// whichever way the author's end positions point.
		ef.Status, ef.Detail = Unknown, "undecided while solvability is unknown; it would "+string(ef.Status)+": "+ef.Detail
	}
	rep.add(ef)
	if !solved {
		rep.notChecked(c)
	} else {
		if ch := rep.Check("solvable"); ch != nil && ch.Status != Pass {
			rep.add(newCheck(CheckEconomyConstruction, NotApplicable, "the author's solution is not sound: no idea to keep"))
		} else {
			rep.add(f.economyConstruction(rep))
		}
		if ch := f.kingsFunction(); ch.Status != NotApplicable {
			rep.add(ch)
		}
	}
	rep.Measures = f.measures(rep)
}

// kingsFunction is [kings-function] (11.2.7.4): in a problem with kings
// and men in the initial position, the kings must play their part: each
// king moves or is captured in some author's line. A king that does
// neither but that economy-construction found needed plays only
// indirectly: a warning for the judge; one that is not needed fails.
func (f *formal) kingsFunction() Check {
	const id = CheckKingsFunction
	start := f.c.Start
	if f.c.Genre != composition.Problem || start.Kings == 0 || len(f.lines) == 0 {
		return newCheck(id, NotApplicable, "problems with kings only")
	}
	_, touched := pieceActivity(start, f.lines)
	var idle, indirect []string
	for _, sq := range (start.Kings &^ touched).Squares() {
		name := composition.PieceName(&start, f.r, sq)
		if why, ok := f.roles[sq]; ok {
			indirect = append(indirect, name+" ("+why+")")
		} else if f.undecided.Has(sq) {
			indirect = append(indirect, name+" (economy-construction undecided)")
		} else {
			idle = append(idle, name)
		}
	}
	switch {
	case len(idle) > 0 && f.roles == nil:
		return newCheck(id, Fail, "kings that neither move nor are captured in the author's lines: "+strings.Join(idle, ", "))
	case len(idle) > 0:
		return newCheck(id, Fail, "kings that neither move nor are captured and are not needed: "+strings.Join(idle, ", "))
	case len(indirect) > 0:
		return newCheck(id, Warn, "kings that neither move nor are captured, needed only indirectly: "+strings.Join(indirect, "; "))
	}
	return newCheck(id, Pass, fmt.Sprintf("every one of the %d kings moves or is captured in the author's lines", start.Kings.Count()))
}

// naturalPosition is [natural-position] (11.2.7.5): a practical problem's
// initial position must look like one from a game. What a program can
// check is listed as evidence — men only, the balance of forces, a legal
// last move found by the retro-analysis — and the resemblance itself is
// left to the judge: pass when the evidence holds, warn otherwise.
func naturalPosition(c *composition.Composition, legal *Check) Check {
	const id = CheckNaturalPosition
	if !c.Practical {
		return newCheck(id, NotApplicable, "practical problems only")
	}
	p := &c.Start
	var bad, good []string
	if c.Rules.Board.Size != 10 || c.Genre != composition.Problem {
		bad = append(bad, "practical problems are a group of 100-square problems (11.1.3)")
	}
	if p.Kings != 0 {
		bad = append(bad, fmt.Sprintf("%d kings on the board (practical problems are with men)", p.Kings.Count()))
	} else {
		good = append(good, "men only")
	}
	w, b := p.Pieces[draughts.White].Count(), p.Pieces[draughts.Black].Count()
	if d := w - b; d > 1 || d < -1 {
		bad = append(bad, fmt.Sprintf("%d against %d pieces", w, b))
	} else {
		good = append(good, fmt.Sprintf("%d against %d pieces", w, b))
	}
	if legal != nil && legal.Status == Pass {
		good = append(good, "a legal last move exists")
	} else {
		bad = append(bad, "no legal last move found")
	}
	if len(bad) > 0 {
		return newCheck(id, Warn, "not like a game position: "+strings.Join(bad, "; ")+"; the judge decides")
	}
	return newCheck(id, Pass, strings.Join(good, ", ")+"; the likeness to a game position is for the judge")
}

// practicalRelief applies the note of 11.2.7.5: a practical problem may
// deviate from 11.2.4 (economy), 11.2.5 (variations) and 11.2.7.3, so
// those failures become warnings.
func (rep *Report) practicalRelief() {
	for i := range rep.Checks {
		ch := &rep.Checks[i]
		switch ch.ID {
		case "economy-construction", "economy-finale", "variations":
			if ch.Status == Fail {
				ch.Status = Warn
				ch.Detail += " (allowed in a practical problem, 11.2.7.5 note)"
			}
		}
	}
}

// distinctTaskFinales refines a passed [variations] of a task: the
// variations should end in different finales — locks on different squares
// (11.1.3: "different finales are the most important attribute of the
// variation requirement"; 11.3.9.5). Two lines locking on the same squares
// are a warning.
func (rep *Report) distinctTaskFinales(c *composition.Composition) {
	ch := rep.Check("variations")
	if c.Genre != composition.Task || ch == nil || ch.Status != Pass {
		return
	}
	locks := map[string]bool{}
	for _, fin := range rep.Finales {
		if fin.Fulfilled {
			locks[strings.Join(fin.Locked, ",")] = true
		}
	}
	if len(locks) == 1 {
		for sq := range locks {
			ch.Status = Warn
			ch.Detail += "; but every finale locks the same squares (" + sq + "): the variations of a task should end in different finales (11.1.3, 11.3.9.5)"
		}
		return
	}
	ch.Detail += fmt.Sprintf("; %d different finales", len(locks))
}

// notChecked lists the solver-based checks an undecided or unsolvable
// composition does not get, so that a report shows every check: unknown
// when solvability is undecided, not applicable when it failed.
//
// Without a goal (a draw without the endgame databases) or without any
// line (no author's solution, no solve), lineChecks never reads a finale:
// [exact-lock] and [economy-finale] are listed here too (docs/checks.md:
// every check appears), not-applicable where they do not apply.
func (rep *Report) notChecked(c *composition.Composition) {
	st, why := NotApplicable, "the composition is not solvable: nothing to compare"
	if ch := rep.Check("solvable"); ch == nil || ch.Status != Fail {
		st, why = Unknown, "not checked: solvability undecided"
	}
	for _, id := range []CheckID{CheckUnique, CheckEconomyConstruction} {
		if rep.Check(string(id)) == nil {
			rep.add(newCheck(id, st, why))
		}
	}
	noLine := "no author's solution, and the solve gives no line: no finale to examine"
	if rep.Check(string(CheckExactLock)) == nil {
		switch {
		case c.Stipulation.Kind != composition.KindLock:
			rep.add(newCheck(CheckExactLock, NotApplicable, "locking tasks only"))
		case len(c.Game.Moves) == 0:
			rep.add(newCheck(CheckExactLock, NotApplicable, noLine))
		default:
			rep.add(newCheck(CheckExactLock, st, why))
		}
	}
	if rep.Check(string(CheckEconomyFinale)) == nil {
		ch := newCheck(CheckEconomyFinale, st, why)
		if len(c.Game.Moves) == 0 {
			ch = newCheck(CheckEconomyFinale, NotApplicable, noLine)
		}
		if c.Genre == composition.Task {
			ch.Clause = "11.2.8.1"
		}
		rep.add(ch)
	}
}

// genreCheck is [genre] (11.1.3): the genres the material allows, the
// group, and whether the stated genre fits.
func (rep *Report) genreCheck(c *composition.Composition) Check {
	for _, g := range []string{composition.Problem, composition.Study, composition.Ending, composition.Task} {
		if ok, _ := composition.GenreFits(c, g); ok {
			rep.DetectedGenres = append(rep.DetectedGenres, g)
		}
	}
	detected := strings.Join(rep.DetectedGenres, " or ")
	if detected == "" {
		detected = "none"
	}
	if rep.Genre == "" {
		// Analyse judges an untagged entry as the genre the material
		// allows first (composition.JudgedGenre), set in c.Genre.
		d := "no genre stated; the material fits: " + detected
		if c.Genre != "" {
			d += "; judged as " + genreWithArticle(c.Genre)
			switch {
			case c.Genre == composition.Task:
				d += " (a lock stipulation)"
			case len(rep.DetectedGenres) > 1:
				d += " (the first in the order problem, study, positional ending)"
			}
			if rep.Group = composition.Group(c, c.Genre); rep.Group != "" {
				d += "; group: " + rep.Group
			}
		}
		return newCheck(CheckGenre, NotApplicable, d)
	}
	if ok, why := composition.GenreFits(c, c.Genre); !ok {
		return newCheck(CheckGenre, Fail, fmt.Sprintf("stated %s, but %s (the material fits: %s)", c.Genre, why, detected))
	}
	rep.Group = composition.Group(c, c.Genre)
	d := "stated " + c.Genre + " fits the material"
	if rep.Group != "" {
		d += "; group: " + rep.Group
	}
	return newCheck(CheckGenre, Pass, d)
}

// genreWithArticle is "a problem", "an ending", "a locking task".
func genreWithArticle(g string) string {
	switch g {
	case composition.Ending:
		return "an ending"
	case composition.Task:
		return "a locking task"
	}
	return "a " + g
}

// problemBalance is [problem-balance] (11.2.7.1): in a problem Black is at
// most one piece ahead at the start.
func problemBalance(c *composition.Composition) Check {
	if c.Genre != composition.Problem {
		return newCheck(CheckProblemBalance, NotApplicable, "problems only")
	}
	w, b := c.Start.Pieces[draughts.White].Count(), c.Start.Pieces[draughts.Black].Count()
	if b-w > 1 {
		return newCheck(CheckProblemBalance, Fail, fmt.Sprintf("Black is %d pieces ahead (%d against %d); at most one is allowed", b-w, b, w))
	}
	return newCheck(CheckProblemBalance, Pass, fmt.Sprintf("%d white against %d black pieces", w, b))
}

// searcher returns a searcher with the budget of the composition's
// secondary searches.
func (f *formal) searcher() *solver.Searcher {
	b := f.opt.Solver.Budget
	if b.TTBytes == 0 || b.TTBytes > 16<<20 {
		b.TTBytes = 16 << 20
	}
	return solver.NewSearcher(f.r, f.goal, draughts.White, b)
}

// goalFor is the goal for a composition starting at start instead of the
// author's position (economy-construction removes pieces): the problem
// finale rule measures White's gain from that start.
func (f *formal) goalFor(start *draughts.Position) solver.Goal {
	if w, ok := f.goal.(solver.Win); ok && w.MaterialMargin > 0 {
		w.MarginBase = marginBase(start)
		return w
	}
	return f.goal
}

// fulfilled reports whether the goal holds in p (a finale).
func (f *formal) fulfilled(p draughts.Position) bool { return fulfilledBy(f.goal, p, f.r) }

// fulfilledBy reports whether goal g holds in p, White attacking.
func fulfilledBy(g solver.Goal, p draughts.Position, r *draughts.Rules) bool {
	var ml draughts.MoveList
	draughts.Generate(&p, r, &ml)
	st, _ := g.Eval(p, r, draughts.White, &ml)
	return st == solver.Done
}

// finales resolves every author's line to its finale: where the line
// stops, or, when the goal is not yet fulfilled there, where the forced
// play goes on to (the solver's main line).
func (f *formal) finales() []Finale {
	var out []Finale
	var s *solver.Searcher
	for _, l := range f.lines {
		fin := Finale{Line: l.Text, Main: l.Main}
		end := l.End
		if !f.fulfilled(end) && f.ctx.Err() == nil {
			if s == nil {
				s = f.searcher()
			}
			bound := f.ans.Bound
			if bound == 0 {
				bound = 20
			}
			if extra, p, ok := s.MainLine(end, bound, 40); ok {
				fin.Extra, end = extra, p
			}
		}
		fin.FEN = draughts.FEN(&end, f.r)
		if fin.Fulfilled = f.fulfilled(end); fin.Fulfilled {
			fin.Won = wonBy(f.goal, end, f.r)
		}
		if fin.Fulfilled && f.c.Stipulation.Kind == composition.KindLock {
			for _, sq := range end.Pieces[composition.LockedSide(f.c)].Squares() {
				fin.Locked = append(fin.Locked, f.r.Board.Name(sq))
			}
		}
		out = append(out, fin)
	}
	return out
}

func finaleName(fin Finale) string {
	s := "finale after " + lastMoves(fin.Line)
	if len(fin.Extra) > 0 {
		s += " (+ forced " + join(fin.Extra) + ")"
	}
	return s
}

// exactLock is [exact-lock] (11.2.8.2): every finale of a task locks
// exactly the stated number and kind of pieces.
func (f *formal) exactLock(fins []Finale) Check {
	if f.c.Stipulation.Kind != composition.KindLock {
		return newCheck(CheckExactLock, NotApplicable, "locking tasks only")
	}
	want := solver.LockText(f.c.Stipulation.LockMen, f.c.Stipulation.LockKings)
	if len(fins) == 0 {
		return newCheck(CheckExactLock, NotApplicable, "no author's solution: nothing to compare (the solver only finds exact locks)")
	}
	var bad, good, open []string
	for _, fin := range fins {
		p, err := draughts.ParseFEN(f.r, fin.FEN)
		if err != nil {
			continue
		}
		ls := composition.LockedSide(f.c) // Black, or White in a giveaway task (11.1.3)
		men, kings := composition.Material(&p, ls)
		blocked := p.Side == ls && len(draughts.LegalMoves(&p, f.r)) == 0
		switch {
		case fin.Fulfilled:
			good = append(good, fmt.Sprintf("%s: %s locked on %s", finaleName(fin), want, strings.Join(fin.Locked, ",")))
		case blocked:
			bad = append(bad, fmt.Sprintf("%s: locks %s on %s, stated %s", finaleName(fin), solver.LockText(men, kings), squareList(f.r, p.Pieces[ls]), want))
		default:
			open = append(open, finaleName(fin)+": the "+ls.String()+" pieces can still move")
		}
	}
	switch {
	case len(bad) > 0:
		return newCheck(CheckExactLock, Fail, strings.Join(bad, "; "))
	case len(open) > 0:
		return newCheck(CheckExactLock, Unknown, "no lock reached: "+strings.Join(open, "; "))
	}
	return newCheck(CheckExactLock, Pass, strings.Join(good, "; "))
}

// economyFinale is [economy-finale] (11.2.4, 11.2.8.1): in each finale
// where the goal is fulfilled, each white piece is removed in turn; if the
// same win still holds without it, the finale is uneconomical. Every finale of
// a task must be economical; in other genres the main line's finale must
// be, and uneconomical side variations are a warning (11.3.3).
//
// "The same win" (judgement call, docs/checks.md): a finale won on the board
// (Black has no move, a lock, or the problem finale rule) needs a piece
// unless the finale without it is won on the board too; a finale won by
// the endgame database in N moves needs a piece unless without it the
// database still says won in at most N+finale.DBSlack moves (finale.SameWin).
func (f *formal) economyFinale(fins []Finale) Check {
	const id = CheckEconomyFinale
	var fails, warns, ok []string
	checked := 0
	moved, _ := pieceActivity(f.c.Start, f.lines)
	passive := f.c.Start.Pieces[draughts.White] &^ moved // on their starting squares throughout
	for _, fin := range fins {
		if !fin.Fulfilled {
			continue
		}
		p, err := draughts.ParseFEN(f.r, fin.FEN)
		if err != nil {
			continue
		}
		checked++
		var spare []string
		why := "the goal still holds without the "
		switch {
		case p.Pieces[draughts.Black] == 0 && f.c.Genre == composition.Problem && p.Pieces[draughts.White].Count() > 1:
			// 11.2.7.2: a problem may end with one white piece and no
			// black ones; more white pieces there are not needed.
			why = "a problem's finale without black pieces has one white piece (11.2.7.2); here also the "
			for _, sq := range p.Pieces[draughts.White].Squares()[1:] {
				spare = append(spare, composition.PieceName(&p, f.r, sq))
			}
		case p.Pieces[draughts.Black] == 0:
			// A study's branch may end with one white unit or in a motif
			// of all white pieces (11.3.8.4): left to the judge.
		case p.Pieces[draughts.White].Count() > 1:
			for _, sq := range p.Pieces[draughts.White].Squares() {
				q := composition.Without(p, sq)
				g := f.goal
				if passive.Has(sq) {
					// A piece that never moved: without it the
					// composition starts a piece lighter too.
					st := composition.Without(f.c.Start, sq)
					g = f.goalFor(&st)
				}
				if finale.SameWin(g, f.goal, p, q, f.r) {
					spare = append(spare, composition.PieceName(&p, f.r, sq))
				}
			}
		}
		if len(spare) == 0 {
			ok = append(ok, finaleName(fin))
			continue
		}
		msg := fmt.Sprintf("%s (%s): %s%s", finaleName(fin), fin.FEN, why, strings.Join(spare, ", "))
		if f.c.Genre == composition.Task || fin.Main {
			fails = append(fails, msg)
		} else {
			warns = append(warns, msg)
		}
	}
	cl := id.Clause()
	if f.c.Genre == composition.Task {
		cl = "11.2.8.1"
		// Finales after defences the author did not give: the solver's
		// play is one way to finish there, so a warning, not a failure.
		warns = append(warns, f.sideFinales...)
	}
	switch {
	case len(fails) > 0:
		return newCheckAt(id, cl, Fail, "uneconomical finale: "+strings.Join(append(fails, warns...), "; "))
	case len(warns) > 0:
		return newCheckAt(id, cl, Warn, "uneconomical finale in a side variation: "+strings.Join(warns, "; "))
	case checked == 0 && len(f.c.Game.Moves) == 0:
		// The finales are the ends of the author's lines; the solver's
		// tree may well end on the board, but it is not the author's.
		return newCheckAt(id, cl, NotApplicable, "no author's solution to take finales from")
	case checked == 0:
		return newCheckAt(id, cl, NotApplicable, "no finale where the goal is fulfilled on the board (finales decided by the endgame database or not reached)")
	}
	return newCheckAt(id, cl, Pass, fmt.Sprintf("%s, every white piece needed: %s", count(checked, "finale"), strings.Join(ok, "; ")))
}

// economyConstruction is [economy-construction] (11.2.4): each piece of
// the initial position is removed in turn and the composition solved
// again with a smaller budget. A piece is a statist when, without it, the
// author's key is still the only key and every author's line is still
// legal, forced at every White move, free of new duals and ends in the
// goal. A piece whose removal lets another
// key in is needed to stop a cook, and the report names the cook.
func (f *formal) economyConstruction(rep *Report) Check {
	const id = CheckEconomyConstruction
	if f.blackFirst() && len(f.lines) > 0 {
		// Clause 11.1.4 (Black moves first): the statist test re-solves
		// from White's key; it is not made when Black moves first.
		return newCheck(id, NotApplicable, "Black moves first: the statist test (re-solving from White's key without each piece) is not made for this kind; the judge checks the economy of construction")
	}
	if rep.AuthorKey == "" || len(f.lines) == 0 {
		return newCheck(id, NotApplicable, "no author's solution: the author's idea is unknown")
	}
	sopt := f.statistOptions()
	var statists, doubtful, needed, unknown []string
	f.roles = map[draughts.Square]string{}
	known := map[string]bool{} // the duals the composition has anyway
	for _, d := range append(append([]Finding(nil), rep.Duals...), rep.Transpositions...) {
		known[join(d.Line)+"|"+d.Move] = true
	}
	for _, sq := range f.c.Start.Occupied().Squares() {
		name := composition.PieceName(&f.c.Start, f.r, sq)
		switch role, why := f.roleOf(rep, sq, sopt, known); role {
		case pieceNeeded:
			needed = append(needed, name+": "+why)
			f.roles[sq] = why
		case pieceUndecided:
			unknown = append(unknown, name+": "+why)
			f.undecided |= draughts.Bit(sq)
		case pieceDoubtful:
			doubtful = append(doubtful, name)
		case pieceStatist:
			statists = append(statists, name)
		}
	}
	detail := fmt.Sprintf("%d pieces removed in turn (re-solved with %d nodes per first move)", f.c.Start.Occupied().Count(), sopt.Budget.Nodes)
	switch {
	case len(statists) > 0:
		return newCheck(id, Fail, fmt.Sprintf("statist: %s — without it the key %s is still unique and the main line still forced; %s", strings.Join(statists, ", "), rep.AuthorKey, detail))
	case len(unknown) > 0:
		// Undecided pieces are listed, but a budget limit in this search
		// for statists does not make a sound entry undecided.
		return newCheck(id, Warn, "undecided within the budget: "+strings.Join(unknown, "; ")+"; needed: "+strings.Join(needed, "; "))
	case len(doubtful) > 0:
		return newCheck(id, Warn, fmt.Sprintf("possible statist under the problem finale rule (material margin): %s — without it the key %s is still unique and the main line reaches a finale accepted by material; the judge should confirm; needed: %s", strings.Join(doubtful, ", "), rep.AuthorKey, strings.Join(needed, "; ")))
	}
	return newCheck(id, Pass, "no statist; "+detail+": "+strings.Join(needed, "; "))
}

// statistOptions are the solver options of the statist test's re-solves:
// a smaller budget, quick rounds, no tree.
func (f *formal) statistOptions() solver.Options {
	main := f.lines[0]
	sopt := f.opt.Solver
	sopt.Budget.Nodes = max(sopt.Budget.Nodes, 50_000)
	if sopt.Budget.TTBytes == 0 || sopt.Budget.TTBytes > 32<<20 {
		sopt.Budget.TTBytes = 32 << 20
	}
	// At least the author's main line: a short cook of this position must
	// not hide the key of the position without the piece.
	sopt.MaxBound = max(f.ans.Bound, (len(main.Text)+1)/2, 1)
	sopt.TreeNodes = 1
	sopt.Quick = true         // one re-solve per piece: no large phase-1 rounds
	sopt.OneRefutation = true // the re-solve reads only the keys
	return sopt
}

// pieceRole is what the statist test finds for one piece.
type pieceRole int

const (
	pieceNeeded    pieceRole = iota // the idea needs it (why says how)
	pieceUndecided                  // the budget or time ran out (why says where)
	pieceDoubtful                   // a statist only under the problem finale rule
	pieceStatist                    // the composition is the same without it
)

// roleOf removes the piece on sq and re-solves (economyConstruction):
// the piece is needed when the position is not legal without it, the
// author's main line is not, another key gets in, the key no longer
// wins, or an author's line is no longer forced or gets a new dual.
func (f *formal) roleOf(rep *Report, sq draughts.Square, sopt solver.Options, known map[string]bool) (pieceRole, string) {
	main := f.lines[0]
	if f.ctx.Err() != nil {
		return pieceUndecided, "time out"
	}
	if sq == main.Moves[0].From {
		return pieceNeeded, "makes the key"
	}
	q := composition.Without(f.c.Start, sq)
	if q.Pieces[draughts.White] == 0 || q.Pieces[draughts.Black] == 0 || q.Valid(f.r) != nil {
		return pieceNeeded, "the position is not legal without it"
	}
	// The author's main line must stay legal.
	p := q
	for i, t := range main.Text {
		m, err := draughts.ParseMove(&p, f.r, t)
		if err != nil {
			return pieceNeeded, fmt.Sprintf("without it %s%s is not legal", composition.MoveNo(main.Text[:i], f.c.Start.Side), t)
		}
		p = p.Play(m)
	}
	a := solver.Solve(f.ctx, f.r, q, f.goalFor(&q), draughts.White, sopt)
	keyWins := false
	var cooks []string
	for _, k := range a.Keys {
		if k.Move == rep.AuthorKey {
			keyWins = true
		} else {
			cooks = append(cooks, fmt.Sprintf("%s (in %d)", k.Move, k.Distance))
		}
	}
	switch {
	case len(cooks) > 0:
		return pieceNeeded, "stops the cook " + strings.Join(cooks, ", ")
	case a.Aborted || a.Verdict == solver.VerdictUnknown && !keyWins:
		return pieceUndecided, "budget spent re-solving without it"
	case !keyWins:
		return pieceNeeded, fmt.Sprintf("without it the key %s does not force the goal within %d moves", rep.AuthorKey, sopt.MaxBound)
	}
	// The key is unique: is every White move of the main line still
	// forcing?
	// Every author's line, not only the main one: a piece that keeps
	// a variation forced, free of duals or ending in its lock is part
	// of the idea (11.2.4; 11.2.6 forbids partial cooks in any
	// variation of a task).
	for li, l := range f.lines {
		if len(l.Text) == 0 {
			continue
		}
		if why, o := f.lineForced(q, l, sopt, known); why != "" {
			if li > 0 {
				why = "in the variation " + lastMoves(l.Text) + ": " + why
			}
			if o == solver.Aborted {
				return pieceUndecided, why
			}
			return pieceNeeded, why
		}
	}
	if w, ok := f.goal.(solver.Win); ok && w.MaterialMargin > 0 && f.c.Start.Pieces[draughts.Black].Has(sq) {
		// The problem finale rule accepts a finale by material: with a
		// black piece fewer it accepts more, so a black "statist" may
		// only be one under that rule (the piece may matter in the
		// finale's real play).
		return pieceDoubtful, ""
	}
	return pieceStatist, ""
}

// lineForced checks that, from q, every position after a White move of
// the author's main line still forces the goal, and that the line ends in
// a fulfilled or forced goal. It returns why not ("" when it is).
func (f *formal) lineForced(q draughts.Position, main composition.Line, sopt solver.Options, known map[string]bool) (string, solver.Outcome) {
	b := sopt.Budget
	g := f.goalFor(&q)
	s := solver.NewSearcher(f.r, g, draughts.White, b)
	slack := sopt.Slack
	if slack == 0 {
		slack = 4
	}
	p := q
	hi := sopt.MaxBound
	for i, t := range main.Text {
		m, err := draughts.ParseMove(&p, f.r, t)
		if err != nil {
			return fmt.Sprintf("without it %s%s is not legal", composition.MoveNo(main.Text[:i], f.c.Start.Side), t), solver.Never
		}
		side, prev := p.Side, p
		p = p.Play(m)
		if side != draughts.White {
			continue
		}
		if fulfilledBy(g, p, f.r) {
			return "", solver.Proved
		}
		o, d := s.DistanceFresh(p, hi)
		if o != solver.Proved {
			return fmt.Sprintf("without it %s%s no longer forces the goal (%s)", composition.MoveNo(main.Text[:i], f.c.Start.Side), t, o), o
		}
		hi = d
		// The idea includes the uniqueness of the thematic line: a piece
		// that stops a dual there is needed too (11.2.4: removing a
		// statist keeps every formal requirement, 11.2.6).
		if i > 0 {
			s.Refill()
			for _, w := range s.WinningMoves(prev, d+1+slack) {
				if w.Move != t && !known[join(main.Text[:i])+"|"+w.Move] {
					return fmt.Sprintf("stops the dual %s%s (also winning in %d where the author plays %s)", composition.MoveNo(main.Text[:i], f.c.Start.Side), w.Move, w.Distance, t), solver.Proved
				}
			}
		}
	}
	if fulfilledBy(g, p, f.r) {
		return "", solver.Proved
	}
	if o, _ := s.DistanceFresh(p, hi); o != solver.Proved {
		return "without it the main line does not end in the goal (" + o.String() + ")", o
	}
	return "", solver.Proved
}
