package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"draughtsjudge/corpus"
)

// contestCmd is the command-line plumbing that key, sheet, grade and
// report share: the flag set (check's run flags where the command
// analyses), --out, the accepted --format values, the usage text, and the
// writing of the output.
type contestCmd struct {
	name    string
	fs      *pflag.FlagSet
	f       runFlags
	out     string
	formats []string    // the first is the default
	analyse bool        // the command has check's run flags
	outFile *outputFile // --out, opened by parse before any work
	stdout  io.Writer
	stderr  io.Writer
}

// newContestCmd makes the flag set of command name. With analyse it has
// check's run flags (whose --format is text by default), else only
// --format with formats[0] as its default and --max-file-size. what
// names the output in --out's help ("the key").
func newContestCmd(name string, analyse bool, what string, stdout, stderr io.Writer, formats ...string) *contestCmd {
	c := &contestCmd{name: name, formats: formats, stdout: stdout, stderr: stderr, analyse: analyse}
	c.fs = newFlagSet(name)
	if analyse {
		addRunFlags(c.fs, &c.f)
		c.fs.Lookup("format").Usage = "output: " + orList(formats)
	} else {
		c.fs.StringVar(&c.f.format, "format", formats[0], orList(formats))
		c.fs.Int64Var(&c.f.maxFileSize, "max-file-size", corpus.DefaultMaxFileSize>>20, "largest input file read, MiB")
	}
	c.fs.StringVar(&c.out, "out", "", "write "+what+" to this file instead of stdout")
	return c
}

// orList is "a, b or c".
func orList(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// parse parses args as every command does (parseFlags: --help on stdout,
// a bad flag named on stderr with the usage, exit 2), then checks
// --format and every numeric flag before any work. usage is printed
// before the flags. ok is false when the command is done, with code.
func (c *contestCmd) parse(args []string, usage ...string) (code int, ok bool) {
	if code, ok := parseFlags(c.fs, usageFunc(c.fs, usage...), args, c.stdout, c.stderr); !ok {
		return code, false
	}
	known := false
	for _, f := range c.formats {
		known = known || c.f.format == f
	}
	if !known {
		return c.fail("--format %q: want %s", c.f.format, orList(c.formats)), false
	}
	var err error
	if c.analyse {
		err = c.f.validateNumbers()
	} else {
		err = intFlag("max-file-size", c.f.maxFileSize, 1, 1<<30, "must be 1..1073741824 MiB")
	}
	if err != nil {
		return c.fail("%v", err), false
	}
	if c.out != "" { // a path that cannot be written is said before any work
		if c.outFile, err = createOutput(c.out); err != nil {
			return c.fail("--out: %v", err), false
		}
	}
	return exitOK, true
}

// close closes --out if write was never reached (a file this run created
// is removed); commands defer it after parse.
func (c *contestCmd) close() {
	if c.outFile != nil {
		c.outFile.abandon()
	}
}

// readInput reads a file the command was given by a flag (--key,
// --override, --points, --rubric): a regular file of at most
// --max-file-size, as for the PDN inputs.
func readInput(path string, f *runFlags) ([]byte, error) {
	return corpus.ReadFile(path, f.maxFileSize<<20)
}

// fail prints "draughtsjudge NAME: message" on stderr and returns
// exitUsage.
func (c *contestCmd) fail(format string, a ...any) int {
	fmt.Fprintf(c.stderr, "draughtsjudge %s: %s\n", c.name, fmt.Sprintf(format, a...))
	return exitUsage
}

// write writes the output with fn to --out (opened by parse; an existing
// file is replaced only now) or stdout. An error of fn (a write error on
// stdout, a value the format cannot encode) or of the file's write or
// close is said on stderr and gives exitOutput: the output is lost.
func (c *contestCmd) write(fn func(w io.Writer) error) int {
	if c.outFile == nil {
		if err := fn(c.stdout); err != nil {
			return outputError(c.stderr, c.name, outputNames[c.name], err)
		}
		return exitOK
	}
	var buf bytes.Buffer
	if err := fn(&buf); err != nil {
		c.outFile.abandon()
		return outputError(c.stderr, c.name, "--out", fmt.Errorf("%s: %v", c.out, err))
	}
	if err := c.outFile.commit(buf.Bytes()); err != nil {
		return outputError(c.stderr, c.name, "--out", err)
	}
	return exitOK
}
