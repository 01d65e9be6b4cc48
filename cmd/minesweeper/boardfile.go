package main

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

// boardFormat is a kind of file that -board reads.
type boardFormat uint8

const (
	formatRecord boardFormat = iota // the record format, text
	formatMBF                       // JSMinesweeper's MBF, binary; see package mbf
	formatReplay                    // one line of the history log, JSON
)

// String returns the format's name as errors give it.
func (f boardFormat) String() string {
	switch f {
	case formatRecord:
		return "record"
	case formatMBF:
		return "MBF"
	case formatReplay:
		return "replay"
	}
	return fmt.Sprintf("boardFormat(%d)", uint8(f))
}

// sniffLen is how much of a -board file sniffFormat looks at.
const sniffLen = 512

// maxReplay is the longest replay -board reads: a history line holds each
// mine and each move in a few bytes, so this is far beyond any board a
// terminal can show, and an endless input ends.
const maxReplay = 256 << 20

// sniffFormat tells the format of a -board file from its name and the
// first bytes of its content, head:
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
func sniffFormat(name string, head []byte) boardFormat {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".mbf", ".abf":
		return formatMBF
	}
	text := bytes.TrimPrefix(head, bom)
	if t := bytes.TrimLeft(text, " \t\r\n"); len(t) > 0 && (t[0] == '{' || t[0] == '[') {
		return formatReplay
	}
	if len(head) > 0 && head[0] != 0 && binary(head, len(head) < sniffLen) {
		return formatMBF
	}
	return formatRecord
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

// readBoard reads a -board file from r in the format sniffFormat finds:
// a record as it is, an MBF file as a record with no clicks, a replay as a
// record of its layout and its openings (see readReplay). Errors other
// than a record's, which stay as record.Read words them, start with the
// format: "MBF: byte 6: ...". Read errors from r are returned as they are.
func readBoard(name string, r io.Reader) (*record.Record, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	head, err := br.Peek(sniffLen)
	if err != nil && err != io.EOF {
		return nil, err
	}
	switch f := sniffFormat(name, head); f {
	case formatMBF:
		rec, err := mbf.Read(br)
		var e *mbf.Error
		if errors.As(err, &e) {
			return nil, fmt.Errorf("%v: %w", f, err)
		}
		return rec, err
	case formatReplay:
		if bytes.HasPrefix(head, bom) {
			br.Discard(len(bom))
		}
		rec, err := readReplay(br)
		var re *replayError
		if errors.As(err, &re) {
			return nil, fmt.Errorf("%v: %w", f, err)
		}
		return rec, err
	}
	return record.Read(br)
}

// replayError is a replay that -board cannot play.
type replayError struct{ err error }

func (e *replayError) Error() string { return e.err.Error() }
func (e *replayError) Unwrap() error { return e.err }

func replayErrorf(format string, args ...any) error {
	return &replayError{fmt.Errorf(format, args...)}
}

// readReplay reads a replay (see readGame) as the record of its board:
// the size from its settings, the mines from its layout, and as clicks
// the cells of its openings (the moves whose action is board.Open), in
// order. Its chords and marks are left out, as the record format has
// none. Read errors from r are returned as they are; every other error is
// a *replayError.
func readReplay(r io.Reader) (*record.Record, error) {
	g, err := readGame(r)
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

// readGame reads a replay: one game of the history log, a JSON object as
// one line of the log holds it, or a JSON array holding one such game, as
// "minesweeper history -json -n 1" prints it. Nothing but white space may
// follow it. Read errors from r are returned as they are; every other
// error is a *replayError.
func readGame(r io.Reader) (history.Game, error) {
	lr := &io.LimitedReader{R: r, N: maxReplay + 1}
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
// is, input past maxReplay as such, a syntax error with its byte.
func jsonError(err error, lr *io.LimitedReader) error {
	var se *json.SyntaxError
	switch {
	case lr.N <= 0:
		return replayErrorf("longer than %d MiB", maxReplay>>20)
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
