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
//
// Its 120 games are dated over the days that 400 of randomGames cover,
// apart four times as far, in the same order: the same days and kinds at
// a third of the keeps, which took most of its time on each backend.
func TestActivityAndWins(t *testing.T) {
	parallel(t)
	eachBackend(t, func(t *testing.T, b backend) {
		d, _ := b.fresh(t)
		games := randomGames(rand.New(rand.NewPCG(41, 1)), 120)
		for i := range games {
			games[i].Date = day0.Add(4 * games[i].Date.Sub(day0))
		}
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

// BenchmarkPlotsRead times the plots' reads on a store of 100,000 games
// left open, all within the calendar's year (its worst case: every game
// a row the count reads): the games a day (op=activity) and the latest
// 5,000 clean wins of a kind (op=wins), in ms/op and cpu-ms/op.
//
//	go test -run '^$' -bench PlotsRead -benchtime 10x ./internal/store/
func BenchmarkPlotsRead(b *testing.B) {
	dir, _ := benchStores(b, b.TempDir(), 100_000)
	d := benchOpen(b, dir)
	defer d.Close()
	for _, op := range []struct {
		name string
		read func() (int, error)
	}{
		{"activity", func() (int, error) { days, err := d.Activity(ctx, day0); return len(days), err }},
		{"wins", func() (int, error) { wins, err := d.Wins(ctx, beginner, day0, 5000); return len(wins), err }},
	} {
		b.Run("op="+op.name, func(b *testing.B) {
			cpu0, ok := processCPU(b)
			for b.Loop() {
				if n, err := op.read(); err != nil || n == 0 {
					b.Fatalf("%s = %d rows, %v; want some", op.name, n, err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/op")
			if cpu1, ok1 := processCPU(b); ok && ok1 {
				b.ReportMetric(float64((cpu1-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
			}
		})
	}
}
