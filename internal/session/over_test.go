package session

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/store"
)

// TestOver checks that sessions over the stores of two players of one
// server keep each player's games apart, open no store of the player's
// home (MINESWEEPER_HOME is not made), and that closing one leaves the
// other's store open; the plots of the records read a player's own.
func TestOver(t *testing.T) {
	home := filepath.Join(t.TempDir(), "home")
	t.Setenv("MINESWEEPER_HOME", home)
	p, err := store.OpenPlayers(context.Background(), t.TempDir(), "", func(msg string) { t.Errorf("warning: %s", msg) })
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	ann, bob := Over(p.Player("SHA256:ann")), Over(p.Player("SHA256:bob"))
	ann.Now, bob.Now = func() time.Time { return t0 }, func() time.Time { return t0 }
	kind := smallConfig(t).Settings
	for i, tt := range []struct {
		s       *Session
		secs    int
		want    int
		newBest bool
	}{
		{ann, 30, 1, true},
		{bob, 40, 1, true}, // bob's first: ann's faster win is not his
		{ann, 35, 2, false},
	} {
		c := tt.s.Ended(won(t, tt.secs, game.Drawn).Kept(at(tt.secs), true))
		if !c.Clean || c.NewBest != tt.newBest {
			t.Errorf("game %d: Ended() = %+v; want a clean win, a new best %v", i, c, tt.newBest)
		}
		if st := tt.s.Stats(kind); st.Counted.Played != tt.want {
			t.Errorf("game %d: Stats().Counted.Played = %d; want %d", i, st.Counted.Played, tt.want)
		}
	}
	// The plots of ann's records: her two wins, on her day.
	if pl := ann.Stats(kind).Plots; pl.Kind != kind.Name() || !pl.Today.Equal(t0) || len(pl.Wins) != 2 || len(pl.Days) != 1 || pl.Days[0].Games != 2 {
		t.Errorf("ann's Stats().Plots = %+v; want 2 wins of %s, 2 games on one day, to %v", pl, kind.Name(), t0)
	}
	ann.Close()
	if st := bob.Stats(kind); st.Err != nil || st.Counted.Played != 1 || st.Counted.Best[0].TimeMS != 40000 {
		t.Errorf("bob's Stats() after ann's Close = %+v; want 1 game, the best 40 s", st)
	}
	noWarnings(t, ann)
	noWarnings(t, bob)
	if _, err := os.Stat(home); !os.IsNotExist(err) {
		t.Errorf("Stat(MINESWEEPER_HOME) = %v; want it not made", err)
	}
}
