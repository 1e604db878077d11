package archive

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"sort"
	"sync"

	"draughtsjudge/draughts"
	"draughtsjudge/internal/diskspace"

	"github.com/dgraph-io/badger/v4"
)

// PutStats counts what Put did.
type PutStats struct {
	Added      int `json:"added"`       // new compositions
	Duplicates int `json:"duplicates"`  // already there: the same composition (one more source, or none)
	NewSources int `json:"new_sources"` // sources added to a composition already there
}

// A transaction is committed before it holds more than txnKeys keys or
// txnBytes bytes (Badger's limit with 16 MiB memtables is about 2.4 MB),
// so that a composition's keys are never split between two transactions:
// after a crash a composition is in the index whole or not at all.
const (
	txnKeys  = 8000
	txnBytes = 1 << 20
)

// writer batches compositions into transactions.
type writer struct {
	a            *Archive
	txn          *badger.Txn
	keys, nbytes int
	st           PutStats
}

func (a *Archive) newWriter() *writer { return &writer{a: a, txn: a.db.NewTransaction(true)} }

func (w *writer) commit() error {
	err := w.txn.Commit()
	w.txn, w.keys, w.nbytes = w.a.db.NewTransaction(true), 0, 0
	return err
}

func (w *writer) discard() { w.txn.Discard() }

type kv struct{ k, v []byte }

// put adds one entry: its postings, finales, source and record (last), or
// only its source when the composition is there already.
func (w *writer) put(e *Entry) error {
	_, err := w.txn.Get(recordKey(e.ID))
	exists := err == nil
	if err != nil && !errors.Is(err, badger.ErrKeyNotFound) {
		return err
	}
	src, _ := json.Marshal(e.Source)
	sk := sourceKey(e.ID, e.Source.id())
	kvs := []kv{{sk, src}}
	if ak := e.authorKey(e.Source.Author); ak != nil {
		start := encode(&e.Lines[0][0])
		kvs = append(kvs, kv{ak, start[:]})
	}
	if exists {
		w.st.Duplicates++
		if _, err := w.txn.Get(sk); err == nil {
			return nil
		} else if !errors.Is(err, badger.ErrKeyNotFound) {
			return err
		}
		w.st.NewSources++
		return w.set(kvs)
	}
	w.st.Added++
	return w.set(append(append(e.keys(), kvs...), kv{recordKey(e.ID), mustJSON(e.Record)}))
}

// authorKey is the key listing the entry under author (nil: no author).
func (e *Entry) authorKey(author string) []byte {
	p := authorPrefix(author, e.Record.Variant)
	if p == nil {
		return nil
	}
	return append(p, e.ID[:]...)
}

func (w *writer) set(kvs []kv) error {
	n := 0
	for _, x := range kvs {
		n += len(x.k) + len(x.v) + 32
	}
	if w.keys > 0 && (w.keys+len(kvs) > txnKeys || w.nbytes+n > txnBytes) {
		if err := w.commit(); err != nil {
			return err
		}
	}
	for _, x := range kvs {
		err := w.txn.Set(x.k, x.v)
		if errors.Is(err, badger.ErrTxnTooBig) {
			// One composition larger than a transaction: split it.
			if err = w.commit(); err == nil {
				err = w.txn.Set(x.k, x.v)
			}
		}
		if err != nil {
			return err
		}
	}
	w.keys += len(kvs)
	w.nbytes += n
	return nil
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // plain structs of strings and ints
	}
	return b
}

// keys are the entry's postings and finales. A trivial position (a side
// without pieces) is no posting (Trivial).
func (e *Entry) keys() []kv {
	var out []kv
	flag := func(m bool) []byte {
		if m {
			return []byte{1}
		}
		return []byte{0}
	}
	v := e.Record.Variant
	for i, l := range e.Lines {
		for n := range l {
			if Trivial(&l[n]) {
				continue
			}
			k, m := Canonical(&l[n], e.Rules)
			out = append(out, kv{postingKey(tablePos, v, k, e.ID, i, n), flag(m)})
		}
	}
	for _, f := range e.Finales {
		if plainFinale(&f.Position) {
			continue
		}
		k, m := Canonical(&f.Position, e.Rules)
		out = append(out, kv{postingKey(tableFinale, v, k, e.ID, f.Line, 0), flag(m)})
	}
	return out
}

// Put indexes entries (a batch's, in memory); idempotent.
func (a *Archive) Put(entries []*Entry) (PutStats, error) {
	w := a.newWriter()
	defer w.discard()
	for _, e := range entries {
		if err := w.put(e); err != nil {
			return w.st, err
		}
	}
	return w.st, w.commit()
}

// AddOptions tune Add.
type AddOptions struct {
	Threads int         // parsing goroutines (0: the number of CPUs)
	Errors  func(error) // each bad entry, "file:line: what is wrong", in file order
	// Progress is called after each block of compositions is committed.
	Progress func(AddStats)
}

// AddStats counts what Add read and wrote.
type AddStats struct {
	PutStats
	Read    int `json:"read"`    // compositions read and replayed
	Errors  int `json:"errors"`  // entries reported and skipped
	Skipped int `json:"skipped"` // Lasca compositions (not indexed)
}

// MinFreeBytes is the free space below which Add stops before its next
// block (64 MiB): Badger must still flush its memtable (16 MiB) and write
// its manifest, and a disk that fills while it does so may leave the
// last writes unreadable. What was committed stays; add again to resume.
var MinFreeBytes uint64 = 64 << 20

// freeBytes is the space available on dir's filesystem; a variable so
// that a test can fill the disk.
var freeBytes = diskspace.Free

// ErrDiskFull stops an Add whose filesystem has less than MinFreeBytes.
var ErrDiskFull = errors.New("the disk is (nearly) full")

// blockChunks is the number of chunks parsed in parallel and committed
// together: memory is bounded by a block, whatever the input's size.
const blockChunks = 512

// Add reads every composition of the PDN files, folders and globs paths,
// streamed, and indexes it. Bad entries are reported through opt.Errors
// and skipped. Every block is committed before the next is read: an
// interrupted run keeps what it committed, and running it again adds the
// rest (a composition already there is not added twice). A write error
// (a full disk) stops the run; what was committed before stays.
func (a *Archive) Add(paths []string, opt AddOptions) (AddStats, error) {
	threads := opt.Threads
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	var st AddStats
	w := a.newWriter()
	defer w.discard()
	counts := map[string]int{} // games read per file, for the game numbers
	bad := map[string]int{}    // errors per file
	var block []Chunk
	run := func() error {
		if a.Dir != "" {
			if free, err := freeBytes(a.Dir); err == nil && free < MinFreeBytes {
				return fmt.Errorf("%w: %d MiB free on the filesystem of %s, %d MiB needed to write safely", ErrDiskFull, free>>20, a.Dir, MinFreeBytes>>20)
			}
		}
		res := parseBlock(block, threads)
		for i, c := range block {
			first := counts[c.File] + 1
			counts[c.File] += res[i].games
			if c.End && counts[c.File] == 0 && bad[c.File] == 0 {
				st.Errors++
				if opt.Errors != nil {
					opt.Errors(fmt.Errorf("%s:1: no games found", c.File))
				}
			}
			for _, it := range res[i].items {
				switch {
				case errors.Is(it.err, ErrLasca):
					st.Skipped++
					continue
				case it.err != nil:
					st.Errors++
					bad[c.File]++
					if opt.Errors != nil {
						opt.Errors(it.err)
					}
					continue
				}
				st.Read++
				it.entry.Source.Index = first + it.game
				if err := w.put(it.entry); err != nil {
					return err
				}
			}
		}
		block = block[:0]
		if err := w.commit(); err != nil {
			return err
		}
		st.PutStats = w.st
		if opt.Progress != nil {
			opt.Progress(st)
		}
		return nil
	}
	err := Files(paths, func(c Chunk) error {
		block = append(block, c)
		if len(block) == blockChunks {
			return run()
		}
		return nil
	})
	if err == nil {
		err = run()
	}
	st.PutStats = w.st
	if err != nil {
		return st, fmt.Errorf("archive %s: writing: %w (the %d compositions committed before are kept; run add again to resume)", a.Dir, err, st.Added)
	}
	return st, nil
}

type parsed struct {
	entry *Entry
	game  int // 0-based game of the chunk
	err   error
}

type chunkResult struct {
	items []parsed
	games int
}

// parseBlock parses and replays the chunks on threads goroutines.
func parseBlock(block []Chunk, threads int) []chunkResult {
	res := make([]chunkResult, len(block))
	var wg sync.WaitGroup
	next := make(chan int)
	for t := 0; t < threads; t++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				res[i] = parseChunk(block[i])
			}
		}()
	}
	for i := range block {
		next <- i
	}
	close(next)
	wg.Wait()
	return res
}

func parseChunk(c Chunk) chunkResult {
	items, games := c.Parse(1)
	var out []parsed
	for _, it := range items {
		if it.Err != nil {
			out = append(out, parsed{err: it.Err})
			continue
		}
		e, err := FromComposition(it.Comp)
		out = append(out, parsed{entry: e, game: it.Comp.Index - 1, err: err})
	}
	return chunkResult{items: out, games: games}
}

// Remove deletes a composition (its record, sources, postings and
// finales); ok is false when the archive does not hold it.
func (a *Archive) Remove(id ID) (ok bool, err error) {
	rec, srcs, ok, err := a.Get(id)
	if err != nil || !ok {
		return false, err
	}
	e, err := rec.entry(id)
	if err != nil {
		return false, err
	}
	w := a.newWriter()
	defer w.discard()
	var dels [][]byte
	for _, x := range e.keys() {
		dels = append(dels, x.k)
	}
	for i, l := range e.Lines {
		// A report's finale (AddFinale) may be any line end.
		end := l[len(l)-1]
		k, _ := Canonical(&end, e.Rules)
		dels = append(dels, postingKey(tableFinale, rec.Variant, k, id, i, 0))
	}
	for _, s := range srcs {
		dels = append(dels, sourceKey(id, s.id()))
		if ak := e.authorKey(s.Author); ak != nil {
			dels = append(dels, ak)
		}
	}
	dels = append(dels, recordKey(id))
	for _, k := range dels {
		if err := w.txn.Delete(k); errors.Is(err, badger.ErrTxnTooBig) {
			if err = w.commit(); err == nil {
				err = w.txn.Delete(k)
			}
			if err != nil {
				return false, err
			}
		} else if err != nil {
			return false, err
		}
	}
	return true, w.commit()
}

// RemoveSource deletes one source of a composition, and the composition
// when it was its last source.
func (a *Archive) RemoveSource(id ID, s Source) (bool, error) {
	rec, srcs, ok, err := a.Get(id)
	if err != nil || !ok {
		return false, err
	}
	found := false
	for _, x := range srcs {
		found = found || x.id() == s.id()
	}
	if !found {
		return false, nil
	}
	if len(srcs) == 1 {
		return a.Remove(id)
	}
	return true, a.db.Update(func(txn *badger.Txn) error {
		for _, x := range srcs {
			if x.id() != s.id() && normAuthor(x.Author) == normAuthor(s.Author) {
				// Another source names the same author: the listing stays.
				return txn.Delete(sourceKey(id, s.id()))
			}
		}
		if p := authorPrefix(s.Author, rec.Variant); p != nil {
			if err := txn.Delete(append(p, id[:]...)); err != nil {
				return err
			}
		}
		return txn.Delete(sourceKey(id, s.id()))
	})
}

// entry replays a record back into an entry (its positions), for Remove
// and for the query's display of shared play.
func (r *Record) entry(id ID) (*Entry, error) {
	rules, err := draughts.RulesByID(r.Variant)
	if err != nil {
		return nil, err
	}
	start, err := draughts.ParseFEN(rules, r.FEN)
	if err != nil {
		return nil, err
	}
	e := &Entry{ID: id, Record: *r, Rules: rules}
	for i, l := range r.Lines {
		p := start
		ps := []draughts.Position{p}
		for _, t := range l {
			m, err := draughts.ParseMove(&p, rules, t)
			if err != nil {
				return nil, fmt.Errorf("archive record %s line %d: %v", id, i+1, err)
			}
			p = p.Play(m)
			ps = append(ps, p)
		}
		e.Lines = append(e.Lines, ps)
		if len(draughts.LegalMoves(&p, rules)) == 0 {
			e.Finales = append(e.Finales, Finale{Line: i, Position: p})
		}
	}
	return e, nil
}

func sortSources(s []Source) {
	sort.SliceStable(s, func(i, j int) bool {
		a, b := s[i], s[j]
		if a.Date != b.Date {
			return CompareDates(a.Date, b.Date) < 0
		}
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
}
