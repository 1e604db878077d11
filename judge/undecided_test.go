package judge_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"draughtsjudge/corpus"
	"draughtsjudge/draughts"
	"draughtsjudge/judge"
	"draughtsjudge/solver"
	"draughtsjudge/tablebase"
)

// The third problem of the regression corpus's published-3.pdn
// (endgamesandmore 2019/02, 18 pieces): its key 1.29-24 is undecided at
// any budget a test can afford, and at the default 2M nodes too. The
// author's line ends 16.27-22 49x18 17.9x22 in W:WK9:B4,K18, where White
// must take the king on 18 and the king may stop on 22, 27, 31 or 36.
// The endgame database, probed here and not through the judge, scores
// every one of them a win (Black to move loses), so 17.9x27, 9x31 and
// 9x36 win as the author's 9x22 does: a closing king capture to different
// squares of one diagonal, which 11.2.7.3 counts as a partial cook. It
// does not rest on the key: if 1.29-24 does not force the win the problem
// is unsolvable, and if it does this is its solution's main line. So the
// entry is defective, [solvable] stays unknown, and [unique] fails.
func TestUndecidedKeyDualInTheAuthorsLine(t *testing.T) {
	r := draughts.International
	st, err := tablebase.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.EnsureSlices(context.Background(), r, tablebase.MaterialsUpTo(r, 3)...); err != nil {
		t.Fatal(err)
	}
	es := corpus.Load([]string{"../corpus/regression/published-3.pdn"})
	if len(es) != 3 || es[2].Err != nil {
		t.Fatalf("published-3.pdn: %d entries (%v)", len(es), es)
	}
	c := es[2].Composition

	// The database's own verdict on each of White's moves at move 17.
	before, err := draughts.ParseFEN(r, "W:WK9:B4,K18")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{} // winning move: White moves to the end
	for _, m := range draughts.LegalMoves(&before, r) {
		q := before.Play(m)
		if v, ok := st.Endgames(r).Probe(&q); ok && v.WDL == tablebase.Loss {
			want[draughts.MoveString(&before, r, m)] = v.Plies/2 + 1
		}
	}
	if len(want) != 4 || want["9x22"] == 0 {
		t.Fatalf("the database's wins at move 17: %v, want the four landing squares", want)
	}

	opt := judge.Options{
		Solver:         solver.Options{Budget: solver.Budget{Nodes: 20_000, TTBytes: 64 << 20}, MaxBound: 40, Slack: 4, Threads: 2},
		Prober:         solver.TablebaseProber(st),
		MaterialMargin: 2,
	}
	rep := judge.Analyse(context.Background(), c, opt)
	if rep.Verdict != judge.Defective || len(rep.Keys) != 0 {
		t.Fatalf("verdict %s (%s), keys %v: want defective with no key proved", rep.Verdict, rep.Reason, rep.Keys)
	}
	wantStatus(t, rep, "solvable", judge.Unknown)
	wantStatus(t, rep, "unique", judge.Fail, "(W:WK9:B4,K18)", "closing king capture",
		"whether 1.29-24 forces the goal is undecided, and either way the entry is defective")
	line := strings.Fields("29-24 30-35 36-31 19x30 21-17 11x22 27x20 15x24 49-44 24-29 33x24 30x19 31-27 5-10 28-22 19-23 22-17 23-29 17-11 29-33 40-34 10-14 11-6 2-7 34-29 33x24 6-1 35-40 1x9 40x49 27-22 49x18")
	got := map[string]int{}
	for _, d := range rep.Duals {
		if slices.Equal(d.Line, line) && d.Status == "partial cook" {
			got[d.Move] = d.Distance
			if d.Author != "9x22" || d.AuthorDistance != want["9x22"] {
				t.Errorf("dual %s: author's %s in %d, want 9x22 in %d", d.Move, d.Author, d.AuthorDistance, want["9x22"])
			}
		}
	}
	delete(want, "9x22")
	if !maps(got, want) {
		t.Fatalf("partial cooks at move 17: %v, want the database's %v (duals %+v)", got, want, rep.Duals)
	}
}

func maps(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
