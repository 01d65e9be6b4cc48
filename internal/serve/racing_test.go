package serve

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/noguess"
	"github.com/minesweeper-go/minesweeper/internal/serve/host"
	"github.com/minesweeper-go/minesweeper/internal/store"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
	"golang.org/x/crypto/ssh"
)

// testRaceBoard is the tests' race board: small, so that a test clears it
// in a few keys.
var testRaceBoard = board.Settings{Width: 8, Height: 8, Mines: 6, Rule: board.Opening, NoGuess: true}

// testRaceSeed is the seed of every board of the race tests.
const testRaceSeed = 42

// raceServer starts a server whose races are on testRaceBoard, laid from
// testRaceSeed, with a short countdown.
func raceServer(t *testing.T) *testServer {
	t.Helper()
	return startServer(t, Config{
		NewSeed:       func() uint64 { return testRaceSeed },
		raceBoard:     testRaceBoard,
		raceCountdown: 10 * time.Millisecond,
	})
}

// namedPlayer makes a player called name (their first visit asks for it)
// and returns their key.
func namedPlayer(t *testing.T, ts *testServer, name string) ssh.Signer {
	t.Helper()
	tm, key := startPlayer(t, ts, name)
	tm.send("q")
	tm.wait()
	return key
}

// raceCode is a race's code on a racer's screen.
var raceCode = regexp.MustCompile(`Race ([a-z0-9]+): `)

// startRace starts a race as the player of key and returns their terminal
// and the race's code.
func startRace(t *testing.T, ts *testServer, key ssh.Signer) (*term, string) {
	t.Helper()
	tm := openCommand(t, ts.dial(t, key), 80, 24, "race")
	tm.waitFor("others join with ssh -t HOST race ")
	m := raceCode.FindStringSubmatch(tm.screen())
	if m == nil {
		t.Fatalf("no race code on the screen:\n%s", tm.screen())
	}
	return tm, m[1]
}

// clearKeys returns the keys that clear the race board of the tests from
// its start cell, where the cursor starts, as a player who knows the
// mines would: the cursor moved to each safe cell still closed, and
// space.
func clearKeys(t *testing.T) string {
	t.Helper()
	start := board.Point{X: testRaceBoard.Width / 2, Y: testRaceBoard.Height / 2}
	b, err := board.Generate(testRaceBoard, start, noguess.Layout, board.NewRand(testRaceSeed))
	if err != nil {
		t.Fatal(err)
	}
	mines := map[board.Point]bool{}
	for _, p := range b.Layout() {
		mines[p] = true
	}
	var keys strings.Builder
	at := start
	open := func(p board.Point) {
		for ; at.X < p.X; at.X++ {
			keys.WriteByte('l')
		}
		for ; at.X > p.X; at.X-- {
			keys.WriteByte('h')
		}
		for ; at.Y < p.Y; at.Y++ {
			keys.WriteByte('j')
		}
		for ; at.Y > p.Y; at.Y-- {
			keys.WriteByte('k')
		}
		keys.WriteByte(' ')
		if _, err := b.Apply(board.Move{Action: board.Open, At: p}); err != nil {
			t.Fatalf("open %v: %v", p, err)
		}
	}
	open(start)
	for y := range testRaceBoard.Height {
		for x := range testRaceBoard.Width {
			p := board.Point{X: x, Y: y}
			if !mines[p] && b.Tile(p) == board.TileClosed {
				open(p)
			}
		}
	}
	if b.Status() != board.Won {
		t.Fatalf("the keys leave the board %v:\n%s", b.Status(), b)
	}
	return keys.String()[1:] // the start cell is opened for the racers
}

// Two players race (ssh -t HOST race, then race CODE): both get ready,
// the same board starts for both with its start cell open, each sees the
// other beside the board; the race's games are listed for viewers and
// cannot be watched until it ends. One clears the board, the other gives
// up: both see the result table, and print it; the race is kept in the
// store (a win for one, second place for the other), and each racer's
// game in their records.
func TestRace(t *testing.T) {
	ts := raceServer(t)
	aliceKey, bobKey := namedPlayer(t, ts, "Alice"), namedPlayer(t, ts, "Bob")
	alice, code := startRace(t, ts, aliceKey)
	bob := openCommand(t, ts.dial(t, bobKey), 80, 24, "race "+code)
	bob.waitFor("Alice")
	alice.waitFor("Bob")
	alice.send(" ")
	bob.send(" ")
	for _, tm := range []*term{alice, bob} {
		tm.waitFor("space opens")
	}
	a, _ := boardOn(alice)
	b, _ := boardOn(bob)
	if strings.Join(a.rows, "\n") != strings.Join(b.rows, "\n") || a.cursor != b.cursor {
		t.Errorf("the racers' boards differ at the start:\nAlice's:\n%s\nBob's:\n%s", a, b)
	}
	viewer := openCommand(t, ts.dial(t, nil), 80, 24, "watch Alice")
	viewer.waitFor("Alice cannot be watched now: a race, watched once it ends")
	viewer.wait()

	alice.send(clearKeys(t))
	bob.waitFor("cleared in")
	bob.send("q") // gives up
	for _, tm := range []*term{alice, bob} {
		tm.waitFor("Results")
		tm.waitFor("1. Alice")
		tm.waitFor("2. Bob")
		tm.send("q")
		if got := tm.wait(); got != 0 {
			t.Errorf("a racer's exit status %d; want 0", got)
		}
		tm.waitFor("race " + code + ":")
	}
	for _, c := range []struct {
		key  ssh.Signer
		want store.RaceStats
	}{
		{aliceKey, store.RaceStats{Races: 1, Wins: 1}},
		{bobKey, store.RaceStats{Races: 1}},
	} {
		id := ssh.FingerprintSHA256(c.key.PublicKey())
		got, err := ts.cfg.Players.RaceStats(t.Context(), id)
		if err != nil || got.Races != c.want.Races || got.Wins != c.want.Wins {
			t.Errorf("RaceStats(%s) = %+v, %v; want %+v", id, got, err, c.want)
		}
		n, _, err := ts.cfg.Players.Player(id).Last(t.Context())
		if err != nil || n == 0 {
			t.Errorf("the last game of %s = %d, %v; want the race's, kept", id, n, err)
		}
	}
}

// The races' refusals, each a line: a guest, a code nobody has, a second
// race open, a race that started, too many words.
func TestRaceRefused(t *testing.T) {
	ts := raceServer(t)
	aliceKey, bobKey, carolKey := namedPlayer(t, ts, "Alice"), namedPlayer(t, ts, "Bob"), namedPlayer(t, ts, "Carol")
	alice, code := startRace(t, ts, aliceKey)
	tests := []struct {
		key     ssh.Signer
		command string
		want    string
	}{
		{nil, "race", "a guest cannot race"},
		{bobKey, "race zzzzzz", "no race has the code zzzzzz now"},
		{aliceKey, "race", "you have a race open already"},
		{aliceKey, "race " + code, "you are in the race " + code + " already"},
		{bobKey, "race a b", "race takes one code at most"},
	}
	for _, tt := range tests {
		tm := openCommand(t, ts.dial(t, tt.key), 80, 24, tt.command)
		tm.waitFor(tt.want)
		tm.wait()
	}
	bob := openCommand(t, ts.dial(t, bobKey), 80, 24, "race "+code)
	bob.waitFor("Alice")
	alice.send(" ")
	bob.send(" ")
	bob.waitFor("space opens")
	late := openCommand(t, ts.dial(t, carolKey), 80, 24, "race "+code)
	late.waitFor("no race has the code " + code)
	late.wait()
	for _, tm := range []*term{alice, bob} {
		tm.send("qq") // gives up, then leaves
		tm.wait()
	}
}

// A race's code is codeLen letters of codeAlphabet, found in any case for
// RaceCodeLife and refused after; a player has one race open at a time,
// and may start another once the racers of theirs left.
func TestRaceCode(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	ts := raceServer(t)
	g, err := New(Config{Players: ts.cfg.Players, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	r, err := g.newRace("SHA256:a")
	if err != nil {
		t.Fatalf("newRace() = %v", err)
	}
	if len(r.code) != codeLen || strings.Trim(r.code, codeAlphabet) != "" {
		t.Errorf("the code %q; want %d of %q", r.code, codeLen, codeAlphabet)
	}
	if _, err := g.newRace("SHA256:a"); err == nil {
		t.Errorf("newRace() with a race open = nil; want an error")
	}
	for _, c := range []struct {
		after time.Duration
		code  string
		ok    bool
	}{
		{0, r.code, true},
		{0, strings.ToUpper(r.code), true},
		{RaceCodeLife, r.code, true},
		{RaceCodeLife + time.Second, r.code, false},
		{0, "zzzzzz", false},
	} {
		now = r.created.Add(c.after)
		got, err := g.findRace(c.code)
		if (err == nil) != c.ok || c.ok && got != r {
			t.Errorf("findRace(%q) %v after the start = %v, %v; want found %v", c.code, c.after, got, err, c.ok)
		}
	}
	rc := &racer{id: "SHA256:a", hold: host.NewBudget(0).Hold(), changed: make(chan struct{}, 1)}
	if err := r.join(rc); err != nil {
		t.Fatal(err)
	}
	rc.leave()
	if _, err := g.newRace("SHA256:a"); err != nil {
		t.Errorf("newRace() once the race's racers left = %v; want nil", err)
	}
}

// A racer that stops reading is dropped as a player is, its connection
// closed once a write has waited Limits.Stall, and leaves the race: the
// others see them go. As TestStalledClient, it runs without the race
// detector.
func TestRaceStalledRacer(t *testing.T) {
	if raceEnabled {
		t.Skip("too slow under the race detector; make test runs it without")
	}
	ts := startServer(t, Config{
		NewSeed: func() uint64 { return testRaceSeed }, raceBoard: testRaceBoard,
		Limits: limits(func(l *Limits) { l.Stall = time.Second }),
	})
	aliceKey, bobKey := namedPlayer(t, ts, "Alice"), namedPlayer(t, ts, "Bob")
	alice, code := startRace(t, ts, aliceKey)
	stallAs(t, ts, bobKey, "race "+code)
	alice.waitFor("Bob")
	closed := func() bool { return strings.Contains(ts.logs.String(), "closed: the client read nothing for 1s") }
	if !testwait.Until(t, closed) {
		t.Fatalf("the stalled racer's connection was not closed by the test's deadline")
	}
	if !testwait.Until(t, func() bool { return !strings.Contains(alice.screen(), "Bob") }) {
		t.Errorf("the race still has the racer dropped:\n%s", alice.screen())
	}
	alice.send("q")
	alice.wait()
}

// The list of games (ssh -t HOST watch) is the server's menu of races
// too: r starts one and shows its code, c asks for a code and joins its
// race; after the race the list comes back with its results above it.
func TestRaceFromList(t *testing.T) {
	ts := raceServer(t)
	aliceKey, bobKey := namedPlayer(t, ts, "Alice"), namedPlayer(t, ts, "Bob")
	alice := openCommand(t, ts.dial(t, aliceKey), 80, 24, "watch")
	alice.waitFor("r starts a race")
	alice.send("r")
	alice.waitFor("others join with ssh -t HOST race ")
	m := raceCode.FindStringSubmatch(alice.screen())
	if m == nil {
		t.Fatalf("no race code on the screen:\n%s", alice.screen())
	}
	bob := openCommand(t, ts.dial(t, bobKey), 80, 24, "watch")
	bob.waitFor("c joins one")
	bob.send("c")
	bob.waitFor("The race's code")
	bob.send(m[1] + "\r")
	bob.waitFor("Alice")
	alice.send(" ")
	bob.send(" ")
	for _, tm := range []*term{alice, bob} {
		tm.waitFor("space opens")
	}
	alice.send("q") // gives up
	bob.waitFor("out")
	bob.send("q")
	for _, tm := range []*term{alice, bob} {
		tm.waitFor("Results")
		tm.send("q")
		tm.waitFor("race " + m[1] + ": 1. ")
		tm.send("q")
		if got := tm.wait(); got != 0 {
			t.Errorf("exit status %d; want 0", got)
		}
	}
}
