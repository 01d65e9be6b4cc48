package serve

import (
	"context"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/serve/host"
)

// Two sessions of one key at once: the game the player left is offered to
// the first, which claims it, and the second is told it is being played
// elsewhere and plays a new one; the first's game is saved once.
func TestSavedGameOneSession(t *testing.T) {
	ctx := context.Background()
	ts := startServer(t, Config{})
	key := testKey(t)

	tm := open(t, ts.dial(t, key), 80, 24)
	tm.waitFor("Choose a display name")
	tm.send("Claim\r")
	tm.waitFor("playing as Claim")
	tm.send(" ") // the game starts
	tm.waitFor("[ playing ]")
	tm.send("q")
	tm.waitFor("ssh again")
	tm.wait()

	first := open(t, ts.dial(t, key), 80, 24)
	first.waitFor("left unfinished")
	second := open(t, ts.dial(t, key), 80, 24)
	second.waitFor(play.ElsewhereNote)
	if s := second.screen(); strings.Contains(s, "left unfinished:") {
		t.Errorf("the second session was offered the game the first plays:\n%s", s)
	}
	second.send("q")
	second.wait()
	first.send("y")
	first.waitFor("[ playing ]")
	first.send("q")
	first.waitFor("ssh again")
	first.wait()

	beginner := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}
	saved, err := ts.cfg.Players.Player(host.Fingerprint(key)).Saved(ctx, beginner)
	if err != nil || len(saved) != 1 {
		t.Errorf("the player's saved games: %d, %v; want the one the first session left", len(saved), err)
	}
}
