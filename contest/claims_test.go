package contest_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"draughtsjudge/contest"
	"draughtsjudge/corpus"
	"draughtsjudge/judge"
	"draughtsjudge/solver"
)

// cookedKey is the key of a Russian position with three winning first
// moves (the author gives 1. c3-d4; at this budget the tool proves the
// cook 1. a5-c7, and 1. a5-b6 a try refuted by a7:c5): the claims of the
// tests below are what the key already decided, so grading them searches
// nothing.
func cookedKey(t *testing.T) *contest.Grader {
	t.Helper()
	cooked.Do(func() {
		es := corpus.Parse("cooked.pdn", []byte("[Number \"1\"]\n[GameType \"25\"]\n[FEN \"W:WKa5,c3:Ba7,f4\"]\n[Genre \"study\"]\n[Stipulation \"win\"]\n1. c3-d4 f4-g3 2. d4-c5 *\n"))
		if len(es) != 1 || es[0].Err != nil {
			return
		}
		c := es[0].Composition
		opt := judge.Options{Solver: solver.Options{Budget: solver.Budget{Nodes: 5_000, TTBytes: 16 << 20}, MaxBound: 12, Threads: 1, Quick: true}}
		e := contest.BuildKeyEntry(1, c, judge.Analyse(context.Background(), c, opt), contest.DefaultPoints())
		cookedGrader = &contest.Grader{Key: &contest.ContestKey{Format: contest.KeyFormat, Points: contest.DefaultPoints(), Entries: []*contest.KeyEntry{e}}, Options: opt}
	})
	if cookedGrader == nil {
		t.Fatal("the cooked position cannot be read")
	}
	return cookedGrader
}

// The key is analysed once for the tests below (grading does not change it).
var (
	cooked       sync.Once
	cookedGrader *contest.Grader
)

// gradeOne grades one solver's answer file, written in the test.
func gradeOne(t *testing.T, gr *contest.Grader, answer string) *contest.Mark {
	t.Helper()
	res := gr.Grade(context.Background(), []*contest.Sheet{{Solver: "s", File: "s.pdn", Games: contest.ReadAnswers("s.pdn", []byte(answer))}})
	if len(res.Errors) > 0 {
		t.Fatalf("errors: %v", res.Errors)
	}
	return res.Solvers[0].Marks[0]
}

// claimLines are the claim rows of a marking, "status detail at where".
func claimLines(m *contest.Mark) []string {
	var out []string
	for _, a := range m.Audit {
		if a.What == "claim" {
			out = append(out, a.Status+" "+a.Detail+" at "+a.Where)
		}
	}
	return out
}

// A second [Claim] tag adds its claims to the first's (as one tag of
// claims separated by ';'), never replaces them.
func TestClaimTagsAdd(t *testing.T) {
	gr := cookedKey(t)
	two := gradeOne(t, gr, "[Number \"1\"]\n[Claim \"cook 1. a5-b6\"]\n[Claim \"cook 1. a5-c7\"]\n1. c3-d4 *\n")
	one := gradeOne(t, gr, "[Number \"1\"]\n[Claim \"cook 1. a5-b6; cook 1. a5-c7\"]\n1. c3-d4 *\n")
	got, want := claimLines(two), claimLines(one)
	if len(got) != 2 || !strings.HasPrefix(got[0], "incorrect cook 1. a5-b6: wrong") || !strings.HasPrefix(got[1], "correct cook 1. a5-c7: right") {
		t.Fatalf("two [Claim] tags: want both claims graded (a5-b6 a try, a5-c7 a cook), got\n%s\none tag of both:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if two.Points != one.Points || two.Extra != one.Extra || two.Extra != 2 {
		t.Errorf("two [Claim] tags: %g points (extra %g), one tag of both claims: %g (extra %g); want the same, extra 2",
			two.Points, two.Extra, one.Points, one.Extra)
	}
}

// A claim is read as the answer's moves are (docs/cli.md, grade): a word
// processor's dashes, '×', '…' and move numbers such as "1)" are the
// move's signs, in a [Claim] tag and in a {cook: …} comment alike.
func TestClaimTypographic(t *testing.T) {
	gr := cookedKey(t)
	cook := "correct cook 1. a5-c7: right"
	for _, c := range []struct{ name, answer, want string }{
		{"en dash", "[Claim \"cook 1. a5\u2013c7\"]\n1. c3-d4 *\n", cook},
		{"em dash, comment", "1. c3-d4 {cook: 1. a5\u2014c7} *\n", cook},
		{"minus sign, 1)", "[Claim \"cook 1) a5\u2212c7!\"]\n1. c3-d4 *\n", cook},
		{"1 . and words", "[Claim \"cook 1 . a5-c7 and White wins\"]\n1. c3-d4 *\n", cook},
		// The author's own line, written 1), 1 … and ×: read, and wrong.
		{"1 \u2026 and \u00d7", "[Claim \"inaccuracy 1) c3-d4 1 \u2026 a7-b6 2) a5\u00d7g3\"]\n1. c3-d4 *\n",
			"incorrect inaccuracy 1. c3-d4 a7-b6 2. a5:g3: wrong, that is the solution's own move"},
	} {
		got := claimLines(gradeOne(t, gr, "[Number \"1\"]\n"+c.answer))
		if len(got) != 1 || !strings.HasPrefix(got[0], c.want) {
			t.Errorf("%s: want %q, got\n%s", c.name, c.want, strings.Join(got, "\n"))
		}
	}
}

// A claim's row in the marking is where the claim stands in the sheet —
// its [Claim] tag or its comment, file:line:col — not the game's first
// line; an unreadable answer's row says where once.
func TestClaimWhere(t *testing.T) {
	gr := cookedKey(t)
	m := gradeOne(t, gr, "[Solver \"s\"]\n[Number \"1\"]\n[Claim \"cook 1. a5-c7\"]\n\n1. c3-d4 f4-g3\n  {cook: 1. a5-b6} *\n")
	got := claimLines(m)
	if len(got) != 2 || !strings.HasSuffix(got[0], " at s.pdn:3:1") || !strings.HasSuffix(got[1], " at s.pdn:6:3") {
		t.Errorf("claims: want them at s.pdn:3:1 (the tag) and s.pdn:6:3 (the comment), got\n%s", strings.Join(got, "\n"))
	}
	res := gr.Grade(context.Background(), []*contest.Sheet{{Solver: "d", File: "d.pdn", Games: contest.ReadAnswers("d.pdn", []byte("[Solver \"d\"]\n\n[Number 1]\n1. c3-d4 *\n"))}})
	a := res.Solvers[0].Marks[0].Audit
	if len(a) != 1 || a[0].Where != "d.pdn:3:1" || a[0].Detail != "unreadable answer, 0 points: bad tag [Number 1] (want [Name \"value\"])" {
		t.Errorf("bad tag: want the row at d.pdn:3:1, saying where once, got %+v", a)
	}
	if len(res.Errors) != 1 || res.Errors[0] != "d.pdn:3:1: bad tag [Number 1] (want [Name \"value\"])" {
		t.Errorf("bad tag: errors %q, want the one line file:line:col: what", res.Errors)
	}
}

// A comment holds several claims separated by ';' as a tag does (each
// graded: a5-b6 a try, a5-c7 a cook), a part naming no claim stays with
// the claim before it, and an empty [Claim ""] claims nothing.
func TestClaimCommentSeveral(t *testing.T) {
	gr := cookedKey(t)
	got := claimLines(gradeOne(t, gr, "[Number \"1\"]\n1. c3-d4 {cook: 1. a5-b6; cook 1. a5-c7; and White wins} *\n"))
	if len(got) != 2 || !strings.HasPrefix(got[0], "incorrect cook 1. a5-b6: wrong") || !strings.HasPrefix(got[1], "correct cook 1. a5-c7: right") {
		t.Errorf("two claims in one comment: want both graded, got\n%s", strings.Join(got, "\n"))
	}
	if got := claimLines(gradeOne(t, gr, "[Number \"1\"]\n[Claim \"\"]\n1. c3-d4 *\n")); len(got) != 0 {
		t.Errorf("[Claim \"\"]: want no claim row, got\n%s", strings.Join(got, "\n"))
	}
}
