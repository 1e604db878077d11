package judge_test

import (
	"draughtsjudge/internal/testflag"
	"fmt"
	"os"
	"strings"
	"testing"

	"draughtsjudge/corpus"
	"draughtsjudge/draughts"
	"draughtsjudge/judge"
	"draughtsjudge/solver"
	"draughtsjudge/tablebase"
)

// A solution that stops before the goal is completed by the tool, and
// the report says how far the author's text goes. The truth is the
// published text beyond the cut: Shoshin's study (corpus/sample) cut after
// 3.a3-b4 goes on, as published, 3...h2-g1 4.b4-a5, after which Black's
// g1:b6 and White's a5:c7 are forced captures (6.1.5) and Black's last man
// is taken on the next move.
func TestTruncatedSolutionCompleted(t *testing.T) {
	cut := edit(t, published(t, "Shoshin"), " h2-g1 (3... a7-b6 4. c5:a7 h2-g1 5. b4-c5) 4. b4-a5", "")
	rep, err := parse(t, "shoshin-cut.pdn", cut, linesOpts())
	if err != nil {
		t.Fatal(err)
	}
	ch := rep.Check("solvable")
	if ch == nil || ch.Status != judge.Pass || !strings.Contains(ch.Detail, "the author's text ends after 1...f4-g3 2.b4-c5 g3-h2 3.a3-b4, ") {
		t.Fatalf("solvable: %+v", ch)
	}
	want := "the author's text ends after 1...f4-g3 2.b4-c5 g3-h2 3.a3-b4; the tool completed it: 3...h2-g1 4.b4-a5 g1:b6 5.a5:c7"
	main := false
	for _, f := range rep.Finales {
		if f.Main {
			main = true
			if got := f.Completed(draughts.White, false); !strings.HasPrefix(got, want) || !strings.HasSuffix(got, "(won: Black has no pieces)") || !f.Fulfilled {
				t.Errorf("main finale: %q\nwant it to start %q and say how it is won", got, want)
			}
		}
	}
	if !main {
		t.Errorf("no main finale in %+v", rep.Finales)
	}
}

// A textbook ending whose printed solution stops "with a win" (с
// выигрышем) after 6.h8-d4 (corpus/regression/published-2.pdn #14): the
// report says the author's text ends there, where the endgame database
// (built by retrograde analysis, not by the solver) gives the win.
func TestPublishedFragmentCompleted(t *testing.T) {
	data, err := os.ReadFile("../corpus/regression/published-2.pdn")
	if err != nil {
		t.Fatal(err)
	}
	game := pdnGame(t, map[string][]byte{"published-2.pdn": data}, "textbook example (not named)")
	if !strings.Contains(game, "застава") {
		t.Fatalf("not the zastava ending:\n%s", game)
	}
	opt := linesOpts()
	opt.Prober = russian4(t)
	rep, err := parse(t, "published-2.pdn", game, opt)
	if err != nil {
		t.Fatal(err)
	}
	if ch := rep.Check("solvable"); ch == nil || ch.Status != judge.Pass || !strings.Contains(ch.Detail, "the author's text ends after 4...g5-f4 5.h2:h8 h4-g3 6.h8-d4, ") {
		t.Fatalf("solvable: %+v", ch)
	}
	for _, f := range rep.Finales {
		// Three pieces are left: the 4-piece database decides the end.
		if got := f.Completed(draughts.White, false); got != "the author's text ends after 4...g5-f4 5.h2:h8 h4-g3 6.h8-d4, where the goal holds (won: endgame database, White wins in 1 more move)" || !f.Fulfilled {
			t.Errorf("finale %+v: %q", f, got)
		}
	}
	if len(rep.Finales) != 1 {
		t.Errorf("%d finales, want the printed line's", len(rep.Finales))
	}
}

// A study is judged by its play (11.2.5): Shoshin's study with only its
// main line printed still has the published variations 1...f4-e3 and
// 3...a7-b6 in its play, each a branch of unique White moves to an
// economical finale, so [variations] passes and names them as not given.
func TestStudyBranchesFromPlay(t *testing.T) {
	one := edit(t, published(t, "Shoshin"), " (1... f4-e3 2. b4-e1 a7-b6 3. a3-b4)", "")
	one = edit(t, one, " (3... a7-b6 4. c5:a7 h2-g1 5. b4-c5)", "")
	rep, err := parse(t, "shoshin-one-line.pdn", one, linesOpts())
	if err != nil {
		t.Fatal(err)
	}
	ch := rep.Check("variations")
	if ch == nil || ch.Status != judge.Pass {
		t.Fatalf("variations: %+v", ch)
	}
	for _, want := range []string{"the author gives 1 thematic line", "not given by the author: ", "3...a7-b6 4.c5:a7"} {
		if !strings.Contains(ch.Detail, want) {
			t.Errorf("variations detail lacks %q: %s", want, ch.Detail)
		}
	}
	if !namesF4E3Branch(ch.Detail) {
		t.Errorf("variations detail lacks the published 1...f4-e3 2.b4-e1 (or its transposition 1...a7-b6 2.b4-e1): %s", ch.Detail)
	}
	// The transposition is one branch: both orders reach one position.
	a := playFEN(t, "W:WKa5,a3:Ba7,f4", "a5-b4", "f4-e3", "b4-e1", "a7-b6", "a3-b4")
	b := playFEN(t, "W:WKa5,a3:Ba7,f4", "a5-b4", "a7-b6", "b4-e1", "f4-e3", "a3-b4")
	if a != b {
		t.Fatalf("the two orders end in %s and %s", a, b)
	}
	given := 0
	for _, b := range rep.Branches {
		if b.Given {
			given++
		}
	}
	if len(rep.Branches) < 3 || given != 1 {
		t.Errorf("%d branches, %d given; want the three published lines, one given", len(rep.Branches), given)
	}
}

// A printed line that does not win: Shoshin's study with 2.b4-a5 instead
// of the published 2.b4-c5. The solvable check fails and names Black's
// escape; the truth is the 4-piece endgame database (built by retrograde
// analysis, not by the solver): after 2.b4-a5 and each escape named,
// White does not win.
func TestFalseLineNamesEscape(t *testing.T) {
	prober := russian4(t)
	opt := linesOpts()
	opt.Prober = prober
	wrong := edit(t, published(t, "Shoshin"), shoshinMain, "1. a5-b4 f4-g3 2. b4-a5")
	rep, err := parse(t, "shoshin-wrong.pdn", wrong, opt)
	if err != nil {
		t.Fatal(err)
	}
	ch := rep.Check("solvable")
	const want = "2.b4-a5 does not force the goal at any depth (after a5-b4 f4-g3): Black escapes with 2..."
	if ch == nil || ch.Status != judge.Fail || !strings.Contains(ch.Detail, want) || rep.Verdict != judge.Defective {
		t.Fatalf("verdict %s, solvable %+v; want it to contain %q", rep.Verdict, ch, want)
	}
	t.Log(ch.Detail)
	r := draughts.Russian
	p, err := draughts.ParseFEN(r, "B:WKa5,a3:Ba7,g3") // after 1.a5-b4 f4-g3 2.b4-a5
	if err != nil {
		t.Fatal(err)
	}
	escapes := strings.Split(strings.SplitN(strings.SplitN(ch.Detail, "Black escapes with ", 2)[1], " (", 2)[0], " or ")
	for _, e := range escapes {
		m, err := draughts.ParseMove(&p, r, strings.TrimPrefix(e, "2..."))
		if err != nil {
			t.Fatalf("escape %q: %v", e, err)
		}
		q := p.Play(m)
		if wdl, _, ok := prober.Probe(r, q); !ok || wdl > 0 {
			t.Errorf("escape %s: the database gives White (to move) %d (known %v), want no win", e, wdl, ok)
		}
	}
}

// Where the author's text stops before the goal and one search did not
// decide the position, each move there is decided on its own. The truth
// is Shoshin's published solution (corpus/sample): after 3.a3-b4 Black
// has two moves, and the page answers both, 3...h2-g1 4.b4-a5 (g1:b6
// 5.a5:c7 and Black's last man falls on move 6) and 3...a7-b6 4.c5:a7
// h2-g1 5.b4-c5 (the king must take on c5 and is taken on move 6): each
// lost in three White moves. Cut one move earlier, after 3...h2-g1, White
// to move, 4.b4-a5 is the published win.
func TestLineEndByMove(t *testing.T) {
	es := corpus.Parse("shoshin.pdn", []byte(published(t, "Shoshin")))
	if len(es) != 1 || es[0].Err != nil {
		t.Fatalf("entries %+v", es)
	}
	c := es[0].Composition
	opt := linesOpts()
	line := []string{"a5-b4", "f4-g3", "b4-c5", "g3-h2", "a3-b4"}
	o, text, err := judge.EndMoves(c, opt, line)
	if err != nil {
		t.Fatal(err)
	}
	if want := "every defence proved lost: 3...a7-b6 (in 3), 3...h2-g1 (in 3)"; o != solver.Proved || text != want {
		t.Errorf("after 3.a3-b4: %v, %q\nwant proved, %q", o, text, want)
	}
	o, text, err = judge.EndMoves(c, opt, append(line, "h2-g1"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "the tool's move 4.b4-a5 forces the goal in 2 more moves"; o != solver.Proved || text != want {
		t.Errorf("after 3...h2-g1: %v, %q\nwant proved, %q", o, text, want)
	}
}

// A line that ends where the attacker cannot win: a lone white king
// against a lone black king is a draw (the two-piece endgame database,
// built by retrograde analysis, not by the solver, says so; a king on the
// long diagonal is taken at once, 6.1.5), so each White move is refuted.
func TestLineEndEveryMoveRefuted(t *testing.T) {
	game := edit(t, published(t, "Shoshin"), `[FEN "W:WKa5,a3:Ba7,f4"]`, `[FEN "W:WKc1:BKh8"]`)
	es := corpus.Parse("kings.pdn", []byte(game))
	if len(es) != 1 || es[0].Err != nil {
		t.Fatalf("entries %+v", es)
	}
	opt := linesOpts()
	opt.Prober = russianUpTo(t, 2)
	o, text, err := judge.EndMoves(es[0].Composition, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "the author's text ends after the start in W:WKc1:BKh8, where White never forces the goal at any depth: its 7 moves, each refuted: "
	if o != solver.Never || !strings.HasPrefix(text, want) || !strings.Contains(text, "1.c1-b2 (refuted by 1...h8:a1)") {
		t.Errorf("%v, %q\nwant never, starting %q, with 1.c1-b2 refuted by the capture 1...h8:a1", o, text, want)
	}
}

// russianFor is a prober of the Russian slices positions of the given
// FENs can reach (each material's closure), built into a temporary store.
func russianFor(t *testing.T, fens ...string) solver.Prober {
	t.Helper()
	var ms []tablebase.Material
	for _, f := range fens {
		p, err := draughts.ParseFEN(draughts.Russian, f)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, tablebase.MaterialOf(&p))
	}
	return russianSlices(t, ms...)
}

// playFEN is the FEN of the Russian position fen after moves.
func playFEN(t *testing.T, fen string, moves ...string) string {
	t.Helper()
	p, err := draughts.ParseFEN(draughts.Russian, fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range moves {
		m, err := draughts.ParseMove(&p, draughts.Russian, mv)
		if err != nil {
			t.Fatalf("%s after %v: %v", fen, moves, err)
		}
		p = p.Play(m)
	}
	return draughts.FEN(&p, draughts.Russian)
}

// The distance a line end's first search proves, when the exact search
// then spends its budget, is a proof's length, not the distance: the
// report says "at most". The truth is the 5-piece database (built by
// retrograde analysis, not by the solver): after 1.e1-f2 White wins in 9
// moves. The solver has only the 3-piece databases and a small budget.
func TestLineEndDistanceIsExactOrBound(t *testing.T) {
	testflag.Long(t)                   // slow: the long tier (CI); the default run must stay far from Go's 10-minute timeout on a slower machine
	const after = "B:Wb6,d6,f2,g1:Bd4" // after 1.e1-f2
	truth := russianFor(t, after)
	p, err := draughts.ParseFEN(draughts.Russian, after)
	if err != nil {
		t.Fatal(err)
	}
	wdl, plies, ok := truth.Probe(draughts.Russian, p)
	if !ok || wdl >= 0 { // the side to move's value: Black's
		t.Fatalf("the database gives Black (to move) %d (known %v) after 1.e1-f2, want a loss", wdl, ok)
	}
	want := plies / 2 // White's moves, Black to move
	game := "[Event \"cut study\"]\n[GameType \"25\"]\n[FEN \"W:Wb6,d6,e1,g1:Bd4\"]\n[Genre \"study\"]\n[Stipulation \"win\"]\n\n1. e1-f2 *\n"
	opt := defaultOpts(t)
	opt.Prober = russianUpTo(t, 3)
	opt.Solver.Budget.Nodes, opt.Solver.Budget.TTBytes = 200_000, 64<<20 // the walker's searches get 50,000
	rep, err := parse(t, "cut.pdn", game, opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d nodes, %.1f s", rep.Nodes, rep.Seconds)
	ch := rep.Check("solvable")
	if ch == nil {
		t.Fatal("no solvable check")
	}
	_, rest, found := strings.Cut(ch.Detail, "the author's text ends after 1.e1-f2, ")
	if !found {
		t.Fatalf("solvable: %+v", ch)
	}
	bound := strings.HasPrefix(rest, "at most ")
	var n int
	if _, err := fmt.Sscanf(strings.TrimPrefix(rest, "at most "), "%d more forced move", &n); err != nil {
		t.Fatalf("no distance in %q: %v", rest, err)
	}
	if n != want && !(bound && n > want) {
		t.Errorf("the report says %q; the database's distance is %d", ch.Detail, want)
	}
}

// A draw's words where the author's move fails: Boychuk's draw (the
// sample) with 7.a5-b6 instead of 7.a5-c3. Black does not "escape" a draw;
// Black wins, and the database (built by retrograde analysis) says so
// after each defence the report names.
func TestDrawEscapeIsBlackWin(t *testing.T) {
	const after = "B:WKb6:Bf2,f6,g5,Kc1" // after 7.a5-b6
	prober := russianFor(t, after)
	opt := defaultOpts(t)
	opt.Prober = prober
	wrong := edit(t, published(t, "Boychuk"), "7. a5-c3", "7. a5-b6")
	es := corpus.Parse("boychuk-wrong.pdn", []byte(wrong))
	if len(es) != 1 || es[0].Err != nil {
		t.Fatalf("entries %+v", es)
	}
	line := []string{"b4-a5", "e5-f4", "a5:c7", "f4:b4", "h2-g3", "h4:f2", "c7-d8", "e7-f6", "d8-a5", "b4-a3", "a1-b2", "a3:c1", "a5-b6"}
	text, err := judge.Escape(es[0].Composition, opt, line)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(text, "Black wins with 7...") || !strings.HasSuffix(text, " (the draw is not held after it at any depth)") {
		t.Fatalf("%q: want Black's wins in the draw's words", text)
	}
	r := draughts.Russian
	p, err := draughts.ParseFEN(r, after)
	if err != nil {
		t.Fatal(err)
	}
	wins := strings.Split(strings.SplitN(strings.TrimPrefix(text, "Black wins with "), " (", 2)[0], " or ")
	for _, e := range wins {
		m, err := draughts.ParseMove(&p, r, strings.TrimPrefix(e, "7..."))
		if err != nil {
			t.Fatalf("defence %q: %v", e, err)
		}
		q := p.Play(m)
		if wdl, _, ok := prober.Probe(r, q); !ok || wdl >= 0 {
			t.Errorf("after %s the database gives White (to move) %d (known %v), want a loss", e, wdl, ok)
		}
	}
}

// Where a draw's author's line stops before the database decides it, the
// report neither calls the tool's moves "completed" (no defence is forced:
// every one holds the draw) nor the end "won". Boychuk's draw (the sample)
// with the 4-piece databases only: its main line ends in five pieces. The
// end the tool reaches is checked against the database.
func TestDrawLineEndWords(t *testing.T) {
	testflag.Long(t) // slow: the long tier (CI); the default run must stay far from Go's 10-minute timeout on a slower machine
	opt := defaultOpts(t)
	opt.Solver.Budget.Nodes, opt.Solver.Budget.TTBytes = 200_000, 64<<20
	rep, err := parse(t, "boychuk.pdn", published(t, "Boychuk"), opt)
	if err != nil {
		t.Fatal(err)
	}
	truth := russianUpTo(t, 4)
	seen := false
	for _, f := range rep.Finales {
		c := f.Completed(draughts.White, true)
		if c == "" {
			continue
		}
		seen = seen || len(f.Extra) > 0
		if strings.Contains(c, "won") || strings.Contains(c, "completed it") || !strings.HasSuffix(c, "(drawn: endgame database, White at least draws)") ||
			len(f.Extra) > 0 && !strings.Contains(c, "every defence proved drawn") {
			t.Errorf("finale %q", c)
		}
		t.Log(c)
		p, err := draughts.ParseFEN(draughts.Russian, f.FEN)
		if err != nil {
			t.Fatal(err)
		}
		if wdl, _, ok := truth.Probe(draughts.Russian, p); !ok || (p.Side == draughts.White && wdl < 0) || (p.Side == draughts.Black && wdl > 0) {
			t.Errorf("finale %s: the database gives the side to move %d (known %v), want no loss for White", f.FEN, wdl, ok)
		}
	}
	if !seen {
		t.Fatalf("no finale past the author's text in %+v", rep.Finales)
	}
}

// A draw's line end searched move by move speaks of the draw: "before the
// draw is proved", "the draw not proved within N moves", never "the goal";
// and each defence it calls drawn is a draw by the 5-piece database.
// Boychuk's draw with the 3-piece databases and a small budget.
func TestDrawLineEndByMoveWords(t *testing.T) {
	es := corpus.Parse("boychuk.pdn", []byte(published(t, "Boychuk")))
	if len(es) != 1 || es[0].Err != nil {
		t.Fatalf("entries %+v", es)
	}
	opt := defaultOpts(t)
	opt.Prober = russianUpTo(t, 3)
	opt.Solver.Budget.Nodes = 200_000
	line := []string{"b4-a5", "e5-f4", "a5:c7", "f4:b4", "h2-g3", "h4:f2", "c7-d8", "e7-f6", "d8-a5", "b4-a3", "a1-b2", "a3:c1", "a5-c3"}
	o, text, err := judge.EndMoves(es[0].Composition, opt, line)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(o, text)
	if o == solver.Aborted && (!strings.Contains(text, "before the draw is proved") || strings.Contains(text, "goal")) {
		t.Errorf("%q: want the draw's words", text)
	}
	const after = "B:WKc3:Bf2,f6,g5,Kc1" // after 7.a5-c3
	truth := russianFor(t, after)
	p, err := draughts.ParseFEN(draughts.Russian, after)
	if err != nil {
		t.Fatal(err)
	}
	_, drawn, found := strings.Cut(text, "drawn: ")
	if !found {
		t.Fatalf("no defence proved drawn in %q", text)
	}
	drawn, _, _ = strings.Cut(drawn, ";")
	for _, d := range strings.Split(drawn, ", ") {
		m, err := draughts.ParseMove(&p, draughts.Russian, strings.TrimPrefix(d, "7..."))
		if err != nil {
			t.Fatalf("defence %q: %v", d, err)
		}
		q := p.Play(m)
		if wdl, _, ok := truth.Probe(draughts.Russian, q); !ok || wdl < 0 {
			t.Errorf("after %s the database gives White (to move) %d (known %v), want no loss", d, wdl, ok)
		}
	}
}

// Two defences whose lines end in one position are one composition branch
// (11.2.5), not two: 1...h6-d2 2.c1:f4 and 1...h6-e3 2.c1:f4 take the same
// black king and leave the same finale (replayed here, and the 5-piece
// database, built by retrograde analysis, says White wins there). The
// count once made this study pass [variations] with "2 branches".
func TestBranchesOneEachFinale(t *testing.T) {
	testflag.Long(t) // slow: the long tier (CI); the default run must stay far from Go's 10-minute timeout on a slower machine
	const start = "W:Wa7,e7,Kc1:Bb8,Kh6"
	game := "[Event \"one finale\"]\n[GameType \"25\"]\n[FEN \"" + start + "\"]\n[Genre \"study\"]\n[Stipulation \"win\"]\n\n1. e7-f8 *\n"
	opt := defaultOpts(t)
	opt.Prober = russianFor(t, start)
	opt.Solver.Budget.TTBytes = 64 << 20
	rep, err := parse(t, "one-finale.pdn", game, opt)
	if err != nil {
		t.Fatal(err)
	}
	ends := []string{playFEN(t, start, "e7-f8", "h6-d2", "c1:f4"), playFEN(t, start, "e7-f8", "h6-e3", "c1:f4")}
	if ends[0] != ends[1] {
		t.Fatalf("the two lines end in %s and %s", ends[0], ends[1])
	}
	fens := map[string]bool{}
	for _, b := range rep.Branches {
		if fens[b.FEN] {
			t.Errorf("two branches end in %s: %+v", b.FEN, rep.Branches)
		}
		fens[b.FEN] = true
	}
	if ch := rep.Check("variations"); ch == nil || ch.Status == judge.Pass {
		t.Errorf("variations: %+v; the play has one branch (%s)", ch, ends[0])
	}
}

// namesF4E3Branch reports whether a [variations] detail names the branch
// Shoshin's source prints as 1...f4-e3 2.b4-e1 a7-b6 3.a3-b4: the tool
// may name it by its transposition 1...a7-b6 2.b4-e1 f4-e3 3.a3-b4, the
// same finale (TestStudyBranchesFromPlay replays both), counted once.
func namesF4E3Branch(detail string) bool {
	return strings.Contains(detail, "1...f4-e3 2.b4-e1") || strings.Contains(detail, "1...a7-b6 2.b4-e1")
}
