package archive

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/dgraph-io/badger/v4"
)

// Archive is an open index.
type Archive struct {
	db  *badger.DB
	Dir string // "" for a temporary one in memory
}

// ErrLocked is the error of Open when another process has the archive.
var ErrLocked = errors.New("locked by another process")

// options keep the index small on disk and in memory: small memtables
// and block cache (the queries read a few blocks each), values inline.
func options(dir string) badger.Options {
	return badger.DefaultOptions(dir).WithLogger(nil).
		WithMemTableSize(16 << 20).WithNumMemtables(2).WithNumLevelZeroTables(2).
		WithBlockCacheSize(32 << 20).WithIndexCacheSize(16 << 20).
		WithValueThreshold(1 << 10).WithValueLogFileSize(64 << 20).
		WithDetectConflicts(false).WithNumCompactors(2)
}

// Open opens or creates the archive in dir.
func Open(dir string) (*Archive, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("archive %s: %v", dir, err)
	}
	db, err := badger.Open(options(dir))
	if err != nil {
		if strings.Contains(err.Error(), "Cannot acquire directory lock") {
			return nil, fmt.Errorf("archive %s: %w", dir, ErrLocked)
		}
		return nil, fmt.Errorf("archive %s: %v", dir, err)
	}
	a := &Archive{db: db, Dir: dir}
	if err := a.checkFormat(); err != nil {
		db.Close()
		return nil, err
	}
	return a, nil
}

// Temporary opens an empty archive in memory (the batch's own index).
func Temporary() (*Archive, error) {
	db, err := badger.Open(badger.DefaultOptions("").WithInMemory(true).WithLogger(nil).
		WithMemTableSize(8 << 20).WithBlockCacheSize(8 << 20).WithDetectConflicts(false))
	if err != nil {
		return nil, err
	}
	a := &Archive{db: db}
	return a, a.checkFormat()
}

// Close closes the archive.
func (a *Archive) Close() error { return a.db.Close() }

// checkFormat writes the format version into a new archive and refuses
// one of another format.
func (a *Archive) checkFormat() error {
	want := fmt.Sprint(Format)
	return a.db.Update(func(txn *badger.Txn) error {
		it, err := txn.Get([]byte{tableVersion})
		if errors.Is(err, badger.ErrKeyNotFound) {
			return txn.Set([]byte{tableVersion}, []byte(want))
		}
		if err != nil {
			return err
		}
		v, err := it.ValueCopy(nil)
		if err != nil {
			return err
		}
		if string(v) != want {
			return fmt.Errorf("archive %s: format %s, this program reads format %s: remove the folder and add the compositions again", a.Dir, v, want)
		}
		return nil
	})
}

// Stats counts what the archive holds.
type Stats struct {
	Compositions int            `json:"compositions"`
	Sources      int            `json:"sources"`
	Positions    int            `json:"positions"` // postings: (position, composition, line, ply)
	Finales      int            `json:"finales"`
	Authors      int            `json:"authors"`    // (author, composition) listings, for versions
	ByVariant    map[string]int `json:"by_variant"` // compositions per game system
	Bytes        int64          `json:"bytes"`      // on disk (LSM tree and value log)
}

// Stats reads the counts (a key-only pass over the index).
func (a *Archive) Stats() (Stats, error) {
	s := Stats{ByVariant: map[string]int{}}
	err := a.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			k := it.Item().Key()
			switch k[0] {
			case tableRecord:
				s.Compositions++
				var r Record
				if err := it.Item().Value(func(v []byte) error { return json.Unmarshal(v, &r) }); err != nil {
					return err
				}
				s.ByVariant[r.Variant]++
			case tableSource:
				s.Sources++
			case tablePos:
				s.Positions++
			case tableFinale:
				s.Finales++
			case tableAuthor:
				s.Authors++
			}
		}
		return nil
	})
	lsm, vlog := a.db.Size()
	s.Bytes = lsm + vlog
	return s, err
}

// Get returns a composition's record and sources; ok is false when the
// archive does not hold it.
func (a *Archive) Get(id ID) (rec Record, srcs []Source, ok bool, err error) {
	err = a.db.View(func(txn *badger.Txn) error {
		var e error
		rec, srcs, _, ok, e = get(txn, id, 1<<30)
		return e
	})
	return rec, srcs, ok, err
}

// MaxSources is the number of sources a hit reads in full; the others
// are counted (Hit.MoreSources).
const MaxSources = 32

// get reads a record and at most max of its sources, counting the rest.
func get(txn *badger.Txn, id ID, max int) (rec Record, srcs []Source, more int, ok bool, err error) {
	it, err := txn.Get(recordKey(id))
	if errors.Is(err, badger.ErrKeyNotFound) {
		return rec, nil, 0, false, nil
	}
	if err != nil {
		return rec, nil, 0, false, err
	}
	if err := it.Value(func(v []byte) error { return json.Unmarshal(v, &rec) }); err != nil {
		return rec, nil, 0, false, err
	}
	iter := txn.NewIterator(badger.IteratorOptions{Prefix: sourceKey(id, ID{})[:1+IDSize]})
	defer iter.Close()
	for iter.Rewind(); iter.Valid(); iter.Next() {
		if len(srcs) == max {
			more++
			continue
		}
		var s Source
		if err := iter.Item().Value(func(v []byte) error { return json.Unmarshal(v, &s) }); err != nil {
			return rec, nil, 0, false, err
		}
		srcs = append(srcs, s)
	}
	sortSources(srcs)
	return rec, srcs, more, true, nil
}
