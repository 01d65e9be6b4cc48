package serve

import (
	"cmp"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/noguess"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/serve/host"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/store"
	"github.com/minesweeper-go/minesweeper/internal/ui/remote"
	"github.com/minesweeper-go/minesweeper/internal/ui/watch"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// The limits of the races.
const (
	// MaxRacers is the most racers a race may have.
	MaxRacers = 8
	// RaceCodeLife is how long a race's code lets others join: a code
	// older is refused, as is any once the race started.
	RaceCodeLife = 10 * time.Minute
	// racesPerPlayer is how many races a player may have started and
	// not seen end.
	racesPerPlayer = 1
	// raceCountdown is the countdown from the moment every racer is
	// ready to the start, when Config.raceCountdown is 0.
	raceCountdown = 3 * time.Second
	// codeLen and codeAlphabet make the codes: 6 of 31 letters and
	// digits (no 0, 1, i, l, o), some 887 million codes, drawn from
	// crypto/rand; a code lives RaceCodeLife at most.
	codeLen      = 6
	codeAlphabet = "23456789abcdefghjkmnpqrstuvwxyz"
)

// raceBoard is the board of the races, when Config.raceBoard is empty:
// intermediate's, no-guess, the same for every racer.
var raceBoard = board.Settings{Width: 16, Height: 16, Mines: 40, Rule: board.Opening, NoGuess: true}

// races are the races open on the server, by code.
type races struct {
	mu     sync.Mutex
	byCode map[string]*race
}

// race is one race: its board (settings, seed and start cell, the same
// for every racer), and its racers.
type race struct {
	g        *Game
	code     string
	owner    string // the key of the racer who started it
	created  time.Time
	settings board.Settings
	seed     uint64
	start    board.Point

	mu      sync.Mutex
	phase   watch.Phase
	startAt time.Time
	racers  []*racer
}

// racer is a racer of a race: watch.Race of the racer's screen.
type racer struct {
	r       *race
	id      string
	name    string // printable
	k       *session.Session
	hold    *host.Hold
	changed chan struct{}
	live    *live // the racer's game for viewers, closed until the race ends

	p *play.Play // the racer's game, once the race started; the racer's goroutine's

	// Under r.mu.
	ready   bool
	cleared float64
	status  board.Status
	out     bool
	left    bool
	time    time.Duration
	place   int
}

// race runs the command race of session s on r: "race" starts a race and
// shows its code, "race CODE" joins the race of CODE. It returns the
// lines to print once the screen is closed.
func (g *Game) race(ctx context.Context, s *host.Session, r *remote.Screen) []string {
	if len(s.Command) > 2 {
		return []string{"race takes one code at most: ssh -t HOST race starts one, race CODE joins it"}
	}
	code := ""
	if len(s.Command) == 2 {
		code = s.Command[1]
	}
	return g.raceOn(ctx, s, r, code)
}

// raceOn runs a race for session s on r: a new one when code is "", else
// the race of code; it returns the lines that sum it up, or why the
// session could not race.
func (g *Game) raceOn(ctx context.Context, s *host.Session, r *remote.Screen, code string) []string {
	if s.Key == "" {
		return []string{"a guest cannot race: connect with a key (ssh-keygen), so that the race is kept"}
	}
	name, err := g.cfg.Players.Name(ctx, s.Key)
	if err != nil {
		return failed(err)
	}
	if name == "" {
		return []string{"choose a display name first: ssh -t HOST asks for one"}
	}
	k := session.Over(g.cfg.Players.Player(s.Key))
	k.Now = g.cfg.Now
	k.Log = func(msg string) { g.cfg.Log("%s: %s", s.Key, msg) }
	defer k.Close()
	_, _, th := k.Prefs(func(string) error { return nil })
	// Listed for viewers, and closed to them until the race ends: no help
	// from watching a rival on the same board.
	rc := &racer{
		id: s.Key, name: userfile.Printable(name), k: k, hold: s.Hold(), changed: make(chan struct{}, 1),
		live: g.lobby.addRacer(name, k.Unwatched(), s.Hold()),
	}
	defer g.lobby.remove(rc.live)
	var rr *race
	if code == "" {
		rr, err = g.newRace(s.Key)
	} else {
		rr, err = g.findRace(code)
	}
	if err == nil {
		err = rr.join(rc)
	}
	if err != nil {
		return []string{err.Error()}
	}
	look := watch.Look{ASCII: remote.ASCII(s.Env), Mono: s.Env["NO_COLOR"] != "", Theme: th}
	why := watch.RaceOn(r, look, rc)
	rc.leave()
	if why != "" {
		return []string{why}
	}
	return rr.resultLines()
}

// newRace starts a race of the player id, with a new code, or returns why
// not: the player has races open already.
func (g *Game) newRace(id string) (*race, error) {
	g.races.mu.Lock()
	defer g.races.mu.Unlock()
	open := 0
	for _, r := range g.races.byCode {
		if r.owner == id {
			open++
		}
	}
	if open >= racesPerPlayer {
		return nil, errors.New("you have a race open already: it ends when its racers have left")
	}
	settings := g.cfg.raceBoard
	if settings == (board.Settings{}) {
		settings = raceBoard
	}
	r := &race{
		g: g, owner: id, created: g.cfg.Now(), settings: settings, seed: g.seed(),
		start: board.Point{X: settings.Width / 2, Y: settings.Height / 2},
	}
	for {
		code, err := newCode()
		if err != nil {
			return nil, err
		}
		if _, taken := g.races.byCode[code]; !taken {
			r.code = code
			break
		}
	}
	if g.races.byCode == nil {
		g.races.byCode = map[string]*race{}
	}
	g.races.byCode[r.code] = r
	return r, nil
}

// newCode draws a race's code from crypto/rand.
func newCode() (string, error) {
	var b [codeLen]byte
	code := make([]byte, 0, codeLen)
	for len(code) < codeLen {
		if _, err := rand.Read(b[:]); err != nil {
			return "", fmt.Errorf("no race's code could be drawn: %w", err)
		}
		for _, c := range b {
			// 248 is 8 x 31: the bytes past it would favour some letters.
			if c < 248 && len(code) < codeLen {
				code = append(code, codeAlphabet[int(c)%len(codeAlphabet)])
			}
		}
	}
	return string(code), nil
}

// findRace returns the race of code, or why it cannot be joined.
func (g *Game) findRace(code string) (*race, error) {
	code = strings.ToLower(code)
	g.races.mu.Lock()
	r, ok := g.races.byCode[code]
	g.races.mu.Unlock()
	if !ok || g.cfg.Now().Sub(r.created) > RaceCodeLife {
		return nil, fmt.Errorf("no race has the code %s now (a code lets others join for %d minutes): ssh -t HOST race starts one", userfile.Printable(code), int(RaceCodeLife/time.Minute))
	}
	return r, nil
}

// join adds rc to the race, or returns why not.
func (r *race) join(rc *racer) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case r.phase != watch.Waiting:
		return fmt.Errorf("the race %s has started: ssh -t HOST race starts another", r.code)
	case len(r.racers) >= MaxRacers:
		return fmt.Errorf("the race %s has all the %d racers it may have", r.code, MaxRacers)
	case slices.ContainsFunc(r.racers, func(o *racer) bool { return o.id == rc.id }):
		return fmt.Errorf("you are in the race %s already", r.code)
	}
	rc.r = r
	r.racers = append(r.racers, rc)
	r.notify()
	return nil
}

// notify leaves a token for each racer; r.mu is held.
func (r *race) notify() {
	for _, o := range r.racers {
		select {
		case o.changed <- struct{}{}:
		default:
		}
	}
}

// Changed has a token when the race changed.
func (rc *racer) Changed() <-chan struct{} { return rc.changed }

// Now returns the server's clock.
func (rc *racer) Now() time.Time { return rc.r.g.cfg.Now() }

// State copies the race as rc's screen shows it into st.
func (rc *racer) State(st *watch.RaceState) {
	r := rc.r
	r.mu.Lock()
	defer r.mu.Unlock()
	st.Code, st.Phase, st.Start, st.Max = r.code, r.phase, r.startAt, MaxRacers
	st.Racers = st.Racers[:0]
	now := r.g.cfg.Now()
	for _, o := range r.racers {
		t := o.time
		if o.status == board.Playing && r.phase == watch.Racing {
			t = now.Sub(r.startAt)
		}
		st.Racers = append(st.Racers, watch.Racer{
			Name: o.name, Ready: o.ready, Cleared: o.cleared, Status: o.status,
			Out: o.out, Time: t, Place: o.place, You: o == rc,
		})
	}
	if r.phase == watch.Over {
		slices.SortStableFunc(st.Racers, func(a, b watch.Racer) int { return a.Place - b.Place })
	}
}

// Ready tells that rc is ready; once every racer is, two at least, the
// countdown starts.
func (rc *racer) Ready() {
	r := rc.r
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.phase != watch.Waiting || rc.ready {
		return
	}
	rc.ready = true
	r.countdown()
	r.notify()
}

// countdown starts the countdown if every racer is ready, two at least;
// r.mu is held.
func (r *race) countdown() {
	if r.phase != watch.Waiting || len(r.racers) < 2 || slices.ContainsFunc(r.racers, func(o *racer) bool { return !o.ready }) {
		return
	}
	d := r.g.cfg.raceCountdown
	if d <= 0 {
		d = raceCountdown
	}
	r.phase, r.startAt = watch.Counting, r.g.cfg.Now().Add(d)
	// Nobody joins a race that started: its code goes.
	r.g.races.mu.Lock()
	delete(r.g.races.byCode, r.code)
	r.g.races.mu.Unlock()
	go func() {
		<-r.g.cfg.After(d)
		r.mu.Lock()
		r.phase = watch.Racing
		ended := r.over() // every racer left during the countdown
		r.notify()
		r.mu.Unlock()
		if ended {
			r.keep()
		}
	}()
}

// Play returns rc's game of the race's board, its start cell opened for
// every racer alike: the board is laid around the first opening, the
// same for all from the race's seed.
func (rc *racer) Play() (*play.Play, board.Point, error) {
	r, g := rc.r, rc.r.g
	if err := g.fits(r.settings); err != nil {
		return nil, board.Point{}, err
	}
	if _, err := rc.hold.Swap(charge(r.settings)); err != nil {
		return nil, board.Point{}, errors.New("the server holds all the large boards it can now: the race goes on without you")
	}
	gm, err := game.New(game.Config{Settings: r.settings, Layout: noguess.Layout}, r.seed, game.Drawn)
	if err != nil {
		return nil, board.Point{}, err
	}
	p := play.New(gm, play.Config{Keeper: rc.k, Now: g.cfg.Now, NewSeed: g.seed})
	if _, err := p.Apply(game.Move{Action: game.Open, At: r.start}); err != nil {
		return nil, board.Point{}, err
	}
	rc.p = p
	return p, r.start, nil
}

// Progress keeps rc's progress from frame f, out when rc gave up, tells
// the racers and viewers; the race ends when every racer is done.
func (rc *racer) Progress(f *play.Frame, out bool) {
	rc.live.Shown(f)
	r := rc.r
	r.mu.Lock()
	rc.cleared, rc.status = f.Cleared(), f.Status
	if out {
		rc.out = true
	}
	if rc.status != board.Playing && rc.time == 0 {
		rc.time = r.g.cfg.Now().Sub(r.startAt)
	}
	ended := r.over()
	r.notify()
	r.mu.Unlock()
	if ended {
		r.keep()
	}
}

// leave takes rc out of the race: before the start the race forgets
// them; after it, a game in play is given up (kept as a loss) and the
// racer is out.
func (rc *racer) leave() {
	if rc.p != nil && rc.p.AtStake() {
		rc.p.GiveUp()
	}
	r := rc.r
	r.mu.Lock()
	ended := false
	switch r.phase {
	case watch.Waiting:
		r.racers = slices.DeleteFunc(r.racers, func(o *racer) bool { return o == rc })
		if len(r.racers) == 0 {
			r.g.races.mu.Lock()
			delete(r.g.races.byCode, r.code)
			r.g.races.mu.Unlock()
		}
		r.countdown()
	default:
		rc.left = true
		if rc.status == board.Playing {
			rc.out = true
		}
		ended = r.over()
	}
	r.notify()
	r.mu.Unlock()
	if ended {
		r.keep()
	}
	_, _ = rc.hold.Swap(0)
}

// over ends the race once every racer is done, and places them; it
// reports whether it ended it now. r.mu is held.
func (r *race) over() bool {
	if r.phase != watch.Racing {
		return false
	}
	for _, o := range r.racers {
		if o.status == board.Playing && !o.out {
			return false
		}
	}
	r.phase = watch.Over
	placed := slices.Clone(r.racers)
	slices.SortStableFunc(placed, raceOrder)
	for i, o := range placed {
		o.place = i + 1
		if i > 0 && raceOrder(placed[i-1], o) == 0 {
			o.place = placed[i-1].place
		}
	}
	for _, o := range r.racers {
		if o.live != nil {
			o.live.open()
		}
	}
	return true
}

// raceOrder orders racers by place: those who cleared the board by
// their finish time, then the rest by the share they cleared.
func raceOrder(a, b *racer) int {
	aw, bw := a.status == board.Won, b.status == board.Won
	switch {
	case aw && !bw:
		return -1
	case bw && !aw:
		return 1
	case aw:
		return cmp.Compare(a.time, b.time)
	case a.cleared > b.cleared:
		return -1
	case a.cleared < b.cleared:
		return 1
	}
	return 0
}

// keep keeps the race's results in the store.
func (r *race) keep() {
	r.mu.Lock()
	kept := store.Race{Kind: r.settings.String(), Ended: r.g.cfg.Now()}
	for _, o := range r.racers {
		kept.Results = append(kept.Results, store.RaceResult{
			Player: o.id, Place: o.place, Won: o.status == board.Won, Time: o.time, Cleared: o.cleared,
		})
	}
	r.mu.Unlock()
	if _, err := r.g.cfg.Players.KeepRace(context.Background(), kept); err != nil {
		r.g.cfg.Log("race %s: not kept: %v", r.code, err)
	}
}

// resultLines returns the lines that sum the race up, once it is over;
// none before.
func (r *race) resultLines() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.phase != watch.Over {
		return nil
	}
	placed := slices.Clone(r.racers)
	slices.SortStableFunc(placed, func(a, b *racer) int { return a.place - b.place })
	lines := []string{"race " + r.code + ":"}
	for _, o := range placed {
		state := fmt.Sprintf("%.0f%% cleared", 100*o.cleared)
		if o.status == board.Won {
			state = fmt.Sprintf("cleared in %.1fs", o.time.Seconds())
		}
		lines = append(lines, fmt.Sprintf("%d. %s %s", o.place, o.name, state))
	}
	return lines
}
