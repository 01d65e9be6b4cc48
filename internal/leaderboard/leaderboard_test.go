package leaderboard

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/history"
)

// source is a store of players whose boards are empty, whose secret of
// every date is one drawn (or none), and whose boards of level failing
// fail.
type source struct {
	drawn   bool
	failing string
}

func (s source) Daily(_ context.Context, date, level string, _ int) (history.Leaderboard, error) {
	if level == s.failing {
		return history.Leaderboard{}, errors.New("database is locked")
	}
	return history.Leaderboard{Level: level, Date: date}, nil
}

func (s source) AllTime(_ context.Context, level string, nf bool, _ int) (history.Leaderboard, error) {
	return history.Leaderboard{Level: level, NF: nf}, nil
}

func (s source) KeptSecret(context.Context, string) ([32]byte, bool, error) {
	return [32]byte{1, 2, 3}, s.drawn, nil
}

func (s source) Close() error { return nil }

// TestRead checks the boards Read returns, in order, and what they show
// of the date's secret: its commitment once it is drawn, the secret
// itself only once the date is before today.
func TestRead(t *testing.T) {
	secret := daily.Secret([32]byte{1, 2, 3})
	tests := []struct {
		src  source
		date string
		nf   bool
		want string // each board's level, date, NF, and c (commitment) and s (secret)
		err  string
	}{
		{source{drawn: true}, "2026-11-26", true, "beginner 2026-11-26 c; expert 2026-11-26 c; beginner; expert; beginner NF; expert NF", ""},
		{source{drawn: true}, "2026-11-26", false, "beginner 2026-11-26 c; expert 2026-11-26 c; beginner; expert", ""},
		{source{drawn: true}, "2026-11-25", false, "beginner 2026-11-25 c s; expert 2026-11-25 c s; beginner; expert", ""},
		{source{drawn: false}, "2026-11-25", false, "beginner 2026-11-25; expert 2026-11-25; beginner; expert", ""},
		{source{drawn: true, failing: "expert"}, "2026-11-25", false, "", "the daily expert board of 2026-11-25: database is locked"},
	}
	for _, tt := range tests {
		boards, err := Read(context.Background(), tt.src, tt.date, "2026-11-26", []string{"beginner", "expert"}, tt.nf, 20)
		if err != nil {
			if err.Error() != tt.err {
				t.Errorf("Read(%+v, %s) = %v; want %q", tt.src, tt.date, err, tt.err)
			}
			continue
		}
		var got []string
		for _, b := range boards {
			line := strings.TrimSpace(b.Level + " " + b.Date)
			if b.NF {
				line += " NF"
			}
			if b.Commitment != "" {
				if want := daily.Commitment(b.Date, b.Level, secret); b.Commitment != want {
					t.Errorf("Read(%+v, %s): %s's commitment %s; want %s", tt.src, tt.date, line, b.Commitment, want)
				}
				line += " c"
			}
			if b.Secret != "" {
				if b.Secret != secret.String() {
					t.Errorf("Read(%+v, %s): %s's secret %s; want %s", tt.src, tt.date, line, b.Secret, secret)
				}
				line += " s"
			}
			got = append(got, line)
		}
		if g := strings.Join(got, "; "); g != tt.want {
			t.Errorf("Read(%+v, %s) = %s; want %s", tt.src, tt.date, g, tt.want)
		}
	}
}

// TestReadEveryLevel checks that no level asked for reads them all.
func TestReadEveryLevel(t *testing.T) {
	boards, err := Read(context.Background(), source{}, "2026-11-25", "2026-11-26", nil, false, 0)
	var got []string
	for _, b := range boards {
		got = append(got, b.Level)
	}
	if want := "beginner intermediate expert beginner intermediate expert"; err != nil || strings.Join(got, " ") != want {
		t.Errorf("Read(no level) = %q, %v; want %q", got, err, want)
	}
}
