package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// counts is perft's output without its seconds column: depth and nodes.
func counts(out string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		f := strings.Split(l, "\t")
		b.WriteString(strings.Join(f[:min(2, len(f))], "\t") + "\n")
	}
	return b.String()
}

// TestCPUProfileEnv: with DRAUGHTSJUDGE_CPUPROFILE set, a command writes a
// CPU profile there (pprof's gzip-compressed protocol buffer: it starts
// with gzip's magic bytes 1f 8b), and its counts are unchanged (Russian
// perft 7, 49, 302: published); a path
// that cannot be created is said on stderr and the command still runs.
func TestCPUProfileEnv(t *testing.T) {
	args := []string{"perft", "--variant", "russian", "--depth", "3"}
	var plain bytes.Buffer
	if code := run(args, &plain, &bytes.Buffer{}); code != exitOK {
		t.Fatalf("perft without a profile: exit %d", code)
	}

	path := filepath.Join(t.TempDir(), "cpu.prof")
	t.Setenv(profileEnv, path)
	var out, errb bytes.Buffer
	if code := run(args, &out, &errb); code != exitOK {
		t.Fatalf("perft with a profile: exit %d, stderr %q", code, errb.String())
	}
	if want := "1\t7\n2\t49\n3\t302\n"; counts(plain.String()) != want || counts(out.String()) != want {
		t.Errorf("perft counts: without a profile\n%swith one\n%swant\n%s", counts(plain.String()), counts(out.String()), want)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		t.Errorf("%s is not a gzip-compressed profile (%d bytes)", path, len(data))
	}

	t.Setenv(profileEnv, filepath.Join(t.TempDir(), "no-such-dir", "cpu.prof"))
	errb.Reset()
	out.Reset()
	if code := run(args, &out, &errb); code != exitOK {
		t.Fatalf("perft with a bad profile path: exit %d", code)
	}
	if !bytes.Contains(errb.Bytes(), []byte("no CPU profile")) || counts(out.String()) != counts(plain.String()) {
		t.Errorf("bad profile path: stderr %q, counts %q", errb.String(), counts(out.String()))
	}
}
