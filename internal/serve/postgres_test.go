package serve

import (
	"context"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/serve/host"
	"github.com/minesweeper-go/minesweeper/internal/store"
	"github.com/minesweeper-go/minesweeper/internal/store/storetest"
)

// Two servers behind one address share one PostgreSQL database: a name
// chosen on one is known, and taken, on the other, and a game played on
// one is in the player's records on the other.
func TestServersSharePostgres(t *testing.T) {
	ctx := context.Background()
	dsn := storetest.Postgres(t)
	players := func() store.Players {
		p, err := store.OpenPlayers(context.Background(), t.TempDir(), dsn, func(msg string) { t.Errorf("store: %s", msg) })
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { p.Close() })
		return p
	}
	a := startServer(t, Config{Players: players()})
	b := startServer(t, Config{Players: players()})
	key := testKey(t)

	tm := open(t, a.dial(t, key), 80, 24)
	tm.waitFor("Choose a display name")
	tm.send("Shared\r")
	tm.waitFor("playing as Shared")
	tm.send("aa") // the solver plays the game to its end
	tm.waitFor("[ You ")
	tm.send("q")
	if got := tm.wait(); got != 0 {
		t.Fatalf("exit status %d on the first server, want 0", got)
	}

	id := host.Fingerprint(key)
	if n, err := b.cfg.Players.Player(id).Count(ctx); err != nil || n != 1 {
		t.Errorf("the second server's records of the player: %d games (%v), want 1", n, err)
	}
	tm = open(t, b.dial(t, key), 80, 24)
	tm.waitFor("playing as Shared") // no name asked again
	tm.send("q")
	tm.wait()

	other := open(t, b.dial(t, testKey(t)), 80, 24)
	other.waitFor("Choose a display name")
	other.send("sHARED\r")
	other.waitFor("the name is taken")
	other.send(strings.Repeat("\x7f", 6) + "Other\r")
	other.waitFor("playing as Other")
	other.send("q")
	other.wait()
}
