// Package branch counts a study's composition branches (11.2.5) in the
// solved tree, not in the author's transcription: "a continuation with an
// artistic solution — an exact order of unique moves leading to an
// economical finale". A study whose source prints one line may have two
// branches in its play; the report names the ones the author omits.
package branch

import (
	"fmt"
	"strings"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/judge/dual"
	"draughtsjudge/judge/finale"
	"draughtsjudge/solver"
)

// This file counts a study's composition branches (11.2.5) in the solved
// tree, not in the author's transcription: "a continuation with an
// artistic solution — an exact order of unique moves leading to an
// economical finale". A study whose source prints one line may have two
// branches in its play; the report names the ones the author omits.

// StudyBranch is one composition branch found in the solved tree: a line
// from the start through the author's key to a finale in which every
// White move is the only winning one (up to one inaccuracy of a kind
// 11.3.8.5 tolerates) and the finale is economical (11.2.4, 11.3.8.4).
type StudyBranch struct {
	Line  []string `json:"line"`  // the moves from the initial position to the finale
	FEN   string   `json:"fen"`   // the finale
	Given bool     `json:"given"` // the first branch along an author's line (which may stop before the finale)
}

// Count is what the solved tree gives: the branches, and whether the tree
// was cut (Cut: the count is then a lower bound).
type Count struct {
	Branches []StudyBranch
	Cut      bool
	lines    []composition.Line // the author's
	shared   int                // moves every branch shares: 1 after a key, 0 when Black moves first
	// alternatives are the other winning moves met on the branches, of a
	// kind 11.3.8.5 tolerates or the single white piece's (11.2.6): the
	// tree's line before the move and the move, to the tree's main move
	// there.
	alternatives map[string]string
}

// CountIn walks the solved tree below the author's key (the lines are the
// author's), or from the start when Black moves first (key ""); nil when
// there is no tree through it.
func CountIn(c *composition.Composition, goal solver.Goal, tree *solver.Node, key string, lines []composition.Line) *Count {
	bc := Count{lines: lines, shared: 1, alternatives: map[string]string{}}
	if tree == nil {
		return nil
	}
	found := false
	if !tree.Attacker {
		// Black moves first (a "black-first" stipulation): every Black
		// move of the start opens branches, as after a key.
		found, bc.shared = true, 0
		bc.walk(c, goal, tree, c.Start, nil, 0)
	}
	for _, b := range tree.Branches {
		if tree.Attacker && b.Main && b.Move == key && b.Child != nil {
			if m, err := draughts.ParseMove(&c.Start, c.Rules, key); err == nil {
				found = true
				bc.walk(c, goal, b.Child, c.Start.Play(m), []string{key}, 0)
			}
		}
	}
	if !found {
		return nil // the tree does not follow the author's key
	}
	// Each author's line gives one branch: the first along it (the longest
	// resistance, as the tool's completion of a line that stops early
	// plays it); the others that pass through its end leave it later.
	for _, l := range lines {
		for i := range bc.Branches {
			if bc.along(bc.Branches[i].Line, l.Text) {
				bc.Branches[i].Given = true
				break
			}
		}
	}
	bc.Branches = oneEachFinale(bc.Branches)
	return &bc
}

// oneEachFinale keeps one branch per finale: lines that end in the same
// position are one play reached by another order of moves or another
// square of a capture (1...h6-d2 2.c1:f4 and 1...h6-e3 2.c1:f4 take the
// same king), not two variations. The first in the tree's order is kept,
// given when any of them is.
func oneEachFinale(bs []StudyBranch) []StudyBranch {
	at := map[string]int{}
	var out []StudyBranch
	for _, b := range bs {
		if i, ok := at[b.FEN]; ok {
			out[i].Given = out[i].Given || b.Given
			continue
		}
		at[b.FEN] = len(out)
		out = append(out, b)
	}
	return out
}

// walk follows node n (position p, reached by line); inexact counts the
// tolerated inaccuracies on the line so far (at most one, 11.3.8.5).
func (bc *Count) walk(c *composition.Composition, goal solver.Goal, n *solver.Node, p draughts.Position, line []string, inexact int) {
	r := c.Rules
	switch {
	case n.Finale:
		if _, spare := finale.Spare(goal, p, r); !spare || p.Pieces[draughts.Black] == 0 && (c.Genre != composition.Problem || p.Pieces[draughts.White].Count() == 1) {
			// 11.3.8.4: a branch may end with one white unit, or in a
			// motif of all white pieces (left to the judge, as in
			// [economy-finale]).
			bc.Branches = append(bc.Branches, StudyBranch{Line: line, FEN: draughts.FEN(&p, r)})
		}
		return
	case n.Truncated || len(n.Branches) == 0:
		bc.Cut = true
		return
	case !n.Attacker:
		for _, b := range n.Branches {
			if m, err := draughts.ParseMove(&p, r, b.Move); err == nil && b.Child != nil {
				bc.walk(c, goal, b.Child, p.Play(m), append(append([]string(nil), line...), b.Move), inexact)
			}
		}
		return
	}
	main := -1
	for i, b := range n.Branches {
		if b.Main {
			main = i
		}
	}
	if main < 0 || n.Branches[main].Child == nil {
		bc.Cut = true
		return
	}
	mb := n.Branches[main]
	am, err := draughts.ParseMove(&p, r, mb.Move)
	if err != nil {
		return
	}
	x := dual.Context{P: p, Author: am, AuthorDist: mb.Distance}
	if d := mb.Child.Branches; len(d) > 0 {
		x.Reply = d[0].Move
		if d[0].Child != nil {
			for _, b := range d[0].Child.Branches {
				if b.Main {
					x.Next = b.Move
				}
			}
		}
	}
	// 11.2.6 exempts the play of a single white piece in a study's
	// finale; otherwise every other winning move must be of a kind
	// 11.3.8.5 tolerates, and the branch may have one such move (several
	// at one node are one inaccuracy, as judgeBranches counts them).
	if len(n.Branches) > 1 && p.Pieces[draughts.White].Count() > 1 {
		for i, b := range n.Branches {
			m, err := draughts.ParseMove(&p, r, b.Move)
			if i != main && (err != nil || b.Bound || !dual.TolerableKind(dual.Classify(r, x, m, b.Distance, false))) {
				return // another winning move of no tolerated kind: White's play is not forced
			}
		}
		if inexact++; inexact > 1 {
			return // a second inaccuracy on the branch (11.3.8.5)
		}
	}
	// The other winning moves here, tolerated or the single white
	// piece's (11.2.6), are ways an author's line may take through this
	// branch (along).
	at := strings.Join(line, " ")
	for i, b := range n.Branches {
		if i != main {
			bc.alternatives[at+"|"+b.Move] = mb.Move
		}
	}
	bc.walk(c, goal, mb.Child, p.Play(am), append(append([]string(nil), line...), mb.Move), inexact)
}

// along reports whether the author's line runs along the branch: the two
// agree on every move of the author's line (which may stop before the
// finale), or until the author plays another winning move where the
// branch plays the tree's (11.3.8.5: the inaccuracy a branch may have
// once; 11.2.6: the single white piece's free play; the author's line
// goes on from a position the tree does not hold, so the branch is the
// tree's way through that node).
func (bc *Count) along(branch, author []string) bool {
	if len(author) == 0 {
		return false
	}
	for i, m := range author {
		switch {
		case i >= len(branch):
			return false
		case branch[i] == m:
		case bc.alternatives[strings.Join(branch[:i], " ")+"|"+m] == branch[i]:
			return true
		default:
			return false
		}
	}
	return true
}

// Text is the count for [variations]: "12 composition branches in the
// solved tree (…), 4 along the author's lines; not given by the author:
// 1...a7-b6 2.b4-e1 (6 branches); 2...g3-f2 3.c5:g1", the omitted ones
// grouped by the Black defence where they leave the author's lines.
func (bc Count) Text(start draughts.Side) string {
	given := 0
	var names []string
	groups := map[string]int{}
	for _, b := range bc.Branches {
		if b.Given {
			given++
			continue
		}
		k := bc.shared // where it leaves the author's lines and the branches he gives
		var known [][]string
		for _, l := range bc.lines {
			known = append(known, l.Text)
		}
		for _, g := range bc.Branches {
			if g.Given {
				known = append(known, g.Line)
			}
		}
		for _, l := range known {
			i := 0
			for i < len(b.Line) && i < len(l) && b.Line[i] == l[i] {
				i++
			}
			k = max(k, i)
		}
		name := composition.Numbered(b.Line[:k], b.Line[k:min(len(b.Line), k+2)], start)
		if groups[name] == 0 {
			names = append(names, name)
		}
		groups[name]++
	}
	for i, n := range names {
		if groups[n] > 1 {
			names[i] += fmt.Sprintf(" (%d branches)", groups[n])
		}
	}
	at := ""
	if bc.Cut {
		at = "at least "
	}
	s := fmt.Sprintf("%s%s in the solved tree (unique White moves to an economical finale), %d along the author's lines", at, branches(len(bc.Branches)), given)
	if len(names) > 0 {
		s += "; not given by the author: " + strings.Join(names, "; ")
	}
	return s
}

// branches is "1 composition branch", "3 composition branches".
func branches(n int) string {
	if n == 1 {
		return "1 composition branch"
	}
	return fmt.Sprintf("%d composition branches", n)
}
