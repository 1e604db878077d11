//go:build unix

package corpus

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A FIFO given as an input is an error at once, not a read that blocks.
func TestLoadFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe.pdn")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("mkfifo:", err)
	}
	done := make(chan []Entry, 1)
	go func() { done <- Load([]string{fifo}) }()
	select {
	case es := <-done:
		if len(es) != 1 || es[0].Err == nil || !strings.Contains(es[0].Err.Error(), "not a regular file (a named pipe (FIFO))") {
			t.Fatalf("fifo: %+v", es)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("reading a FIFO blocks")
	}
}
