package archive

import (
	"fmt"
	"path/filepath"
	"testing"

	"draughtsjudge/corpus"
)

// realPaths are the project's real compositions: the embedded sample
// and the regression corpus.
var realPaths = []string{"../corpus/sample/published.pdn", "../corpus/regression/*.pdn"}

func openTemp(t testing.TB) *Archive {
	t.Helper()
	a, err := Open(filepath.Join(t.TempDir(), "archive"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

// TestIndexRealCompositions indexes every real composition of the
// project, finds each one back by its positions as the same composition,
// and adds them again without a duplicate.
func TestIndexRealCompositions(t *testing.T) {
	a := openTemp(t)
	var errs []string
	st, err := a.Add(realPaths, AddOptions{Threads: 2, Errors: func(e error) { errs = append(errs, e.Error()) }})
	if err != nil {
		t.Fatal(err)
	}
	loaded := corpus.Load(realPaths)
	want := 0
	for _, e := range loaded {
		if e.Err == nil && e.Composition.Lasca == nil {
			want++
		}
	}
	t.Logf("add: %+v; errors %q", st, errs)
	if st.Read+st.Errors != want || st.Added == 0 {
		t.Fatalf("read %d, errors %d; corpus.Load reads %d compositions", st.Read, st.Errors, want)
	}
	for _, le := range loaded {
		if le.Err != nil || le.Composition.Lasca != nil {
			continue
		}
		e, err := FromComposition(le.Composition)
		if err != nil {
			continue
		}
		hits, err := a.Find(e, FindOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) == 0 || hits[0].ID != e.ID || hits[0].Matches[0].Kind != SameComposition {
			t.Errorf("%s: not found back as itself: %+v", le.Composition.Name(), hits)
			continue
		}
		found := false
		for _, s := range hits[0].Sources {
			found = found || (s.File == le.File && s.Line == le.Composition.Line && s.Index == le.Index)
		}
		if !found {
			t.Errorf("%s: source not kept: %+v", le.Composition.Name(), hits[0].Sources)
		}
	}
	st2, err := a.Add(realPaths, AddOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if st2.Added != 0 || st2.NewSources != 0 || st2.Duplicates != st.Read {
		t.Errorf("second add: %+v, want nothing added and %d duplicates", st2, st.Read)
	}
	s, err := a.Stats()
	if err != nil {
		t.Fatal(err)
	}
	if s.Compositions != st.Added || s.Sources != st.Added+st.NewSources {
		t.Errorf("stats %+v after adding %+v", s, st)
	}
}

// Removing every composition of the real corpus leaves an archive with
// no key but its format.
func TestRemoveAll(t *testing.T) {
	a := openTemp(t)
	if _, err := a.Add(realPaths, AddOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, le := range corpus.Load(realPaths) {
		e, err := FromComposition(le.Composition)
		if err != nil {
			t.Fatal(err)
		}
		if ok, err := a.RemoveSource(e.ID, e.Source); !ok || err != nil {
			t.Fatalf("%s: removed %v, %v", le.Composition.Name(), ok, err)
		}
	}
	s, err := a.Stats()
	if err != nil || s.Compositions+s.Sources+s.Positions+s.Finales+s.Authors != 0 {
		t.Errorf("after removing everything: %+v %v", s, err)
	}
}

// The index does not depend on the number of goroutines that read: one
// and four give the same counts and the same hits for every composition
// of a synthetic file.
func TestThreadsDoNotMatter(t *testing.T) {
	p := synthFile(t, t.TempDir(), 3*blockChunks, nil)
	var stats [2]Stats
	var archives [2]*Archive
	for i, th := range []int{1, 4} {
		archives[i] = openTemp(t)
		if _, err := archives[i].Add([]string{p}, AddOptions{Threads: th}); err != nil {
			t.Fatal(err)
		}
		var err error
		if stats[i], err = archives[i].Stats(); err != nil {
			t.Fatal(err)
		}
		stats[i].Bytes = 0
	}
	if fmt.Sprint(stats[0]) != fmt.Sprint(stats[1]) {
		t.Fatalf("threads 1: %+v; threads 4: %+v", stats[0], stats[1])
	}
	n := 0
	err := Files([]string{p}, func(c Chunk) error {
		if n++; n%50 != 0 || c.End {
			return nil
		}
		items, _ := c.Parse(1)
		e, err := FromComposition(items[0].Comp)
		if err != nil {
			return err
		}
		h0, err0 := archives[0].Find(e, FindOptions{})
		h1, err1 := archives[1].Find(e, FindOptions{})
		if err0 != nil || err1 != nil || fmt.Sprint(h0) != fmt.Sprint(h1) {
			t.Errorf("chunk %d: the hits differ (%v %v)", n, err0, err1)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
