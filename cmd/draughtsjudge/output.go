package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
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

// checkBar is check's progress bar on stderr: entries done, how many came
// from the store, ETA. It draws only when stderr is a terminal.
type checkBar struct {
	mu     sync.Mutex
	bar    *progressbar.ProgressBar
	cached int
}

func newCheckBar(stderr io.Writer, n int) *checkBar {
	b := &checkBar{}
	if n > 1 && isTerminal(stderr) {
		b.bar = progressbar.NewOptions(n,
			progressbar.OptionSetWriter(stderr),
			progressbar.OptionSetDescription("checking"),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionClearOnFinish())
	}
	return b
}

func (b *checkBar) add(cached bool) {
	if b.bar == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	_ = b.bar.Add(1)
	if cached {
		b.cached++
		b.bar.Describe(fmt.Sprintf("checking (%d from the store)", b.cached))
	}
}

func (b *checkBar) finish() {
	if b.bar != nil {
		_ = b.bar.Finish()
	}
}
