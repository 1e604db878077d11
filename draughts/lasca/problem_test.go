package lasca

import (
	"testing"
)

// refSolved is the reference generator's exact solution of a Lasca
// position for White's win (the opponent left without a move, 004 §2.4):
// every position reachable by refSuccessors, and for each the least number
// of White moves in which White forces the win (-1: never). It is written
// apart from solver/lascagraph/lascagraph.go and shares none of its code: plain value
// iteration, one sweep over the whole set per distance, until nothing
// changes.
type refSolved struct {
	dist map[string]int
	succ map[string][]string
}

func refSolve(t *testing.T, root refBoard) refSolved {
	t.Helper()
	s := refSolved{dist: map[string]int{}, succ: map[string][]string{}}
	black := map[string]bool{}
	queue := []refBoard{root}
	s.succ[root.key()] = nil
	for len(queue) > 0 {
		b := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		k := b.key()
		black[k] = b.black
		var kids []string
		for ck, c := range refSuccessors(b) {
			kids = append(kids, ck)
			if _, seen := s.succ[ck]; !seen {
				s.succ[ck] = nil
				queue = append(queue, c)
			}
		}
		s.succ[k] = kids
		if len(s.succ) > 2_000_000 {
			t.Fatal("reference: reachable set too large")
		}
	}
	// Index the set for the sweeps.
	keys := make([]string, 0, len(s.succ))
	idx := map[string]int{}
	for k := range s.succ {
		idx[k] = len(keys)
		keys = append(keys, k)
	}
	kids := make([][]int, len(keys))
	for i, k := range keys {
		for _, c := range s.succ[k] {
			kids[i] = append(kids[i], idx[c])
		}
	}
	dist := make([]int, len(keys))
	for i := range dist {
		dist[i] = -1
	}
	// d: White moves still to play. Black to move without a move: won in
	// 0. Black to move: won in d when every reply leads to a White-to-move
	// position won in at most d. White to move: won in d when some move
	// leads to a Black-to-move position won in at most d-1. The sweeps at
	// one d repeat until nothing changes; a d that adds nothing ends the
	// loop (a win in d+1 needs one in exactly d).
	for d := 0; ; d++ {
		added := false
		for changed := true; changed; {
			changed = false
			for i := range keys {
				if dist[i] >= 0 {
					continue
				}
				won := false
				if black[keys[i]] {
					won = true
					for _, c := range kids[i] {
						if x := dist[c]; x < 0 || x > d {
							won = false
							break
						}
					}
				} else {
					for _, c := range kids[i] {
						if x := dist[c]; x >= 0 && x <= d-1 {
							won = true
							break
						}
					}
				}
				if won {
					dist[i] = d
					changed, added = true, true
				}
			}
		}
		if !added {
			break
		}
	}
	for i, k := range keys {
		s.dist[k] = dist[i]
	}
	return s
}

func refFEN(t *testing.T, fen string) string {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	b := toRef(&p)
	return b.key()
}

// TestProblemReference solves the composed problem of
// composition/testdata/lasca-problem.pdn (W:Wa1,d2:Bd4,c5, White to win;
// the solution is explained at judge.TestLascaProblem) with the
// reference generator alone: of the three first moves only 1.d2-c3 wins,
// in exactly 3 White moves, and at every White move of the author's lines
// exactly one move wins; the others never win (the whole reachable set is
// solved, so "never" is at any depth). The fast generator's prover
// (solver/lascagraph/lascagraph.go) gives the same, tested in composition and solver.
func TestProblemReference(t *testing.T) {
	if testing.Short() {
		t.Skip("solves about 220 000 positions with the slow reference generator")
	}
	root, err := ParseFEN("W:Wa1,d2:Bd4,c5")
	if err != nil {
		t.Fatal(err)
	}
	s := refSolve(t, toRef(&root))
	// winners lists the White moves (as successor keys) that win from k.
	winners := func(k string) (out []string) {
		for _, c := range s.succ[k] {
			if s.dist[c] >= 0 {
				out = append(out, c)
			}
		}
		return out
	}
	rk := refFEN(t, "W:Wa1,d2:Bd4,c5")
	if len(s.succ[rk]) != 3 || s.dist[rk] != 3 {
		t.Fatalf("root: %d moves, win in %d; want 3 moves, win in 3", len(s.succ[rk]), s.dist[rk])
	}
	key := refFEN(t, "B:Wa1,c3:Bd4,c5") // after 1.d2-c3
	if w := winners(rk); len(w) != 1 || w[0] != key {
		t.Errorf("winning first moves %q, want only d2-c3 (%q)", w, key)
	}
	// 1...d4:b2 is Black's only move (compulsory capture).
	b2 := refFEN(t, "W:Wa1:Bb2(bw),c5")
	if kids := s.succ[key]; len(kids) != 1 || kids[0] != b2 {
		t.Errorf("after 1.d2-c3: %q, want only d4:b2", kids)
	}
	c3 := refFEN(t, "B:Wb2,c3(wb):Bc5") // after 2.a1:c3
	if w := winners(b2); len(w) != 1 || w[0] != c3 || s.dist[b2] != 2 {
		t.Errorf("after 1...d4:b2: winning moves %q (win in %d), want only a1:c3, in 2", w, s.dist[b2])
	}
	for _, v := range []struct{ after, finale string }{
		{"W:Wb2,c3(wb):Bb4", "B:Wb2,a5(wbb):B"}, // 2...c5-b4 3.c3:a5
		{"W:Wb2,c3(wb):Bd4", "B:Wb2,e5(wbb):B"}, // 2...c5-d4 3.c3:e5
	} {
		a, f := refFEN(t, v.after), refFEN(t, v.finale)
		if w := winners(a); len(w) != 1 || w[0] != f || s.dist[f] != 0 || len(s.succ[f]) != 0 {
			t.Errorf("after %s: winning moves %q, want only the capture to %s, Black without a move", v.after, w, v.finale)
		}
	}
	if kids := s.succ[c3]; len(kids) != 2 {
		t.Errorf("after 2.a1:c3 Black has %d moves, want 2 (c5-b4, c5-d4)", len(kids))
	}
}
