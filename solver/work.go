package solver

import (
	"math"
	"sync/atomic"
)

// Work is a composition's work budget: one count of nodes
// shared by every search made for the composition (the solve, the
// statists' re-solves, the author's tree, duals, tries, retro-analysis,
// the parts of a special kind), so that the node budget of each search
// also bounds the whole report. Put it in Budget.Work; searchers made
// with that budget count their nodes against it, and a search started
// when less is left than its own budget gets only what is left (none
// once it is spent: the search aborts at its first node, and its answer
// is "budget spent").
//
// Results stay deterministic: the budget is read only when a search
// starts (Refill, SetNodeBudget, a new searcher, Prover.Decide), and
// while first moves are searched on several goroutines (phase 2) it is
// held at the value it had before they started, split equally among
// them; so what each search gets does not depend on Threads or timing.
// Safe for concurrent use.
type Work struct {
	limit uint64 // 0: none
	spent atomic.Uint64
	// held > 0: left returns heldLeft (set by hold, while goroutines run).
	held     atomic.Int32
	heldLeft atomic.Uint64
	cut      atomic.Bool // a search stopped short of its own budget (Cut)
	// stopped: Stop was called; every search aborts within 4096 nodes
	// and a search started later gets no nodes.
	stopped atomic.Bool
	// firstMoves is the progress of the latest search of first moves:
	// decided<<32 | total (FirstMoves).
	firstMoves atomic.Uint64
}

// Stop ends the searches counting against w: each running search aborts
// at its next deadline check (every 4096 nodes), and a search started
// later gets no nodes, so the report is made at once, its searches
// "budget spent". A front end calls it when its user stops a check or
// goes away. Safe to call from any goroutine, more than once.
func (w *Work) Stop() {
	if w != nil {
		w.stopped.Store(true)
	}
}

// Stopped reports whether Stop was called.
func (w *Work) Stopped() bool { return w != nil && w.stopped.Load() }

// FirstMoves returns the progress of the latest search of first moves
// made with w (the solve, or a statist's re-solve): how many of its
// total first moves are decided so far (0, 0 before any).
func (w *Work) FirstMoves() (decided, total int) {
	if w == nil {
		return 0, 0
	}
	v := w.firstMoves.Load()
	return int(v >> 32), int(v & 0xFFFFFFFF)
}

// setFirstMoves records the progress FirstMoves returns.
func (w *Work) setFirstMoves(decided, total int) {
	if w != nil {
		w.firstMoves.Store(uint64(decided)<<32 | uint64(uint32(total)))
	}
}

// NewWork returns a work budget of limit nodes (0: no limit).
func NewWork(limit uint64) *Work { return &Work{limit: limit} }

// Limit returns the work budget in nodes (0: none).
func (w *Work) Limit() uint64 {
	if w == nil {
		return 0
	}
	return w.limit
}

// Spent returns the nodes counted so far.
func (w *Work) Spent() uint64 {
	if w == nil {
		return 0
	}
	return w.spent.Load()
}

// Exhausted reports whether the budget is spent: every later search
// aborts at once.
func (w *Work) Exhausted() bool {
	return w != nil && w.limit != 0 && w.spent.Load() >= w.limit
}

// Add counts n nodes of work done outside a searcher.
func (w *Work) Add(n uint64) {
	if w != nil {
		w.spent.Add(n)
	}
}

// left is what a search starting now may spend (math.MaxUint64: no
// limit).
func (w *Work) left() uint64 {
	if w != nil && w.stopped.Load() {
		return 0
	}
	if w == nil || w.limit == 0 {
		return math.MaxUint64
	}
	if w.held.Load() > 0 {
		return w.heldLeft.Load()
	}
	if s := w.spent.Load(); s < w.limit {
		return w.limit - s
	}
	return 0
}

// hold fixes what each of k searches about to run concurrently gets: an
// equal part of what is left now, until release.
func (w *Work) hold(k int) {
	if w == nil || w.limit == 0 {
		return
	}
	l := w.left()
	w.heldLeft.Store(l / uint64(max(k, 1)))
	w.held.Add(1)
}

// release ends a hold.
func (w *Work) release() {
	if w == nil || w.limit == 0 {
		return
	}
	w.held.Add(-1)
}

// stop records that a search whose own budget is own (0: none) ran out
// of limit nodes: when limit is less than own, the work budget cut it.
func (w *Work) stop(own, limit uint64) {
	if w != nil && (own == 0 || limit < own) {
		w.cut.Store(true)
	}
}

// capNodes is a search's node limit: its own budget n (0: none) and at
// most what the work budget has left.
func (w *Work) capNodes(n uint64) uint64 {
	if n == 0 {
		n = math.MaxUint64
	}
	return min(n, w.left())
}

// WorkFactor and WorkFloor make a composition's work budget from the node
// budget of each search N: WorkFactor × N + WorkFloor nodes (WorkLimit).
// The floor covers the fixed minimum sizes some searches have whatever N
// is (the exact local analysis' 2,000,000 positions, the solution tree's
// 20,000 nodes per dual search, phase 1's 1000 nodes per first move), so
// that the published compositions are never cut at a small --nodes either
// (at --nodes 5000, bench's budget, Vitoshkin's study spends 22.6M nodes,
// 4516 N; at 20000, 36.3M).
const (
	WorkFactor = 1024
	WorkFloor  = 64 << 20
)

// WorkLimit is the work budget of a composition whose searches have n
// nodes each: WorkFactor × n + WorkFloor, 0 (none) when n is 0.
func WorkLimit(n uint64) uint64 {
	if n == 0 {
		return 0
	}
	if n > (math.MaxUint64-WorkFloor)/WorkFactor {
		return math.MaxUint64
	}
	return WorkFactor*n + WorkFloor
}

// Cut reports whether some search was stopped by the work budget (it got
// less than its own budget and spent it).
func (w *Work) Cut() bool { return w != nil && w.cut.Load() }
