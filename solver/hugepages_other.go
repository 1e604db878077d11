//go:build !linux

package solver

// adviseHuge does nothing outside Linux (see hugepages_linux.go).
func adviseHuge([]pnEntry) {}
