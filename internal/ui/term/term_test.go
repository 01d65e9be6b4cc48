package term

import (
	"os"
	"syscall"
	"testing"
)

func TestIsUTF8(t *testing.T) {
	for _, tt := range []struct {
		charset string
		want    bool
	}{{"UTF-8", true}, {"utf8", true}, {"Utf-8", true}, {"ISO-8859-1", false}, {"", false}, {"US-ASCII", false}} {
		if got := IsUTF8(tt.charset); got != tt.want {
			t.Errorf("IsUTF8(%q) = %v; want %v", tt.charset, got, tt.want)
		}
	}
}

func TestSignalStatus(t *testing.T) {
	for _, tt := range []struct {
		sig  os.Signal
		want int
	}{{syscall.SIGTERM, 143}, {syscall.SIGHUP, 129}, {syscall.SIGINT, 130}, {os.Interrupt, 130}} {
		if got := SignalStatus(tt.sig); got != tt.want {
			t.Errorf("SignalStatus(%v) = %d; want %d", tt.sig, got, tt.want)
		}
	}
}
