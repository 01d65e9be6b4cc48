package bench

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/record"
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
// games games. The products are taken in 128 bits, so that no K, N and
// games overflow them.
func (s Shard) span(games int) (lo, hi int) {
	if s.N == 0 {
		return 0, games
	}
	return s.bound(s.K-1, games), s.bound(s.K, games)
}

// bound returns k*games/N, for 0 <= k <= N and games >= 0.
func (s Shard) bound(k, games int) int {
	h, l := bits.Mul64(uint64(k), uint64(games))
	q, _ := bits.Div64(h, l, uint64(s.N)) // k <= N, so h < N: no overflow
	return int(q)
}

// Errors of Merge.
var (
	ErrMergeNone     = errors.New("no results to merge")
	ErrMergeMismatch = errors.New("the results are not of one run")
	ErrMergeShards   = errors.New("the results are not every shard of the run, once each")
	ErrMergePartial  = errors.New("a result is partial")
	// ErrMergeInvalid is the kind of the errors for a result that holds
	// figures no run gives, such as more wins than games, or whose sums
	// with the others' overflow.
	ErrMergeInvalid = errors.New("a result holds figures no run gives")
)

// mergeError is an error of Merge whose text says what is wrong and whose
// kind, one of the ErrMerge errors that its text need not repeat, is what
// errors.Is finds.
type mergeError struct {
	text string
	kind error
}

// Error returns what is wrong, naming the result.
func (e *mergeError) Error() string { return e.text }

// Unwrap returns the kind of the error.
func (e *mergeError) Unwrap() error { return e.kind }

// Merge returns the Result of a whole run from the Results of its shards,
// one each, in any order: every figure is what one run of all the games
// gives, exactly (the sums are integers), but the move times, whose
// median and 99th percentile come from the shards' histograms, within 1%,
// and whose maximum is the largest of the shards'. The shards must be of
// one run (board, seed, click limit and games) and none partial. Each
// result is checked before it is added: figures no run gives (a count
// below zero, more wins than games, more shards than games, sums that
// overflow) are an error, and nothing is allocated by a count it holds.
func Merge(rs []*Result) (*Result, error) {
	return merge(rs, func(i int) string { return fmt.Sprintf("result %d of %d", i+1, len(rs)) })
}

// merge is Merge, with label(i) naming rs[i] in the errors.
func merge(rs []*Result, label func(i int) string) (*Result, error) {
	if len(rs) == 0 {
		return nil, ErrMergeNone
	}
	fail := func(i int, kind error, format string, args ...any) error {
		return &mergeError{text: label(i) + ": " + fmt.Sprintf(format, args...), kind: kind}
	}
	first := rs[0]
	rule, err := board.ParseFirstClick(first.Rule)
	if err != nil {
		return nil, fmt.Errorf("%s: first click %q: %w", label(0), first.Rule, ErrMergeMismatch)
	}
	cfg := Config{Games: first.RunGames, Seed: first.Seed, MaxClicks: first.MaxClicks,
		Board: board.Settings{Width: first.Width, Height: first.Height, Mines: first.Mines, Rule: rule, NoGuess: first.NoGuess}}
	if err := cfg.Board.Check(); err != nil {
		return nil, fail(0, ErrMergeInvalid, "board: %v", err)
	}
	if cfg.MaxClicks < 1 {
		return nil, fail(0, ErrMergeInvalid, "max_clicks %d: want at least 1", cfg.MaxClicks)
	}
	if cfg.Games < 1 {
		return nil, fail(0, ErrMergeInvalid, "run_games %d: want at least 1", cfg.Games)
	}
	// n, the number of shards, comes from a file: it is held to the number
	// of results before anything is allocated by it.
	var n int
	if s, err := ParseShard(first.Shard); err == nil {
		n = s.N
	}
	if n > len(rs) {
		return nil, fail(0, ErrMergeShards, "shard %s: %d reports wanted, %d given", first.Shard, n, len(rs))
	}
	seen := make([]bool, n+1)
	var all totals
	tm := newTimer(0)
	tm.truncated = true // the quantiles come from the histograms
	for i, r := range rs {
		if r.Width != first.Width || r.Height != first.Height || r.Mines != first.Mines || r.Rule != first.Rule ||
			r.NoGuess != first.NoGuess || r.Seed != first.Seed || r.MaxClicks != first.MaxClicks || r.RunGames != first.RunGames {
			return nil, fmt.Errorf("%s (shard %q): %w", label(i), r.Shard, ErrMergeMismatch)
		}
		s, err := ParseShard(r.Shard)
		switch {
		case err != nil || s.N != n || seen[s.K]:
			return nil, fmt.Errorf("%s (shard %q): %w", label(i), r.Shard, ErrMergeShards)
		case s.N > r.RunGames:
			return nil, fail(i, ErrMergeInvalid, "shard %s of a run of %s: more shards than games", s, record.Count(r.RunGames, "game"))
		case r.Partial:
			return nil, fmt.Errorf("%s (shard %q): %w", label(i), r.Shard, ErrMergePartial)
		}
		if err := r.check(s); err != nil {
			return nil, fail(i, ErrMergeInvalid, "%v", err)
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
		if name := all.overflows(&u); name != "" {
			return nil, fail(i, ErrMergeInvalid, "%s: the sum over the shards overflows", name)
		}
		all.merge(&u)
		moves, ok := addChecked(tm.n, r.MoveTime.Moves)
		if !ok {
			return nil, fail(i, ErrMergeInvalid, "move_time.moves: the sum over the shards overflows")
		}
		tm.n = moves
		tm.max = max(tm.max, r.MoveTime.Max)
		if err := addHist(tm.hist, r.MoveTime.Histogram, r.MoveTime.Moves); err != nil {
			return nil, fmt.Errorf("%s (shard %q): %w: %v", label(i), r.Shard, ErrMergeMismatch, err)
		}
	}
	if len(rs) != n {
		return nil, fmt.Errorf("%d of %d shards: %w", len(rs), n, ErrMergeShards)
	}
	res := result(cfg, &all, tm)
	if all.games != first.RunGames {
		return nil, fmt.Errorf("the shards hold %d games of the run's %d: %w", all.games, first.RunGames, ErrMergeShards)
	}
	return res, nil
}

// check returns what is wrong with r as the result of shard s of its run,
// for Merge: a count below zero, a part of the games (wins, games over the
// click limit, with a guess, failed) above them, games other than the
// shard's, a first failure outside them.
func (r *Result) check(s Shard) error {
	for _, c := range []struct {
		name string
		v    int64
	}{
		{"games_planned", int64(r.GamesPlanned)}, {"games", int64(r.Games)}, {"wins", int64(r.Wins)},
		{"over_click_limit", int64(r.OverLimit)}, {"won_clicks", r.WonClicks}, {"won_3bv", r.WonThreeBV},
		{"score_tenths", r.ScoreTenths}, {"guesses", r.Guesses}, {"games_with_a_guess", int64(r.GuessedGames)},
		{"no_guess_failures", int64(r.Failures)}, {"first_failure.game", int64(r.FirstFailure.Game)},
		{"move_time.moves", r.MoveTime.Moves}, {"move_time.median_ns", int64(r.MoveTime.Median)},
		{"move_time.p99_ns", int64(r.MoveTime.P99)}, {"move_time.max_ns", int64(r.MoveTime.Max)},
	} {
		if c.v < 0 {
			return fmt.Errorf("%s %d: want at least 0", c.name, c.v)
		}
	}
	lo, hi := s.span(r.RunGames)
	if r.GamesPlanned != hi-lo {
		return fmt.Errorf("games_planned %d: shard %s of %d games plans %d", r.GamesPlanned, s, r.RunGames, hi-lo)
	}
	if r.Games > r.GamesPlanned {
		return fmt.Errorf("games %d: more than the %d planned", r.Games, r.GamesPlanned)
	}
	for _, c := range []struct {
		name string
		v    int
	}{{"wins", r.Wins}, {"over_click_limit", r.OverLimit}, {"games_with_a_guess", r.GuessedGames}, {"no_guess_failures", r.Failures}} {
		if c.v > r.Games {
			return fmt.Errorf("%s %d: more than the %d games", c.name, c.v, r.Games)
		}
	}
	if r.Wins > r.Games-r.OverLimit {
		return fmt.Errorf("wins %d and over_click_limit %d: more than the %d games", r.Wins, r.OverLimit, r.Games)
	}
	if r.Failures > 0 && (r.FirstFailure.Game < lo || r.FirstFailure.Game >= hi) {
		return fmt.Errorf("first_failure.game %d: not one of the shard's games, %d to %d", r.FirstFailure.Game, lo, hi-1)
	}
	return nil
}

// overflows returns the name of the first of the sums of t and u that
// overflows, or "". Both hold counts of at least 0.
func (t *totals) overflows(u *totals) string {
	for _, c := range []struct {
		name string
		a, b int64
	}{
		{"games", int64(t.games), int64(u.games)}, {"wins", int64(t.wins), int64(u.wins)},
		{"over_click_limit", int64(t.over), int64(u.over)}, {"won_clicks", t.wonClicks, u.wonClicks},
		{"won_3bv", t.won3BV, u.won3BV}, {"score_tenths", t.scoreTenths, u.scoreTenths},
		{"guesses", t.guesses, u.guesses}, {"games_with_a_guess", int64(t.guessedGames), int64(u.guessedGames)},
		{"no_guess_failures", int64(t.failures), int64(u.failures)},
	} {
		if _, ok := addChecked(c.a, c.b); !ok {
			return c.name
		}
	}
	return ""
}

// addChecked returns a+b, for a and b of at least 0, and whether it did
// not overflow.
func addChecked(a, b int64) (int64, bool) {
	s := a + b
	return s, s >= a
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

// addHist adds the histogram written by histText to hist. Its counts must
// add up to moves, the moves it holds; a count that overflows a bucket is
// an error.
func addHist(hist []uint64, text string, moves int64) error {
	var total uint64
	for _, pair := range strings.Fields(text) {
		bs, cs, ok := strings.Cut(pair, ":")
		b, err1 := strconv.Atoi(bs)
		c, err2 := strconv.ParseUint(cs, 10, 64)
		if !ok || err1 != nil || err2 != nil || b < 0 || b >= len(hist) {
			return fmt.Errorf("move-time histogram: %q is not a bucket and its count", pair)
		}
		var carry1, carry2 uint64
		hist[b], carry1 = bits.Add64(hist[b], c, 0)
		total, carry2 = bits.Add64(total, c, 0)
		if carry1 != 0 || carry2 != 0 {
			return fmt.Errorf("move-time histogram: bucket %d: the counts overflow", b)
		}
	}
	if total != uint64(moves) {
		return fmt.Errorf("move-time histogram: %d moves, not the %d of move_time.moves", total, moves)
	}
	return nil
}
