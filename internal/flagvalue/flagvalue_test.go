package flagvalue

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"
)

// pairValue is a flag.Value of another package's kind, "A,B", that
// embeds Refusal so that Parse words its refusals.
type pairValue struct {
	Refusal
}

var errNotPair = errors.New("is not A,B")

func (*pairValue) String() string { return "" }

func (p *pairValue) Set(s string) error {
	if !strings.Contains(s, ",") {
		return p.Refuse(s, errNotPair)
	}
	return nil
}

// TestParse checks the one line Parse prints for each kind of bad flag: a
// value one of the flags refuses, in our words, and the flag package's own
// errors as it words them.
func TestParse(t *testing.T) {
	tests := []struct{ args, want string }{
		{"-width x", `test: -width: "x" is not a valid number`},
		{"-seed -1", `test: -seed: "-1" is not a valid number`},
		{"-width 0x10", `test: -width: "0x10" is not a valid number`},
		{"-height 0b11", `test: -height: "0b11" is not a valid number`},
		{"-width 0o7", `test: -width: "0o7" is not a valid number`},
		{"-width 1_000", `test: -width: "1_000" is not a valid number`},
		{"-seed 0x10", `test: -seed: "0x10" is not a valid number`},
		{"-seed 18446744073709551616", `test: -seed: "18446744073709551616" is out of range`},
		{"-json=maybe", `test: -json: "maybe" is not a valid boolean (want true or false)`},
		{"-no-guess=2", `test: -no-guess: "2" is not a valid boolean (want true or false)`},
		{"-speed 0x", `test: -speed: "0x" is not a valid number`},
		{"-speed 1e999", `test: -speed: "1e999" is out of range`},
		{"-pair 1", `test: -pair: "1" is not A,B`},
		{"-width 99999999999999999999", `test: -width: "99999999999999999999" is out of range`},
		{"-width 5 -height x", `test: -height: "x" is not a valid number`},
		{"-nosuch", "test: flag provided but not defined: -nosuch"},
		{"-width", "test: flag needs an argument: -width"},
		{"--", ""},
		{"-width 5 -pair 1,2", ""},
		{"---x", "test: bad flag syntax: ---x"},
		{"stray", `test: unexpected argument "stray"`},
	}
	for _, tt := range tests {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		var width, height int
		var seed uint64
		var noGuess bool
		IntVar(fs, &width, "width", 0, "an int flag")
		IntVar(fs, &height, "height", 0, "an int flag")
		Uint64Var(fs, &seed, "seed", 0, "a uint64 flag")
		BoolVar(fs, &noGuess, "no-guess", false, "a boolean flag")
		Bool(fs, "json", false, "a boolean flag")
		Float64(fs, "speed", 1, "a float flag")
		fs.Var(&pairValue{}, "pair", "a flag of another package")
		var stdout, stderr strings.Builder
		code, done := Parse(fs, strings.Fields(tt.args), &stdout, &stderr, func(io.Writer) {})
		wantCode, wantDone := 2, true
		if tt.want == "" {
			wantCode, wantDone = 0, false
		}
		if got := strings.TrimSuffix(stderr.String(), "\n"); code != wantCode || done != wantDone || got != tt.want {
			t.Errorf("Parse(%q) = %d, %v, stderr %q; want %d, %v, %q", tt.args, code, done, got, wantCode, wantDone, tt.want)
		}
		if stdout.Len() != 0 {
			t.Errorf("Parse(%q) wrote %q to stdout; want nothing", tt.args, stdout.String())
		}
	}
}

// TestParseHelp checks that -h prints the usage on stdout, nothing on
// stderr, and tells the caller to stop with status 0.
func TestParseHelp(t *testing.T) {
	for _, parse := range []func(*flag.FlagSet, []string, io.Writer, io.Writer, func(io.Writer)) (int, bool){Parse, ParseArgs} {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		var stdout, stderr strings.Builder
		code, done := parse(fs, []string{"-h", "stray"}, &stdout, &stderr, func(w io.Writer) { io.WriteString(w, "usage\n") })
		if code != 0 || !done || stdout.String() != "usage\n" || stderr.Len() != 0 {
			t.Errorf("parse(-h) = %d, %v, stdout %q, stderr %q; want 0, true, %q, nothing", code, done, stdout.String(), stderr.String(), "usage\n")
		}
	}
}

// TestParseArgs checks that ParseArgs leaves the arguments after the flags
// to the caller.
func TestParseArgs(t *testing.T) {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	asJSON := Bool(fs, "json", false, "")
	var stdout, stderr strings.Builder
	code, done := ParseArgs(fs, []string{"-json", "a", "b"}, &stdout, &stderr, func(io.Writer) {})
	if code != 0 || done || !*asJSON || strings.Join(fs.Args(), " ") != "a b" || stderr.Len() != 0 {
		t.Errorf("ParseArgs(-json a b) = %d, %v, json %v, args %q, stderr %q; want 0, false, true, [a b], nothing",
			code, done, *asJSON, fs.Args(), stderr.String())
	}
}

// TestValues sets each of the flag values as the flag package would, and
// checks what it reads and what String and the default print.
func TestValues(t *testing.T) {
	var (
		n    int
		u    uint64
		b    bool
		zero bool
	)
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	IntVar(fs, &n, "n", 7, "")
	Uint64Var(fs, &u, "u", 3, "")
	x := Float64(fs, "x", 1, "")
	BoolVar(fs, &b, "b", true, "")
	z := Bool(fs, "z", false, "")
	BoolVar(fs, &zero, "zero", false, "")
	if n != 7 || u != 3 || *x != 1 || !b || *z {
		t.Errorf("defined n, u, x, b, z = %d, %d, %v, %v, %v; want the defaults 7, 3, 1, true, false", n, u, *x, b, *z)
	}
	defaults := map[string]string{"n": "7", "u": "3", "x": "1", "b": "true", "z": "false", "zero": "false"}
	fs.VisitAll(func(f *flag.Flag) {
		if f.DefValue != defaults[f.Name] {
			t.Errorf("-%s default = %q; want %q", f.Name, f.DefValue, defaults[f.Name])
		}
	})
	if err := fs.Parse([]string{"-n", "-010", "-u=18446744073709551615", "-x", "2.5", "-b=false", "-z"}); err != nil {
		t.Fatalf("Parse = %v", err)
	}
	if n != -10 || u != 1<<64-1 || *x != 2.5 || b || !*z {
		t.Errorf("Parse set n, u, x, b, z = %d, %d, %v, %v, %v; want -10, %d, 2.5, false, true", n, u, *x, b, *z, uint64(1<<64-1))
	}
	want := map[string]string{"n": "-10", "u": "18446744073709551615", "x": "2.5", "b": "false", "z": "true", "zero": "false"}
	fs.VisitAll(func(f *flag.Flag) {
		if got := f.Value.String(); got != want[f.Name] {
			t.Errorf("-%s String() = %q; want %q", f.Name, got, want[f.Name])
		}
	})
	// PrintDefaults calls String on a zero value to tell whether to print
	// a default: it must not panic, and the defaults show as before.
	var out strings.Builder
	fs = flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(&out)
	IntVar(fs, new(int), "n", 0, "a `number`")
	Uint64Var(fs, new(uint64), "seed", 0, "a `number`")
	Bool(fs, "q", true, "on by default")
	Bool(fs, "json", false, "off by default")
	Float64(fs, "speed", 1, "a `factor`")
	fs.PrintDefaults()
	wantUsage := "  -json\n    \toff by default\n  -n number\n    \ta number\n  -q\ton by default (default true)\n" +
		"  -seed number\n    \ta number\n  -speed factor\n    \ta factor (default 1)\n"
	if out.String() != wantUsage {
		t.Errorf("PrintDefaults() printed\n%s; want\n%s", out.String(), wantUsage)
	}
}

func TestDurationVar(t *testing.T) {
	tests := []struct {
		arg     string
		want    time.Duration
		wantErr bool
	}{
		{"10m", 10 * time.Minute, false},
		{"0", 0, false},
		{"1h30m", 90 * time.Minute, false},
		{"-1s", 0, true},
		{"10", 0, true},
		{"soon", 0, true},
	}
	for _, tt := range tests {
		var d time.Duration
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		DurationVar(fs, &d, "idle", time.Hour, "")
		err := fs.Parse([]string{"-idle", tt.arg})
		if got := err != nil; got != tt.wantErr {
			t.Errorf("-idle %s: error %v, want error %v", tt.arg, err, tt.wantErr)
		}
		if err != nil {
			if _, v := refusedFlag(fs); v == nil || !errors.Is(v, ErrNotDuration) {
				t.Errorf("-idle %s: refused as %v, want ErrNotDuration", tt.arg, v)
			}
			continue
		}
		if d != tt.want {
			t.Errorf("-idle %s: %v, want %v", tt.arg, d, tt.want)
		}
	}
}

// TestRefusal checks what a refused Set keeps: the value and the error it
// returned, which a ValueError words and unwraps.
func TestRefusal(t *testing.T) {
	tests := []struct {
		name, value string
		err         error
	}{
		{"n", "x", ErrNotNumber},
		{"n", "99999999999999999999", ErrOutOfRange},
		{"u", "-1", ErrNotNumber},
		{"x", "1e999", ErrOutOfRange},
		{"b", "maybe", ErrNotBool},
	}
	for _, tt := range tests {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		IntVar(fs, new(int), "n", 0, "")
		Uint64Var(fs, new(uint64), "u", 0, "")
		Float64(fs, "x", 0, "")
		Bool(fs, "b", false, "")
		f := fs.Lookup(tt.name)
		if err := f.Value.Set(tt.value); err != tt.err {
			t.Errorf("-%s Set(%q) = %v; want %v", tt.name, tt.value, err, tt.err)
		}
		name, v := refusedFlag(fs)
		if name != tt.name || v == nil || v.Value != tt.value || !errors.Is(v, tt.err) {
			t.Errorf("after -%s Set(%q): refusedFlag = %q, %+v; want %q, %q refused for %v", tt.name, tt.value, name, v, tt.name, tt.value, tt.err)
			continue
		}
		if got, want := v.Error(), fmt.Sprintf("%q %v", tt.value, tt.err); got != want {
			t.Errorf("ValueError.Error() = %q; want %q", got, want)
		}
	}
}

func ExampleParse() {
	fs := flag.NewFlagSet("minesweeper", flag.ContinueOnError)
	var width int
	IntVar(fs, &width, "width", 9, "board width in `columns`")
	code, done := Parse(fs, []string{"-width", "0x10"}, os.Stdout, os.Stdout, func(io.Writer) {})
	fmt.Println(code, done)
	// Output:
	// minesweeper: -width: "0x10" is not a valid number
	// 2 true
}

// TestCell checks how a cell flag such as gen's -start reads its value
// before the board is known: two decimal numbers and one comma, nothing else. A value it
// refuses is kept for flagvalue.Parse to word.
func TestCell(t *testing.T) {
	tests := []struct {
		in       string
		row, col int
		err      error
	}{
		{"3,4", 3, 4, nil},
		{"0,0", 0, 0, nil},
		{"010,03", 10, 3, nil},
		{"-1,2", -1, 2, nil}, // off every board: cell says so
		{"+1,2", 1, 2, nil},
		{"3,x", 0, 0, ErrNotCell},
		{"3", 0, 0, ErrNotCell},
		{"", 0, 0, ErrNotCell},
		{",", 0, 0, ErrNotCell},
		{"3,", 0, 0, ErrNotCell},
		{",4", 0, 0, ErrNotCell},
		{"1,2,3", 0, 0, ErrNotCell},
		{"0x10,2", 0, 0, ErrNotCell},
		{"1_0,2", 0, 0, ErrNotCell},
		{" 1,2", 0, 0, ErrNotCell},
		{"1, 2", 0, 0, ErrNotCell},
		{"1.5,2", 0, 0, ErrNotCell},
		{"1;2", 0, 0, ErrNotCell},
		{"99999999999999999999,1", 0, 0, ErrOutOfRange},
		{"99999999999999999999,x", 0, 0, ErrNotCell},
	}
	for _, tt := range tests {
		var f Cell
		err := f.Set(tt.in)
		switch {
		case tt.err != nil:
			if err != tt.err || f.Given {
				t.Errorf("Set(%q) = %v, set %v; want %v, unset", tt.in, err, f.Given, tt.err)
			}
			if r := f.Refused(); r == nil || r.Value != tt.in || r.Err != tt.err {
				t.Errorf("Set(%q) refused %+v; want %q refused for %v", tt.in, r, tt.in, tt.err)
			}
		case err != nil || f.Row != tt.row || f.Col != tt.col || !f.Given:
			t.Errorf("Set(%q) = %v, row %d, column %d; want nil, %d, %d", tt.in, err, f.Row, f.Col, tt.row, tt.col)
		}
	}
}

// TestParseOperand checks a command's one operand among its flags,
// before, after or between them, and the refusal of a second.
func TestParseOperand(t *testing.T) {
	tests := []struct {
		args    []string
		operand string
		speed   float64
		code    int
		done    bool
		stderr  string
	}{
		{nil, "", 1, 0, false, ""},
		{[]string{"7"}, "7", 1, 0, false, ""},
		{[]string{"-speed", "2", "game.json"}, "game.json", 2, 0, false, ""},
		{[]string{"game.json", "-speed", "2"}, "game.json", 2, 0, false, ""},
		{[]string{"1", "2"}, "", 1, 2, true, "replay: unexpected argument \"2\" (want one FILE or N)\n"},
		{[]string{"1", "-speed", "x"}, "", 1, 2, true, "replay: -speed: \"x\" is not a valid number\n"},
		{[]string{"1", "-h"}, "", 1, 0, true, ""},
	}
	for _, tt := range tests {
		fs := flag.NewFlagSet("replay", flag.ContinueOnError)
		speed := Float64(fs, "speed", 1, "the speed")
		var stdout, stderr strings.Builder
		operand, code, done := ParseOperand(fs, tt.args, &stdout, &stderr, func(w io.Writer) { io.WriteString(w, "usage\n") }, "one FILE or N")
		if operand != tt.operand || code != tt.code || done != tt.done || stderr.String() != tt.stderr || (!done && *speed != tt.speed) {
			t.Errorf("ParseOperand(%q) = %q, %d, %v, stderr %q, -speed %v; want %q, %d, %v, %q, %v",
				tt.args, operand, code, done, stderr.String(), *speed, tt.operand, tt.code, tt.done, tt.stderr, tt.speed)
		}
	}
}

func TestSize(t *testing.T) {
	tests := []struct {
		in      string
		w, h    int
		wantErr bool
	}{
		{"1000x1000", 1000, 1000, false},
		{"30X16", 30, 16, false},
		{"1x1", 1, 1, false},
		{"0x5", 0, 0, true},
		{"5x", 0, 0, true},
		{"5", 0, 0, true},
		{"-3x4", 0, 0, true},
		{"axb", 0, 0, true},
	}
	for _, tt := range tests {
		w, h, err := Size(tt.in)
		if w != tt.w || h != tt.h || (err != nil) != tt.wantErr {
			t.Errorf("Size(%q) = %d, %d, %v; want %d, %d, error %v", tt.in, w, h, err, tt.w, tt.h, tt.wantErr)
		}
	}
}

// TestApart checks the error of flags that cannot be given together: the
// first of the others set, none when the flag is not.
func TestApart(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{nil, ""},
		{[]string{"-b"}, ""},
		{[]string{"-a"}, ""},
		{[]string{"-a", "-c"}, "-a and -c: one at a time"},
		{[]string{"-a", "-c", "-b"}, "-a and -b: one at a time"},
		{[]string{"-a=false", "-b"}, ""},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		Bool(fs, "a", false, "")
		Bool(fs, "b", false, "")
		Bool(fs, "c", false, "")
		if err := fs.Parse(tt.args); err != nil {
			t.Fatal(err)
		}
		got := ""
		if err := Apart(fs, "one at a time", "a", "b", "c", "undefined"); err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("Apart(%q) = %q; want %q", tt.args, got, tt.want)
		}
	}
}
