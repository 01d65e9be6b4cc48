package watch

import (
	"fmt"
	"sync/atomic"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/ui/canvas"
	"github.com/minesweeper-go/minesweeper/internal/ui/remote"
	"github.com/minesweeper-go/minesweeper/internal/ui/term"
	"github.com/minesweeper-go/minesweeper/internal/ui/theme"
)

// Phase is where a race is.
type Phase uint8

// The phases, in their order.
const (
	Waiting  Phase = iota // racers join, and each says they are ready
	Counting              // every racer is ready: the countdown to the start
	Racing                // the board is in play
	Over                  // every racer finished or left: the results
)

// Racer is a racer as every racer's screen shows them.
type Racer struct {
	Name    string // printable
	Ready   bool
	Cleared float64      // the share of the safe cells opened, 0 to 1
	Status  board.Status // Playing until they clear the board or hit a mine
	Out     bool         // gave up or left before the end
	// Time is the finish time of a cleared board, else the time played.
	Time  time.Duration
	Place int  // at the end, from 1
	You   bool // the racer whose screen it is
}

// RaceState is what a racer's screen shows of the race.
type RaceState struct {
	Code   string // what others join with
	Phase  Phase
	Start  time.Time // when the countdown ends, once it began
	Max    int       // the most racers the race may have
	Racers []Racer   // in the order they joined, or by place once Over
}

// Race is a race as one racer takes part in it.
type Race interface {
	// State copies the race's state into st.
	State(st *RaceState)
	// Changed has a token when the state changed since State last read
	// it.
	Changed() <-chan struct{}
	// Ready tells that the racer is ready.
	Ready()
	// Play returns the racer's game once the race started: the race's
	// board with its start cell opened, where the cursor starts.
	Play() (*play.Play, board.Point, error)
	// Progress tells the race of the racer's frame after a move; out
	// tells that the racer gave up.
	Progress(f *play.Frame, out bool)
	// Now returns the race's clock.
	Now() time.Time
}

// raceTick is how often a racer's screen redraws its clocks.
const raceTick = 250 * time.Millisecond

// raceScreen is a racer's screen: the race, the racer's game once it
// started, and the frame last drawn.
type raceScreen struct {
	s      tcell.Screen
	th     *theme.Theme
	rc     Race
	st     RaceState
	p      *play.Play
	f      play.Frame
	cursor board.Point
	sh     canvas.Shadow
}

// RaceOn runs the race rc on r for one racer: the racers as they join and
// get ready (space), the countdown, the board with the others' progress
// beside it (arrows or hjkl move, space opens, f flags, q gives up), and
// the result table at the end, until the racer leaves (q, Esc, Ctrl-C;
// leaving before the end gives the game up) or r quits. It returns a
// line that says why the race could not go on, "" when the racer left.
func RaceOn(r *remote.Screen, look Look, rc Race) string {
	s := r.Tcell()
	rs := &raceScreen{s: s, th: newTheme(s, look), rc: rc}
	done := make(chan struct{})
	defer close(done)
	var pending atomic.Bool
	go func() {
		t := time.NewTicker(raceTick)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-rc.Changed():
			case <-t.C:
			}
			if !pending.Swap(true) {
				term.Post(s, changed{}, done)
			}
		}
	}()
	for {
		pending.Store(false)
		rc.State(&rs.st)
		if rs.st.Phase >= Racing && rs.p == nil {
			p, at, err := rc.Play()
			if err != nil {
				return err.Error()
			}
			rs.p, rs.cursor = p, at
			rs.progress(false)
		}
		rs.draw()
		s.Show()
		ev := s.PollEvent()
		if ev == nil || r.Quitting() {
			return ""
		}
		switch ev := ev.(type) {
		case *tcell.EventResize:
			s.Sync()
		case *tcell.EventInterrupt:
			if _, ok := ev.Data().(term.Quit); ok {
				return ""
			}
		case *tcell.EventError:
			return ""
		case *tcell.EventKey:
			if rs.key(ev) {
				return ""
			}
		}
	}
}

// key carries out key ev, and reports whether the racer leaves.
func (rs *raceScreen) key(ev *tcell.EventKey) bool {
	if ev.Key() == tcell.KeyCtrlL {
		rs.s.Sync()
		return false
	}
	playing := rs.p != nil && rs.p.Game().Status() == board.Playing && !rs.gaveUp()
	if leaves(ev) {
		if !playing {
			return true
		}
		// The first q gives the game up; the racer stays for the results.
		rs.p.GiveUp()
		rs.progress(true)
		return false
	}
	if rs.p == nil {
		if ev.Key() == tcell.KeyEnter || ev.Key() == tcell.KeyRune && ev.Rune() == ' ' {
			rs.rc.Ready()
		}
		return false
	}
	if !playing {
		return false
	}
	dx, dy, act, ok := raceKey(ev)
	if !ok {
		return false
	}
	g := rs.p.Game()
	b := g.Board()
	rs.cursor.X = max(0, min(b.Width()-1, rs.cursor.X+dx))
	rs.cursor.Y = max(0, min(b.Height()-1, rs.cursor.Y+dy))
	if act != nil {
		// A move the board refuses (an open cell, a flag) changes nothing.
		_, _ = rs.p.Apply(game.Move{Action: *act, At: rs.cursor})
	}
	rs.progress(false)
	return false
}

// gaveUp reports whether the racer gave their game up.
func (rs *raceScreen) gaveUp() bool {
	for _, r := range rs.st.Racers {
		if r.You {
			return r.Out
		}
	}
	return false
}

var (
	openAct   = game.Open
	toggleAct = game.Toggle
)

// raceKey returns what key ev does on the race's board: a step of the
// cursor, or a move at it; ok is false for a key that does nothing.
func raceKey(ev *tcell.EventKey) (dx, dy int, act *game.Action, ok bool) {
	switch ev.Key() {
	case tcell.KeyLeft:
		return -1, 0, nil, true
	case tcell.KeyRight:
		return 1, 0, nil, true
	case tcell.KeyUp:
		return 0, -1, nil, true
	case tcell.KeyDown:
		return 0, 1, nil, true
	case tcell.KeyEnter:
		return 0, 0, &openAct, true
	case tcell.KeyRune:
		switch ev.Rune() {
		case 'h':
			return -1, 0, nil, true
		case 'l':
			return 1, 0, nil, true
		case 'k':
			return 0, -1, nil, true
		case 'j':
			return 0, 1, nil, true
		case ' ':
			return 0, 0, &openAct, true
		case 'f':
			return 0, 0, &toggleAct, true
		}
	}
	return 0, 0, nil, false
}

// progress fills the frame of the racer's game, and tells the race.
func (rs *raceScreen) progress(out bool) {
	rs.p.Frame(&rs.f, rs.cursor, false, rs.rc.Now())
	rs.rc.Progress(&rs.f, out)
}

// draw draws the race as it stands.
func (rs *raceScreen) draw() {
	s, th, st := rs.s, rs.th, &rs.st
	sw, sh := s.Size()
	if w, h := rs.sh.Size(); w != sw || h != sh {
		rs.sh.Reset(sw, sh)
	}
	c := canvas.On(s, &rs.sh)
	for y := range sh {
		canvas.Blank(c, 0, sw, y)
	}
	c.HideCursor()
	now := rs.rc.Now()
	head := fmt.Sprintf("Race %s: %d of %d racers", st.Code, len(st.Racers), st.Max)
	foot := "q leaves"
	switch st.Phase {
	case Waiting:
		head += "; others join with ssh -t HOST race " + st.Code
		foot = "space: ready   q leaves"
		if len(st.Racers) < 2 {
			foot = "space: ready (a race starts with two racers at least)   q leaves"
		}
	case Counting:
		head = fmt.Sprintf("Race %s starts in %d", st.Code, max(0, int((st.Start.Sub(now)+time.Second-1)/time.Second)))
	case Racing:
		head = fmt.Sprintf("Race %s  Time %d", st.Code, int(max(0, now.Sub(st.Start))/time.Second))
		if rs.p != nil && rs.p.Game().Status() == board.Playing && !rs.gaveUp() {
			foot = "arrows move  space opens  f flags  q gives up"
		} else {
			foot = "waiting for the others   q leaves"
		}
	case Over:
		head = fmt.Sprintf("Race %s is over", st.Code)
	}
	canvas.PutText(c, 0, 0, sw, head, th.Text)
	canvas.PutText(c, 0, sh-1, sw, foot, th.Text)
	x := 0
	if rs.p != nil {
		x = drawBoard(c, th, &rs.f, 0, 1, sw-raceSide, sh-4) + 1
	}
	rs.drawRacers(c, x, 2, sw, sh-2, now)
}

// raceSide is the columns the racers' table takes beside the board.
const raceSide = 34

// drawRacers draws the racers' table at x, y, no wider than maxX nor lower
// than maxY: each racer's name and state, by place once the race is over.
func (rs *raceScreen) drawRacers(s tcell.Screen, x, y, maxX, maxY int, now time.Time) {
	st, th := &rs.st, rs.th
	title := "Racers"
	if st.Phase == Over {
		title = "Results"
	}
	canvas.PutText(s, x, y, maxX, title, th.Text)
	for i, r := range st.Racers {
		if y+1+i >= maxY {
			return
		}
		line := fmt.Sprintf("%-12.12s %s", r.Name, racerState(st, r, now))
		if st.Phase == Over {
			line = fmt.Sprintf("%d. %s", r.Place, line)
		}
		style := th.Text
		if r.You {
			style = style.Bold(true)
		}
		canvas.PutText(s, x, y+1+i, maxX, line, style)
	}
}

// racerState words racer r's state in the race st at now.
func racerState(st *RaceState, r Racer, now time.Time) string {
	switch {
	case st.Phase == Waiting && r.Ready:
		return "ready"
	case st.Phase == Waiting:
		return "not ready"
	case st.Phase == Counting:
		return "ready"
	case r.Status == board.Won:
		return fmt.Sprintf("cleared in %.1fs", r.Time.Seconds())
	case r.Status == board.Lost:
		return fmt.Sprintf("%3.0f%%  hit a mine", 100*r.Cleared)
	case r.Out:
		return fmt.Sprintf("%3.0f%%  out", 100*r.Cleared)
	}
	return fmt.Sprintf("%3.0f%%  racing", 100*r.Cleared)
}
