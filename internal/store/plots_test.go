package store

import (
	"context"
	"math/rand/v2"
	"reflect"
	"sort"
	"time"

	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/history"
)

// TestActivityAndWins checks the plots' queries against the games they
// read, counted here: the games a day in a time zone half an hour off
// the hour, and the latest clean wins of a kind whose 3BV is known.
func TestActivityAndWins(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		d, _ := b.fresh(t)
		games := randomGames(rand.New(rand.NewPCG(41, 1)), 400)
		ctx := context.Background()
		if _, err := d.AppendAll(ctx, games); err != nil {
			t.Fatalf("AppendAll = %v", err)
		}
		zone := time.FixedZone("plus0530", 5*3600+1800)
		since := day0.Add(3 * time.Hour).In(zone)
		got, err := d.Activity(ctx, since)
		if err != nil {
			t.Fatalf("Activity(%v) = %v", since, err)
		}
		if want := activityOf(games, since); len(want) < 2 || !reflect.DeepEqual(got, want) {
			t.Errorf("Activity(%v) = %v; want %v", since, got, want)
		}
		for _, kind := range []board.Settings{beginner, expert} {
			for _, limit := range []int{1, 10, 1000} {
				got, err := d.Wins(ctx, kind, since, limit)
				if err != nil {
					t.Fatalf("Wins(%v, %v, %d) = %v", kind, since, limit, err)
				}
				if want := winsOf(games, kind, since, limit); len(want) == 0 || !reflect.DeepEqual(got, want) {
					t.Errorf("Wins(%v, %v, %d) = %v; want %v", kind, since, limit, got, want)
				}
			}
		}
	})
}

// activityOf counts the games of each day from since on, in since's zone.
func activityOf(games []history.Game, since time.Time) []history.Day {
	byDate := map[string]int{}
	for _, g := range games {
		if !g.Date.Before(since) {
			byDate[g.Date.In(since.Location()).Format(time.DateOnly)]++
		}
	}
	out := []history.Day{}
	for date, n := range byDate {
		out = append(out, history.Day{Date: date, Games: n})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Date < out[j].Date })
	return out
}

// winsOf returns the latest limit clean wins of kind from since on with
// a speed, oldest first.
func winsOf(games []history.Game, kind board.Settings, since time.Time, limit int) []history.Win {
	var idx []int
	for i, g := range games {
		clean := g.Won() && !g.IsKnown() && !g.Assisted && !g.Undone
		if clean && g.Board == kind && !g.Date.Before(since) && g.TimeMS > 0 && g.ThreeBV > 0 {
			idx = append(idx, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool { return games[idx[a]].Date.Before(games[idx[b]].Date) })
	idx = idx[max(len(idx)-limit, 0):]
	out := []history.Win{}
	for _, i := range idx {
		g := games[i]
		out = append(out, history.Win{Date: time.Unix(0, g.Date.UnixNano()), TimeMS: g.TimeMS, BV: g.ThreeBV})
	}
	return out
}
