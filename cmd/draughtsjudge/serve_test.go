package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"draughtsjudge/tablebase"
)

// syncBuffer is a bytes.Buffer safe for the server's goroutine and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// serve says its address, serves the page and the API, and stops
// cleanly when its context ends (SIGINT, SIGTERM): exit 0, the store
// closed consistent (it opens again).
func TestServeStartStop(t *testing.T) {
	db := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	var stdout, stderr syncBuffer
	code := make(chan int, 1)
	go func() {
		code <- serve(ctx, []string{"--addr", "127.0.0.1:0", "--db", db, "--threads", "2"}, &stdout, &stderr)
	}()
	addr := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`)
	var url string
	for i := 0; i < 200 && url == ""; i++ {
		time.Sleep(20 * time.Millisecond)
		url = addr.FindString(stdout.String())
	}
	if url == "" {
		cancel()
		t.Fatalf("no address printed: %q %q", stdout.String(), stderr.String())
	}
	res, err := http.Get(url + "api/systems")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(b), `"international"`) {
		t.Errorf("GET /api/systems: %d %.100s", res.StatusCode, b)
	}
	cancel()
	select {
	case c := <-code:
		if c != exitOK || !strings.Contains(stdout.String(), "draughtsjudge serve: stopped") {
			t.Errorf("exit %d, stdout %q, stderr %q", c, stdout.String(), stderr.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop")
	}
	s, err := tablebase.Open(db)
	if err != nil {
		t.Fatalf("the store after serve: %v", err)
	}
	s.Close()
}

// A non-loopback address needs --allow-remote; bad flags are usage errors.
func TestServeFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--addr", "0.0.0.0:0"}, "is not a loopback address"},
		{[]string{"--addr", ":8377"}, "is not a loopback address"},
		{[]string{"--addr", "8377"}, "want host:port"},
		{[]string{"--max-upload", "0"}, "--max-upload 0"},
		{[]string{"entries.pdn"}, "no arguments expected"},
	} {
		var stdout, stderr bytes.Buffer
		code := serve(context.Background(), append(tc.args, "--no-db"), &stdout, &stderr)
		if code != exitUsage || !strings.Contains(stderr.String(), tc.want) || stdout.Len() != 0 {
			t.Errorf("serve %v: exit %d, stderr %q, want 2 and %q", tc.args, code, stderr.String(), tc.want)
		}
	}
	if !isLoopback("localhost") || !isLoopback("127.0.0.2") || !isLoopback("[::1]") || isLoopback("") || isLoopback("192.0.2.1") {
		t.Error("isLoopback")
	}
}

// --allow-remote listens on every interface, with a warning (no request
// is sent there).
func TestServeAllowRemoteWarns(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var stdout, stderr syncBuffer
	code := make(chan int, 1)
	go func() {
		code <- serve(ctx, []string{"--addr", "0.0.0.0:0", "--allow-remote", "--no-db"}, &stdout, &stderr)
	}()
	for i := 0; i < 200 && !strings.Contains(stdout.String(), "workbench is at"); i++ {
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	if c := <-code; c != exitOK || !strings.Contains(stderr.String(), "warning: listening on") {
		t.Errorf("exit %d, stderr %q", c, stderr.String())
	}
}
