package rubric

import (
	"strings"
	"testing"
)

// The example of docs/checks.md ("The rubric file"), copied as given: its
// header line is skipped, and its conditions read as that page says.
const docExample = "id\tclause\tweight\tcondition\tdescription\n" +
	"variations-2\t11.3.3\t1\tvariations>=2\ttwo or more thematic variations or branches\n" +
	"task-en-prise\t11.2.8.3\t-2\tgenre_task && white_en_prise>=1 && !en_prise_derived\twhite pieces en prise at the start of a task, not derivable from a calm position\n"

var known = map[string]bool{"variations": true, "genre_task": true, "white_en_prise": true, "en_prise_derived": true}

func isKnown(n string) bool { return known[n] }

func TestParseDocExample(t *testing.T) {
	r, err := Parse("rubric.tsv", []byte(docExample), isKnown)
	if err != nil || len(r) != 2 {
		t.Fatalf("Parse: %v, %d lines", err, len(r))
	}
	if r[0].ID != "variations-2" || r[0].Clause != "11.3.3" || r[0].Weight != 1 || r[1].Weight != -2 {
		t.Errorf("lines %+v", r)
	}
	for _, tc := range []struct {
		line int
		vals map[string]float64
		want bool
	}{
		{0, map[string]float64{"variations": 2}, true},
		{0, map[string]float64{"variations": 1}, false},
		{0, map[string]float64{}, false}, // not measured: the line does not apply
		{1, map[string]float64{"genre_task": 1, "white_en_prise": 1, "en_prise_derived": 0}, true},
		{1, map[string]float64{"genre_task": 1, "white_en_prise": 1, "en_prise_derived": 1}, false},
		{1, map[string]float64{"genre_task": 0, "white_en_prise": 3, "en_prise_derived": 0}, false},
	} {
		if got, ev := r[tc.line].Eval(tc.vals); got != tc.want {
			t.Errorf("line %d with %v: %v (%v), want %v", tc.line, tc.vals, got, ev, tc.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for in, want := range map[string]string{
		"a\t1\tNaN\talways\td\n":           "r.tsv:1: weight",
		"a\t1\t1\tvariations>=Inf\td\n":    "r.tsv:1: condition",
		"a\t1\t1\tvariatons>=2\td\n":       "unknown measure \"variatons\"",
		"# only a comment\n":               "r.tsv: no rubric lines",
		"a\t1\n":                           "r.tsv:1: want id, clause, weight",
		"a\t1\t1\talways\td\nb\tx\ty\tz\n": "r.tsv:2: weight \"y\"",
	} {
		if _, err := Parse("r.tsv", []byte(in), isKnown); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one containing %q", in, err, want)
		}
	}
}
