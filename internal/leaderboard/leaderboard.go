// Package leaderboard reads a server's leaderboards (minesweeper
// leaderboard): the daily boards of a date, with the commitment to the
// date's secret and, once the date has ended, the secret itself, then the
// all-time boards.
package leaderboard

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/history"
)

// Source is what the leaderboards are read from, a server's store of
// players: store.Players has these methods among others.
type Source interface {
	// Daily returns the leaderboard of the daily board of date and level,
	// at most limit entries (0: all).
	Daily(ctx context.Context, date, level string, limit int) (history.Leaderboard, error)
	// AllTime returns the all-time leaderboard of level, of the NF
	// style's wins alone with nf, at most limit entries (0: all).
	AllTime(ctx context.Context, level string, nf bool, limit int) (history.Leaderboard, error)
	// KeptSecret returns the secret the server's daily boards of date are
	// laid from, and reports whether one was drawn.
	KeptSecret(ctx context.Context, date string) ([32]byte, bool, error)
	// Close closes the store.
	Close() error
}

// Read reads the daily boards of date and the all-time boards of levels
// (every level when none) from src, in that order, then with nf the
// all-time boards of the NF style (no flag placed), at most limit entries
// each. The daily boards hold the commitment to the date's secret, if one
// was drawn, and the secret once the date is before today.
func Read(ctx context.Context, src Source, date, today string, levels []string, nf bool, limit int) ([]history.Leaderboard, error) {
	if len(levels) == 0 {
		for _, lv := range board.Levels {
			levels = append(levels, lv.Name)
		}
	}
	var boards []history.Leaderboard
	secret, drawn, err := src.KeptSecret(ctx, date)
	if err != nil {
		return nil, fmt.Errorf("the daily secret of %s: %w", date, err)
	}
	for _, lv := range levels {
		lb, err := src.Daily(ctx, date, lv, limit)
		if err != nil {
			return nil, fmt.Errorf("the daily %s board of %s: %w", lv, date, err)
		}
		if drawn {
			lb.Commitment = daily.Commitment(date, lv, secret)
			if date < today { // YYYY-MM-DD: in date order
				lb.Secret = daily.Secret(secret).String()
			}
		}
		boards = append(boards, lb)
	}
	styles := []bool{false}
	if nf {
		styles = append(styles, true)
	}
	for _, style := range styles {
		for _, lv := range levels {
			lb, err := src.AllTime(ctx, lv, style, limit)
			if err != nil {
				name := lv
				if style {
					name += " NF"
				}
				return nil, fmt.Errorf("the all-time %s board: %w", name, err)
			}
			boards = append(boards, lb)
		}
	}
	return boards, nil
}

// Write writes boards on w as tables, or as one JSON array with asJSON, in
// one Write: nothing is written unless the whole is.
func Write(w io.Writer, boards []history.Leaderboard, asJSON bool) error {
	var out bytes.Buffer
	var err error
	if asJSON {
		err = history.WriteLeaderboardsJSON(&out, boards)
	} else {
		err = history.WriteLeaderboards(&out, boards)
	}
	if err == nil {
		_, err = w.Write(out.Bytes())
	}
	return err
}
