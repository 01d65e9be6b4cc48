package store

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/history"
)

// TestPlayersApart checks that the players of one database each see
// their own records alone, as if theirs were the only ones: two players'
// games kept in turn, in no order, each player's statistics, daily
// statistics, latest games and last game those of their own games; the
// other's game numbers are not theirs to read or amend, nor the other's
// saved games and choices.
// It skips itself under -race: make test runs it in its second pass,
// without.
func TestPlayersApart(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine, slow under -race: run without it, in make test's second pass")
	}
	eachServer(t, func(t *testing.T, b backend, s *players) {
		r := rand.New(rand.NewPCG(5, 29))
		ids := []string{"SHA256:ann", "SHA256:bob"}
		games := map[string][]history.Game{}
		nums := map[string][]int64{}
		all := append(randomGames(r, 150), randomDailies(r, 150)...)
		r.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
		for _, g := range all {
			id := ids[r.IntN(len(ids))]
			n, err := s.Player(id).(*DB).Append(ctx, g)
			if err != nil {
				t.Fatalf("Append(%s) = %v", id, err)
			}
			games[id], nums[id] = append(games[id], g), append(nums[id], n)
		}
		for _, id := range ids {
			d := s.view(id)
			checkPlayer(t, d, games[id], nums[id])
			if c, err := d.Count(ctx); c != int64(len(games[id])) || err != nil {
				t.Errorf("%s: Count() = %d, %v; want %d", id, c, err, len(games[id]))
			}
			last := len(games[id]) - 1
			if n, g, err := d.Last(ctx); n != nums[id][last] || err != nil || !reflect.DeepEqual(g, games[id][last]) {
				t.Errorf("%s: Last() = %d, %v; want game %d", id, n, err, nums[id][last])
			}
		}

		ann, bob := s.view(ids[0]), s.view(ids[1])
		bobs := nums[ids[1]][0]
		if _, err := ann.Game(ctx, bobs); !errors.Is(err, ErrNoGame) {
			t.Errorf("ann's Game(%d), bob's game = %v; want ErrNoGame", bobs, err)
		}
		was := games[ids[1]][0]
		changed := was
		changed.Result = "lost"
		if err := ann.Amend(ctx, bobs, was, changed); !errors.Is(err, ErrAmend) {
			t.Errorf("ann's Amend(%d), bob's game = %v; want ErrAmend", bobs, err)
		}
		if g, err := bob.Game(ctx, bobs); err != nil || !reflect.DeepEqual(g, was) {
			t.Errorf("bob's Game(%d) after ann's Amend = %+v, %v; want it as it was", bobs, g, err)
		}

		left := testGame(1)
		left.Result = history.Playing
		id, err := ann.Save(ctx, left, Claim{})
		if err != nil {
			t.Fatal(err)
		}
		if err := bob.Discard(ctx, Claim{ID: id}); err != nil {
			t.Fatal(err)
		}
		if _, err := bob.Save(ctx, left, Claim{ID: id}); !errors.Is(err, ErrClaimLost) { // replaces none of ann's
			t.Errorf("bob's Save in the place of ann's game = %v; want ErrClaimLost", err)
		}
		if _, err := bob.Save(ctx, left, Claim{}); err != nil {
			t.Fatal(err)
		}
		for _, tt := range []struct {
			d    *DB
			want int
		}{{ann, 1}, {bob, 1}} {
			if saved, err := tt.d.Saved(ctx, beginner); len(saved) != tt.want || err != nil {
				t.Errorf("%s: Saved() = %d games, %v; want %d", tt.d.player, len(saved), err, tt.want)
			}
		}
		if err := ann.SavePrefs(ctx, history.Prefs{Board: expert, Level: "expert"}); err != nil {
			t.Fatal(err)
		}
		if p, ok, err := bob.Prefs(ctx); ok || err != nil {
			t.Errorf("bob's Prefs() = %+v, %v, %v; want none", p, ok, err)
		}
		if p, ok, err := ann.Prefs(ctx); !ok || err != nil || p.Level != "expert" {
			t.Errorf("ann's Prefs() = %+v, %v, %v; want ann's", p, ok, err)
		}
	})
}

// checkPlayer checks the statistics, daily statistics, best times and
// latest games of d's player against the definitions of games, the
// player's games, numbered nums.
func checkPlayer(t *testing.T, d *DB, games []history.Game, nums []int64) {
	t.Helper()
	got, err := d.Stats(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := asJSON(t, got), asJSON(t, history.Summarize(games)); g != w {
		t.Errorf("%s: Stats(nil) =\n%s\nwant Summarize's\n%s", d.player, g, w)
	}
	const today = "2026-11-15"
	daily, err := d.DailyStats(ctx, today)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := asJSON(t, daily), asJSON(t, history.SummarizeDaily(games, today)); g != w {
		t.Errorf("%s: DailyStats() =\n%s\nwant SummarizeDaily's\n%s", d.player, g, w)
	}
	latest, err := d.Latest(ctx, 0, true)
	if err != nil {
		t.Fatal(err)
	}
	want, wantNums := history.Latest(games, 0)
	if len(latest) != len(want) {
		t.Fatalf("%s: Latest() = %d games; want %d", d.player, len(latest), len(want))
	}
	for i, l := range latest {
		if n := nums[wantNums[i]-1]; l.N != n || !reflect.DeepEqual(l.Game, want[i]) {
			t.Fatalf("%s: Latest()[%d] = game %d; want game %d", d.player, i, l.N, n)
		}
	}
}

// TestSetName checks that a name is one player's in any case of its
// letters, and that players rename themselves.
func TestSetName(t *testing.T) {
	eachServer(t, func(t *testing.T, b backend, s *players) {
		const ann, bob = "SHA256:ann", "SHA256:bob"
		for _, tt := range []struct {
			id, name string
			taken    bool
		}{
			{ann, "Ann", false},
			{bob, "ann", true},
			{bob, "ANN", true},
			{ann, "ANN", false}, // ann's own name, in other letters
			{bob, "Bob", false},
			{ann, "bob", true},
			{ann, "Straße", false},
			{bob, "STRASSE", true}, // one name, folded
			{bob, "Ann", false},    // ann's no longer
			{bob, "Bobby", false},
		} {
			err := s.SetName(ctx, tt.id, tt.name)
			if got := errors.Is(err, ErrNameTaken); got != tt.taken || (err != nil && !tt.taken) {
				t.Errorf("SetName(%s, %q) = %v; want taken %v", tt.id, tt.name, err, tt.taken)
			}
		}
		for _, tt := range []struct{ id, want string }{{ann, "Straße"}, {bob, "Bobby"}, {"SHA256:cat", ""}} {
			if got, err := s.Name(ctx, tt.id); got != tt.want || err != nil {
				t.Errorf("Name(%s) = %q, %v; want %q", tt.id, got, err, tt.want)
			}
		}
	})
}

// TestSetNameAtOnce checks that of eight players taking one name at
// once, one has it.
func TestSetNameAtOnce(t *testing.T) {
	eachServer(t, func(t *testing.T, b backend, s *players) {
		const players = 8
		errs := make([]error, players)
		var wg sync.WaitGroup
		for i := range players {
			wg.Go(func() {
				errs[i] = s.SetName(ctx, fmt.Sprintf("SHA256:%d", i), []string{"Zoe", "ZOE", "zoe", "zOE"}[i%4])
			})
		}
		wg.Wait()
		named := 0
		for i, err := range errs {
			switch {
			case err == nil:
				named++
			case !errors.Is(err, ErrNameTaken):
				t.Errorf("SetName(%d) = %v; want nil or ErrNameTaken", i, err)
			}
		}
		if named != 1 {
			t.Errorf("%d players named Zoe; want 1", named)
		}
	})
}

// lbGame is a game of the leaderboard tests: on beginner, ended at the
// minute min of 2026-11-25 (UTC), won in ms, its 3BV bv.
func lbGame(min int, ms int64, bv int) history.Game {
	g := testGame(min)
	g.Date = time.Date(2026, 11, 25, 8, min, 0, 0, time.UTC)
	g.TimeMS, g.ThreeBV = ms, bv
	return g
}

// daily returns g on the daily board of its date.
func daily(g history.Game) history.Game {
	g.Board, g.Daily = dailyBeginner, g.Date.Format("2006-01-02")
	return g
}

// entry returns the Entry of g by the player name.
func entry(rank int, name, result string, g history.Game) history.Entry {
	e := history.Entry{Rank: rank, Name: name, Result: result, TimeMS: g.TimeMS, Date: g.Date}
	if v, ok := g.Speed(); ok && rank > 0 {
		e.Speed = v
	}
	return e
}

// TestLeaderboards checks the daily and all-time leaderboards of a few
// players: a daily board's first counted attempts, a player's first
// alone, ranked by time, then 3BV/s, then date, the wins with help and
// the losses after; the all-time bests of the clean wins not on a daily
// board; players without a name left out; and limits.
func TestLeaderboards(t *testing.T) {
	eachServer(t, func(t *testing.T, b backend, s *players) {
		var (
			annFirst   = daily(lbGame(1, 30000, 40))
			annSecond  = daily(lbGame(2, 10000, 40)) // counted, but not first
			bobDaily   = daily(lbGame(3, 20000, 40))
			catHelped  = daily(lbGame(4, 9000, 40))
			danLost    = daily(lbGame(6, 5000, 40))
			danPrac    = daily(lbGame(5, 4000, 40)) // practice, before
			fayDaily   = daily(lbGame(7, 20000, 50))
			gilDaily   = daily(lbGame(8, 20000, 50))
			eveDaily   = daily(lbGame(9, 1000, 40))   // no name
			annExpert  = daily(lbGame(10, 10000, 40)) // another level
			annBest    = lbGame(20, 25000, 40)
			annKnown   = lbGame(21, 5000, 40)
			bobBest    = lbGame(22, 18000, 40)
			bobSlower  = lbGame(23, 22000, 40)
			catAssist  = lbGame(24, 1000, 40)
			fayBest    = lbGame(25, 18000, 60)
			danExpert  = lbGame(26, 60000, 150)
			eveBest    = lbGame(27, 1000, 40)
			otherDate  = daily(lbGame(28, 1000, 40))
			gilNoGuess = lbGame(29, 500, 40) // a no-guess beginner board: not the level's standard board
			gilSafe    = lbGame(30, 600, 40) // the safe first click: neither
		)
		gilNoGuess.Board.NoGuess = true
		gilSafe.Board.Rule = board.Safe
		// The NF style's board: Bob's slower win placed no flag, as did
		// Cat's assisted one (not clean) and Eve's (no name).
		for _, g := range []*history.Game{&bobSlower, &catAssist, &eveBest} {
			g.Moves, g.NF = g.Moves[:1], true
		}
		catHelped.Assisted = true
		danLost.Result = "lost"
		danPrac.Known = true
		annExpert.Board, annExpert.Level = dailyExpert, "expert"
		annKnown.Known, annKnown.Seeded = true, true
		catAssist.Assisted = true
		danExpert.Board, danExpert.Level = expert, "expert"
		otherDate.Date = otherDate.Date.AddDate(0, 0, 1)
		otherDate.Daily = otherDate.Date.Format("2006-01-02")
		kept := map[string][]history.Game{
			"ann": {annFirst, annSecond, annExpert, annBest, annKnown},
			"bob": {bobDaily, bobBest, bobSlower},
			"cat": {catHelped, catAssist},
			"dan": {danPrac, danLost, danExpert},
			"eve": {eveDaily, eveBest},
			"fay": {fayDaily, fayBest, otherDate},
			"gil": {gilDaily, gilNoGuess, gilSafe},
		}
		for name, games := range kept {
			id := "SHA256:" + name
			if _, err := s.view(id).AppendAll(ctx, games); err != nil {
				t.Fatal(err)
			}
			if name != "eve" {
				if err := s.SetName(ctx, id, strings.ToUpper(name[:1])+name[1:]); err != nil {
					t.Fatal(err)
				}
			}
		}
		dailyWant := []history.Entry{
			entry(1, "Fay", history.EntryWon, fayDaily),
			entry(2, "Gil", history.EntryWon, gilDaily),
			entry(3, "Bob", history.EntryWon, bobDaily),
			entry(4, "Ann", history.EntryWon, annFirst),
			entry(0, "Cat", history.EntryAssisted, catHelped),
			entry(0, "Dan", history.EntryLost, danLost),
		}
		allWant := []history.Entry{
			entry(1, "Fay", history.EntryWon, fayBest),
			entry(2, "Bob", history.EntryWon, bobBest),
			entry(3, "Ann", history.EntryWon, annBest),
		}
		for _, tt := range []struct {
			name  string
			board func() (history.Leaderboard, error)
			want  history.Leaderboard
		}{
			{"Daily(2026-11-25, beginner, 0)", func() (history.Leaderboard, error) { return s.Daily(ctx, "2026-11-25", "beginner", 0) },
				history.Leaderboard{Level: "beginner", Date: "2026-11-25", Players: 6, Entries: dailyWant}},
			{"Daily(2026-11-25, beginner, 3)", func() (history.Leaderboard, error) { return s.Daily(ctx, "2026-11-25", "beginner", 3) },
				history.Leaderboard{Level: "beginner", Date: "2026-11-25", Players: 6, Entries: dailyWant[:3]}},
			{"Daily(2026-11-25, expert, 0)", func() (history.Leaderboard, error) { return s.Daily(ctx, "2026-11-25", "expert", 0) },
				history.Leaderboard{Level: "expert", Date: "2026-11-25", Players: 1, Entries: []history.Entry{entry(1, "Ann", history.EntryWon, annExpert)}}},
			{"Daily(2026-11-24, beginner, 0)", func() (history.Leaderboard, error) { return s.Daily(ctx, "2026-11-24", "beginner", 0) },
				history.Leaderboard{Level: "beginner", Date: "2026-11-24", Entries: []history.Entry{}}},
			{"AllTime(beginner, 0)", func() (history.Leaderboard, error) { return s.AllTime(ctx, "beginner", false, 0) },
				history.Leaderboard{Level: "beginner", Players: 3, Entries: allWant}},
			{"AllTime(beginner, 1)", func() (history.Leaderboard, error) { return s.AllTime(ctx, "beginner", false, 1) },
				history.Leaderboard{Level: "beginner", Players: 3, Entries: allWant[:1]}},
			{"AllTime(expert, 0)", func() (history.Leaderboard, error) { return s.AllTime(ctx, "expert", false, 0) },
				history.Leaderboard{Level: "expert", Players: 1, Entries: []history.Entry{entry(1, "Dan", history.EntryWon, danExpert)}}},
			{"AllTime(beginner, NF, 0)", func() (history.Leaderboard, error) { return s.AllTime(ctx, "beginner", true, 0) },
				history.Leaderboard{Level: "beginner", NF: true, Players: 1, Entries: []history.Entry{entry(1, "Bob", history.EntryWon, bobSlower)}}},
			{"AllTime(intermediate, 0)", func() (history.Leaderboard, error) { return s.AllTime(ctx, "intermediate", false, 0) },
				history.Leaderboard{Level: "intermediate", Entries: []history.Entry{}}},
		} {
			got, err := tt.board()
			if err != nil {
				t.Fatalf("%s = %v", tt.name, err)
			}
			if g, w := asJSON(t, got), asJSON(t, tt.want); g != w {
				t.Errorf("%s =\n%s\nwant\n%s", tt.name, g, w)
			}
		}
		// The replays of the daily board: its clean wins that count, the
		// fastest first.
		for _, tt := range []struct {
			limit int
			want  []string
		}{
			{0, []string{"Fay", "Gil", "Bob", "Ann"}},
			{2, []string{"Fay", "Gil"}},
		} {
			games, err := s.DailyGames(ctx, "2026-11-25", "beginner", tt.limit)
			var names []string
			for _, g := range games {
				names = append(names, g.Name)
				if g.N == 0 || !strings.HasPrefix(g.Player, "SHA256:") {
					t.Errorf("DailyGames: %+v; want its number and its player", g)
				}
			}
			if err != nil || !slices.Equal(names, tt.want) {
				t.Errorf("DailyGames(2026-11-25, beginner, %d) = %v, %v; want %v", tt.limit, names, err, tt.want)
			}
		}
	})
}

// TestLeadersIndexed checks that SQLite reads the leaderboards through
// their indexes: the attempts of one date, and one row a player.
func TestLeadersIndexed(t *testing.T) {
	s, _ := openServer(t, t.TempDir(), "")
	for _, tt := range []struct {
		query string
		args  []any
		want  []string
	}{
		{dailyBoardSQL, []any{"beginner", "2026-11-25"}, []string{"games_board (level=? AND daily=?"}},
		{allTimeSQL, []any{"beginner", standardKind("beginner")}, []string{"games_leaders (player=? AND kind=?)"}},
		// SQLite takes either index of the leaders (it may filter
		// games_leaders' rows by nf): one seek a player, no scan.
		{allTimeNFSQL, []any{"beginner", standardKind("beginner")}, []string{"USING INDEX games_leaders"}},
	} {
		plan := planOf(t, s.d.db, tt.query, tt.args...)
		for _, w := range tt.want {
			if !strings.Contains(plan, w) || strings.Contains(plan, "SCAN g") || strings.Contains(plan, "TEMP B-TREE") {
				t.Errorf("the plan of %s is %q; want the index %s, no scan of the games, no sorting", tt.query, plan, w)
			}
		}
	}
}

// TestPlayersMigration checks that a store of the schema before the
// players is brought up to date with its rows the player ""'s: its
// choices, saved games and games as they were, and its choices still
// where an older program reads them (prefs' id 1).
func TestPlayersMigration(t *testing.T) {
	parallel(t)
	dir := t.TempDir()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, FileName))
	if err != nil {
		t.Fatal(err)
	}
	const old = 3 // the schema before the players
	for _, m := range migrations[:old] {
		if _, err := db.Exec(m); err != nil {
			t.Fatal(err)
		}
	}
	g := testGame(1)
	rec, err := json.Marshal(&g)
	if err != nil {
		t.Fatal(err)
	}
	c := columnsOf(&g)
	left := testGame(2)
	left.Result = history.Playing
	saved, err := json.Marshal(&left)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []struct {
		query string
		args  []any
	}{
		{fmt.Sprintf("PRAGMA user_version = %d; PRAGMA application_id = %d", old, appID), nil},
		{`INSERT INTO games (date, kind, known, won, clean, time_ms, speed, level, record, ios, rqp, ioe, zne)
			VALUES ($1, $2, 0, 1, 1, $3, $4, 'beginner', $5, $6, $7, $8, $9)`,
			[]any{c.date, c.kind, c.timeMS, c.speed, string(rec), c.ios, c.rqp, c.ioe, c.zne}},
		{`INSERT INTO kinds VALUES ($1, 0, 1, 1, 1, 1, 'beginner', $2, 1, $2, 1)`, []any{g.Board.String(), g.Date.UnixNano()}},
		{`INSERT INTO saved (kind, date, record) VALUES ($1, 0, $2)`, []any{left.Board.String(), string(saved)}},
		{`INSERT INTO prefs (id, record) VALUES (1, '{"v":2,"board":"30x16n99 opening","level":"expert"}')`, nil},
	} {
		if _, err := db.Exec(q.query, q.args...); err != nil {
			t.Fatalf("%s: %v", q.query, err)
		}
	}
	db.Close()

	d, w := openIn(t, dir)
	checkAgainstSummarize(t, d, []history.Game{g})
	if p, ok, err := d.Prefs(ctx); !ok || err != nil || p.Level != "expert" {
		t.Errorf("Prefs() = %+v, %v, %v; want the expert's, kept before", p, ok, err)
	}
	if s, err := d.Saved(ctx, left.Board); len(s) != 1 || err != nil || s[0].Game.Seed != left.Seed {
		t.Errorf("Saved() = %+v, %v; want the game saved before", s, err)
	}
	var record string
	if err := d.db.QueryRow(`SELECT record FROM prefs WHERE id = 1`).Scan(&record); err != nil || !strings.Contains(record, "expert") {
		t.Errorf("an older program's read of prefs = %q, %v; want the choices", record, err)
	}
	if msgs := w.all(); len(msgs) != 0 {
		t.Errorf("warnings %q; want none", msgs)
	}
}
