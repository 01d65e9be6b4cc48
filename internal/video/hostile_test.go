package video

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/endless"
)

// rmv2 returns an RMV v2 file of an 8x8 board: mines is the mine count
// its board says, cells the bytes after it (the mines' columns and rows,
// the properties and the rest), as a test wants them.
func rmv2(mines int, cells ...byte) []byte {
	var b bytes.Buffer
	b.WriteString("*rmv")
	b.Write([]byte{0, 2, 1, 5}) // version 2, Viennasweeper 5
	b.Write(make([]byte, 4))    // file size
	binary.Write(&b, binary.BigEndian, []uint16{0, 0, 0, 0, 7, 0})
	b.Write(make([]byte, 4+2)) // events, checksum sizes
	b.Write([]byte{0, 0})      // no player fields
	b.Write(make([]byte, 4))   // the board's time
	b.Write([]byte{8, 8, byte(mines >> 8), byte(mines)})
	b.Write(cells)
	return b.Bytes()
}

// rmv2Mines are the mines and properties of a sound rmv2 file, up to its
// events: 10 mines, the 7 properties, no extension properties.
var rmv2Mines = []byte{0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 0, 1, 0, 2,
	0, 0, 0, 0, 3, 0, 16, 0, 0}

// TestHostile reads damaged and hostile files: each gets an error of one
// line that names what is wrong, and its cause.
func TestHostile(t *testing.T) {
	tests := []struct {
		name   string
		format Format
		data   []byte
		cause  error
		says   string
	}{
		{"AVF level", AVF, []byte{0x31, 0, 0, 0, 0, 9}, ErrInvalid, "level 9"},
		{"AVF mines past the end", AVF, []byte{0x31, 0, 0, 0, 0, 6, 255, 255, 0xff, 0xff, 1, 1}, ErrTruncated, "65535 mines"},
		{"AVF more mines than cells", AVF, []byte{0x31, 0, 0, 0, 0, 6, 1, 1, 0, 10}, ErrInvalid, "10 on 2x2"},
		{"AVF mine off the board", AVF, []byte{0x31, 0, 0, 0, 0, 6, 1, 1, 0, 1, 3, 1}, ErrInvalid, "off the 2x2 board"},
		{"AVF no bracket", AVF, append([]byte{0x31, 0, 0, 0, 0, 6, 1, 1, 0, 1, 1, 1}, make([]byte, 100)...), ErrTruncated, "[level|"},
		{"RMV version", RMV, []byte("*rmv\x00\x03"), ErrInvalid, "version 3"},
		{"RMV player fields past the end", RMV, []byte("*rmv\x00\x02\x01\x05\x00\x00\x00\x00" + strings.Repeat("\x00", 18) + "\xff\xff\x10"), ErrTruncated, "reading a player field"},
		{"RMV mines past the end", RMV, rmv2(60, 1, 1), ErrTruncated, "60 mines"},
		{"RMV more mines than cells", RMV, rmv2(65), ErrInvalid, "65 on 8x8"},
		{"RMV mine twice", RMV, rmv2(2, 1, 1, 1, 1), ErrInvalid, "twice"},
		{"RMV no end event", RMV, rmv2(10, rmv2Mines...), ErrTruncated, "event"},
		{"RMV event code", RMV, append(rmv2(10, rmv2Mines...), 99), ErrInvalid, "event code 99"},
		{"EVF version", EVF, []byte{9, 0, 0, 8, 8, 0, 10, 16}, ErrInvalid, "version 9"},
		{"EVF no rows", EVF, []byte{4, 0, 0, 0, 8, 0, 10, 16, 0, 0, 0, 3}, ErrInvalid, "board size 8x0"},
		{"EVF more mines than cells", EVF, []byte{4, 0, 0, 2, 2, 0, 10, 16, 0, 0, 0, 3}, ErrInvalid, "10 on 2x2"},
		{"EVF layout past the end", EVF, append([]byte{3, 0, 0, 200, 200, 0, 10, 16, 0, 0, 0, 3, 0, 0, 1, 'p', 0, 'n', 0, 0, 0, '1', 0, '2', 0, 0, 0}, 1, 2), ErrTruncated, "the layout"},
		{"EVF string without end", EVF, []byte{4, 0, 0, 8, 8, 0, 10, 16, 0, 0, 0, 3, 0, 0, 0, 1, 'C', 'N', 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 'x'}, ErrTruncated, "the program"},
		{"MVF version", MVF, []byte("\x11Minesweeper Clone\x012\x01a\x031.0"), ErrUnsupported, "1.0"},
		{"MVF events past the end", MVF, mvfHead(0xff, 0xff, 0xff), ErrTruncated, "16777215 events"},
		{"RAWVF no board", RAWVF, []byte("RawVF_Version: Rev5\nWidth: 3\n"), ErrTruncated, "Board:"},
		{"RAWVF row too wide", RAWVF, []byte("Board:\n" + strings.Repeat("0", MaxSide+1) + "\nEvents:\n"), ErrTooLarge, "1001x1"},
		{"RAWVF ragged rows", RAWVF, []byte("Board:\n000\n00\nEvents:\n"), ErrInvalid, "a row of 2 cells, not 3"},
		{"RAWVF width disagrees", RAWVF, []byte("Width: 4\nBoard:\n*00\nEvents:\n"), ErrInvalid, "Width"},
		{"RAWVF too many options", RAWVF, manyOptions(300), ErrTooLarge, "more than 256 options"},
		{"RAWVF no end of lines", RAWVF, bytes.Repeat([]byte("\n"), 1<<20), ErrTruncated, "no Board: line"},
		{"RAWVF bad time", RAWVF, []byte("Board:\n*00\nEvents:\nx1 lc 1 1 (8 8)\n"), ErrInvalid, "line 4"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.data, tt.format)
		t.Logf("%s: %v", tt.name, err)
		if err == nil || !errors.Is(err, tt.cause) || !strings.Contains(err.Error(), tt.says) || strings.ContainsAny(err.Error(), "\n\r") {
			t.Errorf("%s: Parse = %v; want one line saying %q, of %v", tt.name, err, tt.says, tt.cause)
		}
	}
}

// TestTooManyEvents reads an RMV video of more than MaxEvents events
// (3 MB): an error, not more memory. It takes 15 s under the race
// detector, and is checked without it.
func TestTooManyEvents(t *testing.T) {
	if raceEnabled {
		t.Skip("slow under the race detector; make test runs it without")
	}
	data := rmv2(10, rmv2Mines...)
	data = append(data, 1, 0, 0, 0, 0, 0, 8, 0, 8) // a mouse move, then reduced ones
	data = append(data, bytes.Repeat([]byte{28, 1, 0}, MaxEvents)...)
	_, err := Parse(data, RMV)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "events") {
		t.Errorf("Parse(%d moves) = %v; want %v, more than %d events", MaxEvents+1, err, ErrTooLarge, MaxEvents)
	}
}

// TestLongName reads a name of 10,000 bytes: it is cut to MaxText
// bytes, before a character that would be cut.
func TestLongName(t *testing.T) {
	name := "é" + strings.Repeat("名", 3333)
	v, err := Parse([]byte("Player: "+name+"\nBoard:\n*0\nEvents:\n"), RAWVF)
	if err != nil {
		t.Fatal(err)
	}
	if want := name[:2+(MaxText-2)/3*3]; v.Player != want {
		t.Errorf("Parse(a name of %d bytes) Player = %d bytes; want %d", len(name), len(v.Player), len(want))
	}
}

// manyOptions returns a RAW video whose description has n options, each
// of its own name.
func manyOptions(n int) []byte {
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, "Option%d: %d\n", i, i)
	}
	b.WriteString("Board:\n0\nEvents:\n")
	return b.Bytes()
}

// mvfHead returns the start of a Clone 0.97 video of a 2x2 board with a
// mine, up to the number of events, which is n (3 bytes), and no events.
func mvfHead(n ...byte) []byte {
	b := []byte("\x11Minesweeper Clone\x092004-2005\x01a\x11version 0.97 beta")
	b = append(b, 0, 0, 0, 1, 26, 7, 216, 0, 40, 32, 4, 1, 0, 5, 0, 0, 1, 0, 1)
	b = append(b, 0, 0, 0, 0, 0, 0, 0, 2, 2, 0, 1, 1, 1, 0, 0, 0)
	return append(b, n...)
}

// TestReadTooLarge reads a video that does not end: Read stops past
// MaxSize bytes with an error.
func TestReadTooLarge(t *testing.T) {
	r := &endless.Reader{Pattern: []byte("*rmv"), Limit: 2 * MaxSize}
	_, err := Read(r, "endless.rmv")
	if !errors.Is(err, ErrTooLarge) || r.N > MaxSize+64<<10 {
		t.Errorf("Read(endless) = %v after %d bytes; want %v after about %d", err, r.N, ErrTooLarge, MaxSize)
	}
}

// TestDetect tells each sample's format by its content alone (a name
// without extension), and by the extension when the content says
// nothing.
func TestDetect(t *testing.T) {
	for _, s := range samples {
		data := readFile(t, s.file)
		if got := Detect(data, "video"); got != s.format {
			t.Errorf("Detect(%s, no extension) = %v; want %v", s.file, got, s.format)
		}
		v, err := Read(bytes.NewReader(data), "video")
		if err != nil || v.Format != s.format {
			t.Errorf("Read(%s, no extension) = %v; want a %v video", s.file, err, s.format)
		}
		read := map[Format]func(io.Reader) (*Video, error){AVF: ReadAVF, RMV: ReadRMV, EVF: ReadEVF, MVF: ReadMVF, RAWVF: ReadRAWVF}
		if v, err := read[s.format](bytes.NewReader(data)); err != nil || v.Format != s.format {
			t.Errorf("Read%v(%s) = %v; want a %v video", s.format, s.file, err, s.format)
		}
	}
	for name, want := range map[string]Format{"a.AVF": AVF, "b.rmv": RMV, "c.evf": EVF, "d.mvf": MVF, "e.rawvf": RAWVF, "f.txt": RAWVF, "g.png": 0} {
		if got := Detect([]byte{0}, name); got != want {
			t.Errorf("Detect(0x00, %q) = %v; want %v", name, got, want)
		}
	}
	if _, err := Read(bytes.NewReader([]byte("hello")), "hello.png"); !errors.Is(err, ErrUnknown) {
		t.Errorf("Read(hello.png) = %v; want %v", err, ErrUnknown)
	}
}
