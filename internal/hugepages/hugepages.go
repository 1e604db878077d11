// Package hugepages asks the kernel to back large tables that are read at
// random with transparent huge pages: with 4 KiB pages nearly every random
// access to a table of hundreds of MiB or more also misses the TLB
// (docs/performance.md has the measurements, for the proof-number table
// and for the endgame builder's slices).
package hugepages

import "unsafe"

// Huge is the size of a transparent huge page on amd64 and arm64 Linux.
const Huge = 2 << 20

// Make returns a new zeroed slice of n elements, advised (Advise) before
// anything writes it: the way to allocate a large table read at random.
func Make[T any](n uint64) []T {
	s := make([]T, n)
	Advise(s)
	return s
}

// Advise marks the whole 2 MiB pages inside s for transparent huge pages
// (madvise MADV_HUGEPAGE, where /sys/kernel/mm/transparent_hugepage/enabled
// is "madvise" or "always"); slices under 4 MiB are left alone. It must be
// called before the memory is first written: pages already present stay
// small until the kernel's khugepaged merges them. An error (another OS,
// an old kernel, THP off) changes nothing but the speed, so there is none.
func Advise[T any](s []T) {
	var zero T
	n := uintptr(len(s)) * unsafe.Sizeof(zero)
	if n < 2*Huge {
		return
	}
	start := uintptr(unsafe.Pointer(unsafe.SliceData(s)))
	lo := (start + Huge - 1) &^ (Huge - 1)
	hi := (start + n) &^ (Huge - 1)
	if hi <= lo {
		return
	}
	advise(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), n)[lo-start : hi-start])
}
