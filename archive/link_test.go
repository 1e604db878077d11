package archive

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"draughtsjudge/corpus"
	"draughtsjudge/draughts"
)

// boychuk is V. Boychuk's miniature (corpus/sample/published.pdn, the
// second game) with the date of its publication, which its Event tag
// gives: 19 April 2016.
func boychuk(t *testing.T) (string, *Entry) {
	t.Helper()
	data, err := os.ReadFile("../corpus/sample/published.pdn")
	if err != nil {
		t.Fatal(err)
	}
	es := corpus.Parse("published.pdn", data)
	c := es[1].Composition
	if !strings.Contains(c.Author, "Boychuk") {
		t.Fatalf("the second sample game is %q, not Boychuk's", c.Author)
	}
	lines := strings.Split(string(data), "\n")
	var game []string
	for _, l := range lines[c.Line-1:] {
		if strings.TrimSpace(l) == "" {
			break
		}
		game = append(game, l)
	}
	text := "[Date \"2016.04.19\"]\n" + strings.Join(game, "\n") + "\n"
	e, err := FromComposition(c)
	if err != nil {
		t.Fatal(err)
	}
	return text, e
}

func write(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func entryOf(t *testing.T, path string) *Entry {
	t.Helper()
	es := corpus.Load([]string{path})
	if len(es) != 1 || es[0].Err != nil {
		t.Fatalf("%s: %+v", path, es)
	}
	e, err := FromComposition(es[0].Composition)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func findKind(h *Hit, k MatchKind) *Match {
	for i := range h.Matches {
		if h.Matches[i].Kind == k {
			return &h.Matches[i]
		}
	}
	return nil
}

// TestLinkedBothWays: a later composition whose initial position is
// Boychuk's after move 2 (2. a5:c7 f4:b4), and which goes on with his
// next three moves, is found from Boychuk's entry as a successor sharing
// his position after 4 plies, and Boychuk's is found from it as the older
// one, with the same play for 5 plies.
func TestLinkedBothWays(t *testing.T) {
	dir := t.TempDir()
	pubText, pub := boychuk(t)
	after := pub.Lines[0][4] // the main line after 2...f4:b4
	if pub.Record.Lines[0][3] != "f4:b4" {
		t.Fatalf("Boychuk's main line is %v", pub.Record.Lines[0])
	}
	fen := draughts.FEN(&after, pub.Rules)
	later := "[Event \"constructed for this test\"]\n[Author \"A. Later\"]\n[Date \"2026.11.03\"]\n[GameType \"25\"]\n" +
		"[FEN \"" + fen + "\"]\n[Stipulation \"draw\"]\n1. h2-g3 h4:f2 2. c7-d8 e7-f6 3. d8-a5 *\n"
	pp := write(t, dir, "published.pdn", pubText)
	lp := write(t, dir, "later.pdn", later)
	a := openTemp(t)
	if _, err := a.Add([]string{pp, lp}, AddOptions{}); err != nil {
		t.Fatal(err)
	}
	le := entryOf(t, lp)
	pe := entryOf(t, pp)

	hits, err := a.Find(le, FindOptions{})
	if err != nil {
		t.Fatal(err)
	}
	h := hitOf(t, hits, pe.ID)
	m := findKind(h, SharedPosition)
	if m == nil || m.Ply != 0 || m.OtherPly != 4 || m.Mirrored {
		t.Errorf("later → published: shared position %+v, want the later's initial position = the published one's after 4 plies", m)
	}
	if m := findKind(h, SamePlay); m == nil || m.Plies != 5 {
		t.Errorf("later → published: same play %+v, want 5 plies", m)
	}
	if d := h.Sources[0].Date; CompareDates(le.Source.Date, d) != 1 {
		t.Errorf("later (%s) should be later than %s", le.Source.Date, d)
	}

	hits, err = a.Find(pe, FindOptions{})
	if err != nil {
		t.Fatal(err)
	}
	h = hitOf(t, hits, le.ID)
	m = findKind(h, SharedPosition)
	if m == nil || m.Ply != 4 || m.OtherPly != 0 {
		t.Errorf("published → later: shared position %+v, want after 4 plies = its initial position", m)
	}
	if CompareDates(pe.Source.Date, h.Sources[0].Date) != -1 {
		t.Errorf("published (%s) should be older than %s", pe.Source.Date, h.Sources[0].Date)
	}
}

func hitOf(t *testing.T, hits []Hit, id ID) *Hit {
	t.Helper()
	for i := range hits {
		if hits[i].ID == id {
			return &hits[i]
		}
	}
	t.Fatalf("%s not among the hits %+v", id, hits)
	return nil
}

// mirrorAlg maps an 8x8 square or move ("b4-a5", "a5:c7") to its image
// with the board turned 180 degrees.
func mirrorAlg(s string) string {
	b := []byte(s)
	for i := range b {
		switch {
		case b[i] >= 'a' && b[i] <= 'h':
			b[i] = 'a' + 'h' - b[i]
		case b[i] >= '1' && b[i] <= '8':
			b[i] = '1' + '8' - b[i]
		}
	}
	return string(b)
}

// TestMirrorImageFound: Boychuk's miniature with the colours reversed
// and the board turned (Black to move, every square mapped by the half
// turn) is found with the same initial position and all its play, marked
// mirrored; the same composition written again is the same composition.
func TestMirrorImageFound(t *testing.T) {
	dir := t.TempDir()
	pubText, pub := boychuk(t)
	img := pub.Lines[0][0].Mirror(pub.Rules.Board)
	text := "[Event \"mirror image, constructed for this test\"]\n[GameType \"25\"]\n[FEN \"" + draughts.FEN(&img, pub.Rules) +
		"\"]\n[Stipulation \"draw\"]\n" + numbered(pub.Record.Lines[0], mirrorAlg) + " *\n"
	mp := write(t, dir, "mirror.pdn", text)
	pp := write(t, dir, "published.pdn", pubText)
	a := openTemp(t)
	if _, err := a.Add([]string{pp}, AddOptions{}); err != nil {
		t.Fatal(err)
	}
	me := entryOf(t, mp)
	if me.Lines[0][0].Side != draughts.Black {
		t.Fatalf("the image should have Black to move: %s", me.Record.FEN)
	}
	hits, err := a.Find(me, FindOptions{})
	if err != nil {
		t.Fatal(err)
	}
	h := hitOf(t, hits, pub.ID)
	m := findKind(h, SameInitial)
	if m == nil || !m.Mirrored {
		t.Errorf("same initial position %+v, want it mirrored", m)
	}
	n := len(pub.Record.Lines[0])
	if m := findKind(h, SamePlay); m == nil || m.Plies != n || !m.Mirrored || m.Ply != 0 {
		t.Errorf("same play %+v, want all %d plies, mirrored", m, n)
	}
}

// numbered writes a line that Black begins ("1... b 2. w b ..."), each
// move mapped by f.
func numbered(line []string, f func(string) string) string {
	b := []string{"1..."}
	for i, m := range line {
		if i%2 == 1 {
			b = append(b, strconv.Itoa(i/2+2)+".")
		}
		b = append(b, f(m))
	}
	return strings.Join(b, " ")
}
