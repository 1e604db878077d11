package solver

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"golang.org/x/sync/errgroup"

	"draughtsjudge/draughts"
)

// Options tune Solve.
type Options struct {
	Budget Budget
	// MaxBound is the longest win searched for, in attacker moves
	// (default 40).
	MaxBound int
	// Slack is how many attacker moves beyond the shortest win other
	// first moves and duals are searched (default 4): a cook or dual
	// longer than the author's solution by more than Slack is not seen,
	// and reports give the bound.
	Slack int
	// Threads shares first moves out over goroutines (default 1). Results
	// do not depend on it.
	Threads int
	// TreeNodes caps the solution tree (default 300 nodes).
	TreeNodes int
	// DrawRules: Theory (default) or Game (move-count draw rules).
	DrawRules DrawRules
	// Prefer is the author's main line (move texts as MoveString writes
	// them): the tree follows it as its main line wherever its attacker
	// moves still force the goal, instead of the shortest moves. It
	// changes only the tree, not the verdict or the keys.
	Prefer []string
	// Quick leaves out phase 1's large rounds (8 and 64 budgets per first
	// move) and so answers within a few budgets: for the many re-solves
	// of the statist test, where a first move left undecided is searched
	// to the bound as before.
	Quick bool
	// AnyDepth: the answer needs every first move decided at any depth
	// (a study, ending or task, where a bounded "no win" leaves 11.2.6
	// open): phase 1's larger rounds (1, 8 and 64 budgets per first move)
	// run whatever the number of pieces, not only in positions of at most
	// 12 (the exact local analysis stays for those).
	AnyDepth bool
	// OneRefutation leaves each try's refutations as the search found
	// them (at least one) instead of deciding every other defence too
	// (refutations.go): for re-solves that read only the keys.
	OneRefutation bool
}

// SetDefaults fills the zero fields of o with the defaults: MaxBound 40,
// Slack 4, Threads 1, TreeNodes 300, ... (each search calls it first).
func (o *Options) SetDefaults() {
	if o.MaxBound == 0 {
		o.MaxBound = 40
	}
	if o.Slack == 0 {
		o.Slack = 4
	}
	if o.Threads < 1 {
		o.Threads = 1
	}
	if o.TreeNodes == 0 {
		o.TreeNodes = 300
	}
}

// Verdict of a solve.
type Verdict string

// Verdicts (docs/spec.md §5).
const (
	VerdictProved  Verdict = "proved"
	VerdictRefuted Verdict = "refuted"
	VerdictUnknown Verdict = "unknown"
)

// FirstMove is one first move of the attacker and what it achieves.
type FirstMove struct {
	Move     string  `json:"move"`
	Outcome  Outcome `json:"-"`
	Result   string  `json:"result"`             // "win", "never", "no win within bound", "budget spent"
	Distance int     `json:"distance,omitempty"` // exact, in attacker moves, when it wins
	// DistanceIsBound: the exact search spent its budget, Distance is the
	// length of the proof found (an upper bound).
	DistanceIsBound bool `json:"distance_is_bound,omitempty"`
	// Refutations are the defences after which the attacker has no forced
	// goal within the bound (Hard: never).
	Refutations []Refutation `json:"refutations,omitempty"`
	// RefutationsComplete: every defence was decided, so Refutations
	// lists every refutation (else only those found; the others' search
	// spent its budget).
	RefutationsComplete bool   `json:"refutations_complete,omitempty"`
	Nodes               uint64 `json:"nodes"`
}

// RefutationMoves returns the moves of f's refutations, in order.
func (f FirstMove) RefutationMoves() []string {
	var out []string
	for _, x := range f.Refutations {
		out = append(out, x.Move)
	}
	return out
}

// RefutedBy writes f's refutations, a refutation proved never to lose
// marked "!", and says when other defences stayed undecided:
// "f4-e3!, f4-g3!", "7-11 (other defences not decided)"; "" for none.
func (f FirstMove) RefutedBy() string {
	var refs []string
	for _, x := range f.Refutations {
		if x.Hard {
			refs = append(refs, x.Move+"!")
		} else {
			refs = append(refs, x.Move)
		}
	}
	s := strings.Join(refs, ", ")
	if s != "" && !f.RefutationsComplete {
		s += NotAllDecided
	}
	return s
}

// NotAllDecided ends a list of refutations that may not be all: some
// other defence stayed undecided (FirstMove.RefutationsComplete false).
const NotAllDecided = " (other defences not decided)"

// Refutation is a defence that refutes a try.
type Refutation struct {
	Move string `json:"move"`
	Hard bool   `json:"hard"` // proved never to lose to the goal (not only within the bound)
}

// Node is a node of the solution tree.
type Node struct {
	FEN      string   `json:"fen"`
	Attacker bool     `json:"attacker_to_move"`
	Distance int      `json:"distance"`         // attacker moves to the goal from here
	Finale   bool     `json:"finale,omitempty"` // the goal is fulfilled here
	Branches []Branch `json:"branches,omitempty"`
	// Truncated: the tree cap stopped expansion below this node.
	Truncated bool `json:"truncated,omitempty"`
}

// Branch is a move from a Node. At attacker nodes the branches are every
// move that still forces the goal (more than one = dual or partial cook),
// shortest first; only the first (Main) is expanded. At defender nodes the
// branches are every defence.
type Branch struct {
	Move     string `json:"move"`
	Distance int    `json:"distance"` // attacker moves to the goal after this move
	// Bound: Distance is the length of a proof, an upper bound (the exact
	// search spent its budget).
	Bound bool  `json:"distance_is_bound,omitempty"`
	Main  bool  `json:"main,omitempty"`
	Child *Node `json:"child,omitempty"`
}

// Answer is the result of Solve.
type Answer struct {
	Verdict  Verdict     `json:"verdict"`
	Reason   string      `json:"reason,omitempty"`
	Distance int         `json:"distance"` // shortest forced goal, attacker moves
	Bound    int         `json:"bound"`    // first moves and duals searched up to this many attacker moves
	Keys     []FirstMove `json:"keys"`
	Tries    []FirstMove `json:"tries"`
	Tree     *Node       `json:"tree,omitempty"`
	// Refutation is a line showing the defender escaping when refuted.
	Refutation []string `json:"refutation,omitempty"`
	Nodes      uint64   `json:"nodes"`
	Aborted    bool     `json:"aborted,omitempty"`
	// Undecided is the number of first moves phase 1 could not decide at
	// any depth (all of them under the game draw rules): only those were
	// searched to Bound, and only for them a longer win is not excluded.
	Undecided int `json:"undecided,omitempty"`
	// LocalPositions is the size of the reachable set solved by the exact
	// local analysis, when phase 1 needed it (0: not made).
	LocalPositions int `json:"local_positions,omitempty"`
}

// Solve answers the stipulation goal for p, with attacker the side that
// must fulfil it (docs/spec.md §5): verdict, every key with its exact distance,
// the tries with their refutations, and the solution tree.
//
// When the attacker is to move, each first move has its own searcher
// (own table, own node budget) and all of them deepen together, one bound
// at a time; the first bound at which some move forces the goal gives the
// shortest distance D, and the other moves go on to D+Slack. So results and
// node counts do not depend on Threads.
func Solve(ctx context.Context, r *draughts.Rules, p draughts.Position, goal Goal, attacker draughts.Side, opt Options) Answer {
	opt.SetDefaults()
	var ans Answer
	if opt.Budget.Tables == nil && opt.DrawRules != Game {
		opt.Budget.Tables = NewTables(opt.Budget.TTBytes)
	}
	if p.Side != attacker {
		return solveDefenderFirst(r, p, goal, attacker, opt)
	}
	ms := draughts.LegalMoves(&p, r)
	if len(ms) == 0 {
		ans.Verdict = VerdictRefuted
		ans.Reason = "the attacker has no legal move"
		return ans
	}
	if opt.DrawRules != Game {
		return solveDecided(ctx, r, p, goal, attacker, opt, ms)
	}
	return solveBounded(ctx, r, p, goal, attacker, opt, ms)
}

// solveBounded is Solve under the game draw rules, where the move counts
// make facts depend on the path and phase 1 does not apply: every first
// move deepens together, one bound at a time, up to shortest + Slack.
func solveBounded(ctx context.Context, r *draughts.Rules, p draughts.Position, goal Goal, attacker draughts.Side, opt Options, ms []draughts.Move) Answer {
	perMove := opt.Budget
	if perMove.TTBytes == 0 {
		perMove.TTBytes = perMoveTTBytes
	}
	perMove.TTBytes = max(perMove.TTBytes/len(ms), perMoveTTMin)
	// The first moves deepen together on Threads goroutines: each gets at
	// most an equal part of what the work budget has left now.
	perMove.Work.hold(len(ms))
	st := make([]boundedState, len(ms))
	for i, m := range ms {
		st[i] = boundedState{s: NewSearcher(r, goal, attacker, perMove), q: p.Play(m), o: NotWithin}
		st[i].s.SetDrawRules(opt.DrawRules)
		st[i].s.afterMove(&p, m)
	}
	shortest, last := deepenTogether(ctx, st, &opt)
	perMove.Work.release()
	a := assembly{r: r, p: p, goal: goal, attacker: attacker, opt: &opt, ms: ms,
		shortest: shortest, keyText: "win", unknownGoal: goal.ID()}
	a.moves = make([]moveResult, len(st))
	for i, x := range st {
		a.moves[i] = moveResult{o: x.o, dist: x.dist, nodes: x.s.Nodes()}
	}
	a.refute = func(i int) ([]Refutation, string) { return refutations(st[i].s, r, st[i].q, last), "" }
	a.complete = func(i int, found []Refutation) ([]Refutation, bool) {
		return completeBounded(st[i].s, r, st[i].q, last, found)
	}
	// The tree is built with the searcher of a shortest key: its table
	// holds the facts of the proof.
	a.treeSearcher = func() *Searcher {
		for i := range st {
			if st[i].o == Proved && st[i].dist == shortest {
				return st[i].s
			}
		}
		return nil
	}
	a.lineSearcher = func() *Searcher { return NewSearcher(r, goal, attacker, opt.Budget) }
	ans := assemble(&a)
	ans.Undecided = len(ms)
	ans.Bound = last + 1
	return ans
}

// boundedState is one first move in solveBounded, with its own searcher.
type boundedState struct {
	s    *Searcher
	q    draughts.Position
	o    Outcome
	dist int
	done bool
}

// deepenTogether deepens every first move of st together, one bound at a
// time on Threads goroutines, up to MaxBound or, once a move wins, its
// distance + Slack; it returns the shortest win (-1: none) and the last
// bound searched after the first move.
func deepenTogether(ctx context.Context, st []boundedState, opt *Options) (shortest, last int) {
	last = opt.MaxBound - 1 // bound after the first move
	shortest = -1
	for k := 0; k <= last; k++ {
		g, _ := errgroup.WithContext(ctx)
		g.SetLimit(opt.Threads)
		for i := range st {
			if st[i].done {
				continue
			}
			g.Go(func() error {
				x := &st[i]
				if ctx.Err() != nil {
					x.o, x.done = Aborted, true
					return nil
				}
				o, dist := x.s.Solve(&x.q, k)
				x.o = o
				if o != NotWithin {
					x.done = true
					x.dist = dist + 1
				}
				return nil
			})
		}
		_ = g.Wait() // every search returns nil: a cancelled context marks its move aborted
		open := false
		for i := range st {
			if st[i].o == Proved && shortest < 0 {
				shortest = st[i].dist
				last = min(shortest+opt.Slack-1, MaxDepth)
			}
			if !st[i].done {
				open = true
			}
		}
		if !open {
			break
		}
	}
	return shortest, last
}

// SortFirstMoves orders the keys shortest first and the tries by move
// (ties by move), so answers do not depend on the search order.
func (ans *Answer) SortFirstMoves() {
	sort.SliceStable(ans.Keys, func(i, j int) bool {
		if ans.Keys[i].Distance != ans.Keys[j].Distance {
			return ans.Keys[i].Distance < ans.Keys[j].Distance
		}
		return draughts.MoveLess(ans.Keys[i].Move, ans.Keys[j].Move)
	})
	sort.SliceStable(ans.Tries, func(i, j int) bool { return draughts.MoveLess(ans.Tries[i].Move, ans.Tries[j].Move) })
}

// solveDefenderFirst handles a root where the defender moves first
// ("black-first:" stipulations).
func solveDefenderFirst(r *draughts.Rules, p draughts.Position, goal Goal, attacker draughts.Side, opt Options) Answer {
	var ans Answer
	main := NewSearcher(r, goal, attacker, opt.Budget)
	main.SetDrawRules(opt.DrawRules)
	o, dist := main.Distance(&p, opt.MaxBound)
	ans.Bound = opt.MaxBound
	switch o {
	case Proved:
		ans.Verdict, ans.Distance = VerdictProved, dist
		budget := opt.TreeNodes
		ans.Tree = buildTree(main, r, p, attacker, opt.Slack, dist, &budget, opt.Prefer)
	case Never:
		ans.Verdict = VerdictRefuted
		ans.Reason = "the defender always escapes"
		ans.Refutation = refutingLine(main, &p, r, attacker)
	case Aborted:
		ans.Verdict, ans.Aborted = VerdictUnknown, true
		ans.Reason = fmt.Sprintf("budget spent (%d nodes)", main.Nodes())
	default:
		ans.Verdict = VerdictUnknown
		ans.Reason = fmt.Sprintf("no forced %s within %d moves, and no proof that none exists", goal.ID(), opt.MaxBound)
	}
	ans.Nodes = main.Nodes()
	return ans
}

func sumNodes(fs []FirstMove) uint64 {
	var n uint64
	for _, f := range fs {
		n += f.Nodes
	}
	return n
}

// winningMoves returns every attacker move of p that forces the goal
// within hi attacker moves, with exact distances, shortest first.
func winningMoves(s *Searcher, r *draughts.Rules, p draughts.Position, hi int) []Branch {
	var out []Branch
	for _, m := range draughts.LegalMoves(&p, r) {
		q := p.Play(m)
		s.Refill()
		o, d := s.Distance(&q, hi-1)
		if o == Proved {
			out = append(out, Branch{Move: draughts.MoveString(&p, r, m), Distance: d + 1, Bound: s.DistanceIsBound()})
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

// buildTree expands the solution tree from p (the goal is forced from p);
// hi is a known upper bound on its distance.
func buildTree(s *Searcher, r *draughts.Rules, p draughts.Position, attacker draughts.Side, slack, hi int, budget *int, prefer []string) *Node {
	*budget--
	n := &Node{FEN: draughts.FEN(&p, r), Attacker: p.Side == attacker}
	var ml draughts.MoveList
	draughts.Generate(&p, r, &ml)
	if st, dist := s.goal.Eval(p, r, attacker, &ml); st == Done && dist == 0 {
		n.Finale = true
		return n
	}
	if n.Attacker {
		// The node's distance is its shortest winning move's. Duals are
		// searched with a sixteenth of the node budget per move.
		old := s.budget.Nodes
		if old != 0 {
			s.SetNodeBudget(max(old/16, 20000))
		}
		n.Branches = winningMoves(s, r, p, hi+slack)
		s.SetNodeBudget(old)
		if len(n.Branches) == 0 {
			n.Truncated = true
			return n
		}
		n.Distance = n.Branches[0].Distance
		main, next := 0, []string(nil)
		for i, b := range n.Branches {
			if len(prefer) > 0 && b.Move == prefer[0] {
				main, next = i, prefer[1:]
			}
		}
		n.Branches[main].Main = true
		if *budget <= 0 {
			n.Truncated = true
			return n
		}
		mb := &n.Branches[main]
		if m, err := draughts.ParseMove(&p, r, mb.Move); err == nil {
			mb.Child = buildTree(s, r, p.Play(m), attacker, slack, mb.Distance-1, budget, next)
		}
		return n
	}
	s.Refill()
	o, dist := s.Distance(&p, hi)
	if o != Proved {
		n.Truncated = true
		return n
	}
	n.Distance = dist
	if *budget <= 0 {
		n.Truncated = true
		return n
	}
	// The preferred defence (the author's main line) is expanded first:
	// expanded in move order, the other defences could spend the tree's
	// budget before it and cut the author's line after one reply.
	moves := ml.Slice()
	if len(prefer) > 0 {
		for i, m := range moves {
			if draughts.MoveString(&p, r, m) == prefer[0] {
				moves = append(append([]draughts.Move{m}, moves[:i]...), moves[i+1:]...)
				break
			}
		}
	}
	for _, m := range moves {
		b := Branch{Move: draughts.MoveString(&p, r, m)}
		var next []string
		if len(prefer) > 0 && b.Move == prefer[0] {
			b.Main, next = true, prefer[1:]
		}
		b.Child = buildTree(s, r, p.Play(m), attacker, slack, dist, budget, next)
		b.Distance = b.Child.Distance
		n.Branches = append(n.Branches, b)
	}
	SortDefences(n.Branches)
	return n
}

// SortDefences orders a defender's branches longest resistance first,
// then by move (deterministic for any thread count).
func SortDefences(bs []Branch) {
	sort.SliceStable(bs, func(i, j int) bool {
		if bs[i].Distance != bs[j].Distance {
			return bs[i].Distance > bs[j].Distance
		}
		return draughts.MoveLess(bs[i].Move, bs[j].Move)
	})
}

// refutingLine follows hard refutations from a refuted root for a few moves.
func refutingLine(s *Searcher, p *draughts.Position, r *draughts.Rules, attacker draughts.Side) []string {
	var line []string
	q := *p
	for len(line) < 12 {
		ms := draughts.LegalMoves(&q, r)
		if len(ms) == 0 {
			break
		}
		next := ms[0]
		if q.Side != attacker {
			for _, m := range ms {
				q2 := q.Play(m)
				s.Refill()
				o := s.known(&q2)
				if o == NotWithin && !s.game {
					o, _ = s.decide(&q2)
				} else if o == NotWithin {
					o, _ = s.Solve(&q2, 1)
				}
				if o == Never {
					next = m
					break
				}
			}
		}
		line = append(line, draughts.MoveString(&q, r, next))
		q = q.Play(next)
	}
	return line
}

// WinningMoves returns every attacker move of p (attacker to move) that
// forces the goal within hi attacker moves, with exact distances, shortest
// first. Each move gets a fresh node budget.
func (s *Searcher) WinningMoves(p draughts.Position, hi int) []Branch {
	return winningMoves(s, s.r, p, hi)
}

// DistanceFresh is Distance with a fresh node budget.
func (s *Searcher) DistanceFresh(p draughts.Position, hi int) (Outcome, int) {
	s.Refill()
	return s.Distance(&p, hi)
}

// MainLine follows the solution from p for at most maxPlies plies: the
// attacker's shortest winning move, the defender's longest-resisting
// defence. It returns the moves and the final position (a finale when
// the goal is fulfilled there).
func (s *Searcher) MainLine(p draughts.Position, hi, maxPlies int) ([]string, draughts.Position, bool) {
	var line []string
	var ml draughts.MoveList
	for len(line) < maxPlies {
		draughts.Generate(&p, s.r, &ml)
		if st, dist := s.goal.Eval(p, s.r, s.attacker, &ml); st == Done && dist == 0 {
			return line, p, true
		}
		var best draughts.Move
		found := false
		if p.Side == s.attacker {
			ws := winningMoves(s, s.r, p, hi)
			if len(ws) == 0 {
				return line, p, false
			}
			m, err := draughts.ParseMove(&p, s.r, ws[0].Move)
			if err != nil {
				return line, p, false
			}
			best, found, hi = m, true, ws[0].Distance
		} else {
			worst := -1
			for _, m := range ml.Slice() {
				q := p.Play(m)
				s.Refill()
				o, d := s.Distance(&q, hi)
				if o != Proved {
					return line, p, false
				}
				if d > worst {
					worst, best, found = d, m, true
				}
			}
			hi = worst
		}
		if !found {
			return line, p, false
		}
		line = append(line, draughts.MoveString(&p, s.r, best))
		p = p.Play(best)
	}
	return line, p, false
}
