// Package tablebase is draughtsjudge's on-disk store (Badger,
// github.com/dgraph-io/badger/v4): the cache of positions the solver has
// solved, and the endgame databases built by retrograde analysis.
//
// One Badger directory holds both, under distinct key prefixes:
//
//	'M' meta          "M" + name                     → value (format version, …)
//	'S' solved cache  "S" + variant + 0 + goal + 0 + position(25 bytes) → JSON Solved
//	'E' endgames      see endgame files
//
// Versioning (docs/style.md 13): the meta key "Mformat" holds FormatVersion; a
// store with another format is refused with an error naming both versions.
// Solved records carry the engine version that wrote them; a record from
// another engine version is not trusted and reads as a miss.
package tablebase

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"

	badger "github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/badger/v4/options"

	"draughtsjudge/draughts"
)

// FormatVersion is the layout of keys and values in the store.
const FormatVersion = 1

// EngineVersion names the search semantics. Change it whenever a change to
// the rules engine or the solver can change a stored answer.
const EngineVersion = "draughtsjudge-solver-23"

// Store is an open database. Safe for concurrent use (Badger transactions).
type Store struct {
	db       *badger.DB
	Dir      string // "" for an in-memory store
	readOnly bool
	notes    []string // what Open did besides opening (open.go)

	damageMu sync.Mutex
	damage   []error // endgame slices that failed to load (endgames.go)

	egMu sync.Mutex           // guards eg
	eg   map[string]*Endgames // endgame views by variant id (endgames.go)
}

// DefaultDir returns $DRAUGHTSJUDGE_DB, or <user cache dir>/draughtsjudge/db.
func DefaultDir() string {
	if d := os.Getenv("DRAUGHTSJUDGE_DB"); d != "" {
		return d
	}
	base, err := os.UserCacheDir()
	if err != nil {
		base = os.TempDir()
	}
	return filepath.Join(base, "draughtsjudge", "db")
}

// OpenMemory opens an empty in-memory store.
func OpenMemory() (*Store, error) {
	db, err := badger.Open(badger.DefaultOptions("").WithInMemory(true).WithLogger(nil).
		// The endgame blocks come compressed (compress.go); nothing to
		// gain from compressing them again in RAM.
		WithCompression(options.None))
	if err != nil {
		return nil, fmt.Errorf("tablebase: in-memory store: %v", err)
	}
	s := &Store{db: db}
	if err := s.checkFormat(); err != nil {
		return nil, err
	}
	return s, nil
}

// ReadOnly reports whether the store was opened read-only: reads work,
// PutSolved writes nothing and Build returns ErrReadOnly.
func (s *Store) ReadOnly() bool { return s.readOnly }

// Notes returns what Open did besides opening, one sentence each (opened
// read-only and why, moved a damaged store aside), for the user to see once.
func (s *Store) Notes() []string { return s.notes }

// where names the store in messages.
func (s *Store) where() string {
	if s.Dir == "" {
		return "the in-memory store"
	}
	return s.Dir
}

// DB exposes the Badger handle to the endgame code of this package.
func (s *Store) DB() *badger.DB { return s.db }

// Close flushes and closes the store.
func (s *Store) Close() error { return s.db.Close() }

// checkFormat stamps a new store with FormatVersion and refuses one of
// another version (closing it).
func (s *Store) checkFormat() error {
	if err := s.checkFormatTxn(); err != nil {
		s.db.Close()
		return err
	}
	return nil
}

func (s *Store) checkFormatTxn() error {
	key := []byte("Mformat")
	want := strconv.Itoa(FormatVersion)
	run := s.db.Update
	if s.readOnly {
		run = s.db.View
	}
	return run(func(txn *badger.Txn) error {
		it, err := txn.Get(key)
		if errors.Is(err, badger.ErrKeyNotFound) {
			if s.readOnly {
				return nil // empty or never stamped; nothing is written
			}
			return txn.Set(key, []byte(want))
		}
		if err != nil {
			return &StoreError{Kind: Damaged, Dir: s.Dir, Msg: "reading its format record: " + errText(err), Err: err}
		}
		v, err := it.ValueCopy(nil)
		if err != nil {
			return &StoreError{Kind: Damaged, Dir: s.Dir, Msg: "reading its format record: " + errText(err), Err: err}
		}
		if string(v) != want {
			return &StoreError{Kind: Format, Dir: s.Dir, Msg: fmt.Sprintf("has format %s, this program reads format %s", v, want)}
		}
		return nil
	})
}

// Solved is a cached solver answer for one position and goal.
type Solved struct {
	Verdict  string   `json:"verdict"`  // "proved", "refuted"
	Distance int      `json:"distance"` // moves (attacker moves) to the goal when proved
	Moves    []string `json:"moves"`    // the attacker moves that reach the goal (proved) or a refuting line
	Engine   string   `json:"engine"`   // EngineVersion that wrote it
	Extra    []byte   `json:"extra,omitempty"`
}

// PositionBytes is the 25-byte big-endian encoding of a position: white,
// black, kings bitboards, side to move.
func PositionBytes(p *draughts.Position) []byte {
	b := make([]byte, 25)
	binary.BigEndian.PutUint64(b[0:], uint64(p.Pieces[draughts.White]))
	binary.BigEndian.PutUint64(b[8:], uint64(p.Pieces[draughts.Black]))
	binary.BigEndian.PutUint64(b[16:], uint64(p.Kings))
	b[24] = byte(p.Side)
	return b
}

func solvedKey(variant, goal string, p *draughts.Position) []byte {
	k := make([]byte, 0, 1+len(variant)+1+len(goal)+1+25)
	k = append(k, 'S')
	k = append(k, variant...)
	k = append(k, 0)
	k = append(k, goal...)
	k = append(k, 0)
	return append(k, PositionBytes(p)...)
}

// GetSolved returns the cached answer for (variant, goal, p). A record
// written by another EngineVersion is a miss.
func (s *Store) GetSolved(variant, goal string, p *draughts.Position) (Solved, bool, error) {
	var out Solved
	found := false
	err := s.db.View(func(txn *badger.Txn) error {
		it, err := txn.Get(solvedKey(variant, goal, p))
		if errors.Is(err, badger.ErrKeyNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		return it.Value(func(v []byte) error {
			if err := json.Unmarshal(v, &out); err != nil {
				return nil // unreadable record: a miss, overwritten later
			}
			found = out.Engine == EngineVersion
			return nil
		})
	})
	if err != nil {
		return Solved{}, false, fmt.Errorf("tablebase: %v", err)
	}
	return out, found, nil
}

// PutSolved stores an answer, stamping it with EngineVersion. In a
// read-only store it writes nothing and returns nil.
func (s *Store) PutSolved(variant, goal string, p *draughts.Position, v Solved) error {
	if s.readOnly {
		return nil
	}
	v.Engine = EngineVersion
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return s.db.Update(func(txn *badger.Txn) error {
		return txn.Set(solvedKey(variant, goal, p), data)
	})
}
