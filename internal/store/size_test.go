package store

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/history"
)

// withMaxRecord runs the test with the largest record kept lowered to n
// bytes.
func withMaxRecord(t *testing.T, n int) {
	was := maxRecord
	maxRecord = n
	t.Cleanup(func() { maxRecord = was })
}

// bigGame returns testGame(i) with moves enough to make its record over
// 8 KiB: some 20 KiB.
func bigGame(i int) history.Game {
	g := testGame(i)
	for range 1000 {
		g.Moves = append(g.Moves, history.Move{Move: game.Move{Action: game.Toggle, At: board.Point{X: 1, Y: 1}}, At: 1})
	}
	return g
}

// TestRecordTooLarge checks that a record larger than the records keep is
// refused at keep (ErrTooLarge, nothing kept) and at import (a bad line,
// named in the warning; the other games imported). On main a record of
// any size was kept, and every later history read it whole.
func TestRecordTooLarge(t *testing.T) {
	withMaxRecord(t, 8<<10)
	d, _ := openIn(t, t.TempDir())
	if _, err := d.Append(ctx, testGame(1)); err != nil {
		t.Fatalf("Append(a small game) = %v", err)
	}
	if _, err := d.Append(ctx, bigGame(2)); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Append(a game over the limit) = %v; want %v", err, ErrTooLarge)
	}
	if n, err := d.Count(ctx); n != 1 || err != nil {
		t.Errorf("Count() = %d, %v; want 1: the large game not kept", n, err)
	}

	dir := t.TempDir()
	var log strings.Builder
	for _, g := range []history.Game{testGame(1), bigGame(2), testGame(3)} {
		line, err := json.Marshal(&g)
		if err != nil {
			t.Fatal(err)
		}
		log.Write(line)
		log.WriteByte('\n')
	}
	if err := os.WriteFile(filepath.Join(dir, oldLog), []byte(log.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	d2, w := openIn(t, dir)
	if n, err := d2.Count(ctx); n != 2 || err != nil {
		t.Errorf("Count() after the import = %d, %v; want 2, the large line left out", n, err)
	}
	if msgs := w.all(); len(msgs) != 1 || !strings.Contains(msgs[0], "line 2") {
		t.Errorf("warnings %q; want one naming line 2", msgs)
	}
}
