package render

import (
	"bytes"
	"strings"
	"testing"

	"draughtsjudge/judge"
)

// A detail with a line break keeps its continuation lines inside its entry:
// indented under the first line, and in a part's block behind the part's
// "|" (the check, the score line and the measure alike).
func TestReportMultiLineDetail(t *testing.T) {
	part := &judge.Report{
		File: "x.pdn", Index: 1, Line: 1, Variant: "russian", Stipulation: "win",
		FEN: "W:Wh8,a3:Ba1", Verdict: judge.Defective, Part: "board turned 180°",
		Checks: []judge.Check{{ID: "legal", Clause: "11.2.2", Status: judge.Fail, Detail: "first\nsecond"}},
	}
	part.ScoreLines = []judge.ScoreLine{{ID: "legal", Clause: "11.2.2", Weight: 0, Applied: true, Detail: "formal failure: first\nsecond"}}
	part.Measures = []judge.Measure{{ID: "balance", Clause: "11.3.7.2", Value: 1, Detail: "one\ntwo"}}
	r := &judge.Report{File: "x.pdn", Index: 1, Line: 1, Variant: "russian", Stipulation: "win; turned: win",
		FEN: "W:Wh6,a1:Bh8", Verdict: judge.Defective, Kind: "turned", Parts: []*judge.Report{part}}
	var b bytes.Buffer
	if err := Report(&b, r, false); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	block := text[strings.Index(text, "   -- board turned"):]
	for _, l := range strings.Split(strings.TrimRight(block, "\n"), "\n")[1:] {
		if !strings.HasPrefix(l, "   |") {
			t.Errorf("line %q of the part's block lacks the part's prefix", l)
		}
	}
	for _, e := range []struct{ head, first, next string }{
		{"   [legal           11.2.2   fail] ", "first", "second"},
		{"     +0.00 legal                  11.2.2    ", "formal failure: first", "second"},
		{"   measure balance = 1 (11.3.7.2): ", "one", "two"},
	} {
		want := "   |" + e.head + e.first + "\n   |" + strings.Repeat(" ", len(e.head)) + e.next + "\n"
		if !strings.Contains(text, want) {
			t.Errorf("report lacks\n%s\nin\n%s", want, text)
		}
	}
}
