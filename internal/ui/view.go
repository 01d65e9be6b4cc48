package ui

import (
	"errors"
	"fmt"
	"os"
	"time"
	"unicode/utf8"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/ui/canvas"
	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
	"github.com/minesweeper-go/minesweeper/internal/ui/labels"
	"github.com/minesweeper-go/minesweeper/internal/ui/leaders"
	"github.com/minesweeper-go/minesweeper/internal/ui/menu"
	"github.com/minesweeper-go/minesweeper/internal/ui/remote"
	"github.com/minesweeper-go/minesweeper/internal/ui/replay"
	"github.com/minesweeper-go/minesweeper/internal/ui/term"
	"github.com/minesweeper-go/minesweeper/internal/ui/theme"
)

// overlay is what covers the board, if anything.
type overlay uint8

// The overlays.
const (
	noOverlay      overlay = iota
	helpOverlay            // the list of keys and mouse actions
	statsOverlay           // the statistics of the kind of board in play
	resumeOverlay          // asks whether to go on with a saved game
	menuOverlay            // the options: board, rule, no-guess, theme
	leadersOverlay         // the server's leaderboards of the level in play
)

// overlayNames are the names of the overlay values, by value.
var overlayNames = [...]string{
	noOverlay:      "none",
	helpOverlay:    "help",
	statsOverlay:   "stats",
	resumeOverlay:  "resume",
	menuOverlay:    "menu",
	leadersOverlay: "leaders",
}

// String returns the overlay's name.
func (o overlay) String() string { return enumName(overlayNames[:], o, "overlay") }

// view is the view state: everything on screen that is not the game.
type view struct {
	cursor  board.Point
	ox, oy  int // the board cell at the top-left of the viewport
	overlay overlay
	helpTop int                   // the first line of the help shown, when it does not fit
	message string                // shown in the footer until the next command
	mouse   gesture               // the mouse buttons held and what their release does
	stats   []string              // the statistics overlay's lines, as read when it opened
	plots   map[int][]canvas.Span // the styled spans of its lines that are plots, by line
	leaders leaders.View          // the leaderboards overlay's boards, once read
	count   keys.Count            // the count typed before a move, 0 for none
	centre  bool                  // the next layout centres the viewport on the cursor
	// escClosed is whether the last key was an Esc that closed an
	// overlay: an Esc right after it asks before it quits, as a player
	// pressing Esc twice to be sure the menu is gone does not mean to
	// leave.
	escClosed bool
}

// placeCursor puts the cursor where a new board is first played: on a
// daily board's start cell, else at the board's centre, where an opening
// reaches furthest; the next layout centres the view on it.
func (u *ui) placeCursor() {
	b := u.g.Board()
	u.v.cursor = board.Point{X: (b.Width() - 1) / 2, Y: (b.Height() - 1) / 2}
	if p, ok := u.g.StartCell(); ok {
		u.v.cursor = p
	}
	u.v.centre = true
}

// Screen geometry. The header is one line, the board is framed, the footer
// is the line under the frame and the game's numbers the line under that,
// and each cell is cellW columns wide so the grid looks square. The four
// are one block, centred in the screen.
const (
	cellW   = theme.CellW
	minCols = 4 // the fewest board columns worth drawing
	minRows = 3 // the fewest board rows worth drawing
	// minHeader is the narrowest header worth drawing: the longest
	// state, "[You lose]", alone.
	minHeader = len("[You lose]")
)

// minFooter is the narrowest footer: the labels it always keeps, of the
// keys that quit and that show the help.
var minFooter = utf8.RuneCountInString(keys.LabelOf(keys.Table, keys.ActQuit) + keys.FooterSep + keys.LabelOf(keys.Table, keys.ActHelp))

// layout is where things go on a screen of a given size.
type layout struct {
	sw, sh       int
	tooSmall     bool
	needW, needH int // the smallest screen the game is drawn on
	headerY      int
	hot          []hotSpot // where a click runs a command: the header's state, the footer's labels
	fx, fy       int       // the frame's top-left corner
	vc, vr       int       // visible board columns and rows
	ox, oy       int       // board cell at the viewport's top-left
	footerY      int
}

// hotSpot is where on the screen a click runs a command: the header's
// state, the footer's labels.
type hotSpot = labels.Spot

// hotAt returns the hot spot at (x, y), if any.
func (l layout) hotAt(x, y int) (hotSpot, bool) {
	for _, h := range l.hot {
		if y == h.Y && x >= h.X0 && x < h.X1 && !l.tooSmall {
			return h, true
		}
	}
	return hotSpot{}, false
}

// newLayout places a bw by bh board on an sw by sh screen, scrolling the
// viewport from (ox, oy) as little as keeps the cursor in view. The block
// of header, frame, footer and numbers is centred; when the screen is
// short of rows the numbers line goes first, then board rows, which
// scroll.
func newLayout(sw, sh, bw, bh int, cursor board.Point, ox, oy int) layout {
	l := layout{sw: sw, sh: sh}
	l.needW = max(cellW*min(bw, minCols)+2, minHeader, minFooter)
	l.needH = 1 + 2 + min(bh, minRows) + 1
	if sw < l.needW || sh < l.needH {
		l.tooSmall = true
		return l
	}
	l.vc = min(bw, (sw-2)/cellW)
	l.vr = min(bh, sh-4)
	l.ox = scroll(ox, cursor.X, l.vc, bw)
	l.oy = scroll(oy, cursor.Y, l.vr, bh)
	block := 1 + l.vr + 2 + 2 // header, frame, footer and numbers
	l.headerY = max((sh-block)/2, 0)
	l.fx, l.fy = (sw-(l.vc*cellW+2))/2, l.headerY+1
	l.footerY = l.fy + l.vr + 2
	return l
}

// centred returns the column at which a line n columns wide starts when
// centred on the screen, or 0 when it is as wide as the screen or wider.
func (l layout) centred(n int) int { return max((l.sw-n)/2, 0) }

// scroll returns the offset of an n-cell window on a size-cell line that
// keeps pos in view, moving from off as little as it can.
func scroll(off, pos, n, size int) int {
	if pos < off {
		off = pos
	}
	if pos >= off+n {
		off = pos - n + 1
	}
	return max(min(off, size-n), 0)
}

// scrolled reports whether part of a bw by bh board is off screen.
func (l layout) scrolled(bw, bh int) bool { return l.vc < bw || l.vr < bh }

// cellX and cellY return the screen position of a visible board cell.
func (l layout) cellX(x int) int { return l.fx + 1 + (x-l.ox)*cellW }
func (l layout) cellY(y int) int { return l.fy + 1 + y - l.oy }

// cellAt returns the board cell drawn at screen position (x, y), if any.
func (l layout) cellAt(x, y int) (board.Point, bool) {
	if l.tooSmall {
		return board.Point{}, false
	}
	cx, cy := x-l.fx-1, y-l.fy-1
	if cx < 0 || cy < 0 || cx >= l.vc*cellW || cy >= l.vr {
		return board.Point{}, false
	}
	return board.Point{X: l.ox + cx/cellW, Y: l.oy + cy}, true
}

// ui is one running game on one screen: the game state, the view state,
// the theme and the last layout, and how the loop is to end.
type ui struct {
	scr       tcell.Screen  // the screen the loop draws on, where work off the loop posts its answers
	tickEvery time.Duration // the clock's tick (see tick); 0 ticks never
	p         *play.Play    // the play of the game shown: the game in play, or a replay's
	g         *game.Game    // p's game
	v         view
	th        *theme.Theme
	colors    int       // the screen's colours, as tcell.Screen.Colors counts them
	keyset    *keys.Set // the keys as the player bound them
	lay       layout
	cfg       Config
	jobs      jobs            // the work running off the loop
	as        assist          // the solver's analysis of the board, and requests
	auto      autoplay        // the solver playing for the player
	aud       auditor         // the analyses of the openings, for the guess count
	rp        *replay.Reel    // the replay played back, or nil in a game
	back      *play.Play      // the play a replay of its game ('e') comes back to
	menu      menu.Menu       // the options menu's choice, while it is open
	done      <-chan struct{} // closed when the loop has ended

	// The claim of the game left unfinished (Config.Claim): closed when
	// it is over; whether its answer is still awaited, and the player's
	// events that wait for it.
	claiming chan struct{}
	holding  bool
	held     []tcell.Event

	confirm keys.Action // the give-up asked about, until another key

	signal os.Signal // the signal that ended the loop, if one did
	fault  error     // why the loop cannot go on, if it cannot

	// whole is whether the next frame puts every cell (see changes): the
	// first, and the first after a resize or a suspension.
	whole  bool
	shadow canvas.Shadow // what the frames put in the screen's cells
	frame  play.Frame    // the last frame shown, for Config.Watched
}

// newUI returns the ui of game g; done is closed when its loop ends. The
// game is played through a play.Play kept by cfg.Keeper, whose openings
// are analysed for the guess audit on s, on the loop or off it (audit).
func newUI(s tcell.Screen, g *game.Game, cfg Config, done <-chan struct{}) *ui {
	u := &ui{cfg: cfg, colors: theme.TrueColour, keyset: cfg.Keys, done: done, whole: true}
	u.scr = s
	u.setPlay(u.newPlay(g))
	u.setTheme(cfg.Prefs.Theme)
	return u
}

// newPlay returns the play of g, a game to play, kept by the config's
// keeper.
func (u *ui) newPlay(g *game.Game) *play.Play {
	pc := play.Config{Now: u.cfg.Now, NewSeed: u.cfg.NewSeed, Audit: u.audit}
	if u.cfg.Keeper != nil {
		pc.Keeper = u.cfg.Keeper
	}
	return play.New(g, pc)
}

// setPlay makes p the play of the game shown.
func (u *ui) setPlay(p *play.Play) { u.p, u.g = p, p.Game() }

// replayPlay returns a play of g, a replay's game, that keeps nothing.
func (u *ui) replayPlay(g *game.Game) *play.Play {
	return play.New(g, play.Config{Now: u.cfg.Now, Audit: u.audit})
}

// setTheme draws the game in the theme called name, for the screen's
// colours.
func (u *ui) setTheme(name string) {
	u.cfg.Prefs.Theme = name
	u.th = theme.New(name, u.cfg.Prefs.ASCII, u.cfg.Prefs.Mono, u.colors)
}

// settle brings the state in line with the screen before a frame: the
// layout for the screen's size and the view's scroll, and the clock's
// stops (it counts only the time the player can play). It is the loop's,
// after each event; render then only reads.
func (u *ui) settle(s tcell.Screen) {
	sw, sh := s.Size()
	b := u.g.Board()
	if u.v.centre {
		l := newLayout(sw, sh, b.Width(), b.Height(), u.v.cursor, 0, 0)
		u.v.ox, u.v.oy, u.v.centre = u.v.cursor.X-l.vc/2, u.v.cursor.Y-l.vr/2, l.tooSmall
	}
	u.lay = newLayout(sw, sh, b.Width(), b.Height(), u.v.cursor, u.v.ox, u.v.oy)
	now := u.now()
	if u.rp == nil {
		g := u.g
		g.SetStop(game.StopOverlay, u.v.overlay != noOverlay, now)
		g.SetStop(game.StopSmall, u.lay.tooSmall, now)
		g.SetStop(game.StopLaying, u.running(jobLay), now)
	}
	if !u.lay.tooSmall {
		u.v.ox, u.v.oy = u.lay.ox, u.lay.oy
		// A click on the header's state, or on a key's label in the
		// footer, runs its command.
		u.lay.hot = u.headerLine(now, sw).Spots(sw, u.lay.headerY)
		if u.rp == nil && u.lay.footerY < sh {
			u.lay.hot = append(u.lay.hot, u.footerLine(sw).Spots(sw, u.lay.footerY)...)
		}
	}
}

// render draws a frame of the settled state (see settle) and shows it. It
// changes nothing but the screen, and what it knows the screen holds.
func (u *ui) render(s tcell.Screen) {
	now := u.now()
	sw, sh := s.Size()
	if w, h := u.shadow.Size(); u.whole || sw != w || sh != h {
		// A new screen, a new size, or one redrawn from scratch: every
		// cell is put.
		u.shadow.Reset(sw, sh)
		u.whole = false
	}
	u.draw(canvas.On(s, &u.shadow), now)
	s.Show()
	if w := u.cfg.Watched; w != nil {
		hidden := u.lay.tooSmall || u.g.Paused() || u.v.overlay != noOverlay && u.rp == nil
		u.p.Frame(&u.frame, u.v.cursor, hidden, now)
		w.Shown(&u.frame)
	}
}

// now returns the time on the game's clock: the replay's in a replay,
// else cfg.Now's.
func (u *ui) now() time.Time {
	if u.rp != nil {
		return u.rp.Now()
	}
	return u.cfg.Now()
}

// keys returns the table of the keys that mean something now: the
// replay's in a replay, else the game's.
func (u *ui) keys() []keys.Row {
	if u.rp != nil {
		return keys.ReplayTable
	}
	return keys.Offered(u.keyset.Rows(), u.cfg.keyMode())
}

// handle applies one event and reports whether the game should end: the
// event is interpreted as a command, or handled where it is the loop's own
// business (a job's answer, a resize, an overlay's keys), and the command
// is executed (do), as mines.c interprets a move and then executes it.
func (u *ui) handle(s tcell.Screen, ev tcell.Event) bool {
	var c keys.Command
	var end bool
	switch ev := ev.(type) {
	case *tcell.EventResize:
		s.Sync()
		u.whole = true
		return false
	case *tcell.EventInterrupt:
		c, end = u.interrupt(s, ev.Data())
	case *tcell.EventError:
		// The terminal is gone (its input failed): no key can ever end the
		// game, so it ends here.
		u.fault = fmt.Errorf("reading the terminal: %w", ev)
		return true
	case *tcell.EventKey:
		c, end = u.key(s, ev)
	case *tcell.EventMouse:
		c = u.mouseCommand(ev)
	default:
		return false
	}
	if end {
		return true
	}
	return u.do(s, c)
}

// interrupt interprets an event posted to the loop: a signal's, a job's
// answer, a tick. It returns the command to execute, if any, and whether
// the game must end.
func (u *ui) interrupt(s tcell.Screen, data any) (keys.Command, bool) {
	switch d := data.(type) {
	case term.Quit:
		u.signal = d.Signal
		return keys.Command{}, true
	case term.Suspend:
		return keys.Command{Act: keys.ActSuspend}, false
	case remote.Notice:
		u.v.message = d()
	case jobPanic:
		panic(d.String())
	case jobDone:
		if u.latest(d) {
			u.jobBack(s, d.v)
		}
	case tick:
		if u.rp != nil {
			u.replayOn(s, u.cfg.Now())
		}
	}
	return keys.Command{}, false
}

// jobBack takes the answer v of the latest job of its kind.
func (u *ui) jobBack(s tcell.Screen, v any) {
	switch v := v.(type) {
	case claimAnswer:
		u.claimBack(v)
	case laid:
		u.adopt(v)
		u.stale()
		u.freshOdds(s)
		u.autoNext(s)
	case analysed:
		u.analysedBack(v)
	case autoMoved:
		u.autoBack(s, v)
	case audited:
		u.auditBack(s, v)
	case leadersRead:
		u.leadersBack(v)
	case tick:
		u.tick(s)
		if u.rp != nil {
			u.replayOn(s, u.cfg.Now())
		}
	}
}

// key interprets a key: answered by the overlay open, if it takes keys,
// or by a replay; else the command it stands for. It returns the command
// to execute, if any, and whether the game must end.
func (u *ui) key(s tcell.Screen, ev *tcell.EventKey) (keys.Command, bool) {
	switch u.v.overlay {
	case resumeOverlay:
		return keys.Command{}, u.answerResume(s, ev)
	case menuOverlay:
		return keys.Command{}, u.menuKey(s, ev)
	case leadersOverlay:
		if done, ok := u.leadersKey(s, ev); ok {
			return keys.Command{}, done
		}
	}
	if u.rp != nil {
		return keys.Command{}, u.replayKey(s, ev)
	}
	c := u.keyCommand(ev)
	escAgain := u.v.escClosed && ev.Key() == tcell.KeyEsc && c.Act == keys.ActQuit
	u.v.escClosed = false
	if escAgain && u.v.overlay == noOverlay {
		u.v.message = "Esc again quits"
		return keys.Command{}, false
	}
	if c.Act != u.confirm && u.confirm != keys.ActNone && c.Act != keys.ActRedraw {
		u.confirm = keys.ActNone // another key takes the question back
	}
	if c.Act != keys.ActAuto && c.Act != keys.ActSuspend && c.Act != keys.ActRedraw && c.Act != keys.ActCounters && u.stopAuto() {
		// Any other key stops auto-play, and only that.
		return keys.Command{}, c.Act == keys.ActQuit
	}
	if u.v.overlay != noOverlay {
		// Any key closes the overlay, except those that leave the
		// game, suspend it or redraw the screen, and those that
		// scroll an overlay too long for the screen.
		if keys.CtrlLetter(ev) == 'c' {
			return keys.Command{}, true
		}
		if c.Act == keys.ActMove && c.DX == 0 && u.scrollHelp(c.DY) {
			return keys.Command{}, false
		}
		if c.Act != keys.ActSuspend && c.Act != keys.ActRedraw {
			u.v.overlay = noOverlay
			u.v.escClosed = ev.Key() == tcell.KeyEsc
			return keys.Command{}, false
		}
	}
	if u.v.overlay == noOverlay && u.v.count.Key(ev) {
		return keys.Command{}, false
	}
	return u.v.count.Apply(c), false
}

// mouseCommand interprets a mouse event: the command of a click, or none
// while a press is held, an overlay is open or a replay plays.
func (u *ui) mouseCommand(ev *tcell.EventMouse) keys.Command {
	c, press := u.v.mouse.update(ev, u.lay)
	if press && u.stopAuto() {
		u.v.mouse.cancel()
		return keys.Command{} // a press stops auto-play, and only that
	}
	if u.v.overlay == resumeOverlay || u.v.overlay == menuOverlay || u.rp != nil {
		u.v.mouse.cancel() // answered and replayed with keys: nothing is pressed
		return keys.Command{}
	}
	if u.v.overlay != noOverlay {
		if !press {
			return keys.Command{}
		}
		// A click on a line of the help runs its keys' command; any
		// other closes the overlay.
		c = keys.Command{}
		x, y := ev.Position()
		if i, ok := u.helpBox().lineAt(x, y, u.v.helpTop); ok && u.v.overlay == helpOverlay {
			c = keys.HelpCommands(u.keys(), u.cfg.keyMode())[i]
		}
		u.v.overlay = noOverlay
		u.v.mouse.cancel()
	}
	return c
}

// do carries out a command and reports whether the game should end: a
// command that may not act now is refused, then it is executed (see
// execute), and the footer says what came of it.
func (u *ui) do(s tcell.Screen, c keys.Command) bool {
	if c.Act == keys.ActNone {
		return false
	}
	u.v.message, u.v.count = "", 0
	now := u.cfg.Now()
	if !u.allowed(c.Act) {
		return false
	}
	if c.OnCell {
		u.v.cursor = c.At
	}
	switch {
	case c.Act == keys.ActQuit:
		return true
	case (c.Act == keys.ActNew || c.Act == keys.ActRestart) && !u.confirmGiveUp(c.Act):
		return false
	}
	err := u.execute(s, c, now)
	u.stale() // a move that changed the board cancels an analysis of the old one
	u.freshOdds(s)
	if err != nil || !quiet(c.Act) {
		u.v.message = messageFor(err)
		if msg, ok := u.refuseStart(err); ok {
			u.v.message = msg
		}
	}
	return false
}

// allowed reports whether the command act may act now: a command that
// plays the board needs the board in sight and the game not paused (the
// footer then says so), and while the mines are being laid off the loop
// only the commands that leave the board alone act.
func (u *ui) allowed(act keys.Action) bool {
	switch act {
	case keys.ActMove, keys.ActJump, keys.ActNumber, keys.ActOpen, keys.ActMark, keys.ActChord, keys.ActHint, keys.ActFlags, keys.ActOdds, keys.ActAuto, keys.ActUndo:
		if u.lay.tooSmall {
			return false
		}
		if u.g.Paused() {
			u.v.message = game.ErrPaused.Error()
			return false
		}
	}
	// While laying, the footer says the mines are being laid.
	return !u.running(jobLay) || whileLaying(act)
}

// quiet reports whether the command act leaves the footer's message to
// what it does unless it fails: help, the odds, auto-play, a replay and
// the leaderboards say their own.
func quiet(act keys.Action) bool {
	switch act {
	case keys.ActHint, keys.ActFlags, keys.ActOdds, keys.ActAuto, keys.ActWhere, keys.ActReplay, keys.ActLeaders:
		return true
	}
	return false
}

// boardMove returns the move of the game that the command act stands for
// with the cursor at at on the board b, and reports whether it stands for
// one: an opening (a chord, on an open cell), a mark or a chord. It only
// reads, as mines.c's interpret_move: the midend carries the move out.
func boardMove(act keys.Action, at board.Point, b game.View) (game.Move, bool) {
	switch act {
	case keys.ActOpen:
		if b.Tile(at).IsOpen() {
			return game.Move{Action: game.Chord, At: at}, true
		}
		return game.Move{Action: game.Open, At: at}, true
	case keys.ActMark:
		return game.Move{Action: game.Toggle, At: at}, true
	case keys.ActChord:
		return game.Move{Action: game.Chord, At: at}, true
	}
	return game.Move{}, false
}

// execute carries out the command c at now, as mines.c's execute_move: a
// move of the game (boardMove) through the midend, laid off the loop when
// it lays a large board; a change of the game in play (undo, a new game,
// a pause) through the midend too; else the front end's own (see own).
func (u *ui) execute(s tcell.Screen, c keys.Command, now time.Time) error {
	if m, ok := boardMove(c.Act, u.v.cursor, u.g.Board()); ok {
		if c.Act == keys.ActOpen && u.layOffLoop(s, m) {
			return nil
		}
		return u.play(m, now)
	}
	switch c.Act {
	case keys.ActUndo:
		return u.undo()
	case keys.ActNew, keys.ActRestart:
		return u.newGame(c.Act)
	case keys.ActReplay:
		return u.replayGame()
	case keys.ActPause:
		u.g.TogglePause(now)
	case keys.ActSuspend:
		u.suspend(s, now)
	case keys.ActRedraw:
		s.Sync()
		u.whole = true
	default:
		return u.own(s, c)
	}
	return nil
}

// suspend pauses the game in play and hands the terminal back to the
// shell (Ctrl-Z), or only pauses where the front end cannot suspend.
func (u *ui) suspend(s tcell.Screen, now time.Time) {
	g := u.g
	if g.Status() == board.Playing && !g.Paused() && !u.running(jobLay) {
		g.TogglePause(now)
	}
	if u.cfg.pauseOnly {
		return
	}
	if err := s.Suspend(); err == nil {
		if u.cfg.Suspend != nil {
			u.cfg.Suspend()
		}
		_ = s.Resume()
	}
	s.Sync()
	u.whole = true // the terminal was another program's meanwhile
}

// own carries out a command the front end answers itself: the cursor
// moved, an overlay opened, or the solver asked for help, whose answer
// comes back to the loop as a job's and whose moves go through the
// midend then.
func (u *ui) own(s tcell.Screen, c keys.Command) error {
	b := u.g.Board()
	switch c.Act {
	case keys.ActMove:
		dy := c.DY
		if c.Page {
			// A screen less one row, so that a row stays in sight; the
			// view scrolls with the cursor by the same amount.
			n := max(u.lay.vr-1, 1)
			dy *= n
			u.v.oy = clamp(u.v.oy+dy, 0, max(b.Height()-u.lay.vr, 0))
		}
		u.v.cursor.X = clamp(u.v.cursor.X+c.DX, 0, b.Width()-1)
		u.v.cursor.Y = clamp(u.v.cursor.Y+dy, 0, b.Height()-1)
	case keys.ActJump, keys.ActNumber:
		var msg string
		if u.v.cursor, msg = keys.Jump(b, u.v.cursor, c); msg != "" {
			return errors.New(msg)
		}
	case keys.ActHint:
		u.ask(s, wantHint)
	case keys.ActFlags:
		u.ask(s, wantFlags)
	case keys.ActOdds:
		u.toggleOdds(s)
	case keys.ActAuto:
		u.toggleAuto(s)
	case keys.ActWhere:
		u.showSafe()
	case keys.ActCounters:
		u.cfg.Prefs.Counters = !u.cfg.Prefs.Counters
	case keys.ActHelp:
		u.v.overlay, u.v.helpTop = helpOverlay, 0
	case keys.ActStats:
		u.v.overlay, u.v.helpTop, u.v.stats = statsOverlay, 0, u.statsOverlayLines()
	case keys.ActMenu:
		u.openMenu()
	case keys.ActLeaders:
		u.openLeaders(s)
	}
	return nil
}

// messageFor returns what the footer says about a refused move; some
// refusals are plain enough to need no word.
func messageFor(err error) string {
	switch {
	case err == nil, errors.Is(err, board.ErrOpen), errors.Is(err, board.ErrNotNumber):
		return ""
	case errors.Is(err, board.ErrGameOver):
		return overMessage
	case errors.Is(err, board.ErrFlagged):
		return "flagged: press f to remove the flag first"
	case errors.Is(err, board.ErrFlagCount):
		return "the flags around it do not match its number"
	case errors.Is(err, board.ErrNothingToDo):
		return ""
	case errors.Is(err, game.ErrStartCell):
		return "a daily board opens first at its marked cell"
	}
	return err.Error()
}

func clamp(v, lo, hi int) int { return max(lo, min(v, hi)) }
