package render

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"draughtsjudge/contest"
	"draughtsjudge/corpus"
	"draughtsjudge/tourney"
)

// The sheet promises six diagrams a page: nine compositions make two
// page blocks of six and three, each a 2 x 3 grid of 80 mm rows whose
// figures never split (the PDF page counts are scripts/contest-pdf.sh's).
func TestSheetSixAPage(t *testing.T) {
	var entries []SheetEntry
	for n := 1; len(entries) < 9; n++ {
		e := corpus.Sample()[n%3]
		entries = append(entries, SheetEntry{Number: n, Composition: e.Composition})
	}
	var b bytes.Buffer
	if err := Sheet(&b, "Solving contest", entries, "html"); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	pages := strings.Split(html, `<div class="page">`)[1:]
	if len(pages) != 2 || strings.Count(pages[0], "<figure>") != 6 || strings.Count(pages[1], "<figure>") != 3 {
		t.Errorf("%d page blocks, want 2 of 6 and 3 figures", len(pages))
	}
	for _, css := range []string{"grid-template-columns:1fr 1fr", "grid-auto-rows:80mm", "figure{margin:0;break-inside:avoid", "break-after:page", "@page{size:A4"} {
		if !strings.Contains(html, css) {
			t.Errorf("the sheet's CSS lacks %q", css)
		}
	}
}

// Moves, with their numbers, never break inside in a narrow column.
func TestNobreakMoves(t *testing.T) {
	got := string(nobreak("1. a5-b4 f4-g3 2. b4:d6 <x> 32x23 7...h2-g1"))
	want := `<span class="nw">1. a5-b4</span> <span class="nw">f4-g3</span> <span class="nw">2. b4:d6</span> &lt;x&gt; <span class="nw">32x23</span> <span class="nw">7...h2-g1</span>`
	if got != want {
		t.Errorf("nobreak:\n%s\nwant\n%s", got, want)
	}
	if !strings.Contains(nobreakCSS, ".nw,.pt{white-space:nowrap}") {
		t.Errorf("nobreakCSS %q", nobreakCSS)
	}
}

// The section report reads as published: composers by name, not file
// paths, before the judge's appendix; input errors last; measures in words.
func TestSectionAsPublished(t *testing.T) {
	var sec tourney.Section
	readJSON(t, "section.json", &sec)
	sec.Award(tourney.DefaultAwards)
	sec.Entries[0].Comment = "A miniature with three echoing finales." // as an override line "1 comment - A miniature…" sets it
	sec.Errors = []string{"judge.tsv:3: entry \"9\" is not in the report"}
	for _, format := range []string{"text", "markdown", "html"} {
		var b bytes.Buffer
		if err := Section(&b, &sec, format); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		body, appendix, ok := strings.Cut(out, map[string]string{"text": "APPENDIX: FOR THE JUDGE", "markdown": "## Appendix: for the judge", "html": "Appendix: for the judge"}[format])
		if !ok {
			t.Fatalf("%s: no appendix", format)
		}
		for _, bad := range []string{"published.pdn#", "judge.tsv:3", "variations=", "tries=7"} {
			if strings.Contains(body, bad) {
				t.Errorf("%s: %q before the appendix", format, bad)
			}
		}
		for _, want := range []string{"1st Prize: No. 1 — А. Шошин (A. Shoshin)", "1. a5-b4 f4-g3", "A miniature", "Undecided, not awarded until decided", "first moves refuted by a single defence"} {
			if plain := regexp.MustCompile(`<[^>]+>`).ReplaceAllString(body, ""); !strings.Contains(plain, want) {
				t.Errorf("%s: no %q in the report", format, want)
			}
		}
		if !strings.Contains(appendix, "judge.tsv:3") || !strings.Contains(appendix, "published.pdn#1") {
			t.Errorf("%s: the appendix lacks the input error or the files", format)
		}
	}
}

// Every key format shows a Black-first key as a solver writes it and the
// parts of a special kind (the published No. 15 of
// corpus/regression/published-2.pdn: 1... h8-d4 2. g5-f6).
func TestKeyBlackFirstAndParts(t *testing.T) {
	bf := &contest.KeyEntry{Number: 1, Variant: "russian", FEN: "B:Wh6,g5,f4,h4:BKh8", Stipulation: "black-first: draw", Key: "g5-f6", KeyAfter: []string{"h8-d4"},
		Lines: []contest.KeyLine{{Kind: contest.LineMain, Moves: []string{"h8-d4", "g5-f6", "d4:h8"}, Points: 2.7}}, KeyPoints: 1.8, Points: 4.5}
	part := func(name, fen, key string) *contest.KeyEntry {
		return &contest.KeyEntry{Number: 2, Variant: "russian", FEN: fen, Stipulation: "win", Key: key, Part: name,
			Lines: []contest.KeyLine{{Kind: contest.LineMain, Moves: []string{key}, Points: 1}}, KeyPoints: 1, Points: 2}
	}
	sp := &contest.KeyEntry{Number: 2, Variant: "russian", FEN: "W:Wc5:Bb6", Stipulation: "either side: win", Key: "c5:a7", Points: 4,
		Parts: []*contest.KeyEntry{part("White to move", "W:Wc5:Bb6", "c5:a7"), part("Black to move", "B:Wa5:Bb6", "b6-c7")}}
	key := &contest.ContestKey{Format: contest.KeyFormat, Entries: []*contest.KeyEntry{bf, sp}}
	for _, format := range []string{"text", "markdown", "html", "pdn"} {
		var b bytes.Buffer
		if err := Key(&b, key, format); err != nil {
			t.Fatal(err)
		}
		out := regexp.MustCompile(`<[^>]+>`).ReplaceAllString(b.String(), "")
		want := []string{"1... h8-d4 2. g5-f6", "b6-c7"}
		if format != "pdn" {
			want = append(want, "Black to move")
		} else {
			want = append(want, `[Solution2 "1... b6-c7"]`)
		}
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("%s key lacks %q:\n%s", format, w, out)
			}
		}
	}
}
