package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
)

// profileEnv names the file a CPU profile of the whole command is written
// to (pprof's format, read with `go tool pprof BINARY FILE`): the way to
// see where a slow run spends its time before changing code
// (docs/performance.md, "Profiling a run"). Unset or empty: no profile.
const profileEnv = "DRAUGHTSJUDGE_CPUPROFILE"

// startProfile starts the CPU profile $DRAUGHTSJUDGE_CPUPROFILE asks for
// and returns the function that ends it. A file that cannot be created is
// said on stderr and the command runs without a profile: the profile is a
// diagnostic, never a reason to lose the run's results.
func startProfile(stderr io.Writer) (stop func()) {
	path := os.Getenv(profileEnv)
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err == nil {
		if err = pprof.StartCPUProfile(f); err != nil {
			f.Close()
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "draughtsjudge: %s: no CPU profile: %v\n", profileEnv, err)
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			fmt.Fprintf(stderr, "draughtsjudge: %s: writing the CPU profile %s: %v\n", profileEnv, path, err)
		}
	}
}
