package render

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"draughtsjudge/contest"
	"draughtsjudge/judge"
	"draughtsjudge/solver"
)

// TestPDNDrawComments: on a draw stipulation --pdn-out says "draw", never
// "goal in N" (the distance of a draw's tree is no goal reached); another
// drawing first move is a cook (11.2.6), one deeper a dual.
func TestPDNDrawComments(t *testing.T) {
	r := &judge.Report{File: "d.pdn", Variant: "russian", Stipulation: "draw", FEN: "W:Wa1,c1:Bh8", Verdict: judge.Sound,
		Tree: &solver.Node{FEN: "W:Wa1,c1:Bh8", Attacker: true, Distance: 1, Branches: []solver.Branch{
			{Move: "a1-b2", Main: true, Distance: 1, Child: &solver.Node{FEN: "B:Wb2,c1:Bh8", Finale: true}},
			{Move: "c1-d2", Distance: 1},
		}}}
	var buf bytes.Buffer
	if err := PDN(&buf, r); err != nil {
		t.Fatal(err)
	}
	got := buf.String()
	for _, frag := range []string{"1. a1-b2 {draw}", "(1. c1-d2 {cook: also holds the draw}", "1/2-1/2"} {
		if !strings.Contains(got, frag) {
			t.Errorf("no %q in:\n%s", frag, got)
		}
	}
	if strings.Contains(got, "goal in") {
		t.Errorf("'goal in' on a draw:\n%s", got)
	}
	r.Stipulation = "win"
	buf.Reset()
	_ = PDN(&buf, r)
	if !strings.Contains(buf.String(), "1. a1-b2 {goal in 1}") {
		t.Errorf("win: %s", buf.String())
	}
}

// TestPDNCookAtRoot: another winning first move of White's is another key,
// a full cook (11.2.6, as the text report calls it), so --pdn-out comments
// it "cook", not "dual" (it did); a winning alternative deeper in the tree
// stays a dual, and so does White's alternative after Black's first move
// in a Black-first composition (no keys there, 11.2.6).
func TestPDNCookAtRoot(t *testing.T) {
	deep := &solver.Node{FEN: "W:Wb2,c1:Bg7", Attacker: true, Distance: 1, Branches: []solver.Branch{
		{Move: "b2-c3", Main: true, Distance: 1, Child: &solver.Node{FEN: "B:Wc3,c1:Bg7", Finale: true}},
		{Move: "c1-d2", Distance: 1},
	}}
	tree := &solver.Node{FEN: "W:Wa1,c1:Bh8", Attacker: true, Distance: 2, Branches: []solver.Branch{
		{Move: "a1-b2", Main: true, Distance: 2, Child: &solver.Node{FEN: "B:Wb2,c1:Bh8", Distance: 1, Branches: []solver.Branch{
			{Move: "h8-g7", Main: true, Distance: 1, Child: deep},
		}}},
		{Move: "c1-b2", Distance: 3},
	}}
	r := &judge.Report{File: "c.pdn", Variant: "russian", Stipulation: "win", FEN: "W:Wa1,c1:Bh8", Verdict: judge.Defective, Tree: tree}
	var buf bytes.Buffer
	if err := PDN(&buf, r); err != nil {
		t.Fatal(err)
	}
	got := buf.String()
	for _, frag := range []string{"1. a1-b2 {goal in 2} (1. c1-b2 {cook: also reaches the goal in 3} {not expanded})",
		"2. b2-c3 {goal in 1} (2. c1-d2 {dual: also reaches the goal in 1} {not expanded})"} {
		if !strings.Contains(got, frag) {
			t.Errorf("no %q in:\n%s", frag, got)
		}
	}
	if strings.Count(got, "cook") > 1 {
		t.Errorf("a cook below the root:\n%s", got)
	}
	// Black first: the root is Black's move, White's alternatives are duals.
	r = &judge.Report{File: "c.pdn", Variant: "russian", Stipulation: "black-first: win", FEN: "B:Wb2,c1:Bh8", Verdict: judge.Sound,
		Tree: &solver.Node{FEN: "B:Wb2,c1:Bh8", Distance: 1, Branches: []solver.Branch{{Move: "h8-g7", Main: true, Distance: 1, Child: deep}}}}
	buf.Reset()
	_ = PDN(&buf, r)
	if got := buf.String(); !strings.Contains(got, "1... h8-g7 2. b2-c3 {goal in 1} (2. c1-d2 {dual: also reaches the goal in 1} {not expanded})") || strings.Contains(got, "cook") {
		t.Errorf("Black first:\n%s", got)
	}
}

// TestResultsCSVSharedPlace: a shared place is "1–2 (shared)" in the CSV,
// never "1-2", which a spreadsheet turns into a date.
func TestResultsCSVSharedPlace(t *testing.T) {
	var res contest.Results
	readJSON(t, "results.json", &res)
	res.Solvers[0].Place, res.Solvers[1].Place = "1-2", "1-2"
	var buf bytes.Buffer
	if err := Results(&buf, &res, "csv"); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if got := rows[1][0]; got != "1\u20132 (shared)" {
		t.Errorf("place %q, want %q", got, "1\u20132 (shared)")
	}
}

// TestReportWithoutAuthorData: a composition given by its FEN alone (no
// genre, no author's solution) reads "(no genre stated)" and "no author's
// solution" in the text report, never a bare "-" where a genre or a key
// would stand.
func TestReportWithoutAuthorData(t *testing.T) {
	r := &judge.Report{File: "--fen", Index: 1, Line: 1, Variant: "russian", Stipulation: "win", FEN: "W:WKa5,a3:Ba7,f4",
		Verdict: judge.Sound, Keys: []string{"a5-b4"}, Distance: 6}
	var buf bytes.Buffer
	if err := Report(&buf, r, false); err != nil {
		t.Fatal(err)
	}
	got := buf.String()
	for _, frag := range []string{`russian (no genre stated), stipulation "win"`, "keys: a5-b4 (shortest solution 6 moves; no author's solution)"} {
		if !strings.Contains(got, frag) {
			t.Errorf("no %q in:\n%s", frag, got)
		}
	}
	r.Genre, r.AuthorKey = "study", "a5-b4"
	buf.Reset()
	_ = Report(&buf, r, false)
	for _, frag := range []string{`russian study, stipulation "win"`, "author's key a5-b4)"} {
		if !strings.Contains(buf.String(), frag) {
			t.Errorf("no %q in:\n%s", frag, buf.String())
		}
	}
}
