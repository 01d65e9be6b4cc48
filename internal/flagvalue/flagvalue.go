// Package flagvalue provides flag.Value types that read decimal numbers,
// floats, booleans and cells ("ROW,COL") with errors of their own, and the
// one-line wording of a refused flag: `-width: "x" is not a valid number`.
//
// The flag package passes on only the text of a Set error, inside its own
// words (`invalid value "x" for flag -width: ...`). So each value here
// keeps what it refused in a Refusal, and Parse asks the flags for it and
// words the error itself. A command defines every flag that can refuse a
// value with this package's functions, or with a flag.Value of its own
// that embeds Refusal; a string flag refuses nothing.
package flagvalue

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// Errors of the flag values, phrased to follow the value they reject:
// Parse prints `-width: "x" is not a valid number`.
var (
	// ErrNotNumber is a value that is not a decimal number (for IntVar
	// and Uint64Var) or not a float (for Float64).
	ErrNotNumber = errors.New("is not a valid number")
	// ErrOutOfRange is a number too large or too small for its type.
	ErrOutOfRange = errors.New("is out of range")
	// ErrNotDuration is a value time.ParseDuration does not read, or a
	// negative duration.
	ErrNotDuration = errors.New("is not a valid duration (want a number and a unit, such as 90s, 10m or 4h)")
	// ErrNotBool is a value strconv.ParseBool does not read.
	ErrNotBool = errors.New("is not a valid boolean (want true or false)")
)

// A ValueError is a value that a flag's Set refused, and why.
type ValueError struct {
	Value string
	Err   error
}

// Error returns the value quoted, then why it was refused:
// `"x" is not a valid number`.
func (e *ValueError) Error() string { return fmt.Sprintf("%q %v", e.Value, e.Err) }

// Unwrap returns why the value was refused.
func (e *ValueError) Unwrap() error { return e.Err }

// A Refusal is kept in each flag value that can refuse a value: the value
// its Set last refused. A flag.Value of another package embeds it and
// returns Refuse's result from Set, so that Parse words its refusals too.
type Refusal struct{ last *ValueError }

// Refuse records that value was refused for err, and returns err.
func (r *Refusal) Refuse(value string, err error) error {
	r.last = &ValueError{value, err}
	return err
}

// Refused returns the value last refused, or nil.
func (r *Refusal) Refused() *ValueError { return r.last }

// refusedFlag returns the flag of fs whose Set refused its value, and the
// refusal; or "", nil. fs.Parse stops at the first refusal, so after a
// failed Parse there is at most one.
func refusedFlag(fs *flag.FlagSet) (name string, v *ValueError) {
	fs.VisitAll(func(f *flag.Flag) {
		if r, ok := f.Value.(interface{ Refused() *ValueError }); ok && r.Refused() != nil {
			name, v = f.Name, r.Refused()
		}
	})
	return name, v
}

// The statuses Parse returns, those the flag package's ExitOnError exits
// with.
const (
	exitOK    = 0 // after -h, or for the caller to go on
	exitUsage = 2 // a bad flag or argument
)

// Parse parses args into fs and reports a bad flag in one line on stderr.
// It returns done when the caller should return code: after -h (usage
// printed on stdout, 0), or a bad flag or an argument (2). Otherwise code
// is 0 and done false.
func Parse(fs *flag.FlagSet, args []string, stdout, stderr io.Writer, usage func(io.Writer)) (code int, done bool) {
	if code, done := ParseArgs(fs, args, stdout, stderr, usage); done {
		return code, done
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "%s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		return exitUsage, true
	}
	return exitOK, false
}

// ParseArgs is Parse for a command that takes arguments after its flags:
// they are left in fs.Args.
//
// A value that a flag refuses is worded from the flag's own error:
// `-width: "x" is not a valid number`, `-json: "maybe" is not a valid
// boolean (want true or false)`. The other errors, an unknown flag or a
// missing value, keep the flag package's words: "flag provided but not
// defined: -x". Each line starts with fs.Name().
func ParseArgs(fs *flag.FlagSet, args []string, stdout, stderr io.Writer, usage func(io.Writer)) (code int, done bool) {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		usage(stdout)
		return exitOK, true
	}
	if err != nil {
		if name, v := refusedFlag(fs); v != nil {
			fmt.Fprintf(stderr, "%s: -%s: %v\n", fs.Name(), name, v)
		} else {
			fmt.Fprintf(stderr, "%s: %v\n", fs.Name(), err)
		}
		return exitUsage, true
	}
	return exitOK, false
}

// ParseOperand is Parse for a command that takes at most one argument, an
// operand, among its flags (the flag package stops at the first argument;
// flags may follow it): it returns the operand, "" for none. A second
// operand is refused with a line that says what the one is: want, such
// as "one FILE or N".
func ParseOperand(fs *flag.FlagSet, args []string, stdout, stderr io.Writer, usage func(io.Writer), want string) (operand string, code int, done bool) {
	rest := args
	for {
		if code, done := ParseArgs(fs, rest, stdout, stderr, usage); done {
			return "", code, true
		}
		if fs.NArg() == 0 {
			return operand, exitOK, false
		}
		if operand != "" {
			fmt.Fprintf(stderr, "%s: unexpected argument %q (want %s)\n", fs.Name(), fs.Arg(0), want)
			return "", exitUsage, true
		}
		operand, rest = fs.Arg(0), fs.Args()[1:]
	}
}

// The flag values below each hold a pointer to the variable they set, and
// read their String from a nil pointer as the zero value, as the flag
// package's PrintDefaults calls String on a zero flag value to tell
// whether a default is worth printing.

// number is a flag of a number type T, read by parse, which returns
// strconv's errors, and written by format. The int and uint64 flags read
// decimal numbers only, as the record and protocol formats do: "010" is
// ten, and "0x10" an error, where the flag package would read Go's octal
// and hexadecimal prefixes; the float64 flag reads what the flag
// package's does (strconv.ParseFloat).
type number[T int | uint64 | float64] struct {
	p      *T
	parse  func(string) (T, error)
	format func(T) string
	Refusal
}

// String returns the value as format writes it.
func (f *number[T]) String() string {
	var v T
	if f.p != nil {
		v = *f.p
	}
	if f.format == nil { // the zero value PrintDefaults makes
		return "0"
	}
	return f.format(v)
}

// Set reads s as parse does.
func (f *number[T]) Set(s string) error {
	v, err := f.parse(s)
	if err != nil {
		return f.Refuse(s, numberError(err))
	}
	*f.p = v
	return nil
}

// IntVar defines an int flag on fs that reads decimal numbers only, as
// fs.IntVar does otherwise: p is set to value, the default.
func IntVar(fs *flag.FlagSet, p *int, name string, value int, usage string) {
	*p = value
	fs.Var(&number[int]{p: p, parse: func(s string) (int, error) {
		n, err := strconv.ParseInt(s, 10, strconv.IntSize)
		return int(n), err
	}, format: strconv.Itoa}, name, usage)
}

// Uint64Var defines a uint64 flag on fs that reads decimal numbers only,
// as fs.Uint64Var does otherwise: p is set to value, the default.
func Uint64Var(fs *flag.FlagSet, p *uint64, name string, value uint64, usage string) {
	*p = value
	fs.Var(&number[uint64]{p: p, parse: func(s string) (uint64, error) { return strconv.ParseUint(s, 10, 64) },
		format: func(v uint64) string { return strconv.FormatUint(v, 10) }}, name, usage)
}

// Float64 defines a float64 flag on fs with a default, as fs.Float64
// does, and returns the variable it sets.
func Float64(fs *flag.FlagSet, name string, value float64, usage string) *float64 {
	p := &value
	fs.Var(&number[float64]{p: p, parse: func(s string) (float64, error) { return strconv.ParseFloat(s, 64) },
		format: func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }}, name, usage)
	return p
}

// durationValue is a duration flag, read by time.ParseDuration, never
// negative.
type durationValue struct {
	p *time.Duration
	Refusal
}

// DurationVar defines a time.Duration flag on fs, as fs.DurationVar does,
// that refuses negative durations: p is set to value, the default.
func DurationVar(fs *flag.FlagSet, p *time.Duration, name string, value time.Duration, usage string) {
	*p = value
	fs.Var(&durationValue{p: p}, name, usage)
}

// String returns the duration as time.Duration writes it.
func (f *durationValue) String() string {
	if f.p == nil {
		return "0s"
	}
	return f.p.String()
}

// Set reads s as a duration.
func (f *durationValue) Set(s string) error {
	v, err := time.ParseDuration(s)
	if err != nil || v < 0 {
		return f.Refuse(s, ErrNotDuration)
	}
	*f.p = v
	return nil
}

// boolValue is a boolean flag: -json alone, or -json=true or -json=false
// (or any value strconv.ParseBool reads, as the flag package's).
type boolValue struct {
	p *bool
	Refusal
}

// BoolVar defines a bool flag on fs, as fs.BoolVar does: p is set to
// value, the default.
func BoolVar(fs *flag.FlagSet, p *bool, name string, value bool, usage string) {
	*p = value
	fs.Var(&boolValue{p: p}, name, usage)
}

// Bool defines a bool flag on fs with a default, as fs.Bool does, and
// returns the variable it sets.
func Bool(fs *flag.FlagSet, name string, value bool, usage string) *bool {
	p := new(bool)
	BoolVar(fs, p, name, value, usage)
	return p
}

// IsBoolFlag reports that the flag needs no value: it tells the flag
// package so.
func (f *boolValue) IsBoolFlag() bool { return true }

// String returns "true" or "false".
func (f *boolValue) String() string { return strconv.FormatBool(f.p != nil && *f.p) }

// Set reads s as a boolean.
func (f *boolValue) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return f.Refuse(s, ErrNotBool)
	}
	*f.p = v
	return nil
}

// numberError turns strconv's error into ErrOutOfRange or ErrNotNumber.
func numberError(err error) error {
	if errors.Is(err, strconv.ErrRange) {
		return ErrOutOfRange
	}
	return ErrNotNumber
}

// ErrNotCell is the error of a Cell's value that is not a cell, phrased
// to follow the value as Parse words it: `-start: "1,x" is not ROW,COL`.
var ErrNotCell = errors.New("is not ROW,COL")

// Cell is a flag.Value that reads a cell as "ROW,COL", such as gen's
// -start, counted from 0 like the record format, each a decimal number as
// IntVar reads them ("010" is ten, "0x10" an error). Whether the cell
// lies on a board is for its user to check, once the board is known. Its
// refusals are worded by Parse, as those of the other flags.
type Cell struct {
	Row, Col int
	Given    bool // the flag was given
	Refusal
}

// String returns the cell as "ROW,COL", or "" when the flag is not set.
func (f *Cell) String() string {
	if !f.Given {
		return ""
	}
	return strconv.Itoa(f.Row) + "," + strconv.Itoa(f.Col)
}

// Set reads s as two decimal numbers separated by one comma, with nothing
// else around them.
func (f *Cell) Set(s string) error {
	rs, cs, ok := strings.Cut(s, ",")
	if !ok || strings.Contains(cs, ",") {
		return f.Refuse(s, ErrNotCell)
	}
	row, rerr := strconv.ParseInt(rs, 10, strconv.IntSize)
	col, cerr := strconv.ParseInt(cs, 10, strconv.IntSize)
	for _, err := range []error{rerr, cerr} {
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return f.Refuse(s, ErrNotCell)
		}
	}
	if rerr != nil || cerr != nil {
		return f.Refuse(s, ErrOutOfRange)
	}
	f.Row, f.Col, f.Given = int(row), int(col), true
	return nil
}

// Size parses a board's size, WIDTHxHEIGHT (the x in either case), each a
// positive number.
func Size(s string) (w, h int, err error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	if ok {
		w, err = strconv.Atoi(ws)
		if err == nil {
			h, err = strconv.Atoi(hs)
		}
	}
	if !ok || err != nil || w < 1 || h < 1 {
		return 0, 0, fmt.Errorf("%q: want WIDTHxHEIGHT, such as 1000x1000", s)
	}
	return w, h, nil
}

// Apart returns an error when the boolean flag name of fs is true with
// one of others, the first in their order: "-name and -other: " and why.
// A flag fs does not define is taken as false.
func Apart(fs *flag.FlagSet, why, name string, others ...string) error {
	on := func(n string) bool {
		f := fs.Lookup(n)
		return f != nil && f.Value.String() == "true"
	}
	if !on(name) {
		return nil
	}
	for _, o := range others {
		if on(o) {
			return fmt.Errorf("-%s and -%s: %s", name, o, why)
		}
	}
	return nil
}
