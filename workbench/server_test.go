package workbench

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"draughtsjudge/batch"
	"draughtsjudge/composition"
	"draughtsjudge/draughts"
	"draughtsjudge/judge"
	"draughtsjudge/solver"
	"draughtsjudge/tablebase"
)

// Shoshin's study, the first entry of the sample corpus
// (corpus/sample/published.pdn: draughts.narod.ru, 'Etudy').
var shoshin = Entry{Variant: "russian", FEN: "W:WKa5,a3:Ba7,f4", Genre: "study", Stipulation: "win",
	Author: "A. Shoshin", Solution: "1. a5-b4 f4-g3 (1... f4-e3 2. b4-e1 a7-b6 3. a3-b4) 2. b4-c5 g3-h2 3. a3-b4 h2-g1 (3... a7-b6 4. c5:a7 h2-g1 5. b4-c5) 4. b4-a5 1-0"}

// testConfig checks without a store at a small budget; analyse, if not
// nil, replaces the analysis.
func testConfig(analyse func(context.Context, *composition.Composition, judge.Options) *judge.Report) Config {
	return Config{Slots: 1, Batch: batch.Config{
		Options: judge.Options{Solver: solver.Options{Budget: solver.Budget{Nodes: 300_000, TTBytes: 64 << 20},
			MaxBound: 12, Slack: 4, Threads: 1}, MaterialMargin: 2},
		Rubric: judge.DefaultRubric(), Analyse: analyse}}
}

func newTestServer(t *testing.T, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	s := New(cfg)
	ts := httptest.NewServer(s)
	t.Cleanup(func() { ts.Close(); s.Close() })
	return s, ts
}

// post sends a same-origin POST (as the page does: Origin and
// Sec-Fetch-Site set).
func post(t *testing.T, ts *httptest.Server, path, ctype string, body io.Reader) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("POST", ts.URL+path, body)
	req.Header.Set("Content-Type", ctype)
	req.Header.Set("Origin", ts.URL)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func postJSON(t *testing.T, ts *httptest.Server, path string, v any) *http.Response {
	data, _ := json.Marshal(v)
	return post(t, ts, path, "application/json", bytes.NewReader(data))
}

// wantError checks a response's status and that its JSON message says
// what is wrong (and is no stack trace).
func wantError(t *testing.T, res *http.Response, code int, says string) {
	t.Helper()
	defer res.Body.Close()
	var e errorBody
	_ = json.NewDecoder(res.Body).Decode(&e)
	if res.StatusCode != code || !strings.Contains(e.Error, says) || strings.Contains(e.Error, "goroutine") {
		t.Errorf("status %d %q, want %d saying %q", res.StatusCode, e.Error, code, says)
	}
}

func decode[T any](t *testing.T, res *http.Response) T {
	t.Helper()
	defer res.Body.Close()
	var v T
	if res.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(res.Body)
		t.Fatalf("status %d: %s", res.StatusCode, b)
	}
	if err := json.NewDecoder(res.Body).Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestStaticAssets(t *testing.T) {
	_, ts := newTestServer(t, testConfig(nil))
	for path, want := range map[string]string{
		"/":                 `<script src="/assets/app.js"`,
		"/assets/app.js":    "/api/check",
		"/assets/style.css": "#board",
		"/report.css":       ".verdict-sound", // the HTML report's style sheet
	} {
		res, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(string(b), want) {
			t.Errorf("GET %s: %d, lacks %q", path, res.StatusCode, want)
		}
	}
	// Nothing outside the embedded assets is served.
	for _, path := range []string{"/assets/../server.go", "/assets/..%2fserver.go", "/etc/passwd", "/api/check"} {
		res, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode == 200 || strings.Contains(string(b), "package workbench") {
			t.Errorf("GET %s: %d", path, res.StatusCode)
		}
	}
}

// The boards: 32 dark squares on 8x8, 50 on 10x10, 25 on Lasca's 7x7;
// the initial positions have 12 men a side (Russian, Brazilian, 6.1.2.1),
// 20 (international, 7.2) and 11 (Lasca, 004 §2.2.1).
func TestSystems(t *testing.T) {
	_, ts := newTestServer(t, testConfig(nil))
	res, err := http.Get(ts.URL + "/api/systems")
	if err != nil {
		t.Fatal(err)
	}
	systems := decode[[]System](t, res)
	want := map[string][2]int{"russian": {32, 12}, "brazilian": {32, 12}, "russian-giveaway": {32, 12},
		"international": {50, 20}, "international-giveaway": {50, 20}, "lasca": {25, 11}}
	if len(systems) != len(want) {
		t.Fatalf("%d systems, want %d", len(systems), len(want))
	}
	for _, s := range systems {
		w, ok := want[s.ID]
		if !ok || len(s.Squares) != w[0] {
			t.Errorf("%s: %d squares, want %v", s.ID, len(s.Squares), w)
			continue
		}
		p, err := readPosition(s.ID, s.Initial)
		if err != nil || len(p.Pieces) != 2*w[1] {
			t.Errorf("%s: initial %s has %d pieces (%v), want %d", s.ID, s.Initial, len(p.Pieces), err, 2*w[1])
		}
		for _, sq := range s.Squares {
			if (sq.Row+sq.Col)%2 == 0 && s.Size != 7 || (sq.Row+sq.Col)%2 != 0 && s.Size == 7 {
				t.Errorf("%s: square %s at row %d col %d is not dark", s.ID, sq.Name, sq.Row, sq.Col)
				break
			}
		}
	}
	if s := systems[0]; s.Squares[0].Name != "b8" || s.Notation != "algebraic" {
		t.Errorf("russian square 1 = %s (%s), want b8 (algebraic)", s.Squares[0].Name, s.Notation)
	}
	if s := systems[2]; s.Squares[0].Name != "1" || s.Notation != "numeric" {
		t.Errorf("international square 1 = %s (%s), want 1 (numeric)", s.Squares[0].Name, s.Notation)
	}
}

func TestPosition(t *testing.T) {
	_, ts := newTestServer(t, testConfig(nil))
	p := decode[Position](t, postJSON(t, ts, "/api/position", positionRequest{"russian", " W:WKa5,a3:Ba7,f4. "}))
	if p.FEN != "W:WKa5,a3:Ba7,f4" || p.Side != "W" || p.Pieces["a5"] != "W" || p.Pieces["f4"] != "b" || len(p.Pieces) != 4 {
		t.Errorf("Shoshin's position: %+v", p)
	}
	// Lasca columns (004 §2.3: the package's own example), top first.
	p = decode[Position](t, postJSON(t, ts, "/api/position", positionRequest{"lasca", "W:Wa1,c3(wb),Kd4,e5(Wbbw):Bb6(bW),g7"}))
	if p.Pieces["c3"] != "wb" || p.Pieces["e5"] != "Wbbw" || p.Pieces["d4"] != "W" || p.Pieces["b6"] != "bW" {
		t.Errorf("Lasca columns: %+v", p.Pieces)
	}
	wantError(t, postJSON(t, ts, "/api/position", positionRequest{"russian", "W:WKz5:Ba7"}), 400, `square "z5"`)
	wantError(t, postJSON(t, ts, "/api/position", positionRequest{"russian", "X:Wa1"}), 400, "side to move")
	wantError(t, postJSON(t, ts, "/api/position", positionRequest{"chess", "W:Wa1"}), 400, "unknown variant")
	wantError(t, post(t, ts, "/api/position", "application/json", strings.NewReader(`{"variant": 3`)), 400, "could not be read")
	wantError(t, post(t, ts, "/api/position", "application/json", strings.NewReader(`{"path": "/etc/passwd"}`)), 400, "unknown field")
}

func TestParse(t *testing.T) {
	_, ts := newTestServer(t, testConfig(nil))
	sample, err := os.ReadFile("../corpus/sample/published.pdn")
	if err != nil {
		t.Fatal(err)
	}
	got := decode[parsed](t, post(t, ts, "/api/parse", "text/plain", bytes.NewReader(sample)))
	if len(got.Entries) != 4 || got.Entries[0].Entry == nil {
		t.Fatalf("sample: %+v", got)
	}
	e := got.Entries[0].Entry
	if e.FEN != shoshin.FEN || e.Genre != "study" || e.Stipulation != "win" || !strings.Contains(e.Author, "Shoshin") ||
		!strings.HasPrefix(e.Solution, "1. a5-b4 f4-g3 (1... f4-e3 2. b4-e1 a7-b6 3. a3-b4) 2. b4-c5") || !strings.HasSuffix(e.Solution, "1-0") {
		t.Errorf("first entry: %+v", e)
	}
	if got.Entries[2].Entry.Variant != "international" || got.Entries[2].Entry.FEN != "W:W34,K38,K42,K50:BK26,31,36" {
		t.Errorf("third entry (Vitoshkin): %+v", got.Entries[2].Entry)
	}
	// Written back as PDN, every entry reads as the same composition.
	for _, pe := range got.Entries {
		c, _, err := pe.Entry.composition()
		if err != nil {
			t.Errorf("entry %d written back: %v", pe.Index, err)
			continue
		}
		if c.FEN() != pe.Entry.FEN || len(c.Solution()) == 0 {
			t.Errorf("entry %d written back: %s, %d plies", pe.Index, c.FEN(), len(c.Solution()))
		}
	}

	// Illegal PDN: each bad game is an error naming its line, the others read.
	bad := "[FEN \"W:Wz9:Bh8\"]\n1. a1-b2 *\n\n[FEN \"W:Wa1:Bh8\"]\n1. a1-b2 *\n\n[FEN \"W:Wa1:Bh8\"\n"
	got = decode[parsed](t, post(t, ts, "/api/parse", "text/plain", strings.NewReader(bad)))
	if len(got.Entries) < 2 || !strings.Contains(got.Entries[0].Error, "pasted.pdn:1:") || got.Entries[1].Entry == nil {
		t.Errorf("illegal PDN: %+v", got.Entries)
	}
	got = decode[parsed](t, post(t, ts, "/api/parse", "text/plain", strings.NewReader("\x00\x01binary")))
	if len(got.Entries) != 1 || !strings.Contains(got.Entries[0].Error, "binary") {
		t.Errorf("a binary file: %+v", got.Entries)
	}

	// An upload: the file's name is a label only, its folders dropped.
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile("file", "../../etc/entries.pdn")
	_, _ = fw.Write(sample)
	mw.Close()
	got = decode[parsed](t, post(t, ts, "/api/parse", mw.FormDataContentType(), &buf))
	if got.Name != "entries.pdn" || len(got.Entries) != 4 {
		t.Errorf("upload: name %q, %d entries", got.Name, len(got.Entries))
	}
}

func TestUploadLimit(t *testing.T) {
	cfg := testConfig(nil)
	cfg.MaxUpload = 1000
	_, ts := newTestServer(t, cfg)
	big := strings.Repeat("{ a comment } ", 100)
	wantError(t, post(t, ts, "/api/parse", "text/plain", strings.NewReader(big)), 413, "limit of 1000 bytes")
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile("file", "big.pdn")
	_, _ = fw.Write([]byte(big))
	mw.Close()
	wantError(t, post(t, ts, "/api/parse", mw.FormDataContentType(), &buf), 413, "limit")
	e := shoshin
	e.Solution = big
	wantError(t, postJSON(t, ts, "/api/check", e), 413, "limit")
	wantError(t, postJSON(t, ts, "/api/pdn", e), 413, "limit")
}

func TestPDN(t *testing.T) {
	_, ts := newTestServer(t, testConfig(nil))
	e := shoshin
	e.Tags = [][2]string{{"Status", `say "sound"`}, {"FEN", "W:Wa1"}}
	res := postJSON(t, ts, "/api/pdn", e)
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	text := string(b)
	if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Content-Disposition"), "attachment") ||
		!strings.Contains(text, "[GameType \"25\"]\n[FEN \"W:WKa5,a3:Ba7,f4\"]\n[Genre \"study\"]\n[Stipulation \"win\"]\n") ||
		!strings.Contains(text, `[Status "say \"sound\""]`) || strings.Contains(text, `"W:Wa1"`) {
		t.Errorf("PDN of Shoshin's study (%d):\n%s", res.StatusCode, text)
	}
	// Every stipulation form of the PDN input, the special kinds included.
	for _, st := range []string{"draw", "lock 2 men", "black-first: win", "either-side: win", "white-first: win; black-first: draw",
		"win; turned: draw", "win; remove a3: win", "win; add Wc1: win", "выигрыш"} {
		e := shoshin
		e.Stipulation, e.Solution = st, ""
		if res := postJSON(t, ts, "/api/pdn", e); res.StatusCode != 200 {
			wantError(t, res, 200, "")
		}
	}
	bad := shoshin
	bad.Stipulation = "mate in 2"
	wantError(t, postJSON(t, ts, "/api/pdn", bad), 400, "composition:")
	bad = shoshin
	bad.Genre = "sonnet"
	wantError(t, postJSON(t, ts, "/api/pdn", bad), 400, `unknown genre "sonnet"`)
	bad = shoshin
	bad.FEN = "W:WKa5,a3:Ba7,f4,f4,z1"
	wantError(t, postJSON(t, ts, "/api/pdn", bad), 400, "FEN")
	bad = shoshin
	bad.Tags = [][2]string{{"a b]", "x"}}
	wantError(t, postJSON(t, ts, "/api/pdn", bad), 400, "tag name")
}

// event is one Server-Sent Event.
type event struct {
	Name string
	Data string
}

// readEvents reads a check's stream to its end.
func readEvents(t *testing.T, res *http.Response) []event {
	t.Helper()
	defer res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/event-stream" {
		b, _ := io.ReadAll(res.Body)
		t.Fatalf("check: %d %s: %s", res.StatusCode, res.Header.Get("Content-Type"), b)
	}
	b, _ := io.ReadAll(res.Body)
	var out []event
	for _, block := range strings.Split(strings.TrimSpace(string(b)), "\n\n") {
		var e event
		for _, l := range strings.Split(block, "\n") {
			if v, ok := strings.CutPrefix(l, "event: "); ok {
				e.Name = v
			} else if v, ok := strings.CutPrefix(l, "data: "); ok {
				e.Data = v
			}
		}
		out = append(out, e)
	}
	return out
}

func lastResult(t *testing.T, evs []event) Result {
	t.Helper()
	if len(evs) < 2 || evs[len(evs)-1].Name != "done" || evs[len(evs)-2].Name != "report" {
		t.Fatalf("events %v: want ... report, done", evs)
	}
	var r Result
	if err := json.Unmarshal([]byte(evs[len(evs)-2].Data), &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// The check of Shoshin's study as check makes it: sound, the unique key
// a5-b4 (the README's sample), the HTML report's entry, the solution
// tree on the board, the author's line beside the solver's.
func TestCheckShoshin(t *testing.T) {
	store, err := tablebase.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	cfg := testConfig(nil)
	cfg.Batch.Store, cfg.Batch.BuildThreads = store, 2
	cfg.Batch.Endgames = func(*draughts.Rules, *draughts.Position) int { return 4 } // Shoshin's four pieces
	_, ts := newTestServer(t, cfg)
	evs := readEvents(t, postJSON(t, ts, "/api/check", shoshin))
	r := lastResult(t, evs)
	built := false
	for _, e := range evs {
		built = built || e.Name == "note" && strings.Contains(e.Data, "building")
	}
	if !built {
		t.Errorf("no note of the endgame build in %v", evs)
	}
	if r.Verdict != judge.Sound || len(r.Keys) != 1 || r.Keys[0] != "a5-b4" {
		t.Fatalf("verdict %s keys %v (%s)", r.Verdict, r.Keys, r.Reason)
	}
	if !strings.Contains(r.HTML, "<h3>Checks</h3>") || !strings.Contains(r.HTML, "<svg") || !strings.Contains(r.HTML, "A. Shoshin") {
		t.Errorf("the report's HTML lacks the checks or the diagram:\n%.300s", r.HTML)
	}
	if len(r.Solutions) != 1 {
		t.Fatalf("%d solutions", len(r.Solutions))
	}
	sol := r.Solutions[0]
	key := sol.Tree[0]
	if key.Text != "a5-b4" || !key.Main || !key.White || strings.Join(key.Path, " ") != "a5 b4" ||
		key.After.Pieces["b4"] != "W" || key.After.Pieces["a5"] != "" || key.After.Side != "B" {
		t.Errorf("the key in the tree: %+v", key)
	}
	if len(key.Children) == 0 || key.Children[0].White {
		t.Errorf("Black's defences after the key: %+v", key.Children)
	}
	if strings.Join(sol.Author, " ") != "a5-b4 f4-g3 b4-c5 g3-h2 a3-b4 h2-g1 b4-a5" || len(sol.Solver) < len(sol.Author) || sol.Solver[0] != "a5-b4" {
		t.Errorf("author's line %v, solver's %v", sol.Author, sol.Solver)
	}
	tries := 0
	for _, m := range sol.Marks {
		if m.Kind == "try" {
			tries++
			if len(m.Arrows) < 2 || m.Arrows[0].Class != "played" || m.Arrows[1].Class != "found" {
				t.Errorf("try %s: arrows %+v", m.Title, m.Arrows)
			}
		}
	}
	if tries == 0 {
		t.Error("no try placed on the board")
	}
}

// A cross-origin request cannot start a check (nor read or change
// anything): the analysis is never called.
func TestCrossOriginRefused(t *testing.T) {
	var calls atomic.Int32
	_, ts := newTestServer(t, testConfig(func(_ context.Context, c *composition.Composition, _ judge.Options) *judge.Report {
		calls.Add(1)
		return &judge.Report{Verdict: judge.Sound}
	}))
	data, _ := json.Marshal(shoshin)
	for _, h := range []map[string]string{
		{"Sec-Fetch-Site": "cross-site"},
		{"Sec-Fetch-Site": "same-site"},
		{"Origin": "http://evil.example"},
		{"Origin": "null"},
	} {
		for _, path := range []string{"/api/check", "/api/parse", "/api/pdn", "/api/position"} {
			req, _ := http.NewRequest("POST", ts.URL+path, bytes.NewReader(data))
			req.Header.Set("Content-Type", "text/plain") // a form can send it without a preflight
			for k, v := range h {
				req.Header.Set(k, v)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			wantError(t, res, http.StatusForbidden, "cross-origin request refused")
		}
	}
	if calls.Load() != 0 {
		t.Errorf("a cross-origin request ran %d analyses", calls.Load())
	}
	// A page on another name for this machine (DNS rebinding) is refused too.
	req, _ := http.NewRequest("GET", ts.URL+"/api/systems", nil)
	req.Host = "evil.example:8377"
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	wantError(t, res, http.StatusMisdirectedRequest, "not this workbench's address")
}

func TestCheckBadInput(t *testing.T) {
	var calls atomic.Int32
	_, ts := newTestServer(t, testConfig(func(_ context.Context, c *composition.Composition, _ judge.Options) *judge.Report {
		calls.Add(1)
		return &judge.Report{Verdict: judge.Sound}
	}))
	e := shoshin
	e.FEN = "W:WKa5,a3:Ba7,f4,z1"
	wantError(t, postJSON(t, ts, "/api/check", e), 400, `square "z1"`)
	e = shoshin
	e.Solution = "1. a5-b4 ( f4-g3"
	wantError(t, postJSON(t, ts, "/api/check", e), 400, "composition:")
	e = shoshin
	e.Variant, e.FEN = "international", "W:Wa1:B5" // an 8x8 square on 10x10
	wantError(t, postJSON(t, ts, "/api/check", e), 400, "composition:")
	e = shoshin
	e.Variant = "checkers"
	wantError(t, postJSON(t, ts, "/api/check", e), 400, "unknown")
	wantError(t, post(t, ts, "/api/check", "application/json", strings.NewReader("not json")), 400, "could not be read")
	if calls.Load() != 0 {
		t.Errorf("bad input ran %d analyses", calls.Load())
	}
	// An illegal move of the author's solution is the report's author
	// error, as in check.
	e = shoshin
	e.Solution = "1. a5-b4 f4-e5 *"
	called := calls.Load()
	r := lastResult(t, readEvents(t, postJSON(t, ts, "/api/check", e)))
	if calls.Load() != called+1 || r.Verdict != judge.Sound {
		t.Errorf("an author error: %+v", r)
	}
}

// A panic in one check is that check's internal error; the server goes
// on with the next.
func TestCheckPanic(t *testing.T) {
	var n atomic.Int32
	_, ts := newTestServer(t, testConfig(func(_ context.Context, c *composition.Composition, _ judge.Options) *judge.Report {
		if n.Add(1) == 1 {
			var m map[string]int
			m["boom"]++
		}
		return &judge.Report{FEN: c.FEN(), Variant: c.Rules.ID, Verdict: judge.Sound, Keys: []string{"a5-b4"}}
	}))
	r := lastResult(t, readEvents(t, postJSON(t, ts, "/api/check", shoshin)))
	if r.Verdict != judge.VUnknown || !strings.Contains(r.Internal, "internal error: assignment to entry in nil map") {
		t.Errorf("the panicking check: verdict %s, internal %q", r.Verdict, r.Internal)
	}
	r = lastResult(t, readEvents(t, postJSON(t, ts, "/api/check", shoshin)))
	if r.Verdict != judge.Sound || r.Internal != "" {
		t.Errorf("the next check: %+v", r)
	}
}

// stuckAnalyse stands for a long search: it reports progress and runs
// until its context ends or its work budget is stopped (as the solver's
// searches do), then says how it ended on stopped.
func stuckAnalyse(started chan<- struct{}, stopped chan<- string) func(context.Context, *composition.Composition, judge.Options) *judge.Report {
	return func(ctx context.Context, c *composition.Composition, opt judge.Options) *judge.Report {
		w := opt.Solver.Budget.Work
		w.Add(12345)
		started <- struct{}{}
		for !w.Stopped() {
			time.Sleep(5 * time.Millisecond)
		}
		stopped <- ctx.Err().Error()
		return &judge.Report{Verdict: judge.VUnknown, Reason: "budget spent"}
	}
}

// A page that goes away (the stop button aborts its request) ends its
// search: the work budget is stopped and the context cancelled.
func TestCheckDisconnectStops(t *testing.T) {
	started, stopped := make(chan struct{}, 1), make(chan string, 1)
	_, ts := newTestServer(t, testConfig(stuckAnalyse(started, stopped)))
	ctx, cancel := context.WithCancel(context.Background())
	data, _ := json.Marshal(shoshin)
	req, _ := http.NewRequestWithContext(ctx, "POST", ts.URL+"/api/check", bytes.NewReader(data))
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	<-started
	// The progress reaches the page while it runs.
	buf := make([]byte, 4096)
	var seen strings.Builder
	for !strings.Contains(seen.String(), `"nodes":12345`) {
		n, err := res.Body.Read(buf)
		if err != nil {
			t.Fatalf("stream ended before any progress: %v (%s)", err, seen.String())
		}
		seen.Write(buf[:n])
	}
	cancel()
	res.Body.Close()
	select {
	case why := <-stopped:
		if why != "context canceled" {
			t.Errorf("stopped with %q", why)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the search went on after the page went away")
	}
}

// Checks queue for the slots: with one slot the second check waits
// (told how many are ahead) and runs once the first ends. Close ends
// the checks under way.
func TestCheckQueueAndClose(t *testing.T) {
	started, stopped := make(chan struct{}, 2), make(chan string, 2)
	s, ts := newTestServer(t, testConfig(stuckAnalyse(started, stopped)))
	first := make(chan []event, 1)
	go func() { first <- readEvents(t, postJSON(t, ts, "/api/check", shoshin)) }()
	<-started
	second := make(chan []event, 1)
	go func() { second <- readEvents(t, postJSON(t, ts, "/api/check", shoshin)) }()
	select {
	case <-started:
		t.Fatal("the second check started while the only slot was taken")
	case <-time.After(300 * time.Millisecond):
	}
	s.Close()
	for _, ch := range []chan []event{first, second} {
		select {
		case evs := <-ch:
			last := evs[len(evs)-1]
			if last.Name != "done" {
				t.Errorf("a check's stream ended with %v", evs)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("Close left a check running")
		}
	}
	// After Close a new check is refused with a message.
	wantError(t, postJSON(t, ts, "/api/check", shoshin), http.StatusServiceUnavailable, "shutting down")
}

func TestQueueOrder(t *testing.T) {
	q := newQueue(1)
	ctx := context.Background()
	if err := q.acquire(ctx, func(int) { t.Error("the first waits") }); err != nil {
		t.Fatal(err)
	}
	var aheads []int
	got := make(chan int, 2)
	for i := 0; i < 2; i++ {
		ahead := make(chan int, 10)
		go func() {
			_ = q.acquire(ctx, func(n int) { ahead <- n })
			got <- i
		}()
		aheads = append(aheads, <-ahead)
	}
	if aheads[0] != 0 || aheads[1] != 1 {
		t.Errorf("checks ahead %v, want [0 1]", aheads)
	}
	q.release()
	if i := <-got; i != 0 {
		t.Errorf("slot went to waiter %d, want the first", i)
	}
	q.release()
	<-got
	// A waiter whose context ends leaves the queue.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if err := q.acquire(cctx, func(int) {}); err == nil {
		t.Error("a cancelled waiter got the slot")
	}
	q.release()
	if err := q.acquire(ctx, func(int) { t.Error("the slot is free") }); err != nil {
		t.Fatal(err)
	}
}

// A Lasca composition (composition/testdata/lasca-problem.pdn, composed
// for the tests and solved there: key d2-c3) is checked and walked with
// its columns: after 1. d2-c3 d4:b2 the black man commands b2 over the
// white man it took (004 §2.3).
func TestCheckLasca(t *testing.T) {
	data, err := os.ReadFile("../composition/testdata/lasca-problem.pdn")
	if err != nil {
		t.Fatal(err)
	}
	_, ts := newTestServer(t, testConfig(nil))
	got := decode[parsed](t, post(t, ts, "/api/parse", "text/plain", bytes.NewReader(data)))
	if len(got.Entries) != 1 || got.Entries[0].Entry == nil {
		t.Fatalf("%+v", got)
	}
	r := lastResult(t, readEvents(t, postJSON(t, ts, "/api/check", got.Entries[0].Entry)))
	if r.Verdict != judge.Sound || len(r.Keys) != 1 || r.Keys[0] != "d2-c3" {
		t.Fatalf("verdict %s keys %v (%s)", r.Verdict, r.Keys, r.Reason)
	}
	sol := r.Solutions[0]
	key := sol.Tree[0]
	if len(key.Children) == 0 || key.Children[0].Text != "d4:b2" || key.Children[0].After.Pieces["b2"] != "bw" {
		t.Errorf("after 1. d2-c3 d4:b2: %+v", key.Children)
	}
	if strings.Join(sol.Author, " ") != "d2-c3 d4:b2 a1:c3 c5-b4 c3:a5" {
		t.Errorf("the author's line %v", sol.Author)
	}
}

// A special kind (11.1.4) is shown one part at a time: either-side on
// W:Wa1,h6:Bh8 with its solutions in [Solution1] and [Solution2], sound
// with key a1-b2 (docs/cli.md's examples, worked out in the composition
// package's tests), gives a solution per side to move; the tags the form
// does not edit go to the check as read.
func TestCheckSpecialKind(t *testing.T) {
	_, ts := newTestServer(t, testConfig(nil))
	e := Entry{Variant: "russian", FEN: "W:Wa1,h6:Bh8", Stipulation: "either-side: win",
		Tags: [][2]string{{"Solution1", "1. a1-b2 h8-g7 2. h6:f8"}, {"Solution2", "1... h8-g7 2. h6:f8"}}}
	r := lastResult(t, readEvents(t, postJSON(t, ts, "/api/check", e)))
	if r.Verdict != judge.Sound {
		t.Fatalf("verdict %s (%s)", r.Verdict, r.Reason)
	}
	if len(r.Solutions) != 2 || r.Solutions[0].Name == "" || r.Solutions[0].Name == r.Solutions[1].Name {
		t.Fatalf("solutions %+v", r.Solutions)
	}
	if len(r.Solutions[0].Tree) == 0 || r.Solutions[0].Tree[0].Text != "a1-b2" {
		t.Errorf("White to move: tree %+v", r.Solutions[0].Tree)
	}
	if r.Solutions[1].Start.Side != "B" {
		t.Errorf("the second part's start: %+v", r.Solutions[1].Start)
	}
}

// net/http forbids using a ResponseWriter after its handler returns (a
// fresh clone's test run once crashed in bufio.Writer.Flush when a
// progress tick outlived the check). After end, a stream writes nothing.
func TestStreamEndsWithItsHandler(t *testing.T) {
	rec := httptest.NewRecorder()
	st := &stream{w: rec, rc: http.NewResponseController(rec)}
	st.send("done", struct{}{})
	st.end()
	st.send("progress", Progress{Nodes: 1})
	if got, want := rec.Body.String(), "event: done\ndata: {}\n\n"; got != want {
		t.Errorf("stream wrote %q, want only %q", got, want)
	}
}
