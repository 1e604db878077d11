package tourney

import (
	"fmt"
	"os"
	"reflect"
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

// MayName is true whenever the composition's report could share a finale
// with the report (same start up to colours and mirror, the same author's
// main line, a finale its material can reach) and false for what cannot.
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
		// a3 can take a black piece on b2 backwards (Russian rules 6.1.5)
		// and stand on c1, two rows behind where it began; h2 is seven columns
		// aside, beyond the three of one step and one jump.
		{"finale after a man's capture backwards", &judge.Report{Variant: "russian", FEN: "W:Wc3:Bd4", Judgement: judge.Judgement{Finales: fin("B:Wc1:Ba7")}}, true},
		{"finale a man cannot reach with one capture", &judge.Report{Variant: "russian", FEN: "W:Wc3:Bd4", Judgement: judge.Judgement{Finales: fin("B:Wh2:Ba7")}}, false},
		{"finale not fulfilled", &judge.Report{Variant: "russian", FEN: "W:Wc3:Bd4", Judgement: judge.Judgement{Finales: []judge.Finale{{FEN: "B:WKc7:Bh2"}}}}, false},
		{"unrelated", &judge.Report{Variant: "russian", FEN: "W:Wc3:Bd4", Judgement: judge.Judgement{MainLine: []string{"c3-b4"}}}, false},
		{"another game system", &judge.Report{Variant: "brazilian", FEN: "W:WKa5,a3:Ba7,f4", Judgement: judge.Judgement{MainLine: line}}, false},
	} {
		if got := MayName(tc.r, ProspectOf(c)); got != tc.want {
			t.Errorf("%s: MayName %v, want %v", tc.name, got, tc.want)
		}
	}
}

// A Stream, filling each report as soon as it is Ready while the reports
// are added in input order, gives every report the Originality
// FindPredecessorsIn gives with the whole batch: on the real compositions
// of the project (the sample and the regression corpus, the sample twice,
// so that every entry has an exact duplicate at a distance) and on the
// duplicates-and-versions batch.
func TestStreamAsFindPredecessors(t *testing.T) {
	var comps []*composition.Composition
	for _, f := range []string{"../corpus/sample/published.pdn", "../corpus/regression/published-2.pdn", "../corpus/sample/published.pdn"} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range corpus.Parse(fmt.Sprintf("%s-%d", f, len(comps)), data) {
			if e.Err == nil {
				comps = append(comps, e.Composition)
			}
		}
	}
	mk := func() []*judge.Report {
		var reps []*judge.Report
		for _, c := range comps {
			r := &judge.Report{File: c.File, Index: c.Index, Line: c.Line, Variant: c.Rules.ID, FEN: c.FEN(), Author: c.Author}
			if lines := c.Lines(); len(lines) > 0 {
				r.MainLine = lines[0].Text
			}
			reps = append(reps, r)
		}
		return reps
	}
	all, one := mk(), mk()
	if err := FindPredecessorsIn(all, comps, nil); err != nil {
		t.Fatal(err)
	}
	s, err := NewStream(comps, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	filled, early := 0, 0
	for i, r := range one {
		if err := s.Add(i, r); err != nil {
			t.Fatal(err)
		}
		for filled <= i && s.Ready(filled) {
			if i < len(one)-1 {
				early++
			}
			if err := s.Fill(filled); err != nil {
				t.Fatal(err)
			}
			filled++
		}
	}
	if filled != len(one) {
		t.Fatalf("%d of %d filled after the last Add", filled, len(one))
	}
	for i := range all {
		if !reflect.DeepEqual(all[i].Originality, one[i].Originality) || !reflect.DeepEqual(all[i].ScoreLines, one[i].ScoreLines) {
			t.Errorf("%s#%d: batch %+v\nstream %+v", all[i].File, all[i].Index, all[i].Originality, one[i].Originality)
		}
	}
	if early == 0 {
		t.Error("no report was ready before the last was added: the stream streams nothing")
	}
	t.Logf("%d reports, %d ready before the batch's end", len(one), early)
}
