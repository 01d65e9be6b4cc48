package play

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/session"
)

// small is the board of the tests: mines at (0,0) and (3,3). Opening
// (4,0) opens every safe cell but (4,3); (4,3) then wins.
const small = `
*....
.....
.....
...*.`

// keeper records what a play told it, a word each call.
type keeper struct{ told []string }

func (k *keeper) Ended(g game.Kept) session.Counts {
	k.told = append(k.told, "ended "+g.Status.String())
	return session.Counts{Number: len(k.told), Played: true}
}

func (k *keeper) Reopened(g game.Kept, n int) {
	k.told = append(k.told, fmt.Sprintf("reopened %d", n))
}

func (k *keeper) GaveUp(g game.Kept) session.Counts {
	k.told = append(k.told, "gave up "+g.Status.String())
	return session.Counts{Number: len(k.told), Played: true, GaveUp: true}
}

// Stats records the kind asked for, and says the games are kept.
func (k *keeper) Stats(s board.Settings) session.Stats {
	k.told = append(k.told, "stats "+s.String())
	return session.Stats{Kept: true}
}

// TestPlayStats checks that the statistics are the keeper's, of the kind
// of board in play, and none without a keeper.
func TestPlayStats(t *testing.T) {
	k := &keeper{}
	if st := newPlay(t, k).Stats(); !st.Kept || strings.Join(k.told, ", ") != "stats 5x4n2 opening" {
		t.Errorf("Stats() = %+v, told the keeper %q; want kept, %q", st, k.told, "stats 5x4n2 opening")
	}
	if st := newPlay(t, nil).Stats(); st.Kept {
		t.Errorf("Stats() without a keeper = %+v; want none", st)
	}
}

// newPlay returns a play of the board drawn in small, kept by k, on a
// clock that moves on a second at each reading.
func newPlay(t *testing.T, k Keeper) *Play {
	t.Helper()
	b, err := board.Parse(small)
	if err != nil {
		t.Fatal(err)
	}
	st := Start{Board: board.Settings{Width: b.Width(), Height: b.Height(), Mines: b.Mines(), Rule: board.Opening}, Fixed: true, Mines: b.Layout(), Source: "small"}
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	now := func() time.Time { at = at.Add(time.Second); return at }
	g, err := First(st, game.Config{}, now)
	if err != nil {
		t.Fatal(err)
	}
	return New(g, Config{Keeper: k, Now: now, NewSeed: func() uint64 { return 99 }})
}

// TestPlayPolicy pins the midend's policy, what every front end gets: a
// game that ends is kept once; one played on after an undo of its end is
// told to the keeper, and its second end is not kept again; a started
// game left for a new one or a restart is given up as a loss, one not
// started is not; a new game has the seed NewSeed gives.
func TestPlayPolicy(t *testing.T) {
	open := func(x, y int) func(*Play) error {
		return func(p *Play) error {
			_, err := p.Apply(game.Move{Action: game.Open, At: board.Point{X: x, Y: y}})
			return err
		}
	}
	undo := func(p *Play) error { _, err := p.Undo(); return err }
	newGame := func(p *Play) error { return p.NewGame() }
	restart := func(p *Play) error { p.Restart(); return nil }
	tests := []struct {
		name   string
		steps  []func(*Play) error
		told   string // what the keeper was told, in order
		gaveUp int    // games given up before the last, as Result says
		stake  bool   // whether the game in play is at stake at the end
	}{
		{"nothing", nil, "", 0, false},
		{"won", []func(*Play) error{open(4, 0), open(4, 3)}, "ended won", 0, false},
		{"lost", []func(*Play) error{open(4, 0), open(0, 0)}, "ended lost", 0, false},
		{"lost, undone, won", []func(*Play) error{open(4, 0), open(0, 0), undo, open(4, 3)}, "ended lost, reopened 1", 0, false},
		{"new game before a move", []func(*Play) error{newGame}, "", 0, false},
		{"new game when started", []func(*Play) error{open(4, 0), newGame}, "gave up playing", 1, false},
		{"restart when started", []func(*Play) error{open(4, 0), restart}, "gave up playing", 1, false},
		{"new game after the end", []func(*Play) error{open(4, 0), open(0, 0), newGame}, "ended lost", 0, false},
		{"started", []func(*Play) error{open(4, 0)}, "", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := &keeper{}
			p := newPlay(t, k)
			for i, step := range tt.steps {
				if err := step(p); err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
			}
			if got := strings.Join(k.told, ", "); got != tt.told {
				t.Errorf("told the keeper %q; want %q", got, tt.told)
			}
			if got := p.GaveUpCount(); got != tt.gaveUp {
				t.Errorf("GaveUpCount() = %d; want %d", got, tt.gaveUp)
			}
			if got := p.AtStake(); got != tt.stake {
				t.Errorf("AtStake() = %v; want %v", got, tt.stake)
			}
		})
	}
}

// TestPlayNewSeed checks that a new game takes Config.NewSeed's seed, and
// without it the SplitMix64 step from the last.
func TestPlayNewSeed(t *testing.T) {
	p := newPlay(t, nil)
	if err := p.NewGame(); err != nil {
		t.Fatal(err)
	}
	if got := p.Game().Seed(); got != 99 {
		t.Errorf("seed after NewGame = %d; want NewSeed's 99", got)
	}
	p.cfg.NewSeed = nil
	if err := p.NewGame(); err != nil {
		t.Fatal(err)
	}
	if got, want := p.Game().Seed(), NextSeed(99); got != want {
		t.Errorf("seed after NewGame without NewSeed = %d; want %d", got, want)
	}
}

// TestPlayAudit checks that openings are judged as they are made (the
// guess audit), through Config.Audit when a front end gives one; the
// first, which no view came before, is no guess.
func TestPlayAudit(t *testing.T) {
	p := newPlay(t, nil)
	var judged []board.Point
	p.cfg.Audit = func(g *game.Game, index int, at board.Point) {
		judged = append(judged, at)
		SyncAudit(g, index, at)
	}
	for _, at := range []board.Point{{X: 4, Y: 0}, {X: 4, Y: 3}} {
		if _, err := p.Apply(game.Move{Action: game.Open, At: at}); err != nil {
			t.Fatal(err)
		}
	}
	if len(judged) != 1 || judged[0] != (board.Point{X: 4, Y: 3}) {
		t.Errorf("judged %v; want the second opening", judged)
	}
	if v := p.Game().Verdict().String(); v != "no guess forced" {
		t.Errorf("verdict %q; want %q", v, "no guess forced")
	}
}
