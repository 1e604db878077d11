//go:build unix

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// failAfter accepts n bytes, then fails every write with ENOSPC: a
// filesystem that fills up in the middle of the report.
type failAfter struct {
	n   int
	got bytes.Buffer
}

func (f *failAfter) Write(p []byte) (int, error) {
	if len(p) > f.n {
		f.got.Write(p[:f.n])
		k := f.n
		f.n = 0
		return k, &os.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.ENOSPC}
	}
	f.n -= len(p)
	return f.got.Write(p)
}

func devFull(t *testing.T) *os.File {
	t.Helper()
	f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full: %v", err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// Issue 25 item 2: every command whose stdout cannot be written says so
// on stderr and exits 5 (exitOutput), never 0 or a silent 1.
func TestWriteErrorStdoutEveryCommand(t *testing.T) {
	dir := t.TempDir()
	pdn := writeFile(t, filepath.Join(dir, "t.pdn"), tiny)
	db := filepath.Join(dir, "db")
	cases := []struct {
		args []string
		msg  string
	}{
		{[]string{"check", "--no-db", "--nodes", "20000", pdn}, "draughtsjudge check: writing the report: write /dev/full: no space left on device"},
		{[]string{"check", "--no-db", "--nodes", "20000", "--format", "json", pdn}, "draughtsjudge check: writing the report: "},
		{[]string{"solve", "--no-db", "--nodes", "20000", pdn}, "draughtsjudge solve: writing the report: "},
		{[]string{"key", "--no-db", "--nodes", "20000", pdn}, "draughtsjudge key: writing the key: "},
		{[]string{"sheet", pdn}, "draughtsjudge sheet: writing the sheet: "},
		{[]string{"report", "--no-db", "--nodes", "20000", pdn}, "draughtsjudge report: writing the report: "},
		{[]string{"perft", "--depth", "2"}, "draughtsjudge perft: writing the counts: "},
		{[]string{"tablebase", "stats", "--db", db}, "draughtsjudge tablebase stats: writing the output: "},
		{[]string{"help"}, "draughtsjudge help: writing the usage: "},
		{[]string{"help", "check"}, "draughtsjudge help: writing the usage: "},
		{[]string{"check", "--help"}, "draughtsjudge check: writing the report: "},
	}
	for _, c := range cases {
		var errb bytes.Buffer
		code := run(c.args, devFull(t), &errb)
		if code != exitOutput {
			t.Errorf("%v > /dev/full: exit %d, want %d; stderr:\n%s", c.args, code, exitOutput, errb.String())
		}
		if !strings.Contains(errb.String(), c.msg) || !strings.Contains(errb.String(), "no space left on device") {
			t.Errorf("%v > /dev/full: stderr lacks %q:\n%s", c.args, c.msg, errb.String())
		}
	}
}

// A filesystem that fills up after 100 bytes: the report is cut, and the
// tool says so (exit 5), rather than exit 1 with a truncated report.
func TestWriteErrorMidReport(t *testing.T) {
	dir := t.TempDir()
	pdn := writeFile(t, filepath.Join(dir, "t.pdn"), tiny)
	for _, format := range []string{"text", "json", "markdown", "html"} {
		w := &failAfter{n: 100}
		var errb bytes.Buffer
		code := run([]string{"check", "--no-db", "--nodes", "20000", "--format", format, pdn}, w, &errb)
		if code != exitOutput || !strings.Contains(errb.String(), "writing the report: write /dev/stdout: no space left on device") {
			t.Errorf("--format %s: exit %d, stderr:\n%s", format, code, errb.String())
		}
	}
}

// --out to a file that cannot take it (/dev/full: every write fails) is
// exit 5 with the error, for key, sheet and grade; --pdn-out too.
func TestWriteErrorOutFile(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	dir := t.TempDir()
	pdn := writeFile(t, filepath.Join(dir, "t.pdn"), tiny)
	for _, args := range [][]string{
		{"key", "--no-db", "--nodes", "20000", "--out", "/dev/full", pdn},
		{"sheet", "--out", "/dev/full", pdn},
		{"check", "--no-db", "--nodes", "20000", "--pdn-out", "/dev/full", pdn},
	} {
		code, _, errs := runCLI(t, args...)
		if code != exitOutput || !strings.Contains(errs, "/dev/full") || !strings.Contains(errs, "no space left on device") {
			t.Errorf("%v: exit %d, want %d; stderr:\n%s", args, code, exitOutput, errs)
		}
	}
	// grade: the key is the JSON of key.
	code, keyJSON, _ := runCLI(t, "key", "--no-db", "--nodes", "20000", "--format", "json", pdn)
	if code != exitOK && code != exitDefective {
		t.Fatalf("key: exit %d", code)
	}
	key := writeFile(t, filepath.Join(dir, "k.json"), keyJSON)
	os.MkdirAll(filepath.Join(dir, "ans"), 0o755)
	writeFile(t, filepath.Join(dir, "ans", "a.pdn"), "[Solver \"A\"]\n[Problem \"1\"]\n1. a5-b4 *\n")
	for _, format := range []string{"text", "csv", "json"} {
		code, _, errs := runCLI(t, "grade", "--no-db", "--key", key, "--answers", filepath.Join(dir, "ans"), "--format", format, "--out", "/dev/full")
		if code != exitOutput || !strings.Contains(errs, "draughtsjudge grade: writing --out: /dev/full: ") {
			t.Errorf("grade --format %s --out /dev/full: exit %d; stderr:\n%s", format, code, errs)
		}
	}
}

// TestHelperMain is the binary when DRAUGHTSJUDGE_TEST_MAIN is set: the
// tests below run it with a closed stdout, which run cannot simulate.
func TestHelperMain(t *testing.T) {
	if os.Getenv("DRAUGHTSJUDGE_TEST_MAIN") != "1" {
		t.Skip("helper process")
	}
	args := os.Args
	for i, a := range args {
		if a == "--" {
			args = args[i+1:]
			break
		}
	}
	os.Exit(run(args, stdoutWriter(), os.Stderr))
}

// A closed stdout (`draughtsjudge check >&-`) is said (exit 5), not a
// silent exit 1.
func TestWriteErrorClosedStdout(t *testing.T) {
	dir := t.TempDir()
	pdn := writeFile(t, filepath.Join(dir, "t.pdn"), tiny)
	cmd := exec.Command("/bin/sh", "-c", `exec "$0" -test.run='^TestHelperMain$' -- check --no-db --nodes 20000 "$1" >&-`, os.Args[0], pdn)
	cmd.Env = append(os.Environ(), "DRAUGHTSJUDGE_TEST_MAIN=1")
	var errb bytes.Buffer
	cmd.Stderr = &errb
	err := cmd.Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitOutput {
		t.Fatalf("check >&-: %v, want exit %d; stderr:\n%s", err, exitOutput, errb.String())
	}
	if !strings.Contains(errb.String(), "draughtsjudge check: writing the report: write /dev/stdout: bad file descriptor") {
		t.Errorf("check >&-: stderr:\n%s", errb.String())
	}
}
