package judge

import (
	"strings"
	"testing"

	"draughtsjudge/composition"
	"draughtsjudge/corpus"
	"draughtsjudge/solver"
)

// sampleComposition is entry i (1-based) of the embedded sample corpus.
func sampleComposition(t *testing.T, i int) *composition.Composition {
	t.Helper()
	es := corpus.Sample()
	if i > len(es) || es[i-1].Err != nil {
		t.Fatalf("sample entry %d: %v", i, es)
	}
	return es[i-1].Composition
}

// TestUniquenessCannedAnswers passes the unique check (11.2.6) solver
// answers made by hand, so the check's rules are tested without a solve:
//   - a first move the bounded search could not decide keeps a study's
//     [unique] open (a longer win is a cook of a study too: 11.2.6 knows no
//     length; docs/checks.md "Judgement calls"), while in a problem a
//     bounded "no win" is enough: a cook of a problem is another
//     combination;
//   - a full cook fails the check whatever else the answer says.
func TestUniquenessCannedAnswers(t *testing.T) {
	study := sampleComposition(t, 1)   // Shoshin's study
	problem := sampleComposition(t, 4) // Scholma's problem
	if study.Genre != composition.Study || problem.Genre != composition.Problem {
		t.Fatalf("sample genres %q, %q: the test expects a study and a problem", study.Genre, problem.Genre)
	}
	bounded := solver.Answer{Verdict: solver.VerdictProved, Distance: 7, Bound: 11, Undecided: 2,
		Keys: []solver.FirstMove{{Move: "32-27", Outcome: solver.Proved, Distance: 7}}}
	for _, tc := range []struct {
		c      *composition.Composition
		cooks  []Finding
		want   Status
		detail string
	}{
		{study, nil, Unknown, "2 first moves not decided at any depth, searched to 11 moves"},
		{problem, nil, Pass, "single key, no duals in the author's variations; 2 first moves not decided at any depth, searched to 11 moves"},
		{problem, []Finding{{Result: "full cook: 33-29 also forces the win in 9"}}, Fail, "full cook: 33-29 also forces the win in 9"},
	} {
		rep := newReport(tc.c, tc.c.Rules.ID, tc.c.Stipulation.Text, "")
		rep.Cooks = tc.cooks
		rep.uniqueness(tc.c, bounded)
		got := rep.Check(string(CheckUnique))
		if got == nil || got.Status != tc.want || !strings.Contains(got.Detail, tc.detail) || got.Clause != "11.2.6" {
			t.Errorf("%s, cooks %v: got %+v, want %s containing %q (clause 11.2.6)", tc.c.Genre, tc.cooks, got, tc.want, tc.detail)
		}
	}
}
