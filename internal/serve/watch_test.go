package serve

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/serve/host"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
	"github.com/minesweeper-go/minesweeper/internal/ui/theme"
	"github.com/minesweeper-go/minesweeper/internal/ui/watch"
	"golang.org/x/crypto/ssh"
)

// shownBoard is a board as a screen shows it: the cells inside its frame,
// a row a line, and the cursor on it (-1, -1 when it is off the board).
type shownBoard struct {
	rows   []string
	cursor board.Point
}

// boardOn returns the board framed on tm's screen, found by the frame's
// corners of the default theme, and whether there is one.
func boardOn(tm *term) (shownBoard, bool) {
	th := theme.New("", false, false, theme.TrueColour)
	lines := strings.Split(tm.screen(), "\n")
	cx, cy := tm.cursor()
	for y, line := range lines {
		r := []rune(line)
		x0 := strings.Index(string(r), th.TL)
		if x0 < 0 {
			continue
		}
		x0 = len([]rune(string(r)[:x0]))
		x1 := x0 + 1
		for x1 < len(r) && string(r[x1]) != th.TR {
			x1++
		}
		b := shownBoard{cursor: board.Point{X: -1, Y: -1}}
		for yy := y + 1; yy < len(lines); yy++ {
			rr := []rune(lines[yy])
			if len(rr) <= x1 || string(rr[x0]) == th.BL {
				break
			}
			b.rows = append(b.rows, string(rr[x0+1:x1]))
			if cy == yy && cx > x0 && cx < x1 {
				b.cursor = board.Point{X: (cx - x0 - 1) / theme.CellW, Y: yy - y - 1}
			}
		}
		return b, len(b.rows) > 0
	}
	return shownBoard{}, false
}

func (b shownBoard) String() string {
	return fmt.Sprintf("cursor %v\n%s", b.cursor, strings.Join(b.rows, "\n"))
}

// waitSame waits until viewer's screen shows the cells player's does,
// with the cursor on cell want, and, when changed, cells other than
// before's; it returns them.
func waitSame(t *testing.T, player, viewer *term, want board.Point, changed bool, before shownBoard) shownBoard {
	t.Helper()
	limit := testwait.After(t)
	for {
		p, okP := boardOn(player)
		v, okV := boardOn(viewer)
		same := okP && okV && strings.Join(p.rows, "\n") == strings.Join(v.rows, "\n")
		if same && v.cursor == want && (!changed || strings.Join(p.rows, "\n") != strings.Join(before.rows, "\n")) {
			return v
		}
		select {
		case <-player.news:
		case <-viewer.news:
		case <-limit:
			t.Fatalf("the viewer's board is not the player's, its cursor on %v, by the test's deadline:\nplayer's:\n%s\nviewer's:\n%s", want, p, v)
		}
	}
}

// startPlayer connects to ts as a new player called name, on a terminal
// of 80 by 24, and waits for the game.
func startPlayer(t *testing.T, ts *testServer, name string) (*term, ssh.Signer) {
	t.Helper()
	key := testKey(t)
	tm := open(t, ts.dial(t, key), 80, 24)
	tm.waitFor("Choose a display name")
	tm.send(name + "\r")
	tm.waitFor("playing as " + name)
	return tm, key
}

// A player plays while a viewer watches (ssh -t HOST watch NAME): the
// viewer sees the cells the player sees, the player's cursor on the same
// cell after each key, and the player's screen counts the viewer; once
// the viewer leaves, the count goes.
func TestWatchFollows(t *testing.T) {
	ts := startServer(t, Config{})
	player, _ := startPlayer(t, ts, "Alice")
	viewer := openCommand(t, ts.dial(t, nil), 80, 24, "watch alice")
	viewer.waitFor("watching Alice")
	player.waitFor("1 watching")
	// The cursor starts on the centre cell of the beginner's board; each
	// key's state is awaited: the viewer shows only what the player was
	// shown.
	b := waitSame(t, player, viewer, board.Point{X: 4, Y: 4}, false, shownBoard{})
	for _, k := range []struct {
		key     string
		cursor  board.Point
		changed bool
	}{
		{"l", board.Point{X: 5, Y: 4}, false},
		{"j", board.Point{X: 5, Y: 5}, false},
		{" ", board.Point{X: 5, Y: 5}, true}, // the first opening
		{"h", board.Point{X: 4, Y: 5}, false},
		{"k", board.Point{X: 4, Y: 4}, false},
	} {
		player.send(k.key)
		b = waitSame(t, player, viewer, k.cursor, k.changed, b)
	}
	viewer.send("q")
	if got := viewer.wait(); got != 0 {
		t.Errorf("the viewer's exit status %d; want 0", got)
	}
	if !testwait.Until(t, func() bool { return !strings.Contains(player.screen(), "watching") }) {
		t.Errorf("the player's screen still counts a viewer who left:\n%s", player.screen())
	}
	player.send("q")
	player.wait()
}

// ssh -t HOST watch lists the games in play; Enter watches the one
// chosen, q goes back to the list, and a game that cannot be watched is
// listed with why.
func TestWatchList(t *testing.T) {
	ts := startServer(t, Config{})
	player, _ := startPlayer(t, ts, "Bob")
	viewer := openCommand(t, ts.dial(t, nil), 100, 24, "watch")
	viewer.waitFor("Games in play")
	viewer.waitFor("Bob")
	viewer.send("\r")
	viewer.waitFor("watching Bob")
	waitSame(t, player, viewer, board.Point{X: 4, Y: 4}, false, shownBoard{}) // the cursor on the centre cell
	player.send("q")
	viewer.waitFor("Bob left")
	viewer.send("q")
	if got := viewer.wait(); got != 0 {
		t.Errorf("the viewer's exit status %d; want 0", got)
	}
}

// The games a viewer cannot follow are refused in a line: a player who
// chose "watching off" (kept in their prefs, for their next sessions),
// a name nobody plays under, and a game with all the viewers it may have.
func TestWatchRefused(t *testing.T) {
	ts := startServer(t, Config{Limits: limits(func(l *Limits) { l.Viewers = 1 })})
	private, key := startPlayer(t, ts, "Carol")
	private.send("q")
	private.wait()
	off := openCommand(t, ts.dial(t, key), 80, 24, "watching off")
	off.waitFor("your games are kept from viewers")
	if got := off.wait(); got != 0 {
		t.Errorf("watching off: exit status %d; want 0", got)
	}
	again := open(t, ts.dial(t, key), 80, 24)
	again.waitFor("playing as Carol")
	dave, _ := startPlayer(t, ts, "Dave")
	first := openCommand(t, ts.dial(t, nil), 80, 24, "watch Dave")
	first.waitFor("watching Dave")

	tests := []struct{ command, want string }{
		{"watch Carol", "Carol cannot be watched now: the player keeps their games from viewers"},
		{"watch Nobody", "nobody called Nobody is playing now"},
		{"watch Dave", errFull.Error()},
		{"watch a b", "watch takes one name at most"},
	}
	for _, tt := range tests {
		tm := openCommand(t, ts.dial(t, nil), 80, 24, tt.command)
		tm.waitFor(tt.want)
		tm.wait()
	}
	on := openCommand(t, ts.dial(t, key), 80, 24, "watching on")
	on.waitFor("your games are listed for viewers")
	on.wait()
	for _, tm := range []*term{again, dave} {
		tm.send("q")
		tm.wait()
	}
	first.waitFor("Dave left") // the view ends with the game
	first.wait()
	again = open2(t, ts, key)
	tm := openCommand(t, ts.dial(t, nil), 80, 24, "watch Carol")
	tm.waitFor("watching Carol")
	tm.send("q")
	tm.wait()
	again.send("q")
	again.wait()
}

// open2 reconnects a player with key, and waits for the game.
func open2(t *testing.T, ts *testServer, key ssh.Signer) *term {
	t.Helper()
	tm := open(t, ts.dial(t, key), 80, 24)
	tm.waitFor("playing as")
	return tm
}

// Today's daily game cannot be watched until the day is over (no help on
// the board everyone plays today): a view of the player is ended when
// they start it, and a new one refused; yesterday's can be watched.
func TestWatchDaily(t *testing.T) {
	ts := startServer(t, Config{})
	player, _ := startPlayer(t, ts, "Erin")
	viewer := openCommand(t, ts.dial(t, nil), 80, 24, "watch Erin")
	viewer.waitFor("watching Erin")
	player.send("o" + strings.Repeat("j", 7) + " \r") // the menu: Daily board on, Enter
	player.waitFor("daily: open the marked cell")
	viewer.waitFor("Erin cannot be watched now: today's daily game")
	viewer.wait()
	late := openCommand(t, ts.dial(t, nil), 80, 24, "watch Erin")
	late.waitFor("today's daily game, watched once the day is over")
	late.wait()
	player.send("q")
	player.wait()

	// The registry's rule by the date: a game of yesterday's board is not
	// today's.
	now := time.Now()
	lb := &lobby{now: func() time.Time { return now }}
	for _, tt := range []struct {
		date string
		want bool
	}{
		{daily.Today(now), false},
		{daily.Today(now.AddDate(0, 0, -1)), true},
		{"", true},
	} {
		l := lb.add("x", false, nil)
		l.Shown(&play.Frame{Width: 9, Height: 9, Mines: 10, Daily: tt.date})
		if got := l.closed() == ""; got != tt.want {
			t.Errorf("a game of the daily board of %q watchable: %v; want %v", tt.date, got, tt.want)
		}
	}
}

// stallViewer connects to ts as a viewer of the game of name, a client
// that stalls as stallClient's does.
func stallViewer(t *testing.T, ts *testServer, name string) *ssh.Client {
	t.Helper()
	return stall(t, ts, "watch "+name)
}

// A viewer that stops reading slows neither the player nor the server:
// while the server's write to it waits, the player's keys are drawn, each
// awaited as a state; and it is dropped as a player is, its connection
// closed once a write has waited Limits.Stall, and the player's count of
// viewers goes. As TestStalledClient, it runs without the race detector.
func TestWatchSlowViewer(t *testing.T) {
	if raceEnabled {
		t.Skip("too slow under the race detector; make test runs it without")
	}
	t.Run("the player plays on", func(t *testing.T) {
		ts := startServer(t, Config{Limits: limits(func(l *Limits) { l.Stall = time.Hour })})
		player, _ := startPlayer(t, ts, "Frank")
		c := stallViewer(t, ts, "Frank")
		player.waitFor("1 watching")
		if !testwait.Until(t, writeWaits) {
			t.Fatalf("no write of the server waits for the stalled viewer by the test's deadline")
		}
		for keys := range 5 {
			before := len(player.output())
			player.send("lh"[keys%2 : keys%2+1])
			if !testwait.Until(t, func() bool { return len(player.output()) > before }) {
				t.Fatalf("key %d: no frame by the test's deadline while a viewer stalls", keys)
			}
		}
		// A write to it waits still (a write may end and the next begin:
		// the state is awaited, not sampled).
		if !testwait.Until(t, writeWaits) {
			t.Errorf("the stalled viewer's write no longer waits: the keys were not drawn during a stall")
		}
		c.Close()
		if !testwait.Until(t, func() bool { return !strings.Contains(player.screen(), "watching") }) {
			t.Errorf("the player's screen still counts the viewer who left:\n%s", player.screen())
		}
		player.send("q")
		player.wait()
	})
	t.Run("dropped", func(t *testing.T) {
		ts := startServer(t, Config{Limits: limits(func(l *Limits) { l.Stall = time.Second })})
		player, _ := startPlayer(t, ts, "Grace")
		stallViewer(t, ts, "Grace")
		player.waitFor("1 watching")
		closed := func() bool { return strings.Contains(ts.logs.String(), "closed: the client read nothing for 1s") }
		if !testwait.Until(t, closed) {
			t.Fatalf("the stalled viewer's connection was not closed by the test's deadline")
		}
		if !testwait.Until(t, func() bool { return !strings.Contains(player.screen(), "watching") }) {
			t.Errorf("the player's screen still counts the viewer dropped:\n%s", player.screen())
		}
		player.send("q")
		player.wait()
	})
}

// A view of a board larger than expert's takes its cells from the
// server's budget, as the board does, and the screen its frames are drawn
// on takes its memory, once for the viewers of its size: a view the
// budget has no room for is refused in a line, and one that ends gives
// its cells back.
func TestWatchBudget(t *testing.T) {
	big := board.Settings{Width: 60, Height: 40, Mines: 300, Rule: board.Opening} // 2,400 cells, past expert's 480
	tape := (watch.TapeBytes(80, 24) + 63) / 64
	ts := startServer(t, Config{Limits: limits(func(l *Limits) { l.ServerCells = 2*big.Cells() + tape })})
	key := testKey(t)
	st := ts.cfg.Players.Player(host.Fingerprint(key))
	if err := st.SavePrefs(context.Background(), history.Prefs{Board: big}); err != nil {
		t.Fatal(err)
	}
	if err := ts.cfg.Players.SetName(context.Background(), host.Fingerprint(key), "Heidi"); err != nil {
		t.Fatal(err)
	}
	player := open(t, ts.dial(t, key), 80, 24)
	player.waitFor("60x40")
	first := openCommand(t, ts.dial(t, nil), 80, 24, "watch Heidi")
	first.waitFor("watching Heidi")
	second := openCommand(t, ts.dial(t, nil), 80, 24, "watch Heidi")
	second.waitFor("no room for this view")
	second.wait()
	first.send("q")
	first.wait()
	third := openCommand(t, ts.dial(t, nil), 80, 24, "watch Heidi")
	third.waitFor("watching Heidi")
	third.send("q")
	third.wait()
	player.send("q")
	player.wait()
}

// A viewer's window change redraws the game at the terminal's new size,
// from the frames drawn for that size, and a viewer that leaves comes
// back to the shell's lines.
func TestWatchResize(t *testing.T) {
	ts := startServer(t, Config{})
	player, _ := startPlayer(t, ts, "Ivan")
	viewer := openCommand(t, ts.dial(t, nil), 80, 24, "watch Ivan")
	viewer.waitFor("q stops watching")
	if err := viewer.sess.WindowChange(40, 100); err != nil {
		t.Fatal(err)
	}
	viewer.waitFor("\x1b[40;") // the footer, on the new last row
	before := len(viewer.output())
	player.send("l")
	if !testwait.Until(t, func() bool { return len(viewer.output()) > before }) {
		t.Fatalf("the move after the resize did not reach the viewer by the test's deadline")
	}
	viewer.send("q")
	viewer.wait()
	player.send("q")
	player.wait()
}
