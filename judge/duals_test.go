package judge_test

import (
	"draughtsjudge/internal/testflag"
	"draughtsjudge/judge"
	"draughtsjudge/judge/dual"
	"strings"
	"testing"
)

// Duals judged by 11.2.6 and 11.3.8.5 on edited copies of Shoshin's study
// (sample No. 1, corpus/sample/published.pdn). Each copy keeps the
// position and replaces the author's movetext (shoshinMoves) as its
// comment says; the distances are the solver's, without databases.
const shoshinMoves = "1. a5-b4 f4-g3 (1... f4-e3 2. b4-e1 a7-b6 3. a3-b4) 2. b4-c5 g3-h2 3. a3-b4 h2-g1 (3... a7-b6 4. c5:a7 h2-g1 5. b4-c5) 4. b4-a5"

// Shoshin's own variations with a7-b6 as the main line: after 1.a5-b4
// a7-b6 2.b4-e1 b6-c5 3.e1-f2 Black chooses c5-d4 or f4-g3.
func shoshinWithMain(t *testing.T, main string) string {
	return edit(t, published(t, "Shoshin"), shoshinMoves,
		"1. a5-b4 a7-b6 (1... f4-g3 2. b4-c5 g3-h2 3. a3-b4 h2-g1 4. b4-a5) (1... f4-e3 2. b4-e1 a7-b6 3. a3-b4) "+main)
}

func dualAt(t *testing.T, rep *judge.Report, move string) judge.Finding {
	t.Helper()
	for _, d := range rep.Duals {
		if d.Move == move {
			return d
		}
	}
	t.Fatalf("no dual %s in %+v", move, rep.Duals)
	return judge.Finding{}
}

// The pair: a thematic line with a White alternative of a kind 11.3.8.5
// allows (the king's capture 4.f2:b6 lands on another square of the
// diagonal of the author's 4.f2:a7, in as many moves) is a warning and
// the study is scored; the same line after 3...f4-g3 has also 4.f2:h4,
// which wins two moves later by another capture — no inaccuracy of
// 11.3.8.5 — a partial cook in the main line: defective.
func TestStudyMainLineDualPair(t *testing.T) {
	testflag.Long(t)
	tol := mustAnalysePDN(t, shoshinWithMain(t, "2. b4-e1 b6-c5 3. e1-f2 c5-d4 4. f2:a7"))
	d := dualAt(t, tol, "f2:b6")
	if d.Kind != dual.KingDiagonal || d.Status != dual.Warning || d.Clause != "11.3.8.5" || d.Distance != d.AuthorDistance {
		t.Fatalf("4.f2:b6: %+v", d)
	}
	for _, d := range tol.Duals {
		if d.Status != dual.Warning && d.Status != dual.Tolerated {
			t.Errorf("dual %+v", d)
		}
	}
	// Warn, or unknown while other first moves are undecided within the
	// test's budget; never a failure.
	if c := check(tol, "unique"); c.Status == judge.Fail || !strings.Contains(c.Detail, "f2:b6 in 3 for the author's f2:a7 in 3") {
		t.Fatalf("unique %+v", c)
	}
	tol.ApplyScore(judge.DefaultRubric())
	if tol.Verdict == judge.Defective || tol.Score == 0 {
		t.Fatalf("tolerated dual: verdict %s (%s), score %v", tol.Verdict, tol.Reason, tol.Score)
	}

	cook := mustAnalysePDN(t, shoshinWithMain(t, "2. b4-e1 b6-c5 3. e1-f2 f4-g3 4. f2:a7"))
	d = dualAt(t, cook, "f2:h4")
	if d.Kind != dual.Plain || d.Status != dual.Partial || d.Distance != 4 || d.AuthorDistance != 2 || !strings.Contains(d.Clause, "11.2.6") {
		t.Fatalf("4.f2:h4: %+v", d)
	}
	wantStatus(t, cook, "unique", judge.Fail, "partial cook", "4.f2:h4 in 4 win as the author's 4.f2:a7 in 2 does")
	if cook.Verdict != judge.Defective {
		t.Fatalf("verdict %s", cook.Verdict)
	}

	// A lenient judge (--lenient-study-duals): a warning, scored.
	opt := fastOpts()
	opt.LenientStudyDuals = true
	len := analyseWith(t, shoshinWithMain(t, "2. b4-e1 b6-c5 3. e1-f2 f4-g3 4. f2:a7"), opt)
	if d := dualAt(t, len, "f2:h4"); d.Status != dual.Warning {
		t.Fatalf("lenient: %+v", d)
	}
	if len.Verdict == judge.Defective {
		t.Fatalf("lenient: %s", len.Reason)
	}
}

// The author writes the alternative 4.f2:h4 himself: still a partial cook
// (showing a second way does not make it the author's one way), and the
// finding says the author gives it.
func TestAuthorWrittenAlternativeIsADual(t *testing.T) {
	if testing.Short() {
		t.Skip("a full solve (about 5 s): runs without -short")
	}
	rep := mustAnalysePDN(t, shoshinWithMain(t, "2. b4-e1 b6-c5 3. e1-f2 f4-g3 4. f2:a7 (4. f2:h4)"))
	d := dualAt(t, rep, "f2:h4")
	if !d.ByAuthor || d.Status != dual.Partial || !strings.Contains(d.Result, "the author gives it") {
		t.Fatalf("4.f2:h4: %+v", d)
	}
	wantStatus(t, rep, "unique", judge.Fail, "the author gives it")
}

// The author's 4.f2:h4 wins in 4; 4.f2:a7 wins in 2: a dual faster than
// the author's move is never a tolerated inaccuracy.
func TestDualFasterThanTheAuthors(t *testing.T) {
	if testing.Short() {
		t.Skip("a full solve (about 5 s): runs without -short")
	}
	rep := mustAnalysePDN(t, shoshinWithMain(t, "2. b4-e1 b6-c5 3. e1-f2 f4-g3 4. f2:h4"))
	d := dualAt(t, rep, "f2:a7")
	if d.Kind != dual.Faster || d.Status != dual.Partial || d.Distance >= d.AuthorDistance {
		t.Fatalf("4.f2:a7: %+v", d)
	}
	if rep.Verdict != judge.Defective {
		t.Fatalf("verdict %s", rep.Verdict)
	}
}

// A partial cook in a side variation demotes it: Shoshin's study with the
// added variation 1...a7-b6 2.b4-e1 b6-c5 3.e1-f2 f4-g3 4.f2:a7 (4.f2:h4
// also wins) has three thematic lines, not four, and stays a study.
func TestSideVariationPartialCookDemotes(t *testing.T) {
	if testing.Short() {
		t.Skip("a full solve (about 5 s): runs without -short")
	}
	rep := mustAnalysePDN(t, edit(t, published(t, "Shoshin"), "(1... f4-e3 2. b4-e1 a7-b6 3. a3-b4)",
		"(1... f4-e3 2. b4-e1 a7-b6 3. a3-b4) (1... a7-b6 2. b4-e1 b6-c5 3. e1-f2 f4-g3 4. f2:a7)"))
	if d := dualAt(t, rep, "f2:h4"); d.Status != dual.Demoted {
		t.Fatalf("4.f2:h4: %+v", d)
	}
	wantStatus(t, rep, "variations", judge.Pass, "3 thematic lines", "1 variation not thematic")
	if c := check(rep, "unique"); c.Status == judge.Fail {
		t.Fatalf("unique %+v", c)
	}
	for _, m := range rep.Measures {
		if m.ID == "variations" && m.Value != 3 {
			t.Fatalf("variations measure %+v", m)
		}
	}
}
