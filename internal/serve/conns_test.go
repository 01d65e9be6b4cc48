package serve

import (
	"bufio"
	"errors"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/testwait"
	"golang.org/x/crypto/ssh"
)

// silentFrom opens a TCP connection to addr from the loopback address ip,
// and says nothing on it; it waits until the server has dealt with it:
// its handshake begun (the server's version line read) or the connection
// closed.
func silentFrom(t *testing.T, addr, ip string) net.Conn {
	t.Helper()
	c := dialRaw(t, addr, ip)
	_ = c.SetReadDeadline(testwait.Limit(t))
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) || err == nil && !strings.HasPrefix(line, "SSH-2.0-") {
		t.Fatalf("silent connection from %s: read %q, %v; want the server's version or the end", ip, line, err)
	}
	return c
}

// dialRaw opens a TCP connection to addr from the loopback address ip.
func dialRaw(t *testing.T, addr, ip string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatalf("dial from %s: %v", ip, err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// closed reports whether the server closed c, waiting for it until the
// test's limit.
func closed(t *testing.T, c net.Conn) bool {
	_ = c.SetReadDeadline(testwait.Limit(t))
	_, err := io.Copy(io.Discard, c)
	return err == nil // the end, not the deadline
}

// dialFrom connects to addr from the loopback address ip as a guest, and
// returns the banner the server sent while it authenticated.
func dialFrom(addr, ip string) (*ssh.Client, string, error) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		return nil, "", err
	}
	banner := ""
	cc, chans, reqs, err := ssh.NewClientConn(c, addr, &ssh.ClientConfig{
		User: "player",
		Auth: []ssh.AuthMethod{ssh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) {
			return nil, nil
		})},
		HostKeyCallback: ssh.InsecureIgnoreHostKey(),
		BannerCallback:  func(msg string) error { banner += msg; return nil },
		Timeout:         5 * time.Second,
	})
	if err != nil {
		c.Close()
		return nil, banner, err
	}
	return ssh.NewClient(cc, chans, reqs), banner, nil
}

// Connections that never speak, four from each of several addresses and
// more of them than the server holds connecting, take no player's place:
// the oldest are closed for the newer, and a player still gets in.
func TestSilentConnections(t *testing.T) {
	ts := startServer(t, Config{Limits: limits(func(l *Limits) {
		l.Sessions, l.Connecting, l.ConnectingPerAddress = 2, 8, 4
	})})
	var silent []net.Conn
	for _, ip := range []string{"127.0.0.2", "127.0.0.3", "127.0.0.4"} {
		for range 4 {
			silent = append(silent, silentFrom(t, ts.addr, ip))
		}
	}
	c, _, err := dialFrom(ts.addr, "127.0.0.1")
	if err != nil {
		t.Fatalf("a player after %d silent connections: %v", len(silent), err)
	}
	defer c.Close()
	tm := open(t, c, 80, 24)
	tm.waitFor("q quit")
	// Twelve came for eight places, and the player took one more: the
	// five oldest went.
	for i, s := range silent[:5] {
		if !closed(t, s) {
			t.Errorf("silent connection %d is open; want the five oldest closed", i+1)
		}
	}
	if connecting := ts.Connecting(); connecting != 7 {
		t.Errorf("%d connections connecting; want the 7 silent ones left", connecting)
	}
	tm.send("q")
	if got := tm.wait(); got != 0 {
		t.Errorf("exit status %d, want 0", got)
	}
}

// A client refused for its address or its rate reads why in the banner
// of its authentication.
func TestRefusedBanner(t *testing.T) {
	tests := []struct {
		name   string
		limits Limits
		silent int // silent connections from the client's address first
		want   string
	}{
		{"rate", limits(func(l *Limits) { l.PerMinute = 2 }), 2,
			"minesweeper: more than 2 connections a minute from your address: try again in a minute\r\n"},
		{"address", limits(func(l *Limits) { l.ConnectingPerAddress = 2 }), 2,
			"minesweeper: 2 connections from your address are connecting already: try again once they are in\r\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := startServer(t, Config{Limits: tt.limits})
			for range tt.silent {
				silentFrom(t, ts.addr, "127.0.0.2")
			}
			c, banner, err := dialFrom(ts.addr, "127.0.0.2")
			if err == nil {
				c.Close()
				t.Fatalf("the client got in; want it refused")
			}
			if banner != tt.want {
				t.Errorf("banner %q; want %q", banner, tt.want)
			}
			// Another address is let in.
			c, _, err = dialFrom(ts.addr, "127.0.0.3")
			if err != nil {
				t.Fatalf("a client from another address: %v", err)
			}
			c.Close()
		})
	}
}

// Past the budget of refusals a refused client is closed without a
// handshake: no key exchange is spent on it.
func TestRefusalBudget(t *testing.T) {
	// The clock stands still (an hour ahead, so the connections'
	// deadlines are far): the budget's one refusal is not given back.
	now := time.Now().Add(time.Hour)
	ts := startServer(t, Config{Now: func() time.Time { return now }, Limits: limits(func(l *Limits) {
		l.PerMinute, l.Refusals = 1, 1
	})})
	c, _, err := dialFrom(ts.addr, "127.0.0.2")
	if err != nil {
		t.Fatalf("the first client: %v", err)
	}
	c.Close()
	if _, banner, err := dialFrom(ts.addr, "127.0.0.2"); err == nil || banner == "" {
		t.Fatalf("the second client: %v, banner %q; want refused and told", err, banner)
	}
	raw := dialRaw(t, ts.addr, "127.0.0.2")
	_ = raw.SetReadDeadline(time.Now().Add(10 * time.Second))
	if got, err := io.ReadAll(raw); err != nil || len(got) > 0 {
		t.Fatalf("the third client read %q, %v; want the end at once, not the server's version", got, err)
	}
	if _, banner, err := dialFrom(ts.addr, "127.0.0.2"); err == nil || banner != "" {
		t.Errorf("the fourth client: %v, banner %q; want refused untold", err, banner)
	}
}
