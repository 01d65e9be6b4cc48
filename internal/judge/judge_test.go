package judge

import (
	"bytes"
	"errors"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/record"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestGolden replays every testdata/*.in record and compares the output
// with testdata/*.golden. example1-3 are the assignment's three examples,
// written by hand from it; go test -update rewrites the golden files.
func TestGolden(t *testing.T) {
	inputs, err := filepath.Glob(filepath.Join("testdata", "*.in"))
	if err != nil || len(inputs) == 0 {
		t.Fatalf("no testdata/*.in: %v", err)
	}
	for _, in := range inputs {
		name := strings.TrimSuffix(filepath.Base(in), ".in")
		t.Run(name, func(t *testing.T) {
			got := runFile(t, in)
			golden := strings.TrimSuffix(in, ".in") + ".golden"
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("Run(%s) wrote\n%s\nwant\n%s", in, got, want)
			}
			checkFormat(t, got)
		})
	}
}

func runFile(t *testing.T, name string) []byte {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := record.Read(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var buf bytes.Buffer
	if err := Run(rec, &buf); err != nil {
		t.Fatalf("Run(%s): %v", name, err)
	}
	return buf.Bytes()
}

// checkFormat fails the test unless the output is made of whole lines with
// no trailing spaces, no two empty lines in a row, and no empty line first
// or last.
func checkFormat(t *testing.T, out []byte) {
	t.Helper()
	if len(out) == 0 {
		return
	}
	if out[len(out)-1] != '\n' {
		t.Errorf("output does not end with a newline: %q", out)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	for i, line := range lines {
		if strings.HasSuffix(line, " ") || strings.HasPrefix(line, " ") || strings.Contains(line, "  ") {
			t.Errorf("line %d %q: stray spaces", i+1, line)
		}
		if line == "" && (i == 0 || i == len(lines)-1 || lines[i-1] == "") {
			t.Errorf("line %d: misplaced empty line", i+1)
		}
	}
}

func TestRun(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"a click on an open cell prints nothing", "1 3 0 3\n0 0\n0 1\n0 2\n", "0 0 0\nYou win\n"},
		{"repeated clicks on an open number", "1 3 1 4\n0 0\n0 1\n0 1\n0 1\n0 2\n", "-1 1 -1\n\n-1 1 0\nYou win\n"},
		{"no mines: the first click wins", "2 2 0 1\n1 1\n", "0 0\n0 0\nYou win\n"},
		{"clicks after a loss are not processed", "1 2 1 3\n0 0\n0 0\n0 1\n0 1\n", "You lose\n"},
		{"clicks after a win are not processed", "1 2 1 3\n0 0\n0 1\n0 0\n0 0\n", "-1 1\nYou win\n"},
		{"a loss after boards", "1 4 2 2\n0 0\n0 3\n0 1\n0 0\n", "-1 1 -1 -1\n\nYou lose\n"},
		{"no clicks", "3 3 1 0\n1 1\n", ""},
		{"a column", "3 1 1 1\n2 0\n0 0\n", "0\n1\n-1\nYou win\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := record.Read(strings.NewReader(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			var buf strings.Builder
			if err := Run(rec, &buf); err != nil || buf.String() != tt.want {
				t.Errorf("Run(%q) = %q, %v; want %q, nil", tt.in, buf.String(), err, tt.want)
			}
			checkFormat(t, []byte(buf.String()))
		})
	}
}

func TestRunErrors(t *testing.T) {
	tests := []struct {
		name string
		rec  *record.Record
		want error
	}{
		{"mine off the board", &record.Record{Rows: 2, Cols: 2, Mines: []board.Point{{X: 2, Y: 0}}}, board.ErrOutOfBounds},
		{"repeated mine", &record.Record{Rows: 2, Cols: 2, Mines: []board.Point{{X: 1, Y: 0}, {X: 1, Y: 0}}}, board.ErrRepeatedMine},
		{"empty board", &record.Record{}, board.ErrSize},
		{"click off the board", &record.Record{Rows: 2, Cols: 2, Clicks: []board.Point{{X: 0, Y: 2}}}, board.ErrOutOfBounds},
	}
	for _, tt := range tests {
		var buf strings.Builder
		if err := Run(tt.rec, &buf); !errors.Is(err, tt.want) {
			t.Errorf("%s: Run(%+v) = %v; want %v", tt.name, tt.rec, err, tt.want)
		}
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

func TestRunWriteError(t *testing.T) {
	rec := &record.Record{Rows: 3, Cols: 3, Clicks: []board.Point{{X: 0, Y: 0}}}
	if err := Run(rec, failWriter{}); err == nil || err.Error() != "broken pipe" {
		t.Errorf("Run(failing writer) = %v; want broken pipe", err)
	}
	// A big board fills the buffer and meets the error before the end.
	rec = bigRecord(500, 500, 40000, 50, 1)
	if err := Run(rec, failWriter{}); err == nil {
		t.Errorf("Run(failing writer) = nil; want an error")
	}
}

func TestAppendJudgeRow(t *testing.T) {
	tests := []struct{ row, want string }{
		{"#08F?*X!3", "-1 0 8 -1 -1 -1 -1 -1 3\n"},
		{"1", "1\n"},
		{"", "\n"},
	}
	for _, tt := range tests {
		if got := string(appendJudgeRow([]byte("> "), []byte(tt.row))); got != "> "+tt.want {
			t.Errorf("appendJudgeRow(%q) = %q; want %q", tt.row, got, "> "+tt.want)
		}
	}
}

// TestRunMatchesBoard replays random records and checks each printed board
// against the board package's own rendering of the same game.
func TestRunMatchesBoard(t *testing.T) {
	for seed := range uint64(60) {
		rng := rand.New(rand.NewPCG(seed, 9))
		rows, cols := 1+rng.IntN(30), 1+rng.IntN(30)
		rec := bigRecord(rows, cols, rng.IntN(rows*cols/4+1), rng.IntN(30), seed)
		var got bytes.Buffer
		if err := Run(rec, &got); err != nil {
			t.Fatal(err)
		}
		checkFormat(t, got.Bytes())
		if want := replay(t, rec); got.String() != want {
			t.Errorf("seed %d: Run wrote\n%s\nwant\n%s", seed, got.String(), want)
		}
	}
}

// replay is the judge written plainly on top of Board.String.
func replay(t *testing.T, rec *record.Record) string {
	b, err := rec.Board()
	if err != nil {
		t.Fatal(err)
	}
	var outs []string
	for _, c := range rec.Clicks {
		if _, err := b.Reveal(c); errors.Is(err, board.ErrOpen) {
			continue
		} else if err != nil {
			t.Fatal(err)
		}
		if b.Status() == board.Lost {
			outs = append(outs, "You lose\n")
			break
		}
		var sb strings.Builder
		for _, line := range strings.SplitAfter(b.String(), "\n") {
			for i, ch := range []byte(line) {
				if ch == '\n' {
					sb.WriteByte('\n')
					continue
				}
				if i > 0 {
					sb.WriteByte(' ')
				}
				if ch >= '0' && ch <= '8' {
					sb.WriteByte(ch)
				} else {
					sb.WriteString("-1")
				}
			}
		}
		if b.Status() == board.Won {
			sb.WriteString("You win\n")
		}
		outs = append(outs, sb.String())
		if b.Status() == board.Won {
			break
		}
	}
	return strings.Join(outs, "\n")
}

// bigRecord returns a record with mines mines laid at random and clicks
// clicks: first on safe cells, the last of them anywhere.
func bigRecord(rows, cols, mines, clicks int, seed uint64) *record.Record {
	rng := rand.New(rand.NewPCG(seed, 0x6a75646765))
	rec := &record.Record{Rows: rows, Cols: cols}
	mine := make([]bool, rows*cols)
	for _, i := range rng.Perm(rows * cols)[:mines] {
		mine[i] = true
		rec.Mines = append(rec.Mines, board.Point{X: i % cols, Y: i / cols})
	}
	for len(rec.Clicks) < clicks {
		i := rng.IntN(rows * cols)
		if !mine[i] || len(rec.Clicks) >= clicks*9/10 {
			rec.Clicks = append(rec.Clicks, board.Point{X: i % cols, Y: i / cols})
		}
	}
	return rec
}

// BenchmarkJudge replays 1000 clicks on a 2000x2000 board with one mine in
// six cells. Every click is on a closed safe cell away from the others, so
// each one prints the whole board: 1000 boards of 4 million numbers, about
// 8 GB of output (written to io.Discard here), the judge's worst case.
func BenchmarkJudge(b *testing.B) {
	const size, clicks = 2000, 1000
	rec := bigRecord(size, size, size*size/6, 0, 1)
	bd, err := rec.Board()
	if err != nil {
		b.Fatal(err)
	}
	mine := make([]bool, size*size)
	for _, p := range rec.Mines {
		mine[p.Y*size+p.X] = true
	}
	rng := rand.New(rand.NewPCG(2, 3))
	for len(rec.Clicks) < clicks {
		p := board.Point{X: rng.IntN(size), Y: rng.IntN(size)}
		if bd.Tile(p) == board.TileClosed && !mine[p.Y*size+p.X] {
			if _, err := bd.Reveal(p); err != nil {
				b.Fatal(err)
			}
			rec.Clicks = append(rec.Clicks, p)
		}
	}
	if bd.Status() != board.Playing {
		b.Fatalf("the clicks end the game: %v", bd.Status())
	}
	var out countWriter
	b.ResetTimer()
	for b.Loop() {
		out = 0
		if err := Run(rec, &out); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(out)/1e9, "GB-out")
}

type countWriter int64

func (w *countWriter) Write(p []byte) (int, error) {
	*w += countWriter(len(p))
	return len(p), nil
}

// FuzzRun replays fuzzed records on small boards and compares the output
// with replay, the judge written plainly on Board.String.
func FuzzRun(f *testing.F) {
	for _, in := range []string{
		"5 5 1 1\n0 0\n4 4\n",
		"4 5 1 2\n1 2\n3 0\n1 2\n",
		"4 5 1 2\n1 2\n3 0\n0 2\n",
		"3 3 2 4\n0 0\n0 2\n2 0\n2 0\n1 1\n0 1\n",
		"6 6 3 5\n0 3\n3 3\n5 0\n0 0\n5 5\n2 1\n4 4\n0 5\n",
		"1 1 0 1 0 0",
		"\uFEFF5 5 1 1\r\n0 0\r\n4 4\r\n",
		"5 5 1 1\n0 0\n\x00\x00",
	} {
		f.Add([]byte(in))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := record.Read(bytes.NewReader(data))
		if err != nil || rec.Rows*rec.Cols > 1024 || len(rec.Clicks) > 200 {
			return
		}
		var got bytes.Buffer
		if err := Run(rec, &got); err != nil {
			t.Fatalf("Run(%q): %v", data, err)
		}
		checkFormat(t, got.Bytes())
		if want := replay(t, rec); got.String() != want {
			t.Fatalf("Run(%q) wrote\n%s\nwant\n%s", data, got.String(), want)
		}
	})
}
