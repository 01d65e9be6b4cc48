package main

import (
	"context"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/store"
)

// TestNewGivesUp checks that -new gives up a started game left
// unfinished as a loss, asking first as n does in a game: n gives it up,
// kept as a loss; anything else goes on with it, and q leaves it saved.
func TestNewGivesUp(t *testing.T) {
	size := []string{"-reader", "-width", "12", "-height", "8", "-mines", "10"}
	kind := board.Settings{Width: 12, Height: 8, Mines: 10, Rule: board.Opening}
	tests := []struct {
		name     string
		input    string // the lines said to minesweeper -new
		asked    string // what -new says first
		lost     int    // the games kept, each a loss given up
		leftSave int    // the games left saved
	}{
		{"n gives it up", "n\nq\n", "-new: give up the game of this board left unfinished", 1, 0},
		{"q keeps it saved", "q\n", "-new: give up the game of this board left unfinished", 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home := t.TempDir()
			t.Setenv("MINESWEEPER_HOME", home)
			var out, errs strings.Builder
			if code := run(size, strings.NewReader("o 1 1\nq\n"), &out, &errs); code != exitOK {
				t.Fatalf("the first run: exit %d, %q %q", code, out.String(), errs.String())
			}
			out.Reset()
			if code := run(append(size, "-new"), strings.NewReader(tt.input), &out, &errs); code != exitOK {
				t.Fatalf("minesweeper -new: exit %d, %q %q", code, out.String(), errs.String())
			}
			if !strings.Contains(out.String(), tt.asked) {
				t.Errorf("minesweeper -new said:\n%s\nwant %q", out.String(), tt.asked)
			}
			st, err := store.Open(home, func(msg string) { t.Errorf("warning: %s", msg) })
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			games, err := st.Latest(context.Background(), 0, false)
			if err != nil {
				t.Fatal(err)
			}
			lost := 0
			for _, g := range games {
				if g.Game.Result == "lost" && g.Game.GaveUp {
					lost++
				}
			}
			if lost != tt.lost || len(games) != tt.lost {
				t.Errorf("%d games kept, %d of them given up as a loss; want %d, %d", len(games), lost, tt.lost, tt.lost)
			}
			saved, err := st.Saved(context.Background(), kind)
			if err != nil || len(saved) != tt.leftSave {
				t.Errorf("Saved() = %d games, %v; want %d", len(saved), err, tt.leftSave)
			}
		})
	}
}

// TestQuestionRemembered checks that -question=false is remembered, as
// the theme is: the next run without the flag has no question mark, and
// -question given again turns them on, and is remembered in turn.
func TestQuestionRemembered(t *testing.T) {
	t.Setenv("MINESWEEPER_HOME", t.TempDir())
	size := []string{"-reader", "-width", "12", "-height", "8", "-mines", "10"}
	tests := []struct {
		flags []string
		want  string // what the second f says
	}{
		{nil, "question mark at (1,1)"},
		{[]string{"-question=false"}, "no mark at (1,1)"},
		{nil, "no mark at (1,1)"},
		{[]string{"-question"}, "question mark at (1,1)"},
		{nil, "question mark at (1,1)"},
	}
	for i, tt := range tests {
		var out, errs strings.Builder
		args := append(append([]string{}, size...), tt.flags...)
		if code := run(args, strings.NewReader("f 1 1\nf 1 1\nq\n"), &out, &errs); code != exitOK {
			t.Fatalf("run %d %v: exit %d, %q %q", i, tt.flags, code, out.String(), errs.String())
		}
		if !strings.Contains(out.String(), tt.want) {
			t.Errorf("run %d %v said:\n%s\nwant %q", i, tt.flags, out.String(), tt.want)
		}
	}
}
