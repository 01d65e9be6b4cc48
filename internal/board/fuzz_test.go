package board

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// decodeGame turns fuzz bytes into a board and a list of moves:
//
//	byte 0, 1: width and height, 1 to 8
//	byte 2:    bit 0 a random board (NewRandom) rather than a fixed layout,
//	           bits 1-2 its first-click rule, bit 3 question marks off
//	then:      a random board's mine count and seed (2 bytes), or a fixed
//	           layout's mines, one bit a cell, row by row
//	then:      moves, two bytes each: the action (0-2 open, 3-4 chord, 5-6
//	           mark, 7 an unknown action) and the point (low nibble the
//	           column, high nibble the row, each from -1 to one past the
//	           edge, so moves fall off the board too); at most 100.
func decodeGame(data []byte) (*Board, []Move, bool) {
	if len(data) < 3 {
		return nil, nil, false
	}
	w, h := 1+int(data[0]%8), 1+int(data[1]%8)
	mode := data[2]
	data = data[3:]
	var b *Board
	var err error
	if mode&1 != 0 {
		if len(data) < 2 {
			return nil, nil, false
		}
		rule := FirstClick(mode >> 1 & 3 % 3)
		mines := int(data[0]) % (MaxMines(w, h, rule) + 1)
		b, err = NewRandom(Settings{Width: w, Height: h, Mines: mines, Rule: rule}, nil, rand.New(rand.NewPCG(uint64(data[1]), 1)))
		data = data[2:]
	} else {
		var mines []Point
		nb := (w*h + 7) / 8
		for i := range w * h {
			if i/8 < len(data) && data[i/8]>>(i%8)&1 != 0 {
				mines = append(mines, Point{i % w, i / w})
			}
		}
		b, err = New(w, h, mines)
		data = data[min(nb, len(data)):]
	}
	if err != nil {
		panic(err) // the decoding only builds valid boards
	}
	b.SetQuestionMarks(mode&8 == 0)
	var moves []Move
	// At most 100 moves: longer inputs add little but slow the fuzzer.
	for ; len(data) >= 2 && len(moves) < 100; data = data[2:] {
		a := [8]Action{Open, Open, Open, Chord, Chord, Toggle, Toggle, Action(3)}[data[0]%8]
		p := Point{int(data[1]&15)%(w+2) - 1, int(data[1]>>4)%(h+2) - 1}
		moves = append(moves, Move{a, p})
	}
	return b, moves, true
}

// FuzzMoves plays random move sequences on small boards and checks the
// invariants after every move: counts equal neighbouring mines, open cells
// are never mines unless the game is lost (and then only the one hit), the
// status matches the number of closed safe cells, the flag counts match the
// tiles, a move that fails changes nothing, and a flood opens exactly what
// a plain reference flood opens.
func FuzzMoves(f *testing.F) {
	f.Add([]byte{4, 3, 0, 0x02, 0x00, 0, 0x11})                                  // 5x4, one mine, open (0,0)
	f.Add([]byte{4, 4, 0, 0x01, 0x10, 0x00, 0, 0x33, 5, 0x11, 3, 0x22, 0, 0x55}) // open, flag, chord
	f.Add([]byte{2, 2, 0, 0x10, 0x01, 0, 0x22, 0, 0x11})                         // 3x3, lose
	f.Add([]byte{7, 7, 1, 10, 42, 0, 0x44, 3, 0x55, 5, 0x66, 5, 0x66, 5, 0x66, 0, 0x66})
	f.Add([]byte{7, 7, 3, 20, 7, 5, 0x11, 0, 0x11, 0, 0x88, 3, 0x22})
	f.Add([]byte{7, 5, 5, 30, 9, 0, 0x33, 0, 0x00, 0, 0xff, 7, 0x11})
	f.Add([]byte{0, 0, 0, 1, 0, 0x11, 0, 0x11})                      // 1x1 mine
	f.Add([]byte{0, 6, 8, 0x40, 5, 0x11, 5, 0x11, 5, 0x11, 0, 0x31}) // 1x7, no question marks
	f.Add([]byte{3, 3, 0, 0x00, 0x00, 5, 0x22, 0, 0x00, 0, 0x22, 5, 0x22, 0, 0x22})
	f.Fuzz(func(t *testing.T, data []byte) {
		b, moves, ok := decodeGame(data)
		if !ok {
			return
		}
		checkInvariants(t, b)
		for _, m := range moves {
			before := snap(b)
			beforeCells := slices.Clone(b.cells)
			started := b.Started()
			n, err := b.Apply(m)
			if err != nil {
				if after := snap(b); after != before || n != 0 {
					t.Fatalf("Apply(%v %v) = %d, %v and changed the board from\n%s\nto\n%s", m.Action, m.At, n, err, before.text, after.text)
				}
				continue
			}
			checkInvariants(t, b)
			if b.Started() {
				if got, want := b.ThreeBV(), threeBVReference(b); got != want {
					t.Fatalf("ThreeBV() = %d; want %d on\n%s", got, want, b)
				}
				if got, want := b.Census(), censusReference(b); got != want {
					t.Fatalf("Census() = %+v; want %+v on\n%s", got, want, b)
				}
			}
			if b.Status() != Lost && (m.Action == Open || m.Action == Chord) {
				if n != before.safeLeft-b.SafeLeft() {
					t.Fatalf("Apply(%v %v) = %d; but %d safe cells opened", m.Action, m.At, n, before.safeLeft-b.SafeLeft())
				}
				if m.Action == Open && before.status == Playing && started {
					checkReference(t, b, beforeCells, m.At)
				}
			}
		}
	})
}

// checkReference compares the cells after opening p with a plain flood from
// the cells before: an explicit stack of cells, one neighbour at a time.
func checkReference(t *testing.T, b *Board, before []cell, p Point) {
	t.Helper()
	if len(before) != len(b.cells) || before[b.index(p)]&mineBit != 0 {
		return
	}
	ref := slices.Clone(before)
	if ref[b.index(p)]&(openBit|flagBit) != 0 {
		return
	}
	stack := []int{b.index(p)}
	ref[b.index(p)] = ref[b.index(p)]&^questionBit | openBit
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if ref[i]&countMask != 0 {
			continue
		}
		for j := range Neighbours(b.w, b.h, i) {
			if ref[j]&(openBit|flagBit) == 0 {
				ref[j] = ref[j]&^questionBit | openBit
				stack = append(stack, j)
			}
		}
	}
	// A win flags the mines; the reference does not.
	got := slices.Clone(b.cells)
	if b.Status() == Won {
		for i := range got {
			if got[i]&mineBit != 0 {
				got[i] = before[i]
			}
		}
	}
	if !slices.Equal(got, ref) {
		t.Fatalf("Reveal(%v) opened\n%s\nwant as the reference flood (%v)", p, b, ref)
	}
}

// checkInvariants fails the test unless the board is consistent.
func checkInvariants(t *testing.T, b *Board) {
	t.Helper()
	cells := len(b.cells)
	if !b.Started() {
		if b.SafeLeft() != cells-b.Mines() || b.Status() != Playing || b.Layout() != nil {
			t.Fatalf("a board without mines yet: SafeLeft() %d, Status() %v, Layout() %v", b.SafeLeft(), b.Status(), b.Layout())
		}
		for i, c := range b.cells {
			if c&(openBit|mineBit|countMask) != 0 {
				t.Fatalf("a board without mines yet has cell %d = %#x", i, c)
			}
		}
	} else {
		checkCounts(t, b)
		if got := len(b.Layout()); got != b.Mines() {
			t.Fatalf("Layout() has %d mines; Mines() = %d", got, b.Mines())
		}
	}
	tiles := b.Tiles(nil)
	closedSafe, flags, openMines := 0, 0, 0
	hit, hitOK := b.Hit()
	for i, c := range b.cells {
		p := Point{i % b.w, i / b.w}
		if tile := b.Tile(p); tile != tiles[i] {
			t.Fatalf("Tile(%v) = %v; Tiles() has %v", p, tile, tiles[i])
		}
		if c&flagBit != 0 {
			flags++
		}
		if c&flagBit != 0 && c&questionBit != 0 || c&openBit != 0 && c&markBits != 0 {
			t.Fatalf("cell %v = %#x: a flag and a question mark, or an open cell with a mark", p, c)
		}
		switch {
		case c&(openBit|mineBit) == openBit|mineBit:
			openMines++
			if b.Status() != Lost || !hitOK || hit != p {
				t.Fatalf("open mine at %v, status %v, Hit() %v, %v", p, b.Status(), hit, hitOK)
			}
		case c&(openBit|mineBit) == 0:
			closedSafe++
		}
		tile := tiles[i]
		if b.Status() != Lost && (tile == TileMine || tile == TileHit || tile == TileWrongFlag) {
			t.Fatalf("Tile(%v) = %v while the game is %v", p, tile, b.Status())
		}
		if c&openBit != 0 && c&mineBit == 0 && tile != Tile(c&countMask) {
			t.Fatalf("Tile(%v) = %v; want the open count %d", p, tile, c&countMask)
		}
	}
	if b.Started() && closedSafe != b.SafeLeft() {
		t.Fatalf("SafeLeft() = %d; %d safe cells are closed", b.SafeLeft(), closedSafe)
	}
	if flags != b.Flags() || b.FlagsLeft() != b.Mines()-flags {
		t.Fatalf("Flags(), FlagsLeft() = %d, %d; %d flags on %d mines", b.Flags(), b.FlagsLeft(), flags, b.Mines())
	}
	switch b.Status() {
	case Lost:
		if openMines != 1 || !hitOK {
			t.Fatalf("a lost game with %d open mines, Hit() %v", openMines, hitOK)
		}
	case Won:
		if b.SafeLeft() != 0 || b.Flags() != b.Mines() || hitOK {
			t.Fatalf("a won game with SafeLeft() %d, Flags() %d of %d mines, Hit() %v", b.SafeLeft(), b.Flags(), b.Mines(), hitOK)
		}
	case Playing:
		// Only a board with no safe cell at all has none left to open
		// while the game goes on: nothing can win it, a click loses.
		if openMines != 0 || hitOK || (b.SafeLeft() == 0 && b.Mines() != cells) {
			t.Fatalf("a game in play with %d open mines, Hit() %v, SafeLeft() %d", openMines, hitOK, b.SafeLeft())
		}
	default:
		t.Fatalf("Status() = %v", b.Status())
	}
}

// TestFloodMatchesReference opens cells on random boards of many shapes,
// with flags and question marks scattered on them, and compares every
// opening with a plain reference flood.
func TestFloodMatchesReference(t *testing.T) {
	for seed := range uint64(200) {
		rng := pcg(seed)
		w, h := 1+rng.IntN(40), 1+rng.IntN(40)
		density := []int{0, 50, 100, 200, 400}[rng.IntN(5)] // mines per 1000 cells
		var mines []Point
		for i := range w * h {
			if rng.IntN(1000) < density {
				mines = append(mines, Point{i % w, i / w})
			}
		}
		b, err := New(w, h, mines)
		if err != nil {
			t.Fatal(err)
		}
		for range rng.IntN(w*h/10 + 1) {
			b.ToggleMark(Point{rng.IntN(w), rng.IntN(h)})
		}
		for range 5 {
			p := Point{rng.IntN(w), rng.IntN(h)}
			i := b.index(p)
			if b.cells[i]&(openBit|flagBit|mineBit) != 0 || b.Status() != Playing {
				continue
			}
			before := slices.Clone(b.cells)
			if _, err := b.Reveal(p); err != nil {
				t.Fatal(err)
			}
			checkReference(t, b, before, p)
			checkInvariants(t, b)
		}
	}
}
