package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"draughtsjudge/corpus"
	"draughtsjudge/internal/errw"
)

// outputFile is an output file opened before the work, so that a path
// that cannot be written is reported before anything is solved, and
// written after it. An existing file is not truncated until commit.
type outputFile struct {
	path    string
	f       *os.File
	created bool // the file did not exist: abandon removes it
	done    bool
}

func createOutput(path string) (*outputFile, error) {
	created := false
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		created = true
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("%s: cannot write: %v", path, err)
	}
	return &outputFile{path: path, f: f, created: created}, nil
}

// commit replaces the file's contents with data and closes it.
func (o *outputFile) commit(data []byte) error {
	o.done = true
	if st, err := o.f.Stat(); err == nil && st.Mode().IsRegular() {
		if err := o.f.Truncate(0); err != nil {
			o.f.Close()
			return fmt.Errorf("%s: %v", o.path, err)
		}
	}
	_, err := o.f.Write(data)
	if cerr := o.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("%s: %v", o.path, err)
	}
	return nil
}

// abandon closes the file if commit was never reached, removing it if
// this run created it.
func (o *outputFile) abandon() {
	if o.done {
		return
	}
	o.f.Close()
	if o.created {
		os.Remove(o.path)
	}
}

// checkedWriter is the stdout of every command: it remembers the first
// write error and writes nothing after it (errw.Writer), so that run can
// say it and exit with exitOutput (a report silently lost is the worst
// outcome).
type checkedWriter struct{ errw.Writer }

// outputNames say what each command writes on stdout, for the message of
// a write error.
var outputNames = map[string]string{
	"check": "the report", "solve": "the report", "report": "the report",
	"key": "the key", "sheet": "the sheet", "grade": "the results",
	"regress": "the table", "perft": "the counts", "tablebase": "the output",
	"help": "the usage", "bench": "the output",
}

// commandName is the name messages use for args: "check", "tablebase
// stats"; "" with no command.
func commandName(args []string) string {
	if len(args) == 0 {
		return ""
	}
	if args[0] == "tablebase" && len(args) > 1 && !strings.HasPrefix(args[1], "-") {
		return "tablebase " + args[1]
	}
	return args[0]
}

// finish turns a write error on stdout into exitOutput, said on stderr,
// unless the command has said it already (it returned exitOutput).
func (c *checkedWriter) finish(args []string, code int, stderr io.Writer) int {
	if c.Err == nil || code == exitOutput {
		return code
	}
	name := commandName(args)
	what := "the output"
	if len(args) > 0 && outputNames[args[0]] != "" {
		what = outputNames[args[0]]
	}
	prefix := "draughtsjudge"
	if name != "" {
		prefix += " " + name
	}
	fmt.Fprintf(stderr, "%s: writing %s: %v\n", prefix, what, c.Err)
	return exitOutput
}

// outputError says that the output of command name could not be written
// (what: "the report", "--out", "--pdn-out") and returns exitOutput.
func outputError(stderr io.Writer, name, what string, err error) int {
	fmt.Fprintf(stderr, "draughtsjudge %s: writing %s: %v\n", name, what, err)
	return exitOutput
}

// inputNamed returns the input file of entries that path names (the same
// file by os.SameFile: also through a symbolic link, a relative path or a
// hard link), or "" when path is none of them or does not exist yet.
func inputNamed(path string, entries []corpus.Entry) string {
	out, err := os.Stat(path)
	if err != nil {
		return ""
	}
	seen := map[string]bool{}
	for _, e := range entries {
		if e.File == "" || seen[e.File] {
			continue
		}
		seen[e.File] = true
		if in, err := os.Stat(e.File); err == nil && os.SameFile(in, out) {
			return e.File
		}
	}
	return ""
}
