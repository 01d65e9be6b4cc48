package history

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// TestAppendNumbers checks that Append numbers each game as Games lists
// it, whatever the log held before and whoever appended meanwhile.
func TestAppendNumbers(t *testing.T) {
	t.Parallel()
	whole := line(t, testGame(0)) + "\n" + line(t, testGame(1)) // a blank line holds no game
	tests := []struct {
		name string
		log  string
		read bool // Games is called before the first Append
		want int  // the number of the first game appended
	}{
		{"new log", "", false, 1},
		{"two games and a blank line", whole, false, 3},
		{"the same, read first", whole, true, 3},
		{"a torn line", whole + `{"v":1,"da`, false, 3},
		{"a torn line, read first", whole + `{"v":1,"da`, true, 3},
		{"a game without its newline", whole + strings.TrimSuffix(line(t, testGame(2)), "\n"), false, 4},
		{"the same, read first", whole + strings.TrimSuffix(line(t, testGame(2)), "\n"), true, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, _ := open(t, tt.log)
			if tt.read {
				games(t, s)
			}
			for i := range 3 {
				n, err := s.Append(testGame(10 + i))
				if err != nil {
					t.Fatalf("Append() = %v", err)
				}
				if n != tt.want+i {
					t.Errorf("Append() number %d = %d; want %d", i+1, n, tt.want+i)
				}
				if gs := games(t, s); len(gs) < n || gs[n-1].Seed != uint64(10+i) {
					t.Errorf("Games()[%d] is not the game appended", n-1)
				}
			}
			// Another process appends; this store's next number follows it.
			other, err := Open(s.dir, nil)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := other.Append(testGame(20)); err != nil {
				t.Fatal(err)
			}
			if n, err := s.Append(testGame(21)); err != nil || n != tt.want+4 {
				t.Errorf("Append() after another process's = %d, %v; want %d", n, err, tt.want+4)
			}
		})
	}
}

// savedGame returns a game in progress on the board kind.
func savedGame(kind board.Settings, seed uint64) Game {
	g := testGame(int(seed))
	g.Board, g.Result, g.V = kind, Playing, Version
	return g
}

func TestSaved(t *testing.T) {
	t.Parallel()
	expert := board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening, NoGuess: true}
	beginner := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}
	s, w := open(t, "")
	if _, ok, err := s.Saved(expert, nil); ok || err != nil {
		t.Fatalf("Saved() of a new store = %v, %v; want none", ok, err)
	}
	for _, g := range []Game{savedGame(expert, 1), savedGame(beginner, 2), savedGame(expert, 3)} {
		g.Result = "won" // Save sets it
		if err := s.Save(g); err != nil {
			t.Fatalf("Save(%q) = %v", g.Board, err)
		}
	}
	for _, tt := range []struct {
		kind board.Settings
		seed uint64
	}{{expert, 3}, {beginner, 2}} {
		got, ok, err := s.Saved(tt.kind, nil)
		if want := savedGame(tt.kind, tt.seed); !ok || err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("Saved(%q) = %+v, %v, %v; want %+v", tt.kind, got, ok, err, want)
		}
	}
	if err := s.Discard(expert); err != nil {
		t.Fatalf("Discard() = %v", err)
	}
	if err := s.Discard(expert); err != nil {
		t.Errorf("Discard() of nothing = %v; want nil", err)
	}
	if _, ok, _ := s.Saved(expert, nil); ok {
		t.Error("Saved() after Discard() found a game")
	}
	if _, ok, _ := s.Saved(beginner, nil); !ok {
		t.Error("Discard() of one kind removed another's")
	}
	if msgs := w.all(); len(msgs) != 0 {
		t.Errorf("warnings %q; want none", msgs)
	}
	if got, want := savedName(expert), "saved-30x16n99-opening-no-guess.json"; got != want {
		t.Errorf("savedName(%q) = %q; want %q", expert, got, want)
	}
}

// TestSavedDamaged checks that a saved game that cannot be used is moved
// aside with a warning, and that a newer one is left and never replaced.
func TestSavedDamaged(t *testing.T) {
	t.Parallel()
	kind := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}
	tests := []struct {
		name    string
		content string
		aside   bool // moved to a .corrupt- file
		warning string
	}{
		{"not JSON", "\x00\x01garbage", true, "could not be read"},
		{"cut short", `{"v":1,"board":"9x9n10 op`, true, "could not be read"},
		{"a finished game", strings.Replace(line(t, savedGame(kind, 1)), `"playing"`, `"won"`, 1), true, `result "won"`},
		{"another board", line(t, savedGame(board.Settings{Width: 9, Height: 9, Mines: 11, Rule: board.Opening}, 1)), true, `board "9x9n11 opening"`},
		{"a bad board", strings.Replace(line(t, savedGame(kind, 1)), `"9x9n10 opening"`, `"9x9n10 lucky"`, 1), true, `unknown first-click rule "lucky"`},
		{"newer", `{"v":99,"whatever":true}`, false, "newer minesweeper"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, w := open(t, "")
			path := filepath.Join(s.dir, savedName(kind))
			if err := os.WriteFile(path, []byte(tt.content), 0o600); err != nil {
				t.Fatal(err)
			}
			if g, ok, err := s.Saved(kind, nil); ok || err != nil {
				t.Errorf("Saved() = %+v, %v, %v; want none", g, ok, err)
			}
			msgs := w.all()
			if len(msgs) != 1 || !strings.Contains(msgs[0], tt.warning) {
				t.Errorf("warnings %q; want one saying %q", msgs, tt.warning)
			}
			aside, _ := filepath.Glob(path + ".corrupt-*")
			if got := len(aside) == 1; got != tt.aside {
				t.Errorf("moved aside: %v (%q); want %v", got, aside, tt.aside)
			}
			if tt.aside {
				if b, _ := os.ReadFile(aside[0]); string(b) != tt.content {
					t.Errorf("the file moved aside holds %q; want %q", b, tt.content)
				}
				if err := s.Save(savedGame(kind, 4)); err != nil {
					t.Errorf("Save() after a damaged file = %v", err)
				}
				return
			}
			if err := s.Save(savedGame(kind, 4)); !errors.Is(err, ErrReadOnly) {
				t.Errorf("Save() over a newer file = %v; want %v", err, ErrReadOnly)
			}
			if err := s.Discard(kind); err != nil {
				t.Errorf("Discard() of a newer file = %v; want nil", err)
			}
			if b, _ := os.ReadFile(path); string(b) != tt.content {
				t.Errorf("the newer file now holds %q; want it untouched", b)
			}
		})
	}
}

func TestPrefs(t *testing.T) {
	t.Parallel()
	s, w := open(t, "")
	if p, ok, err := s.Prefs(); ok || err != nil {
		t.Fatalf("Prefs() of a new store = %+v, %v, %v; want none", p, ok, err)
	}
	want := Prefs{V: Version, Board: board.Settings{Width: 20, Height: 10, Mines: 30, Rule: board.Safe}, Theme: "mono"}
	if err := s.SavePrefs(Prefs{Board: want.Board, Theme: want.Theme}); err != nil {
		t.Fatal(err)
	}
	if got, ok, err := s.Prefs(); !ok || err != nil || got != want {
		t.Errorf("Prefs() = %+v, %v, %v; want %+v", got, ok, err, want)
	}

	path := filepath.Join(s.dir, prefsName)
	os.WriteFile(path, []byte(`{"v":1,"board":`), 0o600)
	if p, ok, err := s.Prefs(); ok || err != nil {
		t.Errorf("Prefs() of a damaged file = %+v, %v, %v; want none", p, ok, err)
	}
	if aside, _ := filepath.Glob(path + ".corrupt-*"); len(aside) != 1 {
		t.Errorf("the damaged file was not moved aside: %q", aside)
	}
	// A board that is not settings makes the file unreadable as a whole.
	os.WriteFile(path, []byte(`{"v":1,"board":"20x10n30 lucky","theme":"mono"}`), 0o600)
	if p, ok, err := s.Prefs(); ok || err != nil {
		t.Errorf("Prefs() of a file with a bad board = %+v, %v, %v; want none", p, ok, err)
	}
	if aside, _ := filepath.Glob(path + ".corrupt-*"); len(aside) != 2 {
		t.Errorf("the file with a bad board was not moved aside: %q", aside)
	}
	os.WriteFile(path, []byte(`{"v":7}`), 0o600)
	if p, ok, err := s.Prefs(); ok || err != nil {
		t.Errorf("Prefs() of a newer file = %+v, %v, %v; want none", p, ok, err)
	}
	if err := s.SavePrefs(want); !errors.Is(err, ErrReadOnly) {
		t.Errorf("SavePrefs() over a newer file = %v; want %v", err, ErrReadOnly)
	}
	if msgs := w.all(); len(msgs) != 3 || !strings.Contains(msgs[1], `unknown first-click rule "lucky"`) {
		t.Errorf("warnings %q; want three: the damaged file, the bad board, the newer one", msgs)
	}
}
