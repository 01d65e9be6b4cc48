package history

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

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
		{MaxTimeMS, "3162240000.00 s"},
		{math.MaxInt64, "9223372036854775.81 s"},
		{math.MaxInt64 - 2, "9223372036854775.81 s"},
		{math.MaxInt64 - 3, "9223372036854775.80 s"},
		{math.MaxInt64 - 7, "9223372036854775.80 s"},
		{math.MaxInt64 - 8, "9223372036854775.80 s"},
		{math.MaxInt64 - 12, "9223372036854775.80 s"},
		{math.MaxInt64 - 13, "9223372036854775.79 s"},
		{-1, "0.00 s"},
		{-4, "0.00 s"},
		{-5, "-0.01 s"},
		{-41275, "-41.28 s"},
		{math.MinInt64 + 1, "-9223372036854775.81 s"},
		{math.MinInt64, "-9223372036854775.81 s"},
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

// TestWriteGamesJSON checks the lines: one game a line, as the records
// hold it, and nothing for no game.
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
		{nil, ""},
		{games[:1], lines[0] + "\n"},
		{games, lines[0] + "\n" + lines[1] + "\n"},
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

// hostile is text a log could hold that a terminal would act on: it clears
// the screen (ESC [ 2 J), sets a colour with the C1 CSI as a bare byte and
// as UTF-8, sets the window's title (ESC ] ... BEL), and turns the text
// around it right to left.
const hostile = "\x1b[2J\x9b31m\u009b31m\x1b]0;pwned\x07\u202e\x7f"

// controls returns the control characters (C0 but the newline, DEL, C1)
// and bidi controls of s, and the bytes of s that are not UTF-8.
func controls(s string) []string {
	var found []string
	for i, r := range s {
		switch {
		case r == '\n':
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			found = append(found, fmt.Sprintf("byte %#x", s[i]))
		case unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r):
			found = append(found, fmt.Sprintf("%U", r))
		}
	}
	return found
}

// TestReportsPrintable checks that the tables of stats and history show
// what the log's text fields hold with nothing a terminal would act on,
// and the time and speed of any int64 of milliseconds as numbers.
func TestReportsPrintable(t *testing.T) {
	s := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}
	expert := board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening}
	day := time.Date(2025, 3, 1, 20, 0, 0, 0, time.UTC)
	games := []Game{
		{V: Version, Date: day, Board: s, Level: hostile, Result: "won", TimeMS: math.MaxInt64, ThreeBV: 30, Clicks: 40},
		{V: Version, Date: day, Board: s, Level: "beginner", Source: hostile, Result: "lost" + hostile, TimeMS: 3000},
		{V: Version, Date: day, Board: expert, Level: "\x9b2J", Result: "won", TimeMS: math.MinInt64, ThreeBV: 30, Clicks: 40},
	}
	tests := []struct {
		name  string
		write func(w io.Writer) error
		want  []string // what the output must hold
	}{
		{"WriteStats", func(w io.Writer) error { return WriteStats(w, Summarize(games), Sparkline) },
			[]string{"9223372036854775.81 s", "-9223372036854775.81 s"}},
		{"WriteStats ASCII", func(w io.Writer) error { return WriteStats(w, Summarize(games), SparklineASCII) },
			[]string{"beginner", "expert"}},
		{"WriteGames", func(w io.Writer) error { return WriteGames(w, games, []int64{1, 2, 3}) },
			[]string{"\uFFFD[2J", "lost\uFFFD[2J", "9223372036854775.81 s", "-9223372036854775.81 s"}},
	}
	for _, tt := range tests {
		var b strings.Builder
		if err := tt.write(&b); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		got := b.String()
		if found := controls(got); len(found) > 0 {
			t.Errorf("%s wrote %v:\n%q", tt.name, found, got)
		}
		for _, want := range tt.want {
			if !strings.Contains(got, want) {
				t.Errorf("%s =\n%s\nwant it to hold %q", tt.name, got, want)
			}
		}
		if strings.Contains(got, ".-") {
			t.Errorf("%s =\n%s\nwant no time written as \"N.-M s\"", tt.name, got)
		}
	}
}

// TestJSONPrintable checks that the JSON of stats and history escapes what
// a terminal would act on (encoding/json escapes ESC but not the C1
// controls, DEL or the bidi controls), and reads back as it was.
func TestJSONPrintable(t *testing.T) {
	s := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}
	day := time.Date(2025, 3, 1, 20, 0, 0, 0, time.UTC)
	games := []Game{{V: Version, Date: day, Board: s, Level: hostile, Source: "é" + hostile, Result: "won", TimeMS: 5000, ThreeBV: 30, Clicks: 40}}
	tests := []struct {
		name  string
		write func(w io.Writer) error
		read  func(data []byte) (string, error) // the level read back
	}{
		{"WriteGamesJSON", func(w io.Writer) error { return WriteGamesJSON(w, games) }, func(data []byte) (string, error) {
			var got []Game
			var one Game
			err := json.Unmarshal(data, &one)
			got = append(got, one)
			if err != nil || bytes.Count(data, []byte("\n")) != 1 || got[0].Source != strings.ToValidUTF8(games[0].Source, "\uFFFD") {
				return "", fmt.Errorf("%d games, %v; want the one written", len(got), err)
			}
			return got[0].Level, nil
		}},
		{"WriteStatsJSON", func(w io.Writer) error { return WriteStatsJSON(w, Summarize(games)) }, func(data []byte) (string, error) {
			var got []Stats
			err := json.Unmarshal(data, &got)
			if err != nil || len(got) != 1 {
				return "", fmt.Errorf("%d stats, %v; want one kind", len(got), err)
			}
			return got[0].Level, nil
		}},
	}
	// The level as the JSON holds it, escaped, but for the bare byte 0x9b,
	// which is no UTF-8: encoding/json writes U+FFFD.
	const want = `\u001b[2J\ufffd31m\u009b31m\u001b]0;pwned\u0007\u202e\u007f`
	for _, tt := range tests {
		var b strings.Builder
		if err := tt.write(&b); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		got := b.String()
		if found := controls(got); len(found) > 0 {
			t.Errorf("%s wrote %v:\n%q", tt.name, found, got)
		}
		if !strings.Contains(got, want) {
			t.Errorf("%s =\n%s\nwant it to hold %s", tt.name, got, want)
		}
		level, err := tt.read([]byte(got))
		if err != nil {
			t.Fatalf("%s read back: %v", tt.name, err)
		}
		if wantLevel := strings.ToValidUTF8(hostile, "\uFFFD"); level != wantLevel {
			t.Errorf("%s read back: level %q; want %q", tt.name, level, wantLevel)
		}
	}
}

func TestEscapeJSON(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{`{"level":"expert"}`, `{"level":"expert"}`},
		{`{"level":"débutant ┌─┐ ▁█"}`, `{"level":"débutant ┌─┐ ▁█"}`},
		{"{\"level\":\"\u009b31m\"}", `{"level":"\u009b31m"}`},
		{"{\"level\":\"a\x7fb\u0085c\"}", `{"level":"a\u007fb\u0085c"}`},
		{"[\"\u202eabc\u202c\u2066\u200f\"]", `["\u202eabc\u202c\u2066\u200f"]`},
	}
	for _, tt := range tests {
		if got := string(escapeJSON([]byte(tt.in))); got != tt.want {
			t.Errorf("escapeJSON(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}
