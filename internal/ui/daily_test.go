package ui

import (
	"slices"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/ui/menu"
)

// dailyCfg returns the config of a run that starts on the daily board of
// level on the harness clock's date, 2026-01-02, kept by keeper k.
func dailyCfg(t *testing.T, level string, k *keeper, prefs Prefs) (Config, daily.Board) {
	t.Helper()
	return dailyCfgOf(t, "2026-01-02", level, k, prefs)
}

// dailyCfgOf is dailyCfg for the daily board of date.
func dailyCfgOf(t *testing.T, date, level string, k *keeper, prefs Prefs) (Config, daily.Board) {
	t.Helper()
	b, err := daily.Of(date, level)
	if err != nil {
		t.Fatal(err)
	}
	return Config{
		Start:  play.Start{Board: b.Settings, Seed: b.Seed, Daily: &b, DailyCount: session.DailyCounted},
		Prefs:  prefs,
		Keeper: k,
	}, b
}

// TestDailyStart checks how a daily board starts: the cursor on its start
// cell, which is marked; the header names the date; the footer says where
// it opens and that it counts.
func TestDailyStart(t *testing.T) {
	cfg, b := dailyCfg(t, "beginner", &keeper{}, Prefs{})
	h := start(t, cfg, 80, 16)
	sc := h.snap()
	checkGolden(t, "daily-start", sc.golden(h.th))
	x, y, ok := sc.cursor(h.th)
	if wx, wy := sc.at(b.Start); !ok || x != wx || y != wy {
		t.Errorf("the cursor is at (%d,%d), %v; want the start cell %v at (%d,%d)", x, y, ok, b.Start, wx, wy)
	}
	if row := []rune(sc.boardRows()[b.Start.Y]); row[b.Start.X] != '◆' {
		t.Errorf("the start cell shows %q; want ◆", row[b.Start.X])
	}
	if got := sc.headerLine(); !strings.Contains(got, "9x9, no-guess, daily 2026-01-02") {
		t.Errorf("header %q; want the date of the daily board", got)
	}
	if got := sc.footer(); !strings.Contains(got, "daily: open the marked cell; the first game to end counts") {
		t.Errorf("footer %q; want where the board opens", got)
	}
}

// TestDailyOpensAtStart checks that an opening elsewhere first is refused,
// by key and by mouse, with a message and the cursor moved back to the
// start cell, nothing opened; then the start cell lays the daily board.
func TestDailyOpensAtStart(t *testing.T) {
	k := &keeper{}
	cfg, b := dailyCfg(t, "beginner", k, Prefs{ASCII: true})
	h := start(t, cfg, 80, 16)
	closed := h.snap().boardRows()
	other := board.Point{X: (b.Start.X + 4) % 9, Y: (b.Start.Y + 4) % 9}
	for _, how := range []string{"key", "mouse"} {
		if how == "key" {
			h.typ("gg0") // the top-left corner
			if b.Start == (board.Point{}) {
				h.typ("l")
			}
			h.typ("\n")
		} else {
			h.clickCell(other, board.Point{}, tcell.Button1)
		}
		sc := h.snap()
		if got := sc.boardRows(); !slices.Equal(got, closed) {
			t.Errorf("%s: an opening away from the start cell changed the board:\n%s", how, strings.Join(got, "\n"))
		}
		if got := sc.footer(); !strings.Contains(got, "opens first at its marked cell") {
			t.Errorf("%s: footer %q; want the refusal", how, got)
		}
		x, y, _ := sc.cursor(h.th)
		if wx, wy := sc.at(b.Start); x != wx || y != wy {
			t.Errorf("%s: the cursor is at (%d,%d); want it back on the start cell at (%d,%d)", how, x, y, wx, wy)
		}
	}
	h.typ("\n")
	sc := h.waitLaid()
	mines, err := b.Mines()
	if err != nil {
		t.Fatal(err)
	}
	ref := Config{Start: play.Start{Board: b.Settings, Fixed: true, Mines: mines, Clicks: []board.Point{b.Start}}, Prefs: Prefs{ASCII: true}}
	h2 := start(t, ref, 80, 16)
	if got, want := sc.boardRows(), h2.snap().boardRows(); !slices.Equal(got, want) {
		t.Errorf("the daily board after its start cell:\n%s\nwant the daily board's:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	h.typ("q")
	res := h.wait().res
	if res.DailyEnd != nil || res.Kept.Daily != "2026-01-02" || res.Origin != game.Daily {
		t.Errorf("Run = daily result %+v, kept daily %q, origin %v; want no result, daily 2026-01-02", res.DailyEnd, res.Kept.Daily, res.Origin)
	}
}

// TestDailyShare loses a daily board and checks the result kept for the
// line a player shares, and the line.
func TestDailyShare(t *testing.T) {
	k := &keeper{}
	cfg, b := dailyCfg(t, "beginner", k, Prefs{ASCII: true})
	h := start(t, cfg, 80, 16)
	h.typ("\n")
	h.waitLaid()
	mines, err := b.Mines()
	if err != nil {
		t.Fatal(err)
	}
	h.clock.advance(12340 * 1e6)
	h.clickCell(mines[0], board.Point{}, tcell.Button1)
	if sc := h.snap(); !strings.Contains(sc.headerLine(), "You lose") {
		t.Fatalf("opening a mine did not lose:\n%s", sc)
	}
	h.typ("n") // another game after it: the daily's result stays
	h.typ("q")
	res := h.wait().res
	if len(k.ended) != 1 || k.ended[0].Daily != "2026-01-02" {
		t.Fatalf("the keeper was told of %d games (%+v); want the daily game", len(k.ended), k.ended)
	}
	if res.DailyEnd == nil {
		t.Fatal("Run gave no daily result")
	}
	// The board's own figures are the board package's to check; the
	// clicks are the two openings made here.
	figures := res.DailyEnd.Numbers.Figures
	if figures.Opens != 2 || figures.Chords != 0 || figures.Flags != 0 {
		t.Errorf("the daily's clicks = %+v; want 2 openings", figures)
	}
	want := play.DailyResult{Date: "2026-01-02", Level: "beginner", Numbers: game.Numbers{Time: 12340 * 1e6, Clicks: 2, ThreeBV: res.DailyEnd.Numbers.ThreeBV, Figures: figures},
		Counts: session.Counts{Number: 1, Played: true}}
	if *res.DailyEnd != want {
		t.Fatalf("Run's daily result = %+v; want %+v", res.DailyEnd, want)
	}
	if got, want := play.ShareLine(*res.DailyEnd), "minesweeper daily 2026-01-02 beginner: lost after 12.34 s, no help; play it: minesweeper daily -date 2026-01-02 -level beginner"; got != want {
		t.Errorf("ShareLine = %q\nwant %q", got, want)
	}
}

// TestDailyMenu chooses today's daily board in the options menu: another
// level's, after a game given up; the cursor on its start cell. The
// daily line turns off when the size changes.
func TestDailyMenu(t *testing.T) {
	k := &keeper{count: session.DailyAgain}
	cfg := asciiCfg(t, small)
	cfg.Keeper = k
	h := start(t, cfg, 80, 30)
	h.typ("$\n") // a game at stake
	h.typ("o" + strings.Repeat("j", menu.DailyLine) + "l")
	if sc := h.snap(); !sc.contains("> Daily board  < on, 2026-01-02 >") || !sc.contains("  Level        beginner") || !sc.contains("  No-guess     on") {
		t.Errorf("the daily line on:\n%s", sc)
	}
	h.key(tcell.KeyEnter, tcell.ModNone)
	h.key(tcell.KeyEnter, tcell.ModNone) // gives the game in play up
	b, err := daily.Of("2026-01-02", "beginner")
	if err != nil {
		t.Fatal(err)
	}
	sc := h.snap()
	if got := sc.headerLine(); !strings.Contains(got, "9x9, no-guess, daily 2026-01-02") {
		t.Errorf("header %q; want today's daily board", got)
	}
	if got := sc.footer(); !strings.Contains(got, "practice, this daily was played before") {
		t.Errorf("footer %q; want it said practice", got)
	}
	x, y, _ := sc.cursor(h.th)
	if wx, wy := sc.at(b.Start); x != wx || y != wy {
		t.Errorf("the cursor is at (%d,%d); want the start cell at (%d,%d)", x, y, wx, wy)
	}
	if len(k.gaveUp) != 1 {
		t.Errorf("%d games given up; want the game in play", len(k.gaveUp))
	}
	// The menu opens on it; Enter changes nothing; a size turns it off.
	h.typ("o")
	if sc := h.snap(); !sc.contains("Daily board  on, 2026-01-02") {
		t.Errorf("the menu does not show the daily board in play:\n%s", sc)
	}
	h.key(tcell.KeyEnter, tcell.ModNone)
	h.typ("oj9")
	if sc := h.snap(); !sc.contains("Daily board  off") {
		t.Errorf("a width typed leaves the daily line on:\n%s", sc)
	}
	h.key(tcell.KeyEsc, tcell.ModNone)
	h.typ("q")
	if res := h.wait().res; res.Kept.Daily != "2026-01-02" {
		t.Errorf("the last game's daily = %q; want 2026-01-02", res.Kept.Daily)
	}
}

// TestDailyMenuOtherDate checks the menu on another date's daily board in
// play: it shows that date, Enter keeps the game, and the daily line
// turned off and on again chooses today's.
func TestDailyMenuOtherDate(t *testing.T) {
	cfg, _ := dailyCfgOf(t, "2025-12-31", "expert", &keeper{}, Prefs{ASCII: true})
	cfg.Start.DailyCount = session.DailyOtherDay
	h := start(t, cfg, 100, 30)
	if got := h.snap().footer(); !strings.Contains(got, "practice, another date's daily") {
		t.Errorf("footer %q; want it said practice", got)
	}
	down := strings.Repeat("j", menu.DailyLine)
	h.typ("o" + down)
	if sc := h.snap(); !sc.contains("> Daily board  < on, 2025-12-31 >") {
		t.Errorf("the menu on another date's daily board:\n%s", sc)
	}
	h.key(tcell.KeyEnter, tcell.ModNone)
	if got := h.snap().headerLine(); !strings.Contains(got, "daily 2025-12-31") {
		t.Errorf("header %q after Enter on the menu unchanged; want the same board", got)
	}
	h.typ("o" + down + "ll")
	if sc := h.snap(); !sc.contains("> Daily board  < on, 2026-01-02 >") {
		t.Errorf("the daily line off and on again:\n%s", sc)
	}
	h.key(tcell.KeyEnter, tcell.ModNone)
	if got := h.snap().headerLine(); !strings.Contains(got, "30x16, no-guess, daily 2026-01-02") {
		t.Errorf("header %q; want today's expert daily board", got)
	}
}
