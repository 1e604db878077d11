package archive

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestCrashHelper is the child of TestCrashResume: it adds $ARCHIVE_CRASH_PDN
// into $ARCHIVE_CRASH_DIR and SIGKILLs itself a little after its third
// block is committed, while the fourth is being parsed and written.
func TestCrashHelper(t *testing.T) {
	dir := os.Getenv("ARCHIVE_CRASH_DIR")
	if dir == "" {
		t.Skip("child process of TestCrashResume")
	}
	a, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	blocks := 0
	_, err = a.Add([]string{os.Getenv("ARCHIVE_CRASH_PDN")}, AddOptions{Threads: 2, Progress: func(AddStats) {
		if blocks++; blocks == 3 {
			go func() {
				time.Sleep(30 * time.Millisecond)
				syscall.Kill(os.Getpid(), syscall.SIGKILL)
			}()
		}
	}})
	time.Sleep(5 * time.Second)
	t.Fatalf("add finished without being killed: %v", err)
}

// TestCrashResume kills an archive add with SIGKILL part-way, then adds
// the same file again: the archive then holds every composition once,
// with the same counts as an add that was never interrupted.
func TestCrashResume(t *testing.T) {
	n := 20 * blockChunks
	if testing.Short() {
		n = 8 * blockChunks
	}
	tmp := t.TempDir()
	pdn := synthFile(t, tmp, n, nil)
	dir := filepath.Join(tmp, "killed")
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashHelper$")
	cmd.Env = append(os.Environ(), "ARCHIVE_CRASH_DIR="+dir, "ARCHIVE_CRASH_PDN="+pdn)
	err := cmd.Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("child: want death by SIGKILL, got %v", err)
	}
	a, err := Open(dir)
	if err != nil {
		t.Fatalf("reopening after SIGKILL: %v", err)
	}
	defer a.Close()
	kept, err := a.Stats()
	if err != nil {
		t.Fatal(err)
	}
	if kept.Compositions < 3*blockChunks || kept.Compositions >= n {
		t.Fatalf("after the kill %d of %d compositions are indexed, want at least %d and not all", kept.Compositions, n, 3*blockChunks)
	}
	st, err := a.Add([]string{pdn}, AddOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if st.Added+kept.Compositions != n || st.Duplicates != kept.Compositions {
		t.Errorf("resume added %d and found %d there, %d were kept: want %d in all", st.Added, st.Duplicates, kept.Compositions, n)
	}
	got, err := a.Stats()
	if err != nil {
		t.Fatal(err)
	}
	b := openTemp(t)
	if _, err := b.Add([]string{pdn}, AddOptions{}); err != nil {
		t.Fatal(err)
	}
	want, err := b.Stats()
	if err != nil {
		t.Fatal(err)
	}
	got.Bytes, want.Bytes = 0, 0
	if got.Compositions != want.Compositions || got.Sources != want.Sources || got.Positions != want.Positions || got.Finales != want.Finales || got.Authors != want.Authors {
		t.Errorf("after the resume %+v, an uninterrupted add %+v", got, want)
	}
}

// TestFullDisk: the disk "fills" (freeBytes reports less than
// MinFreeBytes) after two blocks; Add stops with ErrDiskFull, the two
// blocks are in the archive whole, and once there is space again the
// same add completes it without duplicates.
func TestFullDisk(t *testing.T) {
	n := 5 * blockChunks
	tmp := t.TempDir()
	pdn := synthFile(t, tmp, n, nil)
	a := openTemp(t)
	calls := 0
	saved := freeBytes
	defer func() { freeBytes = saved }()
	freeBytes = func(string) (uint64, error) {
		if calls++; calls > 2 {
			return MinFreeBytes - 1, nil
		}
		return MinFreeBytes << 4, nil
	}
	st, err := a.Add([]string{pdn}, AddOptions{})
	if !errors.Is(err, ErrDiskFull) || st.Added != 2*blockChunks {
		t.Fatalf("add on a filling disk: %+v, %v; want %d added and ErrDiskFull", st, err, 2*blockChunks)
	}
	if s, err := a.Stats(); err != nil || s.Compositions != 2*blockChunks {
		t.Fatalf("after the full disk the archive holds %+v (%v), want the %d committed", s, err, 2*blockChunks)
	}
	freeBytes = saved
	st, err = a.Add([]string{pdn}, AddOptions{})
	if err != nil || st.Added != n-2*blockChunks || st.Duplicates != 2*blockChunks {
		t.Fatalf("resume: %+v, %v", st, err)
	}
}
