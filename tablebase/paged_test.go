package tablebase

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/dgraph-io/badger/v4"

	"draughtsjudge/draughts"
)

// pagedFixture builds the russian slices of up to 4 pieces into a closed
// store and draws positions of each (both colour orders), with their
// values read from slices held whole in RAM.
func pagedFixture(t *testing.T) (dir string, pos []draughts.Position, want []Value) {
	t.Helper()
	r := draughts.Russian
	dir = filepath.Join(t.TempDir(), "db")
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	e := s.Endgames(r)
	if err := e.Build(context.Background(), MaterialsUpTo(r, 4), BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if s, err = Open(dir); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	e = s.Endgames(r)
	for _, m := range MaterialsUpTo(r, 4) {
		for _, p := range randomPositions(r, m, 40) {
			v, ok := e.Probe(&p)
			if !ok {
				t.Fatalf("%s: not in the slices", draughts.FEN(&p, r))
			}
			pos, want = append(pos, p), append(want, v)
		}
	}
	return dir, pos, want
}

// openPaging opens the store in dir with every russian slice probed by
// pages from a cache of the given number of blocks.
func openPaging(t *testing.T, dir string, blocks uint64) (*Store, *Endgames) {
	t.Helper()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	e := s.Endgames(draughts.Russian)
	e.SetPaging(1, blocks*EndgameBlockSize)
	return s, e
}

// Slices probed by pages, from a cache of three blocks, give every value
// the same slices give held whole in RAM; each slice is opened (its CRC
// streamed) once, and blocks are read again after their eviction.
func TestPagedProbesMatchRAM(t *testing.T) {
	dir, pos, want := pagedFixture(t)
	s, e := openPaging(t, dir, 3)
	for round := 0; round < 2; round++ {
		for i := range pos {
			if v, ok := e.Probe(&pos[i]); !ok || v != want[i] {
				t.Fatalf("%s: paged %v %v, in RAM %v", draughts.FEN(&pos[i], draughts.Russian), v, ok, want[i])
			}
		}
	}
	slices := int64(len(MaterialsUpTo(draughts.Russian, 4)))
	if n := s.SlicesRead(); n != slices {
		t.Errorf("%d slice opens, want %d (one per slice)", n, slices)
	}
	if n := e.PagesRead(); n <= 3 {
		t.Errorf("%d pages read: the three-block cache never evicted", n)
	}
	if n := len(e.pages.ring); n > 3 {
		t.Errorf("%d pages resident, budget 3", n)
	}
	for c := range e.tabs {
		if e.tabs[c].Load() != nil {
			t.Fatalf("slice %04x read whole into RAM while paging", c)
		}
	}
}

// Paged probes from many goroutines with a two-block cache (evictions
// under way while others read): every value as in RAM. Run under -race.
func TestPagedConcurrentProbes(t *testing.T) {
	dir, pos, want := pagedFixture(t)
	_, e := openPaging(t, dir, 2)
	var wg sync.WaitGroup
	errs := make(chan string, 16)
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range len(pos) {
				i := (k*(g+1) + g) % len(pos)
				if v, ok := e.Probe(&pos[i]); !ok || v != want[i] {
					errs <- fmt.Sprintf("%s: %v %v, want %v", draughts.FEN(&pos[i], draughts.Russian), v, ok, want[i])
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for msg := range errs {
		t.Error(msg)
	}
}

// Release closes a paged slice: its pages leave the cache and the next
// probe opens it again (a second CRC pass) with the same value.
func TestPagedRelease(t *testing.T) {
	s, err := Open(closedStore(t))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	e := s.Endgames(draughts.Russian)
	e.SetPaging(1, 4*EndgameBlockSize)
	p := kingsPos(t)
	v1, ok1 := e.Probe(&p)
	if !ok1 || v1.WDL != Win || s.SlicesRead() != 1 || e.PagesRead() != 1 {
		t.Fatalf("first probe: %v %v, %d opens, %d pages; want a win, 1, 1", v1, ok1, s.SlicesRead(), e.PagesRead())
	}
	m, _ := ParseMaterial("2K-1K")
	e.Release([]Material{m})
	if n := len(e.pages.ring); n != 0 {
		t.Fatalf("%d pages resident after Release", n)
	}
	v2, ok2 := e.Probe(&p)
	if v2 != v1 || !ok2 || s.SlicesRead() != 2 || e.PagesRead() != 2 {
		t.Errorf("after Release: %v %v, %d opens, %d pages; want %v, 2, 2", v2, ok2, s.SlicesRead(), e.PagesRead(), v1)
	}
}

// A paged slice with a block missing is found damaged when it is opened,
// before any of its values is used: the probe misses and Damage names it.
func TestPagedDamagedSlice(t *testing.T) {
	s, err := Open(closedStore(t))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r := draughts.Russian
	m, _ := ParseMaterial("2K-1K")
	if err := s.DB().Update(func(txn *badger.Txn) error {
		return txn.Delete(blockKey(variantByte(r), m, draughts.Black, 0))
	}); err != nil {
		t.Fatal(err)
	}
	e := s.Endgames(r)
	e.SetPaging(1, 4*EndgameBlockSize)
	p := kingsPos(t)
	if _, ok := e.Probe(&p); ok {
		t.Error("probe of a damaged paged slice answered")
	}
	if d := s.Damage(); len(d) != 1 || !strings.Contains(d[0].Error(), "russian 2K-1K") {
		t.Errorf("Damage: %v", d)
	}
	if e.Built(m) {
		t.Error("the damaged slice is still marked built")
	}
}
