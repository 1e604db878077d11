package tourney

import (
	"strings"
	"testing"

	"draughtsjudge/judge"
)

// Distinctions go in ranking order to sound entries only; a shared place
// shares the distinction of its first rank, ex aequo, and the next entry's
// rank counts both; an override line of item "comment" is the judge's comment.
func TestAwards(t *testing.T) {
	var reps []*judge.Report
	for i, v := range []struct {
		verdict judge.Verdict
		score   float64
	}{{judge.Sound, 9}, {judge.Sound, 9}, {judge.VUnknown, 8.5}, {judge.Sound, 8}, {judge.Sound, 7}, {judge.Sound, 6}, {judge.Defective, 0}} {
		reps = append(reps, &judge.Report{File: "t.pdn", Index: i + 1, Verdict: v.verdict, Judgement: judge.Judgement{Score: v.score}})
	}
	sec := BuildSection(reps, []Override{{Entry: "5", Item: "comment", Value: "-", Comment: "a fine finale", Where: "o.tsv:1"}}, nil)
	sec.Award(Awards{Prizes: 3, Mentions: 1, Commendations: 1})
	want := []string{"1st Prize ex aequo", "1st Prize ex aequo", "", "3rd Prize", "1st Honourable Mention", "Commendation", ""}
	for i, e := range sec.Entries {
		if e.Award != want[i] {
			t.Errorf("place %s (%s, %.1f): %q, want %q", e.Place, e.Verdict, e.Score, e.Award, want[i])
		}
	}
	if len(sec.Errors) > 0 || sec.Entries[4].Comment != "a fine finale" {
		t.Errorf("comment %q, errors %v", sec.Entries[4].Comment, sec.Errors)
	}
}

// An override line of an unknown item is an error that lists every item
// an override line may name (docs/contests.md, the override file).
func TestOverrideUnknownItem(t *testing.T) {
	reps := []*judge.Report{{File: "t.pdn", Index: 1, Verdict: judge.Sound, Judgement: judge.Judgement{Score: 9}}}
	sec := BuildSection(reps, []Override{{Entry: "1", Item: "bogus", Value: "1", Comment: "x", Where: "o.tsv:1"}}, nil)
	if len(sec.Errors) != 1 {
		t.Fatalf("errors %q, want one", sec.Errors)
	}
	for _, item := range []string{"o.tsv:1", `"bogus"`, "check", "rubric line", `"score"`, `"verdict"`, `"comment"`, `"predecessor"`} {
		if !strings.Contains(sec.Errors[0], item) {
			t.Errorf("error %q does not name %s", sec.Errors[0], item)
		}
	}
}
