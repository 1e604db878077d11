package contest_test

import (
	"context"
	"strings"
	"testing"

	"draughtsjudge/contest"
	"draughtsjudge/judge"
	"draughtsjudge/solver"
)

// quickKey is the key of one testdata composition at a small budget: the
// author's lines and their points, which the marking below reads.
func quickKey(t *testing.T, name string) (*contest.KeyEntry, *contest.Grader) {
	t.Helper()
	c := readEntry(t, name).Composition
	opt := judge.Options{Solver: solver.Options{Budget: solver.Budget{Nodes: 2_000, TTBytes: 16 << 20}, MaxBound: 8, Threads: 1, Quick: true}}
	e := contest.BuildKeyEntry(1, c, judge.Analyse(context.Background(), c, opt), contest.DefaultPoints())
	return e, &contest.Grader{Key: &contest.ContestKey{Format: contest.KeyFormat, Points: contest.DefaultPoints(), Entries: []*contest.KeyEntry{e}}, Options: opt}
}

// lineMark is the marking of the key line whose moves start with prefix.
func lineMark(t *testing.T, m *contest.Mark, kind, moves string) contest.AuditLine {
	t.Helper()
	for _, a := range m.Audit {
		if a.What == "line" && strings.HasPrefix(a.Detail, kind+" "+moves) {
			return a
		}
	}
	t.Fatalf("no %s line %q in the marking:\n%s", kind, moves, auditOf(m))
	return contest.AuditLine{}
}

// sheetsBySolver reads a testdata file of several solvers' answers, one
// game each, named by its [Solver] tag.
func sheetsBySolver(t *testing.T, name string) []*contest.Sheet {
	t.Helper()
	var out []*contest.Sheet
	for _, g := range readSheet(t, name).Games {
		out = append(out, &contest.Sheet{Solver: g.Tag("solver"), File: name, Games: []*contest.AnswerGame{g}})
	}
	return out
}

func auditOf(m *contest.Mark) string {
	var s []string
	for _, a := range m.Audit {
		s = append(s, a.What+" "+a.Status+" "+a.Detail)
	}
	return strings.Join(s, "\n")
}

// Shoshin's study written as the source prints it: the main line stops at
// 3.a3-b4 and ends "и белые выигрывают". The words are a comment, not an
// error; the main line earns its points × 2 of its 3 White moves after the
// key (the answer stops on moves the main line shares with the variation
// 3...a7-b6: credited to the main line, not to both); the whole printed
// solution earns the key and the author's three lines in full.
func TestGradeSolutionAsPrinted(t *testing.T) {
	e, gr := quickKey(t, "shoshin.pdn")
	res := gr.Grade(context.Background(), sheetsBySolver(t, "shoshin-as-printed.pdn"))
	if len(res.Errors) > 0 {
		t.Fatalf("errors: %v", res.Errors)
	}
	var main, var1, var2 contest.KeyLine
	for _, l := range e.Lines {
		switch {
		case l.Kind == contest.LineMain:
			main = l
		case l.Kind == contest.LineVariation && l.Moves[1] == "f4-e3":
			var1 = l
		case l.Kind == contest.LineVariation:
			var2 = l
		}
	}
	for _, s := range res.Solvers {
		m := s.Marks[0]
		for _, a := range m.Audit {
			if a.What == "error" {
				t.Errorf("%s: %s", s.Solver, a.Detail)
			}
		}
		got := lineMark(t, m, "main", "1. a5-b4 f4-g3 2. b4-c5 g3-h2 3. a3-b4 h2-g1")
		switch s.Solver {
		case "Main line as printed":
			if want := e.KeyPoints + float64(int(main.Points*200/3+0.5))/100; !near(m.Points, want) || got.Status != "partial" {
				t.Errorf("main line as printed: %.2f points (main line %s), want the key and 2/3 of the main line = %.2f\n%s", m.Points, got.Status, want, auditOf(m))
			}
			if v := lineMark(t, m, "variation", "1. a5-b4 f4-g3 2. b4-c5 g3-h2 3. a3-b4 a7-b6"); v.Points != 0 {
				t.Errorf("the stopped main line credited to the variation too: %+v", v)
			}
		case "Solution as printed":
			if want := e.KeyPoints + main.Points + var1.Points + var2.Points; !near(m.Points, want) {
				t.Errorf("solution as printed: %.2f, want the key and the three lines = %.2f\n%s", m.Points, want, auditOf(m))
			}
		}
		if m.Points < e.KeyPoints {
			t.Errorf("%s: %.2f, below the key alone (%.2f)", s.Solver, m.Points, e.KeyPoints)
		}
	}
}

// Boychuk's 13-move variation with a typo at move 8 (c7-d9), and with a
// wrong move there (c7-b8) and a Black reply left out: the line is not
// void, it earns 11 of its 12 White moves after the key; the main line
// beside it earns its full points.
func TestGradeTypoInALongLine(t *testing.T) {
	e, gr := quickKey(t, "boychuk.pdn")
	res := gr.Grade(context.Background(), sheetsBySolver(t, "boychuk-typo.pdn"))
	var variation contest.KeyLine
	for _, l := range e.Lines {
		if l.Kind == contest.LineVariation {
			variation = l
		}
	}
	want := float64(int(variation.Points*1100/12+0.5)) / 100
	for _, s := range res.Solvers {
		m := s.Marks[0]
		v := lineMark(t, m, "variation", "1. b4-a5 b6-c5")
		if !near(v.Points, want) || v.Status != "wrong move" || !strings.Contains(v.Detail, "11 of 12 White moves given") || !strings.Contains(v.Detail, "8. c7-") {
			t.Errorf("%s: variation %+v, want %.2f (11 of 12)", s.Solver, v, want)
		}
		if m.Points < e.KeyPoints+want-0.005 {
			t.Errorf("%s: %.2f points, want at least the key and the variation's %.2f\n%s", s.Solver, m.Points, want, auditOf(m))
		}
	}
	for _, s := range res.Solvers {
		if l := lineMark(t, s.Marks[0], "main", "1. b4-a5 e5-f4"); s.Solver == "Typo at move 8" && l.Status != "given" {
			t.Errorf("main line beside the typo: %+v", l)
		}
	}
}

// An answer to a composition the key lacks is reported, and so is its
// syntax error, at its file:line:col.
func TestGradeAnswerNotInKeyKeepsItsError(t *testing.T) {
	_, gr := quickKey(t, "shoshin.pdn")
	res := gr.Grade(context.Background(), []*contest.Sheet{readSheet(t, "answer-not-in-key.pdn")})
	all := strings.Join(res.Errors, "\n")
	if !strings.Contains(all, "answer-not-in-key.pdn:3: answer to composition 7") || !strings.Contains(all, "answer-not-in-key.pdn:5:10: unclosed variation") {
		t.Errorf("errors:\n%s", all)
	}
}
