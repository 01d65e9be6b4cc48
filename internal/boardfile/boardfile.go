// Package boardfile reads the files that "minesweeper -board" plays: a
// record, an MBF file or a replay (one game of the history log), telling
// them apart by their name and their first bytes.
package boardfile

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/mbf"
	"github.com/minesweeper-go/minesweeper/internal/record"
	"github.com/minesweeper-go/minesweeper/internal/session"
)

// Format is a kind of board file.
type Format uint8

// The formats that Read reads.
const (
	Record Format = iota // the record format, text
	MBF                  // JSMinesweeper's MBF, binary; see package mbf
	Replay               // one game of the history log, JSON
)

// String returns the format's name as errors give it.
func (f Format) String() string {
	switch f {
	case Record:
		return "record"
	case MBF:
		return "MBF"
	case Replay:
		return "replay"
	}
	return fmt.Sprintf("Format(%d)", uint8(f))
}

// SniffLen is how much of a file's content Sniff looks at.
const SniffLen = 512

// MaxReplay is the longest replay read, in bytes: a history line holds
// each mine and each move in a few bytes, so this is far beyond any board
// a terminal can show, and an endless input ends.
const MaxReplay = 256 << 20

// Sniff tells the format of a board file from its name and the first
// bytes of its content, head (SniffLen of them, or all if fewer):
//   - a name ending in .mbf or .abf is MBF, as JSMinesweeper reads such
//     files, whatever they hold;
//   - content that opens with '{' or '[', after an optional UTF-8 byte
//     order mark and white space, is a replay;
//   - content whose first byte is not 0 and which holds a control byte
//     that text does not (white space aside) or is not UTF-8 is MBF: a
//     board under 256 mines has a 0 in its count, and any other a width,
//     height or mine of such a byte;
//   - the rest, empty input and /dev/zero among it, is a record, whose
//     reader then words what is wrong with it as it always has.
func Sniff(name string, head []byte) Format {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".mbf", ".abf":
		return MBF
	}
	text := bytes.TrimPrefix(head, bom)
	if t := bytes.TrimLeft(text, " \t\r\n"); len(t) > 0 && (t[0] == '{' || t[0] == '[') {
		return Replay
	}
	if len(head) > 0 && head[0] != 0 && binary(head, len(head) < SniffLen) {
		return MBF
	}
	return Record
}

// binary reports whether b holds a byte no text file holds: a control byte
// other than white space, or a byte sequence that is not UTF-8. A rune cut
// at the end of b counts as text unless whole, that is, b is the whole
// input.
func binary(b []byte, whole bool) bool {
	for len(b) > 0 {
		c := b[0]
		switch {
		case c < utf8.RuneSelf:
			if (c < ' ' && !strings.ContainsRune("\t\n\v\f\r", rune(c))) || c == 0x7f {
				return true
			}
			b = b[1:]
			continue
		case !whole && !utf8.FullRune(b):
			return false
		}
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError && n == 1 {
			return true
		}
		b = b[n:]
	}
	return false
}

// bom is the UTF-8 byte order mark that some editors write first.
var bom = []byte("\uFEFF")

// Read reads a board file named name from r in the format Sniff finds: a
// record as it is, an MBF file as a record with no clicks, a replay as a
// record of its layout and its openings (the moves whose action is
// board.Open, in order; its chords and marks are left out, as the record
// format has none). Errors other than a record's, which stay as
// record.Read words them, start with the format: "MBF: byte 6: ...". Read
// errors from r are returned as they are.
func Read(name string, r io.Reader) (*record.Record, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	head, err := br.Peek(SniffLen)
	if err != nil && err != io.EOF {
		return nil, err
	}
	switch f := Sniff(name, head); f {
	case MBF:
		rec, err := mbf.Read(br)
		var e *mbf.Error
		if errors.As(err, &e) {
			return nil, fmt.Errorf("%v: %w", f, err)
		}
		return rec, err
	case Replay:
		rec, err := readReplay(br)
		var re *replayError
		if errors.As(err, &re) {
			return nil, fmt.Errorf("%v: %w", f, err)
		}
		return rec, err
	}
	return record.Read(br)
}

// replayError is a replay that cannot be played.
type replayError struct{ err error }

func (e *replayError) Error() string { return e.err.Error() }
func (e *replayError) Unwrap() error { return e.err }

func replayErrorf(format string, args ...any) error {
	return &replayError{fmt.Errorf(format, args...)}
}

// readReplay reads a replay (see ReadGame) as the record of its board: the
// size from its settings, the mines from its layout, and as clicks the
// cells of its openings. Read errors from r are returned as they are;
// every other error is a *replayError.
func readReplay(r io.Reader) (*record.Record, error) {
	g, err := ReadGame(r)
	if err != nil {
		return nil, err
	}
	k, err := session.KeptOf(g)
	if err != nil {
		return nil, replayErrorf("%v", err)
	}
	if k.Mines == nil {
		return nil, replayErrorf("it holds no layout: minesweeper replay plays it")
	}
	rec := &record.Record{Rows: k.Settings.Height, Cols: k.Settings.Width, Mines: k.Mines}
	for _, m := range k.Moves {
		if m.Move.Action == game.Open {
			rec.Clicks = append(rec.Clicks, m.Move.At)
		}
	}
	return rec, nil
}

// ReadGame reads a replay: one game of the history log, a JSON object as
// one line of the log holds it, or a JSON array holding one such game, as
// "minesweeper history -json -n 1" prints it, after an optional UTF-8 byte
// order mark. Nothing but white space may follow it. Read errors from r
// are returned as they are; the other errors say what is wrong with the
// replay without naming the format: "the input ends inside the game".
func ReadGame(r io.Reader) (history.Game, error) {
	br := bufio.NewReader(r)
	if head, _ := br.Peek(len(bom)); bytes.Equal(head, bom) {
		br.Discard(len(bom))
	}
	lr := &io.LimitedReader{R: br, N: MaxReplay + 1}
	dec := json.NewDecoder(lr)
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return history.Game{}, jsonError(err, lr)
	}
	if _, err := dec.Token(); err != io.EOF {
		if err != nil && !isJSONError(err) {
			return history.Game{}, err
		}
		return history.Game{}, replayErrorf("unexpected data after the game: want one line of the history log")
	}
	if t := bytes.TrimLeft(raw, " \t\r\n"); len(t) > 0 && t[0] == '[' {
		var games []json.RawMessage
		if err := json.Unmarshal(raw, &games); err != nil {
			return history.Game{}, replayErrorf("%v", err)
		}
		if len(games) != 1 {
			return history.Game{}, replayErrorf("the list holds %s; want one (minesweeper history -json -n 1 prints one)", record.Count(len(games), "game"))
		}
		raw = games[0]
	}
	g, newer, err := history.DecodeLine(raw)
	switch {
	case newer:
		return g, replayErrorf("written by a newer minesweeper (this one reads version %d)", history.Version)
	case err != nil:
		return g, replayErrorf("%v", err)
	}
	return g, nil
}

// jsonError words the decoder's error for a replay: a read error as it
// is, input past MaxReplay as such, a syntax error with its byte.
func jsonError(err error, lr *io.LimitedReader) error {
	var se *json.SyntaxError
	switch {
	case lr.N <= 0:
		return replayErrorf("longer than %d MiB", MaxReplay>>20)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return replayErrorf("the input ends inside the game")
	case errors.As(err, &se):
		return replayErrorf("byte %d: %v", se.Offset, err)
	case isJSONError(err):
		return replayErrorf("%v", err)
	}
	return err
}

// isJSONError reports whether err is the decoder's word on its input
// rather than a read error.
func isJSONError(err error) bool {
	var se *json.SyntaxError
	var ue *json.UnmarshalTypeError
	return errors.As(err, &se) || errors.As(err, &ue)
}
