package workbench

import (
	"context"
	"slices"
	"sync"
	"time"
)

// queue hands out a fixed number of slots to checks, first come first
// served: several tabs share the machine (serve --threads).
type queue struct {
	mu      sync.Mutex
	free    int
	waiting []chan struct{}
}

func newQueue(slots int) *queue { return &queue{free: slots} }

// acquire waits for a slot, calling ahead every second with the number
// of checks before this one; the error is ctx's if it ended first.
func (q *queue) acquire(ctx context.Context, ahead func(n int)) error {
	q.mu.Lock()
	if q.free > 0 && len(q.waiting) == 0 {
		q.free--
		q.mu.Unlock()
		return nil
	}
	ch := make(chan struct{})
	q.waiting = append(q.waiting, ch)
	n := len(q.waiting) - 1
	q.mu.Unlock()
	ahead(n)
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-ch:
			return nil
		case <-ctx.Done():
			q.mu.Lock()
			if i := slices.Index(q.waiting, ch); i >= 0 {
				q.waiting = slices.Delete(q.waiting, i, i+1)
				q.mu.Unlock()
			} else { // granted meanwhile: give it back
				q.mu.Unlock()
				q.release()
			}
			return ctx.Err()
		case <-tick.C:
			q.mu.Lock()
			n := slices.Index(q.waiting, ch)
			q.mu.Unlock()
			if n >= 0 {
				ahead(n)
			}
		}
	}
}

// release gives a slot back: to the first check waiting, if any.
func (q *queue) release() {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.waiting) > 0 {
		close(q.waiting[0])
		q.waiting = q.waiting[1:]
		return
	}
	q.free++
}
