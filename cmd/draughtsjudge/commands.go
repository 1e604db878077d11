package main

import (
	"draughtsjudge/internal/errw"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Exit codes: 0 all sound / success, 1 some entry defective or unknown,
// 2 usage or input errors, 3 the store cannot be used as the run needs it
// (locked, damaged beyond repair, another format, no space; docs/store.md),
// 4 an internal error (a bug) in some entry, the rest of the batch
// reported, 5 the output could not be written (stdout, --out or
// --pdn-out: a write, flush or close error, or a report that could not be
// encoded); it overrides 1, 2 and 4, since the run's result is lost.
const (
	exitOK        = 0
	exitDefective = 1
	exitUsage     = 2
	exitStore     = 3
	exitInternal  = 4
	exitOutput    = 5
)

type command struct {
	name    string
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

func register(c command) { commands[c.name] = c }

// run runs the command line args. No arguments print the usage on stderr
// (exit 2): a check of the sample corpus is "draughtsjudge check". Every
// write to stdout is checked: the first error is said on stderr
// ("draughtsjudge check: writing the report: write /dev/stdout: no space
// left on device") and the exit code is exitOutput. With
// $DRAUGHTSJUDGE_CPUPROFILE set, the command's CPU profile is written
// there (profile.go).
func run(args []string, stdout, stderr io.Writer) int {
	out := &checkedWriter{errw.Writer{W: stdout}}
	stop := startProfile(stderr)
	code := runCommand(args, out, stderr)
	stop()
	return out.finish(args, code, stderr)
}

func runCommand(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "-h", "--help":
		usage(stdout)
		return exitOK
	case "help":
		if len(args) == 1 {
			usage(stdout)
			return exitOK
		}
		c, ok := commands[args[1]]
		if !ok {
			fmt.Fprintf(stderr, "draughtsjudge help: unknown command %q\n\n", args[1])
			usage(stderr)
			return exitUsage
		}
		// help tablebase build = tablebase build --help
		return c.run(append(append([]string{}, args[2:]...), "--help"), stdout, stderr)
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "draughtsjudge: unknown command %q\n\n", name)
		usage(stderr)
		return exitUsage
	}
	return c.run(args[1:], stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: draughtsjudge <command> [flags] [args]")
	fmt.Fprintln(w, "\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'draughtsjudge help <command>' for its flags; 'draughtsjudge check' checks the embedded sample corpus.")
}

func joinIDs(ids []string) string { return strings.Join(ids, ", ") }
