package serve

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/serve/host"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/ui"
	"github.com/minesweeper-go/minesweeper/internal/ui/remote"
	uitheme "github.com/minesweeper-go/minesweeper/internal/ui/theme"
	"github.com/minesweeper-go/minesweeper/internal/ui/watch"
)

// Handle plays the game on session s's terminal until the player quits,
// the connection drops, or ctx is done (the server ends the session: the
// game is then left as the player would leave it, a started one saved).
// The lines that report what the player left follow the screen's close.
// It is the host's Handler.
func (g *Game) Handle(ctx context.Context, s *host.Session) int {
	if len(s.Command) > 0 && s.Command[0] == "watching" {
		return g.watching(s)
	}
	scr, err := remote.Open(remote.Terminal{
		In: s.In, Out: s.Out, Term: s.Term, Width: s.Window.Width, Height: s.Window.Height, Now: g.cfg.Now,
	})
	if err != nil {
		return s.Refuse("cannot draw on this terminal: " + err.Error())
	}
	// A panic's line is the host's, after the screen is closed.
	defer scr.Close()
	stop := context.AfterFunc(ctx, scr.Quit)
	defer stop()
	go func() {
		for w := range s.Windows {
			scr.Resize(w.Width, w.Height)
		}
	}()
	var lines []string
	switch {
	case len(s.Command) > 0 && s.Command[0] == "race":
		lines = g.race(ctx, s, scr)
	case len(s.Command) > 0:
		lines = g.watch(ctx, s, scr)
	default:
		lines = g.game(ctx, s, scr)
	}
	scr.Close()
	if n := scr.Dropped(); n > 0 {
		s.Log("%d keys past the input's budget ignored", n)
	}
	for _, l := range lines {
		fmt.Fprintf(s.Out, "%s\r\n", l)
	}
	return 0
}

// game runs the game of s's player (a guest without a key) on r: the
// name asked on a first visit, then the board left unfinished or the one
// played last. It returns the lines to print once the screen is closed.
func (g *Game) game(ctx context.Context, s *host.Session, r *remote.Screen) []string {
	env, id := s.Env, s.Key
	prefs := ui.Prefs{QuestionMarks: true, ASCII: remote.ASCII(env), Mono: env["NO_COLOR"] != ""}
	uc := ui.Config{
		Start:   play.Start{Board: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}, Seed: g.seed()},
		Prefs:   prefs,
		NewSeed: g.seed,
		Leaders: func(level string) ([]history.Leaderboard, error) { return g.leaders(ctx, level) },
		Replay: func(lb history.Leaderboard, i int) (ui.Playback, error) {
			return g.replayEntry(ctx, watch.Look{ASCII: prefs.ASCII, Mono: prefs.Mono}, lb, i)
		},
		Tick: g.cfg.tick,
		// A seed seen before the end lays the board offline: the
		// leaderboards count boards nobody could know.
		SecretSeed: !g.cfg.showSeed,
	}
	cells := s.Hold()
	choose := func(b board.Settings) (board.Layout, error) { return g.choose(cells, b) }
	uc.Start.Layout, _ = choose(uc.Start.Board)
	if id == "" {
		uc.Keeper = guest{choose: choose}
		uc.Start.Note = "a guest: nothing is kept; connect with a key (ssh-keygen) to be on the leaderboard"
		res, err := ui.PlayRemote(r, uc)
		if err != nil {
			return failed(err)
		}
		return []string{play.Summary(res, false, "")}
	}
	name, err := g.cfg.Players.Name(ctx, id)
	if err != nil {
		return failed(err)
	}
	if name == "" {
		var ok bool
		name, ok = r.AskName("Choose a display name for the leaderboard", func(n string) error {
			if err := history.CheckName(n); err != nil {
				return err
			}
			return g.cfg.Players.SetName(ctx, id, n)
		})
		if !ok {
			if r.Quitting() {
				return nil
			}
			return []string{"no name chosen, so nothing was played: ssh again to choose one"}
		}
	}
	k := session.Over(g.cfg.Players.Player(id))
	k.Now = g.cfg.Now
	k.Choose = choose
	k.DailyBoard = func(date, level string) (daily.Board, error) { return g.dailyBoard(ctx, date, level) }
	k.Log = func(msg string) { g.cfg.Log("%s: %s", id, msg) }
	defer k.Close()
	return g.played(k, r, uc, name, s.Hold())
}

// played starts the game of k's player named name on r: today's daily
// game left unfinished, or the board played last and the game left on
// it; it returns the lines to print once the screen is closed. The frames
// drawn for its viewers take their memory from views.
func (g *Game) played(k *session.Session, r *remote.Screen, uc ui.Config, name string, views *host.Hold) []string {
	last, lastOK, theme := k.Prefs(uitheme.Check)
	uc.Prefs.Theme, uc.Prefs.QuestionMarks, uc.Prefs.Counters = theme, k.QuestionMarks(), k.Counters()
	if lastOK {
		// A board the server cannot hold now is not started on.
		if layout, err := k.Choose(last); err == nil {
			uc.Start.Board, uc.Start.Layout = last, layout
		}
	}
	uc.Keeper = k
	// The game left unfinished is read beside the first frame, the resume
	// question drawn when it comes.
	uc.Claim = func(st *play.Start) error {
		if b, kept, others, count, ok := k.OpenDaily(); ok {
			// Today's daily game left unfinished, the day's attempt,
			// first: it is played on, or given up as the loss of the day.
			st.Board, st.Layout, st.Seed = b.Settings, daily.Layout, b.Seed
			st.Daily, st.DailyCount = &b, count
			st.Resume, st.AskResume, st.Others = kept, true, others
		} else if kept, others, ok := k.Saved(st.Board, true); ok {
			st.Resume, st.AskResume, st.Others = kept, true, others
		}
		st.Elsewhere = k.Elsewhere()
		return nil
	}
	uc.Start.Note = "playing as " + name
	// Listed for viewers while it is played (ssh -t HOST watch NAME).
	l := g.lobby.add(name, k.Unwatched(), views)
	defer g.lobby.remove(l)
	uc.Watched = l
	res, err := ui.PlayRemote(r, uc)
	if err != nil {
		return failed(err)
	}
	saved := play.Leave(k, res)
	lines := []string{}
	for _, w := range k.Warnings() {
		lines = append(lines, "warning: "+w)
	}
	again := ""
	if saved {
		again = "ssh again"
	}
	return append(lines, play.Lines(res, saved, again)...)
}

func failed(err error) []string {
	if errors.Is(err, ui.ErrQuit) {
		return nil
	}
	return []string{"minesweeper: " + err.Error()}
}

// seed returns a seed nobody can foresee.
func (g *Game) seed() uint64 {
	if g.cfg.NewSeed != nil {
		return g.cfg.NewSeed()
	}
	return rand.Uint64()
}

// fits returns why settings are larger than the server allows a
// session, or nil.
func (g *Game) fits(b board.Settings) error {
	lim := g.cfg.Limits
	if lim.Width > 0 && b.Width > lim.Width || lim.Height > 0 && b.Height > lim.Height {
		return fmt.Errorf("this server plays boards of at most %dx%d", lim.Width, lim.Height)
	}
	if lim.Cells > 0 && b.Cells() > lim.Cells {
		return fmt.Errorf("this server plays boards of at most %d cells (%dx%d has %d)", lim.Cells, b.Width, b.Height, b.Cells())
	}
	return nil
}

// freeCells is the largest board that takes nothing from the server's
// budget of cells: an expert board's. Every session may hold one, so
// that a few players on large boards never keep the others from the
// usual ones; their memory is counted with the sessions' (see
// DefaultLimits).
const freeCells = 30 * 16

// charge returns what a board of settings b takes from the budget.
func charge(b board.Settings) int {
	if n := b.Cells(); n > freeCells {
		return n
	}
	return 0
}

// choose lays the boards of b for the session whose share of the
// server's budget is h, under the server's limits of size, and reserves
// their cells in place of the board it held. A finished game's board
// stays on the player's screen (and an undo plays it on) until the next
// is chosen, so it is held until then.
func (g *Game) choose(h *host.Hold, b board.Settings) (board.Layout, error) {
	if err := g.fits(b); err != nil {
		return nil, err
	}
	old, err := h.Swap(charge(b))
	if err != nil {
		room := max(old, freeCells) // Swap's answer when the budget is short; an expert's board is always played
		return nil, fmt.Errorf("the server holds all the large boards it can now: %d cells at most for the moment (%dx%d has %d)", room, b.Width, b.Height, b.Cells())
	}
	l, err := g.cfg.Choose(b)
	if err != nil {
		_, _ = h.Swap(old)
	}
	return l, err
}

// leaders returns the leaderboards of level: today's daily board's, with
// the server's commitment to it, yesterday's, whose best games are
// replayed (see replayEntry), all time's, and all time's of the NF style
// (no flag placed).
func (g *Game) leaders(ctx context.Context, level string) ([]history.Leaderboard, error) {
	today := daily.Today(g.cfg.Now())
	d, err := g.cfg.Players.Daily(ctx, today, level, leaderLimit)
	if err != nil {
		return nil, err
	}
	b, err := g.dailyBoard(ctx, today, level)
	if err != nil {
		return nil, err
	}
	d.Commitment = b.Commitment
	y, err := g.cfg.Players.Daily(ctx, daily.Today(g.cfg.Now().AddDate(0, 0, -1)), level, leaderLimit)
	if err != nil {
		return nil, err
	}
	a, err := g.cfg.Players.AllTime(ctx, level, false, leaderLimit)
	if err != nil {
		return nil, err
	}
	nf, err := g.cfg.Players.AllTime(ctx, level, true, leaderLimit)
	if err != nil {
		return nil, err
	}
	return []history.Leaderboard{d, y, a, nf}, nil
}

// leaderLimit is how many lines of a leaderboard a player's screen gets.
const leaderLimit = 100
