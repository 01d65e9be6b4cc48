//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unicode"

	"github.com/minesweeper-go/minesweeper/internal/boardfile"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
)

// sparse makes a file of size bytes at path that takes no room on disk:
// a file too large to read, made cheaply.
func sparse(t *testing.T, path string, size int64) string {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	return path
}

// runWithin runs the command line args with run, and fails the test if it
// has not returned by the test's deadline: a FIFO with no writer, read as
// a file is read, would block for ever.
func runWithin(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	type result struct {
		code           int
		stdout, stderr string
	}
	done := make(chan result, 1)
	go func() {
		var out, errOut strings.Builder
		code := run(args, strings.NewReader(""), &out, &errOut)
		done <- result{code, out.String(), errOut.String()}
	}()
	select {
	case r := <-done:
		return r.code, r.stdout, r.stderr
	case <-testwait.After(t):
		t.Fatalf("minesweeper %q still running at the test's deadline; want it to refuse the file at once", args)
	}
	return 0, "", ""
}

// TestUserFiles checks that -board and replay read only regular files,
// and only up to their limits: a FIFO, a device, a directory and a file
// too large are each refused at once, in one line that names the file once.
func TestUserFiles(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero on this system")
	}
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	zeroLink := filepath.Join(dir, "zero.json")
	if err := os.Symlink("/dev/zero", zeroLink); err != nil {
		t.Fatal(err)
	}
	bigBoard := sparse(t, filepath.Join(dir, "big.txt"), 3<<29)                // 1.5 GiB
	bigReplay := sparse(t, filepath.Join(dir, "big.json"), 300<<20)            // 300 MiB
	justOver := sparse(t, filepath.Join(dir, "over.txt"), boardfile.MaxFile+1) // one byte too many

	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"-board a FIFO", []string{"-board", fifo}, exitUsage,
			"minesweeper: -board: " + fifo + ": is a FIFO (a named pipe), not a regular file\n"},
		{"-board /dev/zero", []string{"-board", "/dev/zero"}, exitUsage,
			"minesweeper: -board: /dev/zero: is a device, not a regular file\n"},
		{"-board a link to /dev/zero", []string{"-board", zeroLink}, exitUsage,
			"minesweeper: -board: " + zeroLink + ": is a device, not a regular file\n"},
		{"-board a directory", []string{"-board", dir}, exitUsage,
			"minesweeper: -board: " + dir + ": is a directory\n"},
		{"-board a file too large", []string{"-board", bigBoard}, exitUsage,
			"minesweeper: -board: " + bigBoard + ": too large: 1.5 GB (the most that is read is 1 GB)\n"},
		{"-board a file one byte too large", []string{"-board", justOver}, exitUsage,
			"minesweeper: -board: " + justOver + ": too large: 1073741825 bytes (the most that is read is 1073741824 bytes)\n"},
		{"replay a FIFO", []string{"replay", fifo}, exitFailure,
			"minesweeper replay: " + fifo + ": is a FIFO (a named pipe), not a regular file\n"},
		{"replay /dev/zero", []string{"replay", "/dev/zero"}, exitFailure,
			"minesweeper replay: /dev/zero: is a device, not a regular file\n"},
		{"replay a link to /dev/zero", []string{"replay", zeroLink}, exitFailure,
			"minesweeper replay: " + zeroLink + ": is a device, not a regular file\n"},
		{"replay a directory", []string{"replay", dir}, exitFailure,
			"minesweeper replay: " + dir + ": is a directory\n"},
		{"replay a file too large", []string{"replay", bigReplay}, exitFailure,
			"minesweeper replay: " + bigReplay + ": too large: 300 MB (the most that is read is 256 MB)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runWithin(t, tt.args...)
			if code != tt.code || stdout != "" || stderr != tt.want {
				t.Errorf("minesweeper %q = %d, stdout %q, stderr %q; want %d, none, %q", tt.args, code, stdout, stderr, tt.code, tt.want)
			}
		})
	}
}

// TestUserFileText checks that what -board and replay quote of a file in
// their errors reaches the terminal without a control character: no
// escape sequence (ESC, or the C1 CSI) from the file is printed as it is.
func TestUserFileText(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	tests := []struct {
		name string
		args []string
	}{
		{"-board, a record's token", []string{"-board", write("esc.txt", "\x1b[2J 3 1 0\n")}},
		{"-board, a record's C1 token", []string{"-board", write("c1.txt", "3 \u009b31m 1 0\n")}},
		{"-board, a record's trailing data", []string{"-board", write("trail.txt", "1 1 0 0\n\x1b]0;title\x07\n")}},
		{"-board, a replay's board", []string{"-board", write("board.json", `{"v":1,"board":"\u001b[2J9x9n10 opening"}`)}},
		{"-board, a replay's move", []string{"-board", write("move.json", `{"v":1,"board":"9x9n1 opening","layout":[[0,0]],"moves":[{"m":"O\u009b1,1","t":0}]}`)}},
		{"-board, a replay's date", []string{"-board", write("date.json", `{"v":1,"date":"\u001b[2J","board":"9x9n1 opening"}`)}},
		{"-board, a replay's syntax", []string{"-board", write("syntax.json", "{\x1b[2J}")}},
		{"replay, a board", []string{"replay", write("r-board.json", `{"v":1,"board":"\u001b[2J\u009b9x9n10 opening"}`)}},
		{"replay, a move", []string{"replay", write("r-move.json", `{"v":1,"board":"9x9n1 opening","layout":[[0,0]],"moves":[{"m":"O\u001b[2J","t":0}]}`)}},
		{"replay, a date", []string{"replay", write("r-date.json", `{"v":1,"date":"2025\u009b31m","board":"9x9n1 opening"}`)}},
		{"replay, its syntax", []string{"replay", write("r-syntax.json", "[\x9b31m]")}},
		{"replay, after the game", []string{"replay", write("r-after.json", "{\"v\":1}\n\x1b[2J")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := runWithin(t, tt.args...)
			if code == exitOK || strings.Count(stderr, "\n") != 1 || !strings.HasSuffix(stderr, "\n") {
				t.Errorf("minesweeper %q = %d, stderr %q; want a failure, in one line", tt.args, code, stderr)
			}
			if i := strings.IndexFunc(strings.TrimSuffix(stderr, "\n"), unicode.IsControl); i >= 0 {
				t.Errorf("minesweeper %q: stderr %q holds the control character %U", tt.args, stderr, []rune(stderr[i:])[0])
			}
		})
	}
}
