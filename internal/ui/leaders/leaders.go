// Package leaders is the state and the text of the game's leaderboards
// overlay ('b' on a server): the boards read for it, the one shown, the
// row chosen, and the lines that show them on a screen of a given width.
// It draws nothing and reads no input: package ui does both, and asks
// this one what to show.
package leaders

import (
	"fmt"
	"strings"

	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// None is what 'b' says off a server.
const None = "no leaderboard here: play on a server (minesweeper serve)"

// View is the overlay's state: the boards read for it when it opened,
// and the one shown.
type View struct {
	Level   string // the level asked for; "" for every level
	Reading bool   // the boards have not come back yet
	Boards  []history.Leaderboard
	Err     error  // why they cannot be read
	At      int    // the board shown, an index of Boards
	Row     int    // the entry chosen (Up, Down), which Enter replays
	Note    string // why the entry chosen is not replayed
}

// Open returns the state of an overlay of level ("" for every level)
// whose boards are being read.
func Open(level string) View { return View{Level: level, Reading: true} }

// Back takes the boards read, or why they could not be.
func (v *View) Back(boards []history.Leaderboard, err error) {
	v.Reading, v.Boards, v.Err, v.At = false, boards, err, 0
}

// Switch shows the board step places on (or back, when negative),
// round the ends, with its first row chosen. It reports whether there
// was a board to switch to.
func (v *View) Switch(step int) bool {
	n := len(v.Boards)
	if n == 0 {
		return false
	}
	v.At, v.Row, v.Note = (v.At+step%n+n)%n, 0, ""
	return true
}

// Choose moves the row chosen dy rows, within the board shown.
func (v *View) Choose(dy int) {
	if v.At < len(v.Boards) {
		last := max(len(v.Boards[v.At].Entries)-1, 0)
		v.Row, v.Note = min(max(v.Row+dy, 0), last), ""
	}
}

// Chosen returns the board shown, and reports whether there is one.
func (v *View) Chosen() (history.Leaderboard, bool) {
	if v.At < len(v.Boards) {
		return v.Boards[v.At], true
	}
	return history.Leaderboard{}, false
}

// Lines returns the overlay's lines on a screen sw columns wide: those of
// the board shown (see board), or what stands for them. canReplay says
// whether Enter replays a row.
func (v *View) Lines(sw int, canReplay bool) []string {
	title := "Leaderboards"
	if v.Level != "" {
		title += ": " + v.Level
	}
	switch {
	case v.Reading:
		return []string{title, "", "  reading the leaderboards...", "", "Esc, q close this."}
	case v.Err != nil:
		return []string{title, "", "  The leaderboards cannot be read:", "  " + userfile.Printable(v.Err.Error()), "", "Esc, q close this."}
	case len(v.Boards) == 0:
		return []string{title, "", "  The server has no leaderboard of this level.", "", "Esc, q close this."}
	}
	return v.board(v.At, sw, canReplay)
}

// Width returns the columns of the widest of the boards' lines on a
// screen sw columns wide: the overlay's box keeps that width whichever
// board it shows, rather than jump at each switch.
func (v *View) Width(sw int, canReplay bool) int {
	w := 0
	for i := range v.Boards {
		w = max(w, MaxWidth(v.board(i, sw, canReplay)))
	}
	return w
}

// board returns the lines of board i: its title, its table, the names
// cut so that the table fits a screen sw columns wide when it can, and
// which keys switch and close.
func (v *View) board(i, sw int, canReplay bool) []string {
	lb := v.Boards[i]
	lines := history.LeaderLines(lb, 0)
	// The box's frame and margins, and the table's indent.
	const around = 4 + 2
	if over := MaxWidth(lines) + around - sw; over > 0 && len(lb.Entries) > 0 {
		names := 0
		for _, e := range lb.Entries {
			names = max(names, userfile.Width(userfile.Printable(e.Name)))
		}
		lines = history.LeaderLines(lb, max(names-over, len("name")))
	}
	out := []string{capital(lb.Title()), ""}
	pick := canReplay && lb.Date != "" && len(lb.Entries) > 0
	for j, line := range append(lines, lb.SecretLines()...) {
		mark := "  "
		if pick && j == v.Row+1 && i == v.At {
			mark = "> " // the row Enter replays
		}
		out = append(out, strings.TrimRight(mark+line, " "))
	}
	keys := "Esc, q close this."
	if len(v.Boards) > 1 {
		keys = fmt.Sprintf("Board %d of %d: Tab, arrows switch; Esc, q close.", i+1, len(v.Boards))
	}
	if out = append(out, "", keys); pick {
		out = append(out, "Up, Down choose a game; Enter replays it once the day is over.")
	}
	if v.Note != "" {
		out = append(out, userfile.Printable(v.Note))
	}
	return out
}

// MaxWidth returns the columns of the widest of lines.
func MaxWidth(lines []string) int {
	w := 0
	for _, line := range lines {
		w = max(w, userfile.Width(line))
	}
	return w
}

// capital returns s with its first letter in capitals, for a heading.
func capital(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
