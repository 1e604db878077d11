package render

import (
	"bytes"
	"draughtsjudge/batch"
	"regexp"
	"strings"
	"testing"

	"draughtsjudge/contest"
	"draughtsjudge/corpus"
	"draughtsjudge/judge"
	"draughtsjudge/tourney"
)

// A composition without a stated genre: prose leaves the genre out
// ("russian, win …", "No. 1 — A. Composer, 5.00") instead of writing "-"
// for it ("russian -.", "russian -;", "(-)"); tables may keep "-".
func TestNoGenreInProse(t *testing.T) {
	tags := regexp.MustCompile(`<[^>]+>`)
	bad := regexp.MustCompile(`russian -|\(-\)|russian ,|, ,`)
	check := func(what, out string, want ...string) {
		t.Helper()
		if m := bad.FindString(out); m != "" {
			t.Errorf("%s writes %q for the missing genre:\n%s", what, m, out)
		}
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("%s lacks %q:\n%s", what, w, out)
			}
		}
	}

	es := corpus.Parse("x.pdn", []byte("[GameType \"25\"]\n[FEN \"W:Wc5:Ba7\"]\n[Stipulation \"win\"]\n*\n"))
	if len(es) != 1 || es[0].Err != nil || es[0].Composition.Genre != "" {
		t.Fatalf("entries %+v", es)
	}
	for _, format := range []string{"markdown", "html"} {
		var b bytes.Buffer
		if err := Sheet(&b, "Contest", []SheetEntry{{Number: 1, Composition: es[0].Composition}}, format); err != nil {
			t.Fatal(err)
		}
		want := map[string]string{"markdown": "\nrussian. **", "html": "<br>russian<br>"}[format]
		check(format+" sheet", b.String(), want)
	}

	e := &contest.KeyEntry{Number: 1, Author: "A. Composer", Variant: "russian", FEN: "W:Wc5:Ba7", Stipulation: "win", Key: "c5-b6",
		Lines: []contest.KeyLine{{Kind: contest.LineMain, Moves: []string{"c5-b6"}, Points: 1}}, KeyPoints: 1, Points: 2}
	key := &contest.ContestKey{Format: contest.KeyFormat, Entries: []*contest.KeyEntry{e}}
	for _, format := range []string{"text", "markdown", "html"} {
		var b bytes.Buffer
		if err := Key(&b, key, format); err != nil {
			t.Fatal(err)
		}
		want := map[string]string{"text": "A. Composer; russian; ", "markdown": "\nrussian, ", "html": "\nrussian, "}[format]
		check(format+" key", tags.ReplaceAllString(b.String(), ""), want)
	}

	var sec tourney.Section
	readJSON(t, "section.json", &sec)
	for _, en := range sec.Entries {
		en.Report.Genre = ""
	}
	sec.Award(tourney.DefaultAwards)
	for _, format := range []string{"text", "markdown", "html"} {
		var b bytes.Buffer
		if err := Section(&b, &sec, format); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if format == "markdown" {
			// The ranking table keeps "-"; the prose after it does not.
			_, out, _ = strings.Cut(out, "\n\n## ")
		}
		check(format+" section", tags.ReplaceAllString(out, ""))
	}

	var b bytes.Buffer
	if err := HTMLEntry(&b, &judge.Report{File: "x.pdn", Index: 1, Variant: "russian", Stipulation: "win", FEN: "W:Wc5:Ba7"}); err != nil {
		t.Fatal(err)
	}
	check("html report", tags.ReplaceAllString(b.String(), ""), "russian, no genre stated, stipulation")
}

// A report without an author has no dangling "— " in its heading (HTML
// and Markdown batch reports).
func TestNoAuthorHeading(t *testing.T) {
	res := &batch.Result{Entries: []*judge.Report{{File: "x.pdn", Index: 1, Variant: "russian", Stipulation: "win", FEN: "W:Wc5:Ba7"}}}
	for _, format := range []string{"markdown", "html"} {
		var b bytes.Buffer
		if err := Batch(&b, res, format, false); err != nil {
			t.Fatal(err)
		}
		if out := b.String(); !strings.Contains(out, "x.pdn#1") || regexp.MustCompile(`x\.pdn#1 — *(<|\n)`).MatchString(out) {
			t.Errorf("%s heading of an entry without author:\n%s", format, out)
		}
	}
}

// A dropped special kind's parts do not show their points as if they
// counted: each part's heading says they are its difficulty only.
func TestKeyDroppedParts(t *testing.T) {
	part := func(name string) *contest.KeyEntry {
		return &contest.KeyEntry{Number: 1, Variant: "russian", FEN: "W:Wc5:Ba7", Stipulation: "win", Key: "c5-b6", Part: name,
			Lines: []contest.KeyLine{{Kind: contest.LineMain, Moves: []string{"c5-b6"}, Points: 3}}, KeyPoints: 3, Points: 6, Dropped: true}
	}
	e := &contest.KeyEntry{Number: 1, Author: "A. Composer", Variant: "russian", FEN: "W:Wc5:Ba7", Stipulation: "win", Key: "c5-b6",
		Parts: []*contest.KeyEntry{part("White to move"), part("Black to move")}, Points: 12, Dropped: true}
	key := &contest.ContestKey{Format: contest.KeyFormat, Entries: []*contest.KeyEntry{e}}
	for _, format := range []string{"text", "markdown", "html"} {
		var b bytes.Buffer
		if err := Key(&b, key, format); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if strings.Count(out, "difficulty 6 points (the composition is dropped)") != 2 || strings.Contains(out, ", 6 points") || strings.Contains(out, "; 6 points") {
			t.Errorf("%s key of a dropped special kind:\n%s", format, out)
		}
	}
}

// A retro-analysis task's "keys" are the last moves found (11.1.4): the
// report says so, with no solution length ("the draw is proved" read a
// distance of 0) and no "no author's solution".
func TestRetroKeysLine(t *testing.T) {
	r := &judge.Report{File: "x.pdn", Index: 1, Variant: "russian", Stipulation: "retro 1", Kind: "retro", FEN: "W:We7,e5,g5:Bh8", Verdict: judge.Sound, Keys: []string{"f6:h8"}}
	// A part of it, stipulated in Russian: known by its [retro] check.
	part := &judge.Report{File: "x.pdn", Index: 2, Variant: "russian", Stipulation: "ретро 1", FEN: "W:We7,e5,g5:Bh8", Verdict: judge.Sound, Keys: []string{"f6:h8"},
		Checks: []judge.Check{{ID: "retro", Status: judge.Pass}}}
	res := &batch.Result{Entries: []*judge.Report{r, part}}
	for _, format := range []string{"text", "markdown", "html"} {
		var b bytes.Buffer
		if err := Batch(&b, res, format, false); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if !strings.Contains(out, "last moves found") || !strings.Contains(out, "f6:h8") || strings.Contains(out, "the draw is proved") || strings.Contains(out, "no author's solution") {
			t.Errorf("%s report of a retro-analysis task:\n%s", format, out)
		}
	}
}
