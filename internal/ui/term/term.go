// Package term is the full-screen game's hold on the process's terminal:
// the screen made on it (without old terminals' padding, with decoders
// that never spin on bad input), the terminal restored on every way out,
// signals turned into events for the game's loop (Quit, Suspend), Ctrl-Z
// that stops the process, and whether a terminal is there at all.
package term

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"errors"

	"github.com/gdamore/tcell/v2"
	_ "github.com/gdamore/tcell/v2/encoding" // the decoders of non-UTF-8 locales
	"github.com/gdamore/tcell/v2/terminfo"
	"golang.org/x/term"
	"golang.org/x/text/encoding/unicode"
)

// Play opens the process's terminal, runs run on its screen, once
// initialised, and restores the terminal on every way out: run's return,
// a signal (SIGTERM, SIGHUP, SIGINT or SIGQUIT, posted to the screen as a
// Quit; a second one exits at once, the terminal restored first), a panic,
// which is raised again once the terminal is restored, or the terminal
// going away. A stop signal (SIGTSTP) is posted as a Suspend, which the
// game handles as Ctrl-Z.
func Play(run func(tcell.Screen) error) error {
	UseEncodings()
	s, err := NewScreen(nil, os.Getenv("TERM"))
	if err != nil {
		return fmt.Errorf("cannot open the terminal: %w", err)
	}
	saved := saveTerminal() // before Init makes the terminal raw
	defer saved.close()
	return On(s, Rescue{Restore: saved.restore, Exit: os.Exit}, run)
}

var encodingsOnce sync.Once

// UseEncodings sets up the terminal character sets before a screen is made.
//
// tcell v2.13's own UTF-8 decoder rejects an invalid byte without consuming
// it, and its input loop then retries it forever: one Latin-1 "é" (e9 78)
// or an old-style mouse report past column 95 hangs the game at full CPU,
// deaf to every key. x/text's decoder replaces invalid bytes with U+FFFD
// and moves on. Locales in other character sets get their decoders (a
// Latin-1 terminal plays with -ascii), and an unknown one is read as ASCII
// rather than refused.
func UseEncodings() {
	encodingsOnce.Do(func() {
		for _, name := range []string{"utf-8", "utf8"} {
			tcell.RegisterEncoding(name, unicode.UTF8)
		}
		tcell.SetEncodingFallback(tcell.EncodingFallbackASCII)
	})
}

// Rescue is the way out when the screen cannot be closed in time: Restore
// puts the terminal back without the screen's help, then Exit ends the
// process. It is the one exit outside main, for a process that must not
// wait on a stuck screen.
type Rescue struct {
	Restore func()
	Exit    func(code int)
}

// quitSignals end the game; stopSignals suspend it (see suspend_*.go).
var quitSignals = []os.Signal{syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT, syscall.SIGQUIT}

// SignalStatus returns the conventional exit status of a program ended by
// sig: 128 plus the signal's number.
func SignalStatus(sig os.Signal) int {
	if n, ok := sig.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return 1
}

// Suspend is the data of the event posted when a stop signal asks the
// game to suspend.
type Suspend struct{}

// Quit is the data of the event posted when the game must end: a signal
// (Signal), or, with Signal nil, the player gone.
type Quit struct{ Signal os.Signal }

// On is Play on a screen not yet initialised: it initialises s, runs run
// on it and always finalises s. A panic in run is recovered, the screen
// finalised, and the panic raised again with its value: the runtime then
// prints it on a terminal that is itself again, with the stack of where it
// happened (the deferred call runs above those frames), and exits with
// status 2. Signals are caught from before the screen is made raw until
// after it is restored, so none of them can leave it raw; esc is the way
// out when a second signal finds the screen not yet closed.
func On(s tcell.Screen, esc Rescue, run func(tcell.Screen) error) error {
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, append(quitSignals, stopSignals...)...)
	defer signal.Stop(sigs)
	if err := s.Init(); err != nil {
		return fmt.Errorf("cannot open the terminal: %w", err)
	}
	done := make(chan struct{})
	defer close(done) // after Fini: a second signal while it hangs still gets out
	defer func() {
		r := recover()
		Finish(s, esc.Restore)
		if r != nil {
			panic(r)
		}
	}()
	go watchSignals(s, sigs, done, esc)
	return run(s)
}

// FiniLimit is how long closing the screen may take before the terminal
// is restored without it; closing takes milliseconds when nothing is stuck.
const FiniLimit = time.Second

// Finish finalises s, and restores the terminal with restore if that
// takes longer than FiniLimit.
//
// tcell's Fini waits for its input goroutines, which can be stuck: its
// input processor waits for room in the event queue (256 events) to post
// each key, and nothing reads the queue once the loop has ended, so a
// burst of input (a paste, a held key, a flood of mouse reports) stops it;
// its reader may then wait, for ever, to hand over a chunk the stopped
// processor never takes (tcell's main loop picks at random between
// stopping and reading on). Finish reads the queue while Fini runs, which
// frees the processor; the time limit covers the reader, and the screen is
// left to the process's exit.
func Finish(s tcell.Screen, restore func()) {
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		s.Fini()
	}()
	var events chan tcell.Event // nil, never ready, unless s has a queue
	if q, ok := s.(interface{ EventQ() chan tcell.Event }); ok {
		events = q.EventQ()
	}
	limit := time.NewTimer(FiniLimit)
	defer limit.Stop()
	for {
		select {
		case <-events:
		case <-finished:
			return
		case <-limit.C:
			restore()
			return
		}
	}
}

// watchSignals turns signals into events for the loop until done is
// closed. A stop signal suspends the game as Ctrl-Z does; the first other
// signal ends the game; a second one means the game did not end in time,
// and the process exits at once with the terminal restored.
func watchSignals(s tcell.Screen, sigs <-chan os.Signal, done <-chan struct{}, esc Rescue) {
	var first os.Signal
	for {
		var sig os.Signal
		select {
		case <-done:
			return
		case sig = <-sigs:
		}
		switch {
		case isStopSignal(sig):
			_ = s.PostEvent(tcell.NewEventInterrupt(Suspend{})) // a full queue drops it; Ctrl-Z still works
		case first == nil:
			first = sig
			go Post(s, Quit{sig}, done) // waits for room in the queue; a second signal must not
		default:
			esc.Restore()
			esc.Exit(SignalStatus(sig))
			return
		}
	}
}

// CanPlay reports whether the full screen can be used: the keys come from
// a terminal on standard input, and the screen, which tcell draws on
// /dev/tty, is on standard output or standard error or opens as
// /dev/tty. Standard output need not be a terminal, so that the line
// printed at the end can go to a file: minesweeper >> results.txt.
func CanPlay(stdin io.Reader, stdout, stderr io.Writer) bool {
	if !IsTerminal(stdin) {
		return false
	}
	if IsTerminal(stdout) || IsTerminal(stderr) {
		return true
	}
	tty, err := os.Open("/dev/tty")
	if err != nil {
		return false
	}
	defer tty.Close()
	return term.IsTerminal(int(tty.Fd()))
}

// IsTerminal reports whether f is an *os.File open on a terminal.
func IsTerminal(f any) bool {
	fh, ok := f.(*os.File)
	return ok && term.IsTerminal(int(fh.Fd()))
}

// NewScreen returns a screen on tty (the process's terminal if nil), of
// type term, as tcell.NewScreen does, but without the padding of old
// terminals' descriptions (see Unpadded).
func NewScreen(tty tcell.Tty, term string) (tcell.Screen, error) {
	ti, err := tcell.LookupTerminfo(term)
	if tty == nil && (err != nil || ti.PadChar == "") {
		return tcell.NewScreen() // tcell's error, a Windows console, or nothing to drop
	}
	if err != nil {
		return nil, err
	}
	own := *ti // tcell writes to its description, which the registry shares
	return tcell.NewTerminfoScreenFromTtyTerminfo(tty, Unpadded(&own))
}

// Unpadded returns ti, which it may change, as the game's screens use it:
// without padding.
//
// Old terminal descriptions (vt100, vt102, ...) ask for delays after some
// sequences, "$<5>" after each cursor move, "$<2>" after each attribute,
// "$<50>" after a clear, for terminals of the 1970s that needed the time.
// tcell honours them by sleeping in TPuts whenever the description has a
// pad character, and it sleeps while it builds the frame in memory too:
// under TERM=vt100 a cursor move, a few cells redrawn, took 50 ms or more.
// No terminal emulator needs the delays, and a real VT100 with XON/XOFF
// flow control does without them; an empty pad character drops them, as
// terminfo's npc (no pad character) does.
func Unpadded(ti *terminfo.Terminfo) *terminfo.Terminfo {
	ti.PadChar = ""
	return ti
}

// Post posts an event with data to s, waiting for room in the queue until
// done is closed: the events it posts (a job's answer, a quit) must not be
// lost.
func Post(s tcell.Screen, data any, done <-chan struct{}) {
	for {
		err := s.PostEvent(tcell.NewEventInterrupt(data))
		if !errors.Is(err, tcell.ErrEventQFull) {
			return
		}
		select {
		case <-done:
			return
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// ASCIILocale reports whether text for a terminal whose locale variables
// getenv returns should be ASCII: the first of LC_ALL, LC_CTYPE and LANG
// that is set names the C or POSIX locale, or a character set other than
// UTF-8 ("en_US.ISO-8859-1"). A locale without a character set, or none,
// is taken to be UTF-8, as nearly every terminal is. It is tcell's rule
// for the character set of the full screen (Screen.CharacterSet), so
// what is printed outside it (stats) follows the screen.
func ASCIILocale(getenv func(string) string) bool {
	for _, name := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		v := getenv(name)
		if v == "" {
			continue
		}
		if v == "C" || v == "POSIX" {
			return true
		}
		if j := strings.IndexByte(v, '@'); j >= 0 {
			v = v[:j]
		}
		if i := strings.IndexByte(v, '.'); i >= 0 {
			return !IsUTF8(v[i+1:])
		}
		return false
	}
	return false
}

// IsUTF8 reports whether a terminal's character set is UTF-8.
func IsUTF8(charset string) bool {
	return strings.EqualFold(charset, "UTF-8") || strings.EqualFold(charset, "UTF8")
}
