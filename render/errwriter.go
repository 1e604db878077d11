package render

import "io"

// errWriter remembers the first error writing to w and writes nothing
// after it, so that a renderer can write freely and return that error.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}
