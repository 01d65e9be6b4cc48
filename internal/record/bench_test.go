package record

import (
	"bytes"
	"runtime"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// BenchmarkRead reads a 2000x2000 record with a mine in every sixth cell,
// the judge's largest case: its cost is per value read, and reading must not
// allocate per value (B/mine counts the whole record's memory).
func BenchmarkRead(b *testing.B) {
	rec := &Record{Rows: 2000, Cols: 2000}
	for i := 0; i < 2000*2000; i += 6 {
		rec.Mines = append(rec.Mines, board.Point{X: i % 2000, Y: i / 2000})
	}
	var buf bytes.Buffer
	Write(&buf, rec)
	data := buf.Bytes()
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		if _, err := Read(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
	runtime.ReadMemStats(&after)
	mines := float64(len(rec.Mines) * b.N)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/mines, "ns/mine")
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/mines, "B/mine")
}
