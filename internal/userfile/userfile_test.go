package userfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/minesweeper-go/minesweeper/internal/testwait"
)

// within runs f and fails the test unless it returns within a few
// seconds: a read that blocks (a FIFO with no writer) must not hang.
func within(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-testwait.After(t):
		t.Fatalf("%s: still blocked by the test's deadline; want it to return at once", what)
	}
}

// devZero returns /dev/zero, or skips the test where there is none.
func devZero(t *testing.T) string {
	t.Helper()
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero on this system")
	}
	return "/dev/zero"
}

func write(t *testing.T, path, content string) string {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// fileCase is a file to read with a limit, and what reading it gives.
type fileCase struct {
	name  string
	make  func(t *testing.T, dir string) string // returns the path
	limit int64
	// grow is written to the end of the file after Open and before it is
	// read: a file that grows while it is read.
	grow string
	want string // the content read, when there is no error
	// wantErr is the error's text, if not empty; errIs its cause, if not
	// nil.
	wantErr string
	errIs   error
	// wantLen is how much is read before the error, for a file that grows
	// past the limit.
	wantLen int
}

var fileCases = []fileCase{
	{
		name:  "a regular file",
		make:  func(t *testing.T, dir string) string { return write(t, filepath.Join(dir, "f"), "3 3 1 0\n1 1\n") },
		limit: 100,
		want:  "3 3 1 0\n1 1\n",
	},
	{
		name:  "a file of exactly the limit",
		make:  func(t *testing.T, dir string) string { return write(t, filepath.Join(dir, "f"), "0123456789") },
		limit: 10,
		want:  "0123456789",
	},
	{
		name:  "an empty file",
		make:  func(t *testing.T, dir string) string { return write(t, filepath.Join(dir, "f"), "") },
		limit: 10,
		want:  "",
	},
	{
		name:    "a file over the limit",
		make:    func(t *testing.T, dir string) string { return write(t, filepath.Join(dir, "f"), "0123456789X") },
		limit:   10,
		wantErr: "too large: 11 bytes (the most that is read is 10 bytes)",
		errIs:   ErrTooLarge,
	},
	{
		name: "a file a byte over a limit in words",
		make: func(t *testing.T, dir string) string {
			return write(t, filepath.Join(dir, "f"), strings.Repeat("x", 1<<10+1))
		},
		limit:   1 << 10,
		wantErr: "too large: 1025 bytes (the most that is read is 1024 bytes)",
		errIs:   ErrTooLarge,
	},
	{
		name: "a file far over a limit in words",
		make: func(t *testing.T, dir string) string {
			return write(t, filepath.Join(dir, "f"), strings.Repeat("x", 3<<10))
		},
		limit:   2 << 10,
		wantErr: "too large: 3 KB (the most that is read is 2 KB)",
		errIs:   ErrTooLarge,
	},
	{
		name:    "a file growing past the limit while it is read",
		make:    func(t *testing.T, dir string) string { return write(t, filepath.Join(dir, "f"), "01234") },
		limit:   10,
		grow:    "56789ABCDEF",
		wantErr: "too large: more than 10 bytes (the most that is read)",
		errIs:   ErrTooLarge,
		wantLen: 10,
	},
	{
		name:  "a file growing up to the limit while it is read",
		make:  func(t *testing.T, dir string) string { return write(t, filepath.Join(dir, "f"), "01234") },
		limit: 10,
		grow:  "56789",
		want:  "0123456789",
	},
	{
		name:    "a directory",
		make:    func(t *testing.T, dir string) string { return dir },
		limit:   1 << 20,
		wantErr: "is a directory",
	},
	{
		name: "a FIFO",
		make: func(t *testing.T, dir string) string {
			path := filepath.Join(dir, "fifo")
			mkfifo(t, path)
			return path
		},
		limit:   1 << 20,
		wantErr: "is a FIFO (a named pipe), not a regular file",
	},
	{
		name:    "/dev/zero",
		make:    func(t *testing.T, dir string) string { return devZero(t) },
		limit:   1 << 20,
		wantErr: "is a device, not a regular file",
	},
	{
		name: "a link to /dev/zero",
		make: func(t *testing.T, dir string) string {
			path := filepath.Join(dir, "board.txt")
			if err := os.Symlink(devZero(t), path); err != nil {
				t.Skip(err)
			}
			return path
		},
		limit:   1 << 20,
		wantErr: "is a device, not a regular file",
	},
	{
		name: "a link to a regular file",
		make: func(t *testing.T, dir string) string {
			path := filepath.Join(dir, "link")
			if err := os.Symlink(write(t, filepath.Join(dir, "f"), "hello"), path); err != nil {
				t.Skip(err)
			}
			return path
		},
		limit: 10,
		want:  "hello",
	},
	{
		name:  "a missing file",
		make:  func(t *testing.T, dir string) string { return filepath.Join(dir, "missing") },
		limit: 10,
		errIs: fs.ErrNotExist,
	},
}

// checkErr checks err against tt, and that it does not name the file.
func (tt fileCase) checkErr(t *testing.T, call, path string, err error) {
	t.Helper()
	if tt.wantErr == "" && tt.errIs == nil {
		if err != nil {
			t.Errorf("%s error = %v; want none", call, err)
		}
		return
	}
	if err == nil {
		t.Errorf("%s error = nil; want %q", call, tt.wantErr)
		return
	}
	if tt.wantErr != "" && err.Error() != tt.wantErr {
		t.Errorf("%s error = %q; want %q", call, err, tt.wantErr)
	}
	if tt.errIs != nil && !errors.Is(err, tt.errIs) {
		t.Errorf("%s error = %v; want one whose cause is %v", call, err, tt.errIs)
	}
	if strings.Contains(err.Error(), path) {
		t.Errorf("%s error = %q; want it not to name the file (the caller does)", call, err)
	}
}

func TestOpen(t *testing.T) {
	for _, tt := range fileCases {
		t.Run(tt.name, func(t *testing.T) {
			path := tt.make(t, t.TempDir())
			call := "Open+ReadAll"
			var (
				got  []byte
				err  error
				file *File
			)
			within(t, call, func() {
				file, err = Open(path, tt.limit)
				if err != nil {
					return
				}
				defer file.Close()
				if tt.grow != "" {
					f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
					if err != nil {
						t.Error(err)
						return
					}
					f.WriteString(tt.grow)
					f.Close()
				}
				got, err = io.ReadAll(file)
			})
			tt.checkErr(t, call, path, err)
			switch {
			case err == nil && string(got) != tt.want:
				t.Errorf("%s = %q; want %q", call, got, tt.want)
			case err != nil && len(got) != tt.wantLen:
				t.Errorf("%s read %d bytes before its error; want %d", call, len(got), tt.wantLen)
			}
		})
	}
}

func TestReadFile(t *testing.T) {
	for _, tt := range fileCases {
		if tt.grow != "" {
			continue // ReadFile reads at once: nothing can grow between
		}
		t.Run(tt.name, func(t *testing.T) {
			path := tt.make(t, t.TempDir())
			var (
				got []byte
				err error
			)
			within(t, "ReadFile", func() { got, err = ReadFile(path, tt.limit) })
			tt.checkErr(t, "ReadFile", path, err)
			if err == nil && string(got) != tt.want {
				t.Errorf("ReadFile = %q; want %q", got, tt.want)
			}
		})
	}
}

func TestCheck(t *testing.T) {
	for _, tt := range fileCases {
		if tt.grow != "" {
			continue
		}
		t.Run(tt.name, func(t *testing.T) {
			path := tt.make(t, t.TempDir())
			var err error
			within(t, "Check", func() { err = Check(path, tt.limit) })
			if errors.Is(tt.errIs, fs.ErrNotExist) {
				// A file to be made, such as a new database, is no error.
				tt.wantErr, tt.errIs = "", nil
			}
			tt.checkErr(t, "Check", path, err)
		})
	}
}

func TestSize(t *testing.T) {
	tests := []struct {
		n    int64
		want string
	}{
		{0, "0 bytes"},
		{1023, "1023 bytes"},
		{1024, "1 KB"},
		{1536, "1.5 KB"},
		{64 << 20, "64 MB"},
		{1 << 30, "1 GB"},
		{3 << 29, "1.5 GB"},
	}
	for _, tt := range tests {
		if got := Size(tt.n); got != tt.want {
			t.Errorf("Size(%d) = %q; want %q", tt.n, got, tt.want)
		}
	}
}

func TestPrintable(t *testing.T) {
	tests := []struct {
		name, s, want string
	}{
		{"plain ASCII", "expert no-guess", "expert no-guess"},
		{"empty", "", ""},
		{"non-ASCII letters", "débutant Ünïcödé 初級", "débutant Ünïcödé 初級"},
		{"box drawing and blocks", "┌─┐│└┘ ▁▂▃█", "┌─┐│└┘ ▁▂▃█"},
		{"U+FFFD itself", "a\uFFFDb", "a\uFFFDb"},
		{"ESC sequence: clear the screen", "\x1b[2Jexpert", "\uFFFD[2Jexpert"},
		{"ESC sequence: a window title (OSC, BEL)", "\x1b]0;pwned\x07", "\uFFFD]0;pwned\uFFFD"},
		{"C1 CSI, as UTF-8", "\u009b31mred", "\uFFFD31mred"},
		{"C1 CSI, a bare byte", "\x9b31mred", "\uFFFD31mred"},
		{"C1 NEL and OSC", "a\u0085b\u009dc", "a\uFFFDb\uFFFDc"},
		{"DEL", "a\x7fb", "a\uFFFDb"},
		{"NUL, CR, LF, tab and backspace", "a\x00b\rc\nd\te\bf", "a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\uFFFDf"},
		{"bidi override (RLO) and pop", "abc\u202Edef\u202C", "abc\uFFFDdef\uFFFD"},
		{"bidi isolates and marks", "\u2066x\u2069\u200Fy\u200E", "\uFFFDx\uFFFD\uFFFDy\uFFFD"},
		{"invalid UTF-8", "a\xffb\xc3", "a\uFFFDb\uFFFD"},
		{"a surrogate half in UTF-8 form", "a\xed\xa0\x80b", "a\uFFFD\uFFFD\uFFFDb"},
	}
	for _, tt := range tests {
		if got := Printable(tt.s); got != tt.want {
			t.Errorf("%s: Printable(%q) = %q; want %q", tt.name, tt.s, got, tt.want)
		}
	}
}

// FuzzPrintable checks that Printable's output holds no control character
// and no bidi control, is UTF-8, and is left as it is by Printable.
func FuzzPrintable(f *testing.F) {
	for _, s := range []string{"", "expert", "\x1b[2J", "\x9b31m", "\u009b", "é┌─┐", "\u202e", "\xff\xfe", "\x7f", "a\uFFFDb", "\xed\xa0\x80"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Printable(s)
		if !utf8.ValidString(got) {
			t.Fatalf("Printable(%q) = %q: not UTF-8", s, got)
		}
		for _, r := range got {
			if unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) {
				t.Fatalf("Printable(%q) = %q: holds %U", s, got, r)
			}
		}
		if again := Printable(got); again != got {
			t.Fatalf("Printable(Printable(%q)) = %q; want %q, as once", s, again, got)
		}
		if utf8.ValidString(s) && utf8.RuneCountInString(got) != utf8.RuneCountInString(s) {
			t.Fatalf("Printable(%q) = %q: %d runes; want one for each of the %d of its input",
				s, got, utf8.RuneCountInString(got), utf8.RuneCountInString(s))
		}
	})
}

// TestClip checks Width and Clip on narrow, wide and combining
// characters: a cut keeps whole characters and its mark within the
// columns.
func TestClip(t *testing.T) {
	tests := []struct {
		text  string
		cols  int
		want  string
		width int // Width(text)
	}{
		{"abc", 3, "abc", 3},
		{"abcd", 3, "ab…", 4},
		{"山田太郎", 8, "山田太郎", 8},
		{"山田太郎", 7, "山田太…", 8},
		{"山田太郎", 6, "山田…", 8}, // 太 would straddle the edge of the five columns
		{"Jose\u0301 Maria", 5, "Jose\u0301…", 10},
		{"abc", 0, "", 3},
		{"abcd", 1, "…", 4},
		{"", 5, "", 0},
	}
	for _, tt := range tests {
		if got := Width(tt.text); got != tt.width {
			t.Errorf("Width(%q) = %d; want %d", tt.text, got, tt.width)
		}
		got := Clip(tt.text, tt.cols, "…")
		if got != tt.want {
			t.Errorf("Clip(%q, %d, \"…\") = %q; want %q", tt.text, tt.cols, got, tt.want)
		}
		if w := Width(got); w > tt.cols {
			t.Errorf("Clip(%q, %d, \"…\") = %q, %d columns wide", tt.text, tt.cols, got, w)
		}
	}
}

// TestSkip checks that a read after Skip goes on at its offset, and that
// the limit counts the bytes skipped.
func TestSkip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, []byte("0123456789"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		limit, offset int64
		want          string
		tooLarge      bool
	}{
		{10, 4, "456789", false},
		{10, 10, "", false},
		{8, 4, "4567", true},
	}
	for _, tt := range tests {
		f, err := Open(path, 100)
		if err != nil {
			t.Fatal(err)
		}
		f.limit = tt.limit
		if err := f.Skip(tt.offset); err != nil {
			t.Fatalf("Skip(%d) = %v", tt.offset, err)
		}
		got, err := io.ReadAll(f)
		f.Close()
		if string(got) != tt.want || errors.Is(err, ErrTooLarge) != tt.tooLarge {
			t.Errorf("Skip(%d) then ReadAll with limit %d = %q, %v; want %q, too large %v", tt.offset, tt.limit, got, err, tt.want, tt.tooLarge)
		}
	}
}

func TestShellQuote(t *testing.T) {
	tests := []struct{ in, want string }{
		{"board.txt", "board.txt"},
		{"dir/b-1_2,x=y:z+.mbf", "dir/b-1_2,x=y:z+.mbf"},
		{"", "''"},
		{"my board", "'my board'"},
		{"it's", `'it'\''s'`},
		{"$HOME", "'$HOME'"},
	}
	for _, tt := range tests {
		if got := ShellQuote(tt.in); got != tt.want {
			t.Errorf("ShellQuote(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}
