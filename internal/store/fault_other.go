//go:build !(linux || darwin || freebsd)

package store

// freeSpace cannot tell the free space of a file system here.
func freeSpace(string) (uint64, bool) { return 0, false }
