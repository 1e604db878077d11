package judge

import (
	"context"
	"draughtsjudge/judge/dual"
	"fmt"
	"strings"
	"time"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/draughts/lasca"
	"draughtsjudge/solver"
	"draughtsjudge/solver/lascagraph"
)

// Lasca compositions (rules file 004, [Variant "lasca"]) have their own
// position type (lasca.Position) and prover (lascagraph.Solve,
// which decides every first move at any depth from the whole reachable
// set). Chapter XI is written for 64- and 100-square draughts; of its
// checks, Lasca runs those whose terms carry over and says plainly which do
// not, and why (analyseLasca, docs/lasca.md):
//
//   - run: [legal] (004 §2.2.1 material, 004 §2.4.2 commanders), [author-
//     solution], [quiet-key] (11.1.3), [solvable] (11.2.3), [unique]
//     (11.2.6: full cooks at any depth, duals at every White move of the
//     author's lines), [variations] (11.2.5, the author's lines counted);
//   - not applicable: the retro-analysis part of [legal] (how the columns
//     were built is not analysed), [genre] and [problem-balance] (11.1.3
//     and 11.2.7.1 count men and kings of 64/100-square boards; in Lasca no
//     piece leaves the board and a column holds pieces of both colours),
//     [economy-construction] and [economy-finale] (11.2.4: a Lasca piece
//     cannot be removed alone from a column, and a prisoner is material of
//     both sides at once), [exact-lock] (no locking stipulation for Lasca),
//     [draw-rules] (004 has no move-count draw rules), the artistic
//     measures and the score (11.3 and the rubric are written for the
//     checkers variants).

// lascaNotApplicable are the checks analyseLasca does not run, with why.
var lascaNotApplicable = []Check{
	newCheck(CheckGenre, NotApplicable, "the genres' material groups (miniature, ending, ...) count the men and kings of 64- and 100-square draughts; Lasca (004) has none, and its columns hold pieces of both colours"),
	newCheck(CheckProblemBalance, NotApplicable, "\"Black at most one piece ahead\" counts pieces on a 64/100-square board; in Lasca no piece ever leaves the board (a capture takes a prisoner, 004 §2.3)"),
	newCheck(CheckEconomyConstruction, NotApplicable, "statists are found by removing one piece; a Lasca piece inside a column cannot be removed alone without changing the column, and a prisoner is material of both sides: not measured for Lasca"),
	newCheckAt(CheckEconomyFinale, "11.2.4, 11.2.8.1", NotApplicable, "the finale's economy counts white pieces; in Lasca a finale's columns mix both colours: not measured"),
	newCheck(CheckExactLock, NotApplicable, "no locking stipulation for Lasca"),
	newCheck(CheckDrawRules, NotApplicable, "004 has no move-count draw rules; a draw is a position without a forced win (theory mode)"),
}

// lascaScoreNote is the score line of every Lasca report (ApplyScore).
const lascaScoreNote = "not scored: the artistic measures of 11.3 and the rubric are defined for 64- and 100-square draughts, not for Lasca"

// analyseLasca is Analyse for a Lasca composition.
func analyseLasca(ctx context.Context, c *composition.Composition, opt Options) *Report {
	t0 := time.Now()
	p := *c.Lasca
	rep := newReport(c, draughts.LascaID, c.Stipulation.Text, lasca.FEN(&p))
	defer func() { rep.Seconds = time.Since(t0).Seconds() }()
	if opt.Time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opt.Time)
		defer cancel()
	}
	attacker := draughts.White // the main kinds: White fulfils the task (11.1.3)

	rep.add(lascaLegal(&p))
	rep.add(variationsCheck(c, nil, nil, nil))
	for _, e := range lasca.Replay(c.File, c.Game.Moves, p, nil) {
		rep.AuthorErrors = append(rep.AuthorErrors, e.Error())
	}
	authorOK := len(rep.AuthorErrors) == 0
	switch {
	case !authorOK:
		rep.add(newCheck(CheckAuthorSolution, Fail, "illegal move in the author's solution: "+strings.Join(rep.AuthorErrors, "; ")))
	case len(c.Game.Moves) == 0:
		rep.add(newCheck(CheckAuthorSolution, NotApplicable, "no author's solution given: solved from scratch, the author's intent is unknown"))
	default:
		rep.add(newCheck(CheckAuthorSolution, Pass, "every move of the author's solution is legal (004)"))
	}
	if len(c.Game.Moves) > 0 && p.Side == attacker {
		rep.AuthorKey = c.Game.Moves[0].Text
		if m, err := lasca.ParseMove(&p, rep.AuthorKey); err == nil {
			rep.AuthorKey = lasca.MoveString(&p, m)
		}
	}
	rep.lascaQuietKey(&p, attacker)

	goal := lascagraph.Win
	if c.Stipulation.Kind == composition.KindDraw {
		goal = lascagraph.Draw
	}
	sopt := opt.Solver
	if main := lascaMainLine(c); len(main) > 0 {
		sopt.Prefer = main
	}
	ans, g := lascagraph.SolveGraph(ctx, p, goal, attacker, sopt)
	rep.Nodes, rep.Bound, rep.Distance, rep.Tree, rep.Tries = ans.Nodes, ans.Bound, ans.Distance, ans.Tree, ans.Tries
	for _, k := range ans.Keys {
		rep.Keys = append(rep.Keys, k.Move)
	}
	defer func() { rep.Checks = append(rep.Checks, lascaNotApplicable...); rep.Finish() }()
	switch ans.Verdict {
	case solver.VerdictUnknown:
		rep.Reason = ans.Reason
		rep.add(newCheck(CheckSolvable, Unknown, ans.Reason))
		rep.add(newCheck(CheckUnique, Unknown, "not decided: "+ans.Reason))
		return rep
	case solver.VerdictRefuted:
		rep.add(newCheck(CheckSolvable, Fail, "the stipulation cannot be fulfilled: "+ans.Reason+
			lineText(" (refuting line: ", ans.Refutation, ")")))
		return rep
	}

	cook := func(k solver.FirstMove) string {
		if goal == lascagraph.Draw {
			return fmt.Sprintf("full cook: %s also holds the draw", k.Move)
		}
		return fmt.Sprintf("full cook: %s also forces the win in %d", k.Move, k.Distance)
	}
	another := func(k solver.FirstMove) string {
		return fmt.Sprintf("another key: %s also fulfils the stipulation (%d)", k.Move, k.Distance)
	}
	if authorWins := rep.addCooks(ans.Keys, nil, cook, another); rep.AuthorKey != "" {
		if !authorWins {
			detail := fmt.Sprintf("the author's key %s does not fulfil the stipulation at any depth", rep.AuthorKey)
			for _, t := range ans.Tries {
				if t.Move == rep.AuthorKey {
					detail += "; refuted by " + strings.Join(t.RefutationMoves(), ", ")
				}
			}
			rep.add(newCheck(CheckSolvable, Fail, detail))
		}
	}
	if rep.Check("solvable") == nil {
		if authorOK && len(c.Game.Moves) > 0 {
			w := lascaWalker{g: g, goal: goal, attacker: attacker, slack: max(opt.Solver.Slack, 1)}
			if opt.Solver.Slack == 0 {
				w.slack = 4
			}
			w.walk(c.Solution(), p, nil, true) // identical lines once (lines.go)
			rep.Duals = w.duals
			switch {
			case len(w.failures) > 0:
				rep.add(newCheck(CheckSolvable, Fail, strings.Join(w.failures, "; ")))
			case goal == lascagraph.Draw:
				rep.add(newCheck(CheckSolvable, Pass, "the draw holds at any depth, and in every line of the author's solution"))
			default:
				rep.add(newCheck(CheckSolvable, Pass, fmt.Sprintf("forced in %s; every author's line reaches its finale (%s)", count(ans.Distance, "move"), strings.Join(w.finales, "; "))))
			}
		} else if goal == lascagraph.Draw {
			rep.add(newCheck(CheckSolvable, Pass, "the draw holds at any depth (solver's solution)"))
		} else {
			rep.add(newCheck(CheckSolvable, Pass, fmt.Sprintf("forced in %s (solver's solution)", count(ans.Distance, "move"))))
		}
	}
	rep.lascaUniqueness(goal, ans, p.Side != attacker, len(c.Game.Moves) > 0)
	return rep
}

// lascaLegal is [legal] for Lasca: the material of 004 §2.2.1 (at most 11
// pieces of each colour, counted in every column at every depth), no man
// commanding a column on its own last row (004 §2.4.2), and a side to move
// that commands some column. How the columns came about (the retro-analysis
// of 11.2.2) is not analysed, and the detail says so.
func lascaLegal(p *lasca.Position) Check {
	var bad []string
	if err := p.Valid(); err != nil {
		bad = append(bad, err.Error())
	}
	for _, s := range []draughts.Side{draughts.White, draughts.Black} {
		if p.Count(s) == 0 {
			bad = append(bad, fmt.Sprintf("%s has no pieces", s))
		}
	}
	if len(bad) > 0 {
		return newCheckAt(CheckLegal, "11.2.2; 004 §2.2.1, §2.4.2", Fail, strings.Join(bad, "; "))
	}
	return newCheckAt(CheckLegal, "11.2.2; 004 §2.2.1, §2.4.2", Pass, fmt.Sprintf("material possible (White %d, Black %d pieces, at most 11 each); no man commands a column on its last row; the history of the columns (retro-analysis, 11.2.2) is not analysed for Lasca", p.Count(draughts.White), p.Count(draughts.Black)))
}

// lascaQuietKey is [quiet-key] (11.1.3): White's first move is not a
// capture (captures are compulsory, 004 §2.4 with Russian 6.1.5), and a
// first move exists.
func (rep *Report) lascaQuietKey(p *lasca.Position, attacker draughts.Side) {
	if p.Side != attacker {
		rep.add(newCheck(CheckQuietKey, NotApplicable, "Black moves first"))
		return
	}
	ms := lasca.LegalMoves(p)
	switch {
	case len(ms) == 0:
		rep.add(newCheck(CheckQuietKey, Fail, "White has no first move"))
	case ms[0].IsCapture():
		rep.add(newCheck(CheckQuietKey, Fail, "a black column is en prise: White's first move must be a capture: "+strings.Join(lasca.MoveStrings(p, ms), ", ")))
	default:
		rep.add(newCheck(CheckQuietKey, Pass, fmt.Sprintf("the first move is quiet (%s, no capture)", count(len(ms), "quiet first move"))))
	}
}

// lascaMainLine is the author's main line in canonical notation, up to its
// first illegal move.
func lascaMainLine(c *composition.Composition) []string {
	var out []string
	p := *c.Lasca
	for _, ply := range c.Solution() {
		m, err := lasca.ParseMove(&p, ply.Text)
		if err != nil {
			break
		}
		out = append(out, lasca.MoveString(&p, m))
		p = p.Play(m)
	}
	return out
}

// lascaWalker follows the author's lines in the solved graph: at every
// White move the other moves that still fulfil the stipulation within the
// author's distance + slack are duals; a line whose move loses the win, or
// that ends short of the finale, is reported.
type lascaWalker struct {
	g        *lascagraph.Graph
	goal     lascagraph.Goal
	attacker draughts.Side
	slack    int
	duals    []Finding
	failures []string
	finales  []string
}

func (w *lascaWalker) walk(plies []draughts.Ply, p lasca.Position, line []string, main bool) {
	for i := range plies {
		ply := &plies[i]
		for _, v := range ply.Variations {
			if len(v) > 0 && composition.IsTry(&v[0]) {
				continue // a false trail: its first move is judged as a try
			}
			w.walk(v, p, append([]string(nil), line...), false)
		}
		m, err := lasca.ParseMove(&p, ply.Text)
		if err != nil {
			return // reported by [author-solution]
		}
		text := lasca.MoveString(&p, m)
		after := w.g.AfterMove(&p, m)
		at := lineOrStartText(line)
		if !after.Goal {
			who := "the author's"
			if p.Side != w.attacker {
				who = "the author's defence"
			}
			w.failures = append(w.failures, fmt.Sprintf("after %s %s move %s gives up the %s", at, who, text, w.goal))
			return
		}
		if p.Side == w.attacker && w.goal == lascagraph.Win {
			for _, b := range w.g.WinningMoves(&p) {
				if b.Move == text || b.Distance > after.Distance+w.slack {
					continue
				}
				f := Finding{Line: append([]string(nil), line...), Move: b.Move, Author: text, Distance: b.Distance, AuthorDistance: after.Distance}
				f.Kind = dual.Plain
				if b.Distance < after.Distance {
					f.Kind = dual.Faster
				}
				f.Result = fmt.Sprintf("also wins in %d (the author's %s in %d)", b.Distance, text, after.Distance)
				if main {
					f.Status, f.Clause, f.Note = dual.Partial, "11.2.6", "a second winning move in the main line (Lasca: 11.2.6 read strictly; the tolerances of 11.1.3, 11.2.7.3 and 11.3.8.5 are not applied)"
				} else {
					f.Status, f.Clause, f.Note = dual.Warning, "11.2.6", "a second winning move in a side variation"
				}
				w.duals = append(w.duals, f)
			}
		}
		line = append(line, text)
		p = p.Play(m)
	}
	if w.goal != lascagraph.Win {
		return
	}
	v := w.g.Value(&p)
	if v.Distance == 0 {
		w.finales = append(w.finales, fmt.Sprintf("%s: %s has no move", lineOrStartText(line), composition.SideName(p.Side)))
	} else {
		w.finales = append(w.finales, fmt.Sprintf("%s: still forced, %s to the finale", lineOrStartText(line), count(v.Distance, "move")))
	}
}

func lineOrStartText(line []string) string {
	if len(line) == 0 {
		return "the start"
	}
	return strings.Join(line, " ")
}

// lascaUniqueness is [unique] for Lasca (11.2.6): every first move is
// decided at any depth, so a second key is a full cook however long; a
// dual in the author's main line is a partial cook, in a side variation a
// warning (docs/lasca.md: a judgement call).
func (rep *Report) lascaUniqueness(goal lascagraph.Goal, ans solver.Answer, blackFirst, authored bool) {
	single := singleKey(blackFirst)
	bound := "every first move decided at any depth (the whole reachable set solved)"
	switch partial := dualsWith(rep.Duals, dual.Partial); {
	case len(rep.Cooks) > 0:
		var s []string
		for _, f := range rep.Cooks {
			s = append(s, f.Result)
		}
		rep.add(newCheck(CheckUnique, Fail, strings.Join(s, "; ")))
	case len(partial) > 0:
		var s []string
		for _, f := range partial {
			s = append(s, fmt.Sprintf("after %s: %s %s", lineOrStartText(f.Line), f.Move, f.Result))
		}
		rep.add(newCheck(CheckUnique, Fail, "partial cook in the main line: "+strings.Join(s, "; ")+"; "+bound))
	case len(rep.Duals) > 0:
		var s []string
		for _, f := range rep.Duals {
			s = append(s, fmt.Sprintf("after %s: %s %s", lineOrStartText(f.Line), f.Move, f.Result))
		}
		rep.add(newCheck(CheckUnique, Warn, single+"; duals in side variations: "+strings.Join(s, "; ")+"; "+bound))
	case goal == lascagraph.Draw:
		drawing := "single drawing key"
		if blackFirst {
			drawing = "single drawing solution (Black moves first: no key)"
		}
		rep.add(newCheck(CheckUnique, Pass, drawing+"; "+bound+"; duals inside a draw's variations are not judged (every drawing move would count)"))
	case !authored:
		rep.add(newCheck(CheckUnique, Pass, single+" (no author's solution to find duals in); "+bound))
	default:
		rep.add(newCheck(CheckUnique, Pass, single+", no duals in the author's variations; "+bound))
	}
}
