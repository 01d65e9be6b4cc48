package serve

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/serve/host"
	"github.com/minesweeper-go/minesweeper/internal/store"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
	"golang.org/x/crypto/ssh"
)

// childEnv names the data directory of the server TestServeChild runs.
const childEnv = "MINESWEEPER_SERVE_CHILD"

// TestServeChild is the server that TestKilledServer runs in a process of
// its own, to kill it: it serves the store in $MINESWEEPER_SERVE_CHILD,
// prints its address, and serves until it is killed.
func TestServeChild(t *testing.T) {
	dir := os.Getenv(childEnv)
	if dir == "" {
		t.Skip("the server of TestKilledServer, which runs it")
	}
	players, err := store.OpenPlayers(context.Background(), dir, "", func(string) {})
	if err != nil {
		t.Fatal(err)
	}
	key, err := host.Key(dir)
	if err != nil {
		t.Fatal(err)
	}
	var seeds atomic.Uint64
	s, _ := newServer(t, Config{Players: players, Limits: limits(func(*Limits) {}), tick: -1, showSeed: true,
		NewSeed: func() uint64 { return seeds.Add(0x9e3779b97f4a7c15) }}, key)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("ADDR %s\n", l.Addr())
	t.Fatal(s.Serve(l)) // until killed
}

// A server killed (kill -9) while its sessions keep games loses none that
// a player saw end: every game is kept before its end is drawn. The test
// runs in parallel with the others that wait: its server is a process,
// with a store, of its own.
func TestKilledServer(t *testing.T) {
	ctx := context.Background()
	t.Parallel()
	if testing.Short() {
		t.Skip("starts a server process")
	}
	if raceEnabled {
		t.Skip("its server is a process killed mid-write: what it checks is in the file, not in its goroutines; make test runs it without the race detector")
	}
	const sessions = 4
	dir := t.TempDir()
	players, err := store.OpenPlayers(context.Background(), dir, "", func(string) {})
	if err != nil {
		t.Fatal(err)
	}
	keys := make([]ssh.Signer, sessions)
	for i := range keys {
		keys[i] = testKey(t)
		id := host.Fingerprint(keys[i])
		if err := players.SetName(ctx, id, fmt.Sprintf("kill %d", i)); err != nil {
			t.Fatal(err)
		}
		if err := players.Player(id).SavePrefs(ctx, history.Prefs{V: history.Version, Board: expert, Level: "expert"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := players.Close(); err != nil {
		t.Fatal(err)
	}

	child := exec.Command(os.Args[0], "-test.run=^TestServeChild$", "-test.count=1")
	child.Env = append(os.Environ(), childEnv+"="+dir)
	out, err := child.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	defer child.Process.Kill()
	sc := bufio.NewScanner(out)
	addr := ""
	for sc.Scan() {
		if a, ok := strings.CutPrefix(sc.Text(), "ADDR "); ok {
			addr = a
			break
		}
	}
	if addr == "" {
		t.Fatalf("the server printed no address")
	}
	go func() {
		for sc.Scan() {
		}
	}()

	var seen, finished atomic.Int64
	var wg sync.WaitGroup
	clients := make([]*loadClient, sessions)
	var started sync.WaitGroup
	started.Add(sessions)
	go_ := make(chan struct{})
	for i := range clients {
		clients[i] = &loadClient{dial: func(k ssh.Signer) (*ssh.Client, error) { return dialTo(addr, k) }, key: keys[i], seen: &seen, limit: testwait.Limit(t)}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer finished.Add(1)
			_ = clients[i].play(&started, go_, time.Now().Add(time.Hour)) // ends with the server
		}()
	}
	started.Wait()
	close(go_)
	// Killed once the players saw some games end: every one of them must
	// be kept.
	testwait.Until(t, func() bool { return seen.Load() >= 5*sessions || finished.Load() == sessions })
	if n := seen.Load(); n < 5*sessions {
		t.Fatalf("%d games seen to end before the players stopped, want %d", n, 5*sessions)
	}
	if err := child.Process.Kill(); err != nil { // SIGKILL, mid-write as likely as not
		t.Fatal(err)
	}
	_ = child.Wait()
	wg.Wait()

	players, err = store.OpenPlayers(context.Background(), dir, "", func(msg string) { t.Errorf("warning: %s", msg) })
	if err != nil {
		t.Fatal(err)
	}
	defer players.Close()
	var rows int64
	for _, k := range keys {
		st := players.Player(host.Fingerprint(k))
		n, err := st.Count(ctx)
		if err != nil {
			t.Fatal(err)
		}
		rows += n
		games, err := st.Latest(ctx, 0, true)
		if err != nil || int64(len(games)) != n {
			t.Errorf("the games of a player: %d read (%v), want %d", len(games), err, n)
		}
	}
	if got := seen.Load(); rows < got || rows > got+sessions {
		t.Errorf("the store keeps %d games; the players saw %d end (at most one a session more may have been kept unseen)", rows, got)
	}
	t.Logf("%d games seen to end, %d kept", seen.Load(), rows)
}
