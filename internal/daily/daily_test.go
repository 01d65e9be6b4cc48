package daily

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/bench"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/record"
	"github.com/minesweeper-go/minesweeper/internal/solver"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenDates are the dates whose boards are pinned, past and future: a
// leap day, the turn of a year, the issue's example and dates far ahead.
var goldenDates = []string{"2000-01-01", "2024-02-29", "2025-12-31", "2026-11-25", "2031-07-04", "2099-12-31"}

// TestGolden pins the daily boards of goldenDates at every level: the
// seed, the start cell and the mines, in the record format. A change that
// fails it changes the boards players were given (see the package doc):
// it must not ship. Only a new Version may take -update, and only for
// boards of dates that have not come yet.
func TestGolden(t *testing.T) {
	for _, date := range goldenDates {
		for _, lv := range board.Levels {
			name := date + "-" + lv.Name
			t.Run(name, func(t *testing.T) {
				b, err := Of(date, lv.Name)
				if err != nil {
					t.Fatalf("Of(%q, %q): %v", date, lv.Name, err)
				}
				rec, err := b.Record()
				if err != nil {
					t.Fatalf("Record: %v", err)
				}
				var buf bytes.Buffer
				fmt.Fprintf(&buf, "# %s\n# seed %d, start column %d row %d\n", Key(date, lv.Name), b.Seed, b.Start.X, b.Start.Y)
				if err := record.Write(&buf, rec); err != nil {
					t.Fatal(err)
				}
				checkGolden(t, name, buf.Bytes())
			})
		}
	}
}

// checkGolden compares got with testdata/name.golden, or writes it with
// -update.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (a new golden date: go test ./internal/daily -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the daily board %s is not the one pinned in %s: a change to the daily function, the no-guess generator, board laying or Go's random numbers changed a board players are given\ngot:\n%s\nwant:\n%s", name, path, got, want)
	}
}

// TestOf checks the first two steps against sums computed apart, with
// sha256sum(1) on the key, and the settings of each level.
func TestOf(t *testing.T) {
	tests := []struct {
		date, level string
		sum         string // printf '%s' "$(Key)" | sha256sum
		want        Board  // Seed and Start come from sum
	}{
		{"2026-11-25", "expert", "37e4fa3c115e640c8b5cd40c18d43117b4ea84d1f48b44de2b4cfe49e05769ee",
			Board{Date: "2026-11-25", Level: "expert", Settings: board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening, NoGuess: true}}},
		{"2026-11-25", "beginner", "8dee889bb44c756aced88b31dc26d3389be74de63f7cdffdd7d3d830ed8a9314",
			Board{Date: "2026-11-25", Level: "beginner", Settings: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening, NoGuess: true}}},
		{"2024-02-29", "intermediate", "92c685256a120ea3e9c03ab0b3cb358dbec903cf15a011892154f076734ee193",
			Board{Date: "2024-02-29", Level: "intermediate", Settings: board.Settings{Width: 16, Height: 16, Mines: 40, Rule: board.Opening, NoGuess: true}}},
	}
	for _, tt := range tests {
		got, err := Of(tt.date, tt.level)
		if err != nil {
			t.Fatalf("Of(%q, %q): %v", tt.date, tt.level, err)
		}
		var seed, index uint64
		if _, err := fmt.Sscanf(tt.sum[:16]+" "+tt.sum[16:32], "%x %x", &seed, &index); err != nil {
			t.Fatal(err)
		}
		w, cells := uint64(tt.want.Settings.Width), uint64(tt.want.Settings.Cells())
		tt.want.Seed = seed
		tt.want.Start = board.Point{X: int(index % cells % w), Y: int(index % cells / w)}
		if got != tt.want {
			t.Errorf("Of(%q, %q) = %+v; want %+v", tt.date, tt.level, got, tt.want)
		}
	}
}

// ExampleOf shows the daily board of the issue's example: its key, seed
// and start cell, and the command that plays it.
func ExampleOf() {
	b, err := Of("2026-11-25", "expert")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(Key(b.Date, b.Level))
	fmt.Printf("seed %#x, start %v\n", b.Seed, b.Start)
	fmt.Println(b.Command())
	// Output:
	// minesweeper daily v1 2026-11-25 expert
	// seed 0x37e4fa3c115e640c, start (13,11)
	// minesweeper daily -date 2026-11-25 -level expert
}

func TestOfErrors(t *testing.T) {
	tests := []struct {
		date, level string
		want        error
	}{
		{"2026-11-31", "expert", ErrDate},
		{"2026-1-5", "expert", ErrDate},
		{"26-11-25", "beginner", ErrDate},
		{"2026-11-25T00:00:00Z", "beginner", ErrDate},
		{"", "beginner", ErrDate},
		{"tomorrow", "beginner", ErrDate},
		{"2026-11-25", "custom", ErrLevel},
		{"2026-11-25", "expert level", ErrLevel},
	}
	for _, tt := range tests {
		if _, err := Of(tt.date, tt.level); !errors.Is(err, tt.want) {
			t.Errorf("Of(%q, %q) = %v; want %v", tt.date, tt.level, err, tt.want)
		}
	}
}

func TestToday(t *testing.T) {
	tests := []struct {
		now  time.Time
		want string
	}{
		{time.Date(2026, 11, 25, 23, 59, 59, 0, time.UTC), "2026-11-25"},
		// Half past midnight in Tokyo is still the day before in UTC.
		{time.Date(2026, 11, 26, 0, 30, 0, 0, time.FixedZone("JST", 9*3600)), "2026-11-25"},
		// Late evening in New York is the next day in UTC.
		{time.Date(2026, 11, 24, 20, 0, 0, 0, time.FixedZone("EST", -5*3600)), "2026-11-25"},
	}
	for _, tt := range tests {
		if got := Today(tt.now); got != tt.want {
			t.Errorf("Today(%v) = %q; want %q", tt.now, got, tt.want)
		}
	}
}

// TestGameLaysTheDailyBoard checks that a game of the board's seed, its
// start cell opened first, lays the daily board's mines: the game and
// "minesweeper gen -daily" give one board.
func TestGameLaysTheDailyBoard(t *testing.T) {
	for _, lv := range board.Levels {
		b, err := Of("2026-11-25", lv.Name)
		if err != nil {
			t.Fatal(err)
		}
		want, err := b.Mines()
		if err != nil {
			t.Fatal(err)
		}
		g, err := game.NewDaily(game.Config{Settings: b.Settings, Layout: Layout}, b.Game())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Apply(game.Move{Action: game.Open, At: b.Start}, time.Unix(0, 0)); err != nil {
			t.Fatalf("%s: opening the start cell: %v", lv.Name, err)
		}
		k := g.Kept(time.Unix(1, 0), true)
		if !slices.Equal(k.Mines, want) {
			t.Errorf("%s: the game laid %v; want %v", lv.Name, k.Mines, want)
		}
	}
}

// TestNoGuess checks that the solver wins the boards of two golden
// dates from their start cells: they are no-guess boards.
func TestNoGuess(t *testing.T) {
	for _, date := range goldenDates[:2] {
		for _, lv := range board.Levels {
			b, err := Of(date, lv.Name)
			if err != nil {
				t.Fatal(err)
			}
			mines, err := b.Mines()
			if err != nil {
				t.Fatal(err)
			}
			bd, err := board.New(b.Settings.Width, b.Settings.Height, mines)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := bd.Reveal(b.Start); err != nil {
				t.Fatalf("%s %s: opening the start cell: %v", date, lv.Name, err)
			}
			g, err := bench.Play(context.Background(), bd, solver.New(solver.Options{Rule: board.Opening}), bd.Width()*bd.Height(), nil)
			if err != nil {
				t.Fatal(err)
			}
			if g.Status != board.Won {
				t.Errorf("%s %s: the solver's game ended %v; want won", date, lv.Name, g.Status)
			}
		}
	}
}

// TestOfAnyCase checks that a level in capitals names the board of its
// name in small letters, as board.LevelNamed reads it.
func TestOfAnyCase(t *testing.T) {
	for _, level := range []string{"Expert", "EXPERT"} {
		got, err := Of("2026-11-25", level)
		want, _ := Of("2026-11-25", "expert")
		if err != nil || got != want {
			t.Errorf("Of(%q, %q) = %+v, %v; want %+v", "2026-11-25", level, got, err, want)
		}
	}
}
