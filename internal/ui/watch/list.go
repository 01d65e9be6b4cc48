package watch

import (
	"fmt"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/ui/canvas"
	"github.com/minesweeper-go/minesweeper/internal/ui/remote"
	"github.com/minesweeper-go/minesweeper/internal/ui/term"
)

// Game is a line of the list of games in play.
type Game struct {
	Player  string        // the player's name, printable
	Board   string        // the board: "9x9", "30x16 no-guess"
	Elapsed time.Duration // the game's clock
	Cleared float64       // the share of the safe cells opened, 0 to 1
	Viewers int
	// Closed, when not empty, is why the game cannot be watched now ("a
	// daily game", "not watched"): it is listed, and not chosen.
	Closed string
	// Key is what the caller knows the game by; "" means Player.
	Key string
}

// The keys of the list's choices other than a game: Choose returns a
// Game of one of them as its Key.
const (
	KeyRace = "\x00race" // r: start a race
	KeyJoin = "\x00join" // c: join a race by its code
)

// refresh is how often the list is read again while it is shown.
const refresh = time.Second

// tickList is the data of the list's refresh events.
type tickList struct{}

// Choose shows the games that list returns, read again every second,
// on r, with the line note above them when it is not empty, until the
// viewer chooses one that can be watched (Enter), starts a race (r,
// KeyRace), joins one (c, KeyJoin) or leaves (q, Esc, Ctrl-C); it returns
// the chosen game, or false.
func Choose(r *remote.Screen, look Look, note string, list func() []Game) (Game, bool) {
	s := r.Tcell()
	th := newTheme(s, look)
	done := make(chan struct{})
	defer close(done)
	go func() {
		t := time.NewTicker(refresh)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				term.Post(s, tickList{}, done)
			}
		}
	}()
	var sh canvas.Shadow
	at := 0
	for {
		games := list()
		at = max(0, min(at, len(games)-1))
		sw, shh := s.Size()
		if w, h := sh.Size(); w != sw || h != shh {
			sh.Reset(sw, shh)
		}
		// Each cell put once a draw: the text, then the rest of its row
		// blank, then the rows below.
		c := canvas.On(s, &sh)
		line(c, 0, sw, "Games in play: arrows choose, Enter watches, r starts a race, c joins one, q leaves", th.Text)
		line(c, 1, sw, note, th.Text)
		y := 2
		if len(games) == 0 {
			line(c, y, sw, "  no game is being played now", th.Text)
			y++
		}
		for i, g := range games {
			text := fmt.Sprintf("%-20s %-16s %5ds %3.0f%% cleared  %d watching", g.Player, g.Board, int(g.Elapsed/time.Second), 100*g.Cleared, g.Viewers)
			if g.Closed != "" {
				text += "  (" + g.Closed + ")"
			}
			st := th.Text
			if i == at {
				st = st.Reverse(true)
			}
			if y < shh {
				line(c, y, sw, text, st)
			}
			y++
		}
		for ; y < shh; y++ {
			canvas.Blank(c, 0, sw, y)
		}
		s.Show()
		ev := s.PollEvent()
		if ev == nil || r.Quitting() {
			return Game{}, false
		}
		switch ev := ev.(type) {
		case *tcell.EventResize:
			s.Sync()
			sh.Reset(0, 0)
		case *tcell.EventInterrupt:
			if _, ok := ev.Data().(term.Quit); ok {
				return Game{}, false
			}
		case *tcell.EventError:
			return Game{}, false
		case *tcell.EventKey:
			switch {
			case leaves(ev):
				return Game{}, false
			case ev.Key() == tcell.KeyUp || ev.Key() == tcell.KeyRune && ev.Rune() == 'k':
				at--
			case ev.Key() == tcell.KeyDown || ev.Key() == tcell.KeyRune && ev.Rune() == 'j':
				at++
			case ev.Key() == tcell.KeyEnter && at < len(games) && games[at].Closed == "":
				return games[at], true
			case ev.Key() == tcell.KeyRune && ev.Rune() == 'r':
				return Game{Key: KeyRace}, true
			case ev.Key() == tcell.KeyRune && ev.Rune() == 'c':
				return Game{Key: KeyJoin}, true
			}
		}
	}
}
