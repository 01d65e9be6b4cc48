package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Bad flags and a host key others may read stop serve before it listens,
// with one line.
func TestServeRefuses(t *testing.T) {
	loose := t.TempDir()
	if err := os.WriteFile(filepath.Join(loose, "host_ed25519_key"), []byte("not a key"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no data", nil, exitUsage, "minesweeper serve: -data: the server's directory is required (its host key and records are kept there)\n"},
		{"argument", []string{"-data", t.TempDir(), "now"}, exitUsage, "minesweeper serve: unexpected argument \"now\"\n"},
		{"sessions", []string{"-data", t.TempDir(), "-max-sessions", "0"}, exitUsage, "minesweeper serve: -max-sessions: 0: at least 1\n"},
		{"rate", []string{"-data", t.TempDir(), "-rate", "-1"}, exitUsage, "minesweeper serve: -rate: -1: 0 (no limit) or more\n"},
		{"board", []string{"-data", t.TempDir(), "-max-board", "1000"}, exitUsage, "minesweeper serve: -max-board: \"1000\": want WIDTHxHEIGHT, such as 1000x1000\n"},
		{"cells", []string{"-data", t.TempDir(), "-max-cells", "-1"}, exitUsage, "minesweeper serve: -max-cells: -1: 0 (no limit) or more\n"},
		{"connecting", []string{"-data", t.TempDir(), "-max-connecting", "0"}, exitUsage, "minesweeper serve: -max-connecting: 0: at least 1\n"},
		{"idle", []string{"-data", t.TempDir(), "-idle", "-5m"}, exitUsage, "minesweeper serve: -idle: \"-5m\" is not a valid duration (want a number and a unit, such as 90s, 10m or 4h)\n"},
		{"loose key", []string{"-data", loose}, exitFailure, "minesweeper serve: the host key " + filepath.Join(loose, "host_ed25519_key") + " may be read by others (mode 0644): chmod 600 it\n"},
		{"listen", []string{"-data", t.TempDir(), "-listen", "127.0.0.1:99999"}, exitFailure, "minesweeper serve: listen tcp: address 99999: invalid port\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr strings.Builder
			code := run(append([]string{"serve"}, tt.args...), strings.NewReader(""), &stdout, &stderr)
			if code != tt.code || stderr.String() != tt.want {
				t.Errorf("serve %q: exit %d, stderr %q; want %d, %q", tt.args, code, stderr.String(), tt.code, tt.want)
			}
		})
	}
}
