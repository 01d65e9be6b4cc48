package serve

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/store"
	"golang.org/x/crypto/ssh"
)

// A key or an address an operator banned (minesweeper moderate) is
// refused at connection, and told why in the authentication's banner;
// a key refused does not get in as a guest on the same connection (its
// client's next method); others play on. On main nothing was refused.
func TestBanned(t *testing.T) {
	ts := startServer(t, Config{})
	bannedKey, otherKey := testKey(t), testKey(t)
	ctx := context.Background()
	if err := ts.cfg.Players.Ban(ctx, store.Ban{Kind: store.BanKey, Target: ssh.FingerprintSHA256(bannedKey.PublicKey()), Reason: "scripted runs"}); err != nil {
		t.Fatal(err)
	}
	guest := ssh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) { return nil, nil })
	try := func(auth ...ssh.AuthMethod) (string, error) {
		var mu sync.Mutex
		banner := ""
		c, err := ssh.Dial("tcp", ts.addr, &ssh.ClientConfig{
			User: "player", Auth: auth, HostKeyCallback: ssh.InsecureIgnoreHostKey(), Timeout: time.Minute,
			BannerCallback: func(msg string) error { mu.Lock(); banner += msg; mu.Unlock(); return nil },
		})
		if err == nil {
			c.Close()
		}
		mu.Lock()
		defer mu.Unlock()
		return banner, err
	}
	const keyLine = "minesweeper: your key is banned from this server: scripted runs\r\n"
	tests := []struct {
		name   string
		auth   []ssh.AuthMethod
		banner string // "" for none, and let in
	}{
		{"banned key", []ssh.AuthMethod{ssh.PublicKeys(bannedKey)}, keyLine},
		{"banned key, then as a guest", []ssh.AuthMethod{ssh.PublicKeys(bannedKey), guest}, keyLine},
		{"another key", []ssh.AuthMethod{ssh.PublicKeys(otherKey)}, ""},
		{"a guest", []ssh.AuthMethod{guest}, ""},
	}
	for _, tt := range tests {
		banner, err := try(tt.auth...)
		if tt.banner == "" && (err != nil || banner != "") || tt.banner != "" && (err == nil || !strings.Contains(banner, tt.banner)) {
			t.Errorf("%s: dial: %v, banner %q; want %q and refused: %v", tt.name, err, banner, tt.banner, tt.banner != "")
		}
	}
	if err := ts.cfg.Players.Ban(ctx, store.Ban{Kind: store.BanAddr, Target: "127.0.0.0/8", Reason: "a flood"}); err != nil {
		t.Fatal(err)
	}
	if banner, err := try(guest); err == nil || !strings.Contains(banner, "minesweeper: your address is banned from this server: a flood\r\n") {
		t.Errorf("a guest from a banned address: dial: %v, banner %q; want refused, told why", err, banner)
	}
}
