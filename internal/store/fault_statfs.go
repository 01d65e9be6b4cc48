//go:build linux || darwin || freebsd

package store

import "golang.org/x/sys/unix"

// freeSpace returns the bytes the file system of dir has free for the
// user, and reports whether it could tell.
func freeSpace(dir string) (uint64, bool) {
	var st unix.Statfs_t
	if err := unix.Statfs(dir, &st); err != nil {
		return 0, false
	}
	return uint64(st.Bavail) * uint64(st.Bsize), true
}
