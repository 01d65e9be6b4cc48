package board

import (
	"slices"
	"testing"
)

func TestNeighbours(t *testing.T) {
	tests := []struct {
		name          string
		width, height int
		i             int
		want          []int
	}{
		{"one cell", 1, 1, 0, nil},
		{"a row, left end", 4, 1, 0, []int{1}},
		{"a row, inside", 4, 1, 2, []int{1, 3}},
		{"a column, inside", 1, 3, 1, []int{0, 2}},
		{"top left corner", 4, 3, 0, []int{1, 4, 5}},
		{"bottom right corner", 4, 3, 11, []int{6, 7, 10}},
		{"top edge", 4, 3, 1, []int{0, 2, 4, 5, 6}},
		{"right edge", 4, 3, 7, []int{2, 3, 6, 10, 11}},
		{"inside", 4, 3, 5, []int{0, 1, 2, 4, 6, 8, 9, 10}},
	}
	for _, tt := range tests {
		if got := slices.Collect(Neighbours(tt.width, tt.height, tt.i)); !slices.Equal(got, tt.want) {
			t.Errorf("%s: Neighbours(%d, %d, %d) = %v; want %v", tt.name, tt.width, tt.height, tt.i, got, tt.want)
		}
	}
}

func TestNeighboursStop(t *testing.T) {
	var got []int
	for j := range Neighbours(3, 3, 4) {
		got = append(got, j)
		if len(got) == 3 {
			break
		}
	}
	if want := []int{0, 1, 2}; !slices.Equal(got, want) {
		t.Errorf("the first three of Neighbours(3, 3, 4) = %v; want %v", got, want)
	}
}
