package batch

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"draughtsjudge/composition"
	"draughtsjudge/judge"
)

// fakeAnalyse reports each composition at once (later ones first, to
// shuffle the finishing order), panicking on the one of index boom.
func fakeAnalyse(boom int) func(context.Context, *composition.Composition, judge.Options) *judge.Report {
	return func(_ context.Context, c *composition.Composition, _ judge.Options) *judge.Report {
		time.Sleep(time.Duration(10-c.Index) * time.Millisecond)
		if c.Index == boom {
			var keys []string
			_ = keys[1:][0]
		}
		return &judge.Report{File: c.File, Index: c.Index, Verdict: judge.Sound}
	}
}

// Reports come back, and OnReport sees them, in input order whatever the
// workers; a panic in one composition is its internal error and an
// unknown report, the others are analysed.
func TestRunOrderAndPanicIsolation(t *testing.T) {
	comps := sampleComps(t)
	var order []int
	cfg := Config{Workers: 4, Analyse: fakeAnalyse(comps[1].Index),
		OnReport: func(i int, r *judge.Report, internal error) {
			order = append(order, i)
			if (internal != nil) != (i == 1) {
				t.Errorf("entry %d: internal error %v", i, internal)
			}
		}}
	res, err := Run(context.Background(), cfg, comps)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range res.Reports {
		if order[i] != i || r.Index != comps[i].Index {
			t.Fatalf("not in input order: OnReport %v, report %d is entry %d", order, i, r.Index)
		}
	}
	if len(order) != len(comps) {
		t.Fatalf("OnReport called %d times for %d entries", len(order), len(comps))
	}
	if err := res.Internal[1]; err == nil || !strings.Contains(err.Error(), ":"+strconv.Itoa(comps[1].Line)+": internal error: runtime error: slice bounds out of range") {
		t.Errorf("internal error %v", err)
	}
	if r := res.Reports[1]; r.Verdict != judge.VUnknown || !strings.Contains(r.Reason, "internal error") || r.File != comps[1].File {
		t.Errorf("failed report %+v", r)
	}
	if res.Reports[0].Verdict != judge.Sound || res.Internal[0] != nil {
		t.Errorf("the others are analysed: %+v %v", res.Reports[0], res.Internal[0])
	}
}

// A rubric scores every report, the failed one too.
func TestRunScores(t *testing.T) {
	comps := sampleComps(t)[:2]
	cfg := Config{Workers: 1, Analyse: fakeAnalyse(comps[0].Index), Rubric: judge.DefaultRubric()}
	res, err := Run(context.Background(), cfg, comps)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range res.Reports {
		if r.ScoreNote == "" {
			t.Errorf("report %d not scored", i)
		}
	}
}

// Result.Add counts verdicts, nodes, internal errors and author errors.
func TestResultAdd(t *testing.T) {
	res := &Result{Entries: []*judge.Report{}, Errors: []string{"in.pdn:1: bad"}}
	res.Add(&judge.Report{Verdict: judge.Sound, Nodes: 5}, nil)
	res.Add(&judge.Report{Verdict: judge.Defective, Nodes: 7, AuthorErrors: []string{"a"}}, nil)
	res.Add(&judge.Report{Verdict: judge.VUnknown}, context.Canceled)
	s := res.Summary
	if len(res.Entries) != 3 || s.Sound != 1 || s.Defective != 1 || s.Unknown != 1 || s.Internal != 1 || s.Nodes != 12 || len(res.Errors) != 2 {
		t.Errorf("%+v %v", s, res.Errors)
	}
}
