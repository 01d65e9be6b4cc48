// Package session decides what a game counts for and keeps it: the
// history of finished games, the saved game of each kind of board, the
// board played last, the best times and the statistics. The screen tells
// it of each game as it ends, is given up or is left, and it answers with
// data (Counts, Stats) that the screen words. It keeps the games in a
// store.Store, opened when first needed; what goes wrong is kept as
// warnings for after the screen is closed: play always goes on.
package session

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/plot"
	"github.com/minesweeper-go/minesweeper/internal/store"
)

// Session is one run of the game's dealings with the player's records.
// It is used from one goroutine, the game's loop.
type Session struct {
	// Now returns the current time, for the dates of the games kept.
	Now func() time.Time
	// Notice, when not nil, tells the player at once, before the screen
	// starts, why the start takes seconds: a large import of an earlier
	// version's files, and every few seconds how far it has come.
	Notice func(msg string)
	// Choose returns the layout of the boards of some settings, or why
	// they cannot be played (see Layout); nil checks the settings and
	// lays no no-guess boards.
	Choose func(board.Settings) (board.Layout, error)
	// DailyBoard returns the daily board of a date and level that Daily
	// gives: nil for the public function of the date (daily.Of), as at
	// home; a server's is laid from its secret of the day (see
	// daily.OfSecret).
	DailyBoard func(date, level string) (daily.Board, error)
	// Log, when not nil, is told the detail of a fault the player is told
	// of in plain words (a server's log); without it, the warnings give
	// the detail.
	Log func(msg string)

	store    store.Store // opened when first needed
	broken   bool        // the store could not be opened
	warnings []string
	written  map[int]history.Game // the games this session kept, by number, to amend

	owner      string           // who claims the saved games this run resumes: a random id
	held       claim            // the claim on the saved game the run started from, if any
	elsewhere  int              // the saved games the last offer left out: played elsewhere
	leaseNow   func() time.Time // the clock of the claims' leases, called on the renewals' goroutine
	renewEvery time.Duration    // how often the claim is renewed; 0 for store.Lease/3
	endedTo    string           // the date EndPastDailies last ended the daily games left before
	started    bool             // the games waiting to be kept were looked for (see keepWaiting)
	waiting    *waiting         // the last game put in a pending file, if any
}

// ctx is the context of the session's dealings with the store: a game's
// loop does not cancel them.
var ctx = context.Background()

// New returns the session of one run of the game. The store is opened
// when it is first needed; reading what the player left (Prefs, Saved)
// opens it only if its directory exists.
func New() *Session {
	return &Session{Now: time.Now, written: map[int]history.Game{}, owner: store.NewOwner(), leaseNow: time.Now}
}

// Over returns a session whose store is st, as a server makes one for
// a player (store.Players.Player): it opens no store of its own, and its
// Close closes st.
func Over(st store.Store) *Session {
	s := New()
	s.store = st
	return s
}

// Warn keeps a warning for later.
func (s *Session) Warn(msg string) { s.warnings = append(s.warnings, msg) }

// Flush prints the warnings kept, one line each, and forgets them.
func (s *Session) Flush(w io.Writer) {
	for _, msg := range s.warnings {
		fmt.Fprintf(w, "minesweeper: warning: %s\n", msg)
	}
	s.warnings = nil
}

// Warnings returns the warnings kept so far.
func (s *Session) Warnings() []string { return s.warnings }

// peek opens the store if its directory exists, to read what an earlier
// game left, and reports whether it is open.
func (s *Session) peek() bool {
	if s.store == nil && !s.broken {
		dir, err := history.Dir()
		if err != nil {
			return s.open() // warns of it
		}
		if _, err := os.Stat(dir); err != nil {
			return false
		}
	}
	return s.open()
}

// open opens the store the first time it is needed, and reports whether
// it is open.
func (s *Session) open() bool {
	if s.store == nil && !s.broken {
		dir, err := history.Dir()
		if err == nil {
			if msg := store.ImportNotice(dir); msg != "" && s.Notice != nil {
				s.Notice(msg)
			}
			var db *store.DB
			if db, err = store.OpenNotify(dir, s.Warn, s.Notice); err == nil {
				s.store = db
			}
		}
		if err != nil {
			s.broken = true
			s.Warn("games are not kept: " + err.Error())
		}
	}
	if s.store != nil && !s.started {
		// The start keeps the games that wait, or says why they wait.
		s.started = true
		if _, err := s.keepWaiting(); err != nil {
			s.report("games wait to be kept: "+err.Error(), "games wait to be kept: "+store.FaultOf(err).String())
		}
	}
	return s.store != nil
}

// CountOf returns what a game kept as g counts for, given the best clean
// time of its kind so far (-1 for none) and whether that is known. These
// are the rules of the records:
//   - a game on a board the player could know (a board file, a chosen
//     seed, a restart after cells were revealed) is kept, apart: it counts
//     in nothing of the others, not games played, won or the streaks;
//   - of the others, every game counts in games played, won and the
//     streaks, a game given up as a loss;
//   - only a clean win, without help and with no move taken back, counts
//     in the best times and speeds, and is a new best time when it beats
//     the best so far.
func CountOf(g history.Game, best int64, bestKnown bool) Counts {
	c := Counts{Played: !g.IsKnown(), GaveUp: g.GaveUp}
	switch {
	case g.IsKnown():
		c.Why = Known
	case g.Assisted:
		c.Why = Assisted
	case g.Undone:
		c.Why = Undone
	}
	c.Clean = c.Why == Counted && g.Won()
	c.NewBest = c.Clean && bestKnown && (best < 0 || g.TimeMS < best)
	return c
}

// DailyOf returns what g, a game on a daily board that ended, was given
// up or is left, counts for as a daily, given whether a game of its date
// and level counts for that date already. These are the rules of the
// daily boards:
//   - a game on another board is NotDaily;
//   - a game played on a date other than its board's is practice,
//     DailyOtherDay: neither its end nor its start (its end less the time
//     on its clock) falls on that UTC date;
//   - a game of a date and level that counted already, or on a board the
//     player could know otherwise (played again after its cells were
//     revealed), is practice, DailyAgain;
//   - a game of a date and level of which another game was left
//     unfinished (open) is practice, DailyOpen: the game left is the
//     date's attempt, offered again until it ends, and it alone counts;
//   - any other is the first game of its date and level to end or be
//     left, played on its date: it counts for that date, DailyCounted,
//     won or lost, a game given up as a loss. Left unfinished, it is
//     saved and stays the attempt that counts.
//
// A practice game is kept as a known board (see CountOf): it counts in
// nothing of the others, nor for a day.
func DailyOf(g history.Game, counted, open bool) Daily {
	switch {
	case g.Daily == "":
		return NotDaily
	case !playedOn(g):
		return DailyOtherDay
	case counted || g.IsKnown():
		return DailyAgain
	case open:
		return DailyOpen
	}
	return DailyCounted
}

// playedOn reports whether g was played on its daily board's date: it
// ended, or began, on that UTC date.
func playedOn(g history.Game) bool {
	end := g.Date.UTC()
	begin := end.Add(-time.Duration(max(g.TimeMS, 0)) * time.Millisecond)
	return daily.Today(end) == g.Daily || daily.Today(begin) == g.Daily
}

// Daily returns the daily board of level on date (YYYY-MM-DD), or today's
// by Now, in UTC, when date is "", as DailyBoard lays it, and what a game
// on it would count for if it ended now (see DailyOf): DailyCounted,
// DailyAgain, DailyOpen or DailyOtherDay. With no records kept it says
// DailyCounted for today's board, which is then kept nowhere. The daily
// games left unfinished whose day has ended count first (see
// EndPastDailies).
func (s *Session) Daily(date, level string) (daily.Board, Daily, error) {
	if date == "" {
		date = daily.Today(s.Now())
	}
	b, err := s.dailyBoard(date, level)
	if err != nil {
		return daily.Board{}, NotDaily, err
	}
	g := history.Game{Daily: date, Level: level, Date: s.Now()}
	counted, open := false, false
	if s.peek() {
		s.EndPastDailies()
		if counted, err = s.store.DailyCounted(ctx, date, level); err != nil {
			s.Warn("the daily results cannot be read: " + err.Error())
		}
		open = s.openDaily(g, s.held.c.ID)
	}
	return b, DailyOf(g, counted, open), nil
}

// Ended keeps k, a game that ended for the first time, won or lost, and
// returns what it counts for.
func (s *Session) Ended(k game.Kept) Counts {
	return s.keep(HistoryGame(k, s.Now()))
}

// GaveUp keeps k, a started game given up before its end, as a loss.
func (s *Session) GaveUp(k game.Kept) Counts {
	g := HistoryGame(k, s.Now())
	g.Result, g.GaveUp = "lost", true
	return s.keep(g)
}

// keep appends g to the history and returns what it counts for, decided
// in the transaction that keeps it from what the records held then (see
// decide). The games that wait to be kept go first; a game the store
// cannot take, or that would go before those that still wait, waits
// behind them (see pend). The first game the run keeps while it holds
// the claim on the saved game it started from is that game: the saved
// game is removed in the same transaction, and nothing is kept if the
// claim was lost (it goes on elsewhere, and is kept there).
func (s *Session) keep(g history.Game) Counts {
	return s.keepAs(g, s.held.c)
}

// keepAs is keep, under the claim c (ID 0: none) on the saved game that
// is g, resumed or ending as it was left: kept in the transaction that
// removes it, and, if it is the daily game left unfinished of its date,
// its attempt rather than another.
func (s *Session) keepAs(g history.Game, cl store.Claim) Counts {
	but := cl.ID
	if !s.open() {
		return Counts{Why: NotKept}
	}
	open := s.openDaily(g, but)
	s.waiting = nil
	if waiting, err := s.keepWaiting(); waiting {
		return s.pend(g, err)
	}
	var c Counts
	var kept history.Game
	decideIt := func(p store.Prior) history.Game {
		kept, c = decide(g, p, open)
		return kept
	}
	var n int64
	var err error
	switch {
	case cl.ID != 0 && cl == s.held.c:
		n, err = s.store.KeepClaimed(ctx, cl, g, decideIt)
		if err == nil || errors.Is(err, store.ErrClaimLost) {
			s.release()
		}
	case cl.ID != 0:
		n, err = s.store.KeepClaimed(ctx, cl, g, decideIt)
	default:
		n, err = s.store.Keep(ctx, g, decideIt)
	}
	if errors.Is(err, store.ErrClaimLost) {
		s.Warn("the game was not kept here: it was resumed elsewhere after this run stopped renewing its claim, and is kept there")
		return Counts{Why: NotKept}
	}
	if errors.Is(err, store.ErrTooLarge) {
		// No later keep would take it: it waits in no file.
		s.Warn("the game was not kept: " + err.Error())
		return Counts{Why: NotKept}
	}
	if err != nil && cl.ID != 0 && cl != s.held.c {
		// A saved game this run claimed only to keep it (a past day's
		// daily, see EndPastDailies) stays saved, for the next look: in
		// a file too, it could be kept twice.
		s.fault("the game was not kept", err)
		return Counts{Why: NotKept}
	}
	if err != nil {
		return s.pend(g, err)
	}
	c.Number = int(n)
	s.written[c.Number] = kept
	return c
}

// Reopened marks the game kept as number n undone: an undo took back its
// end and it plays on. The history keeps it once, as it ended then. With
// n 0, the game is the one that ended last and waits to be kept (Counts'
// Pending), marked undone where it waits.
func (s *Session) Reopened(k game.Kept, n int) {
	if n == 0 {
		s.reopenWaiting()
		return
	}
	was, ok := s.written[n]
	if !ok || was.Undone || !s.open() {
		return
	}
	g := was
	g.Undone = true
	if err := s.store.Amend(ctx, int64(n), was, g); err != nil {
		s.Warn(fmt.Sprintf("game %d was not marked undone: %v", n, err))
		return
	}
	s.written[n] = g
}

// Stats is the statistics of one kind of board, as the game's statistics
// key shows them.
type Stats struct {
	Kept    bool          // the games are kept: the history can be used
	Err     error         // the history cannot be read
	Counted history.Stats // the games that count; Played is 0 when none ended yet
	Known   history.Stats // the games on known boards, apart
	// Daily are the results of the daily boards, every level played, the
	// current streaks running to today (UTC, by Now).
	Daily []history.DailyStats
	// Plots are what the plots of the records show of the kind (see
	// PlotRecords), to Now.
	Plots plot.Records
}

// Stats returns the statistics of the kind of board kind.
func (s *Session) Stats(kind board.Settings) Stats {
	if !s.open() {
		return Stats{}
	}
	stats, err := s.store.Stats(ctx, &kind)
	if err != nil {
		return Stats{Kept: true, Err: err}
	}
	st := Stats{Kept: true}
	if st.Daily, err = s.store.DailyStats(ctx, daily.Today(s.Now())); err != nil {
		return Stats{Kept: true, Err: err}
	}
	if st.Plots, err = PlotRecords(ctx, s.store, kind, s.Now()); err != nil {
		return Stats{Kept: true, Err: err}
	}
	for _, sum := range stats {
		switch {
		case sum.Kind != kind:
		case sum.Known:
			st.Known = sum
		default:
			st.Counted = sum
		}
	}
	return st
}

// Prefs returns what the player chose last: the board, if there is one
// that can be read, and the theme ("" for none). check refuses a theme
// this game cannot show.
func (s *Session) Prefs(check func(theme string) error) (b board.Settings, boardOK bool, theme string) {
	if !s.peek() {
		return b, false, ""
	}
	p, ok, err := s.store.Prefs(ctx)
	if err != nil {
		s.Warn(err.Error())
	}
	if !ok {
		return b, false, ""
	}
	if check != nil {
		if err := check(p.Theme); err != nil {
			s.Warn(fmt.Sprintf("the last theme is not used: %v", err))
			p.Theme = ""
		}
	}
	if p.Board == (board.Settings{}) {
		return b, false, p.Theme
	}
	return p.Board, true, p.Theme
}

// QuestionMarks reports whether the player's last choice lets f cycle
// through a question mark after the flag: true, the default, when they
// chose none (see Remember).
func (s *Session) QuestionMarks() bool {
	if !s.peek() {
		return true
	}
	p, ok, err := s.store.Prefs(ctx)
	return err != nil || !ok || !p.NoQuestionMarks
}

// Counters reports whether the player left the live counters shown under
// the board (c) when they last played; false when they chose none.
func (s *Session) Counters() bool {
	if !s.peek() {
		return false
	}
	p, ok, err := s.store.Prefs(ctx)
	return err == nil && ok && p.Counters
}

// Choices are what a player chose besides the board, which Remember keeps
// for the next run: the theme, the question marks, the live counters.
type Choices struct {
	Theme                   string
	QuestionMarks, Counters bool
}

// Remember keeps b and c as what the player chose last; with withBoard
// false, the board kept before stays.
func (s *Session) Remember(b board.Settings, withBoard bool, c Choices) {
	if !s.open() {
		return
	}
	p, _, err := s.store.Prefs(ctx)
	if errors.Is(err, store.ErrNewer) {
		return // a newer minesweeper's choices stay; Prefs said so
	}
	if withBoard {
		p.Board, p.Level = b, ""
		if name := board.LevelOf(b); name != "custom" {
			p.Level = name
		}
	}
	p.Theme, p.NoQuestionMarks, p.Counters = c.Theme, !c.QuestionMarks, c.Counters
	if p.Board == (board.Settings{}) {
		return // nothing worth keeping: a board file's game, no theme chosen
	}
	if err := s.store.SavePrefs(ctx, p); err != nil {
		s.fault("the settings were not kept", err)
	}
}

// Unwatched reports whether the player chose to keep their games from a
// server's viewers (see SetUnwatched).
func (s *Session) Unwatched() bool {
	if !s.peek() {
		return false
	}
	p, ok, err := s.store.Prefs(ctx)
	return err == nil && ok && p.Unwatched
}

// SetUnwatched keeps, with the player's last choices, whether their
// games are kept from a server's viewers.
func (s *Session) SetUnwatched(on bool) error {
	if !s.open() {
		return errors.New("the records cannot be opened")
	}
	p, _, err := s.store.Prefs(ctx)
	if err != nil {
		return err
	}
	p.Unwatched = on
	return s.store.SavePrefs(ctx, p)
}

// Saved returns the game of the kind of board b left unfinished last, if
// there is one that can be resumed, and how many others of its kind wait
// beside it; one that cannot be resumed is set aside, with a warning.
// With offer, the run starts from it, and claims it in the transaction
// that marks it (see store.Claim): keeping its end, leaving it, or leaving
// another game, removes it and no other saved game (see Leave). A game
// another run of the game is playing is not offered (see Elsewhere). The
// games on daily boards are left for SavedDaily.
func (s *Session) Saved(b board.Settings, offer bool) (*game.Kept, int, bool) {
	return s.saved(b, offer, func(g history.Game) bool { return g.Daily == "" })
}

// SavedDaily returns the game on the daily board d left unfinished last,
// if there is one that can be resumed, and how many others of it wait
// beside it, as Saved does for other boards.
func (s *Session) SavedDaily(d daily.Board, offer bool) (*game.Kept, int, bool) {
	if s.peek() {
		s.EndPastDailies()
	}
	return s.saved(d.Settings, offer, func(g history.Game) bool { return g.Daily == d.Date && g.Level == d.Level })
}

// saved returns the game of the kind of board b left unfinished last of
// those that match, as Saved describes.
func (s *Session) saved(b board.Settings, offer bool, match func(history.Game) bool) (*game.Kept, int, bool) {
	if !s.peek() {
		return nil, 0, false
	}
	saved, err := s.store.Saved(ctx, b)
	if err != nil {
		s.Warn("the games left unfinished cannot be read: " + err.Error())
	}
	var kept *game.Kept
	others, now := 0, s.leaseNow()
	s.elsewhere = 0
	for _, sv := range saved {
		if !match(sv.Game) {
			continue
		}
		if sv.HeldElsewhere(s.owner, now) {
			s.elsewhere++
			continue
		}
		k, err := KeptOf(sv.Game)
		switch {
		case err != nil:
			if err := s.store.SetAside(ctx, sv.ID, err.Error()); err != nil {
				s.Warn("a saved game that cannot be resumed was not set aside: " + err.Error())
			}
		case kept == nil:
			if offer && !s.claimed(sv.ID) {
				continue
			}
			kept = &k
		default:
			others++
		}
	}
	if kept == nil {
		return nil, 0, false
	}
	return kept, others, true
}

// claimed claims the saved game id for the run, and reports whether it
// holds it: another run may have claimed it since it was read. A store
// that keeps nothing (a newer minesweeper's) offers its games unclaimed.
func (s *Session) claimed(id int64) bool {
	err := s.hold(id)
	switch {
	case err == nil, errors.Is(err, store.ErrReadOnly):
		return true
	case errors.Is(err, store.ErrElsewhere):
		s.elsewhere++
	case errors.Is(err, store.ErrNoGame):
	default:
		s.Warn("a game left unfinished cannot be resumed: " + err.Error())
	}
	return false
}

// Leaving is what became of the last game when the player left.
type Leaving struct {
	Saved bool // it was left before its end and saved, to be resumed
}

// Leave keeps what the player left, k being the last game: a started game
// left before its end, never ended (one that ended was kept then, and
// plays on after an undo), is saved for the next run, beside the other
// games left unfinished, without its layout when its seed lays it again.
// A game on a known board (a chosen seed, a restart) is saved too, and
// stays known when resumed: it counts for nothing still. A board file's
// game is not: the file plays it again, and -board offers no saved game. The saved game the run started
// from, and that one alone, is removed: it is over, given up or replaced
// by the game saved now. Both release the run's claim on it; a claim
// another run took over is left to that one, and the game is not saved
// twice.
func (s *Session) Leave(k game.Kept, started bool) Leaving {
	var out Leaving
	if started && k.Status == board.Playing && k.Ends == 0 && k.Origin != game.File && s.open() && !s.practice(k) {
		save := k
		if save.Laid && save.Origin != game.File {
			save.Mines = nil // laid again from the seed and the first opening
		}
		_, err := s.store.Save(ctx, HistoryGame(save, s.Now()), s.held.c)
		switch {
		case errors.Is(err, store.ErrClaimLost):
			s.Warn("the game was not saved: it was resumed elsewhere after this one stopped renewing its claim, and goes on there")
			s.release()
		case err != nil:
			s.fault("the game was not saved", err)
		default:
			out.Saved = true
			s.release()
		}
	}
	if s.held.c.ID != 0 && s.open() {
		err := s.store.Discard(ctx, s.held.c)
		if err != nil && !errors.Is(err, store.ErrClaimLost) { // another's now: it is theirs to end
			s.fault("the saved game was not removed", err)
		} else {
			s.release()
		}
	}
	return out
}

// practice reports whether k, a game left unfinished, is a practice game
// of a daily board (see DailyOf), which is not saved: the daily command
// plays it again.
func (s *Session) practice(k game.Kept) bool {
	if k.Daily == "" {
		return false
	}
	g := HistoryGame(k, s.Now())
	counted, err := s.store.DailyCounted(ctx, g.Daily, g.Level)
	if err != nil {
		s.Warn("the daily results cannot be read, so the game is practice: " + err.Error())
		counted = true
	}
	return DailyOf(g, counted, s.openDaily(g, s.held.c.ID)).Practice()
}

// Close closes the store, if it was opened: its last commit is written
// into the database file, and the files beside it removed.
func (s *Session) Close() {
	s.release() // a claim not released runs out with its lease
	if s.store != nil {
		if err := s.store.Close(); err != nil {
			s.Warn("the records were not closed cleanly: " + err.Error())
		}
		s.store = nil
	}
}

// Store returns the store, opening it; nil when it cannot be opened (see
// the warnings).
func (s *Session) Store() store.Store {
	if !s.open() {
		return nil
	}
	return s.store
}

// ErrNoGuessLayout refuses no-guess boards when the session was given no
// way to lay them.
var ErrNoGuessLayout = errors.New("no-guess boards cannot be laid here")

// Layout returns the layout that lays the boards of settings b (nil for
// uniformly random mines), or why they cannot be played: Choose's answer.
func (s *Session) Layout(b board.Settings) (board.Layout, error) {
	if s.Choose != nil {
		return s.Choose(b)
	}
	if b.NoGuess {
		return nil, ErrNoGuessLayout
	}
	return nil, b.Check()
}

// errNoBoard refuses a kept game that holds neither its layout nor what
// lays it again.
var errNoBoard = errors.New("it holds no layout, nor the first opening that lays it again")
