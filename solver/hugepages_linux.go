package solver

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// adviseHuge asks the kernel to back slots with transparent huge pages
// (madvise MADV_HUGEPAGE, where /sys/kernel/mm/transparent_hugepage is
// "madvise"): the table is probed at random, and with 4 KiB pages nearly
// every probe of a table of GiBs also misses the TLB (docs/performance.md
// has the measurements). Only tables of at least 4 MiB; an error (an old
// kernel, THP off) changes nothing but the speed.
func adviseHuge(slots []pnEntry) {
	const huge = 2 << 20
	n := uintptr(len(slots)) * unsafe.Sizeof(pnEntry{})
	if n < 2*huge {
		return
	}
	start := uintptr(unsafe.Pointer(unsafe.SliceData(slots)))
	lo := (start + huge - 1) &^ (huge - 1)
	hi := (start + n) &^ (huge - 1)
	if hi <= lo {
		return
	}
	all := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(slots))), n)
	_ = unix.Madvise(all[lo-start:hi-start], unix.MADV_HUGEPAGE)
}
