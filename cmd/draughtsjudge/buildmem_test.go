package main

import (
	"math"
	"testing"
)

// tablebase build limits Go's heap to three quarters of the machine,
// keeps a lower GOMEMLIMIT, and sets nothing when the machine's memory is
// unknown.
func TestBuildMemoryLimit(t *testing.T) {
	for _, c := range []struct {
		total   int
		current int64
		want    int64
	}{
		{24 << 10, math.MaxInt64, 18 << 30}, // a 24 GiB machine, no GOMEMLIMIT
		{24 << 10, 8 << 30, 8 << 30},        // GOMEMLIMIT=8GiB is kept
		{0, math.MaxInt64, math.MaxInt64},   // /proc/meminfo unreadable
		{1 << 10, math.MaxInt64, 768 << 20}, // 1 GiB
	} {
		if got := buildMemoryLimit(c.total, c.current); got != c.want {
			t.Errorf("buildMemoryLimit(%d MiB, %d) = %d, want %d", c.total, c.current, got, c.want)
		}
	}
}
