package store

import (
	"errors"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/history"
)

// TestClaim checks the claims on a saved game, at the times of an
// injected clock: a second owner is refused it while the lease holds,
// takes it over once it ran out, and then the first owner's keep, save,
// removal and renewal are each refused, nothing written; the new owner's
// keep removes the saved game in the same transaction.
func TestClaim(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		d, _ := b.fresh(t)
		left := testGame(1)
		left.Board, left.Result = beginner, history.Playing
		id, err := d.Save(ctx, left, Claim{})
		if err != nil {
			t.Fatal(err)
		}
		base := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		a, o := Claim{id, "a"}, Claim{id, "b"}
		steps := []struct {
			name string
			do   func() error
			want error
		}{
			{"a claims", func() error { return d.Claim(ctx, a, base) }, nil},
			{"a claims again", func() error { return d.Claim(ctx, a, base.Add(time.Second)) }, nil},
			{"b claims while a's lease holds", func() error { return d.Claim(ctx, o, base.Add(Lease)) }, ErrElsewhere},
			{"a renews", func() error { return d.Renew(ctx, a, base.Add(Lease)) }, nil},
			{"b claims within the renewed lease", func() error { return d.Claim(ctx, o, base.Add(2*Lease-time.Nanosecond)) }, ErrElsewhere},
			{"b claims once it ran out", func() error { return d.Claim(ctx, o, base.Add(2*Lease)) }, nil},
			{"a renews", func() error { return d.Renew(ctx, a, base.Add(2*Lease)) }, ErrClaimLost},
			{"a keeps the game's end", func() error {
				_, err := d.KeepClaimed(ctx, a, testGame(2), func(Prior) history.Game { return testGame(2) })
				return err
			}, ErrClaimLost},
			{"a saves it again", func() error { _, err := d.Save(ctx, left, a); return err }, ErrClaimLost},
			{"a removes it", func() error { return d.Discard(ctx, a) }, ErrClaimLost},
			{"the unclaimed removes it", func() error { return d.Discard(ctx, Claim{ID: id}) }, ErrClaimLost},
			{"b keeps the game's end", func() error {
				_, err := d.KeepClaimed(ctx, o, testGame(3), func(Prior) history.Game { return testGame(3) })
				return err
			}, nil},
			{"b keeps it again", func() error {
				_, err := d.KeepClaimed(ctx, o, testGame(3), func(Prior) history.Game { return testGame(3) })
				return err
			}, ErrClaimLost},
			{"a claims the game kept", func() error { return d.Claim(ctx, a, base.Add(time.Hour)) }, ErrNoGame},
		}
		for _, s := range steps {
			if err := s.do(); !errors.Is(err, s.want) || (err == nil) != (s.want == nil) {
				t.Errorf("%s: %v; want %v", s.name, err, s.want)
			}
		}
		if n, err := d.Count(ctx); n != 1 || err != nil {
			t.Errorf("Count() = %d, %v; want the one game b kept", n, err)
		}
		if saved, err := d.Saved(ctx, beginner); len(saved) != 0 || err != nil {
			t.Errorf("Saved() = %d games, %v; want none", len(saved), err)
		}
	})
}
