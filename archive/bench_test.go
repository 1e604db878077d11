package archive

import (
	"bufio"
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"
	"testing"
)

// synthFile writes n synthetic compositions (synth, seed 1) to a file.
func synthFile(tb testing.TB, dir string, n int, broken func(int) int) string {
	tb.Helper()
	p := filepath.Join(dir, "synthetic.pdn")
	f, err := os.Create(p)
	if err != nil {
		tb.Fatal(err)
	}
	w := bufio.NewWriter(f)
	if err := synth(w, n, 1, broken); err != nil {
		tb.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
	return p
}

// benchN is the size of the synthetic archive: 150,000 compositions
// (-archive.n changes it for a quick run).
var benchN = 150_000

func init() {
	flag.IntVar(&benchN, "archive.n", benchN, "compositions in the benchmarks' synthetic archive")
}

// BenchmarkAdd indexes the synthetic archive of 150,000 compositions from
// one PDN file (streamed) into a fresh archive, and reports the index's
// size on disk, the heap in use after it (after a collection, the archive
// still open) and the process's peak resident memory.
func BenchmarkAdd(b *testing.B) {
	dir := b.TempDir()
	p := synthFile(b, dir, benchN, nil)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a, err := Open(filepath.Join(dir, "a", string(rune('a'+i))))
		if err != nil {
			b.Fatal(err)
		}
		st, err := a.Add([]string{p}, AddOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if st.Added != benchN {
			b.Fatalf("added %+v, want %d", st, benchN)
		}
		b.StopTimer()
		var ms runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms)
		b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "heap-MiB")
		var ru syscall.Rusage
		if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
			b.ReportMetric(float64(ru.Maxrss)/(1<<10), "maxrss-MiB") // Linux: KiB
		}
		if err := a.Close(); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(dirSize(filepath.Join(dir, "a", string(rune('a'+i)))))/(1<<20), "index-MiB")
		b.StartTimer()
	}
}

func dirSize(dir string) int64 {
	var n int64
	filepath.Walk(dir, func(_ string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() {
			n += fi.Size()
		}
		return nil
	})
	return n
}

var (
	shared     struct{ dir, pdn string }
	sharedOnce sync.Once
	sharedErr  error
)

// TestMain removes the benchmarks' shared archive.
func TestMain(m *testing.M) {
	code := m.Run()
	if shared.dir != "" {
		os.RemoveAll(shared.dir)
	}
	os.Exit(code)
}

// sharedArchive is the synthetic archive of benchN compositions, built
// once for the query benchmarks (not timed).
func sharedArchive(b *testing.B) (*Archive, string) {
	b.Helper()
	sharedOnce.Do(func() {
		if shared.dir, sharedErr = os.MkdirTemp("", "archive-bench"); sharedErr != nil {
			return
		}
		shared.pdn = synthFile(b, shared.dir, benchN, nil)
		var a *Archive
		if a, sharedErr = Open(filepath.Join(shared.dir, "index")); sharedErr != nil {
			return
		}
		if _, sharedErr = a.Add([]string{shared.pdn}, AddOptions{}); sharedErr == nil {
			sharedErr = a.Close()
		}
	})
	if sharedErr != nil {
		b.Fatal(sharedErr)
	}
	a, err := Open(filepath.Join(shared.dir, "index"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { a.Close() })
	return a, shared.pdn
}

// sampleEntries reads n entries spread over the synthetic file.
func sampleEntries(b *testing.B, pdn string, n int) []*Entry {
	b.Helper()
	var out []*Entry
	step := benchN / n
	k := 0
	err := Files([]string{pdn}, func(c Chunk) error {
		defer func() { k++ }()
		if k%step != 0 || len(out) == n || c.End {
			return nil
		}
		items, _ := c.Parse(1)
		for _, it := range items {
			if e, err := FromComposition(it.Comp); err == nil {
				out = append(out, e)
			}
		}
		return nil
	})
	if err != nil || len(out) != n {
		b.Fatalf("%d entries read (%v)", len(out), err)
	}
	return out
}

// BenchmarkFind looks up every position and finale of one entry (100
// entries spread over the archive, in turn) in the 150,000-entry archive,
// warm: the time per op is one entry's query.
func BenchmarkFind(b *testing.B) {
	a, pdn := sharedArchive(b)
	es := sampleEntries(b, pdn, 100)
	for _, e := range es { // warm the caches
		if _, err := a.Find(e, FindOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		hits, err := a.Find(es[i%len(es)], FindOptions{})
		if err != nil || len(hits) == 0 || hits[0].ID != es[i%len(es)].ID {
			b.Fatalf("entry %d not found as itself: %v %+v", i%len(es), err, hits)
		}
	}
}

// BenchmarkSection is a 100-entry section's predecessor search as the
// tourney does it: the section indexed into a temporary archive, then
// every entry looked up in it and in the 150,000-entry archive.
func BenchmarkSection(b *testing.B) {
	a, pdn := sharedArchive(b)
	es := sampleEntries(b, pdn, 100)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tmp, err := Temporary()
		if err != nil {
			b.Fatal(err)
		}
		if _, err := tmp.Put(es); err != nil {
			b.Fatal(err)
		}
		for _, e := range es {
			if _, err := tmp.Find(e, FindOptions{}); err != nil {
				b.Fatal(err)
			}
			if _, err := a.Find(e, FindOptions{}); err != nil {
				b.Fatal(err)
			}
		}
		tmp.Close()
	}
}
