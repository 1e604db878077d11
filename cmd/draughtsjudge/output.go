package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
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
