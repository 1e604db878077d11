package judge_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"draughtsjudge/corpus"
	"draughtsjudge/internal/testflag"
	"draughtsjudge/judge"
)

// Identical lines are one line. A variation that repeats
// the move it is an alternative to, or a second copy of a variation, is no
// new line of play: the copy of a published composition must get exactly
// the published composition's report on [variations], the variations
// measure, the verdict and the score. The truth is the original's report.

// shoshinMain is the main line of Shoshin's study (corpus/sample), as the
// sample writes it.
const shoshinMain = "1. a5-b4 f4-g3 (1... f4-e3 2. b4-e1 a7-b6 3. a3-b4) 2. b4-c5 g3-h2 3. a3-b4 h2-g1 (3... a7-b6 4. c5:a7 h2-g1 5. b4-c5) 4. b4-a5"

// linesReport is what the count of lines decides in a report.
func linesReport(t *testing.T, rep *judge.Report) string {
	t.Helper()
	rep.ApplyScore(judge.DefaultRubric())
	var b strings.Builder
	fmt.Fprintf(&b, "verdict %s\n", rep.Verdict)
	if ch := rep.Check("variations"); ch != nil {
		fmt.Fprintf(&b, "[variations] %s: %s\n", ch.Status, ch.Detail)
	} else {
		b.WriteString("[variations] missing\n")
	}
	for _, m := range rep.Measures {
		if m.ID == "variations" {
			fmt.Fprintf(&b, "measure variations = %g: %s\n", m.Value, m.Detail)
		}
	}
	fmt.Fprintf(&b, "score %.2f (%s)\n", rep.Score, rep.ScoreNote)
	fmt.Fprintf(&b, "finales %d, duals %d, missing defences %d\n", len(rep.Finales), len(rep.Duals), len(rep.MissingDefences))
	return b.String()
}

// nested wraps move, n times, into variations of itself:
// "1. a5-b4 (1. a5-b4 (1. a5-b4) )".
func nested(move string, n int) string {
	return move + strings.Repeat(" ("+move, n) + strings.Repeat(")", n)
}

func TestIdenticalLinesCountOnce(t *testing.T) {
	testflag.Long(t) // slow: the long tier (CI); the default run must stay far from Go's 10-minute timeout on a slower machine
	orig := published(t, "Shoshin")
	oneLine := edit(t, edit(t, orig, " (1... f4-e3 2. b4-e1 a7-b6 3. a3-b4)", ""), " (3... a7-b6 4. c5:a7 h2-g1 5. b4-c5)", "")
	type pair struct {
		name, original, copy string
		long                 bool // behind DRAUGHTSJUDGE_LONG: each analysis takes about a second
	}
	pairs := []pair{
		// The sample's study (three lines) with its first Black move
		// repeated as a variation, the whole main line as a copy.
		{"black move repeated", orig, edit(t, orig, "1. a5-b4 f4-g3 ", "1. a5-b4 f4-g3 (1... f4-g3 2. b4-c5 g3-h2 3. a3-b4 h2-g1 4. b4-a5) "), false},
		// The key repeated as a variation of itself.
		{"key repeated", orig, edit(t, orig, "1. a5-b4 f4-g3 ", "1. a5-b4 (1. a5-b4 f4-g3 2. b4-c5) f4-g3 "), true},
		// A side variation given twice.
		{"variation twice", orig, edit(t, orig, "(1... f4-e3 2. b4-e1 a7-b6 3. a3-b4)", "(1... f4-e3 2. b4-e1 a7-b6 3. a3-b4) (1... f4-e3 2. b4-e1 a7-b6 3. a3-b4)"), false},
		// The one-line study (the main line alone: 1 author's line, the
		// branches of its play counted) does not gain an author's line by
		// a copy of its Black move.
		{"one line, black move repeated", oneLine, edit(t, oneLine, "1. a5-b4 f4-g3 ", "1. a5-b4 f4-g3 (1... f4-g3 2. b4-c5 g3-h2 3. a3-b4 h2-g1 4. b4-a5) "), true},
		{"one line, 1000 nested copies of the key", oneLine, edit(t, oneLine, "1. a5-b4 f4-g3 ", nested("1. a5-b4", 1000)+" f4-g3 "), false},
		{"one line, 1000 nested copies of a Black move", oneLine, edit(t, oneLine, " g3-h2 ", " "+nested("2... g3-h2", 1000)+" "), false},
	}
	want := map[string]string{}
	for _, p := range pairs {
		if _, ok := want[p.original]; ok {
			continue
		}
		rep, err := parse(t, "original.pdn", p.original, linesOpts())
		if err != nil {
			t.Fatal(err)
		}
		want[p.original] = linesReport(t, rep)
	}
	// What the originals are (the published study sound on three lines;
	// its main line alone passes 11.2.5 by its play, which has the omitted
	// 1...f4-e3 branch), so a copy cannot agree with a broken original.
	if w := want[orig]; !strings.Contains(w, "[variations] pass: 3 thematic lines") || strings.Contains(w, "score 0.00") {
		t.Fatalf("the published study:\n%s", w)
	}
	if w := want[oneLine]; !strings.Contains(w, "[variations] pass: the author gives 1 thematic line, but the play has two or more branches") || !namesF4E3Branch(w) {
		t.Fatalf("the one-line study:\n%s", w)
	}
	for _, p := range pairs {
		t.Run(p.name, func(t *testing.T) {
			if p.long {
				testflag.Long(t)
			}
			start := time.Now()
			rep, err := parse(t, "copy.pdn", p.copy, linesOpts())
			if err != nil {
				t.Fatal(err)
			}
			if got := linesReport(t, rep); got != want[p.original] {
				t.Errorf("the copy's report:\n%s\nthe original's:\n%s", got, want[p.original])
			}
			t.Logf("%.1fs", time.Since(start).Seconds())
		})
	}
}

// The author's lines (the contest key reads them) list a copy once.
func TestAuthorLinesIdenticalOnce(t *testing.T) {
	orig := published(t, "Shoshin")
	copies := edit(t, orig, "1. a5-b4 f4-g3 ", nested("1. a5-b4", 1000)+" f4-g3 (1... f4-g3 2. b4-c5 (2. b4-c5 g3-h2) g3-h2) (1... f4-e3 2. b4-e1) ")
	lines := func(text string) []string {
		es := corpus.Parse("x.pdn", []byte(text))
		if len(es) != 1 || es[0].Err != nil {
			t.Fatalf("parse: %v", es)
		}
		var out []string
		for _, l := range es[0].Composition.Lines() {
			out = append(out, fmt.Sprint(l.Main, l.Text))
		}
		return out
	}
	want, got := lines(orig), lines(copies)
	if len(want) != 3 || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("author's lines of the copy:\n%s\nof the original:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// linesOpts: fastOpts with a smaller budget; Shoshin's study is decided
// within it in a fraction of a second.
func linesOpts() judge.Options {
	o := fastOpts()
	o.Solver.Budget.Nodes, o.Solver.Budget.TTBytes = 10_000, 16<<20
	return o
}
