package solver

import (
	"context"
	"fmt"
	"sort"

	"golang.org/x/sync/errgroup"

	"draughtsjudge/draughts"
)

// solveDecided is Solve in theory mode, in two phases (package doc):
//
//  1. Every first move is decided at any depth by the df-pn Prover, one
//     after the other in generation order, over the composition's shared
//     table: wins / never wins / undecided within the node budget, in a
//     first round of an eighth of Budget.Nodes per move. A position of
//     at most smallPieces pieces, or any position with Options.AnyDepth
//     (a study, an ending, a task, where a bounded "no win" leaves 11.2.6
//     open; in a full problem "never wins" is out of reach and a cook is
//     another combination, which the first round or phase 2 finds) gets
//     a second round of Budget.Nodes; what is still undecided in a small
//     position the exact local analysis settles when the reachable set fits in
//     Budget.TTBytes and two node budgets (at least 2M positions); else two more
//     rounds of up to 8 and 64 budgets per move, sharing what is left of
//     96 for the root.
//  2. The winning moves get their exact distance by iterative deepening
//     up to the proof's length; the undecided ones are searched as
//     before, up to the shortest win + Slack (MaxBound when none wins),
//     and say so. Phase 2 runs on Threads goroutines, each with its own
//     bounded table, reading (never writing) phase 1's table.
//
// So any other winning first move is found however long it is (11.2.6),
// and results and node counts do not depend on Threads.
// smallPieces is the most pieces of a position given the larger phase-1
// budgets and the local analysis.
const smallPieces = 12

// exactPieces is the most pieces of a problem whose open first moves are
// also decided against the real win (without the finale rule).
const exactPieces = 16

// boundedShare is the most node budgets the bounded searches of phase 2
// spend on the first moves phase 1 leaves undecided, all together.
const boundedShare = 64

func solveDecided(ctx context.Context, r *draughts.Rules, p draughts.Position, goal Goal, attacker draughts.Side, opt Options, ms []draughts.Move) Answer {
	var ans Answer
	_, draw := goal.(Draw)
	main := NewSearcher(r, goal, attacker, opt.Budget)
	type state struct {
		q     draughts.Position
		o     Outcome
		dist  int
		bound bool // dist is a proof's length, not exact
		nodes uint64
	}
	st := make([]state, len(ms))
	for i, m := range ms {
		st[i].q, st[i].o = p.Play(m), Aborted
	}
	// Rounds of growing budgets: most first moves are decided in a few
	// hundred nodes; what one round leaves undecided the next resumes
	// from the table with more.
	n := opt.Budget.Nodes
	small := p.Occupied().Count() <= smallPieces
	deep := small || opt.AnyDepth // the larger phase-1 rounds
	open := func() int {
		k := 0
		for i := range st {
			if st[i].o == Aborted {
				k++
			}
		}
		return k
	}
	// share is one move's budget in a round of mult budgets per move
	// that shares what is left of total budgets (spent nodes so far) among
	// the open moves, and at least one budget.
	share := func(mult, total, spent uint64) uint64 {
		return max(min(mult*n, (total*n-spent)/uint64(open())), n)
	}
	// decideEach decides, with s at a budget of b nodes each, the first
	// moves whose outcome is now o, in order, and hands each answer to set.
	decideEach := func(s *Searcher, b uint64, o Outcome, set func(x *state, i int, o Outcome, ub int)) {
		old := s.SetNodeBudget(b)
		for i := range st {
			x := &st[i]
			if x.o != o || ctx.Err() != nil {
				continue
			}
			before := s.Nodes()
			got, ub := s.decide(&x.q)
			x.nodes += s.Nodes() - before
			set(x, i, got, ub)
		}
		s.SetNodeBudget(old)
	}
	round := func(b uint64) {
		decideEach(main, b, Aborted, func(x *state, _ int, o Outcome, ub int) {
			x.o, x.dist = o, ub+1
			if draw && o == Proved {
				x.dist = 0
			}
		})
	}
	if n == 0 {
		round(0)
	} else {
		round(max(n/8, 1000))
		if deep {
			round(n)
		}
	}
	if small && open() > 0 && ctx.Err() == nil {
		// The exact local analysis, when the reachable set fits.
		pv := main.prover()
		limit := opt.Budget.TTBytes / localBytesPerPosition
		if n != 0 {
			limit = min(limit, int(min(max(2*n, 2_000_000), 1<<31)))
		}
		l, visited := AnalyseLocal(r, pv.goal, pv.attacker, p, limit, opt.Budget.Deadline)
		main.nodes += visited
		if l != nil {
			pv.tt.local = l
			ans.LocalPositions = l.Positions()
			round(0) // every first move is in the set: decided at once
		}
	}
	// Larger budgets, sharing what is left of 96 budgets for the root.
	for _, mult := range []uint64{8, 64} {
		if !deep || opt.Quick || n == 0 || open() == 0 || ctx.Err() != nil || main.Nodes() >= 96*n {
			break
		}
		round(share(mult, 96, main.Nodes()))
	}
	// A problem's goal counts the finale rule's material gain as a win
	// (Win.MaterialMargin), so "never wins" under it is out of reach in
	// most problems. Where few pieces remain, a first move still open is
	// decided against the real win as well (the defender without a move,
	// or a database win): a move that never wins that way is no cook
	// whatever the rule would accept (a proof, not the rule's reading), and
	// one that does wins under the rule too (every real win is a finale
	// the rule accepts), so phase 2 finds its distance.
	exactNever := make([]bool, len(st))
	var exact *Searcher
	if w, ok := goal.(Win); ok && w.MaterialMargin > 0 && !opt.Quick && n != 0 && open() > 0 &&
		p.Occupied().Count() <= exactPieces && ctx.Err() == nil {
		// Its own table of a quarter of the memory (the registry's later
		// goals get a sixteenth: too small for a search of 96 budgets).
		eb := opt.Budget
		eb.Tables = nil
		eb.TTBytes = max(eb.TTBytes/2, 8<<20) // the prover takes half of it
		exact = NewSearcher(r, Win{Prober: w.Prober}, attacker, eb)
		// The first moves the rule already proves, at one budget each,
		// first: their real-win positions fill the table the open ones
		// transpose into.
		decideEach(exact, n, Proved, func(*state, int, Outcome, int) {})
		for _, mult := range []uint64{1, 8, 64} {
			if open() == 0 || ctx.Err() != nil || exact.Nodes() >= 96*n {
				break
			}
			decideEach(exact, share(mult, 96, exact.Nodes()), Aborted, func(x *state, i int, o Outcome, ub int) {
				switch o {
				case Never:
					x.o, exactNever[i] = Never, true
				case Proved:
					x.o, x.dist = Proved, ub+1
				}
			})
		}
	}
	main.prover() // phase 2 reads its table
	perMove := opt.Budget
	perMove.Tables = nil
	if perMove.TTBytes == 0 {
		perMove.TTBytes = 64 << 20
	}
	perMove.TTBytes = max(perMove.TTBytes/2/len(ms), 1<<20)
	searcher := func() *Searcher {
		s := NewSearcher(r, goal, attacker, perMove)
		s.pnt = main.pnt
		return s
	}
	phase2 := func(run func(i int)) {
		g, _ := errgroup.WithContext(ctx)
		g.SetLimit(opt.Threads)
		for i := range st {
			g.Go(func() error {
				if ctx.Err() == nil {
					run(i)
				}
				return nil
			})
		}
		_ = g.Wait()
	}
	// Exact distances of the winning moves.
	if !draw {
		phase2(func(i int) {
			x := &st[i]
			if x.o != Proved {
				return
			}
			s := searcher()
			s.afterMove(&p, ms[i])
			if o, d := s.distanceID(&x.q, x.dist-1); o == Proved {
				x.dist = d + 1
			} else {
				x.bound = true
			}
			x.nodes += s.Nodes()
		})
	}
	shortest := -1
	for i := range st {
		if st[i].o == Proved && (shortest < 0 || st[i].dist < shortest) {
			shortest = st[i].dist
		}
	}
	// The undecided moves, bounded as before phase 1 existed.
	last := opt.MaxBound - 1
	if shortest >= 0 && !draw {
		last = min(shortest+opt.Slack-1, MaxDepth)
	}
	refuters := make([]*Searcher, len(st))
	bounded := func(b uint64) {
		phase2(func(i int) {
			x := &st[i]
			if x.o != Aborted {
				return
			}
			s := refuters[i]
			if s == nil {
				s = searcher()
				s.afterMove(&p, ms[i])
				refuters[i] = s
			}
			before := s.Nodes()
			s.SetNodeBudget(b)
			s.Refill()
			o, d := s.distanceID(&x.q, last)
			switch o {
			case Proved:
				x.o, x.dist = Proved, d+1 // undecided by df-pn, found by the bounded search
			case NotWithin:
				x.o = NotWithin
			}
			x.nodes += s.Nodes() - before
		})
	}
	bounded(n)
	// What one budget leaves unfinished gets rounds of 8 and 32 budgets,
	// sharing what is left of boundedShare budgets for the root (the
	// table is kept, so a round resumes at the depth the last one
	// reached). Measured on 10x10 problems: each move of bound costs 3-4x,
	// and shortest + 4 takes 4-24M nodes per try (Zubov's locks).
	if !opt.Quick && n != 0 {
		spent := func() uint64 {
			var t uint64
			for i := range refuters {
				if refuters[i] != nil {
					t += refuters[i].Nodes()
				}
			}
			return t
		}
		for _, mult := range []uint64{8, 32} {
			if open() == 0 || ctx.Err() != nil || spent() >= boundedShare*n {
				break
			}
			bounded(share(mult, boundedShare, spent()))
		}
	}
	for i := range st {
		if st[i].o == NotWithin || st[i].o == Aborted {
			ans.Undecided++
		}
	}
	if ans.Undecided > 0 {
		ans.Bound = last + 1
	}
	allNever := true
	for i, m := range ms {
		x := &st[i]
		f := FirstMove{Move: draughts.MoveString(&p, r, m), Outcome: x.o, Result: x.o.String(), Nodes: x.nodes}
		switch x.o {
		case Proved:
			f.Result, f.Distance, f.DistanceIsBound = "win", x.dist, x.bound
			if draw {
				f.Result = "draw"
			}
			ans.Keys = append(ans.Keys, f)
		case Never:
			if exactNever[i] {
				f.Refutations = exact.hardRefutations(x.q)
				f.Result = "never (no real win: the defender always keeps a move and no database win)"
			} else {
				f.Refutations = main.hardRefutations(x.q)
			}
		case NotWithin:
			f.Refutations = refutations(refuters[i], r, x.q, last)
		case Aborted:
			ans.Aborted = true
		}
		if x.o != Never {
			allNever = false
		}
		ans.Nodes += f.Nodes
		if x.o != Proved {
			ans.Tries = append(ans.Tries, f)
		}
	}
	ans.sortFirstMoves()
	switch {
	case shortest >= 0:
		ans.Verdict, ans.Distance = VerdictProved, shortest
		before := main.Nodes()
		budget := opt.TreeNodes
		ans.Tree = buildTree(main, r, p, attacker, opt.Slack, shortest, &budget, opt.Prefer)
		ans.Nodes += main.Nodes() - before
	case allNever:
		ans.Verdict = VerdictRefuted
		ans.Reason = "every first move fails: the defender always escapes"
		ans.Refutation = refutingLine(main, &p, r, attacker)
	case ans.Aborted:
		ans.Verdict = VerdictUnknown
		ans.Reason = fmt.Sprintf("budget spent (%d nodes) before a forced %s was found or excluded", ans.Nodes, GoalName(goal))
	default:
		ans.Verdict = VerdictUnknown
		ans.Reason = fmt.Sprintf("no forced %s within %d moves, and no proof that none exists", GoalName(goal), opt.MaxBound)
	}
	return ans
}

// hardRefutations lists the defences of q (defender to move, the goal
// never forced from q) after which the goal is never forced: those phase
// 1's table already knows, else the first one found by deciding each.
func (s *Searcher) hardRefutations(q draughts.Position) []Refutation {
	var out []Refutation
	ms := draughts.LegalMoves(&q, s.r)
	for _, d := range ms {
		q2 := q.Play(d)
		if s.known(&q2) == Never {
			out = append(out, Refutation{Move: draughts.MoveString(&q, s.r, d), Hard: true})
		}
	}
	if len(out) == 0 {
		for _, d := range ms {
			q2 := q.Play(d)
			if o, _ := s.decide(&q2); o == Never {
				out = append(out, Refutation{Move: draughts.MoveString(&q, s.r, d), Hard: true})
				break
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return draughts.MoveLess(out[i].Move, out[j].Move) })
	return out
}
