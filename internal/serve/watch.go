package serve

import (
	"context"
	"errors"
	"fmt"
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
	return watch.Follow(r, l.player, look, v)
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

// live is a game in play as its viewers follow it: the last frame its
// player was shown, and the viewers to tell of the next. The player's
// loop never waits for a viewer: it copies the frame and leaves a token
// in each viewer's channel, one at most.
type live struct {
	lb        *lobby
	player    string // the player's display name
	unwatched bool   // the player keeps their games from viewers
	racing    bool   // a race's game, closed until the race ends (l.mu)
	count     atomic.Int32

	mu      sync.Mutex
	frame   play.Frame // the last frame, its Tiles a copy
	shown   bool       // a frame was shown
	gone    bool       // the player left
	viewers map[*view]struct{}
}

// add lists the game of the player named player; unwatched keeps it from
// viewers. The game leaves the list with remove.
func (lb *lobby) add(player string, unwatched bool) *live {
	l := &live{lb: lb, player: userfile.Printable(player), unwatched: unwatched, viewers: map[*view]struct{}{}}
	lb.mu.Lock()
	lb.games = append(lb.games, l)
	lb.mu.Unlock()
	return l
}

// addRacer lists the game of the racer named player, closed to viewers
// until the race ends (see open).
func (lb *lobby) addRacer(player string, unwatched bool) *live {
	l := lb.add(player, unwatched)
	l.mu.Lock()
	l.racing = true
	l.mu.Unlock()
	return l
}

// open opens a racer's game to viewers: the race is over.
func (l *live) open() {
	l.mu.Lock()
	l.racing = false
	l.mu.Unlock()
}

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
	l.mu.Lock()
	l.gone = true
	l.notify()
	l.mu.Unlock()
}

// Shown keeps frame f, the player's, and tells the viewers: the
// ui.Watched of the player's game.
func (l *live) Shown(f *play.Frame) {
	l.mu.Lock()
	defer l.mu.Unlock()
	tiles := l.frame.Tiles
	if f.Game != l.frame.Game || f.Version != l.frame.Version || len(f.Tiles) != len(tiles) {
		tiles = append(tiles[:0], f.Tiles...)
	}
	l.frame, l.frame.Tiles, l.shown = *f, tiles, true
	l.notify()
}

// Viewers returns how many follow the game now.
func (l *live) Viewers() int { return int(l.count.Load()) }

// notify leaves a token for each viewer; l.mu is held.
func (l *live) notify() {
	for v := range l.viewers {
		select {
		case v.changed <- struct{}{}:
		default:
		}
	}
}

// closed returns why the game cannot be watched now, or "": its player
// keeps it from viewers, it is a race's before the race ends, or it is
// today's daily game (no help on the board everyone plays today); l.mu
// is held.
func (l *live) closed() string {
	switch {
	case l.unwatched:
		return "the player keeps their games from viewers"
	case l.racing:
		return "a race, watched once it ends"
	case l.frame.Daily != "" && l.frame.Daily >= daily.Today(l.lb.now()):
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
		l.mu.Lock()
		f := &l.frame
		out = append(out, watch.Game{
			Player: l.player, Board: fmt.Sprintf("%dx%d, %d mines", f.Width, f.Height, f.Mines),
			Elapsed: f.Elapsed, Cleared: f.Cleared(), Viewers: l.Viewers(), Closed: l.closed(),
		})
		l.mu.Unlock()
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

// view is one viewer of a game: watch.Source of the viewer's screen. The
// copy of the frame it draws is charged to the viewer's share of the
// server's budget, as a board of its size is.
type view struct {
	l       *live
	hold    *host.Hold
	changed chan struct{}
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
	if l.gone {
		return nil, fmt.Errorf("%s left", l.player)
	}
	if m := l.lb.maxViewers; m > 0 && len(l.viewers) >= m {
		return nil, errFull
	}
	v := &view{l: l, hold: hold, changed: make(chan struct{}, 1)}
	if err := v.charge(&l.frame); err != nil {
		return nil, err
	}
	l.viewers[v] = struct{}{}
	l.count.Store(int32(len(l.viewers)))
	v.changed <- struct{}{}
	return v, nil
}

// leave ends the view.
func (v *view) leave() {
	l := v.l
	l.mu.Lock()
	delete(l.viewers, v)
	l.count.Store(int32(len(l.viewers)))
	l.mu.Unlock()
	_, _ = v.hold.Swap(0)
}

// charge holds the cells of the view's copy of f in the budget.
func (v *view) charge(f *play.Frame) error {
	n := f.Width * f.Height
	if n <= freeCells {
		n = 0
	}
	if _, err := v.hold.Swap(n); err != nil {
		return errors.New("the server holds all it can now, and has no room for this view: try again later")
	}
	return nil
}

// Changed has a token when the game's frame changed.
func (v *view) Changed() <-chan struct{} { return v.changed }

// Frame copies the game's last frame into f, or returns why the view
// ends: the player left, the game cannot be watched now, or the server
// has no room for a view of its board.
func (v *view) Frame(f *play.Frame) error {
	l := v.l
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.gone:
		return fmt.Errorf("%s left", l.player)
	case l.closed() != "":
		return fmt.Errorf("%s cannot be watched now: %s", l.player, l.closed())
	}
	if f.Width*f.Height != l.frame.Width*l.frame.Height {
		if err := v.charge(&l.frame); err != nil {
			return err
		}
	}
	tiles := append(f.Tiles[:0], l.frame.Tiles...)
	*f = l.frame
	f.Tiles = tiles
	return nil
}
