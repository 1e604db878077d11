// Package testflag holds the switches of the slow test tier: end-to-end
// tests that solve compositions at full budgets run only when asked for.
package testflag

import (
	"os"
	"testing"
)

// LongEnv is the environment variable that turns the long tests on (CI
// sets it).
const LongEnv = "DRAUGHTSJUDGE_LONG"

// Long skips t unless DRAUGHTSJUDGE_LONG=1: t is a slow end-to-end test
// (a full solve, more than a couple of seconds).
func Long(t testing.TB) {
	t.Helper()
	if os.Getenv(LongEnv) != "1" {
		t.Skip("long end-to-end test: run with " + LongEnv + "=1 go test ./...")
	}
}
