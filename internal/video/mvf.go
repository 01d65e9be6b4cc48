package video

import (
	"bytes"
	"fmt"
	"math"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// An MVF video of Minesweeper Clone 0.97, as learnt from ms-toollib's
// parser (mvf_video.rs) and the sample video:
//
//	four strings each after its length (1 byte): "Minesweeper Clone"
//	(so that the file starts 0x11 0x4D), "2004-2005", the author,
//	"version 0.97 beta"; 3 bytes of no known use; the start: month, day, year (2
//	bytes), hour, minute, second; the level (1 byte, 1 beginner to 4
//	custom) and mode (1 classic, 2 density, 3 UPK, else cheat); the score
//	in seconds (2 bytes) and hundredths; the 3BV and the 3BV solved (2
//	bytes each), three counts of clicks (2 bytes each), question marks
//	(1 byte); the width, height (1 byte each), mines (2 bytes), each mine
//	as its column and row from 1; the player's name after its length (1
//	byte); a key (2 bytes), the number of events (3 bytes) and the events,
//	5 bytes each, whose 40 bits are permuted by the key (see mvfPerm):
//	right, middle and left button down, y (9 bits), x (9 bits), the
//	hundredths (7 bits) and the seconds (10 bits).
//
// The score (Info.Time) counts from the first left press to the last
// release, the game's time (see Game.Time) from the first left release:
// the score can be a hundredth more.
func parseMVF(data []byte) (*Video, error) {
	r := &reader{b: data}
	var head [4][]byte
	for i := range head {
		head[i] = r.bytes(r.u8("a header string's length"), "a header string")
	}
	if r.err != nil {
		return nil, r.err
	}
	if !bytes.Contains(head[3], []byte("0.97")) {
		return nil, fmt.Errorf("%w: %q (only Clone 0.97's videos are read)", ErrUnsupported, text(head[3]))
	}
	v := &Video{SquareSize: 16}
	v.Program = "Minesweeper Clone " + text(bytes.TrimPrefix(head[3], []byte("version ")))
	r.bytes(3, "the header")
	month, day, year := r.u8("the month"), r.u8("the day"), r.uint(2, "the year")
	hour, minute, second := r.u8("the hour"), r.u8("the minute"), r.u8("the second")
	if month >= 1 && month <= 12 && day >= 1 && day <= 31 {
		v.Date = time.Date(year, time.Month(month), day, hour, minute, second, 0, time.UTC)
	}
	if l := r.u8("the level"); l >= 1 && l <= 4 {
		v.Level = [...]string{"beginner", "intermediate", "expert", "custom"}[l-1]
	}
	v.Mode = map[int]string{1: "standard", 2: "density", 3: "upk"}[r.u8("the mode")]
	if v.Mode == "" {
		v.Mode = "cheat"
	}
	v.Time = time.Duration(r.uint(2, "the score"))*time.Second + time.Duration(r.u8("the score"))*10*time.Millisecond
	v.ThreeBV = r.uint(2, "the 3BV")
	if solved := r.uint(2, "the 3BV solved"); solved == v.ThreeBV && r.err == nil {
		v.Result = board.Won
	}
	r.bytes(6, "the clicks")
	v.QuestionMarks = r.u8("the question marks") != 0
	v.Width, v.Height = r.u8("the width"), r.u8("the height")
	n := r.uint(2, "the mine count")
	if r.err != nil {
		return nil, r.err
	}
	if err := checkBoard(v.Width, v.Height, n); err != nil {
		return nil, err
	}
	v.Mines = r.cells(n, v.Width, v.Height, "mines", func(c, row int) board.Point { return board.Point{X: c - 1, Y: row - 1} })
	v.Player = legacyText(r.bytes(r.u8("the name's length"), "the name"))
	perm := mvfPerm(r.uint(2, "the key"))
	events := r.uint(3, "the number of events")
	if r.err != nil {
		return nil, r.err
	}
	if 5*events > r.left() {
		r.short(5*events, fmt.Sprintf("%d events", events))
		return nil, r.err
	}
	return v, mvfEvents(r, v, perm, events)
}

// mvfPerm returns where each of an event's 40 bits lies, as the key
// orders them: five numbers of 8 digits made from the key by square
// roots, sines and cosines give 40 digits; bit k of the event is the
// bit of the k-th of them in the order of the digits' values (then of
// their places).
func mvfPerm(key int) [40]int {
	n1 := math.Sqrt(float64(key))
	n2 := math.Sqrt(float64(key) + 1000)
	n3 := math.Sqrt(n1 + 1000)
	var digits []byte
	for _, f := range []float64{math.Cos(n3 + 1000), math.Sin(math.Sqrt(n2)), math.Cos(n3),
		math.Sin(math.Sqrt(n1) + 1000), math.Cos(math.Sqrt(n2 + 1000))} {
		s := fmt.Sprintf("%08d", int64(math.Round(math.Abs(f*1e8))))
		digits = append(digits, s[:8]...)
	}
	var perm [40]int
	k := 0
	for d := byte('0'); d <= '9'; d++ {
		for j, c := range digits {
			if c == d {
				perm[k] = j
				k++
			}
		}
	}
	return perm
}

// mvfEvents reads n events: the first as the buttons it holds, each
// later one as what changed since the one before.
func mvfEvents(r *reader, v *Video, perm [40]int, n int) error {
	var prev [3]bool // right, middle, left
	px, py := -1, -1
	kinds := [3][2]Kind{{RightRelease, RightPress}, {MiddleRelease, MiddlePress}, {LeftRelease, LeftPress}}
	for i := range n {
		e := r.bytes(5, "an event")
		if e == nil {
			return r.err
		}
		bit := func(k int) int { return int(e[perm[k]/8]>>(perm[k]%8)) & 1 }
		field := func(from, width int) int {
			v := 0
			for j := range width {
				v |= bit(from+j) << j
			}
			return v
		}
		buttons := [3]bool{bit(0) == 1, bit(1) == 1, bit(2) == 1}
		y, x := field(3, 9), field(12, 9)
		at := time.Duration(field(28, 10))*time.Second + time.Duration(field(21, 7))*10*time.Millisecond
		moved := x != px || y != py
		if i > 0 && moved {
			if err := v.addEvent(at, Move, x, y); err != nil {
				return err
			}
		}
		changed := false
		for _, j := range []int{2, 0, 1} { // presses and releases: left, right, middle
			if buttons[j] != prev[j] {
				changed = true
				if err := v.addEvent(at, kinds[j][btoi(buttons[j])], x, y); err != nil {
					return err
				}
			}
		}
		if i == 0 && !changed {
			if err := v.addEvent(at, Move, x, y); err != nil {
				return err
			}
		}
		prev, px, py = buttons, x, y
	}
	return nil
}
