package remote

import (
	"bytes"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/cputime"
)

// filterAll runs chunks through a new filter that keeps every key, and
// returns what tcell would see.
func filterAll(chunks ...string) string {
	var f inputFilter
	var out []byte
	for _, c := range chunks {
		out = f.filter(out, []byte(c))
	}
	return string(out)
}

// TestInputFilter pins what of a client's input reaches tcell: UTF-8
// only, escape sequences bounded.
func TestInputFilter(t *testing.T) {
	long := strings.Repeat("1", maxSequence+1)
	tests := []struct {
		name string
		in   []string // the reads
		want string
	}{
		{"ascii", []string{"hjkl q"}, "hjkl q"},
		{"controls", []string{"\x00\r\t\x7f"}, "\x00\r\t\x7f"},
		{"latin-1 é", []string{"\xe9q"}, "q"},
		{"latin-1 é last", []string{"\xe9"}, ""},
		{"latin-1 é then a key", []string{"\xe9", "q"}, "q"},
		{"utf-8 é", []string{"é"}, "é"},
		{"é cut between reads", []string{"\xc3", "\xa9q"}, "éq"},
		{"rune cut in three", []string{"\xf0\x9f", "\x98", "\x80"}, "😀"},
		{"cut rune not ended", []string{"\xe2\x82", "q"}, "q"},
		{"surrogate", []string{"\xed\xa0\x80q"}, "q"},
		{"overlong", []string{"\xc0\xafq"}, "q"},
		{"stray continuation", []string{"\x80\xbfq"}, "q"},
		{"U+FFFD itself", []string{"\uFFFD"}, "\uFFFD"},
		{"arrow", []string{"\x1b[A\x1bOB"}, "\x1b[A\x1bOB"},
		{"arrow cut", []string{"\x1b", "[", "1;5", "C"}, "\x1b[1;5C"},
		{"alt-x", []string{"\x1bx"}, "\x1bx"},
		{"esc alone", []string{"\x1b"}, "\x1b"},
		{"sgr mouse", []string{"\x1b[<0;512;256M"}, "\x1b[<0;512;256M"},
		{"csi too long", []string{"\x1b[" + long + "Aq"}, "\x1b[\x18q"},
		{"csi too long, cut", []string{"\x1b[" + long[:40], long[40:] + "~", "q"}, "\x1b[\x18q"},
		{"csi endless", []string{"\x1b[" + strings.Repeat("0", 10000)}, "\x1b[\x18"},
		{"esc restarts a csi", []string{"\x1b[1;5\x1b[B"}, "\x1b[\x18\x1b[B"},
		{"non-ascii in a csi", []string{"\x1b[1é"}, "\x1b[\x18é"},
		{"control in a csi", []string{"\x1b[1\r"}, "\x1b[\x18\r"},
		{"esc restarts ss3", []string{"\x1bO\x1b[A"}, "\x1bO\x18\x1b[A"},
		{"ss2 takes anything", []string{"\x1bN\x1bq"}, "\x1bN\x1bq"},
		{"osc swallowed", []string{"\x1b]11;rgb:0/0/0\x07q"}, "\x1b]\x07q"},
		{"osc to st", []string{"\x1b]52;c;aGk=\x1b\\q"}, "\x1b]\x07q"},
		{"apc cut", []string{"\x1b_G", "abc", "\x1b", "\\q"}, "\x1b_\x07q"},
		{"osc cancelled", []string{"\x1b]0;x\x18q"}, "\x1b]\x07q"},
		{"osc never ended", []string{"\x1b]" + strings.Repeat("a", maxString) + "bq"}, "\x1b]\x07bq"},
		{"win32 key", []string{"\x1b[65;30;97;1;0;1_"}, "\x1b[65;30;97;1;0;1_"},
		{"win32 repeat", []string{"\x1b[65;30;97;1;0;1000000_"}, "\x1b[65;30;97;1;0;1_"},
		{"win32 repeat past gaps", []string{"\x1b[0;0;97;1;;0;2000000000_"}, "\x1b[0;0;97;1;0;1_"},
		{"win32 no number first", []string{"\x1b[=0;0;97;1;0;9_"}, "\x1b[=0;0;97;1;0;9_"},
	}
	for _, tt := range tests {
		if got := filterAll(tt.in...); got != tt.want {
			t.Errorf("%s: filter(%q) = %q; want %q", tt.name, tt.in, got, tt.want)
		}
	}
}

// TestInputFilterKeep pins that a key is kept or dropped whole: a
// character, or an escape sequence with all its bytes.
func TestInputFilterKeep(t *testing.T) {
	tests := []struct {
		in   string
		keep string // a key kept ('y') or dropped, in order
		want string
	}{
		{"abc", "yny", "ac"},
		{"\x1b[Aq", "ny", "q"},
		{"q\x1b[A", "yn", "q"},
		{"\x1b[1;5\x1b[B", "yn", "\x1b[\x18"}, // the first is cancelled for tcell
		{"\x1bO\x1b[A", "yn", "\x1bO\x18"},
		{"\x1b]0;title\x07q", "ny", "q"},
		{"\x1b[" + strings.Repeat("9", 100) + "Hq", "ny", "q"},
		{"é\xe9è", "ny", "è"},
	}
	for _, tt := range tests {
		i := 0
		f := inputFilter{keep: func() bool {
			k := i < len(tt.keep) && tt.keep[i] == 'y'
			i++
			return k
		}}
		if got := string(f.filter(nil, []byte(tt.in))); got != tt.want {
			t.Errorf("filter(%q) keeping %q = %q; want %q", tt.in, tt.keep, got, tt.want)
		}
		if i != len(tt.keep) {
			t.Errorf("filter(%q): %d keys; want %d", tt.in, i, len(tt.keep))
		}
	}
}

// TestInputBudget pins the token bucket: InputBurst keys at once, then
// inputRate a second.
func TestInputBudget(t *testing.T) {
	clk := newClock()
	b := newInputBudget(clk.now)
	steps := []struct {
		advance time.Duration
		keys    int // keys tried
		want    int // keys taken
	}{
		{0, InputBurst + 10, InputBurst},
		{0, 1, 0},
		{time.Second, 2 * inputRate, inputRate},
		{perKey, 2, 1},
		{-time.Hour, 1, 0}, // a clock that goes back gives nothing,
		{time.Hour, 1, 0},  // nor coming back to where it was
		{time.Hour, 2 * InputBurst, InputBurst},
	}
	for i, st := range steps {
		clk.advance(st.advance)
		b.refill()
		got := 0
		for range st.keys {
			if b.take() {
				got++
			}
		}
		if got != st.want {
			t.Errorf("step %d: %d keys of %d taken; want %d", i, got, st.keys, st.want)
		}
	}
}

// FuzzInputFilter checks, for any input cut anywhere, that the filter
// gives tcell valid UTF-8 only, the same whether the input comes whole or
// in pieces, and that tcell's own parser makes no more events of it than
// the keys the filter counted (a win32-input-mode repeat count made up
// none).
func FuzzInputFilter(f *testing.F) {
	for _, s := range []string{
		"q", "\xe9q", "\xc3", "\x1b[A", "\x1b[<0;5;5M", "\x1b]52;c;aGk=\x07",
		"\x1b[65;30;97;1;0;100000_", "\x1b[0;0;97;1;0;7_", "\x1bO", "\x1bN\x1b",
		"\x1b[" + strings.Repeat("1", 200) + "A", "\x1b_" + strings.Repeat("x", 5000),
	} {
		f.Add([]byte(s), uint(1))
	}
	f.Fuzz(func(t *testing.T, in []byte, cut uint) {
		whole := filterAll(string(in))
		at := int(cut % uint(len(in)+1))
		if split := filterAll(string(in[:at]), string(in[at:])); split != whole {
			t.Errorf("filter(%q) = %q, cut at %d = %q", in, whole, at, split)
		}
		if !utf8.ValidString(whole) {
			t.Errorf("filter(%q) = %q: not UTF-8", in, whole)
		}
		keys := 0
		fl := inputFilter{keep: func() bool { keys++; return true }}
		out := fl.filter(nil, in)
		events := make(chan tcell.Event, 2*len(in)+16)
		tcell.NewInputProcessor(events).ScanUTF8(out)
		if n := len(events); n > keys {
			t.Errorf("filter(%q) = %q: %d events of %d keys", in, out, n, keys)
		}
	})
}

// BenchmarkInputFilter measures the CPU time the filter and the budget
// take to go through a paste, as a paste of a book runs into the budget:
// almost every key is dropped.
func BenchmarkInputFilter(b *testing.B) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	paste := bytes.Repeat([]byte("Lorem ipsum dolor sit amet, é \x1b[A\n"), 1<<20/32)
	budget := newInputBudget(time.Now)
	f := inputFilter{keep: budget.take}
	var out []byte
	b.SetBytes(int64(len(paste)))
	start := cputime.Thread()
	for b.Loop() {
		for p := paste; len(p) > 0; p = p[min(readSize, len(p)):] {
			budget.refill()
			out = f.filter(out[:0], p[:min(readSize, len(p))])
		}
	}
	cpu := cputime.Thread() - start
	b.ReportMetric(cpu.Seconds()/(float64(b.N)*float64(len(paste))/(1<<20)), "cpu-s/MiB")
}

// clock is a test's clock for the input's budget: it stands still until
// the test advances it.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)} }

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}
