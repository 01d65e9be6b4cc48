package host

import (
	"net"
	"testing"
	"time"
)

func TestAddrKey(t *testing.T) {
	tests := []struct {
		addr net.Addr
		want string
	}{
		{&net.TCPAddr{IP: net.ParseIP("192.0.2.7"), Port: 50000}, "192.0.2.7"},
		{&net.TCPAddr{IP: net.ParseIP("192.0.2.8"), Port: 50000}, "192.0.2.8"},
		{&net.TCPAddr{IP: net.ParseIP("::ffff:192.0.2.7"), Port: 1}, "192.0.2.7"}, // IPv4 on an IPv6 socket
		{&net.TCPAddr{IP: net.ParseIP("2001:db8:1:2:3:4:5:6"), Port: 22}, "2001:db8:1:2::/64"},
		{&net.TCPAddr{IP: net.ParseIP("2001:db8:1:2:ffff:ffff:ffff:ffff"), Port: 22}, "2001:db8:1:2::/64"},
		{&net.TCPAddr{IP: net.ParseIP("2001:db8:1:3::1"), Port: 22}, "2001:db8:1:3::/64"},
		{&net.TCPAddr{IP: net.ParseIP("fe80::1"), Port: 22, Zone: "eth0"}, "fe80::/64"},
		{&net.TCPAddr{IP: net.ParseIP("::1"), Port: 22}, "::/64"},
		{fakeAddr("[2001:db8::9]:22"), "2001:db8::/64"},
		{fakeAddr("198.51.100.1:22"), "198.51.100.1"},
		{fakeAddr("@socket"), "@socket"},
	}
	for _, tt := range tests {
		if got := addrKey(tt.addr); got != tt.want {
			t.Errorf("addrKey(%v) = %q; want %q", tt.addr, got, tt.want)
		}
	}
}

// fakeAddr is an address of another network than TCP.
type fakeAddr string

func (a fakeAddr) Network() string { return "fake" }
func (a fakeAddr) String() string  { return string(a) }

func TestBucket(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	b := newBucket(2, func() time.Time { return now })
	steps := []struct {
		after time.Duration
		want  bool
	}{
		{0, true}, {0, true}, {0, false}, // two in hand
		{400 * time.Millisecond, false},          // 0.8 of a token
		{100 * time.Millisecond, true},           // 1.0
		{time.Hour, true}, {0, true}, {0, false}, // never more than two in hand
	}
	for i, s := range steps {
		now = now.Add(s.after)
		if got := b.take(); got != s.want {
			t.Errorf("step %d (+%v): take() = %v; want %v", i, s.after, got, s.want)
		}
	}
	if newBucket(0, func() time.Time { return now }).take() {
		t.Errorf("take() of a bucket of 0 a second = true; want false")
	}
}
