// Package judge checks one composition against chapter XI of the rules of
// draughts composition (legality, solvability, uniqueness, economy, the
// genre's requirements, with evidence from the solver) and builds its
// report and score.
package judge

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/judge/branch"
	"draughtsjudge/judge/dual"
	"draughtsjudge/solver"
)

// ReportVersion names the checks' semantics: cached reports (cmd's store)
// written by another version are recomputed. Change it whenever a change
// to this package can change a report.
const ReportVersion = 43

// Status is a check's status (its "status" in the JSON).
type Status string

// Check statuses.
const (
	Pass          Status = "pass"
	Fail          Status = "fail"
	Warn          Status = "warn"
	NotApplicable Status = "not-applicable"
	Unknown       Status = "unknown"
)

// Verdict is an entry's verdict (11.1.1; its "verdict" in the JSON).
type Verdict string

// Entry verdicts.
const (
	Sound     Verdict = "sound"
	Defective Verdict = "defective"
	VUnknown  Verdict = "unknown"
)

// Check is one requirement of chapter XI with its evidence.
type Check struct {
	ID     string `json:"id"`
	Clause string `json:"clause"`
	Status Status `json:"status"`
	Detail string `json:"detail"`
}

// Finding is a cook, a dual, a transposition or a missing defence, located
// in the solution: the moves leading to it and what was found.
type Finding struct {
	Line     []string `json:"line"`               // moves from the initial position up to the node
	Move     string   `json:"move"`               // the move found
	Author   string   `json:"author,omitempty"`   // the author's move at that node, if any
	Distance int      `json:"distance,omitempty"` // attacker moves to the goal after Move
	Result   string   `json:"result"`             // e.g. "wins in 5", "transposition", "attacker still wins in 4"
	// AuthorDistance is the author's move's distance at the node (duals
	// and transpositions).
	AuthorDistance int `json:"author_distance,omitempty"`
	// ByAuthor: the author writes this move as an alternative himself
	// (it is judged like any dual, 11.2.6).
	ByAuthor bool `json:"by_author,omitempty"`
	// Kind classifies a dual (duals.go): "dual", "faster than the
	// author's move", "alternative move", "alternative capture", "king to
	// another square of the diagonal", "lengthening by one move", "delay
	// with repetition".
	Kind string `json:"kind,omitempty"`
	// Status is chapter XI's verdict on a dual (dual.Judge): "tolerated",
	// "warning" (scored), "demoted" (a side variation that is not
	// thematic), "partial cook", "full cook" or "undecided"; Clause is
	// the rule applied and Note the reason.
	Status string `json:"status,omitempty"`
	Clause string `json:"clause,omitempty"`
	Note   string `json:"note,omitempty"`

	place dual.Place // where the dual stands (dual.Judge's input)
}

// Report is the analysis of one composition. JSON field names are the
// documented schema (docs/json-report.md).
type Report struct {
	File    string `json:"file"`
	Index   int    `json:"index"`
	Line    int    `json:"line"`
	Variant string `json:"variant"`
	Genre   string `json:"genre,omitempty"`
	// JudgedGenre is the genre the checks judge an entry without a
	// [Genre] tag as (composition.JudgedGenre); empty when one is stated.
	JudgedGenre     string             `json:"judged_genre,omitempty"`
	Stipulation     string             `json:"stipulation"`
	FEN             string             `json:"fen"`
	Author          string             `json:"author,omitempty"`
	Source          string             `json:"source,omitempty"`
	SourceStatus    string             `json:"source_status,omitempty"`
	Verdict         Verdict            `json:"verdict"`
	Reason          string             `json:"reason,omitempty"`
	AuthorKey       string             `json:"author_key,omitempty"`
	Keys            []string           `json:"keys"`
	Distance        int                `json:"distance,omitempty"`
	Cooks           []Finding          `json:"cooks"`
	Duals           []Finding          `json:"duals"`
	Transpositions  []Finding          `json:"transpositions"`
	MissingDefences []Finding          `json:"missing_defences"`
	Tries           []solver.FirstMove `json:"tries,omitempty"`
	Checks          []Check            `json:"checks"`
	Tree            *solver.Node       `json:"tree,omitempty"`
	Bound           int                `json:"bound"`
	Nodes           uint64             `json:"nodes"`
	Seconds         float64            `json:"seconds"`
	Cached          bool               `json:"cached,omitempty"`
	// Kind is the special kind (11.1.4) of a composition with parts, Part
	// names a part's report, Parts are the parts' reports (special.go).
	Kind  string    `json:"kind,omitempty"`
	Part  string    `json:"part,omitempty"`
	Parts []*Report `json:"parts,omitempty"`
	// AuthorErrors are the illegal moves of the author's solution, each
	// "file:line:col: move N. text: why".
	AuthorErrors []string `json:"author_errors,omitempty"`
	// Practical: the author states a practical problem (11.2.7.5:
	// [Genre "practical problem"] or [Group "practical"]).
	Practical bool `json:"practical,omitempty"`
	Judgement      // genre, finales, artistic measures, score (formal.go)

	sideFinales []string     // uneconomical finales after unwritten defences (walker)
	demoted     []string     // side variations a partial cook makes not thematic (walker.demoted)
	sameEnds    []string     // author's lines that end where an earlier one does (sameFinales)
	work        *solver.Work // the composition's work budget (work.go)
}

// Options tune Analyse.
type Options struct {
	Solver solver.Options
	// Time limits one composition (0: none).
	Time time.Duration
	// MaterialMargin is the problem-finale rule of solver.Win (default 2;
	// negative turns it off).
	MaterialMargin int
	// Prober gives endgame database values, if any.
	Prober solver.Prober
	// LenientStudyDuals makes a partial cook in a study after the
	// branching a warning: not a defect in the main line, no demotion of
	// a side variation (docs/checks.md "Judgement calls"; draughtsjudge check
	// --lenient-study-duals).
	LenientStudyDuals bool

	// otherSolutions are the keys of a double composition's other
	// solutions (11.1.4): the author's, not cooks.
	otherSolutions []string
	// part: the composition analysed is a part of a special kind (11.1.4,
	// parts.go), judged as no main genre unless it locks.
	part bool
	// workLimit replaces the composition's work budget (work.go; 0:
	// solver.WorkLimit of the node budget), for tests.
	workLimit uint64
}

// Goal returns the solver goal of c's stipulation, or an error saying why
// the stipulation cannot be solved yet.
func Goal(c *composition.Composition, opt Options) (solver.Goal, error) {
	switch c.Stipulation.Kind {
	case composition.KindWin:
		w := solver.Win{Prober: opt.Prober}
		if c.Genre == composition.Problem && opt.MaterialMargin >= 0 {
			w.MaterialMargin = opt.MaterialMargin
			if w.MaterialMargin == 0 {
				w.MaterialMargin = 2
			}
			w.MarginBase = marginBase(&c.Start)
		}
		if c.Rules.Giveaway {
			// Clause 8.1: winning a giveaway game is losing every piece or
			// move, so "win" there is the giveaway goal.
			return solver.Giveaway{Prober: opt.Prober}, nil
		}
		return w, nil
	case composition.KindGiveaway:
		// Clause 11.1.4, reverse stipulation: White forces Black to
		// capture all White pieces (GiveAll) or to leave White without a
		// move.
		return solver.Giveaway{All: c.Stipulation.GiveAll, Prober: opt.Prober}, nil
	case composition.KindLock:
		if c.Stipulation.Reverse || c.Rules.Giveaway {
			// Clause 11.1.3 (note on giveaway tasks): White forces Black
			// to lock White's pieces; a lock of Black's pieces would be
			// Black's win in a giveaway game (8.1).
			return solver.GiveawayLock{Men: c.Stipulation.LockMen, Kings: c.Stipulation.LockKings}, nil
		}
		return solver.Lock{Men: c.Stipulation.LockMen, Kings: c.Stipulation.LockKings}, nil
	case composition.KindDraw:
		if opt.Prober == nil {
			return nil, fmt.Errorf("draw stipulations need the endgame databases (a draw is proved where every line reaches a database draw or win); none available")
		}
		return solver.Draw{Prober: opt.Prober}, nil
	}
	return nil, fmt.Errorf("stipulation %q is not supported yet", c.Stipulation.Text)
}

// marginBase is White's lead in pieces in p (solver.Material), counted
// from 0 (the problem finale rule of solver.Win measures the gain).
func marginBase(p *draughts.Position) int {
	return max(0, solver.Material(p, draughts.White)-solver.Material(p, draughts.Black))
}

// AnyDepth reports whether c's solving needs every first move decided at
// any depth. Clause 11.2.6: outside problems a bounded "no win" leaves the
// uniqueness open, so the solver gives them phase 1's larger rounds.
func AnyDepth(c *composition.Composition) bool {
	return composition.JudgedGenre(c) != composition.Problem
}

// newReport is the empty report of c (or of one of its parts): its
// identity and metadata, the given variant, stipulation and FEN, and
// empty (not nil) lists for the JSON.
func newReport(c *composition.Composition, variant, stipulation, fen string) *Report {
	return &Report{File: c.File, Index: c.Index, Line: c.Line, Variant: variant, Genre: c.Genre,
		Stipulation: stipulation, FEN: fen, Author: c.Author,
		Source: c.Source, SourceStatus: c.Status,
		Keys: []string{}, Cooks: []Finding{}, Duals: []Finding{}, Transpositions: []Finding{},
		MissingDefences: []Finding{}, Checks: []Check{}}
}

// judged is c as the checks judge it: without a [Genre] tag, a copy with
// the genre the material allows (composition.JudgedGenre: an untagged
// lock is a locking task), recorded in rep.JudgedGenre; rep.Genre keeps
// the stated genre (none), and [genre] names the judged one.
//
// A part of a special kind (opt.part) is judged as a task when it locks,
// otherwise as stated: its parts are no main genre (11.1.4).
func (rep *Report) judged(c *composition.Composition, opt Options) *composition.Composition {
	g := composition.JudgedGenre(c)
	if opt.part && g != composition.Task {
		g = c.Genre
	}
	if g == c.Genre {
		return c
	}
	jc := *c
	jc.Genre = g
	rep.JudgedGenre = g
	return &jc
}

// Analyse solves c and compares the solution with the author's.
func Analyse(ctx context.Context, c *composition.Composition, opt Options) *Report {
	if c.Lasca != nil {
		return analyseLasca(ctx, c, opt) // lasca.go
	}
	if len(c.Parts) > 0 {
		return analyseParts(ctx, c, opt) // 11.1.4 (special.go)
	}
	t0 := time.Now()
	r := c.Rules
	rep := newReport(c, r.ID, c.Stipulation.Text, draughts.FEN(&c.Start, r))
	rep.Practical = c.Practical
	c = rep.judged(c, opt)
	defer func() { rep.Seconds = time.Since(t0).Seconds() }()
	ctx, opt, cancel := withBudget(ctx, opt)
	defer cancel()
	rep.work = opt.Solver.Budget.Work
	attacker := draughts.White // the main kinds: White fulfils the task (11.1.3)

	rep.replayChecks(c, attacker)
	goal, lines, ans, solved := rep.solve(ctx, c, opt, attacker)
	rep.lineChecks(ctx, c, opt, goal, lines, ans, solved) // exact-lock, economy, measures (formal.go)
	if solved {
		rep.uniqueness(c, ans)
		rep.drawRulesCheck(c, goal, attacker, opt, ans)
	}
	rep.workCutVariations() // work.go
	rep.Finish()
	return rep
}

// replayChecks adds the checks that need no solving: the position's
// (legal, genre, problem-balance: formal.go), giveaway's amendments
// (giveaway.go), [variations] as the author writes them and
// [author-solution] (the replay of the author's moves).
func (rep *Report) replayChecks(c *composition.Composition, attacker draughts.Side) {
	rep.staticChecks(c)
	rep.giveawayAmend(c) // 11.1.3 note: the amendments for giveaway
	rep.sameEnds = sameFinales(c, c.Lines(), nil)
	ch := variationsCheck(c, nil, rep.sameEnds, nil)
	if ch.Status == Fail && c.Stipulation.Kind == composition.KindWin && c.Rules != nil && !c.Rules.Giveaway &&
		(c.Genre == composition.Study || c.Genre == composition.Ending) {
		// 11.2.5: a win study is judged by the branches of its play,
		// counted in the solved tree (authorTree); until then, and if the
		// solve never gets there, fewer than two printed lines prove nothing.
		ch = newCheck(CheckVariations, Unknown, ch.Detail+"; its play's branches are counted in the solved tree, which was not reached")
	}
	rep.add(ch)
	rep.authorSolution(c, attacker)
}

// cutShort reports whether the entry's searches were cut short: by its
// work budget (work.go's mechanism, solver.Work.Cut), or by its --time
// deadline.
func cutShort(opt Options) bool {
	b := opt.Solver.Budget
	return b.Work.Cut() || !b.Deadline.IsZero() && time.Now().After(b.Deadline)
}

// withBudget applies opt.Time to ctx and the solver's deadline, and gives
// the entry one set of proof-number tables for all its searches.
func withBudget(ctx context.Context, opt Options) (context.Context, Options, context.CancelFunc) {
	cancel := context.CancelFunc(func() {})
	if opt.Time > 0 {
		ctx, cancel = context.WithTimeout(ctx, opt.Time)
		if dl, ok := ctx.Deadline(); ok {
			opt.Solver.Budget.Deadline = dl
		}
	}
	if opt.Solver.DrawRules != solver.Game {
		// One set of proof-number tables for every search of this entry.
		opt.Solver.Budget.Tables = solver.NewTables(opt.Solver.Budget.TTBytes)
	}
	if opt.Solver.Budget.Work == nil {
		// One work budget for every search of this entry (work.go); the
		// parts of a special kind share the composition's.
		opt.Solver.Budget.Work = newWork(opt)
	}
	return ctx, opt, cancel
}

// authorSolution adds [author-solution] (the author's moves are legal)
// and sets the author's key.
func (rep *Report) authorSolution(c *composition.Composition, attacker draughts.Side) {
	r := c.Rules
	for _, e := range draughts.Replay(c.File, c.Game.Moves, c.Rules, c.Start, nil) {
		rep.AuthorErrors = append(rep.AuthorErrors, e.Error())
	}
	if len(rep.AuthorErrors) > 0 {
		rep.add(newCheck(CheckAuthorSolution, Fail, "illegal move in the author's solution: "+strings.Join(rep.AuthorErrors, "; ")))
	} else if len(c.Game.Moves) == 0 {
		rep.add(newCheck(CheckAuthorSolution, NotApplicable, "no author's solution given: solved from scratch, the author's intent is unknown"))
	} else {
		rep.add(newCheck(CheckAuthorSolution, Pass, "every move of the author's solution is legal"))
	}
	if len(c.Game.Moves) > 0 && c.Start.Side == attacker {
		rep.AuthorKey = c.Game.Moves[0].Text
		if m, err := draughts.ParseMove(&c.Start, r, c.Game.Moves[0].Text); err == nil {
			rep.AuthorKey = draughts.MoveString(&c.Start, r, m)
		}
	}
}

// solve solves c and adds the checks of the answer itself: [quiet-key],
// the full cooks and [solvable], with the author's tree compared against
// the solver (authorTree). solved is false when the stipulation has no
// goal yet, is refuted or undecided, or the budget ran out on the
// author's key: then the uniqueness and draw-rules checks are not made.
func (rep *Report) solve(ctx context.Context, c *composition.Composition, opt Options, attacker draughts.Side) (goal solver.Goal, lines []composition.Line, ans solver.Answer, solved bool) {
	goal, err := Goal(c, opt)
	if err != nil {
		rep.Verdict, rep.Reason = VUnknown, err.Error()
		rep.quietKey(c, solver.Answer{}) // a fact of the position: no solve needed
		rep.add(newCheck(CheckSolvable, Unknown, err.Error()))
		return nil, nil, solver.Answer{}, false
	}
	sopt := opt.Solver
	lines = c.Lines() // every line of the author's solution, main first
	if len(lines) > 0 {
		sopt.Prefer = lines[0].Text // the tree follows the author's main line
	}
	// c is already judged (rep.judged): its Genre is the one the checks
	// use, and a special kind's part keeps its own (no main genre), so
	// JudgedGenre is not asked again here (11.2.6 as [unique] reads it).
	sopt.AnyDepth = c.Genre != composition.Problem
	ans = solver.Solve(ctx, c.Rules, c.Start, goal, attacker, sopt)
	rep.Nodes, rep.Bound, rep.Distance, rep.Tree, rep.Tries = ans.Nodes, ans.Bound, ans.Distance, ans.Tree, ans.Tries
	for _, k := range ans.Keys {
		rep.Keys = append(rep.Keys, k.Move)
	}
	rep.quietKey(c, ans)

	switch ans.Verdict {
	case solver.VerdictRefuted:
		rep.add(newCheck(CheckSolvable, Fail, "the stipulation cannot be fulfilled: "+ans.Reason+
			lineText(" (refuting line: ", ans.Refutation, ")")))
		return goal, lines, ans, false
	case solver.VerdictUnknown:
		// Which first moves remain open, by name (a full-board problem),
		// and what the author's lines decide all the same (undecided.go).
		detail := ans.Reason + openFirstMoves(ans, "; first moves without a win within the bound: ")
		failed, unique, ends := rep.undecidedLines(c, goal, attacker, opt, lines)
		if failed != "" {
			rep.add(newCheck(CheckSolvable, Fail, failed+" ("+detail+")"))
		} else {
			if ends != "" {
				detail += "; " + ends
			}
			rep.add(newCheck(CheckSolvable, Unknown, detail))
		}
		if unique != nil {
			rep.add(*unique)
		}
		rep.Reason = ans.Reason
		return goal, lines, ans, false
	}
	if !rep.authorKeyDecided(ans, opt) {
		return goal, lines, ans, false
	}
	rep.authorTree(c, goal, attacker, opt, ans, lines)
	return goal, lines, ans, true
}

// distanceOf is a winning first move's distance in attacker moves: "5",
// or "at most 17" when the exact search spent its budget and the number
// is the length of the proof found (solver.FirstMove.DistanceIsBound).
func distanceOf(k solver.FirstMove) string {
	if k.DistanceIsBound {
		return fmt.Sprintf("at most %d", k.Distance)
	}
	return fmt.Sprint(k.Distance)
}

// authorKeyDecided adds the full cooks (keys other than the author's,
// 11.2.6) and, when the author's key does not force the goal, a failed
// [solvable]; it is false when the budget ran out on the author's key
// ([solvable] unknown).
func (rep *Report) authorKeyDecided(ans solver.Answer, opt Options) bool {
	draw := rep.IsDraw() // drawtext.go
	authorWins := rep.addCooks(ans.Keys, opt.otherSolutions,
		func(k solver.FirstMove) string {
			if draw {
				return fmt.Sprintf("full cook: %s also holds the draw", k.Move)
			}
			return fmt.Sprintf("full cook: %s also forces the goal in %s", k.Move, distanceOf(k))
		},
		func(k solver.FirstMove) string {
			if draw {
				return fmt.Sprintf("another key: %s also holds the draw", k.Move)
			}
			return fmt.Sprintf("another key: %s forces the goal in %s", k.Move, distanceOf(k))
		})
	if rep.AuthorKey == "" || authorWins {
		return true
	}
	detail := fmt.Sprintf("the author's key %s does not force the goal within %d moves", rep.AuthorKey, ans.Bound)
	for _, t := range ans.Tries {
		if t.Move == rep.AuthorKey {
			if t.Outcome == solver.Aborted {
				rep.add(newCheck(CheckSolvable, Unknown, "budget spent on the author's key "+rep.AuthorKey))
				return false
			}
			detail += "; refuted by " + strings.Join(t.RefutationMoves(), ", ")
		}
	}
	rep.add(newCheck(CheckSolvable, Fail, detail))
	return true
}

// authorTree compares the author's tree with the solver (walker): duals,
// transpositions, missing defences, demoted variations, and [solvable]
// from the author's lines; without an author's solution [solvable] is the
// solver's.
func (rep *Report) authorTree(c *composition.Composition, goal solver.Goal, attacker draughts.Side, opt Options, ans solver.Answer, lines []composition.Line) {
	if len(rep.AuthorErrors) > 0 || len(c.Game.Moves) == 0 || rep.Check("solvable") != nil {
		if rep.Check("solvable") == nil {
			detail := fmt.Sprintf("forced in %s (solver's solution)", count(ans.Distance, "move"))
			if isDraw(c) {
				detail = "the draw is proved (solver's solution)"
			}
			rep.add(newCheck(CheckSolvable, Pass, detail))
		}
		return
	}
	w := newWalker(c, goal, attacker, opt, ans.Bound, lines)
	w.walk(c.Solution(), c.Start, nil, false) // identical lines once (lines.go)
	w.judgeBranches()
	rep.Duals, rep.Transpositions, rep.MissingDefences = w.duals, w.transpositions, w.missing
	rep.demoted = w.demoted()
	var bc *branch.Count
	if _, win := goal.(solver.Win); win && (c.Genre == composition.Study || c.Genre == composition.Ending) {
		if bc = branch.CountIn(c, goal, ans.Tree, rep.AuthorKey, lines); bc != nil {
			rep.Branches, rep.BranchesCut = bc.Branches, bc.Cut
		}
	}
	if ch := rep.Check("variations"); ch != nil && (len(rep.demoted) > 0 || bc != nil) {
		rep.sameEnds = sameFinales(c, lines, func(l *composition.Line) bool { return w.demotedBy(l) != nil })
		*ch = variationsCheck(c, rep.demoted, rep.sameEnds, bc)
		if ch.Status == Fail && bc != nil && (bc.Cut || cutShort(opt)) {
			// Fewer than two branches found in a tree the budget or
			// the tree's size cut short is no proof that there are fewer.
			*ch = newCheck(CheckVariations, Unknown, ch.Detail+"; the solved tree is incomplete (budget or tree size), so fewer branches found is not a proof")
		}
	}
	rep.sideFinales = w.sideFinales
	rep.Nodes += w.s.Nodes()
	switch {
	case len(w.failures) > 0:
		rep.add(newCheck(CheckSolvable, Fail, strings.Join(w.failures, "; ")))
	case len(w.unknowns) > 0:
		rep.add(newCheck(CheckSolvable, Unknown, strings.Join(w.unknowns, "; ")))
	default:
		forced := "forced in " + count(ans.Distance, "move")
		if isDraw(c) {
			forced = "the draw is proved"
		}
		rep.add(newCheck(CheckSolvable, Pass, fmt.Sprintf("%s; every author's line reaches its finale (%s)", forced, strings.Join(w.finales, "; "))))
	}
}

// count is "1 move", "3 moves".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func lineText(pre string, line []string, post string) string {
	if len(line) == 0 {
		return ""
	}
	return pre + strings.Join(line, " ") + post
}

func (rep *Report) add(c Check) {
	workCut(rep.work, &c) // work.go
	rep.Checks = append(rep.Checks, c)
}

// Check returns the check id of the report, or nil when it has none.
func (rep *Report) Check(id string) *Check {
	for i := range rep.Checks {
		if rep.Checks[i].ID == id {
			return &rep.Checks[i]
		}
	}
	return nil
}

// Finish sets the verdict from the checks: any formal failure is
// defective (11.1.1); otherwise any unknown leaves the entry unknown.
func (rep *Report) Finish() {
	// Empty lists, not null, in the JSON document.
	for _, fs := range []*[]Finding{&rep.Cooks, &rep.Duals, &rep.Transpositions, &rep.MissingDefences} {
		if *fs == nil {
			*fs = []Finding{}
		}
	}
	if rep.Practical {
		rep.practicalRelief()
	}
	rep.provisionalVariations()
	fails, unknowns := []string{}, []string{}
	for _, c := range rep.Checks {
		switch c.Status {
		case Fail:
			fails = append(fails, c.ID)
		case Unknown:
			unknowns = append(unknowns, c.ID)
		}
	}
	switch {
	case len(fails) > 0:
		rep.Verdict = Defective
		rep.Reason = "failed: " + strings.Join(fails, ", ")
	case len(unknowns) > 0 || rep.Verdict == VUnknown:
		rep.Verdict = VUnknown
		if rep.Reason == "" {
			rep.Reason = "undecided: " + strings.Join(unknowns, ", ")
		}
	default:
		rep.Verdict = Sound
		rep.Reason = ""
	}
}

// addCooks records the full cooks of 11.2.6: with an author's key, every
// other key (but the other solutions of a double composition, 11.1.4,
// listed in skip) with the text cook gives; without one (or when the
// defender moves first: no keys at all), every key after the first, with
// the text another gives. It reports whether the author's key is a key.
func (rep *Report) addCooks(keys []solver.FirstMove, skip []string, cook, another func(solver.FirstMove) string) bool {
	if rep.AuthorKey == "" {
		for i, k := range keys {
			if i > 0 {
				rep.Cooks = append(rep.Cooks, Finding{Move: k.Move, Distance: k.Distance, Result: another(k)})
			}
		}
		return false
	}
	authorWins := false
	for _, k := range keys {
		switch {
		case k.Move == rep.AuthorKey:
			authorWins = true
		case !contains(skip, k.Move):
			rep.Cooks = append(rep.Cooks, Finding{Move: k.Move, Author: rep.AuthorKey, Distance: k.Distance, Result: cook(k)})
		}
	}
	return authorWins
}

// provisionalVariations makes a passing [variations] unknown while the
// side lines it counts could still lose a branch: 11.2.6 demotes a side
// variation with a partial cook, and that is known only once the author's
// lines are compared with the solver (solvability decided) and every dual
// in them is judged. Without this a capped run reported "pass" for a
// study whose side line the full run demotes (Vitoshkin's, at 20 s).
func (rep *Report) provisionalVariations() {
	ch := rep.Check("variations")
	if ch == nil || ch.Status != Pass {
		return
	}
	why := ""
	switch sv := rep.Check("solvable"); {
	case sv == nil || sv.Status == Unknown:
		why = "solvability is undecided, so the side lines are not yet checked for partial cooks (11.2.6)"
	case len(dualsWith(rep.Duals, dual.Undecided)) > 0:
		why = "a dual in the author's lines is undecided, and a partial cook would demote its line (11.2.6)"
	default:
		return
	}
	ch.Status, ch.Detail = Unknown, "it would pass ("+ch.Detail+"), but "+why
}

// legalMaterial is the material part of [legal] (11.2.2): at most 12 (20)
// pieces a side, no man on its own promotion row.
func legalMaterial(c *composition.Composition) Check {
	r := c.Rules
	max := 12
	if r.Board.Size == 10 {
		max = 20
	}
	var bad []string
	for _, s := range []draughts.Side{draughts.White, draughts.Black} {
		if n := c.Start.Pieces[s].Count(); n > max {
			bad = append(bad, fmt.Sprintf("%s has %d pieces (at most %d)", s, n, max))
		}
		if n := c.Start.Pieces[s].Count(); n == 0 {
			bad = append(bad, fmt.Sprintf("%s has no pieces", s))
		}
	}
	if err := c.Start.Valid(r); err != nil {
		bad = append(bad, err.Error())
	}
	if len(bad) > 0 {
		return newCheck(CheckLegal, Fail, strings.Join(bad, "; "))
	}
	return newCheck(CheckLegal, Pass, "material possible; no man on its own promotion row")
}

// quietKey is [quiet-key] (11.1.3, 11.2.8.3): the solution starts with a
// quiet move — no black piece en prise in the initial position (captures
// are compulsory, 6.1.5) — and a first move exists. The evidence names
// every capture White would have to make.
func (rep *Report) quietKey(c *composition.Composition, ans solver.Answer) {
	if c.Start.Side != draughts.White {
		rep.add(newCheck(CheckQuietKey, NotApplicable, "Black moves first"))
		return
	}
	moves := draughts.LegalMoves(&c.Start, c.Rules)
	if len(moves) == 0 {
		rep.add(newCheckAt(CheckQuietKey, "11.2.8.3", Fail, "White has no first move"))
		return
	}
	if moves[0].IsCapture() {
		var caps []string
		for _, m := range moves {
			var taken []string
			for _, sq := range m.Captured.Squares() {
				taken = append(taken, composition.PieceName(&c.Start, c.Rules, sq))
			}
			caps = append(caps, draughts.MoveString(&c.Start, c.Rules, m)+" takes the "+strings.Join(taken, ", "))
		}
		rep.add(newCheck(CheckQuietKey, Fail, "black piece en prise: White's first move must be a capture: "+strings.Join(caps, "; ")))
		return
	}
	// A white piece en prise at the start of a task is a serious defect
	// scored about -2 (11.2.8.3), not a formal failure: see the score.
	rep.add(newCheck(CheckQuietKey, Pass, fmt.Sprintf("the first move is quiet (%s, no capture)", count(len(moves), "quiet first move"))))
}

// uniqueness is [unique] (11.2.6 with the tolerances of 11.1.3, 11.2.7.3,
// 11.3.8.5).
func (rep *Report) uniqueness(c *composition.Composition, ans solver.Answer) {
	single := singleKey(c.Start.Side != draughts.White)
	bound := "every first move decided at any depth"
	aborted := 0
	for _, t := range ans.Tries {
		if t.Outcome == solver.Aborted {
			aborted++
		}
	}
	if ans.Undecided > 0 {
		bound = fmt.Sprintf("%s not decided at any depth, searched to %d moves (shortest solution %d + slack)", count(ans.Undecided, "first move"), ans.Bound, ans.Distance) + openFirstMoves(ans, ": ")
		if aborted == 0 && c.Genre != composition.Problem {
			// Judgement call (docs/checks.md): a bounded "no win" is enough to pass
			// only for a problem, whose cook is another combination; in a
			// study a longer win is a cook too (11.2.6 knows no length).
			aborted = ans.Undecided
		}
	}
	switch {
	case len(rep.Cooks) > 0:
		var s []string
		for _, f := range rep.Cooks {
			s = append(s, f.Result)
		}
		rep.add(newCheck(CheckUnique, Fail, strings.Join(s, "; ")))
	case len(dualsWith(rep.Duals, dual.Full, dual.Partial)) > 0:
		// A proved dual fails the check whatever the other first moves
		// are: its basis (the author's and the dual's wins) is decided.
		rep.add(newCheck(CheckUnique, Fail, cookText(c, dualsWith(rep.Duals, dual.Full, dual.Partial))+"; "+bound))
	case aborted > 0:
		detail := bound
		for _, f := range rep.Duals {
			detail += "; dual " + f.judged()
		}
		rep.add(newCheck(CheckUnique, Unknown, detail))
	case len(dualsWith(rep.Duals, dual.Undecided)) > 0:
		var s []string
		for _, f := range dualsWith(rep.Duals, dual.Undecided) {
			s = append(s, fmt.Sprintf("after %s: %s (%s)", strings.Join(f.Line, " "), f.Move, f.Note))
		}
		rep.add(newCheck(CheckUnique, Unknown, single+"; duals whose finale was not reached: "+strings.Join(s, "; ")))
	case len(rep.Duals) > 0 || len(rep.Transpositions) > 0:
		var tol []string
		for _, f := range rep.Duals {
			tol = append(tol, f.judged())
		}
		detail := fmt.Sprintf("%s; %s and %s inside the variations, no cook of the composition", single, count(len(rep.Duals), "dual"), count(len(rep.Transpositions), "transposition"))
		if len(tol) > 0 {
			detail += ": " + strings.Join(tol, "; ")
		}
		rep.add(newCheck(CheckUnique, Warn, detail+"; "+bound))
	case len(c.Game.Moves) == 0:
		// Duals are looked for along the author's lines; without them
		// only the key is unique.
		rep.add(newCheck(CheckUnique, Pass, single+" (no author's solution to find duals in); "+bound))
	default:
		rep.add(newCheck(CheckUnique, Pass, single+", no duals in the author's variations; "+bound))
	}
}

// singleKey is how [unique] names a solution without a cook: "single key",
// or, when Black moves first (11.1.4), "single solution": such a solution
// has no key (as [quiet-key] and the key measures say), and no key is
// shown for it.
func singleKey(blackFirst bool) string {
	if blackFirst {
		return "single solution (Black moves first: no key)"
	}
	return "single key"
}

// openFirstMoves names the first moves not decided at any depth (a
// full-board problem's many tries), after lead: each one refuted within
// the bound with its refutation, then those whose search spent the budget.
func openFirstMoves(ans solver.Answer, lead string) string {
	var within, spent []string
	for _, t := range ans.Tries {
		switch t.Outcome {
		case solver.Aborted:
			spent = append(spent, t.Move)
		case solver.NotWithin:
			within = append(within, t.Move+" (refuted within the bound by "+strings.Join(t.RefutationMoves(), ", ")+")")
		}
	}
	out := lineText(lead, []string{strings.Join(within, "; ")}, "")
	if len(within) == 0 {
		out = ""
	}
	return out + lineText("; undecided (budget spent): ", spent, "")
}

// judged is a dual in words: the move and the author's, their distances,
// kind, status, clause and why.
func (f Finding) judged() string {
	by := ""
	if f.ByAuthor {
		by = ", the author gives it"
	}
	return fmt.Sprintf("%s in %d for the author's %s in %d (%s%s): %s, %s: %s", f.Move, f.Distance, f.Author, f.AuthorDistance, f.Kind, by, f.Status, f.Clause, f.Note)
}

// cookText is the cooks found in the author's lines, one sentence per
// node and kind: the numbered line to the node and its position, the
// moves, and the rule ("partial cook after 1.29-24 30-35 … 16.27-22 49x18
// (W:WK9:B4,K18): 17.9x27 in 4, 9x31 in 4 win as the author's 9x22 in 4
// does (king to another square of the diagonal), 11.2.7.3: …").
func cookText(c *composition.Composition, cooks []Finding) string {
	var s []string
	for i := 0; i < len(cooks); {
		f, j := cooks[i], i
		var moves []string
		for ; j < len(cooks) && slices.Equal(cooks[j].Line, f.Line) && cooks[j].Kind == f.Kind; j++ {
			by := ""
			if cooks[j].ByAuthor {
				by = " (the author gives it)"
			}
			moves = append(moves, fmt.Sprintf("%s in %d%s", cooks[j].Move, cooks[j].Distance, by))
		}
		p := c.Start
		for _, t := range f.Line {
			if m, err := draughts.ParseMove(&p, c.Rules, t); err == nil {
				p = p.Play(m)
			}
		}
		no := composition.MoveNo(f.Line, c.Start.Side)
		s = append(s, fmt.Sprintf("%s after %s (%s): %s%s win as the author's %s%s in %d does (%s), %s: %s",
			f.Status, composition.Numbered(nil, f.Line, c.Start.Side), draughts.FEN(&p, c.Rules), no, strings.Join(moves, ", "), no, f.Author, f.AuthorDistance, f.Kind, f.Clause, f.Note))
		i = j
	}
	return strings.Join(s, "; ")
}

// dualsWith returns the duals with one of the statuses.
func dualsWith(duals []Finding, status ...string) []Finding {
	var out []Finding
	for _, f := range duals {
		if contains(status, f.Status) {
			out = append(out, f)
		}
	}
	return out
}

// variationsCheck is [variations] (11.2.5): a locking task needs at least
// two thematic variations, a study or positional ending at least two
// compositional branches; the author's lines are counted (main line and
// every variation), less the demoted ones (side variations with a partial
// cook, 11.2.6).
//
// A study's or ending's branches are also counted in the solved tree
// (bc, package branch; nil before the solve or for a draw): with two there,
// the study passes whatever the author prints, and the detail names the
// branches the author omits.
//
// A study's or ending's author's lines that end in the position an earlier
// one ends in (same, from sameFinales) are one branch, counted once
// (docs/checks.md: a transposition is not a second variation).
func variationsCheck(c *composition.Composition, demoted, same []string, bc *branch.Count) Check {
	lines := c.ThematicLines() - len(demoted)
	dem := ""
	if len(demoted) > 0 {
		dem = fmt.Sprintf(" (%s not thematic, a partial cook: %s)", count(len(demoted), "variation"), strings.Join(demoted, "; "))
	}
	// 11.3.8.3: in a study a thematic false trail counts as a
	// compositional branch (a try that wins is a cook, failed by unique).
	tries := 0
	if c.Genre == composition.Study || c.Genre == composition.Ending {
		tries = c.Tries()
		lines += tries
		if len(same) > 0 {
			lines -= len(same)
			ends := "1 line ends"
			if len(same) > 1 {
				ends = fmt.Sprintf("%d lines end", len(same))
			}
			dem += fmt.Sprintf(" (%s in the position of another, one branch: %s)", ends, strings.Join(same, "; "))
		}
	}
	tree := ""
	if bc != nil {
		tree = "; " + bc.Text(c.Start.Side)
	}
	switch {
	case len(c.Game.Moves) == 0:
		return newCheck(CheckVariations, NotApplicable, "no author's solution")
	case bc != nil && lines < 2 && len(bc.Branches) >= 2:
		return newCheck(CheckVariations, Pass, fmt.Sprintf("the author gives %s%s, but the play has two or more branches%s", count(lines, "thematic line"), dem, tree))
	case c.Genre == composition.Task && lines < 2:
		return newCheck(CheckVariations, Fail, fmt.Sprintf("a locking task needs at least two thematic variations; the author gives %d%s", lines, dem))
	case (c.Genre == composition.Study || c.Genre == composition.Ending) && lines < 2:
		article := "a" // "an ending", "a study"
		if c.Genre == composition.Ending {
			article = "an"
		}
		return newCheck(CheckVariations, Fail, fmt.Sprintf("%s %s needs at least two branches; the author gives %d%s%s", article, c.Genre, lines, dem, tree))
	case c.Genre == composition.Task || c.Genre == composition.Study || c.Genre == composition.Ending:
		d := fmt.Sprintf("%s in the author's solution", count(lines, "thematic line"))
		if tries > 0 {
			d += fmt.Sprintf(" (%s counted as branches, 11.3.8.3)", count(tries, "false trail"))
		}
		return newCheck(CheckVariations, Pass, d+dem+tree)
	}
	return newCheck(CheckVariations, NotApplicable, fmt.Sprintf("problems need one thematic variation; the author gives %s%s", count(lines, "thematic line"), dem))
}

// sameFinales names the author's thematic lines (neither a White
// alternative nor demoted) that end in the position an earlier one ends
// in: one play in another order of moves, or another square of a capture,
// not a second branch (11.2.5; docs/checks.md [variations]). Each is named
// by its last moves and the line it repeats.
func sameFinales(c *composition.Composition, lines []composition.Line, demoted func(*composition.Line) bool) []string {
	first := map[string][]string{}
	var out []string
	for i := range lines {
		l := &lines[i]
		if l.Alt || len(l.Text) == 0 || demoted != nil && demoted(l) {
			continue
		}
		at := draughts.FEN(&l.End, c.Rules)
		if f, ok := first[at]; ok {
			out = append(out, fmt.Sprintf("%s ends as %s", lastMoves(l.Text), lastMoves(f)))
			continue
		}
		first[at] = l.Text
	}
	return out
}

// drawRulesCheck says whether the move-count draw rules (6.1.8, 7.5.2,
// 8.2) change the solution (docs/spec.md §3: a report says when theory and game
// modes disagree): the shortest key of a win is searched again under the
// game rules, to the same length. Informative only (pass or warn).
//
// A draw needs no search: the move-count rules only ever declare a draw,
// so a defender who cannot force a win in theory cannot under them either
// (a win forced under the game rules is forced in theory, by a line
// without repetitions), and the key that holds the draw in theory holds
// it under both.
func (rep *Report) drawRulesCheck(c *composition.Composition, goal solver.Goal, attacker draughts.Side, opt Options, ans solver.Answer) {
	if opt.Solver.DrawRules == solver.Game || ans.Verdict != solver.VerdictProved || len(ans.Keys) == 0 || c.Start.Side != attacker {
		return
	}
	if isDraw(c) {
		rep.add(newCheck(CheckDrawRules, Pass, fmt.Sprintf("theory and game draw rules agree: %s holds the draw under both (the move-count rules only declare draws)", ans.Keys[0].Move)))
		return
	}
	m, err := draughts.ParseMove(&c.Start, c.Rules, ans.Keys[0].Move)
	if err != nil {
		return
	}
	s := solver.NewSearcher(c.Rules, goal, attacker, opt.Solver.Budget)
	s.SetDrawRules(solver.Game)
	s.StartAfter(&c.Start, m)
	q := c.Start.Play(m)
	o, d := s.Distance(&q, ans.Keys[0].Distance-1)
	switch {
	case o == solver.Proved:
		rep.add(newCheck(CheckDrawRules, Pass, fmt.Sprintf("theory and game draw rules agree: %s forces the goal in %d under both", ans.Keys[0].Move, d+1)))
	case o == solver.Aborted:
		rep.add(newCheck(CheckDrawRules, NotApplicable, "game draw rules not checked: budget spent"))
	default:
		rep.add(newCheck(CheckDrawRules, Warn, fmt.Sprintf("theory and game modes disagree: under the move-count draw rules %s does not force the goal within %d moves (%s)", ans.Keys[0].Move, ans.Keys[0].Distance, o)))
	}
}
