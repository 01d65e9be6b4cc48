package video

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// EVFSide is the widest and tallest board an EVF video holds: a byte
// counts its rows and another its columns.
const EVFSide = 255

// ErrEVFSize is the cause of the error for a board that EVF cannot hold.
var ErrEVFSize = errors.New("board too large for EVF")

// CheckEVF returns an error, wrapping ErrEVFSize, for a board that
// WriteEVF refuses for its size: one line, saying what the format holds.
func CheckEVF(width, height int) error {
	if width > EVFSide || height > EVFSide {
		return fmt.Errorf("%w: %dx%d, and EVF holds at most %dx%d", ErrEVFSize, width, height, EVFSide, EVFSide)
	}
	return nil
}

// The fields of Info.Fields that the summary of an EVF video sets, as
// parseEVF names them: a value other than "" sets the bit.
const (
	FieldOfficial   = "official"          // the program attests an official game: won, standard mode, no help
	FieldFair       = "fair"              // won fairly: no help, no 3BV filter, no value overflowed
	FieldNF         = "NF"                // no flag placed (no effective right click)
	FieldTranscoder = "transcoded by"     // the program that transcoded the video, for a transcoded one
	FieldEncoding   = "original encoding" // the encoding of the names before it was transcoded
)

// The codes of an EVF video's events that WriteEVF writes.
const (
	evfPreFlag = 8   // "pf": a flag placed before the start
	evfWin     = 82  // the game was won
	evfFail    = 83  // the game was lost
	evfPause   = 255 // the time goes on by a uint16 of milliseconds
)

// WriteEVF writes v on w as an EVF video of version 4 (Metasweeper 3.2.1
// on), the newest version that the format's description (ms-toollib's
// "evf format", evf-format.md) fixes completely, field by field as it
// lists them:
//
//   - the summary: completed when v.Result is board.Won; official, fair
//     and NF when v.Fields hold FieldOfficial, FieldFair and FieldNF;
//     transcoded when they hold FieldTranscoder, whose value and
//     FieldEncoding's are then written after the program;
//   - the settings: question marks off unless v.QuestionMarks; the
//     pointer kept on the board and the restart on a loss off, since
//     Video says nothing of either;
//   - the rows, columns, mines and cell size (v.SquareSize); the mode by
//     its name in v.Mode (the names parseEVF gives, "no rule", "mode N");
//     v.ThreeBV and v.Time in milliseconds;
//   - the country: v.Country when it is a code of two capital letters,
//     else two zero bytes, no code, as the description gives no value
//     for a country not known;
//   - the start and end timestamps, v.Date and v.End in microseconds
//     since 1970, 0 for a zero time, which the description leaves to the
//     reader as it does its version 3's empty string;
//   - the program (v.Program), the player (v.Player); the race and unique
//     identifiers empty and the device's UUID of length 0, since Video
//     keeps none (the description asks a program to guard its users'
//     privacy with the last);
//   - the layout, a bit a cell, row by row, the first in the high bit;
//   - no custom metrics;
//   - the events: v.PreFlags as "pf" events at the start, then each of
//     v.Events (mv, lc, lr, rc, rr, mc, mr) as the change of time and of
//     the pointer since the one before (from time 0 and the pixel (0, 0)),
//     the first event at time 0 as the description counts them; a change
//     of time over 255 milliseconds goes before its event in pause events
//     (up to 65535 ms each), as Metasweeper writes it; then the end, won
//     (82) or lost (83), after the last event, for a video with a result.
//     Board events, which the description does not require (unlike RMV),
//     are left out: a reader finds the board from the layout and clicks.
//   - no checksum (length 0): the description does not say how its
//     checksum is made, and a program that signs nothing has none.
//
// WriteEVF refuses, with nothing written, what the format cannot hold: a
// board over EVFSide a side (see CheckEVF), a cell size out of 5 to 255
// or a side over 32767 pixels, more than 65535 mines or 3BV, a time of
// 2^32 milliseconds or more, an event before the one before it, a change
// of the pointer over 32767 pixels, a mode without a number; errors from
// w are returned as they are.
func WriteEVF(w io.Writer, v *Video) error {
	b, err := evfBytes(v)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// evfBytes returns v as WriteEVF writes it.
func evfBytes(v *Video) ([]byte, error) {
	if err := checkEVFVideo(v); err != nil {
		return nil, err
	}
	mode, ok := modeNumber(v.Mode)
	if !ok {
		return nil, fmt.Errorf("EVF has no number for the mode %q", v.Mode)
	}
	has := func(name string) bool {
		return slices.ContainsFunc(v.Fields, func(f Field) bool { return f.Name == name && f.Value != "" })
	}
	summary := 0
	for _, f := range []struct {
		on  bool
		bit int
	}{{v.Result == board.Won, 0x80}, {has(FieldOfficial), 0x40}, {has(FieldFair), 0x20}, {has(FieldNF), 0x10}, {has(FieldTranscoder), 0x08}} {
		if f.on {
			summary |= f.bit
		}
	}
	settings := 0
	if !v.QuestionMarks {
		settings |= 0x80
	}
	b := []byte{4, byte(summary), byte(settings), byte(v.Height), byte(v.Width)}
	b = binary.BigEndian.AppendUint16(b, uint16(len(v.Mines)))
	b = append(b, byte(v.SquareSize))
	b = binary.BigEndian.AppendUint16(b, uint16(mode))
	b = binary.BigEndian.AppendUint16(b, uint16(v.ThreeBV))
	b = binary.BigEndian.AppendUint32(b, uint32(v.Time.Milliseconds()))
	b = append(b, evfCountry(v.Country)...)
	b = binary.BigEndian.AppendUint64(b, evfMicroseconds(v.Date))
	b = binary.BigEndian.AppendUint64(b, evfMicroseconds(v.End))
	b = evfString(b, v.Program)
	if has(FieldTranscoder) {
		b = evfString(b, v.fieldValue(FieldTranscoder))
		b = evfString(b, v.fieldValue(FieldEncoding))
	}
	b = evfString(b, v.Player)
	b = evfString(b, "")                    // the race identifier
	b = evfString(b, "")                    // the unique identifier
	b = binary.BigEndian.AppendUint16(b, 0) // the device's UUID: none
	b = append(b, evfLayout(v)...)
	b = binary.BigEndian.AppendUint16(b, 0) // no custom metrics
	b, err := evfEvents(b, v)
	if err != nil {
		return nil, err
	}
	b = append(b, 0)                                // the end of the events
	return binary.BigEndian.AppendUint16(b, 0), nil // no checksum
}

// checkEVFVideo returns an error for a video whose numbers EVF cannot
// hold.
func checkEVFVideo(v *Video) error {
	if err := CheckEVF(v.Width, v.Height); err != nil {
		return err
	}
	s := v.SquareSize
	switch {
	case v.Width < 1 || v.Height < 1:
		return fmt.Errorf("%w board size %dx%d", ErrInvalid, v.Width, v.Height)
	case s < 5 || s > 255 || v.Width*s > math.MaxInt16 || v.Height*s > math.MaxInt16:
		return fmt.Errorf("EVF cannot hold a cell of %d pixels on a %dx%d board", s, v.Width, v.Height)
	case len(v.Mines) > math.MaxUint16 || v.ThreeBV < 0 || v.ThreeBV > math.MaxUint16:
		return fmt.Errorf("EVF cannot hold %d mines or a 3BV of %d", len(v.Mines), v.ThreeBV)
	case v.Time < 0 || v.Time.Milliseconds() > math.MaxUint32:
		return fmt.Errorf("EVF cannot hold a time of %v", v.Time)
	}
	for _, p := range v.Mines {
		if p.X < 0 || p.Y < 0 || p.X >= v.Width || p.Y >= v.Height {
			return fmt.Errorf("%w mine %v off the %dx%d board", ErrInvalid, p, v.Width, v.Height)
		}
	}
	return nil
}

// fieldValue returns the value of v's field name, or "".
func (v *Video) fieldValue(name string) string {
	for _, f := range v.Fields {
		if f.Name == name {
			return f.Value
		}
	}
	return ""
}

// modeNumber returns the number of the mode named name, as modeName
// names them.
func modeNumber(name string) (int, bool) {
	if i := slices.Index(modeNames, name); i >= 0 {
		return i, true
	}
	if name == "no rule" {
		return math.MaxUint16, true
	}
	if s, ok := strings.CutPrefix(name, "mode "); ok {
		n, err := strconv.Atoi(s)
		return n, err == nil && n >= 0 && n <= math.MaxUint16
	}
	return 0, false
}

// evfCountry returns the country's two bytes: its code of two capital
// letters, or two zero bytes.
func evfCountry(c string) []byte {
	if len(c) == 2 && c[0] >= 'A' && c[0] <= 'Z' && c[1] >= 'A' && c[1] <= 'Z' {
		return []byte(c)
	}
	return []byte{0, 0}
}

// evfMicroseconds returns t in microseconds since 1970, 0 for the zero
// time or one before 1970.
func evfMicroseconds(t time.Time) uint64 {
	if t.IsZero() || t.UnixMicro() <= 0 {
		return 0
	}
	return uint64(t.UnixMicro())
}

// evfString appends s as the format's string: UTF-8 (an invalid byte as
// U+FFFD), without a zero byte, ended by one.
func evfString(b []byte, s string) []byte {
	s = strings.ReplaceAll(strings.ToValidUTF8(s, "\uFFFD"), "\x00", "")
	return append(append(b, s...), 0)
}

// evfLayout returns the layout's bits: a cell a bit, row by row, the
// first cell in the first byte's high bit.
func evfLayout(v *Video) []byte {
	bits := make([]byte, (v.Width*v.Height+7)/8)
	for _, p := range v.Mines {
		i := p.Y*v.Width + p.X
		bits[i/8] |= 0x80 >> (i % 8)
	}
	return bits
}

// evfEvents appends v's events to b, as WriteEVF says.
func evfEvents(b []byte, v *Video) ([]byte, error) {
	var start time.Duration
	if len(v.Events) > 0 {
		start = v.Events[0].At
	}
	var last int64 // the time of the event before, in milliseconds from start
	x, y := 0, 0
	event := func(code int, t time.Duration, px, py int) error {
		ms := t.Milliseconds() - last
		if ms < 0 {
			return fmt.Errorf("%w: an event at %v, before the one before it", ErrInvalid, t+start)
		}
		dx, dy := px-x, py-y
		if dx < math.MinInt16 || dx > math.MaxInt16 || dy < math.MinInt16 || dy > math.MaxInt16 {
			return fmt.Errorf("EVF cannot hold the pointer's move from (%d, %d) to (%d, %d)", x, y, px, py)
		}
		last += ms
		for ms > math.MaxUint8 {
			p := min(ms, math.MaxUint16)
			b = binary.BigEndian.AppendUint16(append(b, evfPause), uint16(p))
			ms -= p
		}
		b = append(b, byte(code), byte(ms))
		b = binary.BigEndian.AppendUint16(b, uint16(int16(dx)))
		b = binary.BigEndian.AppendUint16(b, uint16(int16(dy)))
		x, y = px, py
		return nil
	}
	for _, p := range v.PreFlags {
		half := v.SquareSize / 2
		if err := event(evfPreFlag, 0, p.X*v.SquareSize+half, p.Y*v.SquareSize+half); err != nil {
			return nil, err
		}
	}
	for _, e := range v.Events {
		if e.Kind > MiddleRelease {
			return nil, fmt.Errorf("%w event kind %v", ErrInvalid, e.Kind)
		}
		if err := event(int(e.Kind)+1, e.At-start, e.X, e.Y); err != nil {
			return nil, err
		}
	}
	switch v.Result {
	case board.Won:
		b = append(b, evfWin, 0)
	case board.Lost:
		b = append(b, evfFail, 0)
	}
	return b, nil
}
