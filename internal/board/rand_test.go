package board

import "testing"

// TestStartCell pins the start cells of gen's golden files and checks that
// every cell drawn lies on its board.
func TestStartCell(t *testing.T) {
	tests := []struct {
		width, height int
		seed          uint64
		want          Point
	}{
		{9, 9, 1, Point{X: 3, Y: 7}},   // testdata/gen/beginner.golden: "7 3"
		{12, 7, 11, Point{X: 7, Y: 2}}, // testdata/gen/custom.golden: "2 7"
		{1, 1, 5, Point{}},
	}
	for _, tt := range tests {
		if got := StartCell(tt.width, tt.height, tt.seed); got != tt.want {
			t.Errorf("StartCell(%d, %d, %d) = %v; want %v", tt.width, tt.height, tt.seed, got, tt.want)
		}
	}
	for _, size := range [][2]int{{1, 5}, {5, 1}, {30, 16}, {1000, 1000}} {
		for seed := range uint64(100) {
			p := StartCell(size[0], size[1], seed)
			if p.X < 0 || p.X >= size[0] || p.Y < 0 || p.Y >= size[1] {
				t.Fatalf("StartCell(%d, %d, %d) = %v, off the board", size[0], size[1], seed, p)
			}
		}
	}
}
