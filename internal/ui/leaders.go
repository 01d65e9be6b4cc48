package ui

import (
	"context"
	"fmt"
	"strings"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// noLeaders is what 'b' says off a server.
const noLeaders = "no leaderboard here: play on a server (minesweeper serve)"

// leaders is the leaderboards overlay's view state: the boards read for
// it when it opened, and the one shown.
type leaders struct {
	level   string // the level asked for; "" for every level
	reading bool   // the boards have not come back yet
	boards  []history.Leaderboard
	err     error  // why they cannot be read
	at      int    // the board shown, an index of boards
	row     int    // the entry chosen (Up, Down), which Enter replays
	note    string // why the entry chosen is not replayed
}

// leadersRead is the answer of a job that read the leaderboards.
type leadersRead struct {
	boards []history.Leaderboard
	err    error
}

// openLeaders opens the leaderboards overlay and reads its boards off
// the loop: those of the level in play, or of every level on a board of
// none. Off a server it only says there are none.
func (u *ui) openLeaders(s tcell.Screen) {
	read := u.cfg.Leaders
	if read == nil {
		u.v.message = noLeaders
		return
	}
	levels := []string{board.LevelOf(u.g.Settings())}
	lv := levels[0]
	if _, err := daily.Level(lv); err != nil {
		lv, levels = "", nil
		for _, l := range board.Levels {
			levels = append(levels, l.Name)
		}
	}
	u.v.overlay, u.v.helpTop = leadersOverlay, 0
	u.v.leaders = leaders{level: lv, reading: true}
	u.start(s, jobLeaders, func(ctx context.Context) any {
		var all []history.Leaderboard
		for _, l := range levels {
			boards, err := read(l)
			if err != nil {
				return leadersRead{err: err}
			}
			all = append(all, boards...)
		}
		return leadersRead{boards: all}
	})
}

// leadersBack takes the boards read, if their overlay is still open.
func (u *ui) leadersBack(r leadersRead) {
	if u.v.overlay != leadersOverlay {
		return
	}
	l := &u.v.leaders
	l.reading, l.boards, l.err, l.at = false, r.boards, r.err, 0
}

// leadersKey applies a key to the open leaderboards overlay: Tab, Right
// and l show the next board, Shift-Tab, Left and h the one before, Up
// and Down choose a row, Enter replays its game (Config.Replay). It
// reports whether it took the key (ok), and whether the game should end;
// a key it does not take is read as on any overlay: the arrows up and
// down scroll, Ctrl-C quits, Ctrl-Z suspends, Ctrl-L redraws, any other
// key closes it.
func (u *ui) leadersKey(s tcell.Screen, ev *tcell.EventKey) (done, ok bool) {
	step, l := 0, &u.v.leaders
	switch k := ev.Key(); {
	case k == tcell.KeyEnter && u.cfg.Replay != nil && l.at < len(l.boards):
		u.replayEntry(s, l.boards[l.at], l.row)
		return false, true
	case k == tcell.KeyTab, k == tcell.KeyRight:
		step = 1
	case k == tcell.KeyBacktab, k == tcell.KeyLeft:
		step = -1
	case k == tcell.KeyRune && ev.Modifiers()&tcell.ModCtrl == 0: // Ctrl-L redraws
		switch ev.Rune() {
		case 'l':
			step = 1
		case 'h':
			step = -1
		}
	}
	switch c := u.keyCommand(ev); {
	case step != 0:
	case c.Act == keys.ActMove && c.DX == 0:
		// Up and down scroll a board too long for the screen, and
		// never close it: the arrows are the overlay's.
		u.scrollHelp(c.DY)
		if n := len(l.boards); n > 0 {
			l.row, l.note = clamp(l.row+c.DY, 0, max(len(l.boards[l.at].Entries)-1, 0)), ""
		}
		return false, true
	default:
		return false, false
	}
	if n := len(l.boards); n > 0 {
		l.at, l.row, l.note = (l.at+step+n)%n, 0, ""
		u.v.helpTop = 0
	}
	return false, true
}

// replayEntry shows the replay of entry i of board lb (Config.Replay) on
// s until the viewer leaves; the events posted to the loop meanwhile are
// held, and handled after it.
func (u *ui) replayEntry(s tcell.Screen, lb history.Leaderboard, i int) {
	show, err := u.cfg.Replay(lb, i)
	if err != nil {
		u.v.leaders.note = err.Error()
		return
	}
	u.v.message = show(s, func(ev tcell.Event) { u.held = append(u.held, ev) })
	u.whole = true // the replay drew on the screen
}

// leadersLines returns the overlay's lines on a screen sw columns wide:
// those of the board shown (see boardLines), or what stands for them.
func (u *ui) leadersLines(sw int) []string {
	l := u.v.leaders
	title := "Leaderboards"
	if l.level != "" {
		title += ": " + l.level
	}
	switch {
	case l.reading:
		return []string{title, "", "  reading the leaderboards...", "", "Esc, q close this."}
	case l.err != nil:
		return []string{title, "", "  The leaderboards cannot be read:", "  " + userfile.Printable(l.err.Error()), "", "Esc, q close this."}
	case len(l.boards) == 0:
		return []string{title, "", "  The server has no leaderboard of this level.", "", "Esc, q close this."}
	}
	return u.boardLines(l.at, sw)
}

// boardLines returns the lines of board i: its title, its table, the names
// cut so that the table fits a screen sw columns wide when it can, and
// which keys switch and close.
func (u *ui) boardLines(i, sw int) []string {
	l := u.v.leaders
	lb := l.boards[i]
	lines := history.LeaderLines(lb, 0)
	// The box's frame and margins, and the table's indent.
	const around = 4 + 2
	if over := maxWidth(lines) + around - sw; over > 0 && len(lb.Entries) > 0 {
		names := 0
		for _, e := range lb.Entries {
			names = max(names, userfile.Width(userfile.Printable(e.Name)))
		}
		lines = history.LeaderLines(lb, max(names-over, len("name")))
	}
	out := []string{capital(lb.Title()), ""}
	pick := u.cfg.Replay != nil && lb.Date != "" && len(lb.Entries) > 0
	for j, line := range append(lines, lb.SecretLines()...) {
		mark := "  "
		if pick && j == l.row+1 && i == l.at {
			mark = "> " // the row Enter replays
		}
		out = append(out, strings.TrimRight(mark+line, " "))
	}
	keys := "Esc, q close this."
	if len(l.boards) > 1 {
		keys = fmt.Sprintf("Board %d of %d: Tab, arrows switch; Esc, q close.", i+1, len(l.boards))
	}
	if out = append(out, "", keys); pick {
		out = append(out, "Up, Down choose a game; Enter replays it once the day is over.")
	}
	if l.note != "" {
		out = append(out, userfile.Printable(l.note))
	}
	return out
}

// leadersWidth returns the columns of the widest of the boards' lines on
// a screen sw columns wide: the overlay's box keeps that width whichever
// board it shows, rather than jump at each switch.
func (u *ui) leadersWidth(sw int) int {
	w := 0
	for i := range u.v.leaders.boards {
		w = max(w, maxWidth(u.boardLines(i, sw)))
	}
	return w
}

// maxWidth returns the columns of the widest of lines.
func maxWidth(lines []string) int {
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
