package solver

import (
	"time"

	"draughtsjudge/draughts"
)

// Outcome of a bounded search.
type Outcome uint8

// Outcomes.
const (
	NotWithin Outcome = iota // not forced within the bound (may be forced later)
	Proved                   // forced within the bound
	Never                    // never forced: a hard refutation
	Aborted                  // budget spent
)

func (o Outcome) String() string {
	return [...]string{"no win within bound", "win", "never", "budget spent"}[o]
}

// MaxDepth is the longest bound, in attacker moves, any search uses.
const MaxDepth = 120

// Budget limits one search. Zero fields mean no limit.
type Budget struct {
	Nodes    uint64    // nodes per search (per first move at the root)
	Deadline time.Time // wall-clock limit
	TTBytes  int       // transposition table size
	// Tables are the composition's proof-number tables, shared by all its
	// searches (nil: each searcher makes its own). Not for concurrent use.
	Tables *Tables
	// Work is the composition's work budget, shared by all its searches
	// (nil: none; work.go).
	Work *Work
}

// Searcher is one bounded AND/OR search. Not safe for concurrent use.
type Searcher struct {
	r        *draughts.Rules
	goal     Goal
	attacker draughts.Side
	tt       *tt
	budget   Budget
	nodes    uint64
	base     uint64 // nodes at the last Refill
	limit    uint64 // nodes after base: the budget, capped by the work budget
	aborted  bool
	stack    []draughts.MoveList
	// game: apply the move-count draw rules; cnt[ply] are the counters of
	// the node at ply (cnt[0]: the search root's, see SetRootCounters).
	game bool
	cnt  []counters
	// pv is phase 1 (df-pn, theory mode only; made on first use); pnt
	// is its table when it decides the searcher's own goal (not a draw),
	// read by the bounded search for proofs and disproofs.
	pv      *Prover
	pnt     *PNTable
	inexact bool // the last Distance returned a proof's length, not the exact distance
}

// NewSearcher makes a searcher for goal with attacker as the side that must
// fulfil it.
func NewSearcher(r *draughts.Rules, goal Goal, attacker draughts.Side, b Budget) *Searcher {
	if b.TTBytes == 0 {
		b.TTBytes = 64 << 20
	}
	// The bounded search's own table: more than two slots per node of its
	// budget is never filled (16 MiB at least).
	idBytes := b.TTBytes
	if b.Nodes != 0 {
		idBytes = min(idBytes, max(int(min(b.Nodes, 1<<40))*64, 16<<20))
	}
	s := &Searcher{r: r, goal: goal, attacker: attacker, tt: newTT(idBytes), budget: b,
		stack: make([]draughts.MoveList, 2*MaxDepth+4), cnt: make([]counters, 2*MaxDepth+5)}
	s.limit = b.Work.capNodes(b.Nodes)
	return s
}

// SetDrawRules chooses theory (default) or game draw rules.
func (s *Searcher) SetDrawRules(d DrawRules) { s.game = d == Game }

// StartAfter makes the game-rule counts of the next searches start after
// m is played in p (the move that led to the position searched).
func (s *Searcher) StartAfter(p *draughts.Position, m draughts.Move) { s.afterMove(p, m) }

// afterMove sets the root counters to those after m is played in p (the
// move that led to the search root), so game-rule counts include it.
func (s *Searcher) afterMove(p *draughts.Position, m draughts.Move) {
	s.cnt[0] = counters{}.next(p, m)
}

// Nodes returns the number of positions visited so far.
func (s *Searcher) Nodes() uint64 { return s.nodes }

// Refill grants a fresh node budget (the deadline stays; at most what
// the work budget has left) and clears the aborted state; the table is
// kept.
func (s *Searcher) Refill() {
	s.base = s.nodes
	s.limit = s.budget.Work.capNodes(s.budget.Nodes)
	s.aborted = s.budget.Deadline.IsZero() == false && time.Now().After(s.budget.Deadline)
}

// SetNodeBudget changes the node budget of later searches (0: none) and
// returns the previous one.
func (s *Searcher) SetNodeBudget(n uint64) uint64 {
	old := s.budget.Nodes
	s.budget.Nodes = n
	s.limit = s.budget.Work.capNodes(n)
	return old
}

// Aborted reports whether the budget ran out.
func (s *Searcher) Aborted() bool { return s.aborted }

func (s *Searcher) tick() bool {
	s.nodes++
	if s.nodes-s.base > s.limit {
		s.aborted = true
		s.budget.Work.stop(s.budget.Nodes, s.limit)
	} else if s.budget.Work != nil {
		s.budget.Work.spent.Add(1)
	}
	if s.nodes&4095 == 0 && (s.budget.Work.Stopped() || !s.budget.Deadline.IsZero() && time.Now().After(s.budget.Deadline)) {
		s.aborted = true
	}
	return s.aborted
}

// Solve reports whether the goal is forced from p within d attacker moves;
// dist is an upper bound on the distance when it is. Use Distance for the
// exact shortest distance.
func (s *Searcher) Solve(p *draughts.Position, d int) (Outcome, int) {
	if d > MaxDepth {
		d = MaxDepth
	}
	if p.Side == s.attacker {
		return s.attack(p, d, 0)
	}
	return s.defend(p, d, 0)
}

// Distance returns the shortest distance (attacker moves) of a forced goal
// from p. In theory mode it first decides at any depth (phase 1, the
// df-pn Prover): Never is then a proof that the goal is never forced, and
// a proved goal gets its exact distance by iterative deepening up to the
// proof's length, whatever hi is (phase 2; when that runs out of budget
// the proof's length is returned and DistanceIsBound reports it; a draw
// has distance 0). Only when phase 1 spends its budget, or under the game
// draw rules, is the search bounded by hi. Outcome is Proved, Never,
// NotWithin (none within hi, not decided) or Aborted.
func (s *Searcher) Distance(p *draughts.Position, hi int) (Outcome, int) {
	s.inexact = false
	if !s.game {
		o, ub := s.decide(p)
		switch o {
		case Never:
			return Never, 0
		case Proved:
			if _, draw := s.goal.(Draw); draw {
				return Proved, 0
			}
			s.Refill()
			if o, d := s.distanceID(p, ub); o == Proved {
				return Proved, d
			}
			s.inexact = true
			return Proved, ub
		}
		s.Refill()
	}
	return s.distanceID(p, hi)
}

// DistanceIsBound reports whether the last Distance returned the length
// of a proof (an upper bound) because the exact search spent its budget.
func (s *Searcher) DistanceIsBound() bool { return s.inexact }

// prover returns phase 1's prover (nil under the game draw rules). A
// draw is decided as "the defender never wins".
func (s *Searcher) prover() *Prover {
	if s.game {
		return nil
	}
	if s.pv == nil {
		goal, att := s.goal, s.attacker
		d, draw := goal.(Draw)
		if draw {
			goal, att = defenderWin(s.r, d.Prober), s.attacker^1
		}
		var t *PNTable
		if s.budget.Tables != nil {
			t = s.budget.Tables.For(goal, att)
		} else {
			t = NewPNTable(max(s.budget.TTBytes/2, 4<<20))
		}
		s.pv = NewProver(s.r, goal, att, s.budget, t)
		if !draw {
			s.pnt = t
		}
	}
	return s.pv
}

// decide is phase 1 for p in the stipulation's terms, with a fresh node
// budget: Proved (dist: the proof's length, an upper bound), Never or
// Aborted (also under the game draw rules, where it does not apply).
func (s *Searcher) decide(p *draughts.Position) (Outcome, int) {
	pv := s.prover()
	if pv == nil {
		return Aborted, 0
	}
	pv.budget.Nodes, pv.budget.Deadline = s.budget.Nodes, s.budget.Deadline
	before := pv.nodes
	o, ub := pv.Decide(*p)
	s.nodes += pv.nodes - before
	if _, draw := s.goal.(Draw); draw {
		switch o {
		case Proved:
			return Never, 0 // the defender wins
		case Never:
			return Proved, 0
		}
	}
	return o, ub
}

// known is what phase 1's table already holds about p, in the
// stipulation's terms: Proved, Never or NotWithin (nothing).
func (s *Searcher) known(p *draughts.Position) Outcome {
	if s.prover() == nil {
		return NotWithin
	}
	o, _ := s.pv.tt.Decided(p)
	if _, draw := s.goal.(Draw); draw {
		switch o {
		case Proved:
			return Never
		case Never:
			return Proved
		}
	}
	return o
}

// distanceID is iterative deepening on bounds 0..hi.
func (s *Searcher) distanceID(p *draughts.Position, hi int) (Outcome, int) {
	for d := 0; d <= hi; d++ {
		o, dist := s.Solve(p, d)
		if o != NotWithin {
			if o == Proved {
				return Proved, dist
			}
			return o, 0
		}
	}
	return NotWithin, 0
}

// enter is the common start of attack and defend: the budget, the moves
// of p, the goal's verdict and the table's facts. When decided, (o, dist)
// is the node's answer.
func (s *Searcher) enter(p *draughts.Position, d, ply int) (ml *draughts.MoveList, o Outcome, dist int, decided bool) {
	if s.tick() {
		return nil, Aborted, 0, true
	}
	ml = &s.stack[ply]
	draughts.Generate(p, s.r, ml)
	st, dist := Open, 0
	c := s.cnt[ply]
	if s.game {
		window, drawn := gameWindow(s.r, p, c)
		if drawn && ml.N > 0 {
			// Drawn by a move-count rule: fulfils a draw, fails the rest.
			if _, ok := s.goal.(Draw); ok {
				return ml, Proved, 0, true
			}
			return ml, Never, 0, true
		}
		if wg, ok := s.goal.(windowGoal); ok {
			st, dist = wg.evalWindow(*p, s.r, s.attacker, ml, window)
		} else {
			st, dist = s.goal.Eval(*p, s.r, s.attacker, ml)
		}
	} else {
		st, dist = s.goal.Eval(*p, s.r, s.attacker, ml)
	}
	switch st {
	case Done:
		if dist <= d {
			return ml, Proved, dist, true
		}
		return ml, NotWithin, 0, true
	case Failed:
		return ml, Never, 0, true
	}
	if d == 0 {
		if p.Side != s.attacker && doneOnAttackerTurn(s.goal, s.r) {
			// A giveaway goal is fulfilled on the attacker's turn: the
			// defender's reply (a forced capture) may end it with no
			// attacker move left to make.
			return ml, 0, 0, false
		}
		// Leaves: only a hard fact could change the answer, and leaves
		// are most nodes; the table is left to inner nodes (measured:
		// see the commit message).
		return ml, NotWithin, 0, true
	}
	if s.pnt != nil && s.pnt.local != nil {
		if won, dist, ok := s.pnt.local.Lookup(p); ok {
			switch {
			case !won:
				return ml, Never, 0, true
			case dist <= d:
				return ml, Proved, dist, true
			}
			return ml, NotWithin, 0, true
		}
	}
	if s.pnt != nil {
		// Phase 1's facts: a disproof, or a proof whose length fits.
		if e := s.pnt.probe(p); e != nil {
			switch {
			case e.dn == 0:
				return ml, Never, 0, true
			case e.pn == 0 && e.dist() <= d:
				return ml, Proved, e.dist(), true
			}
		}
	}
	e := s.tt.probe(p, c)
	switch {
	case e.hard:
		return ml, Never, 0, true
	case e.win != 0 && int(e.win)-1 <= d:
		return ml, Proved, int(e.win) - 1, true
	case d == 0 || int(e.noWin) >= d:
		return ml, NotWithin, 0, true
	}
	return ml, 0, 0, false
}

// attack: the attacker is to move in p, with at most d moves to go.
func (s *Searcher) attack(p *draughts.Position, d, ply int) (Outcome, int) {
	ml, o, dist, decided := s.enter(p, d, ply)
	if decided {
		return o, dist
	}
	if d >= 3 {
		s.order(p, ml, &s.stack[ply+1])
	}
	allNever := true
	for i := 0; i < ml.N; i++ {
		q := p.Play(ml.Moves[i])
		if s.game {
			s.cnt[ply+1] = s.cnt[ply].next(p, ml.Moves[i])
		}
		o, dist := s.defend(&q, d-1, ply+1)
		switch o {
		case Proved:
			s.tt.store(p, s.cnt[ply], uint8(dist+2), 0, false)
			return Proved, dist + 1
		case Aborted:
			return Aborted, 0
		case NotWithin:
			allNever = false
		}
	}
	if allNever {
		s.tt.store(p, s.cnt[ply], 0, 0, true)
		return Never, 0
	}
	s.tt.store(p, s.cnt[ply], 0, uint8(d), false)
	return NotWithin, 0
}

// defend: the defender is to move in p; the attacker has d moves to go
// after this defence.
func (s *Searcher) defend(p *draughts.Position, d, ply int) (Outcome, int) {
	ml, o, dist, decided := s.enter(p, d, ply)
	if decided {
		return o, dist
	}
	worst := 0
	result := Proved
	for i := 0; i < ml.N; i++ {
		q := p.Play(ml.Moves[i])
		if s.game {
			s.cnt[ply+1] = s.cnt[ply].next(p, ml.Moves[i])
		}
		o, dist := s.attack(&q, d, ply+1)
		switch o {
		case Never:
			s.tt.store(p, s.cnt[ply], 0, 0, true)
			return Never, 0
		case Aborted:
			return Aborted, 0
		case NotWithin:
			// One defence holds within the bound; keep looking only for a
			// hard refutation is not worth the nodes.
			result = NotWithin
		case Proved:
			if dist > worst {
				worst = dist
			}
		}
		if result == NotWithin {
			break
		}
	}
	if result == NotWithin {
		s.tt.store(p, s.cnt[ply], 0, uint8(d), false)
		return NotWithin, 0
	}
	s.tt.store(p, s.cnt[ply], uint8(worst+1), 0, false)
	return Proved, worst
}

// order sorts the attacker's moves so that moves leaving the defender the
// fewest replies come first (the "checks first" heuristic of mate solvers;
// in draughts: sacrifices that force a capture). Stable, so deterministic.
func (s *Searcher) order(p *draughts.Position, ml, scratch *draughts.MoveList) {
	if ml.N < 2 {
		return
	}
	var keys [draughts.MaxMoves]int32
	for i := 0; i < ml.N; i++ {
		q := p.Play(ml.Moves[i])
		draughts.Generate(&q, s.r, scratch)
		keys[i] = int32(scratch.N)
	}
	// insertion sort (lists are short)
	for i := 1; i < ml.N; i++ {
		m, k := ml.Moves[i], keys[i]
		j := i - 1
		for j >= 0 && keys[j] > k {
			ml.Moves[j+1], keys[j+1] = ml.Moves[j], keys[j]
			j--
		}
		ml.Moves[j+1], keys[j+1] = m, k
	}
}
