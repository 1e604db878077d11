package tablebase

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"syscall"
	"time"

	"draughtsjudge/internal/diskspace"

	badger "github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/badger/v4/options"
	btable "github.com/dgraph-io/badger/v4/table"
	"github.com/dgraph-io/ristretto/v2/z"
	"golang.org/x/sys/unix"
)

// Opening the store, and what happens when it cannot be used as it is.
//
//	situation                          Open
//	locked by another process          *StoreError Locked (Badger's read-only mode takes a
//	                                   shared lock, which the writer's exclusive lock excludes)
//	directory not writable (EACCES,    opened read-only (Store.ReadOnly), one Note; a store
//	EPERM, EROFS)                      that does not exist yet: *StoreError Permission
//	less than MinFreeBytes free        opened read-only, one Note; if even reading faults
//	                                   (a full tmpfs): *StoreError NoSpace
//	damaged (a table whose index does  moved aside to DIR.damaged-<time>, a fresh store is
//	not read, a Badger open error, a   created in DIR, one Note; read-only: *StoreError Damaged
//	panic or fault while opening)
//	another format version             *StoreError Format
//
// Badger opens its tables in goroutines of its own, and a truncated .sst
// makes one of them panic, which no recover in this package can catch;
// so Open first reads every table's index itself, in its own goroutine
// under recover and SetPanicOnFault (checkTables). Memory faults while
// Badger replays its write-ahead log (a sparse .mem file on a full tmpfs
// faults on read) happen in the caller's goroutine and are caught the same
// way. A fault while Badger writes (the disk fills in the middle of a
// build) cannot be caught: Build checks the free space before each slice
// so that it stops with an error first (buildOne, ErrNoSpace).

// StoreErrorKind says what made a store unusable.
type StoreErrorKind int

// The kinds of StoreError.
const (
	Locked     StoreErrorKind = iota + 1 // another process holds the directory lock
	Permission                           // the directory cannot be created or read
	Damaged                              // the files do not open, and cannot be moved aside
	Format                               // written by another format version
	NoSpace                              // the filesystem is full and the store cannot even be read
)

func (k StoreErrorKind) String() string {
	switch k {
	case Locked:
		return "locked"
	case Permission:
		return "permission"
	case Damaged:
		return "damaged"
	case Format:
		return "format"
	case NoSpace:
		return "no space"
	}
	return "unknown"
}

// StoreError is a store that cannot be used. Its message says which of the
// kinds happened, names the directory (and the file, where one is to
// blame) and what the user can do.
type StoreError struct {
	Kind StoreErrorKind
	Dir  string
	Msg  string // what happened, without the advice
	Err  error  // the underlying error, if any
}

func (e *StoreError) Error() string {
	advice := "choose another store with --db DIR (or DRAUGHTSJUDGE_DB), or run without one with --no-db"
	switch e.Kind {
	case Locked:
		advice = "wait for it to finish, " + advice
	case Format:
		advice = "remove it, " + advice
	case NoSpace:
		advice = "free some space and run again, " + advice
	}
	return fmt.Sprintf("tablebase: store %s: %s; %s", e.Dir, e.Msg, advice)
}

func (e *StoreError) Unwrap() error { return e.Err }

// ErrReadOnly is returned by the writing operations of a read-only store.
var ErrReadOnly = errors.New("tablebase: the store is open read-only")

// ErrNoSpace is wrapped by the errors of a build stopped for lack of disk space.
var ErrNoSpace = errors.New("not enough free disk space")

// MinFreeBytes is the free space below which the store is opened read-only
// and a build stops before writing: room for Badger's memtables (its
// write-ahead log, memory-mapped: writing it on a full disk is a SIGBUS
// that Go cannot recover) and a margin. A variable so tests can lower it.
var MinFreeBytes uint64 = 128 << 20

// freeBytes returns the space available to this user on dir's filesystem.
// A variable so tests can simulate a full disk.
var freeBytes = diskspace.Free

func badgerOptions(dir string, readOnly bool) badger.Options {
	return badger.DefaultOptions(dir).WithLogger(nil).WithCompression(optsCompression()).
		WithReadOnly(readOnly).
		// A block's checksum is verified when it is read: a damaged block
		// is a read error, not wrong data.
		WithChecksumVerificationMode(options.OnBlockRead).
		// Smaller memory-mapped files than the defaults (64 MiB x 5
		// memtables, 1 GiB value log files): less to fill on a small disk.
		WithMemTableSize(32 << 20).WithNumMemtables(3).WithValueLogFileSize(64 << 20).
		// Values of 4 KiB or more (the endgame blocks, compressed by the
		// builder: compress.go) go to the value log, written once; the
		// tables hold their keys and pointers, so a compaction does not
		// rewrite them.
		WithValueThreshold(valueThreshold)
}

// valueThreshold is the smallest value Badger keeps in its value log
// rather than in its tables (compress.go).
const valueThreshold = 4 << 10

// Open opens or creates the store in dir, as the table above says: it
// returns a *StoreError for a store it cannot use, and a Store whose Notes
// say what it did otherwise (opened read-only, moved a damaged store aside).
// It never panics on a damaged store.
func Open(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		if errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS) {
			return nil, &StoreError{Kind: Permission, Dir: dir, Msg: "cannot create the directory: " + errText(err), Err: err}
		}
		return nil, &StoreError{Kind: Permission, Dir: dir, Msg: errText(err), Err: err}
	}
	if err := probeLock(dir); err != nil {
		return nil, err
	}
	readOnly, lowSpace, note := false, false, ""
	if err := writable(dir); err != nil {
		readOnly, note = true, fmt.Sprintf("store %s is not writable (%s)", dir, errText(err))
	} else if free, err := freeBytes(dir); err == nil && free < MinFreeBytes {
		readOnly, lowSpace = true, true
		note = fmt.Sprintf("only %s free on the filesystem of store %s, %s needed to write safely", mib(free), dir, mib(MinFreeBytes))
	}
	if _, err := os.Stat(filepath.Join(dir, badger.ManifestFilename)); readOnly && errors.Is(err, fs.ErrNotExist) {
		kind := Permission
		if lowSpace {
			kind = NoSpace
		}
		return nil, &StoreError{Kind: kind, Dir: dir, Msg: "there is no store there yet, and it cannot be created: " + note}
	}
	s, damage := openBadger(dir, readOnly)
	if damage == nil {
		if note != "" {
			s.notes = append(s.notes, note+": opened read-only; nothing is cached or built")
		}
		if err := s.checkFormat(); err != nil {
			return nil, err
		}
		return s, nil
	}
	var se *StoreError
	if errors.As(damage, &se) {
		return nil, se
	}
	if lowSpace && isFault(damage) {
		return nil, &StoreError{Kind: NoSpace, Dir: dir, Msg: "its filesystem is full (" + note + ") and even reading the store faults while it is: " + errText(damage), Err: damage}
	}
	if readOnly && strings.Contains(damage.Error(), "truncate required") {
		return nil, &StoreError{Kind: Damaged, Dir: dir, Msg: "was not closed cleanly (a run was killed, or the disk filled) and Badger must truncate its write-ahead log, which a read-only open cannot do; it is opened read-only because " + note + ": once it can be written, the next run recovers it", Err: damage}
	}
	if readOnly {
		return nil, &StoreError{Kind: Damaged, Dir: dir, Msg: "damaged (" + errText(damage) + "); it cannot be moved aside and rebuilt while " + note, Err: damage}
	}
	aside := fmt.Sprintf("%s.damaged-%s", filepath.Clean(dir), time.Now().Format("20060102T150405"))
	if err := os.Rename(dir, aside); err != nil {
		return nil, &StoreError{Kind: Damaged, Dir: dir, Msg: "damaged (" + errText(damage) + "); moving it aside failed: " + errText(err), Err: damage}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, &StoreError{Kind: Permission, Dir: dir, Msg: "cannot create a fresh store after moving the damaged one to " + aside + ": " + errText(err), Err: err}
	}
	s, err := openBadger(dir, false)
	if err != nil {
		return nil, &StoreError{Kind: Damaged, Dir: dir, Msg: "a fresh store does not open either: " + errText(err), Err: err}
	}
	s.notes = append(s.notes, fmt.Sprintf("store %s was damaged (%s): moved it to %s and started a fresh store (cached reports and endgame databases are rebuilt as needed; delete the old one when done)", dir, errText(damage), aside))
	if err := s.checkFormat(); err != nil {
		return nil, err
	}
	return s, nil
}

// openBadger checks the tables and opens Badger, turning panics and memory
// faults in this goroutine into errors.
func openBadger(dir string, readOnly bool) (s *Store, err error) {
	if err := checkTables(dir); err != nil {
		return nil, err
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			s, err = nil, &panicError{r}
		}
	}()
	db, err := badger.Open(badgerOptions(dir, readOnly))
	if err != nil {
		if db != nil {
			db.Close()
		}
		if strings.Contains(err.Error(), "Cannot acquire directory lock") {
			return nil, &StoreError{Kind: Locked, Dir: dir, Msg: "locked by another process" + lockHolder(dir), Err: err}
		}
		return nil, err
	}
	return &Store{db: db, Dir: dir, readOnly: readOnly}, nil
}

// panicError is a recovered panic or memory fault.
type panicError struct{ v any }

func (e *panicError) Error() string {
	if e.fault() {
		return fmt.Sprintf("memory fault reading a memory-mapped file (%v)", e.v)
	}
	return fmt.Sprint("panic: ", e.v)
}

// fault reports a memory fault (SIGBUS or SIGSEGV under SetPanicOnFault:
// the runtime.Error has an Addr method).
func (e *panicError) fault() bool {
	_, ok := e.v.(interface{ Addr() uintptr })
	return ok
}

func isFault(err error) bool {
	var pe *panicError
	return errors.As(err, &pe) && pe.fault()
}

// probeLock reports a directory lock held by another process (Badger's
// own lock is an flock on the directory; its error text is all it gives).
func probeLock(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return &StoreError{Kind: Permission, Dir: dir, Msg: "cannot read the directory: " + errText(err), Err: err}
	}
	defer f.Close()
	if err := unix.Flock(int(f.Fd()), unix.LOCK_SH|unix.LOCK_NB); err != nil {
		if errors.Is(err, unix.EWOULDBLOCK) {
			return &StoreError{Kind: Locked, Dir: dir, Msg: "locked by another process" + lockHolder(dir), Err: err}
		}
		return nil // flock unsupported: leave it to Badger
	}
	return unix.Flock(int(f.Fd()), unix.LOCK_UN)
}

// lockHolder names the process Badger wrote in DIR/LOCK, if any.
func lockHolder(dir string) string {
	b, err := os.ReadFile(filepath.Join(dir, "LOCK"))
	if pid := strings.TrimSpace(string(b)); err == nil && pid != "" {
		return " (pid " + pid + ", another draughtsjudge or tablebase build using the same store)"
	}
	return " (another draughtsjudge or tablebase build using the same store)"
}

// writable creates and removes a file in dir (root passes permission
// checks, a read-only filesystem it does not). A variable for tests.
var writable = func(dir string) error {
	f, err := os.CreateTemp(dir, ".write-probe-*")
	if err != nil {
		return err
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// checkTables opens every table the MANIFEST lists, read-only, and reads
// its index and first and last keys, as Badger does at open but in this
// goroutine, so that a truncated or garbled table is an error naming the
// file. (A .sst the manifest does not list is a table whose writing was
// interrupted; Badger deletes it at open.)
func checkTables(dir string) error {
	f, err := os.Open(filepath.Join(dir, badger.ManifestFilename))
	if errors.Is(err, fs.ErrNotExist) {
		return nil // a new store
	}
	if err != nil {
		return err
	}
	defer f.Close()
	m, _, err := replayManifest(f)
	if err != nil {
		return fmt.Errorf("%s: %v", badger.ManifestFilename, errText(err))
	}
	ids := make([]uint64, 0, len(m.Tables))
	for id := range m.Tables {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	for _, id := range ids {
		name := btable.NewFilename(id, dir)
		if err := checkTable(name, m.Tables[id].Compression); err != nil {
			return fmt.Errorf("table %s: %v", filepath.Base(name), errText(err))
		}
	}
	return nil
}

func replayManifest(f *os.File) (m badger.Manifest, n int64, err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = &panicError{r}
		}
	}()
	opt := badgerOptions(filepath.Dir(f.Name()), true)
	return badger.ReplayManifestFile(f, opt.ExternalMagicVersion, opt)
}

func checkTable(name string, c options.CompressionType) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = &panicError{r}
		}
	}()
	mf, err := z.OpenMmapFile(name, os.O_RDONLY, 0)
	if err != nil {
		return err
	}
	// Closed here, not by Table.DecrRef, which deletes the file.
	defer mf.Close(-1)
	_, err = btable.OpenTable(mf, btable.Options{ReadOnly: true, BlockSize: 4 << 10, Compression: c})
	return err
}

// errText is err's message on one line, shortened (Badger's panics
// include a multi-line dump).
func errText(err error) string {
	s := strings.Join(strings.Fields(err.Error()), " ")
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}

func mib(b uint64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }
