package kept

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/store"
)

// records holds games numbered from 1.
type records struct {
	games  []history.Game
	closed bool
}

func (r *records) Last(context.Context) (int64, history.Game, error) {
	if len(r.games) == 0 {
		return 0, history.Game{}, store.ErrNoGame
	}
	return int64(len(r.games)), r.games[len(r.games)-1], nil
}

func (r *records) Game(_ context.Context, n int64) (history.Game, error) {
	if n < 1 || n > int64(len(r.games)) {
		return history.Game{}, store.ErrNoGame
	}
	return r.games[n-1], nil
}

func (r *records) Count(context.Context) (int64, error) { return int64(len(r.games)), nil }

func (r *records) Close() error { r.closed = true; return nil }

// TestFind checks the games a target names in the records, and the
// errors of those it does not, each one line.
func TestFind(t *testing.T) {
	two := []history.Game{{Seed: 1}, {Seed: 2}}
	tests := []struct {
		games    []history.Game
		target   string
		openErr  error
		wantSeed uint64
		err      string
	}{
		{two, "", nil, 2, ""},
		{two, "1", nil, 1, ""},
		{two, "3", nil, 0, "there is no game 3: the history holds 2 games, numbered from 1 (see minesweeper history)"},
		{nil, "", nil, 0, "no game has been kept yet: play one with minesweeper"},
		{nil, "4", nil, 0, "no game has been kept yet: play one with minesweeper"},
		{two, "", errors.New("the history cannot be read"), 0, "the history cannot be read"},
	}
	for _, tt := range tests {
		r := &records{games: tt.games}
		g, err := Find(context.Background(), tt.target, func() (Records, error) {
			if tt.openErr != nil {
				return nil, tt.openErr
			}
			return r, nil
		})
		gotErr := ""
		if err != nil {
			gotErr = err.Error()
		}
		if gotErr != tt.err || (err == nil && g.Seed != tt.wantSeed) {
			t.Errorf("Find(%q) = seed %d, %q; want %d, %q", tt.target, g.Seed, gotErr, tt.wantSeed, tt.err)
		}
		if tt.openErr == nil && !r.closed {
			t.Errorf("Find(%q) left the records open", tt.target)
		}
	}
}

// TestExportLaidAgain checks that a game kept without its layout, as a
// board over game.LayoutCells is, exports the board its seed and first
// opening lay again: the same video as the game kept with its layout.
func TestExportLaidAgain(t *testing.T) {
	s := board.Settings{Width: 16, Height: 16, Mines: 40, Rule: board.Opening}
	g, err := game.New(game.Config{Settings: s, Layout: play.LayoutOf(s), QuestionMarks: true}, 77, game.Drawn)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 3, 15, 9, 0, 0, 0, time.UTC)
	if _, err := g.Apply(game.Move{Action: game.Open, At: board.Point{X: 8, Y: 8}}, at); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Apply(game.Move{Action: game.Open, At: firstClosed(t, g)}, at.Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	var outs [2][]byte
	for i, layout := range []bool{true, false} {
		hg := session.HistoryGame(g.Kept(at.Add(2*time.Second), layout), at.Add(2*time.Second))
		if (hg.Layout == nil) == layout {
			t.Fatalf("the record with layout %v holds %v", layout, hg.Layout)
		}
		var out bytes.Buffer
		if err := Export(&out, hg, RAWVF, "minesweeper"); err != nil {
			t.Fatalf("Export of the record with layout %v: %v", layout, err)
		}
		outs[i] = out.Bytes()
	}
	if !bytes.Equal(outs[0], outs[1]) {
		t.Errorf("the game kept without its layout exports\n%s\nwith it\n%s", outs[1], outs[0])
	}
	if !strings.Contains(string(outs[0]), "\nLevel: Intermediate\n") {
		t.Errorf("the video of an intermediate game:\n%s", outs[0])
	}
}

// firstClosed returns the first closed cell of g's board, row by row.
func firstClosed(t *testing.T, g *game.Game) board.Point {
	t.Helper()
	b := g.Board()
	for y := range b.Height() {
		for x := range b.Width() {
			if p := (board.Point{X: x, Y: y}); b.Tile(p) == board.TileClosed {
				return p
			}
		}
	}
	t.Fatalf("no closed cell on\n%s", b)
	return board.Point{}
}
