//go:build unix

package ui

import (
	"os"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
)

func TestSignalQuits(t *testing.T) {
	s := tcell.NewSimulationScreen("UTF-8")
	cfg := asciiCfg(t, small)
	cfg.Tick = -1
	ready := make(chan struct{})
	var once sync.Once
	cfg.Now = func() time.Time {
		once.Do(func() { close(ready) }) // the loop runs: the signals are caught
		return time.Time{}
	}
	done := make(chan error, 1)
	go func() {
		_, err := playOn(s, cfg)
		done <- err
	}()
	<-ready
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("playOn = %v; want nil", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("SIGTERM did not end the game")
	}
}
