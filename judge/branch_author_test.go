package judge_test

import (
	"strings"
	"testing"

	"draughtsjudge/draughts"
	"draughtsjudge/judge"
	"draughtsjudge/solver"
)

// A study where Black moves first has its branches counted from the
// start, each opened by a Black move: the position is Shoshin's study
// after its key 1.a5-b4 (corpus/sample), Black to move. The truth is the
// 4-piece Russian database (built by retrograde analysis, not by the
// solver): along every branch reported, each White move keeps White's
// win, and the branch ends in a position the database scores as won.
// Before the count knew Black-first studies, [variations] was unknown
// ("the solved tree … was not reached") though the study is solved.
func TestBlackFirstStudyBranches(t *testing.T) {
	const start = "B:WKb4,a3:Ba7,f4"
	game := "[Event \"black first\"]\n[GameType \"25\"]\n[FEN \"" + start + "\"]\n[Genre \"study\"]\n[Stipulation \"black-first: win\"]\n\n1... f4-g3 2. b4-c5 g3-h2 3. a3-b4 h2-g1 4. b4-a5 *\n"
	rep, prober := withRussian4(t, "black-first.pdn", game)
	ch := rep.Check("variations")
	if ch == nil || ch.Status != judge.Pass || !strings.Contains(ch.Detail, "the play has two or more branches") {
		t.Fatalf("variations: %+v", ch)
	}
	if !strings.Contains(ch.Detail, "not given by the author: 1...") {
		t.Errorf("the branches the author omits are not named from Black's first move: %s", ch.Detail)
	}
	r := draughts.Russian
	if len(rep.Branches) < 2 {
		t.Fatalf("%d branches: %+v", len(rep.Branches), rep.Branches)
	}
	given := 0
	for _, b := range rep.Branches {
		if b.Given {
			given++
		}
		p, err := draughts.ParseFEN(r, start)
		if err != nil {
			t.Fatal(err)
		}
		for i, mv := range b.Line {
			m, err := draughts.ParseMove(&p, r, mv)
			if err != nil {
				t.Fatalf("branch %v, move %d: %v", b.Line, i, err)
			}
			mover := p.Side
			p = p.Play(m)
			if mover != draughts.White || p.Pieces[draughts.Black] == 0 {
				continue
			}
			if wdl, _, ok := prober.Probe(r, p); !ok || wdl >= 0 {
				t.Errorf("branch %v: after White's %s the database gives Black (to move) %d (known %v), want a loss", b.Line, mv, wdl, ok)
			}
		}
		if got := draughts.FEN(&p, r); got != b.FEN {
			t.Errorf("branch %v ends in %s, reported %s", b.Line, got, b.FEN)
		}
	}
	if given != 1 {
		t.Errorf("%d branches given, want the author's one line: %+v", given, rep.Branches)
	}
	// As [quiet-key] says, Black's first move is no key (11.1.4).
	for _, m := range rep.Measures {
		if (m.ID == "key_quiet" || m.ID == "key_sacrifice") && m.Value != 0 {
			t.Errorf("measure %s = %v (%s): Black moves first, there is no key", m.ID, m.Value, m.Detail)
		}
	}
}

// An author's side line may play a tolerated other winning move (11.3.8.5:
// a king to another square of the diagonal) where the solved tree plays
// its own: Shoshin's study with the side line 1...f4-e3 2.b4-e1 a7-b6
// 3.a3-b4 e3-f2 4.e1:h4 b6-c5 5.b4:d6, the tree's move there 4.e1:g3.
// The branch is the author's all the same: each of his three lines gives
// one. The 4-piece database confirms that both captures win (so the
// author's move is a real alternative, not an error).
func TestAuthorSideLineThroughTolerableAlternative(t *testing.T) {
	game := edit(t, published(t, "Shoshin"), "(1... f4-e3 2. b4-e1 a7-b6 3. a3-b4)", "(1... f4-e3 2. b4-e1 a7-b6 3. a3-b4 e3-f2 4. e1:h4 b6-c5 5. b4:d6)")
	rep, prober := withRussian4(t, "shoshin-side-line.pdn", game)
	eachWins(t, prober, playFEN(t, "W:WKa5,a3:Ba7,f4", "a5-b4", "f4-e3", "b4-e1", "a7-b6", "a3-b4", "e3-f2"), "e1:h4", "e1:g3")
	ch := rep.Check("variations")
	if ch == nil || ch.Status != judge.Pass || !strings.Contains(ch.Detail, "3 along the author's lines") {
		t.Fatalf("variations: %+v; want each of the author's 3 lines along a branch", ch)
	}
	given := 0
	for _, b := range rep.Branches {
		if b.Given {
			given++
		}
	}
	if given != 3 {
		t.Errorf("%d branches given, want 3: %+v", given, rep.Branches)
	}
}

// The single white piece of a study's finale may play any winning move
// (11.2.6), so an author's side line that takes another square of the
// king's diagonal than the solved tree runs along the tree's branch too:
// 1.a1-d4 … 3...g5-f4 4.d2:g5 a5-b4 5.g5-e3, where the tree plays 5.g5-d2.
// The 4-piece database confirms that both king moves win.
func TestAuthorSideLineThroughSinglePieceAlternative(t *testing.T) {
	const start = "W:WKa1:Bb6,h6"
	game := "[Event \"one piece\"]\n[GameType \"25\"]\n[FEN \"" + start + "\"]\n[Genre \"study\"]\n[Stipulation \"win\"]\n\n" +
		"1. a1-d4 b6-a5 2. d4-c3 h6-g5 3. c3-d2 g5-h4 (3... g5-f4 4. d2:g5 a5-b4 5. g5-e3) 4. d2-e1 *\n"
	rep, prober := withRussian4(t, "one-piece.pdn", game)
	eachWins(t, prober, playFEN(t, start, "a1-d4", "b6-a5", "d4-c3", "h6-g5", "c3-d2", "g5-f4", "d2:g5", "a5-b4"), "g5-e3", "g5-d2")
	ch := rep.Check("variations")
	if ch == nil || ch.Status != judge.Pass || !strings.Contains(ch.Detail, "2 along the author's lines") {
		t.Fatalf("variations: %+v; want each of the author's 2 lines along a branch", ch)
	}
}

// A Black-first study has no key (11.1.4), so no introductory exchange
// either: 1...c5-d4 2.e3:c5 b6:d4 3.h8:c3 is Black's move and two
// captures, not key, capture, recapture (the nadstavka a study is marked
// down for, 11.3.8.2).
func TestBlackFirstHasNoNadstavka(t *testing.T) {
	const start = "B:WKh8,e3,g1:Bc5,b6,a7"
	game := "[Event \"black first\"]\n[GameType \"25\"]\n[FEN \"" + start + "\"]\n[Genre \"study\"]\n[Stipulation \"black-first: win\"]\n\n1... c5-d4 2. e3:c5 b6:d4 3. h8:c3 *\n"
	rep, _ := withRussian4(t, "black-first-exchange.pdn", game)
	for _, m := range rep.Measures {
		if m.ID == "nadstavka" && m.Value != 0 {
			t.Errorf("measure nadstavka = %v (%s): Black moves first, there is no key", m.Value, m.Detail)
		}
	}
}

// eachWins fails the test unless the database scores each White move of
// the Russian position fen a win (Black, to move after it, loses).
func eachWins(t *testing.T, prober solver.Prober, fen string, moves ...string) {
	t.Helper()
	r := draughts.Russian
	p, err := draughts.ParseFEN(r, fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range moves {
		m, err := draughts.ParseMove(&p, r, mv)
		if err != nil {
			t.Fatal(err)
		}
		if wdl, _, ok := prober.Probe(r, p.Play(m)); !ok || wdl >= 0 {
			t.Fatalf("after %s in %s the database gives Black (to move) %d (known %v), want a loss", mv, fen, wdl, ok)
		}
	}
}

// withRussian4 analyses the single game in text at the lines tests'
// budgets with the 4-piece Russian databases, and returns the report and
// the databases (the tests' truth).
func withRussian4(t *testing.T, name, text string) (*judge.Report, solver.Prober) {
	t.Helper()
	prober := russian4(t)
	opt := linesOpts()
	opt.Prober = prober
	rep, err := parse(t, name, text, opt)
	if err != nil {
		t.Fatal(err)
	}
	return rep, prober
}
