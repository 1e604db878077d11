package tourney

import (
	"math"
	"strings"
	"testing"
	"time"

	"draughtsjudge/judge"
)

// An override score of NaN (or ±Inf)
// is refused with file:line, and a NaN score that reaches BuildSection
// anyway ranks last instead of hanging the place loop.
func TestSectionNaNScore(t *testing.T) {
	ovs, errs := ParseOverrides("ov.tsv", []byte("1\tscore\tNaN\tnan score\n2\tscore\t+Inf\tinf\n1\tmiss\tNaN\tnan line\n"))
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	rubric := judge.Rubric{{ID: "miss", Weight: 1, Condition: "always"}}
	var reps []*judge.Report
	for i, score := range []float64{5, math.NaN(), math.NaN(), 7} {
		r := &judge.Report{File: string(rune('a'+i)) + ".pdn", Index: 1, Verdict: judge.Sound}
		r.Score = score
		reps = append(reps, r)
	}
	done := make(chan *Section)
	go func() { done <- BuildSection(reps, ovs, rubric) }()
	var sec *Section
	select {
	case sec = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("BuildSection hangs on NaN scores")
	}
	for _, want := range []string{"ov.tsv:1: score \"NaN\"", "ov.tsv:2: score \"+Inf\"", "ov.tsv:3: score line miss: value \"NaN\" is not a finite number"} {
		found := false
		for _, e := range sec.Errors {
			found = found || strings.HasPrefix(e, want)
		}
		if !found {
			t.Errorf("no error %q in %q", want, sec.Errors)
		}
	}
	var order, places []string
	for _, e := range sec.Entries {
		order = append(order, e.Report.File)
		places = append(places, e.Place)
	}
	if got := strings.Join(order, " "); got != "d.pdn a.pdn b.pdn c.pdn" {
		t.Errorf("order %s", got)
	}
	if got := strings.Join(places, " "); got != "1 2 3-4 3-4" {
		t.Errorf("places %s", got)
	}
}
