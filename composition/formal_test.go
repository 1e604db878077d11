package composition_test

import (
	"context"
	"strings"
	"testing"

	"draughtsjudge/composition"
	"draughtsjudge/corpus"
	"draughtsjudge/solver"
)

// Small budgets: each composition here is analysed in about a second.
func fastOpts() composition.Options {
	return composition.Options{Solver: solver.Options{Budget: solver.Budget{Nodes: 300_000, TTBytes: 16 << 20}, MaxBound: 16, Threads: 2}}
}

const (
	shoshinMoves = "1. a5-b4 f4-g3 (1... f4-e3 2. b4-e1 a7-b6 3. a3-b4) 2. b4-c5 g3-h2 3. a3-b4 h2-g1 (3... a7-b6 4. c5:a7 h2-g1 5. b4-c5) 4. b4-a5 *\n"
	scholmaFEN   = "W:W21,26,28,30,31,32,33,34,35,38,39,40,42,43,45:B3,7,8,9,10,12,14,16,17,18,19,20,23,24,25"
	scholmaMoves = "1. 32-27 23x32 2. 42-37 32x41 3. 34-29 25x23 4. 33-28 23x32 5. 35-30 24x42 6. 27x36 16x27 7. 31x22 *\n"
)

// analyse parses one PDN game and analyses it with the small budgets.
func analyse(t *testing.T, gameType, fen, genre, stip, moves string) (*composition.Report, error) {
	t.Helper()
	pdn := "[GameType \"" + gameType + "\"]\n[FEN \"" + fen + "\"]\n[Genre \"" + genre + "\"]\n"
	if stip != "" {
		pdn += "[Stipulation \"" + stip + "\"]\n"
	}
	es := corpus.Parse("copy.pdn", []byte(pdn+moves))
	if len(es) != 1 {
		t.Fatalf("%d entries", len(es))
	}
	if es[0].Err != nil {
		return nil, es[0].Err
	}
	return composition.Analyse(context.Background(), es[0].Composition, fastOpts()), nil
}

func mustAnalyse(t *testing.T, gameType, fen, genre, stip, moves string) *composition.Report {
	t.Helper()
	rep, err := analyse(t, gameType, fen, genre, stip, moves)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func wantStatus(t *testing.T, rep *composition.Report, id, status string, evidence ...string) {
	t.Helper()
	c := check(rep, id)
	if c.Status != status {
		t.Fatalf("[%s] = %s (%s), want %s", id, c.Status, c.Detail, status)
	}
	for _, e := range evidence {
		if !strings.Contains(c.Detail, e) {
			t.Fatalf("[%s] detail %q does not name %q", id, c.Detail, e)
		}
	}
}

// [genre] 11.1.3: Shoshin's study fits; the same study with three more
// white men (5 white pieces) is no study.
func TestGenrePair(t *testing.T) {
	rep := mustAnalyse(t, "25", "W:WKa5,a3:Ba7,f4", "study", "", shoshinMoves)
	wantStatus(t, rep, "genre", composition.Pass, "study")
	rep = mustAnalyse(t, "25", "W:WKa5,a3,c1,e1,g1:Ba7,f4", "study", "", "1. a5-b4 *\n")
	wantStatus(t, rep, "genre", composition.Fail, "at most 4 white", "5 white")
	if !strings.Contains(strings.Join(rep.DetectedGenres, ","), "problem") {
		t.Fatalf("detected genres %v should include problem", rep.DetectedGenres)
	}
}

// [problem-balance] 11.2.7.1: Scholma's problem has 15 against 15; two
// black men more (on 1 and 2) put Black two pieces ahead.
func TestProblemBalancePair(t *testing.T) {
	rep := mustAnalyse(t, "20", scholmaFEN, "problem", "", scholmaMoves)
	wantStatus(t, rep, "problem-balance", composition.Pass, "15 white against 15 black")
	rep = mustAnalyse(t, "20", strings.Replace(scholmaFEN, ":B3,", ":B1,2,3,", 1), "problem", "", scholmaMoves)
	wantStatus(t, rep, "problem-balance", composition.Fail, "2 pieces ahead")
}

// [legal] 11.2.2: a white man on its own promotion row (b8) is rejected
// with the square named, either by the FEN reader or by the check.
func TestLegalPromotionRowPair(t *testing.T) {
	rep := mustAnalyse(t, "25", "W:WKa5,a3:Ba7,f4", "study", "", shoshinMoves)
	wantStatus(t, rep, "legal", composition.Pass)
	rep, err := analyse(t, "25", "W:WKa5,a3,b8:Ba7,f4", "study", "", shoshinMoves)
	if err != nil {
		if !strings.Contains(err.Error(), "b8") {
			t.Fatalf("error %v does not name b8", err)
		}
		return
	}
	wantStatus(t, rep, "legal", composition.Fail, "promotion row at b8")
}

// [economy-finale] 11.2.4: Scholma's finale (5 white men against 3,
// Black to move) needs every white man; with an extra white man on 50,
// which never moves, the finale holds without any single one of them.
func TestEconomyFinalePair(t *testing.T) {
	rep := mustAnalyse(t, "20", scholmaFEN, "problem", "", scholmaMoves)
	wantStatus(t, rep, "economy-finale", composition.Pass, "every white piece needed")
	rep = mustAnalyse(t, "20", strings.Replace(scholmaFEN, ",45:", ",45,50:", 1), "problem", "", scholmaMoves)
	wantStatus(t, rep, "economy-finale", composition.Fail, "white man 50", "B:W22,26,36,43,45,50:B3,12,14")
}

// [economy-construction] 11.2.4: in Shoshin's study every piece is
// needed (a7 stops the cooks a5-b6, a5-c3 …); a white man added on h2 is
// a statist: without it the key is unique and the main line forced.
func TestEconomyConstructionPair(t *testing.T) {
	rep := mustAnalyse(t, "25", "W:WKa5,a3:Ba7,f4", "study", "", shoshinMoves)
	wantStatus(t, rep, "economy-construction", composition.Pass, "black man a7: stops the cook", "white king a5: makes the key")
	rep = mustAnalyse(t, "25", "W:WKa5,a3,h2:Ba7,f4", "study", "", "1. a5-b4 *\n")
	wantStatus(t, rep, "economy-construction", composition.Fail, "statist: white man h2")
}

// [quiet-key] 11.2.8.3 and [exact-lock] 11.2.8.2 on a locking task: h6-g7
// locks the h8 man (W h6, f6; B h8). With a black man on d4 en prise to
// c3, White's first move is a capture and the task is not admitted.
func TestTaskPair(t *testing.T) {
	rep := mustAnalyse(t, "25", "W:Wh6,f6:Bh8", "task", "lock 1 man", "1. h6-g7 *\n")
	wantStatus(t, rep, "quiet-key", composition.Pass)
	wantStatus(t, rep, "exact-lock", composition.Pass, "1 men, 0 kings locked on h8")
	wantStatus(t, rep, "genre", composition.Pass, "miniature")
	rep = mustAnalyse(t, "25", "W:Wh6,f6,c3:Bh8,d4", "task", "lock 1 man", "1. c3:e5 *\n")
	wantStatus(t, rep, "quiet-key", composition.Fail, "capture")
}

// The score: the rubric's lines add up for a sound entry, a defective one
// scores 0 with its failures listed, and a replaced rubric is used.
func TestScore(t *testing.T) {
	rep := mustAnalyse(t, "25", "W:WKa5,a3:Ba7,f4", "study", "", shoshinMoves)
	if rep.Verdict != composition.Sound {
		t.Fatalf("verdict %s %s", rep.Verdict, rep.Reason)
	}
	rep.ApplyScore(composition.DefaultRubric())
	if rep.Score < 5 || rep.Score > 10 || len(rep.ScoreLines) == 0 {
		t.Fatalf("score %v lines %+v", rep.Score, rep.ScoreLines)
	}
	sum := 0.0
	for _, l := range rep.ScoreLines {
		if l.Applied {
			sum += l.Weight
		}
	}
	if min(sum, 10) != rep.Score {
		t.Fatalf("score %v, applied lines sum to %v", rep.Score, sum)
	}
	r, err := composition.ParseRubric("my.tsv", []byte("# mine\nbase\t11.7\t3\talways\tbase\nmini\t11.3.4\t2\tminiature && variations>=2\tsmall\nneg\t11.3.5\t-9\tduals>0\tnever\n"))
	if err != nil {
		t.Fatal(err)
	}
	rep.ApplyScore(r)
	if rep.Score != 5 {
		t.Fatalf("custom rubric score %v: %+v", rep.Score, rep.ScoreLines)
	}
	if _, err := composition.ParseRubric("bad.tsv", []byte("a\t1\tx\talways\n")); err == nil || !strings.HasPrefix(err.Error(), "bad.tsv:1:") {
		t.Fatalf("bad weight: %v", err)
	}
	bad := mustAnalyse(t, "25", "W:WKa5,a3,h2:Ba7,f4", "study", "", "1. a5-b4 *\n")
	bad.ApplyScore(composition.DefaultRubric())
	if bad.Verdict != composition.Defective || bad.Score != 0 || !strings.Contains(bad.ScoreNote, "economy-construction") {
		t.Fatalf("defective score %v note %q", bad.Score, bad.ScoreNote)
	}
}

// Predecessor search: the same position with colours swapped and the
// board turned is found; an unrelated entry is not.
func TestPredecessors(t *testing.T) {
	a := &composition.Report{File: "a.pdn", Index: 1, Variant: "russian", FEN: "W:WKa5,a3:Ba7,f4"}
	b := &composition.Report{File: "b.pdn", Index: 1, Variant: "russian", FEN: "B:Wh2,c5:BKh4,h6"}
	c := &composition.Report{File: "c.pdn", Index: 1, Variant: "russian", FEN: "W:Wc3:Bd4"}
	composition.FindPredecessors([]*composition.Report{a, b, c})
	if len(a.Originality.Predecessors) != 1 || !strings.Contains(a.Originality.Predecessors[0], "b.pdn#1") {
		t.Fatalf("a: %+v", a.Originality)
	}
	if len(c.Originality.Predecessors) != 0 {
		t.Fatalf("c: %+v", c.Originality)
	}
}
