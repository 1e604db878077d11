package tourney

import (
	"strings"

	"draughtsjudge/archive"
	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/judge"
)

// A Prospect is what MayName needs of a composition not yet analysed.
type Prospect struct {
	variant string
	always  bool        // a special kind (11.1.4) or Lasca
	start   archive.Key // the initial position up to colour/mirror
	line    string
	pos     draughts.Position
	board   *draughts.Board
}

// ProspectOf is the Prospect of c.
func ProspectOf(c *composition.Composition) Prospect {
	if c.Rules == nil {
		return Prospect{}
	}
	pr := Prospect{variant: c.Rules.ID, always: c.Lasca != nil || len(c.Parts) > 0, pos: c.Start, board: c.Rules.Board}
	if pr.always {
		return pr
	}
	pr.start, _ = archive.Canonical(&c.Start, c.Rules)
	if lines := c.Lines(); len(lines) > 0 && len(lines[0].Text) > 0 {
		pr.line = c.Rules.ID + "|" + strings.Join(lines[0].Text, " ")
	}
	return pr
}

// MayName reports whether the report of the composition of prospect c,
// not yet analysed, may share a finale with report r, or more (the
// relation is symmetric), judging from the composition alone: it has r's
// initial position up to colour/mirror, or its author's main line is r's,
// or its men and pieces can lead to one of r's fulfilled finales
// (reachable); a special kind (11.1.4) or Lasca, whose report is not made
// from these alone, always may. False means that no finale of that
// composition's report can be one of r's, whatever the report says.
func MayName(r *judge.Report, c Prospect) bool {
	n := namedOf(r)
	return n.mayBeNamedBy(c)
}

// named is what MayName compares of a report, read once: its variant,
// initial position up to colour/mirror, main line, and fulfilled finales
// with their mirror images.
type named struct {
	variant    string
	start      archive.Key
	hasStart   bool // start is read (the report's FEN reads)
	line       string
	finales    [][2]draughts.Position
	unreadable bool // a FEN that does not read: anything may name it
}

func namedOf(r *judge.Report) named {
	n := named{variant: r.Variant}
	rules, err := draughts.RulesByID(r.Variant)
	if err != nil {
		n.unreadable = true
		return n
	}
	if p, err := draughts.ParseFEN(rules, r.FEN); err == nil {
		n.start, _ = archive.Canonical(&p, rules)
		n.hasStart = true
	}
	if len(r.MainLine) > 0 {
		n.line = r.Variant + "|" + strings.Join(r.MainLine, " ")
	}
	for _, fin := range r.Finales {
		if !fin.Fulfilled {
			continue
		}
		p, err := draughts.ParseFEN(rules, fin.FEN)
		if err != nil {
			n.unreadable = true
			continue
		}
		n.finales = append(n.finales, [2]draughts.Position{p, p.Mirror(rules.Board)})
	}
	return n
}

func (n *named) mayBeNamedBy(c Prospect) bool {
	switch {
	case c.variant != n.variant:
		return false
	case c.always || n.unreadable:
		return true
	case n.hasStart && n.start == c.start, n.line != "" && n.line == c.line:
		return true
	}
	for i := range n.finales {
		if reachable(c.board, &c.pos, &n.finales[i][0]) || reachable(c.board, &c.pos, &n.finales[i][1]) {
			return true
		}
	}
	return false
}

// reachable reports whether p can follow from start by the men's
// moves alone, as far as they constrain it: neither side has more pieces,
// and each man of p can be matched to its own man of start that it can
// have walked from; a king can be any other piece. A man steps one row
// forward and one column aside; each capture jump takes it two rows
// forward or back (men capture backwards in every game system here:
// clause 6.1.5.3, docs/spec.md; Lasca, where they do not, is
// never judged by this) and two columns aside, and takes one
// piece of the other side, so its jumps are at most the k pieces the
// other side has lost from start to p (walked reports whether some
// number of forward and backward jumps allows the displacement); with no
// capture, the cone of the diagonals ahead.
func reachable(b *draughts.Board, start, p *draughts.Position) bool {
	for _, s := range []draughts.Side{draughts.White, draughts.Black} {
		if p.Pieces[s].Count() > start.Pieces[s].Count() {
			return false
		}
		to, from := p.Men(s).Squares(), start.Men(s).Squares()
		if len(to) > len(from) {
			return false
		}
		k := start.Pieces[s^1].Count() - p.Pieces[s^1].Count() // jumps at most (may be < 0: then p is not reachable, checked for s^1)
		k = max(k, 0)
		behind := func(q, f draughts.Square) bool {
			rq, cq := b.RowCol(q)
			rf, cf := b.RowCol(f)
			d := rf - rq // rows walked: White's men go to row 0
			if s == draughts.Black {
				d = -d
			}
			return walked(d, abs(cq-cf), k)
		}
		if !matchAll(len(to), len(from), func(i, j int) bool { return behind(to[i], from[j]) }) {
			return false
		}
	}
	return true
}

// walked reports whether a man can go d rows forward (d < 0: back) and c
// columns aside (c >= 0) in s >= 0 steps (one row forward, one column
// aside each) and f forward and g backward capture jumps (two rows and two
// columns each), f+g <= k: d = s + 2f - 2g, and the columns reachable are
// those up to s + 2(f+g) of d's parity (the squares are dark), but for
// jumps alone (s = 0), which move the column by 2 each: then c = 2(f+g) -
// 4i for some i.
func walked(d, c, k int) bool {
	for j := 0; j <= k; j++ {
		for g := 0; g <= j; g++ {
			s := d - 2*(j-g) + 2*g
			switch {
			case s < 0 || c > s+2*j:
			case s > 0 || (2*j-c)%4 == 0:
				return true
			}
		}
	}
	return false
}

// matchAll reports whether each of n items can be given its own of m
// sources, item i taking source j only if ok(i, j) (augmenting paths).
func matchAll(n, m int, ok func(i, j int) bool) bool {
	owner := make([]int, m)
	for j := range owner {
		owner[j] = -1
	}
	var try func(i int, seen []bool) bool
	try = func(i int, seen []bool) bool {
		for j := 0; j < m; j++ {
			if seen[j] || !ok(i, j) {
				continue
			}
			seen[j] = true
			if owner[j] < 0 || try(owner[j], seen) {
				owner[j] = i
				return true
			}
		}
		return false
	}
	for i := 0; i < n; i++ {
		if !try(i, make([]bool, m)) {
			return false
		}
	}
	return true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
