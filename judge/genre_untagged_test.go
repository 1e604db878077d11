package judge_test

import (
	"strings"
	"testing"

	"draughtsjudge/judge"
)

// A lock stipulation is a locking task by definition (11.1.3, docs/checks.md
// [genre]: "task: a lock stipulation"), so a lock without a [Genre] tag is
// judged as a task everywhere the genre matters. W:Wa5,c5:Ba7, lock 1 man:
// 1.a5-b6 leaves the man a7 no move (b6 is taken, and c5 behind b6 stops the
// capture), the only line the author gives; a task needs two thematic
// variations (11.2.5), so it is defective with or without the tag. Before,
// the untagged entry was judged as a problem ("problems need one thematic
// variation") and passed as sound.
func TestUntaggedLockIsTask(t *testing.T) {
	const pdn = "[GameType \"25\"]\n[FEN \"W:Wa5,c5:Ba7\"]\n[Stipulation \"запереть 1 простую\"]\n"
	untagged := mustAnalysePDN(t, pdn+"1. a5-b6 *\n")
	tagged := mustAnalysePDN(t, pdn+"[Genre \"task\"]\n1. a5-b6 *\n")
	wantStatus(t, untagged, "genre", judge.NotApplicable, "no genre stated", "judged as a locking task")
	wantStatus(t, untagged, "variations", judge.Fail, "a locking task needs at least two thematic variations")
	if untagged.Genre != "" || untagged.JudgedGenre != "task" {
		t.Errorf("genre %q judged %q, want none stated, judged task", untagged.Genre, untagged.JudgedGenre)
	}
	if untagged.Verdict != judge.Defective || tagged.Verdict != judge.Defective {
		t.Errorf("verdicts %s (untagged), %s (tagged), want defective", untagged.Verdict, tagged.Verdict)
	}
	for _, c := range tagged.Checks {
		if c.ID == "genre" {
			continue
		}
		u := check(untagged, string(c.ID))
		if u.Status != c.Status || u.Clause != c.Clause {
			t.Errorf("[%s] untagged %s %s (%s), tagged %s %s (%s)", c.ID, u.Status, u.Clause, u.Detail, c.Status, c.Clause, c.Detail)
		}
	}
	wantStatus(t, untagged, "economy-finale", judge.Pass)
	if c := check(untagged, "economy-finale"); c.Clause != "11.2.8.1" {
		t.Errorf("[economy-finale] clause %s, want a task's 11.2.8.1", c.Clause)
	}
	// The score's genre_task reads the judged genre.
	rb, err := judge.ParseRubric("t.tsv", []byte("task\t11.3.9\t1\tgenre_task\ta task\nproblem\t11.3.7\t1\tgenre_problem\ta problem\n"))
	if err != nil {
		t.Fatal(err)
	}
	r := &judge.Report{Variant: untagged.Variant, Verdict: judge.Sound, JudgedGenre: untagged.JudgedGenre}
	r.Measures = []judge.Measure{{ID: "variations", Value: 2}}
	r.ApplyScore(rb)
	if r.Score != 1 || !r.ScoreLines[0].Applied {
		t.Errorf("score %v %+v, want genre_task only", r.Score, r.ScoreLines)
	}
}

// Without a [Genre] tag a win or draw is judged as the first genre its
// material allows (problem: more than 4 white pieces; study: at most 4
// white and 6 black), so the genre-dependent checks agree with each other:
// before, [problem-balance] said "problems only" while [variations]
// applied the problem rule to every untagged entry.
func TestUntaggedWinJudgedByMaterial(t *testing.T) {
	// Five white men against seven black: a problem's material (a study
	// has at most 4 white pieces); Black two pieces ahead fails 11.2.7.1.
	rep := mustReplay(t, "[GameType \"25\"]\n[FEN \"W:Wa1,c1,e1,g1,h2:Ba7,b8,c7,d8,e7,f8,h8\"]\n1. a1-b2 *\n")
	wantStatus(t, rep, "genre", judge.NotApplicable, "judged as a problem")
	wantStatus(t, rep, "problem-balance", judge.Fail, "2 pieces ahead")
	wantStatus(t, rep, "variations", judge.NotApplicable, "problems need one thematic variation")
	// One white king against a black man: a study's material (study or
	// ending, the study first); one printed line of a draw study fails
	// 11.2.5, which a study's draw counts from the author's lines only.
	rep = mustReplay(t, "[GameType \"25\"]\n[FEN \"W:Wa1:Bh8\"]\n[Stipulation \"draw\"]\n1. a1-b2 *\n")
	wantStatus(t, rep, "genre", judge.NotApplicable, "judged as a study", "study or ending")
	wantStatus(t, rep, "problem-balance", judge.NotApplicable, "problems only")
	wantStatus(t, rep, "variations", judge.Fail, "a study needs at least two branches")
	if !strings.Contains(check(rep, "genre").Detail, "first in the order") {
		t.Errorf("[genre] %q does not say why a study", check(rep, "genre").Detail)
	}
}

// Two author's lines that end in one position are one branch in another
// order of moves (11.2.5; docs/checks.md [variations]: a transposition is
// not a second variation). W:Wc3,Kh2:Ba5,h6: after 1.h2-f4 Black's two men
// fall to 2.c3:a5 and f4:h6 in either order, whichever man Black moves
// first, and both lines end in B:WKh6,a5 with Black out of pieces; the
// solved tree has that one branch too. Before, the study passed
// [variations] on "2 thematic lines in the author's solution".
func TestStudyLinesInOneFinaleAreOneBranch(t *testing.T) {
	rep := mustAnalysePDN(t, "[GameType \"25\"]\n[FEN \"W:Wc3,Kh2:Ba5,h6\"]\n[Genre \"study\"]\n[Stipulation \"win\"]\n"+
		"1. h2-f4 a5-b4 (1... h6-g5 2. f4:h6 a5-b4 3. c3:a5) 2. c3:a5 h6-g5 3. f4:h6 *\n")
	wantStatus(t, rep, "variations", judge.Fail, "a study needs at least two branches; the author gives 1", "one branch", "1 composition branch in the solved tree")
	// The measure the score reads (11.3.3) counts them as the check does.
	found := false
	for _, m := range rep.Measures {
		if m.ID == "variations" {
			found = true
			if m.Value != 1 || !strings.Contains(m.Detail, "1 line ends in the position of another, counted once") {
				t.Errorf("measure variations = %g (%s), want 1", m.Value, m.Detail)
			}
		}
	}
	if !found {
		t.Errorf("no variations measure among %+v", rep.Measures)
	}
}

// Every check appears, not-applicable where it does not apply
// (docs/checks.md "The checks"): a draw without the endgame databases has
// no goal to search, and before, its report stopped after [solvable]
// without [quiet-key] (a fact of the position: W:Wa1:Bh8, White's men have
// only quiet moves), [exact-lock] and [economy-finale].
func TestDrawWithoutDatabasesListsEveryCheck(t *testing.T) {
	const pdn = "[GameType \"25\"]\n[FEN \"W:Wa1:Bh8\"]\n[Stipulation \"draw\"]\n[Genre \"study\"]\n"
	for _, moves := range []string{"1. a1-b2 *\n", "*\n"} {
		rep := mustAnalysePDN(t, pdn+moves)
		for _, id := range []string{"legal", "genre", "problem-balance", "author-solution", "quiet-key", "variations", "solvable", "exact-lock", "economy-finale", "economy-construction", "unique"} {
			if checkOf(rep, id) == nil {
				t.Errorf("%q: no [%s] among %+v", moves, id, rep.Checks)
			}
		}
		if t.Failed() {
			return
		}
		wantStatus(t, rep, "quiet-key", judge.Pass, "no capture")
		wantStatus(t, rep, "exact-lock", judge.NotApplicable, "locking tasks only")
		if moves == "*\n" {
			wantStatus(t, rep, "economy-finale", judge.NotApplicable, "no author's solution")
		} else {
			wantStatus(t, rep, "economy-finale", judge.Unknown, "not checked")
		}
	}
}
