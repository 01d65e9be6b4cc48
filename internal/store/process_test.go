package store

// Tests of the store used by several processes at once, and of a process
// killed (SIGKILL) in the middle of a write. The test binary runs itself
// again as the other processes: TestProcessHelper does what the variable
// procRole names, and nothing when it is unset.

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"modernc.org/sqlite"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
)

// The environment of a child process: what it does, in which directory,
// and its numbers.
const (
	procRole   = "MINESWEEPER_STORETEST_ROLE"
	procDir    = "MINESWEEPER_STORETEST_DIR"
	procWriter = "MINESWEEPER_STORETEST_WRITER"
	procGames  = "MINESWEEPER_STORETEST_GAMES"
)

// procTimeout bounds every child process, with the test's own limit
// (testwait.Limit) when that is later: one that has not ended by then is
// killed, and the test fails rather than hangs. A benchmark at full size
// sets it longer.
var procTimeout = 2 * time.Minute

// procBlock is how long a child waits to be killed; then it exits without
// committing.
const procBlock = time.Minute

// procBase is the date of the first game the tests keep.
var procBase = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// procKinds are the kinds of board of the tests' games, with their levels.
var procKinds = []struct {
	board board.Settings
	level string
}{
	{board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}, "beginner"},
	{board.Settings{Width: 16, Height: 16, Mines: 40, Rule: board.Opening}, "intermediate"},
	{board.Settings{Width: 20, Height: 10, Mines: 30, Rule: board.Opening}, ""},
}

// procGame returns a finished game told apart by its seed, which also
// chooses its board, result, time and help; it has moves moves.
func procGame(seed uint64, date time.Time, moves int) history.Game {
	k := procKinds[seed%uint64(len(procKinds))]
	g := history.Game{
		V:        history.Version,
		Date:     date,
		Board:    k.board,
		Level:    k.level,
		Seed:     seed,
		Layout:   []history.Cell{{0, 1}, {2, 3}},
		Result:   "lost",
		TimeMS:   int64(300 + seed*7919%90000),
		ThreeBV:  int(5 + seed%37),
		Clicks:   int(9 + seed%41),
		Assisted: seed%7 == 0,
		Undone:   seed%11 == 0,
		Known:    seed%13 == 0,
	}
	if seed%4 != 0 {
		g.Result = "won"
	}
	for i := range moves {
		at := board.Point{X: i % k.board.Width, Y: i / k.board.Width % k.board.Height}
		g.Moves = append(g.Moves, history.Move{Move: game.Move{Action: game.Open, At: at}, At: int64(i) * 10})
	}
	return g
}

// procStart starts the test binary again as a child process that does
// role in dir, with the environment env added; it is killed if it has not
// ended within procTimeout.
func procStart(t testing.TB, role, dir string, env ...string) *exec.Cmd {
	t.Helper()
	// A correct child is never killed for being slow on a busy machine:
	// the bound is the test's own limit, if later than procTimeout.
	limit := testwait.Limit(t)
	if l := time.Now().Add(procTimeout); l.After(limit) {
		limit = l
	}
	ctx, cancel := context.WithDeadline(context.Background(), limit)
	t.Cleanup(cancel)
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestProcessHelper$", "-test.count=1", "-test.timeout="+time.Until(limit).Round(time.Second).String())
	cmd.Env = append(os.Environ(), procRole+"="+role, procDir+"="+dir)
	cmd.Env = append(cmd.Env, env...)
	cmd.WaitDelay = 10 * time.Second
	return cmd
}

// TestProcessHelper is the child process of the tests in this file; it
// does nothing unless procRole is set.
func TestProcessHelper(t *testing.T) {
	role := os.Getenv(procRole)
	if role == "" {
		return
	}
	dir := os.Getenv(procDir)
	ctx := context.Background()
	warn := func(s string) { t.Errorf("warning: %s", s) }
	switch role {
	case "writer":
		helpWriter(ctx, t, dir, warn)
	case "reader":
		helpReader(ctx, t, dir, warn)
	case "keep-at-once":
		helpKeepAtOnce(ctx, t, dir, warn)
	case "kill-in-transaction":
		helpKillInTransaction(ctx, t, dir, warn)
	case "kill-before-import-commit":
		// Every commit of this process waits to be killed: the first is
		// the import's, the database being made already.
		sqlite.RegisterConnectionHook(func(conn sqlite.ExecQuerierContext, _ string) error {
			conn.(sqlite.HookRegisterer).RegisterCommitHook(func() int32 {
				fmt.Println("committing")
				time.Sleep(procBlock)
				os.Exit(3)
				return 1
			})
			return nil
		})
		// The clock stands still: the import is one step, whose pages
		// spill into the WAL file before it commits.
		frozen := time.Now()
		d := &DB{path: filepath.Join(dir, FileName), warn: warn, stepNow: func() time.Time { return frozen }}
		if err := d.open(ctx, true); err != nil {
			t.Fatal(err)
		}
		d.importFiles(ctx, dir)
		t.Fatal("the import ended, not killed")
	case "kill-before-import-rename":
		// Open's steps, with the import stopped between its commit and
		// the renaming of the file.
		d := &DB{path: filepath.Join(dir, FileName), warn: warn, afterImport: func(string) error {
			fmt.Println("committed")
			time.Sleep(procBlock)
			os.Exit(3)
			return nil
		}}
		if err := d.open(ctx, true); err != nil {
			t.Fatal(err)
		}
		d.importFiles(ctx, dir)
		t.Fatal("the import ended, not killed")
	case "import-steps":
		helpImportSteps(ctx, t, dir, warn)
	case "open":
		helpOpen(ctx, t, dir, warn)
	case "keep":
		helpKeep(ctx, t, dir)
	case "import-load":
		helpImportLoad(ctx, t, dir, warn)
	case "keep-timed":
		helpKeepTimed(ctx, t, dir)
	default:
		t.Fatalf("unknown role %q", role)
	}
}

// helpWriter appends the games of one writer, printing the number and
// seed of each: "n NUMBER SEED".
func helpWriter(ctx context.Context, t *testing.T, dir string, warn func(string)) {
	w, err1 := strconv.Atoi(os.Getenv(procWriter))
	games, err2 := strconv.Atoi(os.Getenv(procGames))
	if err := errors.Join(err1, err2); err != nil {
		t.Fatal(err)
	}
	d, err := Open(dir, warn)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for i := range games {
		seed := procSeed(w, i)
		// Each writer's dates go forward, but the writers' interleave:
		// some games come before the last of their kind.
		date := procBase.Add(time.Duration(i*procWriters+w) * time.Second)
		g := procGame(seed, date, 3)
		n, err := d.Append(ctx, g)
		switch {
		case err == nil:
			fmt.Printf("n %d %d\n", n, seed)
		case isBusy(err):
			// SQLite's lock goes to no one in turn: a writer that keeps
			// game after game takes it again at once, and another may
			// wait past busyTimeout, the more so on a busy machine. A
			// minesweeper then keeps the game for later, as this one.
			if _, err := d.Pend(g, ""); err != nil {
				t.Fatalf("writer %d: Pend(game %d): %v", w, i, err)
			}
			fmt.Printf("pending %d\n", seed)
		default:
			t.Fatalf("writer %d: Append(game %d) = %d, %v", w, i, n, err)
		}
	}
}

// procSeed returns the seed of the game i of the writer w.
func procSeed(w, i int) uint64 { return uint64(w)*1_000_000 + uint64(i) }

// helpReader reads the statistics, the latest games and the count, until
// its standard input ends, checking what one read says against the
// others; it prints "reads N", how many rounds it made.
func helpReader(ctx context.Context, t *testing.T, dir string, warn func(string)) {
	stop := make(chan struct{})
	go func() {
		io.Copy(io.Discard, os.Stdin)
		close(stop)
	}()
	d, err := Open(dir, warn)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	deadline := time.Now().Add(procTimeout / 2)
	var last int64
	rounds := 0
	for done := false; !done; {
		rounds++
		before, err := d.Count(ctx)
		if err != nil {
			t.Fatalf("round %d: Count: %v", rounds, err)
		}
		stats, err := d.Stats(ctx, nil)
		if err != nil {
			t.Fatalf("round %d: Stats(nil): %v", rounds, err)
		}
		latest, err := d.Latest(ctx, 20, false)
		if err != nil {
			t.Fatalf("round %d: Latest(20, false): %v", rounds, err)
		}
		after, err := d.Count(ctx)
		if err != nil {
			t.Fatalf("round %d: Count: %v", rounds, err)
		}
		played := 0
		for _, s := range stats {
			played += s.Played
			if s.Won > s.Played || s.BestStreak > s.Won || s.CurrentStreak > s.BestStreak {
				t.Fatalf("round %d: %v: played %d, won %d, streak %d, best streak %d", rounds, s.Kind, s.Played, s.Won, s.CurrentStreak, s.BestStreak)
			}
		}
		switch {
		case before < last:
			t.Fatalf("round %d: Count = %d after %d", rounds, before, last)
		case int64(played) < before || int64(played) > after:
			t.Fatalf("round %d: Stats(nil) played %d games between Counts %d and %d", rounds, played, before, after)
		case len(latest) > 20 || int64(len(latest)) < min(20, before):
			t.Fatalf("round %d: Latest(20) gave %d games of at least %d", rounds, len(latest), before)
		}
		last = after
		select {
		case <-stop:
			done = true
		default:
			done = time.Now().After(deadline)
		}
	}
	fmt.Printf("reads %d %d\n", rounds, last)
}

// procWriters and procGamesEach are how many processes append, and how
// many games each: 40 games each interleave the writers as 100 did (a
// writer's games come before others' of their kind, the lock goes from
// one to another), and the readers, who read for as long as the writers
// write, read half as long.
const (
	procWriters   = 4
	procGamesEach = 40
	procReaders   = 2
)

// TestProcessHammer has writers and readers use one store at once, all
// opening it together: every game is kept once under its own number,
// the numbers are 1 to the count, and the statistics are those of the
// games kept. A game the store refused, its lock held by the others past
// busyTimeout, waits in a pending file as a minesweeper's does, and is
// kept at the next start.
func TestProcessHammer(t *testing.T) {
	if raceEnabled {
		t.Skip("its processes contend for the file, not its goroutines: make test runs it without the race detector")
	}
	dir := t.TempDir()
	// The store is made first: several processes making it at once is
	// TestProcessFirstOpen's.
	d, err := Open(dir, procNoWarning(t))
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
	type child struct {
		cmd            *exec.Cmd
		stdout, stderr bytes.Buffer
		stdin          io.WriteCloser
		name           string
	}
	var writers, readers []*child
	start := func(name, role string, env ...string) *child {
		c := &child{name: name, cmd: procStart(t, role, dir, env...)}
		c.cmd.Stdout, c.cmd.Stderr = &c.stdout, &c.stderr
		if role == "reader" {
			var err error
			if c.stdin, err = c.cmd.StdinPipe(); err != nil {
				t.Fatal(err)
			}
		}
		if err := c.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return c
	}
	wait := func(c *child) bool {
		if err := c.cmd.Wait(); err != nil {
			t.Errorf("%s: %v\n%s%s", c.name, err, c.stdout.Bytes(), c.stderr.Bytes())
			return false
		}
		return true
	}
	for r := range procReaders {
		readers = append(readers, start(fmt.Sprintf("reader %d", r), "reader"))
	}
	for w := range procWriters {
		writers = append(writers, start(fmt.Sprintf("writer %d", w), "writer",
			procWriter+"="+strconv.Itoa(w), procGames+"="+strconv.Itoa(procGamesEach)))
	}
	ok := true
	for _, c := range writers {
		ok = wait(c) && ok
	}
	for _, c := range readers {
		c.stdin.Close()
	}
	for _, c := range readers {
		if wait(c) {
			t.Logf("%s: %s", c.name, bytes.TrimSpace(c.stdout.Bytes()))
		}
	}
	if !ok {
		t.FailNow()
	}

	// What the writers were told: the number of each game, or that it
	// waits.
	total := procWriters * procGamesEach
	seedOf := make(map[int64]uint64)
	pending := 0
	for _, c := range writers {
		for _, line := range strings.Split(c.stdout.String(), "\n") {
			var n int64
			var seed uint64
			if _, err := fmt.Sscanf(line, "pending %d", &seed); err == nil {
				pending++
				continue
			}
			if _, err := fmt.Sscanf(line, "n %d %d", &n, &seed); err != nil {
				continue
			}
			if was, dup := seedOf[n]; dup {
				t.Errorf("number %d was given to the games of seeds %d and %d", n, was, seed)
			}
			seedOf[n] = seed
		}
	}
	if len(seedOf)+pending != total {
		t.Errorf("the writers were given %d numbers and kept %d games for later; want %d in all", len(seedOf), pending, total)
	}

	d, err = Open(dir, procNoWarning(t))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	ctx := t.Context()
	kept, left, err := d.KeepPending(ctx, func(g history.Game, _ Prior) history.Game { return g })
	if kept != pending || left != 0 || err != nil {
		t.Errorf("KeepPending() = %d, %d, %v; want %d, 0, nil", kept, left, err, pending)
	}
	if pending > 0 {
		t.Logf("%d games of %d waited for the next start", pending, total)
	}
	if n, err := d.Count(ctx); n != int64(total) || err != nil {
		t.Errorf("Count() = %d, %v; want %d", n, err, total)
	}
	games := make([]history.Game, 0, total)
	seen := make(map[uint64]int64)
	for n := int64(1); n <= int64(total); n++ {
		g, err := d.Game(ctx, n)
		if err != nil {
			t.Errorf("Game(%d): %v", n, err)
			continue
		}
		if was, dup := seen[g.Seed]; dup {
			t.Errorf("the game of seed %d is kept twice, as %d and %d", g.Seed, was, n)
		}
		seen[g.Seed] = n
		if want, ok := seedOf[n]; ok && g.Seed != want {
			t.Errorf("Game(%d).Seed = %d; the writer was given %d for seed %d", n, g.Seed, n, want)
		}
		games = append(games, g)
	}
	for w := range procWriters {
		for i := range procGamesEach {
			if _, ok := seen[procSeed(w, i)]; !ok {
				t.Errorf("the game %d of writer %d (seed %d) is not kept", i, w, procSeed(w, i))
			}
		}
	}
	if _, err := d.Game(ctx, int64(total)+1); !errors.Is(err, ErrNoGame) {
		t.Errorf("Game(%d) error = %v; want ErrNoGame", total+1, err)
	}
	got, err := d.Stats(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	procSameStats(t, got, history.Summarize(games))
	procIntegrity(t, d)
}

// procSameStats reports how got, the store's statistics, differ from
// want, history.Summarize's.
func procSameStats(t *testing.T, got, want []history.Stats) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("Stats(nil) has %d kinds; Summarize has %d", len(got), len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Kind != w.Kind || g.Known != w.Known || g.Level != w.Level {
			t.Errorf("Stats(nil)[%d] is %v known=%v level %q; Summarize's is %v known=%v level %q", i, g.Kind, g.Known, g.Level, w.Kind, w.Known, w.Level)
			continue
		}
		if g.Played != w.Played || g.Won != w.Won || g.WinRate != w.WinRate || g.CurrentStreak != w.CurrentStreak || g.BestStreak != w.BestStreak {
			t.Errorf("%v known=%v: played, won, rate, streak, best streak = %d, %d, %v, %d, %d; Summarize says %d, %d, %v, %d, %d",
				g.Kind, g.Known, g.Played, g.Won, g.WinRate, g.CurrentStreak, g.BestStreak, w.Played, w.Won, w.WinRate, w.CurrentStreak, w.BestStreak)
		}
		same := len(g.Best) == len(w.Best)
		for j := 0; same && j < len(w.Best); j++ {
			same = g.Best[j].TimeMS == w.Best[j].TimeMS && g.Best[j].Date.Equal(w.Best[j].Date)
		}
		if !same {
			t.Errorf("%v known=%v: best times %v; Summarize says %v", g.Kind, g.Known, g.Best, w.Best)
		}
		if g.Best3BVs != w.Best3BVs || fmt.Sprint(g.Recent3BVs) != fmt.Sprint(w.Recent3BVs) {
			t.Errorf("%v known=%v: best speed %v, recent %v; Summarize says %v, %v", g.Kind, g.Known, g.Best3BVs, g.Recent3BVs, w.Best3BVs, w.Recent3BVs)
		}
	}
}

// procNoWarning returns a warn function that fails the test.
func procNoWarning(t testing.TB) func(string) {
	return func(s string) { t.Errorf("warning: %s", s) }
}

// procIntegrity checks the database with SQLite's own integrity check.
func procIntegrity(t testing.TB, d *DB) {
	t.Helper()
	var got string
	if err := d.db.QueryRowContext(t.Context(), "PRAGMA integrity_check").Scan(&got); err != nil || got != "ok" {
		t.Errorf("PRAGMA integrity_check = %q, %v; want ok", got, err)
	}
}

// The games of the kill tests: procCommitted committed, then a
// transaction of procPending games of procBigMoves moves each, more than
// SQLite's page cache holds, so that some of it is in the WAL file,
// uncommitted, when the process is killed.
const (
	procCommitted = 5
	procPending   = 40
	procBigMoves  = 4000
	// procSpilled is the least the WAL file is expected to hold then.
	procSpilled = 256 << 10
)

// procPendingSeed is the seed of the first game of the transaction cut
// short.
const procPendingSeed = 1000

// helpKillInTransaction commits procCommitted games, printing "committed
// N" for each, then writes more in a transaction and, printing "in
// transaction", waits to be killed.
func helpKillInTransaction(ctx context.Context, t *testing.T, dir string, warn func(string)) {
	d, err := Open(dir, warn)
	if err != nil {
		t.Fatal(err)
	}
	for i := range procCommitted {
		n, err := d.Append(ctx, procGame(uint64(i+1), procBase.Add(time.Duration(i)*time.Minute), 3))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Printf("committed %d\n", n)
	}
	err = d.write(ctx, func(tx *sql.Tx) error {
		for i := range procPending {
			g := procGame(procPendingSeed+uint64(i), procBase.Add(time.Hour+time.Duration(i)*time.Minute), procBigMoves)
			rec, err := json.Marshal(&g)
			if err != nil {
				return err
			}
			if _, err := d.insertGame(ctx, tx, &g, rec); err != nil {
				return err
			}
		}
		fmt.Println("in transaction")
		time.Sleep(procBlock)
		os.Exit(3)
		return nil
	})
	t.Fatalf("the transaction ended (%v), not killed", err)
}

// procKill starts cmd, reads its output until a line is marker, then
// kills it (SIGKILL) and waits for it to end; it returns the lines read.
func procKill(t *testing.T, cmd *exec.Cmd, marker string) []string {
	t.Helper()
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var lines []string
	found := false
	for sc := bufio.NewScanner(out); !found && sc.Scan(); {
		found = sc.Text() == marker
		lines = append(lines, sc.Text())
	}
	if !found {
		cmd.Wait()
		t.Fatalf("the child ended before %q:\n%s\n%s", marker, strings.Join(lines, "\n"), stderr.Bytes())
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, out)
	err = cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != -1 {
		t.Fatalf("the child ended with %v, not killed:\n%s\n%s", err, strings.Join(lines, "\n"), stderr.Bytes())
	}
	return lines
}

// procWAL returns the size of the store's WAL file in dir, 0 if there is
// none.
func procWAL(dir string) int64 {
	fi, err := os.Stat(filepath.Join(dir, FileName+"-wal"))
	if err != nil {
		return 0
	}
	return fi.Size()
}

// TestProcessKillInTransaction kills a writer in the middle of a
// transaction, part of it written to the WAL file: the games committed
// before are all kept, none of the transaction's, and the store goes on
// numbering from the last committed.
func TestProcessKillInTransaction(t *testing.T) {
	if raceEnabled {
		t.Skip("its processes contend for the file, not its goroutines: make test runs it without the race detector")
	}
	dir := t.TempDir()
	lines := procKill(t, procStart(t, "kill-in-transaction", dir), "in transaction")
	var committed []int64
	for _, line := range lines {
		var n int64
		if _, err := fmt.Sscanf(line, "committed %d", &n); err == nil {
			committed = append(committed, n)
		}
	}
	if len(committed) != procCommitted {
		t.Fatalf("the child committed %d games (%q); want %d", len(committed), lines, procCommitted)
	}
	// Else the test does not test what it says.
	if wal := procWAL(dir); wal < procSpilled {
		t.Errorf("the WAL file holds %d bytes when the child is killed; want the transaction's pages, at least %d", wal, procSpilled)
	} else {
		t.Logf("the WAL file holds %d bytes when the child is killed", wal)
	}

	ctx := t.Context()
	d, err := Open(dir, procNoWarning(t))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if n, err := d.Count(ctx); n != procCommitted || err != nil {
		t.Errorf("Count() = %d, %v; want %d", n, err, procCommitted)
	}
	for i, n := range committed {
		if n != int64(i+1) {
			t.Errorf("the game %d committed was numbered %d; want %d", i, n, i+1)
		}
		if g, err := d.Game(ctx, n); err != nil || g.Seed != uint64(i+1) {
			t.Errorf("Game(%d) = seed %d, %v; want seed %d", n, g.Seed, err, i+1)
		}
	}
	all, err := d.Latest(ctx, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range all {
		if g.Game.Seed >= procPendingSeed {
			t.Errorf("game %d, of seed %d, was never committed but is kept", g.N, g.Game.Seed)
		}
	}
	stats, err := d.Stats(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	played := 0
	for _, s := range stats {
		played += s.Played
	}
	if played != procCommitted {
		t.Errorf("Stats(nil) counts %d games played; want %d", played, procCommitted)
	}
	procIntegrity(t, d)
	n, err := d.Append(ctx, procGame(99, procBase.Add(2*time.Hour), 3))
	if n != procCommitted+1 || err != nil {
		t.Errorf("Append after the kill = %d, %v; want %d, nil", n, err, procCommitted+1)
	}
	if g, err := d.Game(ctx, procCommitted+1); err != nil || g.Seed != 99 {
		t.Errorf("Game(%d) = seed %d, %v; want seed 99", procCommitted+1, g.Seed, err)
	}
}

// TestProcessKillInImport kills the first Open of a state directory in
// the middle of importing a long history.jsonl, before and after the
// import's commit: the next Open imports every game, once, and renames
// the file.
func TestProcessKillInImport(t *testing.T) {
	if raceEnabled {
		t.Skip("its processes contend for the file, not its goroutines: make test runs it without the race detector")
	}
	const games = 24
	tests := []struct {
		role, marker string
		// pad is the length of each game's Source: the games of the
		// first case are larger than SQLite's page cache, so that some of
		// them are in the WAL file, uncommitted, when the process is
		// killed. (A long string is quicker to read than many moves.)
		pad     int
		spilled bool
	}{
		{"kill-before-import-commit", "committing", 100 << 10, true},
		{"kill-before-import-rename", "committed", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.role, func(t *testing.T) {
			dir := t.TempDir()
			// The database is made first, so that the import's is the
			// child's first commit.
			d, err := Open(dir, procNoWarning(t))
			if err != nil {
				t.Fatal(err)
			}
			d.Close()
			var log bytes.Buffer
			for i := range games {
				g := procGame(uint64(i+1), procBase.Add(time.Duration(i)*time.Minute), 3)
				g.Source = strings.Repeat("s", tt.pad)
				line, err := json.Marshal(g)
				if err != nil {
					t.Fatal(err)
				}
				log.Write(line)
				log.WriteByte('\n')
			}
			path := filepath.Join(dir, oldLog)
			if err := os.WriteFile(path, log.Bytes(), 0o600); err != nil {
				t.Fatal(err)
			}

			procKill(t, procStart(t, tt.role, dir), tt.marker)
			if tt.spilled {
				if wal := procWAL(dir); wal < procSpilled {
					t.Errorf("the WAL file holds %d bytes when the child is killed; want the import's pages, at least %d", wal, procSpilled)
				} else {
					t.Logf("the WAL file holds %d bytes when the child is killed", wal)
				}
			}
			if _, err := os.Stat(path); err != nil {
				t.Fatalf("the killed import: %v", err)
			}

			ctx := t.Context()
			d, err = Open(dir, procNoWarning(t))
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			if n, err := d.Count(ctx); n != games || err != nil {
				t.Errorf("Count() = %d, %v; want %d", n, err, games)
			}
			for n := int64(1); n <= games; n++ {
				if g, err := d.Game(ctx, n); err != nil || g.Seed != uint64(n) || len(g.Source) != tt.pad {
					t.Errorf("Game(%d) = seed %d, source of %d bytes, %v; want seed %d, %d bytes", n, g.Seed, len(g.Source), err, n, tt.pad)
				}
			}
			if _, err := os.Stat(path); err == nil {
				t.Errorf("%s is still there after the import", oldLog)
			}
			if got, err := os.ReadFile(path + importedSuffix); err != nil || !bytes.Equal(got, log.Bytes()) {
				t.Errorf("%s%s is not the log as it was (%d bytes of %d, %v)", oldLog, importedSuffix, len(got), log.Len(), err)
			}
			procIntegrity(t, d)
		})
	}
}

// TestProcessFirstOpen opens a new store while another connection holds
// the write lock of the database, not yet in WAL mode, as another
// minesweeper making the store at the same moment does: Open waits for
// it, as it waits for any write, rather than fail.
func TestProcessFirstOpen(t *testing.T) {
	dir := t.TempDir()
	// The other connection waits for locks as a store's does: its COMMIT
	// needs the readers Open makes meanwhile to finish their statements.
	other, err := sql.Open("sqlite", "file:"+(&url.URL{Path: filepath.Join(dir, FileName)}).EscapedPath()+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	conn, err := other.Conn(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(t.Context(), "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	// The lock is let go a moment later, long enough for Open to meet it
	// and far less than busyTimeout: an Open that waits succeeds however
	// long the moment is.
	released := make(chan error, 1)
	go func() {
		time.Sleep(200 * time.Millisecond)
		_, err := conn.ExecContext(context.Background(), "COMMIT")
		released <- err
	}()
	d, err := Open(dir, procNoWarning(t))
	if err := <-released; err != nil {
		t.Fatal(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if n, err := d.Append(t.Context(), procGame(1, procBase, 3)); n != 1 || err != nil {
		t.Errorf("Append = %d, %v; want 1, nil", n, err)
	}
}
