// Package diskspace tells how much room a filesystem has left, for the
// stores (the tablebase store, the archive) that stop before a disk fills.
package diskspace

import "golang.org/x/sys/unix"

// Free returns the bytes available to this user on dir's filesystem.
func Free(dir string) (uint64, error) {
	var st unix.Statfs_t
	if err := unix.Statfs(dir, &st); err != nil {
		return 0, err
	}
	return st.Bavail * uint64(st.Bsize), nil
}
