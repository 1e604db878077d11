package archive

import (
	"strings"
	"testing"

	"draughtsjudge/corpus"
)

// The streamed reading gives what corpus.Load gives for the project's real
// files: the same compositions at the same lines and game numbers, with
// the same tags and moves.
func TestStreamMatchesLoad(t *testing.T) {
	want := corpus.Load(realPaths)
	var got []Item
	counts := map[string]int{}
	err := Files(realPaths, func(c Chunk) error {
		items, n := c.Parse(counts[c.File] + 1)
		counts[c.File] += n
		got = append(got, items...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("streamed %d items, corpus.Load %d", len(got), len(want))
	}
	for i, w := range want {
		g := got[i]
		if (g.Err == nil) != (w.Err == nil) {
			t.Fatalf("item %d: streamed error %v, loaded %v", i, g.Err, w.Err)
		}
		if w.Err != nil {
			continue
		}
		a, b := g.Comp, w.Composition
		if a.File != b.File || a.Line != b.Line || a.Index != b.Index || a.FEN() != b.FEN() || a.Author != b.Author ||
			len(a.Game.Tags) != len(b.Game.Tags) || len(a.Game.Moves) != len(b.Game.Moves) || a.Game.Comment != b.Game.Comment {
			t.Errorf("item %d: streamed %s line %d, loaded %s line %d", i, a.Name(), a.Line, b.Name(), b.Line)
		}
	}
}

// Cut keeps a game whole across a '[' inside a {...} comment and across
// escape lines between its tags, and numbers the chunks' first lines.
func TestCutBoundaries(t *testing.T) {
	text := "[Event \"a\"]\n% escape\n[FEN \"W:Wa1:Bb2\"]\n1. a1-c3 {a comment\n[not a tag] still the comment} *\n\n[Event \"b\"]\n*\n"
	var lines []int
	var games int
	err := Cut("t.pdn", strings.NewReader(text), func(c Chunk) error {
		lines = append(lines, c.Line)
		_, n := c.Parse(1)
		games += n
		return nil
	})
	if err != nil || len(lines) != 2 || lines[0] != 1 || lines[1] != 7 || games != 2 {
		t.Fatalf("chunks at lines %v, %d games, %v; want lines 1 and 7, 2 games", lines, games, err)
	}
}
