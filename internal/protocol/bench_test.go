package protocol

import (
	"bytes"
	"runtime"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// BenchmarkRead reads a request of a million cells, as a square and as a
// single row, and reports the time and the bytes allocated per cell: a
// request costs its tiles, a byte a cell, and the grid's growth, whatever
// the length of its lines.
func BenchmarkRead(b *testing.B) {
	for _, size := range []struct {
		name       string
		rows, cols int
	}{{"1000x1000", 1000, 1000}, {"1x1000000", 1, 1_000_000}} {
		b.Run(size.name, func(b *testing.B) {
			req := &Request{Rows: size.rows, Cols: size.cols, Mines: 1, Tiles: make([]board.Tile, size.rows*size.cols)}
			for i := range req.Tiles {
				req.Tiles[i] = board.TileClosed
			}
			var buf bytes.Buffer
			if err := WriteRequest(&buf, req); err != nil {
				b.Fatal(err)
			}
			data := buf.Bytes()
			b.SetBytes(int64(len(data)))
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for b.Loop() {
				if _, err := NewReader(bytes.NewReader(data)).Read(); err != nil {
					b.Fatal(err)
				}
			}
			runtime.ReadMemStats(&after)
			cells := float64(len(req.Tiles) * b.N)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/cells, "ns/cell")
			b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/cells, "B/cell")
		})
	}
}
