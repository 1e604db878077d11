package solver

import (
	"context"

	"draughtsjudge/draughts"
)

// solveDecided is Solve in theory mode, in two phases (package doc):
//
//  1. Every first move is decided at any depth by the df-pn Prover, one
//     after the other in generation order, over the composition's shared
//     table, in the rounds of phase1Schedule (phase1.go).
//  2. The winning moves get their exact distance, and the undecided ones
//     are searched to a bound, on Threads goroutines (phase2.go).
//
// So any other winning first move is found however long it is (11.2.6),
// and results and node counts do not depend on Threads.
func solveDecided(ctx context.Context, r *draughts.Rules, p draughts.Position, goal Goal, attacker draughts.Side, opt Options, ms []draughts.Move) Answer {
	d := newDecided(ctx, r, p, goal, attacker, opt, ms)
	d.runPhase1()
	d.runPhase2()
	d.progress()
	return d.answer()
}

// firstMoveState is one first move in solveDecided.
type firstMoveState struct {
	q     draughts.Position
	o     Outcome
	dist  int
	bound bool // dist is a proof's length, not exact
	nodes uint64
}

// decided is one run of solveDecided.
type decided struct {
	ctx      context.Context
	r        *draughts.Rules
	p        draughts.Position
	goal     Goal
	attacker draughts.Side
	opt      Options
	ms       []draughts.Move
	draw     bool   // the goal is Draw
	n        uint64 // Budget.Nodes, one budget
	small    bool   // at most smallPieces pieces
	deep     bool   // the larger phase-1 rounds: small or Options.AnyDepth
	st       []firstMoveState

	// Phase 1.
	main           *Searcher
	local          bool // the local analysis made its set
	localPositions int
	exact          *Searcher // the real-win searcher, when made
	exactNever     []bool    // decided never against the real win

	// Phase 2.
	perMove  Budget
	refuters []*Searcher // the bounded searches of the undecided moves
	shortest int         // the shortest key's distance, -1: none
	last     int         // the bound after the first move
}

func newDecided(ctx context.Context, r *draughts.Rules, p draughts.Position, goal Goal, attacker draughts.Side, opt Options, ms []draughts.Move) *decided {
	d := &decided{ctx: ctx, r: r, p: p, goal: goal, attacker: attacker, opt: opt, ms: ms}
	_, d.draw = goal.(Draw)
	d.main = NewSearcher(r, goal, attacker, opt.Budget)
	d.st = make([]firstMoveState, len(ms))
	for i, m := range ms {
		d.st[i].q, d.st[i].o = p.Play(m), Aborted
	}
	d.n = opt.Budget.Nodes
	d.small = p.Occupied().Count() <= smallPieces
	d.deep = d.small || opt.AnyDepth
	d.exactNever = make([]bool, len(ms))
	return d
}

// open is the number of first moves still undecided.
func (d *decided) open() int {
	k := 0
	for i := range d.st {
		if d.st[i].o == Aborted {
			k++
		}
	}
	return k
}

// progress records the first moves decided so far in the work budget
// (Work.FirstMoves, a front end's progress line).
func (d *decided) progress() {
	d.opt.Budget.Work.setFirstMoves(len(d.ms)-d.open(), len(d.ms))
}

// answer assembles the Answer of the run.
func (d *decided) answer() Answer {
	a := assembly{r: d.r, p: d.p, goal: d.goal, attacker: d.attacker, opt: &d.opt, ms: d.ms,
		shortest: d.shortest, keyText: "win", unknownGoal: GoalName(d.goal)}
	if d.draw {
		a.keyText = "draw"
	}
	a.moves = make([]moveResult, len(d.st))
	for i, x := range d.st {
		a.moves[i] = moveResult{o: x.o, dist: x.dist, bound: x.bound, nodes: x.nodes}
	}
	a.refute = func(i int) ([]Refutation, string) {
		s, bounded, text := d.tryRefuter(i)
		if bounded {
			return refutations(s, d.r, d.st[i].q, d.last), ""
		}
		return s.hardRefutations(d.st[i].q), text
	}
	a.complete = func(i int, found []Refutation) ([]Refutation, bool) {
		s, bounded, _ := d.tryRefuter(i)
		if bounded {
			return completeBounded(s, d.r, d.st[i].q, d.last, found)
		}
		return s.completeHard(d.st[i].q, found)
	}
	a.treeSearcher = func() *Searcher { return d.main }
	a.lineSearcher = func() *Searcher { return d.main }
	ans := assemble(&a)
	ans.LocalPositions = d.localPositions
	for i := range d.st {
		if d.st[i].o == NotWithin || d.st[i].o == Aborted {
			ans.Undecided++
		}
	}
	if ans.Undecided > 0 {
		ans.Bound = d.last + 1
	}
	return ans
}

// tryRefuter is the searcher that lists and completes try i's
// refutations: the bounded search of a move left undecided at any depth
// (bounded), the real-win searcher of a move it proved never to win (text
// then replaces the try's Result), or phase 1's.
func (d *decided) tryRefuter(i int) (s *Searcher, bounded bool, text string) {
	switch {
	case d.st[i].o == NotWithin:
		return d.refuters[i], true, ""
	case d.exactNever[i]:
		return d.exact, false, "never (no real win: the defender always keeps a move and no database win)"
	}
	return d.main, false, ""
}
