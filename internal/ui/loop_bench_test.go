package ui

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
)

// BenchmarkLoop plays a 200x100 game whose solver keys keep an analysis
// running almost all the time, and reports the longest the event loop was
// blocked and its 99th percentile, in milliseconds, with the same figures
// for the same game played with cursor keys only (idle-max-block-ms,
// idle-p99-block-ms). The analyses run off the loop: what blocks it is its
// own work, a frame a key, and the goroutines it shares the CPUs with.
func BenchmarkLoop(b *testing.B) {
	if testing.Short() {
		b.Skip("a 200x100 game of a few hundred analyses")
	}
	cfg := Config{Start: play.Start{Board: board.Settings{Width: 200, Height: 100, Mines: 3000, Rule: board.Opening}, Seed: 1}, Prefs: Prefs{ASCII: true}}
	const rounds = 400
	var busy, idle []time.Duration
	var played playStats
	for b.Loop() {
		d, st := loopBlocks(b, cfg, func(g *loopGame) playStats { return g.playSolver(rounds) })
		busy, played = append(busy, d...), played.add(st)
		d, _ = loopBlocks(b, cfg, func(g *loopGame) playStats { return g.playCursor(rounds) })
		idle = append(idle, d...)
	}
	b.ReportMetric(millis(percentile(busy, 1)), "max-block-ms")
	b.ReportMetric(millis(percentile(busy, 0.99)), "p99-block-ms")
	b.ReportMetric(millis(percentile(idle, 1)), "idle-max-block-ms")
	b.ReportMetric(millis(percentile(idle, 0.99)), "idle-p99-block-ms")
	b.Logf("%d runs: %v; %d probes busy, %d idle", b.N, played, len(busy), len(idle))
}

// TestLoopBlocks plays a few rounds of BenchmarkLoop's game on a 60x40
// board: the script, the probe and the figures, not how fast they are.
func TestLoopBlocks(t *testing.T) {
	cfg := Config{Start: play.Start{Board: board.Settings{Width: 60, Height: 40, Mines: 360, Rule: board.Opening}, Seed: 1}, Prefs: Prefs{ASCII: true}}
	busy, st := loopBlocks(t, cfg, func(g *loopGame) playStats { return g.playSolver(12) })
	if st.hints == 0 {
		t.Errorf("the script played %v; want some hints", st)
	}
	if len(busy) == 0 {
		t.Fatal("no probe ran on the loop")
	}
	idle, _ := loopBlocks(t, cfg, func(g *loopGame) playStats { return g.playCursor(12) })
	t.Logf("%v; max block %.2f ms (idle %.2f ms), p99 %.2f ms (idle %.2f ms), %d and %d probes",
		st, millis(percentile(busy, 1)), millis(percentile(idle, 1)), millis(percentile(busy, 0.99)), millis(percentile(idle, 0.99)), len(busy), len(idle))
}

// loopBlocks starts a game of cfg on an 80x24 screen, makes the first
// click at the centre, then measures how long the loop is blocked while
// play plays, and returns the probes' delays and what play reports.
func loopBlocks(tb testing.TB, cfg Config, play func(*loopGame) playStats) ([]time.Duration, playStats) {
	tb.Helper()
	g := startLoop(tb, cfg, 80, 24)
	defer g.quit()
	g.typ(g.toCentre() + "\n")
	g.frame()
	p := startProbe(g.s)
	st := func() playStats {
		defer p.finish() // before quit, should play fail the test
		return play(g)
	}()
	return p.delays, st
}

// playStats counts what a script played.
type playStats struct {
	hints   int // s answered with a certainly safe cell, then opened
	guesses int // s answered with no safe cell; the guess was opened
	losses  int // guesses that hit a mine, each followed by a restart
	flags   int // m pressed
}

func (s playStats) add(o playStats) playStats {
	return playStats{s.hints + o.hints, s.guesses + o.guesses, s.losses + o.losses, s.flags + o.flags}
}

func (s playStats) String() string {
	return fmt.Sprintf("%d safe hints opened, %d guesses (%d lost), %d m", s.hints, s.guesses, s.losses, s.flags)
}

// scriptMoves are the cursor keys of the scripts' rounds, in turn.
var scriptMoves = []string{"LLLLL", "JJJ", "HHHHHHH", "KK", "lJJ"}

// playSolver turns the odds view on, so that every move that changes the
// board starts an analysis, then plays rounds of: cursor keys, s, and
// Enter on the hinted cell once the answer is back (a guess too; a lost
// game is restarted and opened at the centre again); every third round m,
// every tenth v twice. It waits for each answer, so what it plays does not
// depend on how fast the solver is, and fails if a cell s called safe
// held a mine.
func (g *loopGame) playSolver(rounds int) playStats {
	g.tb.Helper()
	var st playStats
	g.press("v")
	for i := range rounds {
		g.press(scriptMoves[i%len(scriptMoves)])
		if i%10 == 9 {
			g.press("vv")
		}
		g.press("s")
		_, footer := g.waitFooter("safe: (", "no safe cell")
		safe := strings.Contains(footer, "safe: (")
		g.press("\n")
		header, _ := g.frame()
		switch {
		case strings.Contains(header, "You win"):
			return st
		case strings.Contains(header, "You lose") && safe:
			g.tb.Fatalf("round %d: the cell of %q held a mine", i, footer)
		case strings.Contains(header, "You lose"):
			st.losses++
			g.press("r" + g.toCentre() + "\n")
		}
		if safe {
			st.hints++
		} else {
			st.guesses++
		}
		if i%3 == 2 {
			g.press("m")
			g.waitFooter("certain: all flagged", "the game is over")
			st.flags++
		}
	}
	return st
}

// playCursor plays the cursor keys of playSolver's rounds, with a
// millisecond for the probe after each round.
func (g *loopGame) playCursor(rounds int) playStats {
	for i := range rounds {
		g.press(scriptMoves[i%len(scriptMoves)])
		time.Sleep(time.Millisecond)
	}
	return playStats{}
}

// loopGame is the real event loop of a config on a simulated screen, as
// start runs it; start needs a *testing.T, which a benchmark has not.
type loopGame struct {
	tb   testing.TB
	s    tcell.SimulationScreen
	cfg  Config
	done chan outcome
}

// startLoop runs the event loop of cfg, its ticker off, on a w by h
// simulated screen.
func startLoop(tb testing.TB, cfg Config, w, h int) *loopGame {
	tb.Helper()
	s := tcell.NewSimulationScreen("UTF-8")
	if err := s.Init(); err != nil {
		tb.Fatalf("Init: %v", err)
	}
	s.SetSize(w, h)
	cfg.Tick = -1
	g := &loopGame{tb: tb, s: s, cfg: cfg, done: make(chan outcome, 1)}
	go func() {
		res, err := Run(s, cfg)
		g.done <- outcome{res, err}
	}()
	return g
}

// quit ends the loop with q and finalises the screen.
func (g *loopGame) quit() {
	g.tb.Helper()
	g.typ("q")
	select {
	case o := <-g.done:
		if o.err != nil {
			g.tb.Errorf("Run: %v", o.err)
		}
	case <-testwait.After(g.tb):
		g.tb.Error("the event loop did not end")
	}
	g.s.Fini()
}

// typ injects each rune of keys; '\n' is Enter.
func (g *loopGame) typ(keys string) {
	for _, r := range keys {
		if r == '\n' {
			g.s.InjectKey(tcell.KeyEnter, 0, tcell.ModNone)
			continue
		}
		g.s.InjectKey(tcell.KeyRune, r, tcell.ModNone)
	}
}

// press types keys one at a time, each once the loop has shown the frame
// of the one before, as a person types: a burst of keys injected at once
// would keep the loop busy drawing their frames, and the probe would
// measure the burst.
func (g *loopGame) press(keys string) {
	g.tb.Helper()
	for _, r := range keys {
		g.typ(string(r))
		g.frame()
	}
}

// toCentre returns the keys that move the cursor from the top-left
// corner, where a new game and a restart leave it, to the board's centre.
func (g *loopGame) toCentre() string {
	x, y := g.cfg.Start.Board.Width/2, g.cfg.Start.Board.Height/2
	return "0g" + strings.Repeat("L", x/5) + strings.Repeat("l", x%5) + strings.Repeat("J", y/5) + strings.Repeat("j", y%5)
}

// frame waits until the loop has handled every key injected so far and
// shown its frame, and returns the frame's header and footer.
func (g *loopGame) frame() (header, footer string) {
	g.tb.Helper()
	got := make(chan [2]string, 1)
	ev := tcell.NewEventInterrupt(func() {
		cells, w, h := g.s.GetContents()
		row := func(y int) string {
			var b strings.Builder
			for _, c := range cells[y*w : (y+1)*w] {
				b.WriteString(string(c.Runes))
			}
			return strings.TrimSpace(b.String())
		}
		var lines [2]string
		lines[0] = row(0)
		for y := h - 1; y > 0 && lines[1] == ""; y-- {
			lines[1] = row(y)
		}
		got <- lines
	})
	if !testwait.Until(g.tb, func() bool { return g.s.PostEvent(ev) == nil }) {
		g.tb.Fatal("the event queue stays full")
	}
	select {
	case lines := <-got:
		return lines[0], lines[1]
	case <-testwait.After(g.tb):
		g.tb.Fatal("no frame")
	}
	return "", ""
}

// waitFooter waits until the footer contains one of want, the solver's
// answer, and returns the frame.
func (g *loopGame) waitFooter(want ...string) (header, footer string) {
	g.tb.Helper()
	if !testwait.Until(g.tb, func() bool {
		header, footer = g.frame()
		for _, w := range want {
			if strings.Contains(footer, w) {
				return true
			}
		}
		return false
	}) {
		g.tb.Fatalf("footer = %q; want it to say one of %q", footer, want)
	}
	return header, footer
}

// blockProbe measures how long the event loop is blocked. Every
// millisecond it posts an event that, run on the loop after its frame,
// records how long it waited. One probe is in flight at a time, so that a
// long block is not followed by a flood of probes, each drawing a frame;
// instead a probe that waited d stands for the probes a steady poster
// would have posted meanwhile too, which would have waited d-1ms, d-2ms
// and so on. The delays are then those a key pressed at any moment of the
// run would have met.
type blockProbe struct {
	s      tcell.Screen
	stop   chan struct{}
	done   chan struct{}
	delays []time.Duration // the probing goroutine's until done is closed
}

// startProbe starts probing the loop of s.
func startProbe(s tcell.Screen) *blockProbe {
	p := &blockProbe{s: s, stop: make(chan struct{}), done: make(chan struct{})}
	go p.run()
	return p
}

func (p *blockProbe) run() {
	defer close(p.done)
	tk := time.NewTicker(time.Millisecond)
	defer tk.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-tk.C:
		}
		posted := time.Now()
		ran := make(chan time.Duration, 1) // the loop never waits for the probe
		ev := tcell.NewEventInterrupt(func() { ran <- time.Since(posted) })
		// A full queue is a loop behind: the time until there is room counts.
		for p.s.PostEvent(ev) != nil {
			select {
			case <-p.stop:
				return
			case <-time.After(100 * time.Microsecond):
			}
		}
		var d time.Duration
		select {
		case <-p.stop:
			return
		case d = <-ran:
		}
		p.delays = append(p.delays, d)
		for d -= time.Millisecond; d > 0; d -= time.Millisecond {
			p.delays = append(p.delays, d)
		}
	}
}

// finish stops probing; p.delays are then complete.
func (p *blockProbe) finish() {
	close(p.stop)
	<-p.done
}

// percentile returns the q-quantile of ds (1 the longest), 0 for none.
func percentile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(int(q*float64(len(s))), len(s)-1)]
}

// millis returns d in milliseconds.
func millis(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
