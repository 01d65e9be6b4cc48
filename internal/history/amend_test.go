package history

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// undone returns g marked undone, as a game reopened by an undo is amended.
func undone(g Game) Game {
	g.Undone = true
	return g
}

// TestAmend checks that Amend replaces exactly the game numbered n, every
// other byte of the log kept, and numbers games as Append does: lines of
// an older version count, blank lines and lines of a newer version do not.
func TestAmend(t *testing.T) {
	t.Parallel()
	g0, g1, g2 := line(t, testGame(0)), line(t, testGame(1)), line(t, testGame(2))
	v1 := oldLines[1].line + "\n"
	newer := `{"v":99,"date":"2031-01-01T00:00:00Z","board":"9x9n10","shape":"hex"}` + "\n"
	tests := []struct {
		name   string
		before []string // the log's lines
		n      int
		was    Game
		at     int // the index in before of the line replaced
	}{
		{"the first", []string{g0, g1, g2}, 1, testGame(0), 0},
		{"the middle", []string{g0, g1, g2}, 2, testGame(1), 1},
		{"the last", []string{g0, g1, g2}, 3, testGame(2), 2},
		{"after a blank line", []string{g0, "\n", g1, g2}, 2, testGame(1), 2},
		{"after a line of version 1", []string{v1, g0, g1}, 3, testGame(1), 2},
		{"the line of version 1", []string{g0, v1, g1}, 2, oldLines[1].game, 1},
		{"the last, without its newline", []string{g0, strings.TrimSuffix(g1, "\n")}, 2, testGame(1), 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, w := open(t, strings.Join(tt.before, ""))
			g := undone(tt.was)
			if err := s.Amend(tt.n, tt.was, g); err != nil {
				t.Fatalf("Amend(%d) = %v", tt.n, err)
			}
			after := append([]string(nil), tt.before...)
			g.V = Version
			after[tt.at] = line(t, g)
			if !strings.HasSuffix(tt.before[tt.at], "\n") {
				after[tt.at] = strings.TrimSuffix(after[tt.at], "\n")
			}
			if got, want := readLog(t, s), strings.Join(after, ""); got != want {
				t.Errorf("after Amend(%d), the log is\n%s\nwant\n%s", tt.n, got, want)
			}
			if gs := games(t, s); len(gs) < tt.n || !reflect.DeepEqual(gs[tt.n-1], g) {
				t.Errorf("Games()[%d] = %+v; want %+v", tt.n-1, gs[tt.n-1], g)
			}
			// The numbers go on where they were.
			count := len(games(t, s))
			if n, err := s.Append(testGame(9)); n != count+1 || err != nil {
				t.Errorf("Append() after Amend = %d, %v; want %d, nil", n, err, count+1)
			}
			if msgs := w.all(); len(msgs) != 0 {
				t.Errorf("warnings %q; want none", msgs)
			}
		})
	}

	// A line of a newer version is no game of this one: it is not
	// counted, and stays as it is.
	t.Run("after a newer line", func(t *testing.T) {
		t.Parallel()
		s, _ := open(t, g0+newer+g1)
		if err := s.Amend(2, testGame(1), undone(testGame(1))); err != nil {
			t.Fatalf("Amend(2) = %v", err)
		}
		if got, want := readLog(t, s), g0+newer+line(t, undone(testGame(1))); got != want {
			t.Errorf("after Amend(2), the log is\n%s\nwant\n%s", got, want)
		}
	})
}

// TestAmendRefuses checks that Amend refuses, and leaves the log byte for
// byte as it was, when the line numbered n is not the game it was: another
// process's game, or a log that was replaced.
func TestAmendRefuses(t *testing.T) {
	t.Parallel()
	log := line(t, testGame(0)) + line(t, testGame(1)) + line(t, testGame(2))
	other := func(change func(*Game)) Game {
		g := testGame(1)
		change(&g)
		return g
	}
	tests := []struct {
		name string
		n    int
		was  Game
	}{
		{"another date", 2, other(func(g *Game) { g.Date = g.Date.Add(time.Second) })},
		{"another seed", 2, other(func(g *Game) { g.Seed = 77 })},
		{"another board", 2, other(func(g *Game) { g.Board = board.Settings{Width: 9, Height: 9, Mines: 11, Rule: board.Opening} })},
		{"the game before", 2, testGame(0)},
		{"the game after", 2, testGame(2)},
		{"no game 0", 0, testGame(0)},
		{"beyond the last", 4, testGame(2)},
		{"a negative number", -1, testGame(0)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, w := open(t, log)
			err := s.Amend(tt.n, tt.was, undone(tt.was))
			if !errors.Is(err, ErrAmend) {
				t.Errorf("Amend(%d) = %v; want %v", tt.n, err, ErrAmend)
			}
			if got := readLog(t, s); got != log {
				t.Errorf("after a refused Amend, the log is\n%s\nwant it unchanged:\n%s", got, log)
			}
			if n, err := s.Append(testGame(3)); n != 4 || err != nil {
				t.Errorf("Append() after a refused Amend = %d, %v; want 4, nil", n, err)
			}
			if msgs := w.all(); len(msgs) != 0 {
				t.Errorf("warnings %q; want none", msgs)
			}
		})
	}
}
