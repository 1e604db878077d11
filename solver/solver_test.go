package solver

import (
	"context"
	"encoding/json"
	"testing"
	"unsafe"

	"draughtsjudge/draughts"
)

func mustFEN(t *testing.T, r *draughts.Rules, fen string) draughts.Position {
	t.Helper()
	p, err := draughts.ParseFEN(r, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// solve searches at 300,000 nodes per first move and a 256 MiB table:
// Shoshin's study and its cooked copy get the same verdicts, distances and
// keys as at 2,000,000 nodes and 1 GiB (with the same node counts at 256
// MiB as at 1 GiB), in 2 s instead of 8 s each here; a much smaller table
// is slower, not faster (64 MiB: 7 s, the positions searched again).
func solve(t *testing.T, r *draughts.Rules, fen string, goal Goal, threads int) Answer {
	t.Helper()
	return Solve(context.Background(), r, mustFEN(t, r, fen), goal, draughts.White,
		Options{Budget: Budget{Nodes: 300_000, TTBytes: 256 << 20}, MaxBound: 12, Threads: threads})
}

func TestTTEntrySize(t *testing.T) {
	if s := unsafe.Sizeof(ttEntry{}); s != 32 {
		t.Fatalf("ttEntry is %d bytes, want 32", s)
	}
}

// TestPNEntrySize: the proof-number slot is 32 bytes, so a bucket of 4 is
// two cache lines (pntable.go's layout).
func TestPNEntrySize(t *testing.T) {
	if s := unsafe.Sizeof(pnEntry{}); s != 32 {
		t.Fatalf("pnEntry is %d bytes, want 32", s)
	}
}

// White c3, Black d4 (Russian): the capture c3:e5 is compulsory and takes
// Black's only piece, so Black, to move, has no move: won in 1 (6.1.7).
func TestWinInOneByCapture(t *testing.T) {
	a := solve(t, draughts.Russian, "W:Wc3:Bd4", Win{}, 1)
	if a.Verdict != VerdictProved || a.Distance != 1 || len(a.Keys) != 1 || a.Keys[0].Move != "c3:e5" {
		t.Fatalf("got %+v", a)
	}
	if a.Tree == nil || a.Tree.Branches[0].Child == nil || !a.Tree.Branches[0].Child.Finale {
		t.Fatalf("tree should end in a finale after c3:e5: %+v", a.Tree)
	}
}

// White a1 is blocked: b2 is Black's and the jump a1:c3 lands on Black's
// c3. White to move has no legal move and has lost (6.1.7), so "win" is
// refuted with certainty.
func TestRefutedWhenAttackerBlocked(t *testing.T) {
	a := solve(t, draughts.Russian, "W:Wa1:Bb2,c3", Win{}, 1)
	if a.Verdict != VerdictRefuted {
		t.Fatalf("got %+v", a)
	}
}

// Locking task in one move (11.2.8.2): White h6-g7 leaves Black's h8 man
// with g7 occupied and the jump h8:f6 landing on White's f6, so Black, to
// move, holds exactly one man and cannot move. f6-g7 does not lock (h8:f6
// jumps g7 onto the vacated f6).
func TestLockInOne(t *testing.T) {
	a := solve(t, draughts.Russian, "W:Wh6,f6:Bh8", Lock{Men: 1}, 1)
	if a.Verdict != VerdictProved || a.Distance != 1 || a.Keys[0].Move != "h6-g7" || a.Keys[0].Distance != 1 {
		t.Fatalf("got %+v", a)
	}
	for _, k := range a.Keys {
		if k.Move == "f6-g7" && k.Distance == 1 {
			t.Fatalf("f6-g7 cannot lock in 1: %+v", a)
		}
	}
	// Locking two men is impossible: Black has one piece.
	b := solve(t, draughts.Russian, "W:Wh6,f6:Bh8", Lock{Men: 2}, 1)
	if b.Verdict != VerdictRefuted {
		t.Fatalf("lock 2 men with one black man: got %+v", b)
	}
}

// A. Shoshin's study (draughts.narod.ru, 'Etudy'): W Ka5, a3; B a7, f4.
// The published solution: 1.a5-b4! f4-g3 2.b4-c5 g3-h2 3.a3-b4 h2-g1
// 4.b4-a5 g1:b6 5.a5:c7 and (not printed) a7-b6 6.c7:a5 leaves Black
// without pieces: six White moves against the longest defence, and the
// key is unique.
func TestShoshinStudy(t *testing.T) {
	a := solve(t, draughts.Russian, "W:WKa5,a3:Ba7,f4", Win{}, 2)
	t.Logf("local %d nodes %d", a.LocalPositions, a.Nodes)
	if a.Verdict != VerdictProved || a.Distance != 6 {
		t.Fatalf("got verdict %s distance %d", a.Verdict, a.Distance)
	}
	if len(a.Keys) != 1 || a.Keys[0].Move != "a5-b4" {
		t.Fatalf("keys %+v, want only a5-b4", a.Keys)
	}
	// The try a5-b6 is refuted at once by the capture a7:c5.
	for _, tr := range a.Tries {
		if tr.Move == "a5-b6" && (len(tr.Refutations) != 1 || tr.Refutations[0].Move != "a7:c5") {
			t.Errorf("a5-b6 refutations %+v, want a7:c5", tr.Refutations)
		}
	}
}

// The same composition with a3 moved to c3 is cooked: c3-d4 also wins.
func TestShoshinCookedCopy(t *testing.T) {
	a := solve(t, draughts.Russian, "W:WKa5,c3:Ba7,f4", Win{}, 2)
	found := map[string]bool{}
	for _, k := range a.Keys {
		found[k.Move] = true
	}
	if !found["a5-b4"] || !found["c3-d4"] {
		t.Fatalf("keys %+v, want a5-b4 and the cook c3-d4", a.Keys)
	}
}

// Results do not depend on the number of threads.
func TestDeterministicAcrossThreads(t *testing.T) {
	var out [2][]byte
	for i, th := range []int{1, 2} {
		a := solve(t, draughts.Russian, "W:WKa5,c3:Ba7,f4", Win{}, th)
		out[i], _ = json.Marshal(a)
	}
	if string(out[0]) != string(out[1]) {
		t.Fatalf("threads 1 and 2 differ:\n%s\n%s", out[0], out[1])
	}
}

// Giveaway (russian-giveaway, 8.1): White c3, Black e5. 1.c3-d4 forces
// e5:c3, and White, to move without pieces, has won.
func TestGiveawayInOne(t *testing.T) {
	a := solve(t, draughts.RussianGiveaway, "W:Wc3:Be5", Giveaway{}, 1)
	if a.Verdict != VerdictProved || a.Distance != 1 || a.Keys[0].Move != "c3-d4" {
		t.Fatalf("got %+v", a)
	}
}
