// Package video reads other programs' Minesweeper videos into one value:
// the board (its size and mines), the mouse events (time, kind, pointer
// and cell) and what the program recorded beside the game (player,
// program, time, 3BV, date, mode, level). Read tells the format by the
// file's content, its name's extension as a fallback; ReadAVF, ReadRMV,
// ReadEVF, ReadMVF and ReadRAWVF read one format each. Play plays a
// video's clicks on an internal/board board, as the programs' mouse
// handling does. WriteEVF writes a video as EVF, version 4.
//
// Where each format's facts come from:
//
//   - RMV (Viennasweeper), versions 1 and 2: the open description in
//     github.com/ralokt/rmv_spec (README.md, "Specification").
//   - EVF (Metasweeper), versions 3 and 4: ms-toollib's English description
//     of the format ("evf format", kept with the sample videos as
//     evf-format.md). Its board and metric events are passed over by the
//     sizes it gives them; the settings' first bit switches question
//     marks off, as it says (ms-toollib's parser reads it the other way).
//   - AVF (Minesweeper Arbiter) has no published description: its layout
//     was learnt from the parser of ms-toollib (github.com/eee555/ms-toollib,
//     base/src/videos/avf_video.rs, MIT licence) and checked against the
//     sample videos byte by byte; the code here is written from that
//     reading, not copied. The header's level, size and mines, the bracketed
//     text "[level|start|end|B3BVTtime]", the events in records of eight
//     bytes whose first byte is a set of button changes, and the footer of
//     lines ("RealTime: ", "Skin: ", the player, the program).
//   - MVF (Minesweeper Clone) has no published description either: learnt
//     from ms-toollib's mvf_video.rs in the same way. Only the files of
//     Clone 0.97 (the ones that parser reads) are read; others are refused.
//   - RAWVF: Revision 5 of the open text format (see internal/rawvf, which
//     writes it).
//
// Names are decoded as each format says: RMV v2 and EVF v4 are UTF-8 (an
// invalid byte becomes U+FFFD, not an error); RMV v1 is UTF-8 when its
// utf8 property says so and else UTF-8 or Windows-1252; AVF, MVF and EVF
// v3 say nothing and were written by Windows programs in their users'
// code pages, so a name that is not UTF-8 is read as GB18030 (the
// Chinese code page, the most common there) when it is valid GB18030 and
// else as Windows-1252, as ms-toollib does. Every text read is then made
// printable (see userfile.Printable).
//
// A damaged or hostile file gets an error of one line that names what is
// wrong and where. Nothing is allocated from a count before the count is
// checked against the bytes left; files are read up to MaxSize bytes, and
// a video holds at most MaxEvents events.
package video

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// MaxSize is the largest video file read, in bytes: an hour's video of
// the busiest format (RMV v1, nine bytes a mouse move, a hundred moves a
// second) takes about 3 MiB.
const MaxSize = 16 << 20

// MaxEvents is the most mouse events a video may hold.
const MaxEvents = 1 << 20

// MaxSide is the widest and tallest board read: the binary formats hold
// at most 256 cells a side, and the text one is held to the same.
const MaxSide = 1000

// The causes of the errors of Read and the readers, for errors.Is.
var (
	ErrUnknown     = errors.New("not a Minesweeper video of a known format")
	ErrTruncated   = errors.New("truncated")
	ErrTooLarge    = errors.New("too large")
	ErrInvalid     = errors.New("invalid")
	ErrUnsupported = errors.New("not supported")
)

// Format is a video file format.
type Format uint8

// The formats read.
const (
	AVF   Format = iota + 1 // Minesweeper Arbiter
	RMV                     // Viennasweeper
	EVF                     // Metasweeper
	MVF                     // Minesweeper Clone
	RAWVF                   // the open text format
)

var formatNames = [...]string{AVF: "AVF", RMV: "RMV", EVF: "EVF", MVF: "MVF", RAWVF: "RAWVF"}

// String returns the format's name, "AVF".
func (f Format) String() string {
	if int(f) < len(formatNames) && formatNames[f] != "" {
		return formatNames[f]
	}
	return fmt.Sprintf("Format(%d)", f)
}

// Kind is what a mouse event did.
type Kind uint8

// The kinds of mouse event.
const (
	Move          Kind = iota // the pointer moved
	LeftPress                 // the left button went down
	LeftRelease               // the left button went up
	RightPress                // the right button went down
	RightRelease              // the right button went up
	MiddlePress               // the middle button went down
	MiddleRelease             // the middle button went up
)

var kindNames = [...]string{"mv", "lc", "lr", "rc", "rr", "mc", "mr"}

// String returns the kind as RAWVF writes it: "mv", "lc", "lr", "rc",
// "rr", "mc", "mr".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Off is the cell of an event whose pointer is off the board.
var Off = board.Point{X: -1, Y: -1}

// Event is one mouse event of a video.
type Event struct {
	At   time.Duration // from the start of the recording, to the millisecond or coarser
	Kind Kind
	X, Y int         // the pointer, in pixels from the board's top left corner
	Cell board.Point // the cell under the pointer, or Off
}

// Video is a Minesweeper video: the board, the events and what the
// program recorded.
type Video struct {
	Format        Format
	Width, Height int
	Mines         []board.Point // the layout
	PreFlags      []board.Point // cells flagged before the first click, as some formats keep them
	SquareSize    int           // a cell's side in the events' pixels
	QuestionMarks bool          // whether a right click on a flag made a question mark
	Events        []Event
	Info
}

// Info is what a program recorded beside the game itself; the zero value
// of a field means that the file did not say.
type Info struct {
	Player  string        // the player's name
	Country string        // as the file gives it: a code ("CN") or a name
	Program string        // the program and its version, "Minesweeper Arbiter 0.52.3"
	Time    time.Duration // the game's time as the program recorded it
	ThreeBV int           // the 3BV the program recorded
	Date    time.Time     // when the game started (UTC when the file says so; else as the file's local time)
	End     time.Time     // when the game ended, as EVF says it (UTC)
	Level   string        // beginner, intermediate, expert or custom
	Mode    string        // the rules: standard, upk, cheat, density, ...
	Result  board.Status  // won or lost as the program recorded it; Playing when it did not
	// Fields are what else the file holds that a player may want to see,
	// in the file's order: "Skin", "NF", "official", ...
	Fields []Field
}

// Field is one more thing a video holds: a name and its value.
type Field struct{ Name, Value string }

// Settings returns the settings of the video's board; its first-click
// rule is Unsafe, since the layout is given.
func (v *Video) Settings() board.Settings {
	return board.Settings{Width: v.Width, Height: v.Height, Mines: len(v.Mines), Rule: board.Unsafe}
}

// CellAt returns the cell under the pixel (x, y), or Off.
func (v *Video) CellAt(x, y int) board.Point {
	s := v.SquareSize
	if s <= 0 || x < 0 || y < 0 || x >= v.Width*s || y >= v.Height*s {
		return Off
	}
	return board.Point{X: x / s, Y: y / s}
}

// Read reads a video of any format from r, at most MaxSize bytes. It
// tells the format by the content (see Detect) and by name's extension
// when the content does not say; name is used for nothing else.
func Read(r io.Reader, name string) (*Video, error) {
	data, err := readAll(r)
	if err != nil {
		return nil, err
	}
	f := Detect(data, name)
	if f == 0 {
		return nil, ErrUnknown
	}
	return Parse(data, f)
}

// readAll reads r up to MaxSize bytes and refuses more.
func readAll(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxSize {
		return nil, fmt.Errorf("the video is %w: over %d MiB", ErrTooLarge, MaxSize>>20)
	}
	return data, nil
}

// Parse reads data as a video of format f.
func Parse(data []byte, f Format) (*Video, error) {
	var v *Video
	var err error
	switch f {
	case AVF:
		v, err = parseAVF(data)
	case RMV:
		v, err = parseRMV(data)
	case EVF:
		v, err = parseEVF(data)
	case MVF:
		v, err = parseMVF(data)
	case RAWVF:
		v, err = parseRAWVF(data)
	default:
		return nil, ErrUnknown
	}
	if err != nil {
		return nil, fmt.Errorf("%v: %w", f, err)
	}
	v.Format = f
	return v, nil
}

// readFormat reads r up to MaxSize bytes and parses them as format f.
func readFormat(r io.Reader, f Format) (*Video, error) {
	data, err := readAll(r)
	if err != nil {
		return nil, err
	}
	return Parse(data, f)
}

// ReadAVF reads a Minesweeper Arbiter video from r.
func ReadAVF(r io.Reader) (*Video, error) { return readFormat(r, AVF) }

// ReadRMV reads a Viennasweeper video, version 1 or 2, from r.
func ReadRMV(r io.Reader) (*Video, error) { return readFormat(r, RMV) }

// ReadEVF reads a Metasweeper video, version 3 or 4, from r.
func ReadEVF(r io.Reader) (*Video, error) { return readFormat(r, EVF) }

// ReadMVF reads a Minesweeper Clone 0.97 video from r.
func ReadMVF(r io.Reader) (*Video, error) { return readFormat(r, MVF) }

// ReadRAWVF reads a RAW video (text) from r.
func ReadRAWVF(r io.Reader) (*Video, error) { return readFormat(r, RAWVF) }

// Detect returns the format of a video by its content: RMV's signature
// "*rmv", MVF's first bytes 0x11 0x4D, RAWVF's "RawVF_Version" or
// "Board:" line, EVF's version byte 3 or 4 followed by a plausible
// header, AVF's bracketed "[level|" text near its start. When the content
// says nothing, the extension of name decides; 0 when neither does.
func Detect(data []byte, name string) Format {
	switch {
	case bytes.HasPrefix(data, []byte("*rmv")):
		return RMV
	case len(data) > 2 && data[0] == 0x11 && data[1] == 0x4d:
		return MVF
	case isRAWVF(data):
		return RAWVF
	case isEVF(data):
		return EVF
	case isAVF(data):
		return AVF
	}
	switch strings.ToLower(path.Ext(name)) {
	case ".avf":
		return AVF
	case ".rmv":
		return RMV
	case ".evf":
		return EVF
	case ".mvf":
		return MVF
	case ".rawvf", ".txt":
		return RAWVF
	}
	return 0
}

// isRAWVF reports whether data starts as a RAW video: text whose first
// lines hold "RawVF_Version:" or "Board:".
func isRAWVF(data []byte) bool {
	head := data[:min(len(data), 4096)]
	return bytes.HasPrefix(head, []byte("RawVF_Version")) || bytes.Contains(head, []byte("\nRawVF_Version:")) ||
		bytes.Contains(head, []byte("\nBoard:\n")) || bytes.Contains(head, []byte("\nBoard:\r\n"))
}

// isEVF reports whether data starts as an EVF video of version 3 or 4: the
// version byte, then rows and columns from 1 to 255, mines that fit and a
// cell size from 5 to 255.
func isEVF(data []byte) bool {
	if len(data) < 8 || (data[0] != 3 && data[0] != 4) {
		return false
	}
	rows, cols := int(data[3]), int(data[4])
	mines := int(data[5])<<8 | int(data[6])
	return rows > 0 && cols > 0 && mines > 0 && mines < rows*cols && data[7] >= 5
}

// isAVF reports whether data holds, near its start, Arbiter's bracketed
// "[d|" text after the layout.
func isAVF(data []byte) bool {
	if len(data) < 6 || data[5] < 3 || data[5] > 6 {
		return false
	}
	head := data[:min(len(data), 2*256*256+1024)]
	for i := 0; i+2 < len(head); i++ {
		if head[i] == '[' && head[i+1] >= '0' && head[i+1] <= '3' && head[i+2] == '|' {
			return true
		}
	}
	return false
}

// MaxText is the most bytes of a text of a video (a name, the program)
// kept; the rest is cut.
const MaxText = 256

// clip returns b cut to MaxText bytes, before a UTF-8 character that
// would be cut. A longer text is no one's name.
func clip(b []byte) []byte {
	if len(b) <= MaxText {
		return b
	}
	n := MaxText
	for n > MaxText-utf8.UTFMax && !utf8.RuneStart(b[n]) {
		n--
	}
	return b[:n]
}

// text returns b decoded as UTF-8, its invalid bytes as U+FFFD, made
// printable; at most MaxText bytes of b are read.
func text(b []byte) string {
	return userfile.Printable(strings.ToValidUTF8(string(clip(b)), "\uFFFD"))
}

// checkBoard returns an error for a board the game cannot hold: a side
// below 1 or over MaxSide, or more mines than cells.
func checkBoard(width, height, mines int) error {
	if width < 1 || height < 1 {
		return fmt.Errorf("%w board size %dx%d", ErrInvalid, width, height)
	}
	if width > MaxSide || height > MaxSide {
		return fmt.Errorf("board %dx%d is %w (at most %dx%d)", width, height, ErrTooLarge, MaxSide, MaxSide)
	}
	if err := board.CheckSize(width, height); err != nil {
		return err
	}
	if mines < 0 || mines > width*height {
		return fmt.Errorf("%w mine count: %d on %dx%d", ErrInvalid, mines, width, height)
	}
	return nil
}

// levelOf returns the level of a board by its size and mines: the
// game's levels, and beginner for the 8x8 board with 10 mines of the
// older programs (Arbiter, Viennasweeper).
func levelOf(width, height, mines int) string {
	if width == 8 && height == 8 && mines == 10 {
		return "beginner"
	}
	return board.LevelOf(board.Settings{Width: width, Height: height, Mines: mines})
}

// addEvent appends e to v's events, its cell found from its pixels, and
// refuses more than MaxEvents.
func (v *Video) addEvent(at time.Duration, k Kind, x, y int) error {
	if len(v.Events) >= MaxEvents {
		return fmt.Errorf("%w: more than %d events", ErrTooLarge, MaxEvents)
	}
	v.Events = append(v.Events, Event{At: at, Kind: k, X: x, Y: y, Cell: v.CellAt(x, y)})
	return nil
}

// field appends a field to v's info unless its value is empty.
func (v *Video) field(name, value string) {
	if value != "" {
		v.Fields = append(v.Fields, Field{name, value})
	}
}

// modeNames are the game modes of RMV and EVF, by number.
var modeNames = []string{"standard", "upk", "cheat", "density", "win7", "competitive solvable",
	"strong solvable", "weak solvable", "to be solvable", "strong guessable", "weak guessable",
	"chording recursive", "flag recursive", "chording flag recursive", "solvable chording recursive",
	"solvable flag recursive", "solvable chording flag recursive"}

// modeName returns the name of mode n.
func modeName(n int) string {
	switch {
	case n >= 0 && n < len(modeNames):
		return modeNames[n]
	case n == 65535:
		return "no rule"
	}
	return fmt.Sprintf("mode %d", n)
}
