package store

import (
	"slices"
	"sync"
	"testing"
	"time"
)

// TestKeepRace checks the race table: races kept one after another get
// numbers in order, and each racer's stats count their races, wins and
// places; a race of no racer is refused.
func TestKeepRace(t *testing.T) {
	for _, b := range backends {
		if b.server == nil {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			p, _ := b.server(t, b.place(t))
			ended := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
			races := []Race{
				{Kind: "9x9/10", Ended: ended, Results: []RaceResult{
					{Player: "SHA256:a", Place: 1, Won: true, Time: 20 * time.Second, Cleared: 1},
					{Player: "SHA256:b", Place: 2, Cleared: 0.5},
				}},
				{Kind: "9x9/10", Ended: ended.Add(time.Minute), Results: []RaceResult{
					{Player: "SHA256:b", Place: 1, Won: true, Time: 15 * time.Second, Cleared: 1},
					{Player: "SHA256:a", Place: 2, Won: true, Time: 17 * time.Second, Cleared: 1},
					{Player: "SHA256:c", Place: 3, Cleared: 0},
				}},
			}
			for i, r := range races {
				id, err := p.KeepRace(ctx, r)
				if err != nil || id != int64(i+1) {
					t.Fatalf("KeepRace(race %d) = %d, %v; want %d, nil", i, id, err, i+1)
				}
			}
			for _, c := range []struct {
				player string
				want   RaceStats
			}{
				{"SHA256:a", RaceStats{Races: 2, Wins: 1, Places: []int{1, 1}}},
				{"SHA256:b", RaceStats{Races: 2, Wins: 1, Places: []int{1, 1}}},
				{"SHA256:c", RaceStats{Races: 1, Wins: 0, Places: []int{0, 0, 1}}},
				{"SHA256:d", RaceStats{}},
			} {
				got, err := p.RaceStats(ctx, c.player)
				if err != nil || got.Races != c.want.Races || got.Wins != c.want.Wins || !slices.Equal(got.Places, c.want.Places) {
					t.Errorf("RaceStats(%s) = %+v, %v; want %+v", c.player, got, err, c.want)
				}
			}
			if _, err := p.KeepRace(ctx, Race{Kind: "9x9/10", Ended: ended}); err == nil {
				t.Errorf("KeepRace(no racer) = nil; want an error")
			}
		})
	}
}

// TestKeepRaceTogether keeps races from two servers of one database at
// once (two Players on one place, as a fleet shares a PostgreSQL
// database): each race is kept, under a number of its own, none lost to
// a number both read.
func TestKeepRaceTogether(t *testing.T) {
	for _, b := range backends {
		if b.server == nil {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			place := b.place(t)
			servers := []*players{}
			for range 2 {
				p, _ := b.server(t, place)
				servers = append(servers, p)
			}
			const each = 6
			r := Race{Kind: "9x9/10", Ended: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC), Results: []RaceResult{
				{Player: "SHA256:a", Place: 1, Won: true, Time: 20 * time.Second, Cleared: 1},
			}}
			ids := make(chan int64, len(servers)*each)
			errs := make(chan error, len(servers)*each)
			var wg sync.WaitGroup
			for _, p := range servers {
				for range each {
					wg.Add(1)
					go func() {
						defer wg.Done()
						id, err := p.KeepRace(ctx, r)
						if err != nil {
							errs <- err
							return
						}
						ids <- id
					}()
				}
			}
			wg.Wait()
			close(ids)
			close(errs)
			for err := range errs {
				t.Errorf("KeepRace = %v; want every race kept", err)
			}
			var got []int64
			for id := range ids {
				got = append(got, id)
			}
			slices.Sort(got)
			if want := len(servers) * each; len(slices.Compact(got)) != want {
				t.Errorf("the races' numbers %v; want %d apart", got, want)
			}
			st, err := servers[0].RaceStats(ctx, "SHA256:a")
			if err != nil || st.Races != len(servers)*each {
				t.Errorf("RaceStats = %+v, %v; want %d races", st, err, len(servers)*each)
			}
		})
	}
}
