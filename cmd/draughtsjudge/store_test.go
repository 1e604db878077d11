package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	badger "github.com/dgraph-io/badger/v4"

	"draughtsjudge/batch"
	"draughtsjudge/tablebase"
)

// checkJSON runs check --format json on Shoshin's study with the store db.
func checkJSON(t *testing.T, db string, extra ...string) (int, batch.Result, string) {
	t.Helper()
	f := filepath.Join(filepath.Dir(db), "s.pdn")
	if err := os.WriteFile(f, []byte(shoshin), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"check", "--db", db, "--format", "json"}, extra...)
	code, out, errs := runCLI(t, append(args, f)...)
	var res batch.Result
	if out != "" {
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
	}
	return code, res, errs
}

func soundEntry(t *testing.T, run string, res batch.Result, cached bool) {
	t.Helper()
	if len(res.Entries) != 1 || res.Entries[0].Verdict != "sound" || strings.Join(res.Entries[0].Keys, ",") != "a5-b4" {
		t.Fatalf("%s: want Shoshin's study sound with key a5-b4, got %+v", run, res.Entries)
	}
	if res.Entries[0].Cached != cached {
		t.Errorf("%s: cached %v, want %v", run, res.Entries[0].Cached, cached)
	}
}

// A store locked by another process: exit 3, a message about the lock (not
// a generic one), and no report made without the databases.
func TestCheckLockedStore(t *testing.T) {
	db := filepath.Join(t.TempDir(), "db")
	s, err := tablebase.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	code, res, errs := checkJSON(t, db)
	if code != exitStore {
		t.Errorf("exit %d, want %d", code, exitStore)
	}
	if !strings.Contains(errs, "locked by another process") || strings.Contains(errs, "checksum") || !strings.Contains(errs, "--no-db") {
		t.Errorf("stderr %q: want the lock named and --no-db offered", errs)
	}
	if len(res.Entries) != 0 {
		t.Errorf("a report was made without the store: %+v", res.Entries)
	}
}

// A truncated table (a Badger goroutine panicked on it): the store is
// moved aside with a message, the run goes on with a fresh store and gives
// the same verdict as before.
func TestCheckDamagedStore(t *testing.T) {
	db := filepath.Join(t.TempDir(), "db")
	code, res, errs := checkJSON(t, db)
	if code != exitOK {
		t.Fatalf("first run: exit %d: %s", code, errs)
	}
	soundEntry(t, "first run", res, false)
	ssts, _ := filepath.Glob(filepath.Join(db, "*.sst"))
	if len(ssts) == 0 {
		t.Fatal("no .sst written")
	}
	sort.Strings(ssts)
	fi, _ := os.Stat(ssts[0])
	os.Truncate(ssts[0], fi.Size()/2)
	code, res, errs = checkJSON(t, db)
	if code != exitOK {
		t.Fatalf("after truncating %s: exit %d: %s", ssts[0], code, errs)
	}
	if !strings.Contains(errs, "was damaged") || !strings.Contains(errs, filepath.Base(ssts[0])) || !strings.Contains(errs, db+".damaged-") {
		t.Errorf("stderr %q: want the damage, the table and where the store went", errs)
	}
	soundEntry(t, "fresh store", res, false)
}

// An endgame slice damaged on disk: a run that finds its report in the
// cache does not open the slice (nothing said, the cached report); a run
// that must analyse names it, rebuilds it, gives the same verdict.
func TestCheckDamagedSliceRebuilt(t *testing.T) {
	db := filepath.Join(t.TempDir(), "db")
	if code, _, errs := checkJSON(t, db); code != exitOK {
		t.Fatalf("first run: exit %d: %s", code, errs)
	}
	damageSlice(t, db, "2M-1K")
	code, res, errs := checkJSON(t, db)
	if code != exitOK || strings.Contains(errs, "2M-1K") {
		t.Fatalf("cached run: exit %d: %s", code, errs)
	}
	soundEntry(t, "cached run", res, true)
	code, res, errs = checkJSON(t, db, "--nodes", "1999999")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	// The flipped bits of a compressed block no longer decode (a block
	// that decodes to wrong codes fails the checksum: tablebase's tests).
	if !strings.Contains(errs, "russian 2M-1K") || !strings.Contains(errs, "is damaged") || !strings.Contains(errs, "rebuilding") {
		t.Errorf("stderr %q: want the slice named, the damage and the rebuild", errs)
	}
	soundEntry(t, "after rebuild", res, false)
}

// A damaged slice that is first probed during the search (here a 4-piece
// slice beyond --endgames 3, so not loaded beforehand): reported, exit 3,
// and the report is not cached under a key that counts the slice.
func TestCheckDamagedSliceAtProbeNotCached(t *testing.T) {
	db := filepath.Join(t.TempDir(), "db")
	if code, _, errs := checkJSON(t, db); code != exitOK {
		t.Fatalf("first run: exit %d: %s", code, errs)
	}
	damageSlice(t, db, "2M-1M1K")
	code, _, errs := checkJSON(t, db, "--endgames", "3", "--nodes", "1999999")
	if code != exitStore || !strings.Contains(errs, "russian 2M-1M1K") || !strings.Contains(errs, "not cached") {
		t.Fatalf("exit %d, stderr %q: want 3 and the slice named", code, errs)
	}
	code, res, errs := checkJSON(t, db, "--endgames", "3", "--nodes", "1999999")
	if code == exitStore || len(res.Entries) != 1 || res.Entries[0].Cached {
		t.Fatalf("next run: exit %d, %s, entries %+v: want a fresh report", code, errs, res.Entries)
	}
}

func damageSlice(t *testing.T, db, material string) {
	t.Helper()
	s, err := tablebase.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	m, err := tablebase.ParseMaterial(material)
	if err != nil {
		t.Fatal(err)
	}
	prefix := []byte{'E', 'r', m.WM, m.WK, m.BM, m.BK}
	err = s.DB().Update(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Prefix: prefix})
		defer it.Close()
		it.Rewind()
		if !it.Valid() {
			t.Fatalf("slice %s not in the store", material)
		}
		k := it.Item().KeyCopy(nil)
		v, err := it.Item().ValueCopy(nil)
		if err != nil {
			return err
		}
		for i := range v {
			v[i] ^= 1
		}
		return txn.Set(k, v)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A store on a read-only filesystem (a real one: a tmpfs remounted
// read-only; skipped where mount is not allowed): opened with Badger's
// read-only mode, cached reports read back, one note, exit as usual.
func TestCheckReadOnlyStore(t *testing.T) {
	if testing.Short() {
		t.Skip("mounts a tmpfs")
	}
	mnt := filepath.Join(t.TempDir(), "fs")
	os.Mkdir(mnt, 0o755)
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=256m", "tmpfs", mnt).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs (needs root): %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", "-l", mnt).Run() })
	db := filepath.Join(mnt, "db")
	if code, _, errs := checkJSON(t, db); code != exitOK {
		t.Fatalf("first run: exit %d: %s", code, errs)
	}
	// The PDN file lives beside the store: keep a writable copy elsewhere.
	if out, err := exec.Command("mount", "-o", "remount,ro", mnt).CombinedOutput(); err != nil {
		t.Fatalf("remount read-only: %v %s", err, out)
	}
	f := filepath.Join(t.TempDir(), "s.pdn")
	os.WriteFile(f, []byte(shoshin), 0o644)
	code, out, errs := runCLI(t, "check", "--db", db, "--format", "json", f)
	if code != exitOK {
		t.Fatalf("read-only run: exit %d: %s", code, errs)
	}
	var res batch.Result
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	soundEntry(t, "read-only store", res, true)
	if strings.Count(errs, "opened read-only") != 1 || !strings.Contains(errs, "read-only file system") {
		t.Errorf("stderr %q: want one note saying read-only and why", errs)
	}
}
