package tablebase

import (
	"context"
	"errors"
	"flag"
	"os"
	"os/exec"
	"reflect"
	"strconv"
	"syscall"
	"testing"

	"draughtsjudge/draughts"
)

var tbCrash = flag.Bool("tablebase.crash", false, "crash test on russian slices up to 4 pieces (default 3)")

// TestCrashHelper is the child of TestCrashResume: it builds into
// $TB_CRASH_DIR and SIGKILLs itself once $TB_CRASH_AFTER slices are
// complete, while the other workers are in the middle of theirs.
func TestCrashHelper(t *testing.T) {
	dir := os.Getenv("TB_CRASH_DIR")
	if dir == "" {
		t.Skip("child process of TestCrashResume")
	}
	after, _ := strconv.Atoi(os.Getenv("TB_CRASH_AFTER"))
	n, _ := strconv.Atoi(os.Getenv("TB_CRASH_PIECES"))
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	done := 0
	err = s.Endgames(draughts.Russian).Build(context.Background(), MaterialsUpTo(draughts.Russian, n), BuildOptions{
		Threads: 2,
		Log: func(SliceRecord) {
			if done++; done == after {
				syscall.Kill(os.Getpid(), syscall.SIGKILL)
			}
		}})
	t.Fatalf("build finished without being killed: %v", err)
}

// TestCrashResume kills a build with SIGKILL part-way, restarts it, and
// checks that only the unfinished slices are rebuilt, that the result
// verifies, and that its statistics equal those of an uninterrupted build.
func TestCrashResume(t *testing.T) {
	n := 3
	if *tbCrash {
		n = 4
	}
	r := draughts.Russian
	total := len(MaterialsUpTo(r, n))
	after := total / 2
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashHelper$")
	cmd.Env = append(os.Environ(), "TB_CRASH_DIR="+dir, "TB_CRASH_AFTER="+strconv.Itoa(after), "TB_CRASH_PIECES="+strconv.Itoa(n))
	err := cmd.Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("child: want death by SIGKILL, got %v", err)
	}

	s, err := Open(dir)
	if err != nil {
		t.Fatalf("reopening after SIGKILL: %v", err)
	}
	defer s.Close()
	kept := len(s.SliceRecords())
	if kept < after || kept >= total {
		t.Fatalf("after the kill %d of %d slices complete, want at least %d and not all", kept, total, after)
	}
	e := s.Endgames(r)
	rebuilt := 0
	if err := e.Build(context.Background(), MaterialsUpTo(r, n), BuildOptions{Log: func(SliceRecord) { rebuilt++ }}); err != nil {
		t.Fatal(err)
	}
	if kept+rebuilt != total {
		t.Errorf("resume rebuilt %d slices, %d were complete, want %d in all", rebuilt, kept, total)
	}
	reps, err := e.Verify(context.Background(), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, rep := range reps {
		if rep.Mismatches != 0 {
			t.Errorf("%s: %d mismatches (%s)", rep.Material, rep.Mismatches, rep.First)
		}
	}
	ref, _ := buildTB(t, r, n)
	a, b := s.SliceRecords(), ref.SliceRecords()
	if len(a) != len(b) {
		t.Fatalf("%d slices after resume, %d in an uninterrupted build", len(a), len(b))
	}
	for i := range a {
		a[i].Seconds, b[i].Seconds = 0, 0
		if !reflect.DeepEqual(a[i], b[i]) {
			t.Errorf("slice %s: resumed %+v, uninterrupted %+v", a[i].Material, a[i], b[i])
		}
	}
	t.Logf("killed with %d of %d slices complete; resume built %d; verify and statistics match", kept, total, rebuilt)
}
