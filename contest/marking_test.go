package contest_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"draughtsjudge/contest"
	"draughtsjudge/corpus"
	"draughtsjudge/judge"
	"draughtsjudge/solver"
)

// readEntry reads the one composition of a testdata file.
func readEntry(t *testing.T, name string) *corpus.Entry {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	es := corpus.Parse(name, data)
	if len(es) != 1 || es[0].Err != nil {
		t.Fatalf("%s: %+v", name, es)
	}
	return &es[0]
}

// readSheet reads one solver's answers from testdata.
func readSheet(t *testing.T, name string) *contest.Sheet {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	games := contest.ReadAnswers(name, data)
	return &contest.Sheet{Solver: name, File: name, Games: games}
}

// Boychuk's draw (sample No. 2) as the databases solve it: the tree's
// 92 defences the author does not give, 87 of them ending the tree (a
// database draw: White has nothing to reply), 5 with a White reply. The
// databases cannot be built in a test's seconds, so the report's tree and
// missing defences are set by hand (the defences' names stand for the
// real ones). Only the 5 defences with a reply are needed defences, no
// line is worth less than nothing, and writing the main line earns more
// than giving only the key.
func TestKeyNeedsDefencesWithAReply(t *testing.T) {
	en := readEntry(t, "boychuk.pdn")
	c := en.Composition
	opt := judge.Options{Solver: solver.Options{Budget: solver.Budget{Nodes: 2_000, TTBytes: 16 << 20}, MaxBound: 8, Threads: 1, Quick: true}}
	rep := judge.Analyse(context.Background(), c, opt)
	leaf := &solver.Node{Attacker: true, Finale: true}
	reply := &solver.Node{Attacker: false}
	root := &solver.Node{Attacker: true, Distance: 7, Branches: []solver.Branch{{Move: "b4-a5", Main: true, Child: reply}}}
	reply.Branches = append(reply.Branches,
		solver.Branch{Move: "e5-f4", Main: true, Child: &solver.Node{Attacker: true, Branches: []solver.Branch{{Move: "a5:c7", Main: true, Child: leaf}}}},
		solver.Branch{Move: "b6-c5", Child: &solver.Node{Attacker: true, Branches: []solver.Branch{{Move: "a1-b2", Main: true, Child: leaf}}}})
	rep.MissingDefences = nil
	for i := range 92 {
		d := fmt.Sprintf("d%d", i)
		child := &solver.Node{Attacker: true} // a database draw: the tree ends
		if i < 5 {
			child.Branches = []solver.Branch{{Move: fmt.Sprintf("w%d", i), Main: true, Child: leaf}}
		}
		reply.Branches = append(reply.Branches, solver.Branch{Move: d, Child: child})
		rep.MissingDefences = append(rep.MissingDefences, judge.Finding{Line: []string{"b4-a5"}, Move: d})
	}
	rep.Tree, rep.Distance = root, 7
	e := contest.BuildKeyEntry(1, c, rep, contest.DefaultPoints())
	defences := 0
	sum := e.KeyPoints
	for _, l := range e.Lines {
		if l.Kind == contest.LineDefence {
			defences++
		}
		if l.Points < 0 {
			t.Errorf("line %s %v worth %.2f", l.Kind, l.Moves, l.Points)
		}
		sum += l.Points
	}
	if defences != 5 {
		t.Errorf("%d needed defences, want the 5 with a White reply", defences)
	}
	if !near(sum, e.Points) {
		t.Errorf("key and lines add up to %.2f, points %.2f", sum, e.Points)
	}
	// A thematic line weighs 1, a defence 0.25 (docs/contests.md): the
	// main line takes at least the variation's points.
	if e.Lines[0].Kind != contest.LineMain || e.Lines[1].Kind != contest.LineVariation || e.Lines[0].Points < e.Lines[1].Points {
		t.Errorf("main line %.2f, variation %.2f: %+v", e.Lines[0].Points, e.Lines[1].Points, e.Lines[:2])
	}
	gr := &contest.Grader{Key: &contest.ContestKey{Format: contest.KeyFormat, Points: contest.DefaultPoints(), Entries: []*contest.KeyEntry{e}}, Options: opt}
	res := gr.Grade(context.Background(), []*contest.Sheet{readSheet(t, "boychuk-main.pdn"), readSheet(t, "boychuk-key.pdn")})
	got := map[string]float64{}
	for _, s := range res.Solvers {
		got[s.Solver] = s.Total
	}
	if want := e.KeyPoints + e.Lines[0].Points; !near(got["boychuk-main.pdn"], want) || got["boychuk-main.pdn"] <= got["boychuk-key.pdn"] {
		t.Errorf("the main line scores %.2f (want key + main line = %.2f), the key alone %.2f", got["boychuk-main.pdn"], want, got["boychuk-key.pdn"])
	}
}

func near(a, b float64) bool { return a-b < 0.005 && b-a < 0.005 }

// Item 6: a try refuted only within the bound is not marked "!" (proved
// never) but "refuted within N moves"; a claimed cook that is such a try
// is answered from the key, with the depth check searched to, without a
// new search. Shoshin's study (sample No. 1), its first try turned into a
// bounded one at depth 13.
func TestKeyTriesWithinTheBound(t *testing.T) {
	var orig string
	for _, g := range strings.Split(string(corpus.SampleFiles()["sample/published.pdn"]), "\n\n[") {
		if strings.Contains(g, "Shoshin") {
			orig = "[" + strings.TrimLeft(g, "[")
		}
	}
	es := corpus.Parse("published.pdn", []byte(orig))
	if len(es) != 1 || es[0].Err != nil {
		t.Fatalf("parse: %+v", es)
	}
	c := es[0].Composition
	opt := judge.Options{Solver: solver.Options{Budget: solver.Budget{Nodes: 2_000, TTBytes: 16 << 20}, MaxBound: 8, Threads: 1, Quick: true}}
	rep := judge.Analyse(context.Background(), c, opt)
	// The tries as the key shows them (a3-b4? f4-e3!, a5-b6? a7:c5!), the
	// first refuted only within the bound.
	rep.Bound = 13
	// The second's other defences are left undecided, as at a budget too
	// small to complete its list: the key and the answer to a claim say so.
	bounded := solver.FirstMove{Move: "a3-b4", Outcome: solver.NotWithin, Result: "no win within bound", Refutations: []solver.Refutation{{Move: "f4-e3"}}, RefutationsComplete: true}
	rep.Tries = []solver.FirstMove{bounded, {Move: "a5-b6", Outcome: solver.Never, Result: "never", Refutations: []solver.Refutation{{Move: "a7:c5", Hard: true}}}}
	e := contest.BuildKeyEntry(1, c, rep, contest.DefaultPoints())
	wantTry := bounded.Move + "? " + bounded.Refutations[0].Move + " (refuted within 13 moves)"
	if want := "a5-b6? a7:c5! (other defences not decided)"; len(e.Tries) != 2 || e.Tries[0] != wantTry || e.Tries[1] != want {
		t.Errorf("tries %q, want %q and %q", e.Tries, wantTry, want)
	}
	if e.TryResults[0].RefutationsIncomplete || !e.TryResults[1].RefutationsIncomplete {
		t.Errorf("try results %+v: want the first list complete, the second not", e.TryResults)
	}
	// No budget for a search: the answers must come from the key.
	none := judge.Options{Solver: solver.Options{Budget: solver.Budget{Nodes: 1, TTBytes: 1 << 20}, MaxBound: 1, Threads: 1, Quick: true}}
	gr := &contest.Grader{Key: &contest.ContestKey{Format: contest.KeyFormat, Points: contest.DefaultPoints(), Entries: []*contest.KeyEntry{e}}, Options: none}
	sheet := fmt.Sprintf("[Number \"1\"]\n[Claim \"cook 1. %s; cook 1. %s\"]\n1. a5-b4 *\n", bounded.Move, rep.Tries[1].Move)
	res := gr.Grade(context.Background(), []*contest.Sheet{{Solver: "s", File: "s.pdn", Games: contest.ReadAnswers("s.pdn", []byte(sheet))}})
	var audit []string
	for _, a := range res.Solvers[0].Marks[0].Audit {
		if a.What == "claim" {
			audit = append(audit, a.Detail)
		}
	}
	if len(audit) != 2 || !strings.Contains(audit[0], "no win within bound") || !strings.Contains(audit[0], "searched to 13 moves") ||
		!strings.Contains(audit[1], "never; refuted by a7:c5 (other defences not decided)") || strings.Contains(audit[1], "searched to") ||
		strings.Contains(audit[0], "not decided") {
		t.Errorf("claims of the tries:\n%s", strings.Join(audit, "\n"))
	}
}
