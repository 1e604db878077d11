package workbench

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"draughtsjudge/batch"
	"draughtsjudge/composition"
	"draughtsjudge/judge"
	"draughtsjudge/render"
	"draughtsjudge/solver"
)

// progressEvery is how often a check's progress goes to the page.
const progressEvery = 250 * time.Millisecond

// Progress is a check's live progress: the nodes its searches have
// counted, the first moves of the latest search decided, the time.
type Progress struct {
	Nodes   uint64  `json:"nodes"`
	Decided int     `json:"decided"`
	Moves   int     `json:"moves"`
	Seconds float64 `json:"seconds"`
}

// Result is a check's report as the page shows it: the HTML report's
// entry (render.HTMLEntry), the report's JSON fields the page reads, and
// the solution placed on the board (view.go).
type Result struct {
	Verdict      judge.Verdict `json:"verdict"`
	Reason       string        `json:"reason,omitempty"`
	Keys         []string      `json:"keys"`
	Score        float64       `json:"score"`
	Nodes        uint64        `json:"nodes"`
	Seconds      float64       `json:"seconds"`
	Cached       bool          `json:"cached,omitempty"`
	HTML         string        `json:"html"`
	Solutions    []Solution    `json:"solutions"`
	AuthorErrors []string      `json:"author_errors,omitempty"`
	Internal     string        `json:"internal,omitempty"` // the analysis' internal error (a bug)
}

// stream writes Server-Sent Events to one page; safe for concurrent use.
// After end nothing is written: the handler has returned, and net/http
// forbids using its ResponseWriter then.
type stream struct {
	mu    sync.Mutex
	w     http.ResponseWriter
	rc    *http.ResponseController
	ended bool
}

func (s *stream) send(event string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		data, _ = json.Marshal(errorBody{"internal error: " + err.Error()})
		event = "error"
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ended {
		return
	}
	fmt.Fprintf(s.w, "event: %s\ndata: %s\n\n", event, data)
	_ = s.rc.Flush()
}

// end makes every later send a no-op; the handler calls it before it
// returns.
func (s *stream) end() {
	s.mu.Lock()
	s.ended = true
	s.mu.Unlock()
}

// check analyses the composition of the request as check does (batch.Run:
// the store, the endgame databases, the rubric), streaming its progress
// as Server-Sent Events: "queued" {ahead}, "note" {message}, "build"
// {done, total}, "progress" (Progress), then "report" (Result) or
// "error" {error}, and "done". The check waits for a free slot (queue);
// it ends when the page goes away (the request's context: its searches
// stop, Work.Stop) or the server closes. An input error is a 400 before
// any event.
func (s *Server) check(w http.ResponseWriter, r *http.Request) {
	var e Entry
	if !s.readJSON(w, r, &e) {
		return
	}
	c, _, err := e.composition()
	if err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	if !s.begin() {
		httpError(w, http.StatusServiceUnavailable, "the workbench is shutting down")
		return
	}
	defer s.running.Done()
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	defer context.AfterFunc(s.ctx, cancel)()

	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	st := &stream{w: w, rc: http.NewResponseController(w)}
	defer st.end() // after "done": a late progress tick or note is dropped
	defer st.send("done", struct{}{})
	if err := s.queue.acquire(ctx, func(n int) { st.send("queued", map[string]int{"ahead": n}) }); err != nil {
		return
	}
	defer s.queue.release()
	res, err := s.run(ctx, st, c)
	switch {
	case ctx.Err() != nil:
		st.send("error", errorBody{"stopped"})
	case err != nil:
		st.send("error", errorBody{err.Error()})
	default:
		st.send("report", res)
	}
}

// run checks c, sending its progress to st. A panic outside the analysis
// (which batch isolates) is an error of this check alone.
func (s *Server) run(ctx context.Context, st *stream, c *composition.Composition) (res *Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			res, err = nil, fmt.Errorf("internal error: %v; please report this composition", p)
		}
	}()
	cfg := s.cfg.Batch
	cfg.Workers = 1
	cfg.OnReport = nil
	cfg.Notes = func(msg string) { st.send("note", map[string]string{"message": msg}) }
	cfg.BuildProgress = func(done, total int64) { st.send("build", map[string]int64{"done": done, "total": total}) }
	cfg.BuildLog = nil
	work := solver.NewWork(solver.WorkLimit(cfg.Options.Solver.Budget.Nodes))
	cfg.Options.Solver.Budget.Work = work
	defer context.AfterFunc(ctx, work.Stop)()
	comps := []*composition.Composition{c}
	// batch.Run provides the endgame slices c can reach (cfg.Endgames)
	// before it analyses c; the store's Endgames serialises the builds of
	// checks run at once.

	t0 := time.Now()
	done, ticked := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(ticked)
		tick := time.NewTicker(progressEvery)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				d, n := work.FirstMoves()
				st.send("progress", Progress{Nodes: work.Spent(), Decided: d, Moves: n, Seconds: time.Since(t0).Seconds()})
			}
		}
	}()
	runs, err := batch.Run(ctx, cfg, comps)
	close(done)
	<-ticked // no progress after the report
	if err != nil {
		return nil, err
	}
	rep := runs.Reports[0]
	var sb strings.Builder
	if err := render.HTMLEntry(&sb, rep); err != nil {
		return nil, err
	}
	res = &Result{Verdict: rep.Verdict, Reason: rep.Reason, Keys: rep.Keys, Score: rep.Score, Nodes: rep.Nodes,
		Seconds: time.Since(t0).Seconds(), Cached: rep.Cached, HTML: sb.String(), Solutions: viewOf(rep, c.Solution()),
		AuthorErrors: rep.AuthorErrors}
	if runs.Internal[0] != nil {
		res.Internal = runs.Internal[0].Error()
	}
	return res, nil
}
