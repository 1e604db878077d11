// Package lascagraph solves Lasca compositions (rules file 004) with its
// own prover over lasca.Position, behind the same solver.Answer as the checkers variants.
// df-pn and the endgame databases work on draughts.Position only; a Lasca
// composition is small, so the prover enumerates every position reachable
// from the initial one and solves the whole set exactly by retrograde
// propagation, as local.go does for the checkers variants:
//
//   - a position whose side to move has no legal move is lost for that
//     side (004 §2.4 with Russian 6.1.7: it commands no column, or every
//     column it commands is blocked);
//   - the attacker wins a position where it is to move if some move leads
//     to a win, one where the defender is to move if every defence does;
//   - whatever is not a forced win is never one, at any depth (a cycle
//     of positions is a draw by repetition, docs/spec.md §3 theory mode).
//
// The propagation runs in order of distance, so each win gets its exact
// distance in attacker moves (the attacker's shortest, the defender's
// longest), and every first move is decided at any depth: the answer's
// Undecided is always 0. A draw stipulation is the same propagation with
// the roles swapped: the attacker draws where the defender has no forced
// win. Lasca has no move-count draw rules of its own (004 is silent), so
// solver.Options.DrawRules is not read.
//
// Positions are identified by their 64-bit key (lasca.Position.Key): a key
// collision would merge two positions; for a set of 10⁶ positions its
// probability is about 3·10⁻⁸. Memory is about bytesPerPosition a
// position (the key index, the moves both ways); solver.Budget.TTBytes bounds the
// set, and a larger one is answered "unknown" with the reason.
package lascagraph

import (
	"context"
	"fmt"
	"sort"

	"draughtsjudge/draughts"
	"draughtsjudge/draughts/lasca"
	"draughtsjudge/solver"
)

// Goal is the stipulation of a Lasca composition.
type Goal uint8

// Lasca goals.
const (
	Win  Goal = iota // the defender is left without a legal move
	Draw             // the defender cannot force its own win
)

func (g Goal) String() string {
	if g == Draw {
		return "draw"
	}
	return "win"
}

// bytesPerPosition is the measured memory of one position of the
// reachable set: the key index (Go map, about 40 bytes an entry), node
// arrays (16 bytes) and the moves, forward and reverse (8 bytes each, about
// 6 moves a position in composition-sized positions).
const bytesPerPosition = 128

// Graph is the solved reachable set of a Lasca position. Not safe for
// concurrent use.
type Graph struct {
	attacker draughts.Side
	goal     Goal
	index    map[draughts.Key]int32
	side     []draughts.Side // side to move per node
	start    []int32         // first edge of each node
	n        []uint16        // number of moves of each node
	edges    []int32         // children, in move generation order
	won      []bool          // the goal is forced (Win) / the defender wins (Draw)
	dist     []int32         // attacker (defender) moves to the end of a won node
	longest  int32
	nodes    uint64
}

// ErrTooLarge is Build's answer when the reachable set does
// not fit in the memory budget.
type ErrTooLarge struct{ Limit int }

func (e *ErrTooLarge) Error() string {
	return fmt.Sprintf("the Lasca position reaches more than %d positions, over the budget (--mem, --nodes: at most 64 node budgets); Lasca is solved only by enumerating every reachable position", e.Limit)
}

// Build enumerates every position reachable from p and solves
// the set for goal, with attacker the side that must fulfil it. maxPositions
// bounds the set (0: no bound); ctx cancels the enumeration.
func Build(ctx context.Context, p lasca.Position, goal Goal, attacker draughts.Side, maxPositions int) (*Graph, error) {
	g := &Graph{attacker: attacker, goal: goal, index: map[draughts.Key]int32{}}
	g.add(&p)
	// Depth-first with the successors pushed on discovery: the stack holds
	// the unexpanded siblings along one line only, never the whole set.
	type item struct {
		p lasca.Position
		i int32
	}
	stack := []item{{p, 0}}
	var ml lasca.MoveList
	for len(stack) > 0 {
		if len(g.side)&0xFFF == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		lasca.Generate(&it.p, &ml)
		g.nodes += uint64(ml.N) + 1
		g.start[it.i] = int32(len(g.edges))
		g.n[it.i] = uint16(ml.N)
		for _, m := range ml.Slice() {
			q := it.p.Play(m)
			j, ok := g.index[q.Key]
			if !ok {
				if maxPositions > 0 && len(g.side) >= maxPositions {
					return nil, &ErrTooLarge{maxPositions}
				}
				j = g.add(&q)
				stack = append(stack, item{q, j})
			}
			g.edges = append(g.edges, j)
		}
	}
	g.solve()
	return g, nil
}

func (g *Graph) add(p *lasca.Position) int32 {
	i := int32(len(g.side))
	g.index[p.Key] = i
	g.side = append(g.side, p.Side)
	g.start = append(g.start, 0)
	g.n = append(g.n, 0)
	return i
}

// solve is the retrograde propagation. For Win the "winner" is the
// attacker, for Draw the defender (the attacker draws where the
// defender does not win). A node the winner is to move in is won when one
// child is (distance 1 + the child's, the first found is the shortest);
// one the loser is to move in when every child is (distance the largest
// child's, the last found); a node without moves is lost by its side to
// move (distance 0). Buckets by distance keep the order exact.
func (g *Graph) solve() {
	n := len(g.side)
	winner := g.attacker
	if g.goal == Draw {
		winner ^= 1
	}
	// Reverse edges, compressed by node.
	rstart := make([]int32, n+1)
	for _, c := range g.edges {
		rstart[c+1]++
	}
	for i := 1; i <= n; i++ {
		rstart[i] += rstart[i-1]
	}
	redges := make([]int32, len(g.edges))
	fill := append([]int32(nil), rstart[:n]...)
	for i := range n {
		for _, c := range g.edges[g.start[i] : g.start[i]+int32(g.n[i])] {
			redges[fill[c]] = int32(i)
			fill[c]++
		}
	}
	g.won = make([]bool, n)
	g.dist = make([]int32, n)
	left := make([]uint16, n) // loser nodes: children not yet won
	var buckets [][]int32
	push := func(i int32, d int32) {
		g.won[i], g.dist[i] = true, d
		for int(d) >= len(buckets) {
			buckets = append(buckets, nil)
		}
		buckets[d] = append(buckets[d], i)
	}
	for i := range n {
		left[i] = g.n[i]
		if g.n[i] == 0 && g.side[i] != winner {
			push(int32(i), 0)
		}
	}
	for d := 0; d < len(buckets); d++ {
		for k := 0; k < len(buckets[d]); k++ {
			c := buckets[d][k]
			for _, q := range redges[rstart[c]:rstart[c+1]] {
				if g.won[q] {
					continue
				}
				if g.side[q] == winner {
					push(q, int32(d)+1)
				} else if left[q]--; left[q] == 0 {
					push(q, int32(d))
				}
			}
		}
		g.longest = int32(d)
	}
}

// Positions is the size of the reachable set.
func (g *Graph) Positions() int { return len(g.side) }

// Nodes counts the positions and moves generated.
func (g *Graph) Nodes() uint64 { return g.nodes }

// Value is what the graph knows of one position.
type Value struct {
	Known bool // the position is in the reachable set
	// Goal: the attacker fulfils the goal from here (Win: forces the
	// defender out of moves; Draw: the defender never forces a win).
	Goal bool
	// Distance: Win, Goal: attacker moves to the finale.
	Distance int
}

// Value returns the value of p, which must be reachable from the root.
func (g *Graph) Value(p *lasca.Position) Value {
	i, ok := g.index[p.Key]
	if !ok {
		return Value{}
	}
	if g.goal == Draw {
		return Value{Known: true, Goal: !g.won[i]}
	}
	return Value{Known: true, Goal: g.won[i], Distance: int(g.dist[i])}
}

// AfterMove is the value of m in p for the attacker: Goal and, for a win,
// the distance in attacker moves counting m when the attacker moves.
func (g *Graph) AfterMove(p *lasca.Position, m lasca.Move) Value {
	q := p.Play(m)
	v := g.Value(&q)
	if v.Goal && g.goal == Win && p.Side == g.attacker {
		v.Distance++
	}
	return v
}

// Solve answers the goal for the Lasca position p, with attacker the
// side that must fulfil it: the verdict at any depth, every key with its
// exact distance, the tries with every refutation (all hard), and the
// solution tree (at attacker nodes every move that still forces the goal,
// shortest first, the first or the author's expanded; at defender nodes
// every defence). solver.Budget.TTBytes bounds the reachable set; solver.Budget.Deadline
// and ctx stop the enumeration.
func Solve(ctx context.Context, p lasca.Position, goal Goal, attacker draughts.Side, opt solver.Options) solver.Answer {
	ans, _ := SolveGraph(ctx, p, goal, attacker, opt)
	return ans
}

// SolveGraph is Solve, also returning the solved graph (nil when
// the answer is unknown) for the composition checks' queries.
func SolveGraph(ctx context.Context, p lasca.Position, goal Goal, attacker draughts.Side, opt solver.Options) (solver.Answer, *Graph) {
	opt.SetDefaults()
	if !opt.Budget.Deadline.IsZero() {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, opt.Budget.Deadline)
		defer cancel()
	}
	g, err := Build(ctx, p, goal, attacker, Limit(opt.Budget))
	if err != nil {
		reason := err.Error()
		if ctx.Err() != nil {
			reason = "budget spent (time) while enumerating the Lasca positions: " + reason
		}
		return solver.Answer{Verdict: solver.VerdictUnknown, Aborted: true, Reason: reason}, nil
	}
	return g.Answer(p, opt), g
}

// Limit is the largest reachable set Solve enumerates under b:
// the memory budget at bytesPerPosition a position, and at most 64
// node budgets, as the checkers variants' exact local analysis (solver
// doc); 0 (no bound) when both are 0.
func Limit(b solver.Budget) int {
	limit := 0
	if b.TTBytes > 0 {
		limit = max(b.TTBytes/bytesPerPosition, 1000)
	}
	if n := b.Nodes; n > 0 && (limit == 0 || n*64 < uint64(limit)) {
		limit = int(min(n*64, 1<<31-1))
	}
	return limit
}

// Answer is Solve's answer from a graph built from p.
func (g *Graph) Answer(p lasca.Position, opt solver.Options) solver.Answer {
	opt.SetDefaults()
	ans := solver.Answer{Nodes: g.nodes, LocalPositions: g.Positions(), Bound: int(g.longest)}
	root := g.Value(&p)
	if p.Side != g.attacker {
		if root.Goal {
			ans.Verdict, ans.Distance = solver.VerdictProved, root.Distance
			budget := opt.TreeNodes
			ans.Tree = g.tree(p, &budget, opt.Prefer)
		} else {
			ans.Verdict, ans.Reason = solver.VerdictRefuted, "the defender always escapes"
			ans.Refutation = g.refutingLine(p)
		}
		return ans
	}
	ms := lasca.LegalMoves(&p)
	if len(ms) == 0 {
		ans.Verdict, ans.Reason = solver.VerdictRefuted, "the attacker has no legal move"
		return ans
	}
	for _, m := range ms {
		v := g.AfterMove(&p, m)
		f := solver.FirstMove{Move: lasca.MoveString(&p, m)}
		if v.Goal {
			f.Outcome, f.Result, f.Distance = solver.Proved, "win", v.Distance
			if g.goal == Draw {
				f.Result, f.Distance = "draw", 0
			}
			ans.Keys = append(ans.Keys, f)
			continue
		}
		// The graph decides every position: each defence is known, so
		// the refutations listed are all of them.
		f.Outcome, f.Result, f.RefutationsComplete = solver.Never, solver.Never.String(), true
		q := p.Play(m)
		for _, d := range lasca.LegalMoves(&q) {
			if w := g.AfterMove(&q, d); !w.Goal {
				f.Refutations = append(f.Refutations, solver.Refutation{Move: lasca.MoveString(&q, d), Hard: true})
			}
		}
		ans.Tries = append(ans.Tries, f)
	}
	ans.SortFirstMoves()
	if len(ans.Keys) == 0 {
		ans.Verdict = solver.VerdictRefuted
		ans.Reason = "every first move fails: the defender always escapes"
		ans.Refutation = g.refutingLine(p)
		return ans
	}
	ans.Verdict, ans.Distance = solver.VerdictProved, ans.Keys[0].Distance
	budget := opt.TreeNodes
	ans.Tree = g.tree(p, &budget, opt.Prefer)
	return ans
}

// WinningMoves returns every attacker move of p that fulfils the goal,
// with its distance (Win), shortest first.
func (g *Graph) WinningMoves(p *lasca.Position) []solver.Branch {
	var out []solver.Branch
	for _, m := range lasca.LegalMoves(p) {
		if v := g.AfterMove(p, m); v.Goal {
			out = append(out, solver.Branch{Move: lasca.MoveString(p, m), Distance: v.Distance})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Distance != out[j].Distance {
			return out[i].Distance < out[j].Distance
		}
		return draughts.MoveLess(out[i].Move, out[j].Move)
	})
	return out
}

// tree expands the solution tree from p (the goal is fulfilled from p).
// A draw has no finale: its tree is the root's branches only.
func (g *Graph) tree(p lasca.Position, budget *int, prefer []string) *solver.Node {
	*budget--
	v := g.Value(&p)
	n := &solver.Node{FEN: lasca.FEN(&p), Attacker: p.Side == g.attacker, Distance: v.Distance}
	ms := lasca.LegalMoves(&p)
	if len(ms) == 0 {
		n.Finale = !n.Attacker
		return n
	}
	if n.Attacker {
		n.Branches = g.WinningMoves(&p)
		if len(n.Branches) == 0 {
			n.Truncated = true
			return n
		}
		main, next := 0, []string(nil)
		for i, b := range n.Branches {
			if len(prefer) > 0 && b.Move == prefer[0] {
				main, next = i, prefer[1:]
			}
		}
		n.Branches[main].Main = true
		if *budget <= 0 || g.goal == Draw {
			n.Truncated = g.goal != Draw
			return n
		}
		mb := &n.Branches[main]
		if m, err := lasca.ParseMove(&p, mb.Move); err == nil {
			mb.Child = g.tree(p.Play(m), budget, next)
		}
		return n
	}
	if *budget <= 0 || g.goal == Draw {
		n.Truncated = g.goal != Draw
		return n
	}
	for _, m := range ms {
		b := solver.Branch{Move: lasca.MoveString(&p, m)}
		var next []string
		if len(prefer) > 0 && b.Move == prefer[0] {
			b.Main, next = true, prefer[1:]
		}
		b.Child = g.tree(p.Play(m), budget, next)
		b.Distance = b.Child.Distance
		n.Branches = append(n.Branches, b)
	}
	solver.SortDefences(n.Branches)
	return n
}

// refutingLine follows the defender's escapes from p (the goal not
// fulfilled) for a few moves: the attacker's first move, the defender's
// first escape.
func (g *Graph) refutingLine(p lasca.Position) []string {
	var line []string
	for len(line) < 12 {
		ms := lasca.LegalMoves(&p)
		if len(ms) == 0 {
			break
		}
		next := ms[0]
		if p.Side != g.attacker {
			for _, m := range ms {
				if !g.AfterMove(&p, m).Goal {
					next = m
					break
				}
			}
		}
		line = append(line, lasca.MoveString(&p, next))
		p = p.Play(next)
	}
	return line
}
