package store

// Tests of what keeping a game costs whatever its date: many processes
// ending games at once on a large store, and dates out of order.

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/history"
)

// The size of TestProcessKeepAtOnce: small in make test; at full size,
// as the issue measured it (for make load), with:
//
//	go test -count=1 -run '^TestProcessKeepAtOnce$' -timeout 30m ./internal/store/ -args -atonce-procs 40 -atonce-games 5 -atonce-base 100000
var (
	atOnceProcs = flag.Int("atonce-procs", 8, "TestProcessKeepAtOnce: processes ending games at once")
	atOnceGames = flag.Int("atonce-games", 5, "TestProcessKeepAtOnce: games each process ends")
	atOnceBase  = flag.Int("atonce-base", 2000, "TestProcessKeepAtOnce: games the store holds before")
)

// atOnceSeed is the seed of the first game the processes of
// TestProcessKeepAtOnce keep: the store's games before have lower ones.
const atOnceSeed = 1 << 40

// atOnceGame returns the game i of the process p of TestProcessKeepAtOnce,
// dated date: on the kinds of benchGames, won or lost.
func atOnceGame(p, i int, date time.Time) history.Game {
	g := benchGames(p%3 + 1)[p%3]
	g.Seed = atOnceSeed + procSeed(p, i)
	g.Date = date
	g.Result = "won"
	if (p+i)%3 == 0 {
		g.Result = "lost"
	}
	return g
}

// helpKeepAtOnce opens the store, prints "ready" and, when a line comes
// on its standard input, keeps its games one after another, each dated
// when it is about to be kept, as a game that just ended is. It prints
// "kept NUMBER SEED" for each game kept and "lost SEED: ERROR" for each
// refused, and goes on.
func helpKeepAtOnce(ctx context.Context, t *testing.T, dir string, warn func(string)) {
	p, err1 := strconv.Atoi(os.Getenv(procWriter))
	games, err2 := strconv.Atoi(os.Getenv(procGames))
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	d, err := Open(dir, warn)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	fmt.Println("ready")
	if _, err := bufio.NewReader(os.Stdin).ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	for i := range games {
		g := atOnceGame(p, i, time.Now())
		n, err := d.Append(ctx, g)
		if err != nil {
			fmt.Printf("lost %d: %v\n", g.Seed, err)
			continue
		}
		fmt.Printf("kept %d %d\n", n, g.Seed)
	}
}

// TestProcessKeepAtOnce has processes end games at once on a store that
// holds many games already, each game dated as it ends, before it waits
// for the others' writes: their dates and the order they are kept in
// differ, and none is lost. Every keep succeeds, each game is kept once,
// and the count and the statistics are exact. make test runs 8 processes
// of 5 games on 2,000 games; the full size is 40 of 5 on 100,000 (see
// atOnceProcs), where main lost 90 of the 200.
func TestProcessKeepAtOnce(t *testing.T) {
	if raceEnabled {
		t.Skip("its processes contend for the file, not its goroutines: make test runs it without the race detector")
	}
	procs, each, base := *atOnceProcs, *atOnceGames, *atOnceBase
	dir := t.TempDir()
	d, err := Open(dir, procNoWarning(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.AppendAll(t.Context(), benchGames(base)); err != nil {
		t.Fatal(err)
	}
	d.Close()

	type child struct {
		cmd    *exec.Cmd
		stdin  io.WriteCloser
		out    *bufio.Scanner
		stderr bytes.Buffer
		lines  []string
	}
	children := make([]*child, procs)
	for p := range children {
		c := &child{cmd: procStart(t, "keep-at-once", dir, procWriter+"="+strconv.Itoa(p), procGames+"="+strconv.Itoa(each))}
		c.cmd.Stderr = &c.stderr
		var err error
		if c.stdin, err = c.cmd.StdinPipe(); err != nil {
			t.Fatal(err)
		}
		out, err := c.cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		c.out = bufio.NewScanner(out)
		if err := c.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		children[p] = c
	}
	// Every process has the store open before any ends a game.
	for p, c := range children {
		if !c.out.Scan() || c.out.Text() != "ready" {
			c.cmd.Wait()
			t.Fatalf("process %d did not get ready: %q\n%s", p, c.out.Text(), c.stderr.Bytes())
		}
	}
	for _, c := range children {
		io.WriteString(c.stdin, "go\n")
		c.stdin.Close()
	}
	kept := map[uint64]int64{}
	lost := 0
	for p, c := range children {
		for c.out.Scan() {
			c.lines = append(c.lines, c.out.Text())
		}
		if err := c.cmd.Wait(); err != nil {
			t.Errorf("process %d: %v\n%s\n%s", p, err, strings.Join(c.lines, "\n"), c.stderr.Bytes())
		}
		for _, line := range c.lines {
			var n int64
			var seed uint64
			if _, err := fmt.Sscanf(line, "kept %d %d", &n, &seed); err == nil {
				kept[seed] = n
				continue
			}
			if !strings.HasPrefix(line, "lost ") {
				continue
			}
			lost++
			if lost <= 5 {
				t.Errorf("process %d: %s", p, line)
			}
		}
	}
	if lost > 0 {
		t.Errorf("%d of the %d games ended at once were not kept", lost, procs*each)
	}

	d, err = Open(dir, procNoWarning(t))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	ctx := t.Context()
	if n, err := d.Count(ctx); n != int64(base+len(kept)) || err != nil {
		t.Errorf("Count() = %d, %v; want %d", n, err, base+len(kept))
	}
	for p := range procs {
		for i := range each {
			seed := atOnceSeed + procSeed(p, i)
			n, ok := kept[seed]
			if !ok {
				continue
			}
			if g, err := d.Game(ctx, n); err != nil || g.Seed != seed {
				t.Errorf("Game(%d) = seed %d, %v; want seed %d", n, g.Seed, err, seed)
			}
		}
	}
	if base <= 10_000 {
		all, err := d.Latest(ctx, 0, false)
		if err != nil {
			t.Fatal(err)
		}
		// In the order of their numbers, as Summarize takes them.
		slices.SortFunc(all, func(a, b Numbered) int { return cmp.Compare(a.N, b.N) })
		games := make([]history.Game, len(all))
		for i, l := range all {
			games[i] = l.Game
		}
		got, err := d.Stats(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		procSameStats(t, got, history.Summarize(games))
	}
	procIntegrity(t, d)
}

// checkRuns checks that the runs of wins the store keeps are those its
// games make, as the migration counts them from the games (runsFromGames).
func checkRuns(t *testing.T, d *DB) {
	t.Helper()
	const cols = `player, kind, known, first_date, first_n, last_date, last_n, length`
	losses := strings.NewReplacer("INSERT INTO runs", "INSERT INTO losses", "sum(1 - won)", "sum(won)", "WHERE won = 1", "WHERE won = 0").Replace(runsFromGames)
	for _, tc := range []struct{ table, fill string }{{"runs", runsFromGames}, {"losses", losses}} {
		from := strings.Replace(tc.fill, "INSERT INTO "+tc.table+" ("+cols+")", "", 1)
		from = strings.TrimSuffix(strings.TrimSpace(from), ";")
		for _, q := range []string{
			`SELECT ` + cols + ` FROM ` + tc.table + ` EXCEPT ` + from,
			from + ` EXCEPT SELECT ` + cols + ` FROM ` + tc.table,
		} {
			var n int
			if err := d.db.QueryRowContext(ctx, `SELECT count(*) FROM (`+q+`) AS x`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			if n != 0 {
				t.Errorf("the %s differ from the games' in %d rows:\n%s", tc.table, n, q)
			}
		}
	}
}

// TestFutureDates checks that a game dated more than a day after the
// clock is refused at import, the warning naming its line, and that it
// freezes no streak: the games kept after it are the last of their kind
// in date order, kept as such, and their streak runs on.
func TestFutureDates(t *testing.T) {
	parallel(t)
	dir := t.TempDir()
	games := []history.Game{testGame(1), testGame(2), testGame(3)}
	games[1].Result = "lost"
	lines := logOf(t, games)
	future := strings.Replace(lines[1], `"date":"2025-03-01T20:02:00Z"`, `"date":"2099-03-01T20:02:00Z"`, 1)
	if future == lines[1] {
		t.Fatalf("no date to set in %s", lines[1])
	}
	if err := os.WriteFile(filepath.Join(dir, oldLog), []byte(lines[0]+"\n"+future+"\n"+lines[2]+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	d, w := openIn(t, dir)
	const named = "line 2 (dated 2099-03-01T20:02:00Z, more than a day after the clock)"
	if msgs := w.all(); len(msgs) != 1 || !strings.Contains(msgs[0], named) {
		t.Errorf("warnings %q; want one naming %q", msgs, named)
	}
	for i := 4; i <= 8; i++ {
		n, err := d.Append(ctx, testGame(i))
		if err != nil {
			t.Fatalf("Append(game %d) = %v", i, err)
		}
		var last int64
		if err := d.db.QueryRowContext(ctx, `SELECT last_n FROM kinds WHERE kind = $1`, beginner.String()).Scan(&last); err != nil || last != n {
			t.Errorf("after game %d, the last of its kind is %d, %v; want %d, the game itself", n, last, err, n)
		}
		stats, err := d.Stats(ctx, &beginner)
		if err != nil || len(stats) != 1 {
			t.Fatalf("Stats(beginner) = %v, %v; want one kind", stats, err)
		}
		// Games 1 and 3 imported, won, then 4 to i.
		if s := stats[0]; s.Played != i-1 || s.CurrentStreak != i-1 {
			t.Errorf("after game %d: played %d, current streak %d; want %d, %d", n, s.Played, s.CurrentStreak, i-1, i-1)
		}
	}
}

// TestKeepFuture checks that Keep refuses a game dated more than a day
// after the clock, and keeps one dated a day after it.
func TestKeepFuture(t *testing.T) {
	now := day0.Add(time.Hour)
	tests := []struct {
		ahead time.Duration
		kept  bool
	}{
		{-time.Hour, true},
		{maxAhead, true},
		{maxAhead + time.Second, false},
		{time.Date(2099, 1, 1, 0, 0, 0, 0, time.UTC).Sub(now), false},
	}
	eachBackend(t, func(t *testing.T, b backend) {
		d, _ := b.fresh(t)
		d.now = func() time.Time { return now }
		count := int64(0)
		for i, tt := range tests {
			g := testGame(i)
			g.Date = now.Add(tt.ahead)
			_, err := d.Keep(ctx, g, func(Prior) history.Game { return g })
			if tt.kept {
				count++
			}
			if (err == nil) != tt.kept || err != nil && !errors.Is(err, errFuture) {
				t.Errorf("Keep(a game dated %v after the clock) = %v; want kept %v", tt.ahead, err, tt.kept)
			}
			if c, err := d.Count(ctx); c != count || err != nil {
				t.Errorf("Count() = %d, %v; want %d", c, err, count)
			}
		}
	})
}
