//go:build !unix

package userfile

import "testing"

// mkfifo skips the test: the system has no FIFOs in its file system.
func mkfifo(t *testing.T, path string) {
	t.Helper()
	t.Skip("no FIFOs on this system")
}
