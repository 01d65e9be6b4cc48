package serve

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
	"golang.org/x/crypto/ssh"
)

// A guest plays the game in their terminal and quits: the screen is the
// game's, the line after it sums the game up, the exit status is 0.
func TestGuestPlays(t *testing.T) {
	ts := startServer(t, Config{})
	tm := open(t, ts.dial(t, nil), 80, 24)
	tm.waitFor("a guest: nothing is kept")
	tm.send(" ") // opens the cell under the cursor
	tm.send("q")
	if got := tm.wait(); got != 0 {
		t.Errorf("exit status %d, want 0", got)
	}
	if out := tm.output(); !strings.Contains(out, "\x1b[?1049l") && !strings.Contains(out, "\x1b[?47l") {
		t.Errorf("the alternate screen was not left: %q", tail(out))
	}
}

// Whatever is not a game with a terminal is refused in one line.
func TestRefused(t *testing.T) {
	ts := startServer(t, Config{})
	c := ts.dial(t, nil)
	tests := []struct {
		name string
		run  func(*ssh.Session) error
		want string
	}{
		{"no terminal", func(s *ssh.Session) error { return s.Shell() }, "minesweeper: the game needs a terminal: connect with ssh -t\r\n"},
		{"exec", func(s *ssh.Session) error { return s.Start("ls") }, "minesweeper: this server plays minesweeper and runs no command but watch, watching, race: connect with ssh -t, and one of them or none\r\n"},
		{"watch without a terminal", func(s *ssh.Session) error { return s.Start("watch") }, "minesweeper: the game needs a terminal: connect with ssh -t\r\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := c.NewSession()
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			var stderr lockedBuffer
			s.Stderr = &stderr
			if err := tt.run(s); err != nil {
				t.Fatalf("start: %v", err)
			}
			err = s.Wait()
			var ee *ssh.ExitError
			if !errors.As(err, &ee) || ee.ExitStatus() != 1 {
				t.Errorf("end: %v, want exit status 1", err)
			}
			if got := stderr.String(); got != tt.want {
				t.Errorf("stderr %q, want %q", got, tt.want)
			}
		})
	}
	t.Run("subsystem", func(t *testing.T) {
		s, err := c.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		stderr, err := s.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := s.RequestSubsystem("sftp"); err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(stderr)
		if want := "minesweeper: this server plays minesweeper and runs no command but watch, watching, race: connect with ssh -t, and one of them or none\r\n"; string(got) != want {
			t.Errorf("stderr %q, want %q", got, want)
		}
	})
	t.Run("agent and X11 forwarding", func(t *testing.T) {
		s, err := c.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		stderr, err := s.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		for _, req := range []string{"auth-agent-req@openssh.com", "x11-req"} {
			ok, err := s.SendRequest(req, true, nil)
			if err != nil || ok {
				t.Errorf("%s: ok %v, err %v; want refused", req, ok, err)
			}
		}
		if err := s.Shell(); err != nil { // no terminal: refused too, and the channel ends
			t.Fatal(err)
		}
		got, _ := io.ReadAll(stderr)
		want := "minesweeper: agent forwarding is refused: this server plays minesweeper only\r\n" +
			"minesweeper: the game needs a terminal: connect with ssh -t\r\n"
		if string(got) != want {
			t.Errorf("stderr %q, want %q", got, want)
		}
	})
	t.Run("port forwarding", func(t *testing.T) {
		_, err := c.Dial("tcp", "127.0.0.1:22")
		if err == nil || !strings.Contains(err.Error(), "port forwarding is refused") {
			t.Errorf("direct-tcpip: %v, want refused", err)
		}
		if _, err := c.Listen("tcp", "127.0.0.1:0"); err == nil {
			t.Errorf("tcpip-forward: accepted, want refused")
		}
	})
}

// The seed of a game is kept from its player until the game is over: a
// seed seen before lays the board offline, and the leaderboards count
// boards nobody could know. Quitting does not tell it either.
func TestSecretSeed(t *testing.T) {
	const seed = 424242
	seeds := []uint64{seed, seed + 1}
	ts := startServer(t, Config{NewSeed: func() uint64 {
		s := seeds[0]
		seeds = seeds[1:]
		return s
	}})
	tm := open(t, ts.dial(t, nil), 80, 24)
	tm.waitFor("[ playing ]")
	keys, err := script(seed, board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening})
	if err != nil {
		t.Fatal(err)
	}
	tm.send("g0")
	for _, k := range keys[:len(keys)-1] {
		tm.send(k)
	}
	// The help opened after them shows once every key before it is drawn.
	if strings.Contains(tm.screen(), "Keys") {
		t.Fatalf("the help shows before it is asked for:\n%s", tm.screen())
	}
	tm.send("?")
	tm.waitFor("Keys")
	if strings.Contains(tm.output(), "424242") {
		t.Fatalf("the seed is on the screen of a game in play:\n%s", tm.screen())
	}
	tm.send("x")               // closes the help
	tm.send(keys[len(keys)-1]) // the mine
	tm.waitFor("[ You lose ]")
	tm.waitFor("seed 424242")
	tm.send("n") // the next game's seed is kept again
	tm.waitFor("[ playing ]")
	tm.send(" q")
	tm.wait()
	if out := tm.output(); strings.Contains(out, "424243") || !strings.Contains(out, "its seed kept until its end") {
		t.Errorf("the summary of a game left in play: %q, want its seed kept", tail(out))
	}
}

// A player who leaves, or a server that stops, while the name is asked
// ends the session: nothing waits on a prompt nobody answers.
func TestEndDuringNamePrompt(t *testing.T) {
	for _, how := range []string{"dropped", "shutdown"} {
		t.Run(how, func(t *testing.T) {
			ts := startServer(t, Config{})
			c := ts.dial(t, testKey(t))
			tm := open(t, c, 80, 24)
			tm.waitFor("Choose a display name")
			switch how {
			case "dropped":
				c.Close()
			case "shutdown":
				ctx, cancel := testwait.Context(t)
				defer cancel()
				if err := ts.Shutdown(ctx); err != nil {
					t.Errorf("Shutdown: %v", err)
				}
				tm.waitFor("the server is stopping: ssh again to play on")
			}
			if !testwait.Until(t, func() bool { return ts.Sessions() == 0 }) {
				t.Errorf("%d sessions after the player left the name prompt, want 0", ts.Sessions())
			}
		})
	}
}
