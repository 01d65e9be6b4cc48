package protocol

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// FuzzParseRequests reads arbitrary input as a stream of requests. It checks
// that the reader never panics, that every error names a line of the input,
// that every request it accepts is one its rules allow (checked again here
// against the raw lines, independently of the parser), and that writing an
// accepted request and reading it back gives the same request.
func FuzzParseRequests(f *testing.F) {
	for _, seed := range []string{
		"3 3 1\n-1 -1 -1\n-1 -1 -1\n-1 -1 -1\n",
		"2 3 1 safe\r\n0 1 -1\r\n0 1 -1\r\n\n1 2 0 opening\n-1 -1\n",
		"1 3 1 unsafe\n\t1   -1 -1 ",
		"3 3\n",
		"1 2 0 safe x\n-1 -1\n",
		"3 3 99999999999999999999999\n",
		"100000 100000 1\n-1\n",
		"3 3 1 opening\n",
		"2 2 1\n-1 -1\n\n-1 -1\n",
		"1 2 1\n+1 -1\n",
		"1 2 1\n01 -1\n",
		"2 2 1\n2 -1\n0 0\n",
		"1 2 0\n0 0\n",
		"1 3 2\n1 -1 1\n",
		"1 2 1\n1 -1\n",
		"4 4 3\n-1 -1 -1 -1\n-1 3 2 -1\n-1 1 1 -1\n-1 -1 -1 -1\n\n",
		"\x00\xff\n",
		"1 1 0\n-1\n1 1 0\n-1",
		"\uFEFF1 1 0\n-1\n",
		"\uFEFF\r\n1 2 0 safe\r\n-1 -1\r\n",
		"\n\uFEFF1 1 0\n-1\n",
		"\xEF\xBB",
		strings.Repeat("\x00", 2000),
		"1 2 1\n\x00 -1\n",
		"1 3 1\n" + strings.Repeat("\x00", 1100) + "\n",
		strings.Repeat(" ", 1025) + "\n1 1 0\n-1\n",
		"1 3 1\n-1 -1 -1" + strings.Repeat(" ", 1041) + "\n",
		"2 1 0\n-1\n" + strings.Repeat("-1 ", 400),
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// The reader skips a byte order mark at the start.
		lines := strings.Split(strings.ReplaceAll(strings.TrimPrefix(string(data), "\uFEFF"), "\r\n", "\n"), "\n")
		r := NewReader(bytes.NewReader(data))
		for {
			req, err := r.Read()
			if err == io.EOF {
				return
			}
			if err != nil {
				var perr *Error
				if !errors.As(err, &perr) {
					t.Fatalf("Read error %v (%T); want *Error", err, err)
				}
				if perr.Line < 1 || perr.Line > len(lines)+1 {
					t.Fatalf("Read error %q names line %d of %d", err, perr.Line, len(lines))
				}
				if perr.Msg == "" || strings.ContainsAny(perr.Msg, "\n") {
					t.Fatalf("Read error message %q: want one non-empty line", perr.Msg)
				}
				return
			}
			checkAccepted(t, req, lines)
			var buf bytes.Buffer
			if err := WriteRequest(&buf, req); err != nil {
				t.Fatalf("WriteRequest: %v", err)
			}
			back, err := NewReader(&buf).Read()
			if err != nil {
				t.Fatalf("reading back %q: %v", buf.String(), err)
			}
			back.Line = req.Line
			if !equal(back, req) {
				t.Fatalf("read back %+v; want %+v", *back, *req)
			}
		}
	})
}

// checkAccepted fails unless req is a valid view and the input lines it
// came from spell it exactly.
func checkAccepted(t *testing.T, req *Request, lines []string) {
	t.Helper()
	if req.Rows < 1 || req.Cols < 1 || board.CheckSize(req.Cols, req.Rows) != nil {
		t.Fatalf("accepted size %dx%d", req.Rows, req.Cols)
	}
	if req.Mines < 0 || req.Mines > board.MaxMines(req.Cols, req.Rows, req.Rule) {
		t.Fatalf("accepted %d mines on %dx%d with the %s rule", req.Mines, req.Rows, req.Cols, req.Rule)
	}
	if len(req.Tiles) != req.Rows*req.Cols {
		t.Fatalf("accepted %d tiles for %dx%d", len(req.Tiles), req.Rows, req.Cols)
	}
	if closed := req.Closed(); req.Mines >= closed {
		t.Fatalf("accepted %d mines with %d closed cells", req.Mines, closed)
	}
	if req.Line+req.Rows > len(lines) {
		t.Fatalf("request at line %d with %d rows, but the input has %d lines", req.Line, req.Rows, len(lines))
	}
	hdr := strings.Fields(lines[req.Line-1])
	if len(hdr) != 3 && len(hdr) != 4 {
		t.Fatalf("accepted header %q", lines[req.Line-1])
	}
	for y := range req.Rows {
		toks := strings.Fields(lines[req.Line+y])
		if len(toks) != req.Cols {
			t.Fatalf("accepted row %q for %d columns", lines[req.Line+y], req.Cols)
		}
		for x, tok := range toks {
			want := req.Tiles[y*req.Cols+x]
			if !strings.Contains(" -1 0 1 2 3 4 5 6 7 8 ", " "+tok+" ") || want.String() != tokenName(tok) {
				t.Fatalf("accepted %q as %v", tok, want)
			}
			if want.IsOpen() && int(want) > closedAround(req, x, y) {
				t.Fatalf("accepted %d at row %d, column %d with fewer closed neighbours", want, y, x)
			}
		}
	}
}

func tokenName(tok string) string {
	if tok == "-1" {
		return "closed"
	}
	return tok
}

func closedAround(req *Request, x, y int) int {
	n := 0
	for yy := y - 1; yy <= y+1; yy++ {
		for xx := x - 1; xx <= x+1; xx++ {
			if xx >= 0 && xx < req.Cols && yy >= 0 && yy < req.Rows && req.Tiles[yy*req.Cols+xx] == board.TileClosed {
				n++
			}
		}
	}
	return n
}
