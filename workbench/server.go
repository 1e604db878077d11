// Package workbench is the composer's workbench: a local web front end
// (draughtsjudge serve) on the same engine as draughtsjudge check. The
// page sets up a composition (board editor for every game system, FEN,
// genre, stipulation, author, source; a PDN file of many compositions
// read and one picked), checks it with the batch runner (package batch:
// the same store, endgame databases and report as check) while the
// progress streams to the page, and walks the solution tree on the board.
// Every asset is embedded; the server reads and writes no file a request
// names. docs/workbench.md describes it.
package workbench

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"strings"
	"sync"

	"draughtsjudge/batch"
	"draughtsjudge/render"
)

//go:embed assets
var assets embed.FS

// DefaultMaxUpload is the largest request body read (a PDN file or a
// composition), 4 MiB: far more than any collection of compositions.
const DefaultMaxUpload = 4 << 20

// Config says how the server checks compositions.
type Config struct {
	// Batch is the batch runner's configuration, as check fills it: the
	// store (opened once, by the caller, who closes it after Close), the
	// options, the rubric and the endgame databases to build. Its
	// Options.Solver.Threads are each check's goroutines; OnReport and
	// Analyse are the server's (Analyse nil: judge.Analyse).
	Batch batch.Config
	// Slots is how many checks run at once (at least 1); the others wait
	// in a queue, first come first served.
	Slots int
	// MaxUpload is the largest request body, in bytes (0: DefaultMaxUpload).
	MaxUpload int64
	// Hosts are the host names a request may name in its Host header
	// besides the loopback ones (the listening address's host); nil
	// with AnyHost false: loopback only, which shuts out a DNS
	// rebinding page.
	Hosts []string
	// AnyHost accepts any Host header (serve --allow-remote).
	AnyHost bool
}

// Server is the workbench's HTTP handler. Safe for concurrent use.
type Server struct {
	cfg     Config
	mux     *http.ServeMux
	queue   *queue
	ctx     context.Context
	stop    context.CancelFunc
	mu      sync.Mutex     // guards closed and the start of a check
	closed  bool           // Close was called: no check starts
	running sync.WaitGroup // the checks under way
}

// New returns the server of cfg.
func New(cfg Config) *Server {
	if cfg.MaxUpload <= 0 {
		cfg.MaxUpload = DefaultMaxUpload
	}
	s := &Server{cfg: cfg, mux: http.NewServeMux(), queue: newQueue(max(1, cfg.Slots))}
	s.ctx, s.stop = context.WithCancel(context.Background())
	static, _ := fs.Sub(assets, "assets")
	s.mux.Handle("GET /assets/", http.StripPrefix("/assets/", http.FileServerFS(static)))
	s.mux.HandleFunc("GET /{$}", s.index)
	s.mux.HandleFunc("GET /report.css", s.reportCSS)
	s.mux.HandleFunc("GET /api/systems", s.systems)
	s.mux.HandleFunc("POST /api/position", s.position)
	s.mux.HandleFunc("POST /api/parse", s.parse)
	s.mux.HandleFunc("POST /api/pdn", s.pdn)
	s.mux.HandleFunc("POST /api/check", s.check)
	return s
}

// ServeHTTP checks the Host header (loopback names, Config.Hosts), refuses
// a cross-origin request that changes state (http.CrossOriginProtection:
// Sec-Fetch-Site, else Origin against Host; no cross-site page can start
// a check) and a panic in a handler becomes a 500 with a message.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !s.hostAllowed(r.Host) {
		httpError(w, http.StatusMisdirectedRequest, fmt.Sprintf("host %q is not this workbench's address (open it as http://127.0.0.1 or http://localhost)", r.Host))
		return
	}
	if err := crossOrigin.Check(r); err != nil {
		httpError(w, http.StatusForbidden, "cross-origin request refused: the workbench accepts changes only from its own page")
		return
	}
	defer func() {
		if p := recover(); p != nil {
			if p == http.ErrAbortHandler {
				panic(p)
			}
			httpError(w, http.StatusInternalServerError, fmt.Sprintf("internal error: %v; please report it", p))
		}
	}()
	s.mux.ServeHTTP(w, r)
}

var crossOrigin = http.NewCrossOriginProtection()

// hostAllowed reports whether a request's Host header names this server.
func (s *Server) hostAllowed(hostport string) bool {
	if s.cfg.AnyHost {
		return true
	}
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return true
	}
	for _, h := range s.cfg.Hosts {
		if strings.EqualFold(strings.Trim(h, "[]"), host) {
			return true
		}
	}
	return false
}

// Close stops every check under way (each ends as if its page had gone)
// and waits for them, so that the caller can close the store.
func (s *Server) Close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.stop()
	s.running.Wait()
}

// begin counts a check under way; false once Close was called.
func (s *Server) begin() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	s.running.Add(1)
	return true
}

func (s *Server) index(w http.ResponseWriter, r *http.Request) {
	data, _ := assets.ReadFile("assets/index.html")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	_, _ = w.Write(data)
}

func (s *Server) reportCSS(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/css; charset=utf-8")
	_, _ = w.Write([]byte(render.HTMLStyle()))
}

func (s *Server) systems(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, Systems())
}

// errorBody is every error's JSON: one sentence for the page.
type errorBody struct {
	Error string `json:"error"`
}

func httpError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, errorBody{msg})
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

// readJSON decodes a request body of at most MaxUpload bytes into v; the
// error is already written (413 for a body over the limit, 400 for JSON
// that does not fit).
func (s *Server) readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	body := http.MaxBytesReader(w, r.Body, s.cfg.MaxUpload)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		s.bodyError(w, err)
		return false
	}
	return true
}

// bodyError writes the error of a request body that could not be read.
func (s *Server) bodyError(w http.ResponseWriter, err error) {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		httpError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the request is over the workbench's limit of %d bytes (%d MiB)", s.cfg.MaxUpload, s.cfg.MaxUpload>>20))
		return
	}
	httpError(w, http.StatusBadRequest, "the request could not be read: "+err.Error())
}
