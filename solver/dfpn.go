package solver

import (
	"time"

	"draughtsjudge/draughts"
)

// Prover decides, at any depth, whether the attacker can force the goal
// from a position: Proved (it wins, however long it takes), Never (it
// never wins: the defender escapes, by reaching a position the goal or
// the endgame database fails, or by repeating positions forever) or
// Aborted (budget spent). It is phase 1 of Solve; exact distances come
// from the bounded Searcher on the moves proved winning (phase 2).
//
// # Algorithm
//
// Depth-first proof-number search, df-pn (Nagai 2002, "Df-pn algorithm
// for searching AND/OR trees and its applications", PhD thesis, Univ. of
// Tokyo), with the df-pn+ initial numbers (a new attacker node gets
// pn = 1, dn = its number of moves; a defender node pn = its number of
// moves, dn = 1: forced captures are cheap to prove) and the 1+ε
// threshold of Pawlewicz & Lew (2007) against thrashing. Leaves are
// decided by the goal (Goal.Eval), which reads the endgame databases.
//
// # Repetitions (the graph-history interaction)
//
// In theory mode a repetition is a draw, so for the attacker it is a
// failure: a child that repeats a position on the current path counts as
// disproved. Such a disproof is true for the position repeated but not
// necessarily for the positions between (reached by another path they
// could win), so every disproof carries the lowest path index it rests
// on, and a node's disproof is stored as a fact only when it rests on
// nothing above the node itself (Kishimoto & Müller 2004, "A general
// solution to the graph history interaction problem", simplified to
// this one-sided case). Proofs never rest on a repetition (a repeated
// child is a disproof), so every proof is stored. Why the answer at the
// search root is exact: if the attacker can force the goal from a
// position of rank r (r attacker moves with best play), the winning
// strategy moves to ever lower ranks, so it never meets a position of
// the current path (their ranks are higher) and the search, which never
// believes a false disproof, finds it.
//
// # Determinism
//
// A Prover and its table are used by one goroutine; Solve runs the
// searches of one composition in a fixed order, so answers and node
// counts do not depend on --threads.
type Prover struct {
	r        *draughts.Rules
	goal     Goal
	attacker draughts.Side
	tt       *PNTable
	budget   Budget
	nodes    uint64
	base     uint64
	limit    uint64 // nodes after base: the budget, capped by the work budget
	aborted  bool
	// path[i] is the position at ply i of the current line, irrev[i] the
	// ply of the last irreversible move (capture or man move) before it:
	// only positions after it can repeat.
	path   []draughts.Position
	irrev  []int
	frames []*pnFrame
	ml     draughts.MoveList
}

// pnFrame holds one expanded node's children; frames are reused per ply.
type pnFrame struct {
	moves []draughts.Move
	kids  []draughts.Position
	pn    []uint32
	dn    []uint32
	rep   []deps // the path positions a child's disproof rests on
	dist  []int
	irr   []bool // the move to the child is irreversible
}

// deps is the set of path indices a disproof rests on: positions above
// it on the current path that its lines repeat. At most 4 are kept; an
// overflowed set keeps only its lowest index (enough to tell whether it
// rests on anything above a node, not enough to store it).
type deps struct {
	n        int8 // -1: overflowed
	idx      [4]int32
	lowIndex int32
}

var noDeps = deps{lowIndex: noRep}

func depOn(i int) deps { return deps{n: 1, idx: [4]int32{int32(i)}, lowIndex: int32(i)} }

func (d deps) none() bool { return d.n == 0 }

// union returns d ∪ e.
func (d deps) union(e deps) deps {
	if e.n == 0 {
		return d
	}
	if d.n == 0 {
		return e
	}
	out := d
	out.lowIndex = min(d.lowIndex, e.lowIndex)
	if d.n < 0 || e.n < 0 {
		out.n = -1
		return out
	}
	for _, x := range e.idx[:e.n] {
		have := false
		for _, y := range out.idx[:out.n] {
			have = have || x == y
		}
		if have {
			continue
		}
		if out.n == 4 {
			out.n = -1
			return out
		}
		out.idx[out.n] = x
		out.n++
	}
	return out
}

// above drops the indices at ply and below (the node itself and its
// subtree): what remains is what the node's disproof rests on.
func (d deps) above(ply int) deps {
	if d.n == 0 || int(d.lowIndex) >= ply {
		return noDeps
	}
	if d.n < 0 {
		return d
	}
	out := deps{lowIndex: noRep}
	for _, x := range d.idx[:d.n] {
		if int(x) < ply {
			out.idx[out.n] = x
			out.n++
			out.lowIndex = min(out.lowIndex, x)
		}
	}
	return out
}

// size orders dependency sets for the defender's choice: none best.
func (d deps) size() int {
	if d.n < 0 {
		return 5
	}
	return int(d.n)
}

const noRep = 1 << 30

// NewProver makes a df-pn prover for goal, attacker the side that must
// fulfil it, with table tt (nil: a new one of b.TTBytes, 64 MiB if 0).
// The game draw rules are not applied (theory mode only).
func NewProver(r *draughts.Rules, goal Goal, attacker draughts.Side, b Budget, tt *PNTable) *Prover {
	if tt == nil {
		if b.TTBytes == 0 {
			b.TTBytes = 64 << 20
		}
		tt = NewPNTable(b.TTBytes)
	}
	return &Prover{r: r, goal: goal, attacker: attacker, tt: tt, budget: b}
}

// Table returns the prover's table.
func (pv *Prover) Table() *PNTable { return pv.tt }

// Nodes returns the positions visited (moves generated) so far.
func (pv *Prover) Nodes() uint64 { return pv.nodes }

// SetNodeBudget changes the node budget of later searches (0: none) and
// returns the previous one.
func (pv *Prover) SetNodeBudget(n uint64) uint64 {
	old := pv.budget.Nodes
	pv.budget.Nodes = n
	return old
}

func (pv *Prover) tick() bool {
	pv.nodes++
	if pv.nodes-pv.base > pv.limit {
		pv.aborted = true
		pv.budget.Work.stop(pv.budget.Nodes, pv.limit)
	} else if pv.budget.Work != nil {
		pv.budget.Work.spent.Add(1)
	}
	if pv.nodes&4095 == 0 && (pv.budget.Work.Stopped() || !pv.budget.Deadline.IsZero() && time.Now().After(pv.budget.Deadline)) {
		pv.aborted = true
	}
	return pv.aborted
}

// Decide answers whether the attacker forces the goal from p at any
// depth, with a fresh node budget: Proved (dist: attacker moves of the
// proof found, an upper bound on the exact distance), Never, or Aborted.
func (pv *Prover) Decide(p draughts.Position) (Outcome, int) {
	pv.base = pv.nodes
	pv.limit = pv.budget.Work.capNodes(pv.budget.Nodes)
	pv.aborted = !pv.budget.Deadline.IsZero() && time.Now().After(pv.budget.Deadline)
	if pv.aborted {
		return Aborted, 0
	}
	pv.path = append(pv.path[:0], p)
	pv.irrev = append(pv.irrev[:0], 0)
	pn, dn, _, dist := pv.leaf(&p, 0, -1)
	if pn != 0 && dn != 0 && pv.budget.Nodes != 0 && pv.tt.spent != nil {
		if b, ok := pv.tt.spent[idOf(&p)]; ok && b >= pv.limit && pv.tt.local == nil {
			return Aborted, 0 // the same budget failed here before
		}
	}
	for pn != 0 && dn != 0 && !pv.aborted {
		pn, dn, _, dist = pv.mid(p, pnInf, pnInf, 0)
	}
	switch {
	case pn == 0:
		return Proved, dist
	case dn == 0:
		return Never, 0
	}
	if pv.budget.Nodes != 0 {
		if pv.tt.spent == nil {
			pv.tt.spent = map[posID]uint64{}
		}
		pv.tt.spent[idOf(&p)] = max(pv.tt.spent[idOf(&p)], pv.limit)
	}
	return Aborted, 0
}

// leaf returns the numbers of p from the table, or evaluates it (one
// node): the goal's verdict, else the df-pn+ initial numbers, which it
// stores as an unexpanded entry (PNTable.storeLeaf). A
// conditional disproof (one that rests on positions of some search path)
// is taken when each of those positions is on the current path between
// indices lo and hi (hi < lo: p was reached by an irreversible move, so
// it can repeat nothing above it).
func (pv *Prover) leaf(p *draughts.Position, lo, hi int) (pn, dn uint32, d deps, dist int) {
	if l := pv.tt.local; l != nil {
		if won, dist, ok := l.Lookup(p); ok {
			if won {
				return 0, pnInf, noDeps, dist
			}
			return pnInf, 0, noDeps, 0
		}
	}
	e := pv.tt.probe(p)
	if e != nil && e.final() {
		return e.pn, e.dn, noDeps, e.dist()
	}
	if hi >= lo {
		if c, ok := pv.tt.condOf(p); ok {
			if d, ok := pv.onPath(c, lo, hi); ok {
				return pnInf, 0, d, 0
			}
		}
	}
	if e != nil {
		return e.pn, e.dn, noDeps, 0
	}
	pv.tick()
	draughts.Generate(p, pv.r, &pv.ml)
	switch st, d := pv.goal.Eval(*p, pv.r, pv.attacker, &pv.ml); st {
	case Done:
		pv.tt.store(p, 0, pnInf, 0, d)
		return 0, pnInf, noDeps, d
	case Failed:
		pv.tt.store(p, pnInf, 0, 0, 0)
		return pnInf, 0, noDeps, 0
	}
	// The initial numbers are kept too (where a slot is free): a node
	// is expanded again and again as the thresholds grow, and without
	// them each time its unexpanded children were generated and
	// evaluated anew, about half of all nodes of the long disproofs
	// (docs/performance.md "Vitoshkin's try 42-47").
	pn, dn = uint32(pv.ml.N), 1
	if p.Side == pv.attacker {
		pn, dn = 1, uint32(pv.ml.N)
	}
	pv.tt.storeLeaf(p, pn, dn)
	return pn, dn, noDeps, 0
}

// onPath finds the positions of a conditional disproof on the current
// path between lo and hi and returns their indices.
func (pv *Prover) onPath(c condEntry, lo, hi int) (deps, bool) {
	d := noDeps
	for _, k := range c.keys[:c.n] {
		found := -1
		for i := hi; i >= lo; i-- {
			if pv.path[i].Key == k {
				found = i
				break
			}
		}
		if found < 0 {
			return noDeps, false
		}
		d = d.union(depOn(found))
	}
	return d, true
}

func (pv *Prover) frame(ply int) *pnFrame {
	for len(pv.frames) <= ply {
		pv.frames = append(pv.frames, &pnFrame{})
	}
	return pv.frames[ply]
}

// repeats returns the path index of an earlier occurrence of q, a child
// of the node at ply reached by a reversible move, or -1.
func (pv *Prover) repeats(q *draughts.Position, ply int) int {
	for i := ply; i >= pv.irrev[ply]; i-- {
		// The full compare settles hash collisions.
		if e := &pv.path[i]; e.Key == q.Key && e.Pieces == q.Pieces && e.Kings == q.Kings && e.Side == q.Side {
			return i
		}
	}
	return -1
}

func satAdd(a, b uint32) uint32 {
	if a >= pnInf || b >= pnInf {
		return pnInf
	}
	return min(a+b, pnInf-1)
}

// mid is df-pn's multiple iterative deepening at p (the node at ply):
// it searches until p's proof number reaches thpn or its disproof number
// thdn, and returns p's numbers, the path positions above p a disproof
// rests on and, when proved, the attacker moves of the proof.
func (pv *Prover) mid(p draughts.Position, thpn, thdn uint32, ply int) (uint32, uint32, deps, int) {
	startNodes := pv.nodes
	attack := p.Side == pv.attacker
	f := pv.frame(ply)
	pv.tick()
	draughts.Generate(&p, pv.r, &pv.ml)
	f.moves = append(f.moves[:0], pv.ml.Slice()...)
	n := len(f.moves)
	f.kids, f.irr = f.kids[:0], f.irr[:0]
	f.pn, f.dn, f.rep, f.dist = f.pn[:0], f.dn[:0], f.rep[:0], f.dist[:0]
	for _, m := range f.moves {
		f.kids = append(f.kids, p.Play(m))
		f.irr = append(f.irr, irreversible(&p, m))
	}
	pv.tt.touch(f.kids)
	// window returns the path indices child i could repeat: lo..hi.
	window := func(i int) (int, int) {
		if f.irr[i] {
			return ply + 1, ply
		}
		return pv.irrev[ply], ply
	}
	for i := 0; i < n; i++ {
		q := &f.kids[i]
		if !f.irr[i] {
			if r := pv.repeats(q, ply); r >= 0 {
				f.pn, f.dn, f.rep, f.dist = append(f.pn, pnInf), append(f.dn, 0), append(f.rep, depOn(r)), append(f.dist, 0)
				continue
			}
		}
		lo, hi := window(i)
		cpn, cdn, cd, d := pv.leaf(q, lo, hi)
		f.pn, f.dn, f.rep, f.dist = append(f.pn, cpn), append(f.dn, cdn), append(f.rep, cd), append(f.dist, d)
		if attack && cpn == 0 || !attack && cdn == 0 && cd.none() {
			break // decided by this child: the rest need not be looked at
		}
	}
	for len(f.pn) < n { // children not evaluated after a deciding one
		f.pn, f.dn, f.rep, f.dist = append(f.pn, 1), append(f.dn, 1), append(f.rep, noDeps), append(f.dist, 0)
	}
	var pn, dn uint32
	for {
		// The node's numbers: attacker (OR) min pn, sum dn; defender
		// (AND) sum pn, min dn.
		best, second := -1, pnInf
		if attack {
			pn, dn = pnInf, 0
			for i := 0; i < n; i++ {
				dn = satAdd(dn, f.dn[i])
				if f.pn[i] < pn {
					second, pn, best = pn, f.pn[i], i
				} else if f.pn[i] < second {
					second = f.pn[i]
				}
			}
		} else {
			pn, dn = 0, pnInf
			for i := 0; i < n; i++ {
				pn = satAdd(pn, f.pn[i])
				if f.dn[i] < dn {
					second, dn, best = dn, f.dn[i], i
				} else if f.dn[i] < second {
					second = f.dn[i]
				}
			}
		}
		if pn == 0 || dn == 0 || pn >= thpn || dn >= thdn || pv.aborted {
			break
		}
		var cth, cthOther uint32
		eps := second + second/4 + 1
		if second >= pnInf {
			eps = pnInf
		}
		if attack {
			cth = min(thpn, eps)
			cthOther = thdn - (dn - f.dn[best]) // dn < thdn, so no underflow
		} else {
			cth = min(thdn, eps)
			cthOther = thpn - (pn - f.pn[best])
		}
		q := f.kids[best]
		pv.path = append(pv.path[:ply+1], q)
		ir := pv.irrev[ply]
		if f.irr[best] {
			ir = ply + 1
		}
		pv.irrev = append(pv.irrev[:ply+1], ir)
		var cpn, cdn uint32
		var crep deps
		var cd int
		if attack {
			cpn, cdn, crep, cd = pv.mid(q, cth, cthOther, ply+1)
		} else {
			cpn, cdn, crep, cd = pv.mid(q, cthOther, cth, ply+1)
		}
		f.pn[best], f.dn[best], f.rep[best], f.dist[best] = cpn, cdn, crep, cd
		// Transpositions may have decided other children meanwhile.
		for i := 0; i < n; i++ {
			if i == best || f.pn[i] == 0 || f.dn[i] == 0 {
				continue
			}
			if e := pv.tt.probe(&f.kids[i]); e != nil {
				f.pn[i], f.dn[i], f.dist[i] = e.pn, e.dn, e.dist()
			}
		}
	}
	// The proof's length and the disproof's dependence on the path.
	rep, dist := noDeps, 0
	switch {
	case pn == 0 && attack:
		dist = noRep
		for i := 0; i < n; i++ {
			if f.pn[i] == 0 && f.dist[i]+1 < dist {
				dist = f.dist[i] + 1
			}
		}
	case pn == 0:
		for i := 0; i < n; i++ {
			dist = max(dist, f.dist[i])
		}
	case dn == 0 && attack:
		for i := 0; i < n; i++ {
			rep = rep.union(f.rep[i])
		}
	case dn == 0:
		bestSize := 6
		for i := 0; i < n; i++ {
			if f.dn[i] == 0 && f.rep[i].size() < bestSize {
				rep, bestSize = f.rep[i], f.rep[i].size()
			}
		}
	}
	rep = rep.above(ply) // what rests on this node and below is a fact about it
	work := uint32(min(pv.nodes-startNodes, uint64(pnInf)))
	switch {
	case pv.aborted && pn != 0 && dn != 0:
		// Leave the table as it is.
	case dn == 0 && !rep.none():
		// A disproof that rests on positions above it on the path is a
		// fact only while they are on the path: kept as a conditional
		// disproof with their keys (when there are at most 4).
		if rep.n > 0 {
			c := condEntry{n: rep.n}
			for i, x := range rep.idx[:rep.n] {
				c.keys[i] = pv.path[x].Key
			}
			pv.tt.storeCond(&p, c)
		}
	default:
		pv.tt.store(&p, pn, dn, work, dist)
	}
	return pn, dn, rep, dist
}

// irreversible reports whether m can never be undone: a capture or a man
// move. Positions before it can never occur again.
func irreversible(p *draughts.Position, m draughts.Move) bool {
	return m.IsCapture() || !p.Kings.Has(m.From)
}
