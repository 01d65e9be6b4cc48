//go:build unix

package main

import (
	"bytes"
	"context"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/record"
	"github.com/minesweeper-go/minesweeper/internal/store"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
	"github.com/minesweeper-go/minesweeper/internal/ui/remote"
)

// serveProcess is a minesweeper serve started by a test.
type serveProcess struct {
	cmd    *exec.Cmd
	port   string
	stderr *syncBuffer
	done   chan error
}

// syncBuffer is a bytes.Buffer for two goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startServe starts bin serve on a free loopback port with data, and waits
// until it listens. It is killed when the test ends, if still running.
func startServe(t *testing.T, bin, data string, args ...string) *serveProcess {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(l.Addr().String())
	l.Close()
	sp := &serveProcess{port: port, stderr: &syncBuffer{}, done: make(chan error, 1)}
	sp.cmd = exec.Command(bin, append([]string{"serve", "-listen", "127.0.0.1:" + port, "-data", data}, args...)...)
	sp.cmd.Stderr = sp.stderr
	if err := sp.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { sp.done <- sp.cmd.Wait() }()
	t.Cleanup(func() {
		_ = sp.cmd.Process.Kill()
		<-sp.done
		if t.Failed() {
			t.Logf("the server's log:\n%s", sp.stderr.String())
		}
	})
	if !testwait.Until(t, func() bool { return strings.Contains(sp.stderr.String(), "listening on") }) {
		t.Fatalf("the server did not start by the test's deadline:\n%s", sp.stderr.String())
	}
	return sp
}

// sshTools skips the test without OpenSSH's client (or fails it in CI),
// and returns a new key pair's private key file in dir.
func sshTools(t *testing.T, dir string) string {
	t.Helper()
	for _, tool := range []string{"ssh", "ssh-keygen"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("%s is needed for the end-to-end test in CI: %v", tool, err)
			}
			t.Skipf("%s not found: %v", tool, err)
		}
	}
	key := filepath.Join(dir, "id_ed25519")
	if out, err := exec.Command("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "e2e", "-f", key).CombinedOutput(); err != nil {
		t.Fatalf("ssh-keygen: %v\n%s", err, out)
	}
	return key
}

// sshArgs returns the arguments of OpenSSH's client connecting to the
// server on port with key ("" for none: a guest), reading no
// configuration, trusting the host key it is shown, and sending LANG.
func sshArgs(port, key string, extra ...string) []string {
	args := []string{"-F", "/dev/null", "-p", port,
		"-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
		"-o", "SendEnv=LANG", "-o", "IdentitiesOnly=yes"}
	if key != "" {
		args = append(args, "-i", key)
	} else {
		args = append(args, "-o", "PubkeyAuthentication=no")
	}
	return append(append(args, extra...), "player@127.0.0.1")
}

// TestE2EServe plays minesweeper serve through OpenSSH's client in a real
// terminal: a player connects, picks a name, wins today's daily board and
// finds the name on the leaderboard, in the game and in minesweeper
// leaderboard; the terminal is resized; a connection dropped mid-game
// leaves the game saved for the next; a client without a terminal is
// refused; SIGTERM stops the server, telling the player.
func TestE2EServe(t *testing.T) {
	t.Parallel()
	dir, bin := e2eBinary(t)
	key := sshTools(t, dir)
	data := t.TempDir()
	srv := startServe(t, bin, data)
	today := daily.Today(time.Now())

	// The first visit: a name, then today's daily beginner board, won.
	tm := startTmux(t, "env", append([]string{"LANG=C", "ssh", "-tt"}, sshArgs(srv.port, key)...)...)
	tm.waitFor("Choose a display name")
	tm.keys("-l", "Tess Ter")
	tm.keys("Enter")
	tm.waitFor("[ playing ]")
	tm.keys("o", "Down", "Down", "Down", "Down", "Down", "Down", "Down", "Right", "Enter")
	tm.waitFor("daily " + today)
	// The server's board is laid from its secret of the day, not the
	// public board gen -daily writes: the operator, who holds the secret,
	// lays it here (gen -daily -secret), as anyone can once the day ends.
	public, err := record.Read(strings.NewReader(runWithHome(t, t.TempDir(), bin, "gen", "-daily", "-date", today)))
	if err != nil {
		t.Fatal(err)
	}
	players, err := store.OpenPlayers(context.Background(), data, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	secret, ok, err := players.KeptSecret(context.Background(), today)
	players.Close()
	if !ok || err != nil {
		t.Fatalf("KeptSecret(%s) = %v, %v; want the secret of the board in play", today, ok, err)
	}
	commit := daily.Commitment(today, "beginner", secret)
	tm.waitFor("sha256 " + commit[:16])
	rec, err := record.Read(strings.NewReader(runWithHome(t, t.TempDir(), bin, "gen", "-daily", "-date", today,
		"-secret", daily.Secret(secret).String(), "-commitment", commit)))
	if err != nil {
		t.Fatal(err)
	}
	if slices.Equal(rec.Mines, public.Mines) {
		t.Errorf("the server's daily board is the public board of %s", today)
	}
	tm.keys("Enter") // the cursor starts on the start cell
	// The board is laid off the game's loop, and an opening before it is
	// laid is refused: the moves wait for the start cell to open.
	tm.waitUntil("the board opened", func(screen string) bool { return !strings.Contains(boardLines(screen), "<>") })
	winByKeys(t, tm, rec)
	tm.waitFor("[ You win ]")
	verifyRuns(t, data)
	tm.keys("b")
	tm.waitFor("Tess Ter")
	tm.keys("b") // closes it
	tm.waitUntil("the leaderboard closed", func(screen string) bool { return !strings.Contains(screen, "Tess Ter") })

	// A resize redraws the game at the new size: the board, centred,
	// moves right by half the width added.
	frame := func(screen string) int {
		for _, l := range strings.Split(screen, "\n") {
			if i := strings.Index(l, "+------------------+"); i >= 0 {
				return i
			}
		}
		return -1
	}
	before := frame(tm.capture())
	tm.tmux("resize-window", "-t", "e2e", "-x", "100", "-y", "30")
	tm.waitUntil("the board centred in 100 columns", func(screen string) bool {
		return before >= 0 && frame(screen) == before+10 && strings.Count(screen, "\n") == 30
	})
	tm.keys("q")
	tm.checkExit("You win")

	board := runWithHome(t, t.TempDir(), bin, "leaderboard", "-data", data)
	if !strings.Contains(board, "Tess Ter") || !strings.Contains(board, today) {
		t.Errorf("minesweeper leaderboard after the win:\n%s\nwant Tess Ter on %s's daily board", board, today)
	}

	// A connection dropped mid-game: the game is saved and offered again.
	tm = startTmux(t, "env", append([]string{"LANG=C", "ssh", "-tt"}, sshArgs(srv.port, key)...)...)
	tm.waitFor("[ playing ]")
	tm.keys("g", "0", "Enter") // the top-left corner, whose opening reaches the frame
	tm.waitFor("|  ")          // the opening rule: the corner opens
	left := boardLines(tm.capture())
	tm.kill(syscall.SIGKILL) // ssh dies; its connection with it
	if !testwait.Until(t, func() bool { return strings.Count(srv.stderr.String(), "session ended") >= 2 }) {
		t.Fatalf("the dropped session did not end by the test's deadline:\n%s", srv.stderr.String())
	}
	tm = startTmux(t, "env", append([]string{"LANG=C", "ssh", "-tt"}, sshArgs(srv.port, key)...)...)
	tm.waitFor("left unfinished")
	tm.keys("y")
	tm.waitFor("[ playing ]")
	if got := boardLines(tm.capture()); got != left {
		t.Errorf("the board resumed:\n%s\nwant the board left:\n%s", got, left)
	}

	// A client without a terminal is refused in a line.
	var stderr bytes.Buffer
	refused := exec.Command("ssh", append([]string{"-T"}, sshArgs(srv.port, key)...)...)
	refused.Stderr = &stderr
	err = refused.Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 {
		t.Errorf("ssh -T: %v, want exit status 1", err)
	}
	if got, want := stderr.String(), "minesweeper: the game needs a terminal: connect with ssh -t\r\n"; got != want {
		t.Errorf("ssh -T: stderr %q, want %q", got, want)
	}

	// SIGTERM: the player is told and the game saved; the server exits 0.
	if err := srv.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-srv.done:
		srv.done <- err // for the cleanup
		if err != nil {
			t.Errorf("the server after SIGTERM: %v, want exit status 0", err)
		}
	case <-testwait.After(t):
		t.Fatalf("the server did not stop by the test's deadline:\n%s", srv.stderr.String())
	}
	tm.checkExit("the server is stopping: ssh again to play on")
	tm.checkExit("saved")
}

// verifyRuns verifies every run of the server's records in data left off
// the ranked boards for its speed, as an operator would (minesweeper
// moderate verify): keys sent by tmux on a quiet machine win a beginner
// board faster than its ceiling (0.66 s, 21 3BV/s), and the leaderboard
// would then hold nobody, however long the test waited for the name.
func verifyRuns(t *testing.T, data string) {
	t.Helper()
	players, err := store.OpenPlayers(context.Background(), data, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer players.Close()
	runs, err := players.Unverified(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range runs {
		if err := players.Rule(context.Background(), r.N, store.Verified, "the test's keys"); err != nil {
			t.Fatal(err)
		}
	}
}

// winByKeys opens every safe cell of rec's board not yet open, the
// start cell opened already, in row order, by keys.
func winByKeys(t *testing.T, tm *tmuxGame, rec *record.Record) {
	t.Helper()
	b, err := rec.Board()
	if err != nil {
		t.Fatal(err)
	}
	mines := map[board.Point]bool{}
	for _, m := range rec.Mines {
		mines[m] = true
	}
	if _, err := b.Reveal(rec.Clicks[0]); err != nil {
		t.Fatal(err)
	}
	// The keys go no faster than the server's input budget takes them:
	// a test's tmux client sends them faster than a player types.
	pace := keyPace{credit: remote.InputBurst / 2, last: time.Now()}
	for y := range rec.Rows {
		for x := range rec.Cols {
			p := board.Point{X: x, Y: y}
			if mines[p] || b.Tile(p) != board.TileClosed {
				continue
			}
			pace.take(2 + p.Y + p.X + 1) // g 0, the moves, Enter
			tm.moveTo(p)
			tm.keys("Enter")
			if _, err := b.Reveal(p); err != nil {
				t.Fatal(err)
			}
		}
	}
}
