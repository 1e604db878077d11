package solver

import (
	"sort"

	"draughtsjudge/draughts"
)

// This file lists a try's refutations (FirstMove.Refutations): the
// defences after which the attacker has no forced goal. The search of the
// first moves needs only one refutation per try (a disproof needs one
// child); a report that says "refuted by a single defence" (the tries
// measure, 11.3.3) needs every defence decided. So the list is made in
// two steps: the refutations the search knows or finds first, then every
// other defence decided within a small budget (completeRefutations).

// refutationNodes is the node budget of each other defence when a try's
// refutations are completed: enough for a database probe or a short
// win, a hundredth of a first move's default budget (--nodes 2000000).
const refutationNodes = 20_000

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

// refutations lists the defences of q (defender to move) after which the
// attacker has no forced goal within bound. Facts already in the table are
// read first; otherwise defences are searched in turn, within the budget,
// until one refutes.
func refutations(s *Searcher, r *draughts.Rules, q draughts.Position, bound int) []Refutation {
	var out []Refutation
	ms := draughts.LegalMoves(&q, r)
	for _, d := range ms {
		q2 := q.Play(d)
		if e := s.tt.probe(&q2, s.countersAfter(&q, d)); e.hard || int(e.noWin) >= bound {
			out = append(out, Refutation{Move: draughts.MoveString(&q, r, d), Hard: e.hard})
		}
	}
	if len(out) == 0 {
		for _, d := range ms {
			if o := s.solveAfter(&q, d, bound); o == NotWithin || o == Never {
				out = append(out, Refutation{Move: draughts.MoveString(&q, r, d), Hard: o == Never})
				break
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return draughts.MoveLess(out[i].Move, out[j].Move) })
	return out
}

// countersAfter is the draw-rule counters after the defence d of q (zero
// under the theory's rules).
func (s *Searcher) countersAfter(q *draughts.Position, d draughts.Move) counters {
	if !s.game {
		return counters{}
	}
	return s.cnt[0].next(q, d)
}

// solveAfter searches the position after the defence d of q to bound,
// with a fresh budget and the draw-rule counters after d (the searcher's
// root counters are q's, set when the try was played).
func (s *Searcher) solveAfter(q *draughts.Position, d draughts.Move, bound int) Outcome {
	q2 := q.Play(d)
	root := s.cnt[0]
	s.cnt[0] = s.countersAfter(q, d)
	defer func() { s.cnt[0] = root }()
	s.Refill()
	o, _ := s.Solve(&q2, bound)
	return o
}

// completeHard decides every defence of q (defender to move, the goal
// never forced from q) not in found, within refutationNodes each: the
// ones after which the goal is never forced join the list. complete is
// false when one of them stayed undecided.
func (s *Searcher) completeHard(q draughts.Position, found []Refutation) (out []Refutation, complete bool) {
	return completeRefutations(s, s.r, q, found, func(d draughts.Move) Outcome {
		q2 := q.Play(d)
		if o := s.known(&q2); o != NotWithin {
			return o
		}
		o, _ := s.decide(&q2)
		return o
	})
}

// completeBounded is completeHard for a try refuted within bound only:
// the defences after which the attacker has no forced goal within bound
// join the list (Hard when never forced at all).
func completeBounded(s *Searcher, r *draughts.Rules, q draughts.Position, bound int, found []Refutation) (out []Refutation, complete bool) {
	return completeRefutations(s, r, q, found, func(d draughts.Move) Outcome {
		return s.solveAfter(&q, d, bound)
	})
}

// completeRefutations decides each defence d of q not in found with decide
// (Proved: the attacker still forces the goal; Never or NotWithin: a
// refutation; Aborted: undecided), with the searcher's node budget
// lowered to refutationNodes meanwhile.
func completeRefutations(s *Searcher, r *draughts.Rules, q draughts.Position, found []Refutation, decide func(d draughts.Move) Outcome) ([]Refutation, bool) {
	listed := map[string]bool{}
	for _, x := range found {
		listed[x.Move] = true
	}
	budget := uint64(refutationNodes)
	if old := s.budget.Nodes; old != 0 && old < budget {
		budget = old
	}
	old := s.SetNodeBudget(budget)
	defer s.SetNodeBudget(old)
	out, complete := append([]Refutation(nil), found...), true
	for _, d := range draughts.LegalMoves(&q, r) {
		mv := draughts.MoveString(&q, r, d)
		if listed[mv] {
			continue
		}
		switch decide(d) {
		case Proved:
		case Never:
			out = append(out, Refutation{Move: mv, Hard: true})
		case NotWithin:
			out = append(out, Refutation{Move: mv})
		default:
			complete = false
		}
	}
	sort.Slice(out, func(i, j int) bool { return draughts.MoveLess(out[i].Move, out[j].Move) })
	return out, complete
}
