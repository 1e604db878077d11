package judge_test

import (
	"os"
	"sort"
	"strings"
	"testing"

	"draughtsjudge/draughts"
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
// (sample No. 1) six first moves are refuted by a single defence (1.a5-d8
// by two: TestTriesListEveryRefutation); only 1.a5-b6? gives a piece
// away (a7:c5 takes the king), the other five are quiet king and man
// moves: one thematic try, and the rubric's "tries" line reads it. Marked
// "?" by the author, 1.a3-b4 counts too.
func TestThematicTries(t *testing.T) {
	rep, err := parse(t, "shoshin.pdn", published(t, "Shoshin"), fastOpts())
	if err != nil {
		t.Fatal(err)
	}
	tries, thematic := measureOf(t, rep, "tries"), measureOf(t, rep, "thematic_tries")
	if tries.Value != 6 || thematic.Value != 1 || !strings.Contains(thematic.Detail, "a5-b6? a7:c5! (a sacrifice)") || !strings.Contains(thematic.Detail, "not counted") {
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

// A try's refutations are every defence after which the attacker never
// wins, not only the first the search found: the truth is the 4-piece
// Russian database (built by retrograde analysis, not by the solver).
// In Shoshin's study 1.a5-d8 is refuted by both 1...f4-e3 and 1...f4-g3;
// listing only one counted it among the tries "refuted by a single
// defence" (the measure read 7, the rubric and contest points with it).
func TestTriesListEveryRefutation(t *testing.T) {
	prober := russian4(t)
	opt := fastOpts()
	opt.Prober = prober
	rep, err := parse(t, "shoshin.pdn", published(t, "Shoshin"), opt)
	if err != nil {
		t.Fatal(err)
	}
	r := draughts.Russian
	start, err := draughts.ParseFEN(r, "W:WKa5,a3:Ba7,f4")
	if err != nil {
		t.Fatal(err)
	}
	single := 0
	for _, try := range rep.Tries {
		if try.Outcome != solver.Never {
			t.Errorf("try %s: %s; the database decides every first move", try.Move, try.Result)
			continue
		}
		m, err := draughts.ParseMove(&start, r, try.Move)
		if err != nil {
			t.Fatal(err)
		}
		q := start.Play(m)
		var want []string
		for _, d := range draughts.LegalMoves(&q, r) {
			q2 := q.Play(d)
			wdl, _, ok := prober.Probe(r, q2)
			if !ok {
				t.Fatalf("the database does not know %s", draughts.FEN(&q2, r))
			}
			if wdl <= 0 {
				want = append(want, draughts.MoveString(&q, r, d))
			}
		}
		got := try.RefutationMoves()
		sort.Strings(want)
		sort.Strings(got)
		if !try.RefutationsComplete || strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("try %s: refutations %v (complete %v), the database's %v", try.Move, got, try.RefutationsComplete, want)
		}
		if len(want) == 1 {
			single++
		}
	}
	if m := measureOf(t, rep, "tries"); int(m.Value) != single {
		t.Errorf("tries measure %v (%s), the database's single-refutation tries %d", m.Value, m.Detail, single)
	}
}
