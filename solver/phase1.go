package solver

// Phase 1 of solveDecided (package doc): every first move is decided at
// any depth by the df-pn Prover, one after the other in generation order,
// over the composition's shared table: wins / never wins / undecided
// within the node budget. The schedule is data: phase1Schedule lists the
// rounds, each with its budget per move, and runPhase1 runs them in order.
// Tuning phase 1 is a change of one row, checked against the bench
// signature (draughtsjudge bench).

// smallPieces is the most pieces of a position given the larger phase-1
// budgets and the local analysis.
const smallPieces = 12

// exactPieces is the most pieces of a problem whose open first moves are
// also decided against the real win (without the finale rule).
const exactPieces = 16

// The exact local analysis is tried when the reachable set fits in
// Budget.TTBytes (localBytesPerPosition each) and in localBudgets node
// budgets of positions, but at least localMinPositions (a small budget
// still gets a set of that size) and at most localMaxPositions.
const (
	localBudgets      = 2
	localMinPositions = 2_000_000
	localMaxPositions = 1 << 31
)

// The real-win searcher has its own table: a realWinTTDiv-th of
// Budget.TTBytes, at least realWinTTMin (the prover takes half of it, so
// a quarter of the memory; the registry's later goals get a sixteenth:
// too small for a search of 96 budgets).
const (
	realWinTTDiv = 2
	realWinTTMin = 8 << 20
)

// phase1Step is what one row of the schedule does.
type phase1Step uint8

const (
	// stepDecide decides the first moves whose outcome is still retry.
	stepDecide phase1Step = iota
	// stepLocal makes the exact local analysis of the root (local.go):
	// when the reachable set fits, the main prover reads it, and the next
	// round decides every first move at once.
	stepLocal
	// stepRealWin makes the real-win searcher (goal Win without the
	// finale rule) that the rows on realWin use.
	stepRealWin
)

// phase1Gate says in which runs a row applies.
type phase1Gate uint8

const (
	gateAlways  phase1Gate = iota
	gateDeep               // a deep run (small or Options.AnyDepth) with a node limit
	gateSmall              // at most smallPieces pieces
	gateLocal              // the local analysis made its set
	gateLarge              // a deep run with a node limit, not Options.Quick
	gateProblem            // a Win with the finale rule, at most exactPieces pieces, a node limit, not Quick
	gateRealWin            // the real-win searcher was made
)

// phase1Round is one row of the schedule. Whatever its gate, a row is
// skipped once no first move is open, the context is done, or (share > 0)
// its searcher has spent share budgets on the root.
type phase1Round struct {
	name string
	step phase1Step
	gate phase1Gate
	// realWin: the round runs on the real-win searcher, else on the main
	// one. On the main searcher a round records every answer; on the
	// real-win searcher only "never" (a proof against the real win) and
	// "wins" (phase 2 then finds the distance under the rule).
	realWin bool
	// retry is the outcome of the first moves searched: Aborted (open),
	// or Proved (the real-win seed: their positions fill the table the
	// open ones transpose into; nothing is recorded).
	retry Outcome
	// The budget per move, with n = Budget.Nodes (n = 0: no limit, and
	// only the first row runs): fraction > 0: n/fraction, at least
	// minNodes; else share > 0: mult budgets, but at most an equal part
	// among the open moves of what is left of share budgets for the root,
	// and at least one budget; else mult budgets (0: no limit).
	fraction, minNodes uint64
	mult, share        uint64
}

// phase1Schedule is phase 1: rounds of growing budgets. Most first moves
// are decided in a few hundred nodes; what one round leaves undecided
// the next resumes from the table with more.
var phase1Schedule = []phase1Round{
	// An eighth of a budget per move, at least 1000 nodes.
	{name: "first", fraction: 8, minNodes: 1000},
	// A position of at most smallPieces pieces, or any position with
	// Options.AnyDepth (a study, an ending, a task, where a bounded "no
	// win" leaves 11.2.6 open; in a full problem "never wins" is out of
	// reach and a cook is another combination, which the first round or
	// phase 2 finds), gets a second round of one budget.
	{name: "second", gate: gateDeep, mult: 1},
	// What is still undecided in a small position the exact local
	// analysis settles when the reachable set fits.
	{name: "local analysis", step: stepLocal, gate: gateSmall},
	{name: "local set", gate: gateLocal}, // every first move is in the set: decided at once
	// Else two more rounds of up to 8 and 64 budgets per move, sharing
	// what is left of 96 for the root.
	{name: "large 8", gate: gateLarge, mult: 8, share: 96},
	{name: "large 64", gate: gateLarge, mult: 64, share: 96},
	// A problem's goal counts the finale rule's material gain as a win
	// (Win.MaterialMargin), so "never wins" under it is out of reach in
	// most problems. Where few pieces remain, a first move still open is
	// decided against the real win as well (the defender without a move,
	// or a database win): a move that never wins that way is no cook
	// whatever the rule would accept (a proof, not the rule's reading),
	// and one that does wins under the rule too (every real win is a
	// finale the rule accepts), so phase 2 finds its distance.
	{name: "real win", step: stepRealWin, gate: gateProblem},
	// The first moves the rule already proves, at one budget each, first.
	{name: "real-win seed", gate: gateRealWin, realWin: true, retry: Proved, mult: 1},
	// Then the open ones in rounds of 1, 8 and 64 budgets, sharing what
	// is left of 96 for the root.
	{name: "real win 1", gate: gateRealWin, realWin: true, mult: 1, share: 96},
	{name: "real win 8", gate: gateRealWin, realWin: true, mult: 8, share: 96},
	{name: "real win 64", gate: gateRealWin, realWin: true, mult: 64, share: 96},
}

// runPhase1 runs the schedule.
func (d *decided) runPhase1() {
	for i := range phase1Schedule {
		x := &phase1Schedule[i]
		d.progress()
		if !d.gateOpen(x.gate) || d.open() == 0 || d.ctx.Err() != nil {
			continue
		}
		s := d.main
		if x.realWin {
			s = d.exact
		}
		if x.share > 0 && s.Nodes() >= x.share*d.n {
			continue
		}
		switch x.step {
		case stepLocal:
			d.localAnalysis()
		case stepRealWin:
			d.makeRealWin()
		default:
			d.decideRound(s, x)
		}
	}
}

// gateOpen reports whether rows of gate g apply in this run.
func (d *decided) gateOpen(g phase1Gate) bool {
	opt := &d.opt
	switch g {
	case gateDeep:
		return d.deep && d.n != 0
	case gateSmall:
		return d.small
	case gateLocal:
		return d.local
	case gateLarge:
		return d.deep && d.n != 0 && !opt.Quick
	case gateProblem:
		w, ok := d.goal.(Win)
		return ok && w.MaterialMargin > 0 && !opt.Quick && d.n != 0 && d.p.Occupied().Count() <= exactPieces
	case gateRealWin:
		return d.exact != nil
	}
	return true
}

// roundBudget is the budget per move of round x on searcher s.
func (d *decided) roundBudget(s *Searcher, x *phase1Round) uint64 {
	switch {
	case x.fraction > 0:
		if d.n == 0 {
			return 0
		}
		return max(d.n/x.fraction, x.minNodes)
	case x.share > 0:
		return d.share(x.mult, x.share, s.Nodes())
	}
	return x.mult * d.n
}

// share is one move's budget in a round of mult budgets per move that
// shares what is left of total budgets (spent nodes so far) among the
// open moves, and at least one budget.
func (d *decided) share(mult, total, spent uint64) uint64 {
	n := d.n
	return max(min(mult*n, (total*n-spent)/uint64(d.open())), n)
}

// decideRound runs one decide round of the schedule.
func (d *decided) decideRound(s *Searcher, x *phase1Round) {
	b := d.roundBudget(s, x)
	switch {
	case x.retry == Proved:
		d.decideEach(s, b, Proved, func(*firstMoveState, int, Outcome, int) {})
	case x.realWin:
		d.decideEach(s, b, Aborted, func(st *firstMoveState, i int, o Outcome, ub int) {
			switch o {
			case Never:
				st.o, d.exactNever[i] = Never, true
			case Proved:
				st.o, st.dist = Proved, ub+1
			}
		})
	default:
		d.decideEach(s, b, Aborted, func(st *firstMoveState, _ int, o Outcome, ub int) {
			st.o, st.dist = o, ub+1
			if d.draw && o == Proved {
				st.dist = 0
			}
		})
	}
}

// decideEach decides, with s at a budget of b nodes each, the first
// moves whose outcome is now o, in order, and hands each answer to set.
func (d *decided) decideEach(s *Searcher, b uint64, o Outcome, set func(st *firstMoveState, i int, o Outcome, ub int)) {
	old := s.SetNodeBudget(b)
	for i := range d.st {
		x := &d.st[i]
		if x.o != o || d.ctx.Err() != nil {
			continue
		}
		before := s.Nodes()
		got, ub := s.decide(&x.q)
		x.nodes += s.Nodes() - before
		set(x, i, got, ub)
		d.progress()
	}
	s.SetNodeBudget(old)
}

// localAnalysis makes the exact local analysis of the root when the
// reachable set fits, and gives it to the main prover.
func (d *decided) localAnalysis() {
	pv := d.main.prover()
	limit := d.opt.Budget.TTBytes / localBytesPerPosition
	if d.n != 0 {
		limit = min(limit, int(min(max(localBudgets*d.n, localMinPositions), localMaxPositions)))
	}
	limit = int(min(uint64(limit), d.opt.Budget.Work.left()))
	l, visited := AnalyseLocal(d.r, pv.goal, pv.attacker, d.p, limit, d.opt.Budget.Deadline)
	d.main.nodes += visited
	d.opt.Budget.Work.Add(visited)
	if l != nil {
		pv.tt.local = l
		d.local, d.localPositions = true, l.Positions()
	}
}

// makeRealWin makes the real-win searcher, with its own table.
func (d *decided) makeRealWin() {
	eb := d.opt.Budget
	eb.Tables = nil
	eb.TTBytes = max(eb.TTBytes/realWinTTDiv, realWinTTMin)
	d.exact = NewSearcher(d.r, Win{Prober: d.goal.(Win).Prober}, d.attacker, eb)
}
