package play

import (
	"fmt"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/session"
)

// Start is the game a run starts with: a new one, a saved one resumed, a
// daily board, a board file's, or a replay.
type Start struct {
	Board board.Settings // size, mines, first-click rule, no-guess
	// Layout lays the mines of random boards on the first click; nil means
	// uniformly at random. No-guess settings need a Layout that lays
	// no-guess boards.
	Layout board.Layout
	Seed   uint64
	// Seeded reports whether the player chose Seed: the first game's board
	// is then known (see game.Game.Known).
	Seeded bool

	// Fixed plays exactly the mines in Mines (a board file's layout,
	// without relocation) and replays Clicks on it. New games ('n') are
	// random boards of the same size and mine count.
	Fixed  bool
	Mines  []board.Point
	Clicks []board.Point
	Source string // the board file's name, shown instead of the seed

	// Daily, when not nil, is the daily board the first game plays: its
	// settings and seed are Board's and Seed's, its mines laid by
	// daily.Layout from its start cell, which the cursor starts on and
	// the first opening must open. DailyCount is what a game on it would
	// count for when the run starts, which the front end says.
	Daily      *daily.Board
	DailyCount session.Daily

	// Resume, when not nil, is a game of the settings Board left before its
	// end: the first game goes on from it rather than starting anew. With
	// AskResume the player is asked first, its board hidden and its clock
	// stopped; a new game then has the seed Seed.
	Resume    *game.Kept
	AskResume bool
	// Others is how many more games of the board wait, left unfinished
	// before Resume; the prompt says so.
	Others int
	// GiveUp, with Resume, is -new: the player is asked whether to give
	// the game up, kept as a loss, for a new game, as n asks in a game.
	GiveUp bool
	// Elsewhere is how many games of the board left unfinished are being
	// played elsewhere (another process, another session of the same
	// key), and so not offered: the start says so (ElsewhereNote).
	Elsewhere int
	// Note, when not empty, is what the front end says at the start, such
	// as who plays on a server.
	Note string
	// Replay, when not nil, is a game of the settings Board to play back
	// at its own pace, faster, slower, paused or move by move, rather than
	// a game to play. Nothing is kept.
	Replay *game.Kept
	// ReplaySpeed is the replay's speed at the start, game time per real
	// time: 2 plays it twice as fast; zero means 1.
	ReplaySpeed float64
}

// ElsewhereNote is what the start says when the games of its board left
// unfinished are being played elsewhere, by another process or another
// session of the same key, and so are not offered.
const ElsewhereNote = "the saved game is being played elsewhere: this is a new one"

// Normal returns st with its kept games (Replay, Resume) given the
// settings Board when they have none, as older saves have not.
func (st Start) Normal() Start {
	for _, k := range []**game.Kept{&st.Replay, &st.Resume} {
		if *k != nil && (*k).Settings == (board.Settings{}) {
			c := **k
			c.Settings = st.Board
			*k = &c
		}
	}
	return st
}

// First returns the first game of st, with gc's preferences (st's board
// and layout replace gc's): the replay's board, the game left unfinished
// resumed (its clock going on from now, once its board is laid again), a
// board file's layout, the daily board, or a random board seeded with
// st.Seed. A Fixed start's clicks are left to Begin.
func First(st Start, gc game.Config, now func() time.Time) (*game.Game, error) {
	st = st.Normal()
	gc.Settings, gc.Layout = st.Board, st.Layout
	if d := st.Daily; d != nil {
		gc.Settings, gc.Layout = d.Settings, daily.Layout
	}
	switch {
	case st.Replay != nil:
		// The replay's own board: no layout is drawn, which a no-guess
		// board could not be without st.Layout.
		return game.Load(gc, *st.Replay)
	case st.Resume != nil:
		return game.Resume(gc, *st.Resume, now)
	case st.Fixed:
		return game.NewFixed(gc, st.Mines, st.Source, st.Seed)
	case st.Daily != nil:
		return game.NewDaily(gc, st.Daily.Game())
	}
	origin := game.Drawn
	if st.Seeded {
		origin = game.Seeded
	}
	return game.New(gc, st.Seed, origin)
}

// Begin plays what st plays before the player's first move: a board
// file's clicks, the player's openings (a game they end is kept; a click
// that fails changes nothing and is skipped).
func (p *Play) Begin(st Start) {
	if !st.Fixed {
		return
	}
	for _, c := range st.Clicks {
		_, _ = p.Apply(game.Move{Action: game.Open, At: c})
	}
}

// Restarted gives up the game resumed at the start ("it is then lost":
// the player was asked) for the game st began with: the daily board
// again, as practice (its first game was given up), or a new game of the
// seed st.Seed.
func (p *Play) Restarted(st Start) error {
	if d := st.Daily; d != nil {
		return p.ChooseDaily(p.g.Config(), *d)
	}
	return p.Renew(st.Seed)
}

// Leave keeps what the player left with k (see session.Session.Leave):
// the game in play saved, or given up; and remembers its board, unless a
// board file's or a daily's, the theme and the question marks for the
// next run. It reports
// whether the game was saved.
func Leave(k *session.Session, res Result) bool {
	left := k.Leave(res.Kept, res.Started)
	// A board file's game is no board to start with next time; a random
	// game that followed it (n) is. A daily board is today's only.
	k.Remember(res.Settings, res.Source == "" && res.Kept.Daily == "", session.Choices{Theme: res.Theme, QuestionMarks: res.QuestionMarks, Counters: res.Counters})
	return left.Saved
}

// Lines returns the lines printed when a run ends: the one that sums the
// last game up (see Summary) and, after a game on a daily board, the line
// to share.
func Lines(res Result, saved bool, again string) []string {
	lines := []string{Summary(res, saved, again)}
	if res.DailyEnd != nil {
		lines = append(lines, ShareLine(*res.DailyEnd))
	}
	return lines
}

// Claim claims for this run the game of st's board left unfinished in k,
// the last one, if there is one (see session.Session.Saved and
// SavedDaily): the first game resumes it, the player asked first unless
// resume, and asked whether to give it up for a new game with giveUp (as
// n asks in a game). st.Elsewhere counts those played elsewhere. With
// resume and no game to claim, it says why, naming the board.
func (st *Start) Claim(k *session.Session, resume, giveUp bool) error {
	var kept *game.Kept
	var others int
	var ok bool
	if st.Daily != nil {
		kept, others, ok = k.SavedDaily(*st.Daily, true)
	} else {
		kept, others, ok = k.Saved(st.Board, true)
	}
	st.Elsewhere = k.Elsewhere()
	switch {
	case ok:
		st.Resume, st.AskResume, st.Others, st.GiveUp = kept, !resume, others, giveUp
	case resume && st.Elsewhere > 0:
		return fmt.Errorf("the game of %s left unfinished is being played elsewhere", st.Board.Name())
	case resume:
		return fmt.Errorf("no game of %s was left unfinished", st.Board.Name())
	}
	return nil
}
