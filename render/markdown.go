package render

import (
	"fmt"
	"io"
	"strings"

	"draughtsjudge/batch"
	"draughtsjudge/internal/errw"
	"draughtsjudge/judge"
	"draughtsjudge/solver"
)

// Markdown writes the batch as one Markdown document (check --format
// markdown): a summary table, then per entry the checks, the findings,
// the tries, the score breakdown, the measures and the solution tree.
// The error is the first error writing to w.
func Markdown(w io.Writer, res *batch.Result) error {
	ew := &errw.Writer{W: w}
	writeMarkdown(ew, res)
	return ew.Err
}

func writeMarkdown(w io.Writer, res *batch.Result) {
	cell := md // user text: HTML escaped, no '|' or line break
	fmt.Fprintln(w, "# draughtsjudge report")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| entry | author | variant | genre | verdict | score | keys |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|")
	for _, r := range res.Entries {
		fmt.Fprintf(w, "| %s#%d | %s | %s | %s | %s | %.2f | %s |\n", cell(r.File), r.Index, cell(r.Author), r.Variant, orDash(r.Genre), r.Verdict, r.Score, cell(strings.Join(r.Keys, ", ")))
	}
	s := res.Summary
	fmt.Fprintf(w, "\n%d entries: %d sound, %d defective, %d unknown; %d input errors.\n", s.Entries, s.Sound, s.Defective, s.Unknown, s.Errors)
	for _, r := range res.Entries {
		if r.Author != "" {
			fmt.Fprintf(w, "\n## %s#%d — %s\n\n", cell(r.File), r.Index, cell(r.Author))
		} else {
			fmt.Fprintf(w, "\n## %s#%d\n\n", cell(r.File), r.Index)
		}
		fmt.Fprintf(w, "- %s, %s, stipulation “%s”; position `%s`\n", r.Variant, orWord(r.Genre, "no genre stated"), cell(r.Stipulation), r.FEN)
		fmt.Fprintf(w, "- verdict: **%s** %s\n", r.Verdict, cell(r.Reason))
		fmt.Fprintf(w, "- score: **%.2f** / 10 — %s\n", r.Score, cell(r.ScoreNote))
		if retro(r) {
			fmt.Fprintf(w, "- retro-analysis; last moves found %s\n", orDash(strings.Join(r.Keys, ", ")))
		} else {
			fmt.Fprintf(w, "- %s; keys found %s; main line: %s\n", authorKey(r.AuthorKey), orDash(strings.Join(r.Keys, ", ")), orDash(strings.Join(r.MainLine, " ")))
		}
		for _, f := range r.Finales {
			if f.Fulfilled {
				fmt.Fprintf(w, "- %s: `%s`\n", cell(finaleName(r, f)), f.FEN)
			}
		}
		fmt.Fprintln(w, "\n| check | clause | status | evidence |\n|---|---|---|---|")
		for _, c := range r.Checks {
			fmt.Fprintf(w, "| %s | %s | %s | %s |\n", c.ID, c.Clause, c.Status, cell(c.Detail))
		}
		type row struct {
			kind string
			f    judge.Finding
		}
		var rows []row
		for _, f := range r.Cooks {
			rows = append(rows, row{"cook", f})
		}
		for _, f := range r.Duals {
			rows = append(rows, row{f.Kind, f})
		}
		for _, f := range r.Transpositions {
			rows = append(rows, row{"transposition", f})
		}
		for _, f := range r.MissingDefences {
			rows = append(rows, row{"missing defence", f})
		}
		if len(rows) > 0 {
			fmt.Fprintln(w, "\n| finding | after | move | result | rule |\n|---|---|---|---|---|")
			for _, x := range rows {
				fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", x.kind, cell(lineOrStart(x.f.Line)), x.f.Move, cell(x.f.Result), cell(x.f.Note))
			}
		}
		if len(r.Tries) > 0 {
			fmt.Fprintln(w, "\n| try | result | refuted by (! = never wins) |\n|---|---|---|")
			for _, t := range r.Tries {
				fmt.Fprintf(w, "| %s | %s | %s |\n", t.Move, t.Result, t.RefutedBy())
			}
		}
		fmt.Fprintln(w, "\n| score line | clause | weight | applied | detail |\n|---|---|---|---|---|")
		for _, l := range r.ScoreLines {
			fmt.Fprintf(w, "| %s | %s | %+.2f | %s | %s |\n", l.ID, l.Clause, l.Weight, yes(l.Applied), cell(l.Detail))
		}
		if len(r.Measures) > 0 {
			fmt.Fprintln(w, "\n| measure | clause | value | evidence |\n|---|---|---|---|")
			for _, m := range r.Measures {
				fmt.Fprintf(w, "| %s | %s | %g | %s |\n", m.ID, m.Clause, m.Value, cell(m.Detail))
			}
		}
		if r.Tree != nil {
			if r.IsDraw() {
				fmt.Fprintln(w, "\nSolution tree (W: every move that holds the draw, **main**; B: every defence):")
			} else {
				fmt.Fprintln(w, "\nSolution tree (W: every move that still forces the goal, **main**; B: every defence; number = moves to the goal):")
			}
			fmt.Fprintln(w)
			mdTree(w, r.Tree, "", r.IsDraw())
		}
	}
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// mdTree: see writeTree (draw leaves the distances out).
func mdTree(w io.Writer, n *solver.Node, indent string, draw bool) {
	for _, b := range n.Branches {
		who := "W"
		if !n.Attacker {
			who = "B"
		}
		mv := b.Move
		if b.Main {
			mv = "**" + mv + "**"
		}
		end := ""
		switch {
		case b.Child != nil && b.Child.Finale:
			end = " — finale"
		case b.Child == nil || b.Child.Truncated:
			end = " …"
		}
		fmt.Fprintf(w, "%s- %s %s%s%s\n", indent, who, mv, treeDistance(b.Distance, draw), end)
		if b.Child != nil {
			mdTree(w, b.Child, indent+"  ", draw)
		}
	}
}
