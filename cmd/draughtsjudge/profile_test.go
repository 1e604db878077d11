package main

import (
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
// with gzip's magic bytes 1f 8b), and its counts are the published ones
// (Russian perft 7, 49, 302) with and without it; a path that cannot be
// created is said on stderr and the command still runs.
func TestCPUProfileEnv(t *testing.T) {
	const want = "1\t7\n2\t49\n3\t302\n"
	args := []string{"perft", "--variant", "russian", "--depth", "3"}
	if code, out, _ := runCLI(t, args...); code != exitOK || counts(out) != want {
		t.Fatalf("perft without a profile: exit %d, counts\n%swant\n%s", code, counts(out), want)
	}

	path := filepath.Join(t.TempDir(), "cpu.prof")
	t.Setenv(profileEnv, path)
	if code, out, errs := runCLI(t, args...); code != exitOK || counts(out) != want {
		t.Fatalf("perft with a profile: exit %d, stderr %q, counts\n%swant\n%s", code, errs, counts(out), want)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		t.Errorf("%s is not a gzip-compressed profile (%d bytes)", path, len(data))
	}

	t.Setenv(profileEnv, filepath.Join(t.TempDir(), "no-such-dir", "cpu.prof"))
	if code, out, errs := runCLI(t, args...); code != exitOK || counts(out) != want || !strings.Contains(errs, "no CPU profile") {
		t.Errorf("perft with a bad profile path: exit %d, stderr %q, counts\n%s", code, errs, counts(out))
	}
}
