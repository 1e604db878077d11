package main

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
)

// checkBar is check's progress bar on stderr: entries done, how many came
// from the store, ETA. It draws only when stderr is a terminal.
type checkBar struct {
	mu     sync.Mutex
	bar    *progressbar.ProgressBar
	cached int
}

func newCheckBar(stderr io.Writer, n int) *checkBar {
	b := &checkBar{}
	if n > 1 && isTerminal(stderr) {
		b.bar = progressbar.NewOptions(n,
			progressbar.OptionSetWriter(stderr),
			progressbar.OptionSetDescription("checking"),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionClearOnFinish())
	}
	return b
}

func (b *checkBar) add(cached bool) {
	if b.bar == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	_ = b.bar.Add(1)
	if cached {
		b.cached++
		b.bar.Describe(fmt.Sprintf("checking (%d from the store)", b.cached))
	}
}

func (b *checkBar) finish() {
	if b.bar != nil {
		_ = b.bar.Finish()
	}
}
