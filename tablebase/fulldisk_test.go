package tablebase

import (
	"bytes"
	"context"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"draughtsjudge/draughts"
)

// TestFullDiskHelper is the child of TestFullDisk: it builds the russian
// slices of up to 4 pieces (3 no longer fill the disk: the blocks are
// compressed) into $TB_FULL_DIR with MinFreeBytes set to
// $TB_MINFREE (0: no free-space check at all).
func TestFullDiskHelper(t *testing.T) {
	dir := os.Getenv("TB_FULL_DIR")
	if dir == "" {
		t.Skip("child process of TestFullDisk")
	}
	n, _ := strconv.ParseUint(os.Getenv("TB_MINFREE"), 10, 64)
	MinFreeBytes = n
	if n == 0 { // unchecked: the free space is not looked at
		freeBytes = func(string) (uint64, error) { return math.MaxUint64, nil }
	}
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	err = s.Endgames(draughts.Russian).Build(context.Background(), MaterialsUpTo(draughts.Russian, 4), BuildOptions{Threads: 1})
	if errors.Is(err, ErrNoSpace) {
		os.Stderr.WriteString("BUILD STOPPED: " + err.Error() + "\n")
		s.Close()
		os.Exit(3)
	}
	t.Fatalf("build: %v (want a full disk)", err)
}

// TestFullDisk fills a real, small tmpfs (it needs root and mount; it is
// skipped otherwise). Without the free-space check the build dies of a
// SIGBUS in Badger's memory-mapped write-ahead log, and before this fix
// every later run on that store died the same way while the disk stayed
// full; now opening that store is a NoSpace error, and once there is
// space the build resumes and verifies. With the check the build stops
// with ErrNoSpace before the disk is full.
func TestFullDisk(t *testing.T) {
	if testing.Short() {
		t.Skip("mounts a tmpfs")
	}
	mnt := filepath.Join(t.TempDir(), "fs")
	if err := os.Mkdir(mnt, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=160k", "tmpfs", mnt).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a small tmpfs to fill (needs root): %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", "-l", mnt).Run() })
	child := func(dir string, minFree uint64) (string, error) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestFullDiskHelper$")
		cmd.Env = append(os.Environ(), "TB_FULL_DIR="+dir, "TB_MINFREE="+strconv.FormatUint(minFree, 10))
		var stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stderr, &stderr
		err := cmd.Run()
		return stderr.String(), err
	}

	// With the check: a clean stop, and a store that opens.
	out, err := child(filepath.Join(mnt, "checked"), 48<<10)
	if !strings.Contains(out, "BUILD STOPPED") || !strings.Contains(out, "needs about") {
		t.Fatalf("checked build: %v, stderr:\n%.2000s", err, out)
	}
	os.RemoveAll(filepath.Join(mnt, "checked"))

	// Without it: the disk fills and the child dies of SIGBUS.
	dir := filepath.Join(mnt, "db")
	out, err = child(dir, 0)
	if err == nil || !strings.Contains(out, "SIGBUS") {
		t.Fatalf("unchecked build: want a SIGBUS death, got %v, stderr:\n%.2000s", err, out)
	}
	_, err = Open(dir)
	storeErr(t, err, NoSpace, "free", "free some space")

	// Some space, still less than MinFreeBytes: read-only, and Badger
	// cannot open a log that needs truncating read-only.
	if out, err := exec.Command("mount", "-o", "remount,size=1m", mnt).CombinedOutput(); err != nil {
		t.Fatalf("remount: %v %s", err, out)
	}
	_, err = Open(dir)
	storeErr(t, err, Damaged, "not closed cleanly", "the next run recovers it")

	if out, err := exec.Command("mount", "-o", "remount,size=256m", mnt).CombinedOutput(); err != nil {
		t.Fatalf("remount: %v %s", err, out)
	}
	s, err := Open(dir)
	if err != nil {
		t.Fatalf("after freeing space: %v", err)
	}
	defer s.Close()
	e := s.Endgames(draughts.Russian)
	if err := e.Build(context.Background(), MaterialsUpTo(draughts.Russian, 4), BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	reps, err := e.Verify(context.Background(), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, rep := range reps {
		if rep.Mismatches != 0 {
			t.Errorf("%s: %d mismatches", rep.Material, rep.Mismatches)
		}
	}
	if n := len(MaterialsUpTo(draughts.Russian, 4)); len(reps) != n {
		t.Errorf("%d slices verified, want %d", len(reps), n)
	}
}
