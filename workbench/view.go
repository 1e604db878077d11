package workbench

import (
	"fmt"
	"strings"

	"draughtsjudge/draughts"
	"draughtsjudge/judge"
	"draughtsjudge/solver"
)

// Solution is what the page walks of one report (of a composition, or
// of one part of a special kind): the solution tree with a position
// after every move, the findings placed on the board, and the author's
// and the solver's main lines.
type Solution struct {
	Name   string   `json:"name"` // the part's name; "" for the composition
	Start  Position `json:"start"`
	Tree   []*Move  `json:"tree"`  // the moves from the initial position
	Marks  []Mark   `json:"marks"` // cooks, duals, transpositions, missing defences, tries
	Author []string `json:"author"`
	Solver []string `json:"solver"`
}

// Move is one move of the solution tree.
type Move struct {
	Text     string   `json:"text"`
	White    bool     `json:"white"` // White plays it
	Path     []string `json:"path"`  // the squares its piece stands on
	After    Position `json:"after"`
	Main     bool     `json:"main,omitempty"`
	Note     string   `json:"note,omitempty"` // moves to the goal, "finale", "not expanded"
	Children []*Move  `json:"children,omitempty"`
}

// Mark is a finding shown on the board: a position and its arrows.
type Mark struct {
	Kind   string   `json:"kind"` // "cook", "dual", "transposition", "missing defence", "try"
	Title  string   `json:"title"`
	Pos    Position `json:"pos"`
	Arrows []Arrow  `json:"arrows"`
}

// Arrow is a move drawn on the board; Class is its colour's meaning:
// "author" (the author's move), "found" (the cook, dual, refutation),
// "played" (a try, already made on the board).
type Arrow struct {
	Path  []string `json:"path"`
	Class string   `json:"class"`
}

// viewOf places a report (and each part of a special kind) on the board.
// A move that cannot be replayed is left out with a note, never an error:
// the report is shown whatever the view lacks.
// author is the author's main line as written, for a report that does
// not give it (Lasca's).
func viewOf(r *judge.Report, author []draughts.Ply) []Solution {
	if len(r.Parts) > 0 {
		var out []Solution
		for _, p := range r.Parts {
			out = append(out, solutionOf(p, p.Part))
		}
		return out
	}
	sol := solutionOf(r, "")
	if len(sol.Author) == 0 {
		for _, p := range author {
			sol.Author = append(sol.Author, p.Text)
		}
	}
	return []Solution{sol}
}

func solutionOf(r *judge.Report, name string) Solution {
	sol := Solution{Name: name, Marks: []Mark{}, Tree: []*Move{}, Author: r.MainLine, Solver: []string{}}
	b, err := boardFor(r.Variant)
	if err != nil {
		return sol
	}
	if sol.Start, err = readPosition(r.Variant, r.FEN); err != nil {
		return sol
	}
	if r.Tree != nil {
		sol.Tree = treeMoves(b, r.Variant, r.Tree, r.IsDraw())
		for n := r.Tree; n != nil && len(n.Branches) > 0; {
			br := n.Branches[0]
			for _, x := range n.Branches {
				if x.Main {
					br = x
					break
				}
			}
			sol.Solver = append(sol.Solver, br.Move)
			n = br.Child
		}
	}
	add := func(kind string, fs []judge.Finding) {
		for _, f := range fs {
			fen, ok := replay(b, r.FEN, f.Line)
			if !ok {
				continue
			}
			m := Mark{Kind: kind, Title: findingTitle(kind, f)}
			m.Pos, _ = readPosition(r.Variant, fen)
			if f.Author != "" {
				if _, p, err := b.play(fen, f.Author); err == nil {
					m.Arrows = append(m.Arrows, Arrow{p, "author"})
				}
			}
			if _, p, err := b.play(fen, f.Move); err == nil {
				m.Arrows = append(m.Arrows, Arrow{p, "found"})
			}
			sol.Marks = append(sol.Marks, m)
		}
	}
	add("cook", r.Cooks)
	add("dual", r.Duals)
	add("transposition", r.Transpositions)
	add("missing defence", r.MissingDefences)
	for _, t := range r.Tries {
		sol.Marks = append(sol.Marks, tryMark(b, r, t))
	}
	return sol
}

// tryMark shows a try after it is made, with its refutations.
func tryMark(b board, r *judge.Report, t solver.FirstMove) Mark {
	var refs []string
	for _, x := range t.Refutations {
		refs = append(refs, x.Move)
	}
	m := Mark{Kind: "try", Title: fmt.Sprintf("try %s: %s", t.Move, t.Result)}
	if len(refs) > 0 {
		m.Title += "; refuted by " + strings.Join(refs, ", ")
	}
	after, p, err := b.play(r.FEN, t.Move)
	if err != nil {
		return m
	}
	m.Pos, _ = readPosition(r.Variant, after)
	m.Arrows = append(m.Arrows, Arrow{p, "played"})
	for _, x := range refs {
		if _, rp, err := b.play(after, x); err == nil {
			m.Arrows = append(m.Arrows, Arrow{rp, "found"})
		}
	}
	return m
}

// findingTitle says a finding in one line: "cook after 1. a5-b4 f4-g3:
// c5-d6 (wins in 4; the author plays b4-c5)".
func findingTitle(kind string, f judge.Finding) string {
	at := "at the start"
	if len(f.Line) > 0 {
		at = "after " + strings.Join(f.Line, " ")
	}
	s := fmt.Sprintf("%s %s: %s (%s", kind, at, f.Move, f.Result)
	if f.Author != "" {
		s += "; the author plays " + f.Author
	}
	if f.Status != "" {
		s += "; " + f.Status
	}
	return s + ")"
}

// replay plays line from fen; ok is false if a move does not resolve.
func replay(b board, fen string, line []string) (string, bool) {
	for _, mv := range line {
		after, _, err := b.play(fen, mv)
		if err != nil {
			return "", false
		}
		fen = after
	}
	return fen, true
}

// treeMoves lists the branches of n with the position after each.
func treeMoves(b board, variant string, n *solver.Node, draw bool) []*Move {
	out := []*Move{}
	for _, br := range n.Branches {
		after, path, err := b.play(n.FEN, br.Move)
		if err != nil {
			continue
		}
		m := &Move{Text: br.Move, White: n.FEN != "" && (n.FEN[0] == 'W' || n.FEN[0] == 'w'), Path: path, Main: br.Main}
		if br.Child != nil && br.Child.FEN != "" {
			after = br.Child.FEN
		}
		m.After, _ = readPosition(variant, after)
		if !draw && br.Distance > 0 {
			m.Note = fmt.Sprint(br.Distance)
			if br.Bound {
				m.Note = "≤" + m.Note
			}
		}
		if c := br.Child; c != nil {
			switch {
			case c.Finale:
				m.Note = "finale"
			case c.Truncated:
				m.Note = "not expanded"
			default:
				m.Children = treeMoves(b, variant, c, draw)
			}
		}
		out = append(out, m)
	}
	return out
}
