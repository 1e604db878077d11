package main

import (
	"bufio"
	"context"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"draughtsjudge/batch"
	"draughtsjudge/composition"
)

// defaultMemMiB is the default of --mem: an eighth of the machine's
// physical memory, between 256 MiB and 4 GiB (256 MiB when it cannot be
// read). The memory per composition does not depend on --threads, so
// neither do the answers; batchLimit keeps the compositions analysed at
// once within half of the machine.
func defaultMemMiB() int {
	total := physicalMiB()
	if total == 0 {
		return 256
	}
	return min(max(total/8, 256), 4096)
}

// batchLimit is how many compositions run at once: --threads, but no more
// than fit in half of the physical memory with mem MiB each.
func batchLimit(threads, mem int) int {
	total := physicalMiB()
	if total == 0 || mem <= 0 {
		return max(1, threads)
	}
	return max(1, min(threads, total/2/mem))
}

// physicalMiB reads MemTotal from /proc/meminfo (Linux); 0 elsewhere.
func physicalMiB() int {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemTotal:" {
			kb, err := strconv.Atoi(fields[1])
			if err != nil {
				return 0
			}
			return kb >> 10
		}
	}
	return 0
}

// programBytes is what a run holds besides a batch.Memory: the store's
// memtables (3 x 32 MiB) and block cache (256 MiB), the program and its
// buffers.
const programBytes = 512 << 20

// memoryLimit sets Go's soft memory limit (runtime/debug.SetMemoryLimit)
// for one batch from its planned memory, so that the collector keeps the
// heap within it instead of letting it grow to twice the live data
// (GOGC 100): Go's memory (the heap, the stacks, the store's memtables
// and block cache) then stays within m.Bound() plus programBytes as long
// as the searches keep within --mem; the store's memory-mapped files come
// on top in the resident set. A lower limit already set (GOMEMLIMIT) is
// kept. restore puts back the limit of before the batch.
type memoryLimit struct {
	old int64
	set bool
}

func (l *memoryLimit) apply(m batch.Memory) {
	limit := m.Bound() + programBytes
	if debug.SetMemoryLimit(-1) <= limit {
		return
	}
	l.old, l.set = debug.SetMemoryLimit(limit), true
}

func (l *memoryLimit) restore() {
	if l.set {
		debug.SetMemoryLimit(l.old)
		l.set = false
	}
}

// runBatchLimited is batch.Run with Go's memory limit set from the
// batch's planned memory for the run (memoryLimit).
func runBatchLimited(ctx context.Context, cfg batch.Config, comps []*composition.Composition) (*batch.Results, error) {
	var l memoryLimit
	defer l.restore()
	next := cfg.OnMemory
	cfg.OnMemory = func(m batch.Memory) {
		l.apply(m)
		if next != nil {
			next(m)
		}
	}
	return batch.Run(ctx, cfg, comps)
}
