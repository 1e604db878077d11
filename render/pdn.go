package render

import (
	"fmt"
	"io"
	"strings"

	"draughtsjudge/draughts"
	"draughtsjudge/judge"
	"draughtsjudge/solver"
)

// PDN writes r's solution tree as one PDN 3.0 game (check --pdn-out):
// the solver's main line, every other defence and every other winning
// move (another key at the root, a cook; a dual deeper) as variations,
// the verdict and the score as comments.
// The error is the first error writing to w.
func PDN(w io.Writer, r *judge.Report) error {
	return PDNFrom(w, r, PDNSource{})
}

// PDNSource is what a game of check --pdn-out takes from its input
// besides the report: the author's solution, written where the report has
// no solution tree, and tags written as the input had them (a special
// kind's [SolutionN] and [LastMoves], composition.PartTags), so that the
// game reads back with the same parts.
type PDNSource struct {
	Author []draughts.Ply
	Tags   [][2]string
}

// PDNFrom is PDN with what the input gave: where the report has no
// solution tree (the solution is undecided, or refuted, or the
// composition is of a special kind, whose parts have the trees) it writes
// the author's solution instead, said so in a comment, rather than a game
// without moves; and src's tags after [Stipulation].
func PDNFrom(w io.Writer, r *judge.Report, src PDNSource) error {
	var sb strings.Builder
	writePDN(&sb, r, src)
	_, err := io.WriteString(w, sb.String())
	return err
}

// writePDN writes one report's solution tree as a PDN game: the solver's
// main line, every other defence and every other winning move (cooks at
// the root, duals deeper) as variations, with comments; without a tree,
// the author's solution.
func writePDN(w *strings.Builder, r *judge.Report, src PDNSource) {
	author := src.Author
	tag := func(k, v string) {
		if v != "" {
			fmt.Fprintf(w, "[%s %q]\n", k, v)
		}
	}
	tag("Event", fmt.Sprintf("draughtsjudge: %s#%d", r.File, r.Index))
	tag("Author", r.Author)
	tag("Source", r.Source)
	gt, v := systemTags(r.Variant)
	tag("GameType", gt)
	tag("Variant", v)
	tag("FEN", r.FEN)
	tag("Genre", r.Genre)
	if r.Practical {
		tag("Group", "practical") // as the reader takes it (composition.Practical), whatever the genre
	}
	tag("Stipulation", r.Stipulation)
	for _, t := range src.Tags {
		tag(t[0], t[1])
	}
	res := "*"
	if r.Verdict == judge.Sound && r.Tree != nil {
		res = "1-0"
		if r.IsDraw() { // "draw", "ничья", "white-first: draw", …
			res = "1/2-1/2"
		}
	}
	tag("Result", res)
	head := "verdict: " + string(r.Verdict)
	if r.Reason != "" {
		head += " (" + r.Reason + ")"
	}
	fmt.Fprintf(w, "{%s; score %.2f}", strings.ReplaceAll(head, "}", ")"), r.Score)
	switch {
	case r.Tree != nil:
		pdnNode(w, r.Tree, 1, r.IsDraw(), true)
	case len(author) > 0:
		w.WriteString(" {the author's solution, not verified by the tool}")
		pdnPlies(w, author, 1, strings.HasPrefix(r.FEN, "B"), true)
	}
	fmt.Fprintf(w, " %s\n\n", res)
}

// systemTags are the [GameType] and [Variant] that name the game system
// id as docs/spec.md §3 tags it, so that the game reads back as that
// system: the GameType of its rules, and the Variant where the GameType
// alone would name another system (the giveaways); Lasca has no
// GameType, only [Variant "lasca"] (docs/lasca.md).
func systemTags(id string) (gameType, variant string) {
	if id == draughts.LascaID {
		return "", id
	}
	r, err := draughts.RulesByID(id)
	if err != nil {
		return "", id // unknown here: at least say which
	}
	gameType = fmt.Sprint(r.GameType)
	if byType, err := draughts.RulesFromTags(gameType, ""); err != nil || byType != r {
		variant = r.ID
	}
	return gameType, variant
}

// pdnMove writes a move in PDN 3.0 notation: captures joined by "x"
// (CAPTURESEPARATOR), never ":", which the 8x8 text reports keep (6.1.6.2)
// and PDN readers reject.
func pdnMove(m string) string { return strings.ReplaceAll(m, ":", "x") }

func pdnNum(white bool, no int) string {
	if white {
		return fmt.Sprintf("%d. ", no)
	}
	return fmt.Sprintf("%d... ", no)
}

// pdnPlies writes the author's plies as read, with move numbers from
// (no, black) and captures with "x"; force writes "N..." before a Black
// move.
func pdnPlies(w *strings.Builder, ps []draughts.Ply, no int, black, force bool) {
	for i, p := range ps {
		if !black || force || i == 0 {
			w.WriteString(" " + pdnNum(!black, no))
		} else {
			w.WriteString(" ")
		}
		w.WriteString(pdnMove(p.Text))
		for _, g := range p.NAGs { // "?" marks a try (composition.IsTry): kept as read
			w.WriteString(fmt.Sprintf(" $%d", g))
		}
		if p.Comment != "" {
			w.WriteString(" {" + strings.ReplaceAll(p.Comment, "}", ")") + "}")
		}
		for _, v := range p.Variations {
			w.WriteString(" (")
			var sb strings.Builder
			pdnPlies(&sb, v, no, black, true)
			w.WriteString(strings.TrimPrefix(sb.String(), " ") + ")")
		}
		force = len(p.Variations) > 0 || p.Comment != ""
		if black {
			no++
		}
		black = !black
	}
}

// branchDistance is a branch's distance in attacker moves, "at most N"
// when it is the length of a proof the exact search could not confirm
// (solver.Branch.Bound), as the report says it.
func branchDistance(b solver.Branch) string {
	if b.Bound {
		return fmt.Sprintf("at most %d", b.Distance)
	}
	return fmt.Sprint(b.Distance)
}

// pdnNode writes n's main line with its other branches as variations;
// root is the initial position, where another winning first move of
// White's is another key, a full cook (11.2.6), not a dual.
func pdnNode(w *strings.Builder, n *solver.Node, no int, draw, root bool) {
	if n == nil {
		return
	}
	if n.Finale {
		w.WriteString(" {finale}")
		return
	}
	if n.Truncated || len(n.Branches) == 0 {
		w.WriteString(" {not expanded}")
		return
	}
	white := strings.HasPrefix(n.FEN, "W")
	next := no
	if !white {
		next++
	}
	main := 0
	for i, b := range n.Branches {
		if b.Main {
			main = i
		}
	}
	other := "dual"
	if root {
		other = "cook"
	}
	comment := func(b solver.Branch, isMain bool) string {
		switch {
		case n.Attacker && draw && isMain:
			return " {draw}"
		case n.Attacker && draw:
			return " {" + other + ": also holds the draw}"
		case n.Attacker && isMain:
			return fmt.Sprintf(" {goal in %s}", branchDistance(b))
		case n.Attacker:
			return fmt.Sprintf(" {%s: also reaches the goal in %s}", other, branchDistance(b))
		}
		return ""
	}
	mb := n.Branches[main]
	w.WriteString(" " + pdnNum(white, no) + pdnMove(mb.Move) + comment(mb, true))
	for i, b := range n.Branches {
		if i == main {
			continue
		}
		w.WriteString(" (" + pdnNum(white, no) + pdnMove(b.Move) + comment(b, false))
		if n.Attacker {
			w.WriteString(" {not expanded}")
		} else {
			pdnNode(w, b.Child, next, draw, false)
		}
		w.WriteString(")")
	}
	pdnNode(w, mb.Child, next, draw, false)
}
