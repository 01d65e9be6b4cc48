package session

// Tests of one saved game resumed by two runs of the game at once, each a
// process of its own: the test binary runs itself again as each run
// (TestClaimHelper), on one state directory, and tells it what to do a
// line at a time on its standard input.

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/store"
)

// The environment of a run in a child process: that it is one, and how
// far its leases' clock is ahead of the real one.
const (
	claimRole = "MINESWEEPER_CLAIMTEST_ROLE"
	claimSkew = "MINESWEEPER_CLAIMTEST_SKEW"
)

// claimTimeout bounds every child process: one that has not ended by
// then is killed, and the test fails rather than hangs.
const claimTimeout = 2 * time.Minute

// TestClaimHelper is a run of the game in a child process; it does
// nothing unless claimRole is set. It asks for the saved game of small,
// says "offered SEED" or "refused ELSEWHERE", then does what each line of
// its standard input says, answering a line each: "win" wins the game
// offered and keeps it, "quit" leaves it in play, "close" closes the
// session and ends. Warnings are said as "warning: ...".
func TestClaimHelper(t *testing.T) {
	if os.Getenv(claimRole) == "" {
		return
	}
	skew, err := time.ParseDuration(os.Getenv(claimSkew))
	if err != nil {
		t.Fatal(err)
	}
	cfg := smallConfig(t)
	s := New()
	s.leaseNow = func() time.Time { return time.Now().Add(skew) }
	kept, _, ok := s.Saved(cfg.Settings, true)
	if ok {
		fmt.Printf("offered %d\n", kept.Seed)
	} else {
		fmt.Printf("refused %d\n", s.Elsewhere())
	}
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		switch cmd := in.Text(); {
		case !ok && cmd != "close":
			fmt.Println("nothing offered")
		case cmd == "win":
			r := resumed(t, cfg, *kept, at(100))
			apply(t, r, at(110), mv(game.Open, 4, 3))
			k := r.Kept(at(110), true)
			c := s.Ended(k)
			s.Leave(k, true)
			fmt.Printf("kept %d %v\n", c.Number, c.Why)
		case cmd == "quit":
			fmt.Printf("saved %v\n", s.Leave(*kept, true).Saved)
		case cmd == "close":
			s.Close()
			for _, w := range s.Warnings() {
				fmt.Printf("warning: %s\n", w)
			}
			fmt.Println("closed")
			return
		default:
			t.Fatalf("unknown command %q", cmd)
		}
		for _, w := range s.Warnings() {
			fmt.Printf("warning: %s\n", w)
		}
		s.warnings = nil
	}
}

// run is a run of the game in a child process.
type run struct {
	t   *testing.T
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

// startRun starts a run of the game in a child process on the state
// directory dir, its leases' clock skew ahead, and returns it once it
// said what it was offered.
func startRun(t *testing.T, dir string, skew time.Duration) (*run, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), claimTimeout)
	t.Cleanup(cancel)
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestClaimHelper$", "-test.count=1", "-test.timeout="+claimTimeout.String())
	cmd.Env = append(os.Environ(), claimRole+"=run", claimSkew+"="+skew.String(), "MINESWEEPER_HOME="+dir)
	cmd.Stderr = os.Stderr
	cmd.WaitDelay = 10 * time.Second
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := &run{t: t, cmd: cmd, in: in, out: bufio.NewScanner(out)}
	t.Cleanup(func() {
		in.Close()
		cmd.Wait()
	})
	return r, r.line()
}

// line returns the run's next line that is not a warning; a warning
// fails the test.
func (r *run) line() string {
	r.t.Helper()
	for r.out.Scan() {
		l := r.out.Text()
		if strings.HasPrefix(l, "warning: ") {
			r.t.Logf("pid %d: %s", r.cmd.Process.Pid, l)
			continue
		}
		if strings.HasPrefix(l, "offered") || strings.HasPrefix(l, "refused") || strings.HasPrefix(l, "kept") ||
			strings.HasPrefix(l, "saved") || strings.HasPrefix(l, "closed") || strings.HasPrefix(l, "nothing") {
			return l
		}
	}
	r.t.Fatalf("pid %d ended without a word (%v)", r.cmd.Process.Pid, r.out.Err())
	return ""
}

// do tells the run to do cmd and returns its answer.
func (r *run) do(cmd string) string {
	r.t.Helper()
	if _, err := fmt.Fprintln(r.in, cmd); err != nil {
		r.t.Fatalf("pid %d: %v", r.cmd.Process.Pid, err)
	}
	return r.line()
}

// TestClaimProcesses checks that one saved game is resumed by one run of
// the game at a time, whatever the runs (two processes) do with it: the
// second is refused it while the first plays it, it is kept once, and no
// saved copy stays after it was kept. A run killed while it plays holds
// it until its lease runs out, and then another takes it over.
func TestClaimProcesses(t *testing.T) {
	if raceEnabled {
		t.Skip("its processes contend for the file, not its goroutines: make test runs it without the race detector")
	}
	tests := []struct {
		name string
		// play has the runs a and b do their part.
		play        func(t *testing.T, a, b *run)
		games, left int // the games kept, and left saved, at the end
	}{
		{
			name:  "both quit",
			play:  func(t *testing.T, a, b *run) { a.do("quit"); b.do("quit") },
			games: 0, left: 1,
		},
		{
			name:  "both try to win",
			play:  func(t *testing.T, a, b *run) { a.do("win"); b.do("win") },
			games: 1, left: 0,
		},
		{
			name:  "one wins, one quits",
			play:  func(t *testing.T, a, b *run) { a.do("win"); b.do("quit") },
			games: 1, left: 0,
		},
		{
			name:  "one quits, then the other wins",
			play:  func(t *testing.T, a, b *run) { a.do("quit"); b.do("win") },
			games: 0, left: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, dir := newSession(t)
			sessionIn(t, dir).Leave(leftGame(t, 1), true)
			a, offer := startRun(t, dir, 0)
			if offer != "offered 1" {
				t.Fatalf("the first run: %q; want offered 1", offer)
			}
			b, offer := startRun(t, dir, 0)
			if offer != "refused 1" {
				t.Errorf("the second run, while the first plays the game: %q; want refused 1 (played elsewhere)", offer)
			}
			tt.play(t, a, b)
			a.do("close")
			b.do("close")
			if got := len(historyOf(t, dir)); got != tt.games {
				t.Errorf("%d games kept; want %d", got, tt.games)
			}
			if got := len(savedSeeds(t, dir)); got != tt.left {
				t.Errorf("%d games left saved; want %d", got, tt.left)
			}
		})
	}
}

// TestClaimKilled checks that a run killed (SIGKILL) while it plays the
// saved game holds it until its lease runs out, and no longer: a run
// whose clock is past the lease takes it over.
func TestClaimKilled(t *testing.T) {
	_, dir := newSession(t)
	sessionIn(t, dir).Leave(leftGame(t, 1), true)
	a, offer := startRun(t, dir, 0)
	if offer != "offered 1" {
		t.Fatalf("the first run: %q; want offered 1", offer)
	}
	if err := a.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	a.cmd.Wait()
	tests := []struct {
		skew time.Duration
		want string
	}{
		{0, "refused 1"},
		{store.Lease / 2, "refused 1"},
		{store.Lease + time.Second, "offered 1"},
	}
	for _, tt := range tests {
		r, got := startRun(t, dir, tt.skew)
		if got != tt.want {
			t.Errorf("a run %v after the killed one claimed the game: %q; want %q", tt.skew, got, tt.want)
		}
		if strings.HasPrefix(got, "offered") {
			if won := r.do("win"); !strings.HasPrefix(won, "kept 1 ") {
				t.Errorf("the run that took the game over won it: %q; want kept 1", won)
			}
		}
		r.do("close")
	}
	if got := len(historyOf(t, dir)); got != 1 {
		t.Errorf("%d games kept; want 1", got)
	}
}

// TestClaimRenewed checks that a run renews its claim while it plays:
// the lease moves on with the run's clock.
func TestClaimRenewed(t *testing.T) {
	_, dir := newSession(t)
	sessionIn(t, dir).Leave(leftGame(t, 1), true)
	s := sessionIn(t, dir)
	var clock atomic.Int64
	clock.Store(time.Now().UnixNano())
	s.leaseNow = func() time.Time { return time.Unix(0, clock.Load()) }
	s.renewEvery = time.Millisecond
	if _, _, ok := s.Saved(smallConfig(t).Settings, true); !ok {
		t.Fatal("no saved game offered")
	}
	defer s.Close()
	later := time.Now().Add(time.Hour)
	clock.Store(later.UnixNano())
	want := later.Add(store.Lease)
	// The state the renewal leaves: the lease from the later time.
	for {
		saved, err := s.Store().Saved(ctx, smallConfig(t).Settings)
		if err != nil || len(saved) != 1 {
			t.Fatalf("Saved() = %d games, %v; want one", len(saved), err)
		}
		if saved[0].Until.Equal(want) {
			break
		}
		time.Sleep(time.Millisecond) // polls for the state, decides nothing
	}
}
