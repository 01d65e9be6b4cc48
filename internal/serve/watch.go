package serve

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/serve/host"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/ui/remote"
	"github.com/minesweeper-go/minesweeper/internal/ui/watch"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// watch runs the command watch of session s on r: "watch NAME" follows
// the game of the player named NAME until it ends or the viewer leaves;
// "watch" lists the games in play, and the best games of yesterday's
// daily boards to replay, to choose one from, and comes back to the list
// after each. It returns the lines to print once the screen is closed.
//
// The list is the server's menu too: r starts a race, c asks for a
// race's code and joins it; the list comes back after the race, the
// race's results above it.
func (g *Game) watch(ctx context.Context, s *host.Session, r *remote.Screen) []string {
	look := watch.Look{ASCII: remote.ASCII(s.Env), Mono: s.Env["NO_COLOR"] != ""}
	hold := s.Hold()
	switch len(s.Command) {
	case 1:
	case 2:
		if why := g.follow(r, look, hold, s.Command[1]); why != "" {
			return []string{why}
		}
		return nil
	default:
		return []string{"watch takes one name at most: ssh -t HOST watch, or watch NAME"}
	}
	note := ""
	replays := g.replays(ctx)
	list := func() []watch.Game { return append(g.lobby.list(), replays...) }
	for {
		chosen, ok := watch.Choose(r, look, note, list)
		switch {
		case !ok:
			return nil
		case chosen.Key == watch.KeyRace:
			note = strings.Join(g.raceOn(ctx, s, r, ""), " ")
		case chosen.Key == watch.KeyJoin:
			code, ok := r.AskName("The race's code (ssh -t HOST race shows it)", func(code string) error {
				_, err := g.findRace(code)
				return err
			})
			note = ""
			if ok {
				note = strings.Join(g.raceOn(ctx, s, r, code), " ")
			}
		case strings.HasPrefix(chosen.Key, replayPrefix):
			note = g.followReplay(ctx, r, look, chosen)
		default:
			note = g.follow(r, look, hold, chosen.Player)
		}
	}
}

// followReplay plays the replay chosen back on r until the viewer leaves;
// it returns why it could not start, or "".
func (g *Game) followReplay(ctx context.Context, r *remote.Screen, look watch.Look, chosen watch.Game) string {
	done := make(chan struct{})
	defer close(done)
	rp, err := g.startReplay(ctx, chosen.Key, done)
	if err != nil {
		return err.Error()
	}
	return watch.Follow(r, chosen.Player, look, rp)
}

// follow shows the game of the player named name on r, its copy of the
// board held in hold, until it ends or the viewer leaves; it returns why
// it ended ("" when the viewer left) or why it could not start.
func (g *Game) follow(r *remote.Screen, look watch.Look, hold *host.Hold, name string) string {
	l, ok := g.lobby.find(name)
	if !ok {
		return "nobody called " + name + " is playing now: ssh -t HOST watch lists the games in play"
	}
	v, err := l.watch(hold)
	if err != nil {
		return err.Error()
	}
	defer v.leave()
	return l.show.Follow(r, look, v.check)
}

// watching runs the command "watching on" or "watching off" of session
// s: whether the player's games are listed for viewers, kept with their
// choices. It prints a line and returns the exit status.
func (g *Game) watching(s *host.Session) int {
	if len(s.Command) != 2 || s.Command[1] != "on" && s.Command[1] != "off" {
		return s.Refuse("watching takes on or off: ssh -t HOST watching off keeps your games from viewers")
	}
	if s.Key == "" {
		return s.Refuse("a guest's games are never watched: connect with a key to choose")
	}
	k := session.Over(g.cfg.Players.Player(s.Key))
	defer k.Close()
	off := s.Command[1] == "off"
	if err := k.SetUnwatched(off); err != nil {
		return s.Refuse("the choice was not kept: " + err.Error())
	}
	line := "your games are listed for viewers from your next game: ssh -t HOST watching off keeps them from viewers"
	if off {
		line = "your games are kept from viewers from your next game: ssh -t HOST watching on lists them again"
	}
	fmt.Fprintf(s.Out, "%s\r\n", line)
	return 0
}

// lobby is the games in play on the server that viewers may follow: each
// player's session adds its game (a live), which its screen's loop tells
// of each frame (ui.Config.Watched); a viewer's session follows one.
type lobby struct {
	now        func() time.Time
	maxViewers int // viewers a game may have at once; 0: no limit

	mu    sync.Mutex
	games []*live // in the order they started
}

// live is a game in play as its viewers follow it (a watch.Live): the
// last frame its player was shown, whose cells are copied only when they
// changed, and the viewers' count. The player's loop stores the frame and
// wakes one viewer, never waiting for any (see watch.Live).
type live struct {
	lb        *lobby
	player    string      // the player's display name
	unwatched bool        // the player keeps their games from viewers
	racing    atomic.Bool // a race's game, closed until the race ends
	gone      atomic.Bool // the player left
	count     atomic.Int32
	show      *watch.Live
	// hold is the share of the server's budget that the frames drawn for
	// the viewers (the tapes of show) take: the player's session's.
	hold *host.Hold

	mu      sync.Mutex
	viewers int
	tapes   int // the bytes the tapes hold
}

// add lists the game of the player named player, whose viewers' frames
// take their memory from hold (none when nil); unwatched keeps it from
// viewers. The game leaves the list with remove.
func (lb *lobby) add(player string, unwatched bool, hold *host.Hold) *live {
	l := &live{lb: lb, player: userfile.Printable(player), unwatched: unwatched, hold: hold}
	l.show = watch.NewLive(l.player, l.charge)
	lb.mu.Lock()
	lb.games = append(lb.games, l)
	lb.mu.Unlock()
	return l
}

// addRacer lists the game of the racer named player, closed to viewers
// until the race ends (see open).
func (lb *lobby) addRacer(player string, unwatched bool, hold *host.Hold) *live {
	l := lb.add(player, unwatched, hold)
	l.racing.Store(true)
	return l
}

// open opens a racer's game to viewers: the race is over.
func (l *live) open() { l.racing.Store(false) }

// remove takes l from the list, and ends its views.
func (lb *lobby) remove(l *live) {
	lb.mu.Lock()
	for i, g := range lb.games {
		if g == l {
			lb.games = append(lb.games[:i], lb.games[i+1:]...)
			break
		}
	}
	lb.mu.Unlock()
	l.gone.Store(true)
	l.show.End()
}

// charge holds n bytes more of the viewers' frames in the budget, for
// watch.Live, and returns what gives them back.
func (l *live) charge(n int) (func(), error) {
	if l.hold == nil {
		return func() {}, nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, err := l.hold.Swap((l.tapes + n + 63) / 64); err != nil {
		return nil, errNoRoom
	}
	l.tapes += n
	return func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		l.tapes -= n
		_, _ = l.hold.Swap((l.tapes + 63) / 64) // less than held: never refused
	}, nil
}

// errNoRoom is why a view the server's budget has no room for is refused.
var errNoRoom = errors.New("the server holds all it can now, and has no room for this view: try again later")

// Shown keeps frame f, the player's, for the viewers: the ui.Watched of
// the player's game. On the player's loop it copies the cells when they
// changed, and wakes one viewer.
func (l *live) Shown(f *play.Frame) {
	next := *f
	if last := l.show.Frame(); last.Game == f.Game && last.Version == f.Version && len(last.Tiles) == len(f.Tiles) {
		next.Tiles = last.Tiles
	} else {
		next.Tiles = slices.Clone(f.Tiles)
	}
	l.show.Show(&next)
}

// frame returns the last frame shown, read only; an empty one before the
// first.
func (l *live) frame() *play.Frame { return l.show.Frame() }

// Viewers returns how many follow the game now.
func (l *live) Viewers() int { return int(l.count.Load()) }

// closed returns why the game cannot be watched now, or "": its player
// keeps it from viewers, it is a race's before the race ends, or it is
// today's daily game (no help on the board everyone plays today).
func (l *live) closed() string {
	switch d := l.frame().Daily; {
	case l.unwatched:
		return "the player keeps their games from viewers"
	case l.racing.Load():
		return "a race, watched once it ends"
	case d != "" && d >= daily.Today(l.lb.now()):
		return "today's daily game, watched once the day is over"
	}
	return ""
}

// list returns the lines of the games in play, for watch.Choose.
func (lb *lobby) list() []watch.Game {
	lb.mu.Lock()
	games := append([]*live(nil), lb.games...)
	lb.mu.Unlock()
	out := make([]watch.Game, 0, len(games))
	for _, l := range games {
		f := l.frame()
		out = append(out, watch.Game{
			Player: l.player, Board: fmt.Sprintf("%dx%d, %d mines", f.Width, f.Height, f.Mines),
			Elapsed: f.Elapsed, Cleared: f.Cleared(), Viewers: l.Viewers(), Closed: l.closed(),
		})
	}
	return out
}

// find returns the game of the player named name, the latest to start
// if there are several; names are compared without their case.
func (lb *lobby) find(name string) (*live, bool) {
	lb.mu.Lock()
	defer lb.mu.Unlock()
	for i := len(lb.games) - 1; i >= 0; i-- {
		if strings.EqualFold(lb.games[i].player, name) {
			return lb.games[i], true
		}
	}
	return nil, false
}

// view is one viewer of a game. Its frames come from the tape of its
// kind of screen (see watch.Live), which the game's player's share of the
// budget holds; a board larger than an expert's, which the tapes draw
// from, is charged to each view as a copy of it would be.
type view struct {
	l     *live
	hold  *host.Hold
	cells int // the board's cells the view is charged for
}

// errFull is why a game with all the viewers it may have gets no more.
var errFull = errors.New("this game has all the viewers it may have now: try again later")

// watch makes a view of l, charged to hold, or returns why it cannot be
// watched.
func (l *live) watch(hold *host.Hold) (*view, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if why := l.closed(); why != "" {
		return nil, fmt.Errorf("%s cannot be watched now: %s", l.player, why)
	}
	if l.gone.Load() {
		return nil, fmt.Errorf("%s left", l.player)
	}
	if m := l.lb.maxViewers; m > 0 && l.viewers >= m {
		return nil, errFull
	}
	v := &view{l: l, hold: hold}
	if err := v.charge(l.frame()); err != nil {
		return nil, err
	}
	l.viewers++
	l.count.Store(int32(l.viewers))
	return v, nil
}

// leave ends the view.
func (v *view) leave() {
	l := v.l
	l.mu.Lock()
	l.viewers--
	l.count.Store(int32(l.viewers))
	l.mu.Unlock()
	_, _ = v.hold.Swap(0)
}

// charge holds the cells of the board of f in the budget.
func (v *view) charge(f *play.Frame) error {
	n := f.Width * f.Height
	if n <= freeCells {
		n = 0
	}
	if _, err := v.hold.Swap(n); err != nil {
		return errNoRoom
	}
	v.cells = f.Width * f.Height
	return nil
}

// check returns why the view of frame f ends, for watch.Live.Follow: the
// player left, the game cannot be watched now, or the server has no room
// for a view of its board.
func (v *view) check(f *play.Frame) error {
	l := v.l
	switch {
	case l.gone.Load():
		return fmt.Errorf("%s left", l.player)
	case l.closed() != "":
		return fmt.Errorf("%s cannot be watched now: %s", l.player, l.closed())
	case f.Width*f.Height != v.cells:
		return v.charge(f)
	}
	return nil
}
