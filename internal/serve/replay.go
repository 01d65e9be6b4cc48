package serve

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/ui/watch"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// replaysPerLevel is how many of a daily board's best games the list of
// games offers to replay.
const replaysPerLevel = 3

// replayPrefix starts the keys of the replays in the list of games.
const replayPrefix = "replay "

// replays returns the lines of the best games of yesterday's daily
// boards, for watch.Choose: a day's games are replayed once the day is
// over, never before (no help on the board everyone plays today).
func (g *Game) replays(ctx context.Context) []watch.Game {
	yesterday := daily.Today(g.cfg.Now().UTC().AddDate(0, 0, -1))
	var out []watch.Game
	for _, lv := range board.Levels {
		games, err := g.cfg.Players.DailyGames(ctx, yesterday, lv.Name, replaysPerLevel)
		if err != nil {
			g.cfg.Log("the replays of %s: %v", yesterday, err)
			return out
		}
		for _, dg := range games {
			out = append(out, watch.Game{
				Player: userfile.Printable(dg.Name), Board: "replay: " + yesterday + " " + lv.Name,
				Elapsed: time.Duration(dg.TimeMS) * time.Millisecond, Cleared: 1,
				Key: fmt.Sprintf("%s%s %d %s", replayPrefix, yesterday, dg.N, dg.Player),
			})
		}
	}
	return out
}

// replay is a kept game played back at its own pace: watch.Source of a
// viewer's screen.
type replay struct {
	changed chan struct{}
	mu      sync.Mutex
	frame   play.Frame
}

// Changed has a token when the replay's frame changed.
func (rp *replay) Changed() <-chan struct{} { return rp.changed }

// Frame copies the replay's frame into f.
func (rp *replay) Frame(f *play.Frame) error {
	rp.mu.Lock()
	defer rp.mu.Unlock()
	tiles := append(f.Tiles[:0], rp.frame.Tiles...)
	*f = rp.frame
	f.Tiles = tiles
	return nil
}

// startReplay loads the game of key (see replays), a daily game of a day
// that is over, and plays it back until done is closed; it returns the
// replay and the player's name, or why it cannot be replayed.
func (g *Game) startReplay(ctx context.Context, key string, done <-chan struct{}) (*replay, error) {
	f := strings.Fields(strings.TrimPrefix(key, replayPrefix))
	if len(f) != 3 {
		return nil, fmt.Errorf("no such replay")
	}
	n, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		return nil, fmt.Errorf("no such replay")
	}
	hg, err := g.cfg.Players.Player(f[2]).Game(ctx, n)
	if err != nil {
		return nil, fmt.Errorf("the replay cannot be read: %v", err)
	}
	// Never a game of a day not over: its board is the one played today.
	if hg.Daily == "" || hg.Daily != f[0] || hg.Daily >= daily.Today(g.cfg.Now()) {
		return nil, fmt.Errorf("today's daily games are replayed once the day is over")
	}
	k, err := session.KeptOf(hg)
	if err != nil {
		return nil, fmt.Errorf("the replay cannot be read: %v", err)
	}
	gm, err := game.Load(game.Config{Settings: k.Settings, Layout: daily.Layout}, k)
	if err != nil {
		return nil, fmt.Errorf("the replay cannot be read: %v", err)
	}
	rp := &replay{changed: make(chan struct{}, 1)}
	go rp.play(gm, k, g.cfg.Now, g.cfg.After, done)
	return rp, nil
}

// play plays k's moves on gm, each at its time after the start, until
// the last or until done is closed.
func (rp *replay) play(gm *game.Game, k game.Kept, now func() time.Time, after func(time.Duration) <-chan time.Time, done <-chan struct{}) {
	p := play.New(gm, play.Config{Now: now})
	base := now()
	if k.Elapsed > 0 {
		gm.StartClock(base)
	}
	show := func(cursor board.Point) {
		rp.mu.Lock()
		p.Frame(&rp.frame, cursor, false, now())
		rp.mu.Unlock()
		select {
		case rp.changed <- struct{}{}:
		default:
		}
	}
	show(board.Point{})
	for _, m := range k.Moves {
		if wait := base.Add(m.At).Sub(now()); wait > 0 {
			select {
			case <-done:
				return
			case <-after(wait):
			}
		}
		_, _ = p.ApplyAt(m.Move, base.Add(m.At)) // a move that fails changes nothing, as in play
		show(m.Move.At)
	}
}
