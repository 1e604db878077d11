package tourney

import (
	"testing"

	"draughtsjudge/composition"
	"draughtsjudge/corpus"
	"draughtsjudge/judge"
)

// Shoshin's study (corpus/sample/published.pdn #1): W:WKa5,a3:Ba7,f4.
const shoshin = "[GameType \"25\"]\n[FEN \"W:WKa5,a3:Ba7,f4\"]\n[Genre \"study\"]\n[Stipulation \"win\"]\n" +
	"1. a5-b4 f4-g3 2. b4-c5 g3-h2 3. a3-b4 h2-g1 4. b4-a5 *\n"

func comp(t *testing.T, pdn string) *composition.Composition {
	t.Helper()
	es := corpus.Parse("t.pdn", []byte(pdn))
	if len(es) != 1 || es[0].Err != nil {
		t.Fatalf("%v", es)
	}
	return es[0].Composition
}

// MayName is true whenever the composition's report could name the
// report (same start up to colours and mirror, the same author's main
// line, a finale its material can reach) and false for what cannot.
func TestMayName(t *testing.T) {
	c := comp(t, shoshin)
	line := c.Lines()[0].Text
	fin := func(fen string) []judge.Finale { return []judge.Finale{{FEN: fen, Fulfilled: true}} }
	for _, tc := range []struct {
		name string
		r    *judge.Report
		want bool
	}{
		{"mirrored start", &judge.Report{Variant: "russian", FEN: "B:Wh2,c5:BKh4,h6"}, true},
		{"same main line", &judge.Report{Variant: "russian", FEN: "W:Wc3:Bd4", Judgement: judge.Judgement{MainLine: line}}, true},
		{"reachable finale", &judge.Report{Variant: "russian", FEN: "W:Wc3:Bd4", Judgement: judge.Judgement{Finales: fin("B:WKc7:Bh2")}}, true},
		{"finale with more white pieces", &judge.Report{Variant: "russian", FEN: "W:Wc3:Bd4", Judgement: judge.Judgement{Finales: fin("B:WKc7,Kd8,Ke1:Bh2")}}, false},
		{"finale man behind every man of the start", &judge.Report{Variant: "russian", FEN: "W:Wc3:Bd4", Judgement: judge.Judgement{Finales: fin("B:WKc7:Bh8")}}, false},
		{"finale not fulfilled", &judge.Report{Variant: "russian", FEN: "W:Wc3:Bd4", Judgement: judge.Judgement{Finales: []judge.Finale{{FEN: "B:WKc7:Bh2"}}}}, false},
		{"unrelated", &judge.Report{Variant: "russian", FEN: "W:Wc3:Bd4", Judgement: judge.Judgement{MainLine: []string{"c3-b4"}}}, false},
		{"another game system", &judge.Report{Variant: "brazilian", FEN: "W:WKa5,a3:Ba7,f4", Judgement: judge.Judgement{MainLine: line}}, false},
	} {
		f := NewFinder(2)
		f.Add(0, tc.r)
		if got := f.MayName(0, ProspectOf(c)); got != tc.want {
			t.Errorf("%s: MayName %v, want %v", tc.name, got, tc.want)
		}
		// Whenever the analysed composition names the report, MayName said it might.
		other := &judge.Report{Variant: "russian", FEN: "W:WKa5,a3:Ba7,f4", Judgement: judge.Judgement{MainLine: line, Finales: fin("B:WKc7:Bh2")}}
		reps := []*judge.Report{tc.r, other}
		FindPredecessors(reps)
		if len(tc.r.Originality.Predecessors) > 0 && !tc.want {
			t.Errorf("%s: named %v, but MayName said it could not", tc.name, tc.r.Originality.Predecessors)
		}
	}
}

// A Finder filled one report at a time gives what FindPredecessors gives.
func TestFinderAsFindPredecessors(t *testing.T) {
	mk := func() []*judge.Report {
		return []*judge.Report{
			{File: "a.pdn", Index: 1, Variant: "russian", FEN: "W:WKa5,a3:Ba7,f4"},
			{File: "b.pdn", Index: 1, Variant: "russian", FEN: "B:Wh2,c5:BKh4,h6", Author: "B"},
			{File: "c.pdn", Index: 1, Variant: "russian", FEN: "W:Wc3:Bd4"},
		}
	}
	all, one := mk(), mk()
	FindPredecessors(all)
	f := NewFinder(len(one))
	for i, r := range one {
		f.Add(i, r)
	}
	for i := len(one) - 1; i >= 0; i-- {
		f.Fill(i)
	}
	for i := range all {
		a, b := all[i].ScoreLines, one[i].ScoreLines
		if len(a) != 1 || len(b) != 1 || a[0] != b[0] {
			t.Errorf("report %d: %v, Finder %v", i, a, b)
		}
	}
	if len(all[0].Originality.Predecessors) != 1 {
		t.Errorf("a: %+v", all[0].Originality)
	}
}
