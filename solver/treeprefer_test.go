package solver

import (
	"context"
	"strings"
	"testing"

	"draughtsjudge/draughts"
)

// mainLine follows the tree's main branches.
func mainLine(n *Node) []string {
	var out []string
	for n != nil && len(n.Branches) > 0 {
		var next *Node
		for i, b := range n.Branches {
			if b.Main || (i == 0 && !n.Attacker && !hasMain(n)) {
				out = append(out, b.Move)
				next = b.Child
			}
		}
		n = next
	}
	return out
}

func hasMain(n *Node) bool {
	for _, b := range n.Branches {
		if b.Main {
			return true
		}
	}
	return false
}

// TestTreeExpandsPreferredDefenceFirst: with a tree budget that the other
// defences would spend first, the author's defence is still expanded to
// the end (check --pdn-out cut the author's main line after one Black
// reply: the defences were expanded in move order, the author's last).
// The man against a man (W:We1:Bd8, 1. e1-d2 d8-e7 2. d2-e3 e7-f6 3.
// e3-f4): 1... d8-c7 comes first in move order.
func TestTreeExpandsPreferredDefenceFirst(t *testing.T) {
	r := draughts.Russian
	prefer := []string{"e1-d2", "d8-e7", "d2-e3", "e7-f6", "e3-f4"}
	ans := Solve(context.Background(), r, mustFEN(t, r, "W:We1:Bd8"), Win{}, draughts.White,
		Options{Budget: Budget{Nodes: 20_000, TTBytes: 16 << 20}, MaxBound: 12, TreeNodes: 8, Prefer: prefer})
	if ans.Tree == nil {
		t.Fatalf("no tree: %+v", ans.Verdict)
	}
	got := strings.Join(mainLine(ans.Tree), " ")
	if !strings.HasPrefix(got, strings.Join(prefer, " ")) {
		t.Errorf("main line %q, want the author's %q", got, strings.Join(prefer, " "))
	}
}
