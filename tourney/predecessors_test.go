package tourney

import (
	"strconv"
	"strings"
	"testing"

	"draughtsjudge/composition"
	"draughtsjudge/corpus"
	"draughtsjudge/judge"
)

// The in-batch search on four entries: a.pdn's composition, the same in
// b.pdn (an exact duplicate), a version by the same composer (his
// initial position is a.pdn's after 1. c3-d4, two squares apart from
// a.pdn's initial position), and another composer's later composition
// from the same position; and a second version by him that shares no
// position with the first, found by its author.
func TestBatchDuplicatesAndVersions(t *testing.T) {
	game := func(author, date, fen, moves string) string {
		return "[Author \"" + author + "\"]\n[Date \"" + date + "\"]\n[GameType \"25\"]\n[FEN \"" + fen + "\"]\n" + moves + " *\n"
	}
	orig := game("X. Composer", "1990", "W:Wc3,g3:Bf8", "1. c3-d4 f8-g7 2. g3-f4 g7-h6")
	files := map[string]string{
		"a.pdn": orig,
		"b.pdn": orig,
		"v.pdn": game("X. Composer", "1995", "B:Wd4,g3:Bf8", "1... f8-g7 2. g3-f4 g7-h6"),
		"w.pdn": game("Y. Other", "2001", "B:Wd4,g3:Bf8", "1... f8-g7 2. g3-f4"),
		// no position in common with a.pdn's: found by its author
		"u.pdn": game("x. composer", "1993", "W:Wc3,h2:Bf8", "1. h2-g3 f8-e7"),
	}
	var reps []*judge.Report
	var comps []*composition.Composition
	for _, name := range []string{"a.pdn", "b.pdn", "v.pdn", "w.pdn", "u.pdn"} {
		es := corpus.Parse(name, []byte(files[name]))
		if len(es) != 1 || es[0].Err != nil {
			t.Fatalf("%s: %+v", name, es)
		}
		c := es[0].Composition
		comps = append(comps, c)
		reps = append(reps, &judge.Report{File: name, Index: 1, Variant: c.Rules.ID, FEN: c.FEN(), Author: c.Author})
	}
	if err := FindPredecessorsIn(reps, comps, nil); err != nil {
		t.Fatal(err)
	}
	rel := func(r *judge.Report, entry string) string {
		for _, a := range r.Originality.Found {
			if a.Entry == entry {
				return a.Relation + ": " + strings.Join(a.Matches, "; ")
			}
		}
		return ""
	}
	a, v, w := reps[0], reps[2], reps[3]
	for _, c := range []struct {
		r           *judge.Report
		entry, want string
	}{
		{a, "b.pdn#1", "exact duplicate: the same composition"},
		{a, "v.pdn#1", "version (the same author"},
		{a, "w.pdn#1", "successor (later than this entry): not a predecessor: this entry's position after 1. c3-d4 is that one's initial position"},
		{v, "a.pdn#1", "version"},
		{a, "u.pdn#1", "version (the same author, the initial position within two squares): not a predecessor: nearly the same initial position"},
		{w, "a.pdn#1", "predecessor (older): this entry's initial position is that one's position after 1. c3-d4; same play for 2 plies"},
		{w, "v.pdn#1", "predecessor (older): same initial position; same play for 2 plies from this entry's initial position (f8-g7 g3-f4)"},
	} {
		if got := rel(c.r, c.entry); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s#1 → %s: %q, want %q…", c.r.File, c.entry, got, c.want)
		}
	}
	if rel(a, "a.pdn#1") != "" {
		t.Error("an entry is listed as its own predecessor")
	}
}

// Forty copies of one composition (more than archive.MaxSources): each
// lists five exact duplicates and counts the other 34, never itself.
func TestManyCopiesCounted(t *testing.T) {
	var reps []*judge.Report
	for i := 0; i < 40; i++ {
		r := &judge.Report{File: "many.pdn", Index: i + 1, Variant: "russian", FEN: "W:Wc3,g3:Bf8"}
		r.MainLine = []string{"c3-d4", "f8-g7"}
		reps = append(reps, r)
	}
	if err := FindPredecessors(reps); err != nil {
		t.Fatal(err)
	}
	for _, r := range reps {
		o := r.Originality
		if len(o.Predecessors) != MaxPredecessors || o.More != 40-1-MaxPredecessors {
			t.Fatalf("#%d: %d listed, %d more; want %d and %d", r.Index, len(o.Predecessors), o.More, MaxPredecessors, 40-1-MaxPredecessors)
		}
		for _, a := range o.Found {
			if a.Entry == "many.pdn#"+strconv.Itoa(r.Index) || a.Relation != "exact duplicate" {
				t.Fatalf("#%d lists %+v", r.Index, a)
			}
		}
	}
}
