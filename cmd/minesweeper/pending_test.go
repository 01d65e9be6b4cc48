package main

import (
	"io"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/store"
)

// TestStatsPending checks that stats and history keep the games that
// wait in pending files first, once, saying so in one warning.
func TestStatsPending(t *testing.T) {
	games := statsGames()
	dir := writeLog(t, games[:len(games)-1], "")
	st, err := store.Open(dir, nil) // imports the log
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Pend(games[len(games)-1], ""); err != nil {
		t.Fatal(err)
	}
	st.Close()
	var stdout, stderr strings.Builder
	code := run([]string{"history"}, strings.NewReader(""), &stdout, &stderr)
	want := "minesweeper history: warning: 1 game that could not be kept when it ended is kept now\n"
	if code != exitOK || stderr.String() != want {
		t.Errorf("history with a game waiting = %d, stderr %q; want 0, %q", code, stderr.String(), want)
	}
	writeLog(t, games, "")
	var all strings.Builder
	if code := run([]string{"history"}, strings.NewReader(""), &all, io.Discard); code != exitOK {
		t.Fatalf("history: exit status %d; want 0", code)
	}
	if stdout.String() != all.String() {
		t.Errorf("history with a game waiting:\n%s\nwant, as with it kept:\n%s", stdout.String(), all.String())
	}
}
