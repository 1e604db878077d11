package lascagraph

import (
	"context"
	"strings"
	"testing"

	"draughtsjudge/draughts"
	"draughtsjudge/draughts/lasca"
	"draughtsjudge/solver"
)

func lascaPos(t *testing.T, fen string) lasca.Position {
	t.Helper()
	p, err := lasca.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSolveLasca: the composed problem W:Wa1,d2:Bd4,c5 (solution explained
// at judge.TestLascaProblem, confirmed by the reference generator in
// lasca.TestProblemReference): the only key d2-c3, a win in 3, the
// tries d2-e3 and a1-b2 never win; the tree follows 1.d2-c3 d4:b2 2.a1:c3
// to the two finales.
func TestSolveLasca(t *testing.T) {
	ans := Solve(context.Background(), lascaPos(t, "W:Wa1,d2:Bd4,c5"), Win, draughts.White, solver.Options{Budget: solver.Budget{TTBytes: 64 << 20}})
	if ans.Verdict != solver.VerdictProved || ans.Distance != 3 || len(ans.Keys) != 1 || ans.Keys[0].Move != "d2-c3" || ans.Undecided != 0 {
		t.Fatalf("answer %+v", ans)
	}
	if len(ans.Tries) != 2 || ans.Tries[0].Move != "a1-b2" || ans.Tries[1].Move != "d2-e3" || ans.Tries[0].Outcome != solver.Never {
		t.Errorf("tries %+v", ans.Tries)
	}
	n := ans.Tree
	if n == nil || len(n.Branches) != 1 || n.Branches[0].Move != "d2-c3" || n.Branches[0].Distance != 3 {
		t.Fatalf("tree root %+v", n)
	}
	b := n.Branches[0].Child // Black: d4:b2 only
	if len(b.Branches) != 1 || b.Branches[0].Move != "d4:b2" {
		t.Fatalf("after d2-c3: %+v", b.Branches)
	}
	w := b.Branches[0].Child // White: a1:c3 only
	if len(w.Branches) != 1 || w.Branches[0].Move != "a1:c3" || w.Distance != 2 {
		t.Fatalf("after d4:b2: %+v", w)
	}
	var finales []string
	for _, d := range w.Branches[0].Child.Branches {
		f := d.Child.Branches[0].Child
		finales = append(finales, d.Move+" "+d.Child.Branches[0].Move+" "+f.FEN)
		if !f.Finale {
			t.Errorf("%s: not a finale", f.FEN)
		}
	}
	if strings.Join(finales, "; ") != "c5-b4 c3:a5 B:Wb2,a5(wbb):B; c5-d4 c3:e5 B:Wb2,e5(wbb):B" {
		t.Errorf("finales %q", finales)
	}
}

// TestSolveLascaSmall: positions decided by hand. W:Wc3:Bd6: 1.c3-d4 wins
// in 2 (either black move stands next to d4 and is taken, 004 §2.4), and
// 1.c3-b4 wins too, later (1...d6-c5 2.b4:d6 at once): two keys.
// B:Wc3:Ba5 with White to fulfil: Black to move first, a5-b4 is taken by
// c3:a5 (win in 1). W:Wc3:Ba5,e5: both White moves are taken and White,
// left without a column, loses: a draw is refuted. A budget too small for
// the reachable set answers unknown with the reason.
func TestSolveLascaSmall(t *testing.T) {
	ctx := context.Background()
	opt := solver.Options{Budget: solver.Budget{TTBytes: 16 << 20}}
	ans := Solve(ctx, lascaPos(t, "W:Wc3:Bd6"), Win, draughts.White, opt)
	if ans.Verdict != solver.VerdictProved || len(ans.Keys) != 2 || ans.Keys[0].Move != "c3-d4" || ans.Keys[0].Distance != 2 || ans.Keys[1].Move != "c3-b4" {
		t.Errorf("W:Wc3:Bd6: %+v", ans)
	}
	ans = Solve(ctx, lascaPos(t, "B:Wc3:Ba5"), Win, draughts.White, opt)
	if ans.Verdict != solver.VerdictProved || ans.Distance != 1 || len(ans.Keys) != 0 {
		t.Errorf("B:Wc3:Ba5: %+v", ans)
	}
	ans = Solve(ctx, lascaPos(t, "W:Wc3:Ba5,e5"), Draw, draughts.White, opt)
	if ans.Verdict != solver.VerdictRefuted || len(ans.Tries) != 2 {
		t.Errorf("draw W:Wc3:Ba5,e5: %+v", ans)
	}
	ans = Solve(ctx, lascaPos(t, "W:Wa1,d2:Bd4,c5"), Win, draughts.White, solver.Options{Budget: solver.Budget{Nodes: 100}})
	if ans.Verdict != solver.VerdictUnknown || !strings.Contains(ans.Reason, "more than 6400 positions") {
		t.Errorf("small budget: %+v", ans)
	}
}
