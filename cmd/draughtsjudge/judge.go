package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"draughtsjudge/judge"
	"draughtsjudge/solver"
)

// addReportFlags adds the check command's report flags.
func addReportFlags(fs *pflag.FlagSet, f *runFlags) {
	fs.StringVar(&f.rubric, "rubric", "", "scoring rubric file replacing the embedded one (tab-separated: id, clause, weight, condition, description)")
	fs.StringVar(&f.pdnOut, "pdn-out", "", "write the solution trees of the batch as PDN with comments to this file")
}

func validFormat(s string) bool {
	return s == "text" || s == "json" || s == "markdown" || s == "html"
}

// loadRubric reads the --rubric file, or returns the embedded rubric.
// Only a regular file of at most --max-file-size is read.
func loadRubric(path string, f *runFlags) (judge.Rubric, error) {
	if path == "" {
		return judge.DefaultRubric(), nil
	}
	data, err := readInput(path, f)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read: %v", path, err)
	}
	return judge.ParseRubric(path, data)
}

// writeScore adds the score and its breakdown to the text report.
func writeScore(w io.Writer, r *judge.Report) {
	fmt.Fprintf(w, "   SCORE: %.2f / 10 (%s)\n", r.Score, r.ScoreNote)
	for _, l := range r.ScoreLines {
		if l.Applied || l.ID == "originality" {
			fmt.Fprintf(w, "     %+5.2f %-22s %-9s %s\n", l.Weight, l.ID, l.Clause, l.Detail)
		}
	}
}

// writePDN writes one report's solution tree as a PDN game: the solver's
// main line, every other defence and every other winning move (duals) as
// variations, with comments.
func writePDN(w *strings.Builder, r *judge.Report) {
	tag := func(k, v string) {
		if v != "" {
			fmt.Fprintf(w, "[%s %q]\n", k, v)
		}
	}
	gt := map[string]string{"russian": "25", "brazilian": "26", "international": "20", "russian-giveaway": "25", "international-giveaway": "20"}[r.Variant]
	tag("Event", fmt.Sprintf("draughtsjudge: %s#%d", r.File, r.Index))
	tag("Author", r.Author)
	tag("Source", r.Source)
	tag("GameType", gt)
	if strings.Contains(r.Variant, "giveaway") {
		tag("Variant", r.Variant)
	}
	tag("FEN", r.FEN)
	tag("Genre", r.Genre)
	tag("Stipulation", r.Stipulation)
	res := "*"
	if r.Verdict == judge.Sound && r.Tree != nil {
		res = "1-0"
		if strings.HasPrefix(r.Stipulation, "draw") {
			res = "1/2-1/2"
		}
	}
	tag("Result", res)
	head := "verdict: " + r.Verdict
	if r.Reason != "" {
		head += " (" + r.Reason + ")"
	}
	fmt.Fprintf(w, "{%s; score %.2f}", strings.ReplaceAll(head, "}", ")"), r.Score)
	if r.Tree != nil {
		pdnNode(w, r.Tree, 1)
	}
	fmt.Fprintf(w, " %s\n\n", res)
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

func pdnNode(w *strings.Builder, n *solver.Node, no int) {
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
	comment := func(b solver.Branch, isMain bool) string {
		switch {
		case n.Attacker && isMain:
			return fmt.Sprintf(" {goal in %d}", b.Distance)
		case n.Attacker:
			return fmt.Sprintf(" {dual: also reaches the goal in %d}", b.Distance)
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
			pdnNode(w, b.Child, next)
		}
		w.WriteString(")")
	}
	pdnNode(w, mb.Child, next)
}
