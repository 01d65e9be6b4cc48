package store

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/history"
)

// kindGames returns a game on each of kinds custom kinds of board (w x 9,
// 10 mines, w from 9), played the more the smaller w is: kind i played
// kinds-i times, its last game lost when i is odd, one more game on kind
// 0 known. Games are dated in turn, from day0.
func kindGames(kinds int) []history.Game {
	var games []history.Game
	for i := range kinds {
		for j := range kinds - i {
			g := testGame(len(games))
			g.Board = board.Settings{Width: 9 + i, Height: 9, Mines: 10, Rule: board.Opening}
			g.Level = ""
			if i%2 == 1 && j == kinds-i-1 {
				g.Result = "lost"
			}
			games = append(games, g)
		}
	}
	known := testGame(len(games))
	known.Board, known.Level, known.Known = games[0].Board, "", true
	return append(games, known)
}

// TestMostPlayed checks that MostPlayed shows the limit kinds played
// most, each whole, and folds the others, the known boards among them,
// into one row of their games played and won, as history.Fold does to
// every kind's statistics.
func TestMostPlayed(t *testing.T) {
	parallel(t)
	eachBackend(t, func(t *testing.T, b backend) {
		d, w := b.fresh(t)
		games := kindGames(4) // 4+3+2+1 games, and one known: 5 rows
		if _, err := d.AppendAll(ctx, games); err != nil {
			t.Fatal(err)
		}
		all := history.Summarize(games)
		tests := []struct {
			limit         int
			shown, others int
			played, won   int
		}{
			{limit: 0, shown: 5},
			{limit: 1, shown: 1, others: 4, played: 7, won: 5},
			{limit: 2, shown: 2, others: 3, played: 4, won: 3},
			{limit: 4, shown: 4, others: 1, played: 1, won: 1},
			{limit: 5, shown: 5},
			{limit: 50, shown: 5},
		}
		for _, tt := range tests {
			got, err := d.MostPlayed(ctx, tt.limit)
			if err != nil {
				t.Fatalf("MostPlayed(%d) = %v", tt.limit, err)
			}
			if g, w := asJSON(t, got), asJSON(t, history.Fold(all, tt.limit)); g != w {
				t.Errorf("MostPlayed(%d) =\n%s\nwant Fold's\n%s", tt.limit, g, w)
			}
			want := tt.shown
			if tt.others > 0 {
				want++
				rest := got[len(got)-1]
				if rest.Others != tt.others || rest.Played != tt.played || rest.Won != tt.won {
					t.Errorf("MostPlayed(%d)'s last row = %d other kinds, played %d, won %d; want %d, %d, %d",
						tt.limit, rest.Others, rest.Played, rest.Won, tt.others, tt.played, tt.won)
				}
			}
			if len(got) != want {
				t.Errorf("MostPlayed(%d) = %d rows; want %d", tt.limit, len(got), want)
			}
		}
		if msgs := w.all(); len(msgs) != 0 {
			t.Errorf("warnings %q; want none", msgs)
		}
	})
}

// manyKinds returns n games, each on a custom kind of board of its own
// (n kinds), won but for one in three, dated a second apart to before now:
// the history of a player who tries every size.
func manyKinds(n int) []history.Game {
	games := make([]history.Game, n)
	start := time.Now().Add(-time.Duration(n+1) * time.Second)
	for i := range games {
		g := history.Game{
			V: history.Version, Date: start.Add(time.Duration(i) * time.Second),
			Board:  board.Settings{Width: 10 + i%300, Height: 10 + i/300, Mines: 10, Rule: board.Opening},
			Result: "won", TimeMS: int64(20000 + i%1000), ThreeBV: 30, Clicks: 40,
		}
		if i%3 == 0 {
			g.Result = "lost"
		}
		games[i] = g
	}
	return games
}

// BenchmarkStatsKinds times minesweeper stats (MostPlayed of the default
// number of kinds, the others folded) on a store of 10 to 100,000 kinds of
// board, a game each, and reports seconds an answer. The target: under a
// second at 100,000 kinds (main took 57 s to show them all).
//
//	go test -run '^$' -bench StatsKinds -benchtime 3x ./internal/store/
func BenchmarkStatsKinds(b *testing.B) {
	for _, n := range []int{10, 1000, 100_000} {
		b.Run(fmt.Sprintf("kinds=%d", n), func(b *testing.B) {
			dir := b.TempDir()
			d := benchOpen(b, dir)
			// The store's own SQL in one transaction: built in seconds.
			if _, err := d.AppendAll(ctx, manyKinds(n)); err != nil {
				b.Fatal(err)
			}
			d.Close()
			b.ResetTimer()
			for b.Loop() {
				d := benchOpen(b, dir)
				stats, err := d.MostPlayed(ctx, history.DefaultShown)
				d.Close()
				if err != nil || len(stats) != min(n, history.DefaultShown+1) {
					b.Fatalf("MostPlayed(%d) = %d rows, %v; want %d", history.DefaultShown, len(stats), err, min(n, history.DefaultShown+1))
				}
			}
			b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/op")
		})
	}
}

// TestUnfinished checks that Unfinished lists the players who have a
// game left unfinished on a board of the kinds asked, each once, in the
// order of their ids, and no other.
func TestUnfinished(t *testing.T) {
	eachServer(t, func(t *testing.T, b backend, s *players) {
		left := func(id string, kind board.Settings) {
			t.Helper()
			g := testGame(1)
			g.Board, g.Result = kind, ""
			if _, err := s.Player(id).Save(ctx, g, Claim{}); err != nil {
				t.Fatal(err)
			}
		}
		left("SHA256:b", beginner)
		left("SHA256:b", beginner)
		left("SHA256:a", expert)
		left("SHA256:c", custom)
		tests := []struct {
			kinds []board.Settings
			want  []string
		}{
			{nil, nil},
			{[]board.Settings{beginner}, []string{"SHA256:b"}},
			{[]board.Settings{beginner, expert}, []string{"SHA256:a", "SHA256:b"}},
			{[]board.Settings{custom, expert, beginner}, []string{"SHA256:a", "SHA256:b", "SHA256:c"}},
			{[]board.Settings{{Width: 8, Height: 8, Mines: 10}}, nil},
		}
		for _, tt := range tests {
			got, err := s.Unfinished(ctx, tt.kinds)
			if err != nil || !slices.Equal(got, tt.want) {
				t.Errorf("Unfinished(%v) = %q, %v; want %q", tt.kinds, got, err, tt.want)
			}
		}
	})
}
