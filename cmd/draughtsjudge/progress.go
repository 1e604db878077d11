package main

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"

	"draughtsjudge/composition"
	"draughtsjudge/draughts"
)

// checkBar is check's progress bar on stderr: entries done of the batch,
// how many came from the store, ETA, and what is being done now: the
// endgame slices being built (for which entry, how far) and the entries
// being solved. It draws only when stderr is a terminal.
type checkBar struct {
	mu       sync.Mutex
	bar      *progressbar.ProgressBar
	names    []string
	cached   int
	building string // "12 international slices for published.pdn#3", "" when none
	built    int    // percent of the build done
	solving  map[int]bool
}

func newCheckBar(stderr io.Writer, comps []*composition.Composition) *checkBar {
	b := &checkBar{solving: map[int]bool{}}
	if len(comps) > 0 && isTerminal(stderr) {
		for _, c := range comps {
			b.names = append(b.names, c.Name())
		}
		b.bar = progressbar.NewOptions(len(comps),
			progressbar.OptionSetWriter(stderr),
			progressbar.OptionSetDescription("checking"),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionFullWidth(),
			progressbar.OptionClearOnFinish())
	}
	return b
}

// describe sets the bar's description from the state (b.mu held).
func (b *checkBar) describe() {
	var parts []string
	if b.building != "" {
		parts = append(parts, fmt.Sprintf("building %s %d%%", b.building, b.built))
	}
	if len(b.solving) > 0 {
		var idx []int
		for i := range b.solving {
			idx = append(idx, i)
		}
		sort.Ints(idx)
		var names []string
		for _, i := range idx {
			names = append(names, b.names[i])
		}
		parts = append(parts, "solving "+strings.Join(names, ", "))
	}
	if b.cached > 0 {
		parts = append(parts, fmt.Sprintf("%d from the store", b.cached))
	}
	if len(parts) == 0 {
		parts = []string{"checking"}
	}
	b.bar.Describe(strings.Join(parts, "; "))
}

// build follows batch.Config.OnBuild: n slices of r built for entry i
// (n = 0: the build is over).
func (b *checkBar) build(i int, r *draughts.Rules, n int) {
	if b.bar == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.building, b.built = "", 0
	if n > 0 {
		b.building = fmt.Sprintf("%d %s slices for %s", n, r.ID, b.names[i])
	}
	b.describe()
}

// buildProgress follows batch.Config.BuildProgress.
func (b *checkBar) buildProgress(done, total int64) {
	if b.bar == nil || total <= 0 {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if pct := int(done * 100 / total); pct != b.built {
		b.built = pct
		b.describe()
	}
}

// start follows batch.Config.OnStart.
func (b *checkBar) start(i int) {
	if b.bar == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.solving[i] = true
	b.describe()
}

// add counts entry i done.
func (b *checkBar) add(i int, cached bool) {
	if b.bar == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.solving, i)
	if cached {
		b.cached++
	}
	b.describe()
	_ = b.bar.Add(1)
}

func (b *checkBar) finish() {
	if b.bar != nil {
		_ = b.bar.Finish()
	}
}

// clear erases the bar before a report is written on stdout (the same
// terminal, most likely); the next update draws it again.
func (b *checkBar) clear() {
	if b.bar == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	_ = b.bar.Clear()
}
