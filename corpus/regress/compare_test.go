package regress

import (
	"draughtsjudge/judge"
	"strings"
	"testing"
)

func report(verdict judge.Verdict, keys []string, unique judge.Status, cooks ...string) *judge.Report {
	r := &judge.Report{File: "x/a.pdn", Index: 1, Verdict: verdict, Keys: keys,
		Checks: []judge.Check{{ID: "unique", Status: unique}}}
	for _, c := range cooks {
		r.Cooks = append(r.Cooks, judge.Finding{Move: c})
	}
	return r
}

// keyless is r with the author's key c3-d4 and no key proved (unique
// failed on a dual while the key is undecided).
func keyless(r *judge.Report) *judge.Report {
	r.AuthorKey = "c3-d4"
	return r
}

func row(t *testing.T, line string) Expectation {
	t.Helper()
	exp, err := Parse("e.tsv", []byte(strings.Join(Header, "\t")+"\n"+line+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	return exp[0]
}

// Each outcome of Compare, on hand-made reports.
func TestCompareOutcomes(t *testing.T) {
	sound := "a.pdn\t1\tA\tsound\tc3-d4\t-\t-\tyes\tnone\t-\tsource"
	cooked := "a.pdn\t1\tA\tdefective\tc3-d4,e3-f4\te3-f4\tunique\tno\t4\t-\tsource"
	atLeast := "a.pdn\t1\tA\tTBD\tc3-d4+\tTBD\tTBD\tno\t4\t-\tsource"
	xfail := "a.pdn\t1\tA\tsound\tc3-d4\t-\t-\tno\t4\tfalse cook\tsource"
	for _, tc := range []struct {
		name, row string
		rep       *judge.Report
		want      string
	}{
		{"sound agrees", sound, report("sound", []string{"c3-d4"}, "pass"), Agree},
		{"sound found cooked", sound, report("defective", []string{"c3-d4", "e3-f4"}, "fail", "e3-f4"), Disagree},
		{"unknown is undecided", sound, report("unknown", []string{"c3-d4"}, "unknown"), Undecided},
		{"unknown with a key not expected", sound, report("unknown", []string{"g3-h4"}, "unknown"), Disagree},
		{"cook found", cooked, report("defective", []string{"c3-d4", "e3-f4"}, "fail", "e3-f4"), Agree},
		{"cook missed", cooked, report("sound", []string{"c3-d4"}, "pass"), Disagree},
		{"at least, more found", atLeast, report("defective", []string{"c3-d4", "a1-b2"}, "fail", "a1-b2"), TBDOnly},
		{"at least, key missing", atLeast, report("defective", []string{"a1-b2"}, "fail"), Disagree},
		{"known false result", xfail, report("defective", []string{"c3-d4", "e3-f4"}, "fail", "e3-f4"), XFail},
		{"known false result gone", xfail, report("sound", []string{"c3-d4"}, "pass"), XPass},
		{"known false result not reached", xfail, report("unknown", []string{"c3-d4"}, "unknown"), Undecided},
		{"no report", sound, nil, Missing},
		{"a dual proved, no key", "a.pdn\t1\tA\tdefective\tc3-d4+\tTBD\tunique\tno\t4\t-\tsource", keyless(report("defective", nil, "fail")), Agree},
	} {
		e := row(t, tc.row)
		if tc.rep != nil {
			tc.rep.File = e.File
		}
		got := Compare(e, tc.rep)
		if got.Outcome != tc.want {
			t.Errorf("%s: %s (%v), want %s", tc.name, got.Outcome, got.Diffs, tc.want)
		}
	}
}

// Malformed rows name the file, line and column.
func TestParseErrors(t *testing.T) {
	h := strings.Join(Header, "\t") + "\n"
	for _, tc := range []struct{ data, want string }{
		{"file\tindex\n", "e.tsv:1: header"},
		{h + "a.pdn\t0\tA\tsound\t-\t-\t-\tyes\t4\t-\tx\n", "e.tsv:2: index"},
		{h + "a.pdn\t1\tA\tgood\t-\t-\t-\tyes\t4\t-\tx\n", "e.tsv:2: verdict"},
		{h + "a.pdn\t1\tA\tsound\t-\t-\t-\tmaybe\t4\t-\tx\n", "e.tsv:2: fast"},
		{h + "a.pdn\t1\tA\tsound\t-\t-\t-\tyes\t5\t-\tx\n", "e.tsv:2: db"},
		{h + "a.pdn\t1\tA\tsound\ta,,b\t-\t-\tyes\t4\t-\tx\n", "e.tsv:2: keys"},
		{h + "a.pdn\t1\tA\tsound\t-\t-\n", "e.tsv:2: 6 columns"},
		{h + "a.pdn\t1\tA\tsound\t-\t-\t-\tyes\t4\t-\tx\na.pdn\t1\tB\tsound\t-\t-\t-\tyes\t4\t-\tx\n", "e.tsv:3: a.pdn#1 already has a row (line 2)"},
	} {
		_, err := Parse("e.tsv", []byte(tc.data))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.data, err, tc.want)
		}
	}
}
