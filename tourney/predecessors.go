package tourney

import (
	"fmt"
	"strings"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/judge"
)

// MaxPredecessors caps the predecessors listed per report, so that a batch
// of n copies of one composition gives a report of size linear in n.
const MaxPredecessors = 5

// FindPredecessors fills each report's Originality from the other reports
// of the batch: same initial position up to colour/mirror
// (draughts.Position.Mirror), same finale, same key and main line.
func FindPredecessors(reps []*judge.Report) {
	f := NewFinder(len(reps))
	for i, r := range reps {
		f.Add(i, r)
	}
	for i := range reps {
		f.Fill(i)
	}
}

// A Finder is FindPredecessors one report at a time, for a batch whose
// reports are written as they finish: Add each report as it is done, and
// Fill a report once every report that may name it (MayName) is added;
// it then gets the Originality FindPredecessors would give it.
type Finder struct {
	reps []*judge.Report
	ns   []norm
}

// norm is what a report is compared on: its initial position and
// fulfilled finales up to colour/mirror, its main line.
type norm struct {
	start   string
	finales map[string]bool
	line    string
	// finalePos are the fulfilled finales and their mirrors (MayName);
	// nil for one that does not read.
	finalePos []*[2]draughts.Position
}

// NewFinder is a Finder for a batch of n reports.
func NewFinder(n int) *Finder {
	return &Finder{reps: make([]*judge.Report, n), ns: make([]norm, n)}
}

// canonFEN is fen of variant up to colour/mirror ("" if it does not read).
func canonFEN(rules *draughts.Rules, variant, fen string) string {
	p, err := draughts.ParseFEN(rules, fen)
	if err != nil {
		return ""
	}
	a := draughts.FEN(&p, rules)
	m := p.Mirror(rules.Board)
	b := draughts.FEN(&m, rules)
	if b < a {
		a = b
	}
	return variant + "|" + a
}

// Add records report r, number i of the batch.
func (f *Finder) Add(i int, r *judge.Report) {
	f.reps[i] = r
	n := norm{finales: map[string]bool{}}
	f.ns[i] = n
	rules, err := draughts.RulesByID(r.Variant)
	if err != nil {
		return // compared on nothing
	}
	n.start = canonFEN(rules, r.Variant, r.FEN)
	for _, fin := range r.Finales {
		if fin.Fulfilled {
			n.finales[canonFEN(rules, r.Variant, fin.FEN)] = true
			var pm *[2]draughts.Position
			if p, err := draughts.ParseFEN(rules, fin.FEN); err == nil {
				pm = &[2]draughts.Position{p, p.Mirror(rules.Board)}
			}
			n.finalePos = append(n.finalePos, pm)
		}
	}
	if len(r.MainLine) > 0 {
		n.line = r.Variant + "|" + strings.Join(r.MainLine, " ")
	}
	f.ns[i] = n
}

// Fill sets the Originality of report i (added) from the reports added
// so far, and its originality score line.
func (f *Finder) Fill(i int) {
	r, ns := f.reps[i], f.ns
	o := &judge.Originality{Status: "left to the judge", Predecessors: []string{}}
	for j, q := range f.reps {
		if i == j || q == nil {
			continue
		}
		var why []string
		if ns[i].start != "" && ns[i].start == ns[j].start {
			why = append(why, "same initial position (up to colours/mirror)")
		}
		for fin := range ns[i].finales {
			if fin != "" && ns[j].finales[fin] {
				why = append(why, "same finale")
				break
			}
		}
		if ns[i].line != "" && ns[i].line == ns[j].line {
			why = append(why, "same key and main line")
		}
		if len(why) > 0 && len(o.Predecessors) == MaxPredecessors {
			o.More++
		} else if len(why) > 0 {
			who := ""
			if q.Author != "" {
				who = " (" + q.Author + ")"
			}
			o.Predecessors = append(o.Predecessors, fmt.Sprintf("%s#%d%s: %s", q.File, q.Index, who, strings.Join(why, ", ")))
		}
	}
	r.Originality = o
	d := "left to the judge; predecessor search over the loaded batch (same position up to colour/mirror, same finale, same key and main line): "
	if len(o.Predecessors) == 0 {
		d += "none found"
	} else {
		d += strings.Join(o.Predecessors, "; ")
		if o.More > 0 {
			d += fmt.Sprintf("; and %d more", o.More)
		}
	}
	r.ScoreLines = append(r.ScoreLines, judge.ScoreLine{ID: "originality", Clause: "11.3.2", Weight: 0, Applied: false, Detail: d})
}

// A Prospect is what MayName needs of a composition not yet analysed.
type Prospect struct {
	variant string
	always  bool // a special kind (11.1.4) or Lasca
	start   string
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
	pr.start = canonFEN(c.Rules, c.Rules.ID, draughts.FEN(&c.Start, c.Rules))
	if lines := c.Lines(); len(lines) > 0 && len(lines[0].Text) > 0 {
		pr.line = c.Rules.ID + "|" + strings.Join(lines[0].Text, " ")
	}
	return pr
}

// MayName reports whether the report of the composition of prospect c,
// not yet analysed, may name report i (added) as a predecessor, or
// report i it (the relation is symmetric), judging from the composition
// alone: it has report i's initial position up to colour/mirror, or its
// author's main line is report i's, or its men and pieces can lead to one
// of report i's fulfilled finales (reachable); a special kind (11.1.4) or Lasca, whose
// report is not made from these alone, always may. False means that the
// Originality of report i from the reports added so far is final
// whatever that composition's report says.
func (f *Finder) MayName(i int, c Prospect) bool {
	r, n := f.reps[i], f.ns[i]
	if c.variant != r.Variant {
		return false
	}
	if c.always {
		return true
	}
	if n.start != "" && n.start == c.start {
		return true
	}
	if n.line != "" && n.line == c.line {
		return true
	}
	for _, p := range n.finalePos {
		if p == nil || reachable(c.board, &c.pos, &p[0]) || reachable(c.board, &c.pos, &p[1]) {
			return true
		}
	}
	return false
}

// reachable reports whether p can follow from start by the men's
// moves alone, as far as they constrain it: neither side has more pieces,
// and each man of p can be matched to its own man of start that it can
// have walked from (a man moves and captures forward, within the cone
// of the diagonals behind it; a king can be any other piece).
func reachable(b *draughts.Board, start, p *draughts.Position) bool {
	for _, s := range []draughts.Side{draughts.White, draughts.Black} {
		if p.Pieces[s].Count() > start.Pieces[s].Count() {
			return false
		}
		to, from := p.Men(s).Squares(), start.Men(s).Squares()
		if len(to) > len(from) {
			return false
		}
		behind := func(q, f draughts.Square) bool {
			rq, cq := b.RowCol(q)
			rf, cf := b.RowCol(f)
			d := rf - rq // rows walked: White's men go to row 0
			if s == draughts.Black {
				d = -d
			}
			return d >= 0 && abs(cq-cf) <= d
		}
		if !matchAll(len(to), len(from), func(i, j int) bool { return behind(to[i], from[j]) }) {
			return false
		}
	}
	return true
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
