package reader

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/play"
)

// earPlayer plays through the line mode alone: it says a command and
// reads the lines said back, and knows of the board only what it read.
type earPlayer struct {
	t    *testing.T
	in   *io.PipeWriter
	out  *bufio.Scanner
	w, h int
	grid [][]int // what the board said: a number, or closed or flag
	log  []string
}

// What a cell read as, beside its number.
const (
	readClosed = -1
	readFlag   = -2
)

// say says a command and returns the first line said back.
func (e *earPlayer) say(cmd string) string {
	e.t.Helper()
	e.log = append(e.log, "> "+cmd)
	if _, err := io.WriteString(e.in, cmd+"\n"); err != nil {
		e.t.Fatalf("saying %q: %v", cmd, err)
	}
	return e.line()
}

// line reads the next line said.
func (e *earPlayer) line() string {
	e.t.Helper()
	if !e.out.Scan() {
		e.t.Fatalf("the line mode said nothing more: %v\n%s", e.out.Err(), strings.Join(e.log, "\n"))
	}
	e.log = append(e.log, e.out.Text())
	return e.out.Text()
}

var (
	introRe = regexp.MustCompile(`(\d+) columns, (\d+) rows, (\d+) mines;`)
	rowsRe  = regexp.MustCompile(`^rows? (\d+)(?: to (\d+))?: (.*)$`)
	runRe   = regexp.MustCompile(`^(?:(\d+) )?(closed|empty|flags?|\d)$`)
)

// readBoard says b and reads the board, row by row, from the lines said.
func (e *earPlayer) readBoard() {
	e.t.Helper()
	line := e.say("b")
	for y := 0; y < e.h; line = e.line() {
		m := rowsRe.FindStringSubmatch(line)
		if m == nil {
			e.t.Fatalf("b said %q; want a row", line)
		}
		from, _ := strconv.Atoi(m[1])
		to := from
		if m[2] != "" {
			to, _ = strconv.Atoi(m[2])
		}
		row := e.readRow(m[3])
		if from != y+1 || to > e.h || len(row) != e.w {
			e.t.Fatalf("b said %q after row %d; want the next row, %d cells", line, y, e.w)
		}
		for ; y < to; y++ {
			e.grid[y] = row
		}
		if y == e.h {
			break
		}
	}
}

// readRow reads the runs of a row: "3 closed, 1, 2".
func (e *earPlayer) readRow(runs string) []int {
	var row []int
	for _, part := range strings.Split(runs, ", ") {
		m := runRe.FindStringSubmatch(part)
		if m == nil {
			e.t.Fatalf("a row said %q; want runs of closed, empty, flags or numbers", part)
		}
		n := 1
		if m[1] != "" {
			n, _ = strconv.Atoi(m[1])
		}
		v := readClosed
		switch m[2] {
		case "empty":
			v = 0
		case "flag", "flags":
			v = readFlag
		case "closed":
		default:
			v, _ = strconv.Atoi(m[2])
		}
		for range n {
			row = append(row, v)
		}
	}
	return row
}

// around returns the cells around p on the board read.
func (e *earPlayer) around(p board.Point) (closed, flags []board.Point) {
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			q := board.Point{X: p.X + dx, Y: p.Y + dy}
			if q == p || q.X < 0 || q.Y < 0 || q.X >= e.w || q.Y >= e.h {
				continue
			}
			switch e.grid[q.Y][q.X] {
			case readClosed:
				closed = append(closed, q)
			case readFlag:
				flags = append(flags, q)
			}
		}
	}
	return closed, flags
}

// next returns the commands a single cell's number proves right: flag
// the closed cells around a number they fill, open those around a number
// whose flags it has. It returns a guess when nothing is proved: the
// closed cell the numbers around it make least likely a mine.
func (e *earPlayer) next() (cmds []string, guess bool) {
	best, bestRisk := board.Point{X: -1}, 2.0
	for y := range e.h {
		for x := range e.w {
			p := board.Point{X: x, Y: y}
			n := e.grid[y][x]
			if n == readClosed {
				if risk := e.risk(p); risk < bestRisk {
					best, bestRisk = p, risk
				}
			}
			if n < 1 {
				continue
			}
			closed, flags := e.around(p)
			switch {
			case len(closed) == 0:
			case len(flags) == n:
				return []string{fmt.Sprintf("c %d %d", x+1, y+1)}, false
			case len(flags)+len(closed) == n:
				for _, q := range closed {
					cmds = append(cmds, fmt.Sprintf("f %d %d", q.X+1, q.Y+1))
				}
				return cmds, false
			}
		}
	}
	return []string{fmt.Sprintf("o %d %d", best.X+1, best.Y+1)}, true
}

// risk is the chance that p is a mine that its likeliest number gives,
// or a third when no number touches it.
func (e *earPlayer) risk(p board.Point) float64 {
	risk := 1.0 / 3
	touched := false
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			q := board.Point{X: p.X + dx, Y: p.Y + dy}
			if q.X < 0 || q.Y < 0 || q.X >= e.w || q.Y >= e.h || e.grid[q.Y][q.X] < 1 {
				continue
			}
			closed, flags := e.around(q)
			r := float64(e.grid[q.Y][q.X]-len(flags)) / float64(len(closed))
			if !touched || r > risk {
				risk, touched = r, true
			}
		}
	}
	return risk
}

// playByEar plays the beginner game of seed through the line mode alone
// and reports whether it won; it fails the test if a line is not what the
// player can read.
func playByEar(t *testing.T, seed uint64) (won bool, log []string) {
	in, inW := io.Pipe()
	outR, out := io.Pipe()
	st := play.Start{Board: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}, Seed: seed, Seeded: true}
	done := make(chan error, 1)
	go func() {
		_, err := Run(in, out, Config{Start: st, Now: stepClock(time.Second)})
		out.CloseWithError(err)
		done <- err
	}()
	e := &earPlayer{t: t, in: inW, out: bufio.NewScanner(outR)}
	defer func() {
		inW.Close()
		for e.out.Scan() {
		}
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	}()
	m := introRe.FindStringSubmatch(e.line())
	if m == nil {
		t.Fatalf("the first line %q does not say the board's size", e.log[0])
	}
	e.w, _ = strconv.Atoi(m[1])
	e.h, _ = strconv.Atoi(m[2])
	e.grid = make([][]int, e.h)
	said := e.say(fmt.Sprintf("o %d %d", e.w/2+1, e.h/2+1))
	for range 4 * e.w * e.h {
		switch {
		case strings.HasPrefix(said, "you win"):
			if got := e.say("m"); !strings.HasPrefix(got, m[3]+" mines, all flagged: ") {
				t.Errorf("m after a win said %q; want where the %s mines were", got, m[3])
			}
			return true, e.log
		case strings.HasPrefix(said, "boom"):
			return false, e.log
		}
		e.readBoard()
		cmds, _ := e.next()
		for _, c := range cmds {
			said = e.say(c)
		}
	}
	t.Fatalf("seed %d: no end after %d moves:\n%s", seed, 4*e.w*e.h, strings.Join(e.log, "\n"))
	return false, nil
}

// TestWinByEar plays beginner games through the line mode alone, deciding
// each command from the lines said (single-cell deductions, and a guess
// when stuck), as a player who cannot see the board would: some of the
// first ten seeds must be won.
func TestWinByEar(t *testing.T) {
	wins := 0
	for seed := uint64(1); seed <= 10; seed++ {
		won, log := playByEar(t, seed)
		if won {
			wins++
		}
		if testing.Verbose() {
			t.Logf("seed %d: won %v in %d lines", seed, won, len(log))
		}
	}
	if wins < 3 {
		t.Errorf("won %d of the 10 beginner games by ear; want 3 at least", wins)
	}
}
