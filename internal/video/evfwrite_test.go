package video

import (
	"bytes"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// TestWriteEVFSamples writes each sample video as EVF and reads it back:
// the same board, mines, clicks (their times from the first), result,
// time, 3BV and names; Metasweeper's own version 4 video comes back
// whole, field for field.
func TestWriteEVFSamples(t *testing.T) {
	for _, s := range samples {
		t.Run(s.file, func(t *testing.T) {
			v := readSample(t, s.file)
			if _, ok := modeNumber(v.Mode); !ok {
				v.Mode = "standard" // RAWVF's Classic
			}
			var buf bytes.Buffer
			if err := WriteEVF(&buf, v); err != nil {
				t.Fatalf("WriteEVF(%s) = %v", s.file, err)
			}
			got, err := ReadEVF(&buf)
			if err != nil {
				t.Fatalf("ReadEVF(WriteEVF(%s)) = %v", s.file, err)
			}
			if v.Format == EVF {
				want := *v
				want.Country = string(bytes.Trim(evfCountry(v.Country), "\x00")) // "中国" has no place in two bytes
				if !reflect.DeepEqual(got, &want) {
					t.Errorf("ReadEVF(WriteEVF(%s)) =\n%+v\nwant\n%+v", s.file, got, &want)
				}
				return
			}
			if got.Width != v.Width || got.Height != v.Height || !reflect.DeepEqual(got.Mines, rowOrder(v.Mines, v.Width)) ||
				got.Result != v.Result || got.Time != v.Time.Truncate(time.Millisecond) || got.ThreeBV != v.ThreeBV ||
				got.Player != v.Player || got.Program != v.Program || got.QuestionMarks != v.QuestionMarks {
				t.Errorf("ReadEVF(WriteEVF(%s)) = %dx%d %v %v %v %d %q %q %v; want %dx%d %v %v %v %d %q %q %v", s.file,
					got.Width, got.Height, got.Mines, got.Result, got.Time, got.ThreeBV, got.Player, got.Program, got.QuestionMarks,
					v.Width, v.Height, v.Mines, v.Result, v.Time, v.ThreeBV, v.Player, v.Program, v.QuestionMarks)
			}
			if len(got.Events) != len(v.Events) {
				t.Fatalf("ReadEVF(WriteEVF(%s)) has %d events; want %d", s.file, len(got.Events), len(v.Events))
			}
			for i, e := range v.Events {
				e.At = e.At.Truncate(time.Millisecond) - v.Events[0].At.Truncate(time.Millisecond)
				if got.Events[i] != e {
					t.Fatalf("ReadEVF(WriteEVF(%s)) event %d = %+v; want %+v", s.file, i, got.Events[i], e)
				}
			}
		})
	}
}

// rowOrder returns the cells of a board of width w row by row, as EVF's
// layout holds them.
func rowOrder(ps []board.Point, w int) []board.Point {
	ps = slices.Clone(ps)
	slices.SortFunc(ps, func(a, b board.Point) int { return (a.Y*w + a.X) - (b.Y*w + b.X) })
	return ps
}

// TestWriteEVFRefuses checks what WriteEVF refuses, with nothing written.
func TestWriteEVFRefuses(t *testing.T) {
	ok := func() *Video {
		return &Video{Width: 3, Height: 2, Mines: []board.Point{{X: 2, Y: 1}}, SquareSize: 16, Info: Info{Mode: "standard"},
			Events: []Event{{At: time.Second, Kind: LeftPress, X: 8, Y: 8}, {At: 1200 * time.Millisecond, Kind: LeftRelease, X: 8, Y: 8}}}
	}
	tests := []struct {
		name   string
		change func(v *Video)
		want   string
	}{
		{"a board too wide", func(v *Video) { v.Width = 256; v.SquareSize = 5 }, "board too large for EVF: 256x2, and EVF holds at most 255x255"},
		{"a cell too small", func(v *Video) { v.SquareSize = 4 }, "EVF cannot hold a cell of 4 pixels on a 3x2 board"},
		{"a board too wide in pixels", func(v *Video) { v.Width, v.SquareSize = 200, 200 }, "EVF cannot hold a cell of 200 pixels on a 200x2 board"},
		{"a 3BV too large", func(v *Video) { v.ThreeBV = 70000 }, "EVF cannot hold 1 mines or a 3BV of 70000"},
		{"a time too long", func(v *Video) { v.Time = 50 * 24 * time.Hour }, "EVF cannot hold a time of 1200h0m0s"},
		{"a mine off the board", func(v *Video) { v.Mines[0].X = 3 }, "invalid mine (3,1) off the 3x2 board"},
		{"an unknown mode", func(v *Video) { v.Mode = "classic" }, `EVF has no number for the mode "classic"`},
		{"an event back in time", func(v *Video) { v.Events[1].At = 0 }, "invalid: an event at 0s, before the one before it"},
		{"a pointer too far", func(v *Video) { v.Events[1].X = 40000 }, "EVF cannot hold the pointer's move from (8, 8) to (40000, 8)"},
		{"an unknown kind", func(v *Video) { v.Events[1].Kind = 9 }, "invalid event kind Kind(9)"},
	}
	var buf bytes.Buffer
	if err := WriteEVF(&buf, ok()); err != nil {
		t.Fatalf("WriteEVF(a 3x2 board) = %v", err)
	}
	for _, tt := range tests {
		v := ok()
		tt.change(v)
		buf.Reset()
		err := WriteEVF(&buf, v)
		if err == nil || err.Error() != tt.want || buf.Len() != 0 {
			t.Errorf("%s: WriteEVF = %v, %d bytes; want %q and none", tt.name, err, buf.Len(), tt.want)
		}
	}
	if err := WriteEVF(&buf, &Video{Width: 256, Height: 1, SquareSize: 16, Info: Info{Mode: "standard"}}); !errors.Is(err, ErrEVFSize) {
		t.Errorf("WriteEVF(a 256x1 board) = %v; want ErrEVFSize", err)
	}
}

// TestWriteEVFPauses checks the changes of time over 255 milliseconds:
// written as pause events, up to 65535 ms each, before their event.
func TestWriteEVFPauses(t *testing.T) {
	v := &Video{Width: 2, Height: 1, Mines: []board.Point{{X: 1, Y: 0}}, SquareSize: 16, Info: Info{Mode: "standard"}}
	for _, ms := range []int{0, 255, 256, 256 + 65535, 256 + 65535 + 65535 + 1000} {
		v.Events = append(v.Events, Event{At: time.Duration(ms) * time.Millisecond, Kind: Move, X: 8, Y: 8, Cell: board.Point{}})
	}
	var buf bytes.Buffer
	if err := WriteEVF(&buf, v); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	_, events, _ := bytes.Cut(b, []byte{0, 0, 0x40, 0, 0}) // the device's UUID, the layout, no metrics
	want := []byte{
		1, 0, 0, 8, 0, 8, // at 0, the pointer to (8, 8)
		1, 255, 0, 0, 0, 0, // at 255
		1, 1, 0, 0, 0, 0, // at 256
		255, 255, 255, 1, 0, 0, 0, 0, 0, // a pause of 65535, then the event
		255, 255, 255, 255, 3, 232, 1, 0, 0, 0, 0, 0, // pauses of 65535 and 1000
		0, 0, 0, // the end, no checksum
	}
	if !bytes.Equal(events, want) {
		t.Errorf("WriteEVF's events = % x; want % x", events, want)
	}
	got, err := ReadEVF(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Events, v.Events) {
		t.Errorf("ReadEVF(WriteEVF) events = %v; want %v", got.Events, v.Events)
	}
	if !strings.HasPrefix(string(b), "\x04\x00\x80") {
		t.Errorf("WriteEVF's version, summary and settings = % x; want 04 00 80 (question marks off)", b[:3])
	}
}
