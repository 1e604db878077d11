package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"draughtsjudge/solver"
)

// newFlagSet returns a flag set for a command. Its output is discarded:
// parseFlags prints the errors and the usage where they belong.
func newFlagSet(name string) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseFlags parses args. --help (-h) prints the usage on stdout (exit 0);
// an unknown or malformed flag prints pflag's error and the usage on
// stderr (exit 2). ok is true when the command should go on.
func parseFlags(fs *pflag.FlagSet, usage func(w io.Writer), args []string, stdout, stderr io.Writer) (code int, ok bool) {
	err := fs.Parse(args)
	switch {
	case err == nil:
		return exitOK, true
	case errors.Is(err, pflag.ErrHelp):
		usage(stdout)
		return exitOK, false
	}
	fmt.Fprintf(stderr, "draughtsjudge %s: %v\n\n", fs.Name(), err)
	usage(stderr)
	return exitUsage, false
}

// usageFunc returns a usage printer: the text lines, then the flags.
func usageFunc(fs *pflag.FlagSet, lines ...string) func(io.Writer) {
	return func(w io.Writer) {
		for _, l := range lines {
			fmt.Fprintln(w, l)
		}
		fmt.Fprintln(w, "\nflags:")
		fmt.Fprint(w, fs.FlagUsages())
	}
}

// usageError prints a usage error of command name on stderr and returns
// exitUsage.
func usageError(stderr io.Writer, name string, err error) int {
	fmt.Fprintf(stderr, "draughtsjudge %s: %v\n", name, err)
	return exitUsage
}

// intFlag checks lo <= v <= hi for the flag --name; why says what the
// bounds mean.
func intFlag[T ~int | ~int64 | ~uint64](name string, v, lo, hi T, why string) error {
	if v < lo || v > hi {
		return fmt.Errorf("--%s %d: %s", name, v, why)
	}
	return nil
}

// maxMemMiB bounds --mem (1 TiB; more would overflow nothing but is
// certainly a typo).
const maxMemMiB = 1 << 20

// validate checks every numeric flag of check and solve, and the
// enumerated ones, before any work.
func (f *runFlags) validate() error {
	if !validFormat(f.format) {
		return fmt.Errorf("--format %q: want text, json, markdown or html", f.format)
	}
	if _, ok := solver.ParseDrawRules(f.drawRules); !ok {
		return fmt.Errorf("--draw-rules %q: want theory or game", f.drawRules)
	}
	return f.validateNumbers()
}

// validateNumbers checks every numeric flag of the run flags (check's,
// shared by solve, key, grade and report) before any work.
func (f *runFlags) validateNumbers() error {
	if f.nodes == 0 && f.timeout == 0 {
		return errors.New("--nodes 0: no node limit needs a --time limit (a search without either may never end)")
	}
	if f.timeout < 0 {
		return fmt.Errorf("--time %v: must not be negative (0 = no time limit)", f.timeout)
	}
	for _, err := range []error{
		intFlag("mem", f.mem, 1, maxMemMiB, fmt.Sprintf("must be 1..%d MiB", maxMemMiB)),
		intFlag("threads", f.threads, 1, 4096, "must be 1..4096"),
		// The solver reads a slack or bound of 0 as its default (4, 40):
		// refuse it rather than silently search something else.
		intFlag("slack", f.slack, 1, 1000, "must be 1..1000 moves"),
		intFlag("max-bound", f.maxBound, 1, 1000, "must be 1..1000 White moves"),
		intFlag("endgames", f.endgames, autoEndgames, 8, "must be 0..8 pieces (0 = build none)"),
		intFlag("max-file-size", f.maxFileSize, 1, 1<<30, "must be 1..1073741824 MiB"),
	} {
		if err != nil {
			return err
		}
	}
	if f.margin != -1 && (f.margin < 1 || f.margin > 20) {
		return fmt.Errorf("--margin %d: must be 1..20 pieces, or -1 to turn the rule off", f.margin)
	}
	return nil
}
