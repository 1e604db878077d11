// Package errw holds the writer that remembers its first error, so that a
// renderer or a command can write freely and check once at the end.
package errw

import "io"

// Writer writes to W until the first error (a short write counts as
// io.ErrShortWrite), which it keeps in Err and returns from every later
// Write without writing.
type Writer struct {
	W   io.Writer
	Err error
}

func (e *Writer) Write(p []byte) (int, error) {
	if e.Err != nil {
		return 0, e.Err
	}
	n, err := e.W.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	e.Err = err
	return n, err
}
