package main

import (
	"strings"
	"testing"
)

// Issue 25 item 5: --nodes above its documented maximum (2^64-1 would
// pass the "no limit needs --time" guard while being no limit in effect)
// and an explicit --endgames -1 (the internal "not given") are usage
// errors before any work, for every command with the run flags.
func TestNumericFlagLimits(t *testing.T) {
	for _, tc := range []struct{ args, msg string }{
		{"check --nodes 18446744073709551615", "draughtsjudge check: --nodes 18446744073709551615: must be at most 1000000000000"},
		{"check --nodes 1000000000001 --time 1m", "draughtsjudge check: --nodes 1000000000001: must be at most"},
		{"solve --nodes 18446744073709551615 --fen W:Wa1:Bb2", "draughtsjudge solve: --nodes 18446744073709551615: must be at most"},
		{"key --nodes 18446744073709551615", "draughtsjudge key: --nodes 18446744073709551615: must be at most"},
		{"check --endgames -1", "draughtsjudge check: --endgames -1: must be 0..8 pieces"},
		{"report --endgames -1", "draughtsjudge report: --endgames -1: must be 0..8 pieces"},
		{"check --endgames -7", "draughtsjudge check: --endgames -7: must be 0..8 pieces"},
	} {
		code, out, errs := runCLI(t, strings.Fields(tc.args)...)
		if code != exitUsage || out != "" || !strings.HasPrefix(errs, tc.msg) {
			t.Errorf("%s: exit %d, stderr %q; want 2 and %q", tc.args, code, errs, tc.msg)
		}
	}
	// The largest --nodes and the default --endgames pass validation.
	for _, args := range [][]string{{"--nodes", "1000000000000"}, {"--endgames", "0"}, {}} {
		f := runFlags{}
		fs := newFlagSet("check")
		addRunFlags(fs, &f)
		if err := fs.Parse(args); err != nil {
			t.Fatal(err)
		}
		if err := f.validate(); err != nil {
			t.Errorf("%v: %v", args, err)
		}
	}
}
