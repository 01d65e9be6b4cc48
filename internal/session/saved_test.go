package session

import (
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/store"
)

// leftGame returns a started game of small left unfinished, told apart by
// its seed.
func leftGame(t *testing.T, seed uint64) game.Kept {
	t.Helper()
	g := newGame(t, smallConfig(t), seed, game.Drawn)
	apply(t, g, at(0), mv(game.Open, 4, 0))
	return g.Kept(at(5), true)
}

// savedSeeds returns the seeds of the games of small left unfinished,
// newest first, as a new run finds them.
func savedSeeds(t *testing.T, dir string) []uint64 {
	t.Helper()
	var seeds []uint64
	s := sessionIn(t, dir)
	kept, others, ok := s.Saved(smallConfig(t).Settings, false)
	if !ok {
		return nil
	}
	seeds = append(seeds, kept.Seed)
	st := s.Store()
	saved, err := st.Saved(ctx, smallConfig(t).Settings)
	if err != nil {
		t.Fatal(err)
	}
	if len(saved) != others+1 {
		t.Errorf("Saved() says %d others; the store holds %d games", others, len(saved))
	}
	seeds = seeds[:0]
	for _, sv := range saved {
		seeds = append(seeds, sv.Game.Seed)
	}
	return seeds
}

// TestSavedRace checks the saved games two runs of the game share, as the
// issue found them lost: run A offers the saved game and the player
// answers n; meanwhile run B leaves a game of the same board; A quits.
// Only the game A offered goes; B's stays. And two games of one board
// left unfinished by two runs are both kept, neither overwritten.
func TestSavedRace(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *testing.T, dir string)
		want []uint64 // the seeds left, newest first
	}{
		{
			name: "A declines the offer, B saves, A quits",
			run: func(t *testing.T, dir string) {
				first := sessionIn(t, dir)
				first.Leave(leftGame(t, 1), true)
				a := sessionIn(t, dir)
				if k, _, ok := a.Saved(smallConfig(t).Settings, true); !ok || k.Seed != 1 {
					t.Fatalf("A is offered %v, %v; want the game of seed 1", k, ok)
				}
				b := sessionIn(t, dir) // started with -new's cousin: no offer taken
				if !b.Leave(leftGame(t, 2), true).Saved {
					t.Fatal("B's game was not saved")
				}
				a.Leave(game.Kept{}, false) // A quits before starting a game
			},
			want: []uint64{2},
		},
		{
			name: "A declines the offer, B declines it too and saves, A saves",
			run: func(t *testing.T, dir string) {
				sessionIn(t, dir).Leave(leftGame(t, 1), true)
				a, b := sessionIn(t, dir), sessionIn(t, dir)
				a.Saved(smallConfig(t).Settings, true)
				b.Saved(smallConfig(t).Settings, true)
				b.Leave(leftGame(t, 2), true)
				a.Leave(leftGame(t, 3), true)
			},
			want: []uint64{3, 2},
		},
		{
			name: "two runs leave games of one board",
			run: func(t *testing.T, dir string) {
				a, b := sessionIn(t, dir), sessionIn(t, dir)
				a.Leave(leftGame(t, 1), true)
				b.Leave(leftGame(t, 2), true)
			},
			want: []uint64{2, 1},
		},
		{
			name: "the game resumed and left again takes its own place",
			run: func(t *testing.T, dir string) {
				sessionIn(t, dir).Leave(leftGame(t, 1), true)
				sessionIn(t, dir).Leave(leftGame(t, 2), true)
				a := sessionIn(t, dir)
				k, others, ok := a.Saved(smallConfig(t).Settings, true)
				if !ok || k.Seed != 2 || others != 1 {
					t.Fatalf("Saved() = %v, %d others, %v; want seed 2 and 1 other", k, others, ok)
				}
				a.Leave(*k, true)
			},
			want: []uint64{2, 1},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, dir := newSession(t)
			tt.run(t, dir)
			got := savedSeeds(t, dir)
			if len(got) != len(tt.want) {
				t.Fatalf("saved games of seeds %v; want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Fatalf("saved games of seeds %v; want %v", got, tt.want)
				}
			}
		})
	}
}

// TestPrefsNewer checks that choices kept by a newer minesweeper are left
// as they are, with one warning that names them, not the history.
func TestPrefsNewer(t *testing.T) {
	s, dir := newSession(t)
	s.Remember(smallConfig(t).Settings, true, Choices{Theme: "mono", QuestionMarks: true})
	st, err := store.Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	// What a newer version writes: this one cannot tell what it holds.
	db, err := sql.Open("sqlite", filepath.Join(dir, store.FileName))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`UPDATE prefs SET record = '{"v":99,"palette":"new"}'`); err != nil {
		t.Fatal(err)
	}
	next := sessionIn(t, dir)
	if _, ok, theme := next.Prefs(nil); ok || theme != "" {
		t.Errorf("Prefs() = %v, %q; want none", ok, theme)
	}
	next.Remember(smallConfig(t).Settings, true, Choices{QuestionMarks: true})
	w := next.Warnings()
	if len(w) != 1 || !strings.Contains(w[0], "newer minesweeper") || strings.Contains(w[0], "history") {
		t.Errorf("warnings %q; want one, that the choices are a newer minesweeper's", w)
	}
	p, _, err := st.Prefs(ctx)
	if !errors.Is(err, store.ErrNewer) {
		t.Errorf("the choices after Remember: %+v, %v; want the newer ones left", p, err)
	}
}

// TestClose checks that a run that closes its session leaves the records
// in one file: the write-ahead log is folded in and removed.
func TestClose(t *testing.T) {
	s, dir := newSession(t)
	s.Leave(leftGame(t, 1), true)
	if _, err := os.Stat(filepath.Join(dir, store.FileName+"-wal")); err != nil {
		t.Fatalf("no write-ahead log while the store is open: %v", err)
	}
	s.Close()
	for _, ext := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(filepath.Join(dir, store.FileName+ext)); !os.IsNotExist(err) {
			t.Errorf("%s%s after Close: %v; want none", store.FileName, ext, err)
		}
	}
	noWarnings(t, s)
	if got := savedSeeds(t, dir); len(got) != 1 || got[0] != 1 {
		t.Errorf("saved games of seeds %v; want [1]", got)
	}
}

// TestRememberQuestionMarks checks that the question marks are
// remembered with the theme: on until the player turns them off, off
// until turned on again.
func TestRememberQuestionMarks(t *testing.T) {
	s, dir := newSession(t)
	if !s.QuestionMarks() {
		t.Error("QuestionMarks() = false before any choice; want true")
	}
	for _, on := range []bool{false, true, false} {
		s.Remember(smallConfig(t).Settings, true, Choices{Theme: "mono", QuestionMarks: on})
		next := sessionIn(t, dir)
		if got := next.QuestionMarks(); got != on {
			t.Errorf("QuestionMarks() after Remember(..., %v) = %v; want %v", on, got, on)
		}
		if _, _, theme := next.Prefs(nil); theme != "mono" {
			t.Errorf("Prefs() theme %q; want mono", theme)
		}
		noWarnings(t, next)
	}
}

// TestRememberCounters checks that the live counters (c) are remembered
// as the question marks are: off until the player shows them, then shown
// at the next run until hidden again.
func TestRememberCounters(t *testing.T) {
	s, dir := newSession(t)
	if s.Counters() {
		t.Error("Counters() = true before any choice; want false")
	}
	for _, on := range []bool{true, false, true} {
		s.Remember(smallConfig(t).Settings, true, Choices{QuestionMarks: true, Counters: on})
		next := sessionIn(t, dir)
		if got := next.Counters(); got != on {
			t.Errorf("Counters() after Remember(counters %v) = %v; want %v", on, got, on)
		}
		if !next.QuestionMarks() {
			t.Error("QuestionMarks() = false; want the question marks kept on beside the counters")
		}
		noWarnings(t, next)
	}
}
