//go:build unix

package main

import (
	"io"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// stdoutWriter is the process's stdout, or, when stdout was closed when
// the program started (draughtsjudge check >&-), a writer that fails
// every write with EBADF. The Go runtime opens /dev/null read-write on a
// closed standard descriptor (runtime.checkfds), so that otherwise the
// report would vanish without a word; a shell's >/dev/null opens it
// write-only, and is left alone.
func stdoutWriter() io.Writer {
	if stdoutWasClosed() {
		return closedWriter{}
	}
	return os.Stdout
}

func stdoutWasClosed() bool {
	fl, err := unix.FcntlInt(os.Stdout.Fd(), unix.F_GETFL, 0)
	if err != nil || fl&unix.O_ACCMODE != unix.O_RDWR {
		return false
	}
	st, err := os.Stdout.Stat()
	if err != nil {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err == nil && os.SameFile(st, null)
}

// closedWriter is a stdout that was closed.
type closedWriter struct{}

func (closedWriter) Write([]byte) (int, error) {
	return 0, &os.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.EBADF}
}
