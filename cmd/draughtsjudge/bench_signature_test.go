package main

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestBenchSignature runs draughtsjudge bench at its defaults and compares
// the nodes searched with testdata/bench.sig: a refactor keeps the number,
// a change of the search's behaviour changes it and says so.
func TestBenchSignature(t *testing.T) {
	if testing.Short() {
		t.Skip("the bench at its defaults, 10-20 s of search: runs without -short")
	}
	data, err := os.ReadFile("testdata/bench.sig")
	if err != nil {
		t.Fatal(err)
	}
	want, err := strconv.ParseUint(strings.TrimSpace(string(data)), 10, 64)
	if err != nil {
		t.Fatalf("testdata/bench.sig: %v", err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"bench"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("bench: exit %d: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	last := lines[len(lines)-1]
	got, err := strconv.ParseUint(strings.TrimPrefix(last, "Nodes searched: "), 10, 64)
	if err != nil || !strings.HasPrefix(last, "Nodes searched: ") {
		t.Fatalf("bench's last line %q: want \"Nodes searched: N\"", last)
	}
	if got != want {
		t.Fatalf("signature mismatch: reference %d obtained %d — if the search changed on purpose, update testdata/bench.sig and say so in the commit\n%s", want, got, stdout.String())
	}
}
