package host

import (
	"errors"
	"net"
	"net/netip"

	"github.com/minesweeper-go/minesweeper/internal/userfile"
	"golang.org/x/crypto/ssh"
)

// Ban is what Config.Banned finds of a client: its key or its address
// banned.
type Ban struct {
	Kind   string // "key" for a key, anything else for an address
	Target string // what is banned, as the log names it
	Reason string // why, told to the client
}

// errBanned is the authentication's error of a banned key or address.
var errBanned = errors.New("banned")

// banned returns an error that tells the client why it is refused (an
// ssh.BannerError, which OpenSSH's client prints) when the key whose
// fingerprint is key ("" for a client without one) or the client's
// address is banned (Config.Banned), or nil. A connection that offered a
// banned key is remembered, so that its client's next method, without a
// key, is refused too. When the bans cannot be read the client is let
// in: the failure is logged, and locks out no one.
func (s *Server) banned(meta ssh.ConnMetadata, key string) error {
	id := meta.RemoteAddr().String() // one open connection's, forgotten at its close
	if why, ok := s.bannedConns.Load(id); ok {
		return &ssh.BannerError{Err: errBanned, Message: why.(string)}
	}
	if s.cfg.Banned == nil {
		return nil
	}
	var addr netip.Addr
	if a, ok := meta.RemoteAddr().(*net.TCPAddr); ok {
		addr, _ = netip.AddrFromSlice(a.IP)
	}
	b, ok, err := s.cfg.Banned(s.base, key, addr)
	if err != nil {
		s.cfg.Log("%s: the bans could not be read: %v", meta.RemoteAddr(), err)
		return nil
	}
	if !ok {
		return nil
	}
	what := "your address is"
	if b.Kind == "key" {
		what = "your key is"
	}
	why := s.cfg.App.Name + ": " + what + " banned from this server"
	if b.Reason != "" {
		why += ": " + userfile.Printable(b.Reason)
	}
	why += "\r\n"
	s.bannedConns.Store(id, why)
	s.cfg.Log("%s: refused: %s %s banned", meta.RemoteAddr(), b.Kind, b.Target)
	return &ssh.BannerError{Err: errBanned, Message: why}
}
