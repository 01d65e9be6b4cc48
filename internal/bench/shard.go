package bench

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// Shard is one of N disjoint slices of a run's games, numbered K from 1:
// the games from (K-1)*Games/N up to, not including, K*Games/N. The
// shards of a run share its seed, so each game is the game it is in the
// whole run, and Merge adds their Results up to the Result of the whole
// run. The zero Shard is the whole run.
type Shard struct{ K, N int }

// String returns the shard as "K/N", or "" for the whole run.
func (s Shard) String() string {
	if s.N == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.K, s.N)
}

// ParseShard reads a shard as "K/N", 1 <= K <= N.
func ParseShard(text string) (Shard, error) {
	ks, ns, ok := strings.Cut(text, "/")
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("shard %q: want K/N, such as 2/8", text)
	}
	if n < 1 || k < 1 || k > n {
		return Shard{}, fmt.Errorf("shard %q: want 1 <= K <= N", text)
	}
	return Shard{K: k, N: n}, nil
}

// span returns the indices of the shard's games, [lo, hi), in a run of
// games games.
func (s Shard) span(games int) (lo, hi int) {
	if s.N == 0 {
		return 0, games
	}
	return int(int64(s.K-1) * int64(games) / int64(s.N)), int(int64(s.K) * int64(games) / int64(s.N))
}

// Errors of Merge.
var (
	ErrMergeNone     = errors.New("no results to merge")
	ErrMergeMismatch = errors.New("the results are not of one run")
	ErrMergeShards   = errors.New("the results are not every shard of the run, once each")
	ErrMergePartial  = errors.New("a result is partial")
)

// Merge returns the Result of a whole run from the Results of its shards,
// one each, in any order: every figure is what one run of all the games
// gives, exactly (the sums are integers), but the move times, whose
// median and 99th percentile come from the shards' histograms, within 1%,
// and whose maximum is the largest of the shards'. The shards must be of
// one run (board, seed, click limit and games) and none partial.
func Merge(rs []*Result) (*Result, error) {
	if len(rs) == 0 {
		return nil, ErrMergeNone
	}
	first := rs[0]
	n := 0
	if s, err := ParseShard(first.Shard); err == nil {
		n = s.N
	}
	seen := make([]bool, n+1)
	var all totals
	tm := newTimer(0)
	tm.truncated = true // the quantiles come from the histograms
	for i, r := range rs {
		if r.Width != first.Width || r.Height != first.Height || r.Mines != first.Mines || r.Rule != first.Rule ||
			r.NoGuess != first.NoGuess || r.Seed != first.Seed || r.MaxClicks != first.MaxClicks || r.RunGames != first.RunGames {
			return nil, fmt.Errorf("result %d of %d (shard %q): %w", i+1, len(rs), r.Shard, ErrMergeMismatch)
		}
		s, err := ParseShard(r.Shard)
		switch {
		case err != nil || s.N != n || seen[s.K]:
			return nil, fmt.Errorf("result %d of %d (shard %q): %w", i+1, len(rs), r.Shard, ErrMergeShards)
		case r.Partial:
			return nil, fmt.Errorf("result %d of %d (shard %q): %w", i+1, len(rs), r.Shard, ErrMergePartial)
		}
		seen[s.K] = true
		u := totals{
			games: r.Games, wins: r.Wins, over: r.OverLimit,
			wonClicks: r.WonClicks, won3BV: r.WonThreeBV, scoreTenths: r.ScoreTenths,
			guesses: r.Guesses, guessedGames: r.GuessedGames, failures: r.Failures,
		}
		if r.Failures > 0 {
			f := r.FirstFailure
			u.firstFail = &f
		}
		all.merge(&u)
		tm.n += r.MoveTime.Moves
		tm.max = max(tm.max, r.MoveTime.Max)
		if err := addHist(tm.hist, r.MoveTime.Histogram); err != nil {
			return nil, fmt.Errorf("result %d of %d (shard %q): %w: %v", i+1, len(rs), r.Shard, ErrMergeMismatch, err)
		}
	}
	if len(rs) != n {
		return nil, fmt.Errorf("%d of %d shards: %w", len(rs), n, ErrMergeShards)
	}
	rule, err := board.ParseFirstClick(first.Rule)
	if err != nil {
		return nil, fmt.Errorf("first click %q: %w", first.Rule, ErrMergeMismatch)
	}
	cfg := Config{Games: first.RunGames, Seed: first.Seed, MaxClicks: first.MaxClicks,
		Board: board.Settings{Width: first.Width, Height: first.Height, Mines: first.Mines, Rule: rule, NoGuess: first.NoGuess}}
	res := result(cfg, &all, tm)
	if all.games != first.RunGames {
		return nil, fmt.Errorf("the shards hold %d games of the run's %d: %w", all.games, first.RunGames, ErrMergeShards)
	}
	return res, nil
}

// histText writes the histogram's buckets that hold moves as
// "bucket:count" pairs, for a shard's Result to carry to Merge.
func histText(hist []uint64) string {
	var b strings.Builder
	for i, c := range hist {
		if c > 0 {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%d:%d", i, c)
		}
	}
	return b.String()
}

// addHist adds the histogram written by histText to hist.
func addHist(hist []uint64, text string) error {
	for _, pair := range strings.Fields(text) {
		bs, cs, ok := strings.Cut(pair, ":")
		b, err1 := strconv.Atoi(bs)
		c, err2 := strconv.ParseUint(cs, 10, 64)
		if !ok || err1 != nil || err2 != nil || b < 0 || b >= len(hist) {
			return fmt.Errorf("move-time histogram: %q is not a bucket and its count", pair)
		}
		hist[b] += c
	}
	return nil
}
