package history

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// day0 is the date of the first game the tests write; game n of a test
// ends n minutes later.
var day0 = time.Date(2025, 3, 1, 20, 0, 0, 0, time.UTC)

// at returns the date of game n.
func at(n int) time.Time { return day0.Add(time.Duration(n) * time.Minute) }

// played returns a game on kind ending at(n): "won" or "lost", with its time
// in milliseconds and its 3BV. Marks after the result may be "assisted",
// "undone", "known" (a known board: a chosen seed or a restart) and "file"
// (a board file's); a level name ("expert") sets Level.
func played(n int, kind board.Settings, result string, ms int64, threeBV int, marks ...string) Game {
	g := Game{V: Version, Date: at(n), Board: kind, Result: result, TimeMS: ms, ThreeBV: threeBV, Clicks: threeBV}
	for _, m := range marks {
		switch m {
		case "assisted":
			g.Assisted = true
		case "undone":
			g.Undone = true
		case "known":
			g.Known = true
		case "file":
			g.Source = "board.txt"
		default:
			g.Level = m
		}
	}
	return g
}

var (
	expert   = board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening}
	beginner = board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}
	noGuess  = board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening, NoGuess: true}
)

// TestSummarizeWindows checks the statistics of Windows Minesweeper's
// screen and the NF style's bests: the longest losing streak, the clean
// wins and their average time, and the bests of the clean wins with no
// flag placed, apart.
func TestSummarizeWindows(t *testing.T) {
	nf := func(g Game) Game { g.NF = true; return g }
	tests := []struct {
		name            string
		games           []Game
		losing, clean   int
		average, nfBest int64 // nfBest -1: no NF bests
		nfBestTimes     int
	}{
		{"none", nil, 0, 0, 0, -1, 0},
		{"L L W L L L W", []Game{
			played(0, beginner, "lost", 1000, 10), played(1, beginner, "lost", 1000, 10), played(2, beginner, "won", 3000, 10),
			played(3, beginner, "lost", 1000, 10), played(4, beginner, "lost", 1000, 10), played(5, beginner, "lost", 1000, 10),
			played(6, beginner, "won", 4000, 10),
		}, 3, 2, 3500, -1, 0},
		// Assisted and known wins are not clean: no average, no NF best.
		{"not clean", []Game{
			nf(played(0, beginner, "won", 1000, 10, "assisted")), played(1, beginner, "won", 2000, 10, "undone"),
			played(2, beginner, "won", 6001, 10), played(3, beginner, "won", 6000, 10),
		}, 0, 2, 6001, -1, 0},
		// Losses in date order, whatever the slice's.
		{"date order", []Game{
			played(3, beginner, "lost", 1000, 10), played(0, beginner, "lost", 1000, 10),
			played(2, beginner, "lost", 1000, 10), played(1, beginner, "won", 1000, 10),
		}, 2, 1, 1000, -1, 0},
		{"NF apart", []Game{
			played(0, beginner, "won", 3000, 10), nf(played(1, beginner, "won", 5000, 10)),
			nf(played(2, beginner, "won", 4000, 10)), nf(played(3, beginner, "lost", 100, 10)),
		}, 1, 3, 4000, 4000, 2},
	}
	for _, tt := range tests {
		stats := Summarize(tt.games)
		var s Stats
		if len(stats) > 0 {
			s = stats[0]
		}
		if s.LosingStreak != tt.losing || s.CleanWins != tt.clean || s.AverageMS != tt.average {
			t.Errorf("Summarize(%s): losing streak, clean wins, average = %d, %d, %d; want %d, %d, %d",
				tt.name, s.LosingStreak, s.CleanWins, s.AverageMS, tt.losing, tt.clean, tt.average)
		}
		switch {
		case tt.nfBest < 0 && s.NF != nil:
			t.Errorf("Summarize(%s).NF = %+v; want nil", tt.name, s.NF)
		case tt.nfBest >= 0 && s.NF == nil:
			t.Errorf("Summarize(%s).NF = nil; want a best of %d ms", tt.name, tt.nfBest)
		case tt.nfBest >= 0 && (len(s.NF.Best) != tt.nfBestTimes || s.NF.Best[0].TimeMS != tt.nfBest || s.NF.Best3BVs != 2.5):
			t.Errorf("Summarize(%s).NF = %+v; want %d best times, the first %d ms, 2.5 3BV/s", tt.name, s.NF, tt.nfBestTimes, tt.nfBest)
		}
	}
}

func TestSummarize(t *testing.T) {
	tests := []struct {
		name  string
		games []Game
		want  []Stats
	}{
		{
			name:  "no games",
			games: nil,
			want:  []Stats{},
		},
		{
			name:  "one loss",
			games: []Game{played(0, beginner, "lost", 3000, 10)},
			want:  []Stats{{Kind: beginner, Played: 1, Best: []Best{}, Recent3BVs: []float64{}}},
		},
		{
			name:  "one win",
			games: []Game{played(0, beginner, "won", 4000, 10, "beginner")},
			want: []Stats{{Kind: beginner, Level: "beginner", Played: 1, Won: 1, WinRate: 1, CurrentStreak: 1, BestStreak: 1,
				Best: []Best{{at(0), 4000}}, Best3BVs: 2.5, Recent3BVs: []float64{2.5}}},
		},
		{
			// W W W L W W: best streak 3, current 2.
			name: "streaks",
			games: []Game{
				played(0, beginner, "won", 10000, 10), played(1, beginner, "won", 10000, 20), played(2, beginner, "won", 10000, 30),
				played(3, beginner, "lost", 10000, 40), played(4, beginner, "won", 10000, 40), played(5, beginner, "won", 10000, 50),
			},
			want: []Stats{{Kind: beginner, Played: 6, Won: 5, WinRate: 5.0 / 6, CurrentStreak: 2, BestStreak: 3,
				Best:       []Best{{at(0), 10000}, {at(1), 10000}, {at(2), 10000}, {at(4), 10000}, {at(5), 10000}},
				Best3BVs:   5,
				Recent3BVs: []float64{1, 2, 3, 4, 5}}},
		},
		{
			// A loss ends the current streak; a loss on another kind does not.
			name: "streaks across kinds",
			games: []Game{
				played(0, beginner, "won", 5000, 10), played(1, expert, "lost", 5000, 100),
				played(2, beginner, "won", 5000, 10), played(3, expert, "won", 50000, 100),
				played(4, beginner, "lost", 5000, 10), played(5, expert, "won", 50000, 100),
			},
			want: []Stats{
				{Kind: beginner, Played: 3, Won: 2, WinRate: 2.0 / 3, CurrentStreak: 0, BestStreak: 2,
					Best: []Best{{at(0), 5000}, {at(2), 5000}}, Best3BVs: 2, Recent3BVs: []float64{2, 2}},
				{Kind: expert, Played: 3, Won: 2, WinRate: 2.0 / 3, CurrentStreak: 2, BestStreak: 2,
					Best: []Best{{at(3), 50000}, {at(5), 50000}}, Best3BVs: 2, Recent3BVs: []float64{2, 2}},
			},
		},
		{
			// Games are taken in date order, not in the slice's order.
			name: "date order",
			games: []Game{
				played(2, beginner, "lost", 5000, 10), played(0, beginner, "won", 5000, 10), played(1, beginner, "won", 4000, 10),
			},
			want: []Stats{{Kind: beginner, Played: 3, Won: 2, WinRate: 2.0 / 3, CurrentStreak: 0, BestStreak: 2,
				Best: []Best{{at(1), 4000}, {at(0), 5000}}, Best3BVs: 2.5, Recent3BVs: []float64{2, 2.5}}},
		},
		{
			// Assisted and undone wins count as wins but not as times or speeds.
			name: "assisted and undone",
			games: []Game{
				played(0, beginner, "won", 1000, 10, "assisted"), played(1, beginner, "won", 2000, 10, "undone"),
				played(2, beginner, "won", 9000, 9), played(3, beginner, "won", 500, 10, "assisted", "undone"),
			},
			want: []Stats{{Kind: beginner, Played: 4, Won: 4, WinRate: 1, CurrentStreak: 4, BestStreak: 4,
				Best: []Best{{at(2), 9000}}, Best3BVs: 1, Recent3BVs: []float64{1}}},
		},
		{
			name: "only assisted wins",
			games: []Game{
				played(0, beginner, "won", 1000, 10, "assisted"),
			},
			want: []Stats{{Kind: beginner, Played: 1, Won: 1, WinRate: 1, CurrentStreak: 1, BestStreak: 1,
				Best: []Best{}, Recent3BVs: []float64{}}},
		},
		{
			// Equal times: the earlier game first, whatever the slice's order.
			name: "ties",
			games: []Game{
				played(3, beginner, "won", 7000, 14), played(1, beginner, "won", 7000, 7),
				played(2, beginner, "won", 6000, 12), played(0, beginner, "won", 7000, 21),
			},
			want: []Stats{{Kind: beginner, Played: 4, Won: 4, WinRate: 1, CurrentStreak: 4, BestStreak: 4,
				Best:       []Best{{at(2), 6000}, {at(0), 7000}, {at(1), 7000}, {at(3), 7000}},
				Best3BVs:   3,
				Recent3BVs: []float64{3, 1, 2, 2}}},
		},
		{
			// A win in no time has a time but no speed.
			name:  "no time",
			games: []Game{played(0, beginner, "won", 0, 1)},
			want: []Stats{{Kind: beginner, Played: 1, Won: 1, WinRate: 1, CurrentStreak: 1, BestStreak: 1,
				Best: []Best{{at(0), 0}}, Recent3BVs: []float64{}}},
		},
		{
			// Games on boards the player could know are counted apart, after
			// the others however many they are: a known win faster than
			// every clean win is no best time, and a known loss does not
			// end the others' streak.
			name: "known boards apart",
			games: []Game{
				played(0, beginner, "won", 5000, 10), played(1, beginner, "won", 6000, 12),
				played(2, beginner, "won", 1000, 10, "known"), played(3, beginner, "lost", 900, 10, "file"),
				played(4, beginner, "won", 2000, 10, "known"), played(5, beginner, "won", 8000, 16),
				played(6, beginner, "won", 500, 10, "file"),
			},
			want: []Stats{
				{Kind: beginner, Played: 3, Won: 3, WinRate: 1, CurrentStreak: 3, BestStreak: 3,
					Best: []Best{{at(0), 5000}, {at(1), 6000}, {at(5), 8000}}, Best3BVs: 2, Recent3BVs: []float64{2, 2, 2}},
				{Kind: beginner, Known: true, Played: 4, Won: 3, WinRate: 0.75, CurrentStreak: 2, BestStreak: 2,
					Best: []Best{}, Recent3BVs: []float64{}},
			},
		},
		{
			// Known games alone: their Stats, with no best time.
			name:  "only known games",
			games: []Game{played(0, expert, "won", 40000, 100, "known", "expert")},
			want: []Stats{{Kind: expert, Known: true, Level: "expert", Played: 1, Won: 1, WinRate: 1, CurrentStreak: 1, BestStreak: 1,
				Best: []Best{}, Recent3BVs: []float64{}}},
		},
		{
			// The kind played most comes first; equals in order of first game.
			// The latest level named wins; "custom" names none.
			name: "kind order and levels",
			games: []Game{
				played(0, noGuess, "lost", 1000, 5), played(1, expert, "lost", 1000, 5, "expert"),
				played(2, beginner, "lost", 1000, 5, "custom"), played(3, beginner, "lost", 1000, 5),
				played(4, expert, "lost", 1000, 5), played(5, noGuess, "lost", 1000, 5, "beginner"),
				played(6, beginner, "lost", 1000, 5),
			},
			want: []Stats{
				{Kind: beginner, Played: 3, Best: []Best{}, Recent3BVs: []float64{}},
				{Kind: noGuess, Level: "beginner", Played: 2, Best: []Best{}, Recent3BVs: []float64{}},
				{Kind: expert, Level: "expert", Played: 2, Best: []Best{}, Recent3BVs: []float64{}},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := slices.Clone(tt.games)
			got := Summarize(tt.games)
			if got == nil {
				got = []Stats{}
			}
			for i := range got {
				// TestSummarizeNumbers pins the bests of the numbers,
				// TestSummarizeWindows the losing streak, the average
				// and the NF bests.
				got[i].BestIOS, got[i].BestRQP, got[i].BestIOE, got[i].BestZNE = 0, 0, 0, 0
				got[i].LosingStreak, got[i].CleanWins, got[i].AverageMS, got[i].NF = 0, 0, 0, nil
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Summarize(%s) =\n%s\nwant\n%s", tt.name, dump(got), dump(tt.want))
			}
			if !reflect.DeepEqual(tt.games, before) {
				t.Errorf("Summarize(%s) changed its argument", tt.name)
			}
		})
	}
}

// TestSummarizeNumbers pins the bests of the speedrunners' numbers to
// values counted by hand: only clean wins count, each best may come from
// another game, and a game kept before its figures has the numbers its
// time, 3BV and clicks make.
func TestSummarizeNumbers(t *testing.T) {
	figures := func(g Game, clicks, zini int) Game {
		g.Clicks, g.ZiNi = clicks, zini
		g.Opens = clicks // no chord, no mark
		return g
	}
	games := []Game{
		// IOS log 20 / log 10, RQP 10²/20 = 5, IOE 20/25, ZNE 15/25.
		figures(played(0, beginner, "won", 10000, 20), 25, 15),
		// IOS log 16 / log 4 = 2, RQP 4²/16 = 1, IOE 1, ZNE 12/16.
		figures(played(1, beginner, "won", 4000, 16), 16, 12),
		// Kept before the figures: no IOS (a second), RQP 1²/10, IOE
		// 10/5 = 2 (chords), no ZNE.
		func() Game { g := played(2, beginner, "won", 1000, 10); g.Clicks = 5; return g }(),
		// Better at everything, and none counts.
		figures(played(3, beginner, "won", 2000, 60, "assisted"), 10, 10),
		figures(played(4, beginner, "won", 2000, 60, "undone"), 10, 10),
		figures(played(5, beginner, "won", 2000, 60, "known"), 10, 10),
		figures(played(6, beginner, "lost", 2000, 60), 10, 10),
	}
	got := Summarize(games)
	if len(got) != 2 {
		t.Fatalf("Summarize: %d kinds; want 2", len(got))
	}
	s := got[0]
	if want := math.Log(16) / math.Log(4); s.BestIOS != want || math.Abs(want-2) > 1e-15 {
		t.Errorf("BestIOS = %v; want %v, 2", s.BestIOS, want)
	}
	if s.BestRQP != 0.1 || s.BestIOE != 2 || s.BestZNE != 0.75 {
		t.Errorf("BestRQP, BestIOE, BestZNE = %v, %v, %v; want 0.1, 2, 0.75", s.BestRQP, s.BestIOE, s.BestZNE)
	}
	if k := got[1]; !k.Known || k.BestIOS != 0 || k.BestRQP != 0 || k.BestIOE != 0 || k.BestZNE != 0 {
		t.Errorf("the known board's bests = %+v; want none", k)
	}
}

// TestSummarizeCuts checks the cut of the best times to the ten fastest and
// of the speeds to the twenty latest.
func TestSummarizeCuts(t *testing.T) {
	var games []Game
	// 30 clean wins, each faster than the last: 3BV 60, 60 s down to 31 s.
	for n := range 30 {
		games = append(games, played(n, expert, "won", int64(60-n)*1000, 60))
	}
	got := Summarize(games)
	if len(got) != 1 {
		t.Fatalf("Summarize: %d kinds; want 1", len(got))
	}
	s := got[0]
	var wantBest []Best
	for n := 29; n >= 20; n-- {
		wantBest = append(wantBest, Best{at(n), int64(60-n) * 1000})
	}
	if !reflect.DeepEqual(s.Best, wantBest) {
		t.Errorf("Best = %v; want %v", s.Best, wantBest)
	}
	if len(s.Recent3BVs) != RecentSpeeds {
		t.Fatalf("Recent3BVs has %d speeds; want %d", len(s.Recent3BVs), RecentSpeeds)
	}
	for k, v := range s.Recent3BVs {
		n := 10 + k
		if want := 60 / float64(60-n); math.Abs(v-want) > 1e-12 {
			t.Errorf("Recent3BVs[%d] = %v; want %v (game %d)", k, v, want, n)
		}
	}
	if want := 60.0 / 31; s.Best3BVs != want {
		t.Errorf("Best3BVs = %v; want %v", s.Best3BVs, want)
	}
	if s.BestStreak != 30 || s.CurrentStreak != 30 {
		t.Errorf("streaks = %d/%d; want 30/30", s.CurrentStreak, s.BestStreak)
	}
}

func TestSpeed(t *testing.T) {
	tests := []struct {
		ms      int64
		threeBV int
		want    float64
		ok      bool
	}{
		{1000, 3, 3, true},
		{41270, 120, 2.907681124303368, true},
		{500, 1, 2, true},
		{0, 5, 0, false},
		{-10, 5, 0, false},
		{MaxTimeMS, 1, 1 / (MaxTimeMS / 1000.0), true},
		// Beyond the longest time.Duration (292 years), the speed is that
		// of the longest Duration: slow, never the speed of a time that
		// wrapped round.
		{math.MaxInt64, 100, 100 / (math.MaxInt64 / 1e9), true},
		{1 << 53, 100, 100 / (math.MaxInt64 / 1e9), true},
		{math.MinInt64, 5, 0, false},
	}
	for _, tt := range tests {
		g := Game{TimeMS: tt.ms, ThreeBV: tt.threeBV}
		if got, ok := g.Speed(); math.Abs(got-tt.want) > 1e-12 || ok != tt.ok {
			t.Errorf("Speed(%d ms, 3BV %d) = %v, %v; want %v, %v", tt.ms, tt.threeBV, got, ok, tt.want, tt.ok)
		}
	}
}

func TestSparkline(t *testing.T) {
	tests := []struct {
		name   string
		values []float64
		blocks string
		ascii  string
	}{
		{"empty", nil, "", ""},
		{"one value", []float64{2.5}, "▄", "="},
		{"flat", []float64{1, 1, 1}, "▄▄▄", "==="},
		{"rising", []float64{1, 2, 3, 4, 5, 6, 7, 8}, "▁▂▃▄▅▆▇█", " .-=+*%@"},
		{"ten rising", []float64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, "▁▂▃▃▄▅▆▆▇█", " .:-=+*#%@"},
		{"falling", []float64{3, 2, 1}, "█▅▁", "@+ "},
		{"two", []float64{10, 20}, "▁█", " @"},
		{"not finite", []float64{1, math.NaN(), 3, math.Inf(1)}, "▁▁█▁", "  @ "},
	}
	for _, tt := range tests {
		if got := Sparkline(tt.values); got != tt.blocks {
			t.Errorf("Sparkline(%v) = %q; want %q", tt.values, got, tt.blocks)
		}
		if got := SparklineASCII(tt.values); got != tt.ascii {
			t.Errorf("SparklineASCII(%v) = %q; want %q", tt.values, got, tt.ascii)
		}
	}
}

// dump writes stats one per line for a test's message.
func dump(stats []Stats) string {
	var b strings.Builder
	for _, s := range stats {
		fmt.Fprintf(&b, "  %+v\n", s)
	}
	return b.String()
}

// TestFold checks that Fold keeps the first n kinds whole and folds the
// rest into one row of their games played and won, and that the row is
// written as such in the tables and in JSON.
func TestFold(t *testing.T) {
	kind := func(w, played, won int) Stats {
		return Stats{Kind: board.Settings{Width: w, Height: 9, Mines: 10}, Played: played, Won: won, Best: []Best{}, Recent3BVs: []float64{}}
	}
	all := []Stats{kind(9, 5, 4), kind(10, 3, 1), kind(11, 2, 0), kind(12, 1, 1)}
	known := kind(9, 4, 4)
	known.Known = true
	tests := []struct {
		name  string
		stats []Stats
		n     int
		want  []Stats
	}{
		{"none", []Stats{}, 2, []Stats{}},
		{"all shown: n 0", all, 0, all},
		{"all shown: n as many", all, 4, all},
		{"all shown: n more", all, 9, all},
		{"one shown", all, 1, []Stats{all[0], Folded(3, 6, 2)}},
		{"three shown, one folded", all, 3, []Stats{all[0], all[1], all[2], Folded(1, 1, 1)}},
		{"known folded with the rest", append(slices.Clone(all[:2]), known), 1, []Stats{all[0], Folded(2, 7, 5)}},
		{"never won", []Stats{kind(9, 2, 0), kind(10, 1, 0)}, 1, []Stats{kind(9, 2, 0), Folded(1, 1, 0)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := slices.Clone(tt.stats)
			if got := Fold(tt.stats, tt.n); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Fold(%s, %d) =\n%s\nwant\n%s", tt.name, tt.n, dump(got), dump(tt.want))
			}
			if !reflect.DeepEqual(tt.stats, before) {
				t.Errorf("Fold(%s, %d) changed its argument", tt.name, tt.n)
			}
		})
	}

	rest := Folded(3, 6, 2)
	if rest.WinRate != 2.0/6 {
		t.Errorf("Folded(3, 6, 2).WinRate = %v; want %v", rest.WinRate, 2.0/6)
	}
	var table, bests strings.Builder
	if err := WriteStats(&table, []Stats{all[0], rest}, SparklineASCII); err != nil {
		t.Fatal(err)
	}
	if got, want := lastLine(table.String()), "3 other kinds         6    2   33%       -     -      -"; got != want {
		t.Errorf("WriteStats' folded row = %q; want %q", got, want)
	}
	if err := WriteBests(&bests, []Stats{all[0], Folded(1, 1, 1)}); err != nil {
		t.Fatal(err)
	}
	if got, want := lastLine(bests.String()), "1 other kind         -    -    -    -    -"; got != want {
		t.Errorf("WriteBests' folded row = %q; want %q", got, want)
	}
	var js strings.Builder
	if err := WriteStatsJSON(&js, []Stats{rest}); err != nil {
		t.Fatal(err)
	}
	want := "[\n  {\n    \"other_kinds\": 3,\n    \"played\": 6,\n    \"won\": 2,\n    \"win_rate\": 0.3333333333333333\n  }\n]\n"
	if js.String() != want {
		t.Errorf("WriteStatsJSON(folded) = %q; want %q", js.String(), want)
	}
}

// lastLine returns the last line of text, without its newline or the
// spaces that end it.
func lastLine(text string) string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	return strings.TrimRight(lines[len(lines)-1], " ")
}
