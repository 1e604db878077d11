package tablebase

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"

	badger "github.com/dgraph-io/badger/v4"

	"draughtsjudge/draughts"
)

// closedStore builds the russian slices of up to 3 pieces and a cached
// answer into a store in a temporary directory and closes it.
func closedStore(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "db")
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Endgames(draughts.Russian).Build(context.Background(), MaterialsUpTo(draughts.Russian, 3), BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	p := kingsPos(t)
	if err := s.PutSolved("russian", "win", &p, Solved{Verdict: "proved", Distance: 3}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return dir
}

func kingsPos(t *testing.T) draughts.Position {
	t.Helper()
	p, err := draughts.ParseFEN(draughts.Russian, "W:WKa1,Kc1:BKh8")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func storeErr(t *testing.T, err error, kind StoreErrorKind, words ...string) {
	t.Helper()
	var se *StoreError
	if !errors.As(err, &se) || se.Kind != kind {
		t.Fatalf("want a %s store error, got %v", kind, err)
	}
	for _, w := range words {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q does not say %q", err, w)
		}
	}
	if (strings.Contains(err.Error(), "another process") || strings.Contains(err.Error(), "another draughtsjudge")) && kind != Locked {
		t.Errorf("a %s error blames another process: %q", kind, err)
	}
}

// A truncated .sst made a Badger goroutine panic (slice bounds out of
// range in table.initBiggestAndSmallest) and killed the process; cut by a
// few bytes it was an open error blamed on another draughtsjudge. Now the
// store is moved aside, a fresh one opens, and the note names the table.
func TestOpenTruncatedTable(t *testing.T) {
	for _, tc := range []struct {
		name string
		cut  func(size int64) int64
	}{
		{"half", func(n int64) int64 { return n / 2 }}, // the panic
		{"tail", func(n int64) int64 { return n - 84 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := closedStore(t)
			ssts, _ := filepath.Glob(filepath.Join(dir, "*.sst"))
			if len(ssts) == 0 {
				t.Fatal("no .sst in the store")
			}
			sort.Strings(ssts)
			fi, _ := os.Stat(ssts[0])
			if err := os.Truncate(ssts[0], tc.cut(fi.Size())); err != nil {
				t.Fatal(err)
			}
			s, err := Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			notes := strings.Join(s.Notes(), "\n")
			if !strings.Contains(notes, "damaged") || !strings.Contains(notes, filepath.Base(ssts[0])) || !strings.Contains(notes, ".damaged-") {
				t.Errorf("notes %q: want damaged, the table's name and where it was moved", notes)
			}
			aside, _ := filepath.Glob(dir + ".damaged-*")
			if len(aside) != 1 {
				t.Fatalf("moved-aside stores: %v", aside)
			}
			if _, err := os.Stat(filepath.Join(aside[0], filepath.Base(ssts[0]))); err != nil {
				t.Errorf("the damaged table was not kept: %v", err)
			}
			if n := len(s.SliceRecords()); n != 0 {
				t.Errorf("fresh store has %d slices", n)
			}
			e := s.Endgames(draughts.Russian)
			if err := e.Build(context.Background(), MaterialsUpTo(draughts.Russian, 3), BuildOptions{}); err != nil {
				t.Fatal(err)
			}
			p := kingsPos(t)
			if v, ok := e.Probe(&p); !ok || v.WDL != Win {
				t.Errorf("rebuilt probe: %v %v", v, ok)
			}
		})
	}
}

func TestOpenLocked(t *testing.T) {
	dir := closedStore(t)
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_, err = Open(dir)
	storeErr(t, err, Locked, "locked by another process", dir, "--no-db")
	if strings.Contains(err.Error(), "checksum") {
		t.Errorf("lock error talks of checksums: %q", err)
	}
}

// A directory that cannot be written (EACCES, EROFS; simulated, since the
// tests may run as root) is opened with Badger's read-only mode: cached
// answers and endgame slices are read, nothing is written, one note.
func TestOpenReadOnlyDirectory(t *testing.T) {
	dir := closedStore(t)
	defer func(w func(string) error) { writable = w }(writable)
	writable = func(string) error { return &os.PathError{Op: "open", Path: dir, Err: syscall.EROFS} }
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	readOnlyStore(t, s, "not writable", "read-only file system")
}

// Less than MinFreeBytes free: read-only, so nothing is written on a full disk.
func TestOpenLowSpace(t *testing.T) {
	dir := closedStore(t)
	defer func(f func(string) (uint64, error)) { freeBytes = f }(freeBytes)
	freeBytes = func(string) (uint64, error) { return 1 << 20, nil }
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	readOnlyStore(t, s, "1.0 MiB free", "read-only")
}

func readOnlyStore(t *testing.T, s *Store, words ...string) {
	t.Helper()
	if !s.ReadOnly() {
		t.Fatal("not read-only")
	}
	if len(s.Notes()) != 1 {
		t.Fatalf("notes %q, want one", s.Notes())
	}
	for _, w := range words {
		if !strings.Contains(s.Notes()[0], w) {
			t.Errorf("note %q does not say %q", s.Notes()[0], w)
		}
	}
	p := kingsPos(t)
	if got, ok, err := s.GetSolved("russian", "win", &p); err != nil || !ok || got.Distance != 3 {
		t.Errorf("cached answer: %+v %v %v", got, ok, err)
	}
	if err := s.PutSolved("russian", "draw", &p, Solved{Verdict: "refuted"}); err != nil {
		t.Errorf("PutSolved in a read-only store: %v", err)
	}
	if _, ok, _ := s.GetSolved("russian", "draw", &p); ok {
		t.Error("a read-only store stored an answer")
	}
	e := s.Endgames(draughts.Russian)
	if v, ok := e.Probe(&p); !ok || v.WDL != Win {
		t.Errorf("probe: %v %v", v, ok)
	}
	err := e.Build(context.Background(), MaterialsUpTo(draughts.Russian, 4), BuildOptions{})
	if !errors.Is(err, ErrReadOnly) {
		t.Errorf("build in a read-only store: %v, want ErrReadOnly", err)
	}
}

func TestOpenOtherFormat(t *testing.T) {
	dir := closedStore(t)
	db, err := badger.Open(badgerOptions(dir, false))
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(txn *badger.Txn) error { return txn.Set([]byte("Mformat"), []byte("999")) }); err != nil {
		t.Fatal(err)
	}
	db.Close()
	_, err = Open(dir)
	storeErr(t, err, Format, "format 999", "remove it")
	if _, err := Open(dir); errors.As(err, new(*StoreError)) && strings.Contains(err.Error(), "locked") {
		t.Errorf("a refused store stays locked: %v", err)
	}
}

// A damaged endgame slice (one block overwritten) is reported by Load and
// by Damage, naming the slice and the damage, is no longer probed, and the
// next Build rebuilds it. Two damages: a block that decodes (stored as the
// builder stores one, compressed) to wrong codes, which only the record's
// CRC finds, and a block that does not decode (raw codes under a record
// that says "zstd").
func TestDamagedSliceReportedAndRebuilt(t *testing.T) {
	r := draughts.Russian
	m, _ := ParseMaterial("2K-1K")
	wrong := make([]byte, newIndexer(r.Board, m).n)
	for i := range wrong {
		wrong[i] = 7
	}
	for _, c := range []struct {
		name, says string
		value      []byte
	}{
		{"wrong codes", "checksum mismatch", encodeBlock(nil, wrong)},
		{"not decoding", "does not decode", wrong},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := Open(closedStore(t))
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if err := s.DB().Update(func(txn *badger.Txn) error {
				return txn.Set(blockKey(variantByte(r), m, draughts.White, 0), c.value)
			}); err != nil {
				t.Fatal(err)
			}
			e := s.Endgames(r)
			errs := e.Load([]Material{m})
			if len(errs) != 1 || !strings.Contains(errs[0].Error(), "2K-1K") || !strings.Contains(errs[0].Error(), "damaged") ||
				!strings.Contains(errs[0].Error(), c.says) {
				t.Fatalf("Load: %v, want one error naming 2K-1K, damaged, %s", errs, c.says)
			}
			if d := s.Damage(); len(d) != 1 {
				t.Errorf("Damage: %v", d)
			}
			p := kingsPos(t)
			if _, ok := e.Probe(&p); ok {
				t.Error("the damaged slice is still probed")
			}
			if miss := e.Missing([]Material{m}); len(miss) != 1 || miss[0] != m {
				t.Errorf("Missing: %v, want [2K-1K]", miss)
			}
			rebuilt := 0
			if err := e.Build(context.Background(), []Material{m}, BuildOptions{Log: func(SliceRecord) { rebuilt++ }}); err != nil {
				t.Fatal(err)
			}
			if v, ok := e.Probe(&p); !ok || v.WDL != Win || rebuilt != 1 {
				t.Errorf("after rebuild: %v %v, %d slices built", v, ok, rebuilt)
			}
		})
	}
}

// A slice found damaged at its first probe (not loaded beforehand) is
// reported too, and its record deleted so a later run rebuilds it.
func TestDamagedSliceAtProbe(t *testing.T) {
	dir := closedStore(t)
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	r := draughts.Russian
	m, _ := ParseMaterial("2K-1K")
	if err := s.DB().Update(func(txn *badger.Txn) error {
		return txn.Delete(blockKey(variantByte(r), m, draughts.Black, 0))
	}); err != nil {
		t.Fatal(err)
	}
	p := kingsPos(t)
	if _, ok := s.Endgames(r).Probe(&p); ok {
		t.Error("probe of a damaged slice answered")
	}
	if d := s.Damage(); len(d) != 1 || !strings.Contains(d[0].Error(), "russian 2K-1K") {
		t.Errorf("Damage: %v", d)
	}
	s.Close()
	s, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.Endgames(r).Built(m) {
		t.Error("the damaged slice is still marked built after reopening")
	}
}

// A build stops with ErrNoSpace before a slice that would not fit, instead
// of filling the disk (a SIGBUS in Badger's memory-mapped log); finished
// slices are kept and the unfinished one has no record.
func TestBuildStopsOnLowSpace(t *testing.T) {
	dir := closedStore(t)
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	defer func(f func(string) (uint64, error)) { freeBytes = f }(freeBytes)
	freeBytes = func(string) (uint64, error) { return MinFreeBytes + 1000, nil }
	e := s.Endgames(draughts.Russian)
	before := len(s.SliceRecords())
	err = e.Build(context.Background(), MaterialsUpTo(draughts.Russian, 4), BuildOptions{Threads: 1})
	if !errors.Is(err, ErrNoSpace) || !strings.Contains(err.Error(), "free") {
		t.Fatalf("build on a full disk: %v, want ErrNoSpace", err)
	}
	if after := len(s.SliceRecords()); after != before {
		t.Errorf("%d slices before, %d after a refused build", before, after)
	}
}

// A slice is read from the store once, at its first probe (SlicesRead
// counts it); Release drops it from RAM and the next probe reads it
// again, with the same value.
func TestReleaseAndSlicesRead(t *testing.T) {
	s, err := Open(closedStore(t))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	e := s.Endgames(draughts.Russian)
	p := kingsPos(t)
	if n := s.SlicesRead(); n != 0 {
		t.Fatalf("%d slices read before any probe", n)
	}
	v1, ok1 := e.Probe(&p)
	e.Probe(&p)
	if n := s.SlicesRead(); n != 1 || !ok1 || v1.WDL != Win {
		t.Fatalf("after two probes: %d slices read, value %v %v; want one read and a win", n, v1, ok1)
	}
	m, _ := ParseMaterial("2K-1K")
	e.Release([]Material{m.Mirror()}) // either colour order
	v2, ok2 := e.Probe(&p)
	if n := s.SlicesRead(); n != 2 || v2 != v1 || !ok2 {
		t.Errorf("after Release: %d slices read, value %v %v; want a second read and %v", n, v2, ok2, v1)
	}
}

// Probes from many goroutines of a store just opened: each slice is read
// once however many probes want it at the same time (SlicesRead), and
// every probe gets the value a single goroutine reads from another view
// of the same slices. Run under -race.
func TestConcurrentFirstProbes(t *testing.T) {
	dir := closedStore(t)
	fens := []string{"W:WKa1,Kc1:BKh8", "W:WKa1:BKh8", "W:Wc3:BKh8", "B:Wc3:Bf6", "W:WKa1,c3:Bf6", "B:WKe1:Bb6,Kh8"}
	want := make([]Value, len(fens))
	pos := make([]draughts.Position, len(fens))
	materials := map[Material]bool{}
	for i, f := range fens {
		p, err := draughts.ParseFEN(draughts.Russian, f)
		if err != nil {
			t.Fatal(err)
		}
		pos[i] = p
		materials[MaterialOf(&p).canon()] = true
	}
	{
		s, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		e := s.Endgames(draughts.Russian)
		for i := range pos {
			v, ok := e.Probe(&pos[i])
			if !ok {
				t.Fatalf("%s: not in the slices", fens[i])
			}
			want[i] = v
		}
		s.Close()
	}
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	e := s.Endgames(draughts.Russian)
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 4 * len(pos) {
				i := (g + k) % len(pos)
				if v, ok := e.Probe(&pos[i]); !ok || v != want[i] {
					errs <- fmt.Sprintf("%s: %v %v, want %v", fens[i], v, ok, want[i])
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
	if n := s.SlicesRead(); n != int64(len(materials)) {
		t.Errorf("%d slices read for %d materials probed", n, len(materials))
	}
}
