package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"draughtsjudge/workbench"
)

func init() {
	register(command{"serve", "the composer's workbench in the browser: set up a composition, check it, walk the solution (docs/workbench.md)", cmdServe})
}

// defaultServeAddr is serve's address: loopback only.
const defaultServeAddr = "127.0.0.1:8377"

func cmdServe(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serve(ctx, args, stdout, stderr)
}

// serve runs the workbench until ctx ends (SIGINT or SIGTERM): then the
// checks under way stop, the connections close and the store is closed
// consistent.
func serve(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("serve")
	var f runFlags
	addRunFlags(fs, &f)
	_ = fs.MarkHidden("format")
	_ = fs.MarkHidden("max-file-size")
	addr := fs.String("addr", defaultServeAddr, "address to listen on, host:port (port 0: any free port)")
	allowRemote := fs.Bool("allow-remote", false, "allow an --addr that is not loopback: anyone who reaches it can run checks on this machine")
	fs.StringVar(&f.rubric, "rubric", "", "scoring rubric file replacing the embedded one")
	maxUpload := fs.Int64("max-upload", workbench.DefaultMaxUpload>>20, "largest PDN file or request read, MiB (1..1024)")
	usage := usageFunc(fs, "usage: draughtsjudge serve [flags]",
		"Serves the composer's workbench at http://"+defaultServeAddr+"/ (open it in a browser; nothing is opened for you).",
		"Checks run as check runs them (the same store, endgame databases and report); several tabs queue for --threads.",
		"Exit code: 0 stopped by SIGINT/SIGTERM, 2 usage error or the address cannot be used, 3 the store cannot be used.")
	if code, ok := parseFlags(fs, usage, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "serve", fmt.Errorf("no arguments expected, got %q (the page reads PDN files: paste or upload them there)", fs.Arg(0)))
	}
	if err := f.validate(); err != nil {
		return usageError(stderr, "serve", err)
	}
	if err := intFlag("max-upload", *maxUpload, 1, 1024, "must be 1..1024 MiB"); err != nil {
		return usageError(stderr, "serve", err)
	}
	host, _, err := net.SplitHostPort(*addr)
	if err != nil {
		return usageError(stderr, "serve", fmt.Errorf("--addr %q: want host:port, e.g. %s", *addr, defaultServeAddr))
	}
	loopback := isLoopback(host)
	if !loopback && !*allowRemote {
		return usageError(stderr, "serve", fmt.Errorf("--addr %q is not a loopback address: anyone who reaches it could run checks on this machine; add --allow-remote if that is meant", *addr))
	}
	rubric, err := loadRubric(f.rubric, &f)
	if err != nil {
		return usageError(stderr, "serve", fmt.Errorf("--rubric: %v", err))
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return usageError(stderr, "serve", fmt.Errorf("--addr %s: %v", *addr, err))
	}
	store, code := f.openStore(stderr)
	if code != exitOK {
		ln.Close()
		return code
	}
	if store != nil {
		defer store.Close()
	}
	slots := batchLimit(f.threads, f.mem)
	cfg := workbench.Config{Batch: f.batchConfig(store, rubric, stderr), Slots: slots, MaxUpload: *maxUpload << 20, AnyHost: *allowRemote}
	cfg.Batch.Options.Solver.Threads = max(1, f.threads/slots)
	if store == nil {
		cfg.Batch.Endgames = nil
	}
	if host != "" {
		cfg.Hosts = []string{host}
	}
	wb := workbench.New(cfg)
	srv := &http.Server{Handler: wb, ReadHeaderTimeout: 10 * time.Second}
	if !loopback {
		fmt.Fprintf(stderr, "draughtsjudge serve: warning: listening on %s, which is not loopback: anyone who reaches it can run checks on this machine\n", ln.Addr())
	}
	fmt.Fprintf(stdout, "draughtsjudge serve: the workbench is at http://%s/ (%d check(s) at once, %d thread(s) each; Ctrl-C stops it)\n", ln.Addr(), slots, cfg.Batch.Options.Solver.Threads)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case <-ctx.Done():
	case err := <-served:
		if !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintf(stderr, "draughtsjudge serve: %v\n", err)
			wb.Close()
			return exitUsage
		}
	}
	wb.Close() // the checks under way stop; their streams end
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = srv.Shutdown(sctx)
	fmt.Fprintln(stdout, "draughtsjudge serve: stopped")
	return exitOK
}

// isLoopback reports whether host (of --addr) is a loopback address or
// name; "" (every interface) is not.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}
