//go:build !unix

package main

import (
	"io"
	"os"
)

// stdoutWriter is the process's stdout.
func stdoutWriter() io.Writer { return os.Stdout }
