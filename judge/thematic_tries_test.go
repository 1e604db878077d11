package judge_test

import (
	"os"
	"strings"
	"testing"

	"draughtsjudge/judge"
	"draughtsjudge/solver"
)

func measureOf(t *testing.T, rep *judge.Report, id string) judge.Measure {
	t.Helper()
	for _, m := range rep.Measures {
		if m.ID == id {
			return m
		}
	}
	t.Fatalf("no measure %s in %+v", id, rep.Measures)
	return judge.Measure{}
}

// 11.3.8.3: a try worth points looks like a solution. In Shoshin's study
// (sample No. 1) seven first moves are refuted by a single defence; only
// 1.a5-b6? gives a piece away (a7:c5 takes the king), the other six are
// quiet king and man moves: one thematic try, and the rubric's "tries"
// line reads it. Marked "?" by the author, 1.a3-b4 counts too.
func TestThematicTries(t *testing.T) {
	rep, err := parse(t, "shoshin.pdn", published(t, "Shoshin"), fastOpts())
	if err != nil {
		t.Fatal(err)
	}
	tries, thematic := measureOf(t, rep, "tries"), measureOf(t, rep, "thematic_tries")
	if tries.Value != 7 || thematic.Value != 1 || !strings.Contains(thematic.Detail, "a5-b6? a7:c5! (a sacrifice)") || !strings.Contains(thematic.Detail, "not counted") {
		t.Errorf("tries %v (%s), thematic %v (%s)", tries.Value, tries.Detail, thematic.Value, thematic.Detail)
	}
	marked := edit(t, published(t, "Shoshin"), "1. a5-b4 f4-g3 (", "1. a5-b4 (1. a3-b4? f4-e3) f4-g3 (")
	rep, err = parse(t, "shoshin-try.pdn", marked, fastOpts())
	if err != nil {
		t.Fatal(err)
	}
	if m := measureOf(t, rep, "thematic_tries"); m.Value != 2 || !strings.Contains(m.Detail, "a3-b4? f4-e3! (the author's try)") {
		t.Errorf("with the author's try: %v (%s)", m.Value, m.Detail)
	}
	for _, l := range rep.ScoreLines {
		if l.ID == "tries" && !l.Applied {
			t.Errorf("rubric line tries not applied: %+v", l)
		}
	}
}

// 11.3.7.1: Zubov's "opsluiting" No. 1 (corpus/regression/published-2.pdn)
// ends with Black locked: a rarer finale than the final blow of Shoshin's
// study, whose finales leave Black no piece.
func TestRareFinale(t *testing.T) {
	data, err := os.ReadFile("../corpus/regression/published-2.pdn")
	if err != nil {
		t.Fatal(err)
	}
	zubov := pdnGame(t, map[string][]byte{"published-2.pdn": data}, "Zubov")
	if !strings.Contains(zubov, "opsluiting' No.1") {
		t.Fatalf("not Zubov's No. 1:\n%s", zubov)
	}
	small := judge.Options{Solver: solver.Options{Budget: solver.Budget{Nodes: 5_000, TTBytes: 32 << 20}, MaxBound: 10, Threads: 1, Quick: true}}
	rep, err := parse(t, "zubov.pdn", zubov, small)
	if err != nil {
		t.Fatal(err)
	}
	if m := measureOf(t, rep, "finale_rare"); m.Value != 1 || !strings.Contains(m.Detail, "26-48") {
		t.Errorf("Zubov: finale_rare %v (%s)", m.Value, m.Detail)
	}
	rep, err = parse(t, "shoshin.pdn", published(t, "Shoshin"), small)
	if err != nil {
		t.Fatal(err)
	}
	if m := measureOf(t, rep, "finale_rare"); m.Value != 0 {
		t.Errorf("Shoshin: finale_rare %v (%s)", m.Value, m.Detail)
	}
}
