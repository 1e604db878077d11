package solver

import (
	"fmt"

	"draughtsjudge/draughts"
)

// moveResult is one first move as a policy (solveDecided, solveBounded)
// leaves it.
type moveResult struct {
	o     Outcome
	dist  int  // attacker moves, when o is Proved
	bound bool // dist is a proof's length, not exact
	nodes uint64
}

// assembly is what assemble needs besides the first moves' results.
type assembly struct {
	r        *draughts.Rules
	p        draughts.Position
	goal     Goal
	attacker draughts.Side
	opt      *Options
	ms       []draughts.Move
	moves    []moveResult
	shortest int    // the shortest key's distance, -1: none
	keyText  string // a key's Result: "win", or "draw"
	// refute gives the refutations of try i (outcome Never or NotWithin)
	// and, when not "", the Result that replaces its outcome's text.
	refute func(i int) ([]Refutation, string)
	// complete decides the other defences of try i, after the tree is
	// built (so that the tree and its nodes do not depend on them): the
	// refutations found, and whether every defence was decided.
	complete func(i int, found []Refutation) ([]Refutation, bool)
	// treeSearcher is the searcher the solution tree is built with (a
	// key exists), lineSearcher the one that follows the refutation of a
	// refuted root.
	treeSearcher, lineSearcher func() *Searcher
	// unknownGoal names the goal in the reason of an unknown verdict
	// with no budget spent.
	unknownGoal string
}

// assemble turns the first moves' results into the Answer: the keys and
// the tries with their refutations, in order, the verdict and its
// reason, the solution tree and the nodes (the first moves' and the
// tree's). The policy sets Bound, Undecided and LocalPositions.
func assemble(a *assembly) Answer {
	var ans Answer
	allNever := true
	tried := map[string]int{} // a try's move to its index in a.ms
	for i, m := range a.ms {
		x := &a.moves[i]
		f := FirstMove{Move: draughts.MoveString(&a.p, a.r, m), Outcome: x.o, Result: x.o.String(), Nodes: x.nodes}
		switch x.o {
		case Proved:
			f.Result, f.Distance, f.DistanceIsBound = a.keyText, x.dist, x.bound
			ans.Keys = append(ans.Keys, f)
		case Never, NotWithin:
			var text string
			f.Refutations, text = a.refute(i)
			if text != "" {
				f.Result = text
			}
		case Aborted:
			ans.Aborted = true
		}
		if x.o != Never {
			allNever = false
		}
		ans.Nodes += f.Nodes
		if x.o != Proved {
			ans.Tries = append(ans.Tries, f)
			tried[f.Move] = i
		}
	}
	ans.SortFirstMoves()
	switch {
	case a.shortest >= 0:
		ans.Verdict, ans.Distance = VerdictProved, a.shortest
		s := a.treeSearcher()
		before := s.Nodes()
		budget := a.opt.TreeNodes
		ans.Tree = buildTree(s, a.r, a.p, a.attacker, a.opt.Slack, a.shortest, &budget, a.opt.Prefer)
		ans.Nodes += s.Nodes() - before
	case allNever:
		ans.Verdict = VerdictRefuted
		ans.Reason = "every first move fails: the defender always escapes"
		ans.Refutation = refutingLine(a.lineSearcher(), &a.p, a.r, a.attacker)
	case ans.Aborted:
		ans.Verdict = VerdictUnknown
		ans.Reason = fmt.Sprintf("budget spent (%d nodes) before a forced %s was found or excluded", ans.Nodes, GoalName(a.goal))
	default:
		ans.Verdict = VerdictUnknown
		ans.Reason = fmt.Sprintf("no forced %s within %d moves, and no proof that none exists", a.unknownGoal, a.opt.MaxBound)
	}
	for j := range ans.Tries {
		if t := &ans.Tries[j]; a.complete != nil && !a.opt.OneRefutation && (t.Outcome == Never || t.Outcome == NotWithin) {
			t.Refutations, t.RefutationsComplete = a.complete(tried[t.Move], t.Refutations)
		}
	}
	return ans
}
