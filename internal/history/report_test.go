package history

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

func TestLabel(t *testing.T) {
	tests := []struct {
		kind        board.Settings
		level, want string
	}{
		{board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening}, "expert", "expert"},
		{board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening, NoGuess: true}, "expert", "expert no-guess"},
		{board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Safe}, "beginner", "beginner safe"},
		{board.Settings{Width: 12, Height: 7, Mines: 20, Rule: board.Unsafe}, "", "12x7n20 unsafe"},
		{board.Settings{Width: 12, Height: 7, Mines: 20, Rule: board.Opening}, "custom", "12x7n20"},
	}
	for _, tt := range tests {
		if got := Label(tt.kind, tt.level); got != tt.want {
			t.Errorf("Label(%v, %q) = %q; want %q", tt.kind, tt.level, got, tt.want)
		}
	}
}

func TestSeconds(t *testing.T) {
	tests := []struct {
		ms   int64
		want string
	}{
		{0, "0.00 s"},
		{4, "0.00 s"},
		{5, "0.01 s"},
		{41270, "41.27 s"},
		{41275, "41.28 s"},
		{101999, "102.00 s"},
	}
	for _, tt := range tests {
		if got := seconds(tt.ms); got != tt.want {
			t.Errorf("seconds(%d) = %q; want %q", tt.ms, got, tt.want)
		}
	}
}

// TestLatest checks that the latest games come newest first by date, even
// where the log's order is not the dates', each with its number in the log.
func TestLatest(t *testing.T) {
	day := time.Date(2025, 3, 1, 20, 0, 0, 0, time.UTC)
	var games []Game
	// The third game ended before the second: the clock went back.
	for i, minutes := range []int{0, 10, 5, 20} {
		games = append(games, Game{Seed: uint64(i + 1), Date: day.Add(time.Duration(minutes) * time.Minute)})
	}
	tests := []struct {
		n     int
		seeds []int
		nums  []int64
	}{
		{0, []int{4, 2, 3, 1}, []int64{4, 2, 3, 1}},
		{2, []int{4, 2}, []int64{4, 2}},
		{9, []int{4, 2, 3, 1}, []int64{4, 2, 3, 1}},
	}
	for _, tt := range tests {
		latest, nums := Latest(games, tt.n)
		var seeds []int
		for _, g := range latest {
			seeds = append(seeds, int(g.Seed))
		}
		if !slices.Equal(seeds, tt.seeds) || !slices.Equal(nums, tt.nums) {
			t.Errorf("Latest(games, %d) = seeds %v, numbers %v; want %v, %v", tt.n, seeds, nums, tt.seeds, tt.nums)
		}
	}
	if latest, nums := Latest(nil, 5); len(latest) != 0 || len(nums) != 0 {
		t.Errorf("Latest(nil, 5) = %v, %v; want none", latest, nums)
	}
}

// TestTable checks the columns' widths, alignment and gaps, and that no
// line ends in the padding of an empty last cell.
func TestTable(t *testing.T) {
	tb := table{
		{head: "name"},
		{head: "n", right: true},
		{head: "note", gap: 1},
	}
	tb.add("é", "10", "x")
	tb.add("long name", "2", "")
	var b strings.Builder
	if err := tb.write(&b); err != nil {
		t.Fatal(err)
	}
	want := "" +
		"name        n note\n" +
		"é          10 x\n" +
		"long name   2\n"
	if got := b.String(); got != want {
		t.Errorf("table =\n%q\nwant\n%q", got, want)
	}
}

// TestWriteGamesJSON checks the array's shape: one game a line, as the
// log writes it, and an empty array on one line.
func TestWriteGamesJSON(t *testing.T) {
	kind := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}
	games := []Game{{V: Version, Board: kind, Result: "won"}, {V: Version, Board: kind, Result: "lost"}}
	var lines []string
	for _, g := range games {
		line, err := json.Marshal(&g)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(line))
	}
	tests := []struct {
		games []Game
		want  string
	}{
		{nil, "[]\n"},
		{games[:1], "[\n  " + lines[0] + "\n]\n"},
		{games, "[\n  " + lines[0] + ",\n  " + lines[1] + "\n]\n"},
	}
	for _, tt := range tests {
		var b strings.Builder
		if err := WriteGamesJSON(&b, tt.games); err != nil {
			t.Fatal(err)
		}
		if got := b.String(); got != tt.want {
			t.Errorf("WriteGamesJSON(%d games) =\n%s\nwant\n%s", len(tt.games), got, tt.want)
		}
	}
}

// TestWriteGamesMarks checks the marks of the history's table: a game
// given up and a game on a board the player could know say so.
func TestWriteGamesMarks(t *testing.T) {
	s := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}
	games := []Game{
		{Board: s, Level: "beginner", Result: "lost", GaveUp: true},
		{Board: s, Level: "beginner", Result: "won", Seeded: true, Known: true},
		{Board: s, Result: "won", Source: "b.txt"},
	}
	var b strings.Builder
	if err := WriteGames(&b, games, []int64{1, 2, 3}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	for i, want := range []string{"gave up", "known", "known"} {
		if got := lines[i+1]; !strings.HasSuffix(strings.TrimSpace(got), want) {
			t.Errorf("line of game %d = %q; want it to end %q", i+1, got, want)
		}
	}
}
