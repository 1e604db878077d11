//go:build unix

package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// runCatalogueRow runs a catalogue row's command line: a trailing
// "> FILE" (as a shell would take it) sends stdout to FILE, e.g.
// /dev/full; otherwise as runCLI. It returns the exit code and stderr.
func runCatalogueRow(t *testing.T, args []string) (int, string) {
	t.Helper()
	if n := len(args); n >= 2 && args[n-2] == ">" {
		f, err := os.OpenFile(args[n-1], os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
		if err != nil {
			t.Skipf("%s: %v", args[n-1], err)
		}
		defer f.Close()
		var errb bytes.Buffer
		return run(args[:n-2], f, &errb), errb.String()
	}
	code, _, errs := runCLI(t, args...)
	return code, errs
}

// catalogueExit is the exit code a catalogue row expects: 5 when the
// output cannot be written (/dev/full), else 2.
func catalogueExit(args string) int {
	if strings.Contains(args, "/dev/full") {
		return exitOutput
	}
	return exitUsage
}
