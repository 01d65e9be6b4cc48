package host

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/crypto/ssh"
)

// RFC 4254 says zero dimensions MUST be ignored: a client that sends 0x0
// (ssh -tt with a pipe for its input) is drawn on 80x24, and a window
// change with a zero keeps the size (over SSH: serve's TestZeroSize).
func TestZeroSize(t *testing.T) {
	tests := []struct {
		from       termSize
		w, h       uint32
		want       termSize
		whyChanged string
	}{
		{termSize{80, 24}, 0, 0, termSize{80, 24}, "zeros ignored"},
		{termSize{80, 24}, 100, 0, termSize{100, 24}, "a zero height ignored"},
		{termSize{80, 24}, 0, 40, termSize{80, 40}, "a zero width ignored"},
		{termSize{80, 24}, 120, 50, termSize{120, 50}, "a real size taken"},
		{termSize{80, 24}, 1 << 31, 1 << 31, termSize{MaxColumns, MaxRows}, "clamped"},
		{termSize{100, 30}, 0, 0, termSize{100, 30}, "the last size kept"},
	}
	for _, tt := range tests {
		if got := tt.from.resized(tt.w, tt.h); got != tt.want {
			t.Errorf("%v.resized(%d, %d) = %v; want %v (%s)", tt.from, tt.w, tt.h, got, tt.want, tt.whyChanged)
		}
	}
}

// A command ("ssh -t HOST watch NAME") is one of the app's, split at its
// spaces, bounded in bytes and words, and made printable; anything else
// is refused with the line that names the commands.
func TestCommand(t *testing.T) {
	s := &Server{cfg: Config{App: App{Name: "game", Commands: []string{"watch", "watching"}}}}
	none := &Server{cfg: Config{App: App{Name: "game"}}}
	refused := "this server plays game and runs no command but watch, watching: connect with ssh -t, and one of them or none"
	tests := []struct {
		srv     *Server
		command string
		want    []string
		err     string
	}{
		{s, "watch", []string{"watch"}, ""},
		{s, "  watch   Alice ", []string{"watch", "Alice"}, ""},
		{s, "watch A\x1b[2Jb", []string{"watch", "A\uFFFD[2Jb"}, ""},
		{s, "ls", nil, refused},
		{s, "", nil, refused},
		{s, "watch " + strings.Repeat("a", maxCommand), nil, refused},
		{s, "watch" + strings.Repeat(" a", maxWords), nil, refused},
		{none, "watch", nil, "this server plays game and runs no commands: connect with ssh -t and no command"},
	}
	for _, tt := range tests {
		got, err := tt.srv.command(ssh.Marshal(execRequest{tt.command}))
		if (err == nil) != (tt.err == "") || err != nil && err.Error() != tt.err || !slices.Equal(got, tt.want) {
			t.Errorf("command(%q) = %q, %v; want %q, %q", tt.command, got, err, tt.want, tt.err)
		}
	}
}
