package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"draughtsjudge/batch"
	"draughtsjudge/composition"
	"draughtsjudge/judge"
	"draughtsjudge/render"
)

// watchWriter is a stdout that signals once a string has been written.
type watchWriter struct {
	mu   sync.Mutex
	sb   strings.Builder
	want string
	seen chan struct{}
}

func (w *watchWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n, _ := w.sb.Write(p)
	if w.seen != nil && strings.Contains(w.sb.String(), w.want) {
		close(w.seen)
		w.seen = nil
	}
	return n, nil
}

// The text report streams: with entries finishing out of order (entry 1
// last but one, entry 3 waiting), the reports are written in input order,
// and entry 1's report is on stdout before entry 3 has finished.
func TestCheckTextStreamsInInputOrder(t *testing.T) {
	// Three positions the tool decides at once (White has no move), not
	// alike, so that none may name another as a predecessor.
	pdn := tiny + strings.Replace(tiny, "W:Wa1:Bb2,c3", "W:Wh2:Bg3,f4", 1) + strings.Replace(tiny, "W:Wa1:Bb2,c3", "W:Wa1:Bb2,c3,h8", 1)
	in := writeFile(t, filepath.Join(t.TempDir(), "three.pdn"), pdn)
	out := &watchWriter{want: "three.pdn#1 (line", seen: make(chan struct{})}
	seen := out.seen
	withAnalyse(t, func(ctx context.Context, c *composition.Composition, opt judge.Options) *judge.Report {
		switch c.Index {
		case 1:
			time.Sleep(50 * time.Millisecond) // entry 2 finishes first
		case 3:
			select {
			case <-seen:
			case <-time.After(20 * time.Second):
				t.Error("entry 1's report was not written before entry 3 finished")
			}
		}
		return judge.Analyse(ctx, c, opt)
	})
	var errs strings.Builder
	code := run(append(append([]string{"check", "--threads", "3"}, fast...), in), out, &errs)
	if code != exitDefective {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	text := out.sb.String()
	a, b, c, sum := strings.Index(text, "three.pdn#1 (line"), strings.Index(text, "three.pdn#2 (line"), strings.Index(text, "three.pdn#3 (line"), strings.Index(text, "3 entries:")
	if a < 0 || !(a < b && b < c && c < sum) {
		t.Errorf("reports not in input order before the summary (at %d, %d, %d, %d):\n%s", a, b, c, sum, text)
	}
}

// Copies of one position wait for each other (each names the others as
// predecessors), and the streamed text is the text of the whole batch.
func TestCheckTextStreamKeepsPredecessors(t *testing.T) {
	in := writeFile(t, filepath.Join(t.TempDir(), "same.pdn"), strings.Repeat(tiny, 3))
	_, text, _ := runCLI(t, append(append([]string{"check", "--threads", "3"}, fast...), in)...)
	for i, want := range []string{"same.pdn#2 (date unknown), exact duplicate", "same.pdn#1 (date unknown), exact duplicate", "same.pdn#1 (date unknown), exact duplicate"} {
		rep := text[strings.Index(text, "same.pdn#"+string(rune('1'+i))+" (line"):]
		if end := strings.Index(rep[1:], "\n== "); end > 0 {
			rep = rep[:end]
		}
		if !strings.Contains(rep, want) {
			t.Errorf("entry %d: no %q in\n%s", i+1, want, rep)
		}
	}
}

// A report waiting for a later entry that may name it (two copies of one
// position) has its head, verdict and checks, on stdout before that entry
// is done, and its score block, with the originality line, only after:
// the streamed text is the whole batch's.
func TestCheckTextStreamsHeadWhileWaiting(t *testing.T) {
	in := writeFile(t, filepath.Join(t.TempDir(), "two.pdn"), strings.Repeat(tiny, 2))
	out := &watchWriter{want: "two.pdn#1 (line", seen: make(chan struct{})}
	seen := out.seen
	var once sync.Once // the hook stays for the whole-batch run below
	withAnalyse(t, func(ctx context.Context, c *composition.Composition, opt judge.Options) *judge.Report {
		if c.Index != 2 {
			return judge.Analyse(ctx, c, opt)
		}
		once.Do(func() {
			select {
			case <-seen:
				out.mu.Lock()
				text := out.sb.String()
				out.mu.Unlock()
				if !strings.Contains(text, "VERDICT:") {
					t.Errorf("entry 1's head without its verdict:\n%s", text)
				}
				if strings.Contains(text, "SCORE:") || strings.Contains(text, "predecessor search") {
					t.Errorf("entry 1's score block written before entry 2, which names it, was done:\n%s", text)
				}
			case <-time.After(20 * time.Second):
				t.Error("entry 1's head was not written while entry 2 was analysed")
			}
		})
		return judge.Analyse(ctx, c, opt)
	})
	var errs strings.Builder
	code := run(append(append([]string{"check", "--threads", "2"}, fast...), in), out, &errs)
	if code != exitDefective {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	// The whole batch's text: the JSON report of the same run, rendered at once.
	_, js, _ := runCLI(t, append(append([]string{"check", "--threads", "2", "--format", "json"}, fast...), in)...)
	var res batch.Result
	if err := json.Unmarshal([]byte(js), &res); err != nil {
		t.Fatal(err)
	}
	var wb strings.Builder
	if err := render.Batch(&wb, &res, "text", false); err != nil {
		t.Fatal(err)
	}
	whole := wb.String()
	streamed := out.sb.String()
	strip := func(s string) string { // the seconds differ between runs
		var b strings.Builder
		for _, l := range strings.SplitAfter(s, "\n") {
			t := strings.TrimSpace(l)
			if strings.HasPrefix(t, "nodes ") || strings.Contains(l, "seconds") || strings.HasPrefix(t, "2 entries:") {
				continue
			}
			if f := strings.Fields(t); len(f) > 1 && (strings.HasSuffix(f[0], "two.pdn#1") || strings.HasSuffix(f[0], "two.pdn#2")) {
				// A row of the summary table: its last column is the seconds
				// (0.00 in one run, 0.01 in the other on a loaded machine).
				l = strings.Join(f[:len(f)-1], " ") + "\n"
			}
			b.WriteString(l)
		}
		return b.String()
	}
	if !strings.Contains(streamed, "two.pdn#2 (date unknown), exact duplicate") || strip(streamed) != strip(whole) {
		t.Errorf("streamed text differs from the batch's:\n%s\n---\n%s", streamed, whole)
	}
}

// With a store whose endgame slices are built during the run (entry by
// entry, each entry checked while the next one's build), the reports are
// the same for one thread and for two: the sample's Russian entries and
// a Russian tiny entry, with slices of up to 3 pieces.
func TestCheckDeterministicAcrossThreadsWhileBuilding(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "corpus", "sample", "published.pdn"))
	if err != nil {
		t.Fatal(err)
	}
	text, cut := string(data), 0
	for n := 0; n < 3; n++ { // the two Russian games come first: up to the third [Event
		cut += strings.Index(text[cut:], "[Event ") + 1
	}
	in := writeFile(t, filepath.Join(t.TempDir(), "russian.pdn"), text[:cut-1]+"\n"+tiny)
	var outs [2]string
	for i, th := range []string{"1", "2"} {
		db := filepath.Join(t.TempDir(), "db")
		code, out, errs := runCLI(t, "check", "--db", db, "--endgames", "3", "--nodes", "20000", "--mem", "16", "--threads", th, "--format", "json", in)
		if code != exitDefective && code != exitOK {
			t.Fatalf("threads %s: exit %d: %s", th, code, errs)
		}
		var res batch.Result
		if err := json.Unmarshal([]byte(out), &res); err != nil || len(res.Entries) != 3 {
			t.Fatalf("threads %s: %v, %d entries", th, err, len(res.Entries))
		}
		for _, e := range res.Entries {
			e.Seconds = 0
		}
		res.Summary.Seconds = 0
		b, _ := json.Marshal(res)
		outs[i] = string(b)
	}
	if outs[0] != outs[1] {
		t.Fatalf("threads 1 and 2 differ:\n%s\n%s", outs[0], outs[1])
	}
}
