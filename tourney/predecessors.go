package tourney

import (
	"fmt"
	"strings"

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
	type norm struct {
		start   string
		finales map[string]bool
		line    string
	}
	ns := make([]norm, len(reps))
	for i, r := range reps {
		ns[i].finales = map[string]bool{}
		rules, err := draughts.RulesByID(r.Variant)
		if err != nil {
			continue
		}
		canon := func(fen string) string {
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
			return r.Variant + "|" + a
		}
		ns[i].start = canon(r.FEN)
		for _, f := range r.Finales {
			if f.Fulfilled {
				ns[i].finales[canon(f.FEN)] = true
			}
		}
		if len(r.MainLine) > 0 {
			ns[i].line = r.Variant + "|" + strings.Join(r.MainLine, " ")
		}
	}
	for i, r := range reps {
		o := &judge.Originality{Status: "left to the judge", Predecessors: []string{}}
		for j, q := range reps {
			if i == j {
				continue
			}
			var why []string
			if ns[i].start != "" && ns[i].start == ns[j].start {
				why = append(why, "same initial position (up to colours/mirror)")
			}
			for f := range ns[i].finales {
				if f != "" && ns[j].finales[f] {
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
}
