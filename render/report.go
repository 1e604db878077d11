package render

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"draughtsjudge/batch"
	"draughtsjudge/draughts"
	"draughtsjudge/internal/errw"
	"draughtsjudge/judge"
	"draughtsjudge/solver"
)

// Report writes r as check's text report: the entry's identity, the
// verdict, the keys, every check with its evidence, the cooks, duals,
// transpositions and missing defences, the tries, the score and its
// breakdown, the non-zero measures, the nodes and seconds, with tree the
// solution tree, then the report of each part of a special kind. The
// error is the first error writing to w.
func Report(w io.Writer, r *judge.Report, tree bool) error {
	ew := &errw.Writer{W: w}
	writeReport(ew, r, tree)
	return ew.Err
}

// ReportHead writes the first part of Report: the entry's identity, the
// verdict, the keys, the checks, the cooks, duals, transpositions,
// missing defences and tries, the part the predecessor search
// (tourney.Stream.Fill: the originality score line) leaves as it is.
// ReportTail writes the rest, from the score on; ReportHead then
// ReportTail writes what Report writes. The error is the first error
// writing to w.
func ReportHead(w io.Writer, r *judge.Report) error {
	ew := &errw.Writer{W: w}
	writeHead(ew, r)
	return ew.Err
}

// ReportTail writes the part of Report after ReportHead's: the score and
// its breakdown, the measures, the nodes and seconds, the tree, the parts.
func ReportTail(w io.Writer, r *judge.Report, tree bool) error {
	ew := &errw.Writer{W: w}
	writeTail(ew, r, tree)
	return ew.Err
}

func writeReport(w io.Writer, r *judge.Report, tree bool) {
	writeHead(w, r)
	writeTail(w, r, tree)
}

func writeHead(w io.Writer, r *judge.Report) {
	fmt.Fprintf(w, "== %s#%d (line %d): %s %s, stipulation %q\n", r.File, r.Index, r.Line, r.Variant, orWord(r.Genre, "(no genre stated)"), r.Stipulation)
	if r.Author != "" {
		fmt.Fprintf(w, "   author: %s\n", r.Author)
	}
	if r.Source != "" {
		fmt.Fprintf(w, "   source: %s\n", r.Source)
	}
	fmt.Fprintf(w, "   position: %s\n", r.FEN)
	if r.Kind != "" {
		noun := "parts"
		if len(r.Parts) == 1 {
			noun = "part"
		}
		fmt.Fprintf(w, "   special kind (11.1.4): %s, %d %s\n", r.Kind, len(r.Parts), noun)
	}
	fmt.Fprintf(w, "   VERDICT: %s", strings.ToUpper(string(r.Verdict)))
	if r.Reason != "" {
		fmt.Fprintf(w, " (%s)", r.Reason)
	}
	if r.SourceStatus != "" {
		fmt.Fprintf(w, "   [source says: %s]", r.SourceStatus)
	}
	fmt.Fprintln(w)
	if len(r.Keys) > 0 {
		if retro(r) {
			fmt.Fprintf(w, "   last moves found: %s (retro-analysis)\n", strings.Join(r.Keys, ", "))
		} else {
			fmt.Fprintf(w, "   keys: %s (%s; %s)\n", strings.Join(r.Keys, ", "), solutionLength(r.Distance), authorKey(r.AuthorKey))
		}
	}
	for _, c := range r.Checks {
		writeHanging(w, fmt.Sprintf("   [%-15s %-8s %s] ", c.ID, c.Clause, c.Status), c.Detail)
	}
	for _, f := range r.Finales {
		if c := f.Completed(startSide(r), r.IsDraw()); c != "" {
			fmt.Fprintf(w, "   completed: %s\n", c)
		}
	}
	findings := func(name string, fs []judge.Finding) {
		for _, f := range fs {
			note := ""
			switch {
			case f.Status != "" && f.Note != "":
				note = " [" + f.Status + ": " + f.Note + "]"
			case f.Note != "":
				note = " [" + f.Note + "]"
			}
			kind := name
			if f.Kind != "" && f.Kind != "transposition" {
				kind = f.Kind
			}
			fmt.Fprintf(w, "   %s: after %s: %s %s%s\n", kind, lineOrStart(f.Line), f.Move, f.Result, note)
		}
	}
	findings("cook", r.Cooks)
	findings("dual", r.Duals)
	findings("transposition", r.Transpositions)
	findings("missing defence", r.MissingDefences)
	for _, t := range r.Tries {
		if refs := t.RefutedBy(); refs != "" {
			fmt.Fprintf(w, "   try %s: %s; refuted by %s\n", t.Move, t.Result, refs)
		} else {
			fmt.Fprintf(w, "   first move %s: %s\n", t.Move, t.Result)
		}
	}
}

func writeTail(w io.Writer, r *judge.Report, tree bool) {
	writeScore(w, r)
	// The evidence of the measures that are not zero (11.3), one line each.
	for _, m := range r.Measures {
		if m.Value != 0 {
			writeHanging(w, fmt.Sprintf("   measure %s = %g (%s): ", m.ID, m.Value, m.Clause), m.Detail)
		}
	}
	cached := ""
	if r.Cached {
		cached = ", from the store"
	}
	fmt.Fprintf(w, "   nodes %d, %.2fs%s\n", r.Nodes, r.Seconds, cached)
	if tree && r.Tree != nil {
		if r.IsDraw() {
			fmt.Fprintln(w, "   solution tree (attacker: every move that holds the draw, * = main; defender: every defence):")
		} else {
			fmt.Fprintln(w, "   solution tree (attacker: every winning move with its distance, * = main; defender: every defence):")
		}
		writeTree(w, r.Tree, "     ", 0, r.IsDraw())
	}
	writeParts(w, r, tree)
	fmt.Fprintln(w)
}

// writeTree writes a solution tree, each move with its distance; a draw's
// distances (0, or the plies to an endgame database) are no lengths of a
// win and are left out (draw).
func writeTree(w io.Writer, n *solver.Node, indent string, depth int, draw bool) {
	if n.Finale {
		fmt.Fprintf(w, "%sfinale: %s\n", indent, n.FEN)
		return
	}
	if n.Truncated {
		fmt.Fprintf(w, "%s… (not expanded)\n", indent)
		return
	}
	for _, b := range n.Branches {
		mark := " "
		if b.Main {
			mark = "*"
		}
		who := "W"
		if !n.Attacker {
			who = "B"
		}
		fmt.Fprintf(w, "%s%s%s %s%s\n", indent, mark, who, b.Move, treeDistance(b.Distance, draw))
		if b.Child != nil {
			writeTree(w, b.Child, indent+"  ", depth+1, draw)
		}
	}
}

// Summary writes check's summary table of the batch, one line per entry,
// and the totals line. The error is the first error writing to w.
func Summary(w io.Writer, res *batch.Result) error {
	ew := &errw.Writer{W: w}
	writeSummary(ew, res)
	return ew.Err
}

func writeSummary(w io.Writer, res *batch.Result) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "entry\tvariant\tgenre\tverdict\tkeys\tcooks\tduals\tmissing\tnodes\tseconds")
	for _, r := range res.Entries {
		fmt.Fprintf(tw, "%s#%d\t%s\t%s\t%s\t%s\t%d\t%d\t%d\t%d\t%.2f\n", r.File, r.Index, r.Variant, orDash(r.Genre), r.Verdict,
			orDash(strings.Join(r.Keys, " ")), len(r.Cooks), len(r.Duals), len(r.MissingDefences), r.Nodes, r.Seconds)
	}
	tw.Flush()
	s := res.Summary
	fmt.Fprintf(w, "%d entries: %d sound, %d defective, %d unknown; %d input errors; %.1fs\n",
		s.Entries, s.Sound, s.Defective, s.Unknown, s.Errors, s.Seconds)
}

// orWord is s, or word when s is empty (in prose a bare "-" would read as
// a value).
func orWord(s, word string) string {
	if s == "" {
		return word
	}
	return s
}

// retro reports whether r is a retro-analysis task or part (11.1.4):
// its Keys are the last moves found, not keys, and it has no distance.
// A part says so by its [retro] check (its stipulation may be Russian,
// "ретро 1").
func retro(r *judge.Report) bool {
	return r.Kind == "retro" || r.Check("retro") != nil
}

// authorKey is "author's key K", or "no author's solution" when the
// composition has none (a position given by its FEN alone).
func authorKey(k string) string {
	if k == "" {
		return "no author's solution"
	}
	return "author's key " + k
}

// orDash is s, or "-" when s is empty: for table cells.
func orDash(s string) string {
	return orWord(s, "-")
}

// variantGenre is the game system and the genre for prose: "russian
// problem", or "russian" alone when no genre is stated (a table writes
// orDash; prose leaves the genre out rather than write "-").
func variantGenre(variant, genre string) string {
	if genre == "" {
		return variant
	}
	return variant + " " + genre
}

// finaleName names a finale of r for a caption: the author's line, or,
// where the author's text stops before the goal, how far it goes and the
// moves the tool added (judge.Finale.Completed); then how the goal holds.
func finaleName(r *judge.Report, f judge.Finale) string {
	if c := f.Completed(startSide(r), r.IsDraw()); c != "" {
		return "finale: " + c
	}
	return "finale after " + lineOrStart(f.Line) + f.Held(r.IsDraw())
}

// startSide is the side to move in r's initial position (its FEN).
func startSide(r *judge.Report) draughts.Side {
	if strings.HasPrefix(r.FEN, "B") {
		return draughts.Black
	}
	return draughts.White
}

func lineOrStart(line []string) string {
	if len(line) == 0 {
		return "the start"
	}
	return strings.Join(line, " ")
}

// writeScore adds the score and its breakdown to the text report.
func writeScore(w io.Writer, r *judge.Report) {
	fmt.Fprintf(w, "   SCORE: %.2f / 10 (%s)\n", r.Score, r.ScoreNote)
	for _, l := range r.ScoreLines {
		if l.Applied || l.ID == "originality" {
			writeHanging(w, fmt.Sprintf("     %+5.2f %-22s %-9s ", l.Weight, l.ID, l.Clause), l.Detail)
		}
	}
}

// writeHanging writes one entry of the text report: head, then text, whose
// continuation lines (a detail with a line break in it) are indented under
// its first, so they stay inside the entry and, in a part's block (see
// writeParts), behind the part's "|".
func writeHanging(w io.Writer, head, text string) {
	pad := "\n" + strings.Repeat(" ", utf8.RuneCountInString(head))
	text = strings.TrimRight(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	fmt.Fprintf(w, "%s%s\n", head, strings.ReplaceAll(text, "\n", pad))
}

// solutionLength says how long the solution is: "shortest solution 3
// moves", or, with distance 0 (a draw: no goal reached in so many
// moves), "the draw is proved" rather than "0 moves".
// treeDistance is the " (N)" after a move of a solution tree; nothing
// for a draw's tree.
func treeDistance(distance int, draw bool) string {
	if draw {
		return ""
	}
	return fmt.Sprintf(" (%d)", distance)
}

func solutionLength(distance int) string {
	switch distance {
	case 0:
		return "the draw is proved"
	case 1:
		return "shortest solution 1 move"
	}
	return fmt.Sprintf("shortest solution %d moves", distance)
}
