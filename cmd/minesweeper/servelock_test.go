package main

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/dirlock"
)

// A second server on the SQLite records of a -data directory another
// holds is refused with one line before it listens (main let both run,
// each on the same file); with -db the directory holds only the host key,
// and servers of a fleet may share it.
func TestServeDataInUse(t *testing.T) {
	data := t.TempDir()
	lock, err := dirlock.Take(data, serveLock) // as a running server holds it
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Unlock()
	var stdout, stderr strings.Builder
	code := run([]string{"serve", "-data", data, "-listen", "127.0.0.1:0"}, strings.NewReader(""), &stdout, &stderr)
	want := fmt.Sprintf("minesweeper serve: %s is in use by another minesweeper serve (process %d): one server a -data directory (several servers share a -db database)\n", data, os.Getpid())
	if code != exitFailure || stderr.String() != want {
		t.Errorf("serve on a directory in use: exit %d, stderr %q; want %d, %q", code, stderr.String(), exitFailure, want)
	}
}
