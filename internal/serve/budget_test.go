package serve

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/serve/host"
	"golang.org/x/crypto/ssh"
)

// BenchmarkSessionMemory measures what a session holds on a board: the
// heap in use after a GC with sessions playing, less the heap before, a
// session's and a cell's; right after the player's openings are drawn
// (their analyses running or queued: each holds a view of the whole
// board) and once they are done. The server and its clients share the
// process, so a session's figure holds its client's too (a screen of
// 80x24); a cell's is the server's alone, the clients knowing no board.
// The defaults of the budgets (DefaultLimits.Cells, ServerCells) are
// derived from it.
func BenchmarkSessionMemory(b *testing.B) {
	const sessions = 4
	for _, size := range []board.Settings{
		{Width: 100, Height: 100, Mines: 2000, Rule: board.Opening},
		{Width: 1000, Height: 1000, Mines: 200000, Rule: board.Opening},
	} {
		for _, play := range []struct {
			name string
			keys []string
		}{
			{"open", []string{" "}},
			{"open10", append([]string{" "}, slices.Repeat([]string{"jj "}, 9)...)},
			{"hint", []string{" ", "s"}},
			{"odds", []string{" ", "v"}},
		} {
			b.Run(fmt.Sprintf("board=%dx%d/%s", size.Width, size.Height, play.name), func(b *testing.B) {
				var busy, done, alloc uint64
				for b.Loop() {
					busy, done, alloc = sessionHeap(b, size, sessions, play.keys)
				}
				b.ReportMetric(float64(alloc)/float64(size.Cells()), "alloc-B/cell")
				b.ReportMetric(float64(busy)/(1<<20), "MiB/session")
				b.ReportMetric(float64(busy)/float64(size.Cells()), "B/cell")
				b.ReportMetric(float64(done)/(1<<20), "MiB/session-done")
				b.ReportMetric(float64(done)/float64(size.Cells()), "B/cell-done")
			})
		}
	}
}

// sessionHeap returns the heap that each of n sessions on boards of size
// holds once it has typed keys, each drawn: busy right after they are
// drawn, done once the analyses they started are done; and the bytes
// each allocated meanwhile, which bound what it held at its peak.
func sessionHeap(b *testing.B, size board.Settings, n int, keys []string) (busy, done, alloc uint64) {
	ctx := context.Background()
	ts := startServer(b, Config{Limits: limits(func(l *Limits) {
		l.Width, l.Height = size.Width, size.Height
		l.Cells, l.ServerCells = size.Cells(), n*size.Cells()
	})})
	clients := make([]*ssh.Client, n)
	for i := range clients {
		key := testKey(b)
		id := host.Fingerprint(key)
		if err := ts.cfg.Players.SetName(ctx, id, fmt.Sprintf("memory %d", i)); err != nil {
			b.Fatal(err)
		}
		if err := ts.cfg.Players.Player(id).SavePrefs(ctx, history.Prefs{V: history.Version, Board: size}); err != nil {
			b.Fatal(err)
		}
		clients[i] = ts.dial(b, key)
	}
	var total uint64
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		total = m.TotalAlloc
		return m.HeapInuse
	}
	before := heap()
	allocBefore := total
	terms := make([]*term, n)
	for i, c := range clients {
		tm := open(b, c, 80, 24)
		terms[i] = tm
		tm.waitFor(fmt.Sprintf("%dx%d", size.Width, size.Height))
		tm.waitFor("[ playing")
		for _, key := range keys {
			drawn := len(tm.output())
			tm.send(key)
			for len(tm.output()) == drawn {
				<-tm.news
			}
		}
	}
	perSession := func(h uint64) uint64 { return (max(h, before) - before) / uint64(n) }
	busy = perSession(heap())
	time.Sleep(2 * time.Second) // the analyses done: a measure, not a check
	done = perSession(heap())
	alloc = (total - allocBefore) / uint64(n)
	for _, tm := range terms {
		tm.send("q")
		tm.wait()
	}
	return busy, done, alloc
}

// A session may hold a board of Limits.Cells at most, and the sessions'
// boards larger than an expert's ServerCells in all: a board past either
// is refused with a line, and the cells of a board are given back when
// the session chooses another or ends.
func TestCellBudget(t *testing.T) {
	s := &Game{cfg: Config{
		Limits: limits(func(l *Limits) { l.Cells, l.ServerCells = 10_000, 15_000 }),
		Choose: func(b board.Settings) (board.Layout, error) { return nil, b.Check() },
	}}
	cells := host.NewBudget(s.cfg.Limits.ServerCells)
	a, b, c := cells.Hold(), cells.Hold(), cells.Hold()
	size := func(w, h int) board.Settings {
		return board.Settings{Width: w, Height: h, Mines: 10, Rule: board.Opening}
	}
	steps := []struct {
		hold *host.Hold
		name string
		b    board.Settings
		want string // the error, "" for none
		used int    // the cells in use after
	}{
		{a, "a", size(100, 100), "", 10_000},
		{a, "a", size(101, 100), "this server plays boards of at most 10000 cells (101x100 has 10100)", 10_000},
		{b, "b", size(100, 50), "", 15_000},
		{c, "c", size(30, 16), "", 15_000}, // an expert's board is always played
		{c, "c", size(31, 16), "the server holds all the large boards it can now: 480 cells at most for the moment (31x16 has 496)", 15_000},
		{b, "b", size(50, 60), "", 13_000}, // b's 6000 given back for 3000
		{c, "c", size(50, 50), "the server holds all the large boards it can now: 2000 cells at most for the moment (50x50 has 2500)", 13_000}, // 15000 less 13000
		{a, "a", size(9, 9), "", 3000},
		{c, "c", size(50, 50), "", 5500},
		{c, "c", board.Settings{Width: 100, Height: 100, Mines: -1}, "-", 5500}, // refused by Choose: the hold as it was
	}
	for i, st := range steps {
		_, err := s.choose(st.hold, st.b)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != st.want && !(st.want == "-" && err != nil) {
			t.Errorf("step %d: choose(%s, %dx%d) = %q; want %q", i, st.name, st.b.Width, st.b.Height, got, st.want)
		}
		if used := cells.InUse(); used != st.used {
			t.Errorf("step %d: %d cells in use; want %d", i, used, st.used)
		}
	}
	a.Release()
	b.Release()
	c.Release()
	if used := cells.InUse(); used != 0 {
		t.Errorf("%d cells in use after every session ended; want 0", used)
	}
}

// A player who played a board past a session's budget of cells last
// (1000x1000, which the default -max-board allows) does not start on it
// again: the server would hold it all the session long.
func TestLargeBoardNotStarted(t *testing.T) {
	ctx := context.Background()
	ts := startServer(t, Config{})
	key := testKey(t)
	id := host.Fingerprint(key)
	if err := ts.cfg.Players.SetName(ctx, id, "large"); err != nil {
		t.Fatal(err)
	}
	large := board.Settings{Width: 1000, Height: 1000, Mines: 200000, Rule: board.Opening}
	if err := ts.cfg.Players.Player(id).SavePrefs(ctx, history.Prefs{V: history.Version, Board: large}); err != nil {
		t.Fatal(err)
	}
	tm := open(t, ts.dial(t, key), 80, 24)
	tm.waitFor("[ playing")
	if screen := tm.screen(); strings.Contains(screen, "1000x1000") {
		t.Errorf("the session started on 1000x1000; want the usual board. The screen:\n%s", screen)
	}
	tm.send("q")
	if got := tm.wait(); got != 0 {
		t.Errorf("exit status %d, want 0", got)
	}
}
