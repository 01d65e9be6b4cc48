// Package userfile reads the files a user names or could have replaced:
// board files, replays, bench reports, an old history log. Every read is
// bounded: only a regular file is read (a FIFO would block for ever, a
// device such as /dev/zero never ends), and only up to a size limit. Text
// taken from such files, or from the network, goes through Printable
// before it reaches a terminal; Width and Clip measure and cut it by the
// columns a terminal gives it.
//
// Its errors do not name the file: the caller does, once.
package userfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"syscall"
	"unicode"
	"unicode/utf8"

	"github.com/rivo/uniseg"
)

// ErrTooLarge is the cause of the error for a file larger than the limit
// it is read with.
var ErrTooLarge = errors.New("too large")

// File is a regular file opened for reading, which reads at most its
// limit.
type File struct {
	f *os.File
	r io.Reader
	n int64 // bytes read so far
	// limit is the most that is read; one byte more is an error.
	limit int64
}

// Open opens the file name for reading, if it is a regular file (a link
// to one is one) no larger than limit bytes. A FIFO, a device, a socket
// or a directory is refused at once, without blocking: it is opened
// non-blocking and checked before anything is read. A file that grows
// past limit while it is read fails the read with ErrTooLarge.
func Open(name string, limit int64) (*File, error) {
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, pathless(err)
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, pathless(err)
	}
	if err := check(fi, limit); err != nil {
		f.Close()
		return nil, err
	}
	return &File{f: f, r: io.LimitReader(f, limit+1), limit: limit}, nil
}

// check returns an error unless fi is a regular file of at most limit
// bytes.
func check(fi fs.FileInfo, limit int64) error {
	m := fi.Mode()
	switch {
	case m.IsRegular():
	case m.IsDir():
		return errors.New("is a directory")
	case m&fs.ModeNamedPipe != 0:
		return errors.New("is a FIFO (a named pipe), not a regular file")
	case m&fs.ModeDevice != 0:
		return errors.New("is a device, not a regular file")
	case m&fs.ModeSocket != 0:
		return errors.New("is a socket, not a regular file")
	default:
		return errors.New("is not a regular file")
	}
	if fi.Size() > limit {
		return tooLarge(fi.Size(), limit)
	}
	return nil
}

// tooLarge returns the error for a file of size bytes, or of more than
// limit when size is below 0. Sizes that round to the same words, as a
// file one byte over a limit of 1 GB does, are given in bytes.
func tooLarge(size, limit int64) error {
	if size < 0 {
		return fmt.Errorf("%w: more than %s (the most that is read)", ErrTooLarge, Size(limit))
	}
	got, most := Size(size), Size(limit)
	if got == most {
		got, most = fmt.Sprintf("%d bytes", size), fmt.Sprintf("%d bytes", limit)
	}
	return fmt.Errorf("%w: %s (the most that is read is %s)", ErrTooLarge, got, most)
}

// Read reads from the file; past its limit it returns an error whose cause
// is ErrTooLarge.
func (f *File) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	f.n += int64(n)
	if f.n > f.limit {
		return n - int(f.n-f.limit), tooLarge(-1, f.limit)
	}
	if err != nil && err != io.EOF {
		err = pathless(err)
	}
	return n, err
}

// Skip moves the next read to the byte offset of the file, which counts
// towards the limit as bytes read: a reader going on where it stopped.
func (f *File) Skip(offset int64) error {
	if offset < 0 || offset > f.limit {
		return fmt.Errorf("offset %d is outside the file's limit of %d bytes", offset, f.limit)
	}
	if _, err := f.f.Seek(offset, io.SeekStart); err != nil {
		return pathless(err)
	}
	f.r, f.n = io.LimitReader(f.f, f.limit+1-offset), offset
	return nil
}

// Stat returns the file's information.
func (f *File) Stat() (fs.FileInfo, error) { return f.f.Stat() }

// Close closes the file.
func (f *File) Close() error { return f.f.Close() }

// ReadFile returns the content of the file name, read as Open allows.
func ReadFile(name string, limit int64) ([]byte, error) {
	f, err := Open(name, limit)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// Check returns the error Open would give for the file name, without
// reading it: for files that another library opens, such as a database.
// A file that does not exist is no error here.
func Check(name string, limit int64) error {
	fi, err := os.Stat(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return pathless(err)
	}
	return check(fi, limit)
}

// Size returns n bytes in words: "512 bytes", "64 MB", "1.5 GB".
func Size(n int64) string {
	const k = 1 << 10
	switch {
	case n < k:
		return fmt.Sprintf("%d bytes", n)
	case n < k*k:
		return trim(float64(n)/k) + " KB"
	case n < k*k*k:
		return trim(float64(n)/(k*k)) + " MB"
	}
	return trim(float64(n)/(k*k*k)) + " GB"
}

func trim(f float64) string {
	return strings.TrimSuffix(fmt.Sprintf("%.1f", f), ".0")
}

// Printable returns s with what a terminal would act on made harmless:
// each control character (C0, DEL, C1, such as ESC, which starts an escape
// sequence) and each byte that is not UTF-8 becomes U+FFFD; and so does
// a Unicode format character that reorders text (bidi controls).
func Printable(s string) string {
	clean := true
	for i, r := range s {
		if !keep(r) || (r == utf8.RuneError && isBad(s[i:])) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		if !keep(r) || (r == utf8.RuneError && isBad(s[i:])) {
			r = utf8.RuneError
		}
		b.WriteRune(r)
	}
	return b.String()
}

func keep(r rune) bool {
	return !unicode.IsControl(r) && !unicode.Is(unicode.Bidi_Control, r)
}

func isBad(s string) bool {
	_, size := utf8.DecodeRuneInString(s)
	return size <= 1
}

func pathless(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Width returns the columns a terminal gives text: one for most
// characters, two for a wide one, none for a combining mark, by
// grapheme cluster as tcell draws them.
func Width(text string) int { return uniseg.StringWidth(text) }

// Clip returns text cut to at most cols columns (see Width), whole
// grapheme clusters only, ending in more when it is cut: more is within
// the cols. A wide character that would straddle the edge is left out.
func Clip(text string, cols int, more string) string {
	if Width(text) <= cols {
		return text
	}
	room := cols - Width(more)
	if room < 0 {
		return ""
	}
	var b strings.Builder
	used, state := 0, -1
	for rest := text; rest != ""; {
		var g string
		var w int
		g, rest, w, state = uniseg.FirstGraphemeClusterInString(rest, state)
		if used+w > room {
			break
		}
		b.WriteString(g)
		used += w
	}
	return b.String() + more
}

// ShellQuote quotes s for a POSIX shell when it needs quoting.
func ShellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+,=:") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
