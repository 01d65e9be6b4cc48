package remote

import (
	"bytes"
	"strconv"
	"time"
	"unicode/utf8"
)

// What a remote player may send, and how fast. A client's bytes are made
// safe for tcell's input parser (inputFilter) and held to a budget of
// keys (inputBudget) before tcell sees them: its parser spins for ever on
// a byte that is not UTF-8, keeps every byte of an escape sequence that
// never ends, makes up a key for every repeat a win32-input-mode sequence
// claims, and works through a paste key by key, a frame each.
const (
	// inputRate is the keys a second a session takes for as long as they
	// come: a fast typist types 20 to 30 keys a second, a held key
	// repeats at most about 50 times a second, and dragging the mouse
	// across the board reports a cell at a time, about as fast. Keys past
	// the rate and the burst are dropped, and the player told so.
	inputRate = 60
	// InputBurst is the keys a session takes at once above inputRate:
	// four seconds of a fast typist, or a second of dragging the mouse on
	// top of the rate. A paste of a few lines passes whole; a paste of a
	// book costs the server the burst and no more.
	InputBurst = 240
	// maxSequence is the longest control sequence (the bytes between
	// "ESC [" and its final byte) kept: a terminal's longest, a mouse
	// report on the largest screen or a win32-input-mode key, takes about
	// 30. A longer one is cancelled and its bytes dropped.
	maxSequence = 64
	// maxString is the longest control string (OSC, SOS, PM, APC: ESC ],
	// X, ^ or _, to BEL or ESC \) swallowed: the game asks the terminal
	// for none, so none reaches tcell. Past it the string is taken as
	// never ended, and what follows as keys.
	maxString = 4096
	// maxRepeat is the most keys one win32-input-mode sequence (CSI ... _)
	// stands for: Windows Terminal sends a sequence a key press, each with
	// a repeat count of 1; a larger count is a client asking the server to
	// make keys up, which tcell does one event at a time.
	maxRepeat = 1
)

// filterState is where inputFilter is in an escape sequence.
type filterState uint8

const (
	inGround    filterState = iota // between keys
	inEscape                       // after ESC
	inCSI                          // after ESC [, its parameters held
	inCSIDrop                      // in a sequence too long, dropped to its end
	inSS3                          // after ESC O: one more character, or ESC
	inSS2                          // after ESC N: one more character, whatever it is
	inString                       // in a control string, swallowed
	inStringEsc                    // after ESC in a control string
)

// can is ECMA-48's CANCEL: in a control sequence it ends the sequence,
// which tcell then drops without a key.
const can = 0x18

// inputFilter makes what a client sends safe for tcell's input parser:
// it passes valid UTF-8 only (an invalid byte dropped, a rune cut at the
// end of a read kept for the next), bounds escape sequences (maxSequence,
// maxString, maxRepeat), and asks keep of each key (a character, or an
// escape sequence whole) whether it goes through. Its zero value is
// ready; keep nil keeps every key.
type inputFilter struct {
	keep  func() bool
	state filterState
	kept  bool    // whether the key under way goes through
	part  [3]byte // the start of a rune cut at the end of a read
	nPart int     // bytes in part
	seq   []byte  // the parameters of the sequence under way (inCSI)
	n     int     // bytes of the sequence or string so far
	out   []byte  // what filter appends to
}

// filter appends to dst what of p tcell may see, and returns it.
func (f *inputFilter) filter(dst, p []byte) []byte {
	f.out = dst
	defer func() { f.out = nil }()
	if f.nPart > 0 {
		// Complete the rune cut at the end of the last read.
		need := len(p)
		buf := append(f.part[:f.nPart:f.nPart], p[:min(need, utf8.UTFMax-f.nPart)]...)
		if !utf8.FullRune(buf) {
			copy(f.part[:], buf)
			f.nPart = len(buf)
			return f.out
		}
		r, size := utf8.DecodeRune(buf)
		used := size - f.nPart
		f.nPart = 0
		if r != utf8.RuneError || size > 1 {
			f.rune(r)
			p = p[used:]
		} // else the held bytes were not a rune: dropped, p read afresh
	}
	for len(p) > 0 {
		if c := p[0]; c < utf8.RuneSelf {
			f.rune(rune(c))
			p = p[1:]
			continue
		}
		if !utf8.FullRune(p) {
			f.nPart = copy(f.part[:], p)
			break
		}
		r, size := utf8.DecodeRune(p)
		p = p[size:]
		if r == utf8.RuneError && size == 1 {
			continue // not UTF-8: tcell's parser would spin on it for ever
		}
		f.rune(r)
	}
	return f.out
}

// start begins a key and reports whether it goes through.
func (f *inputFilter) start() bool {
	f.kept = f.keep == nil || f.keep()
	return f.kept
}

// emit passes r to tcell if the key under way goes through.
func (f *inputFilter) emit(r rune) {
	if !f.kept {
		return
	}
	if r < utf8.RuneSelf {
		f.out = append(f.out, byte(r))
		return
	}
	f.out = utf8.AppendRune(f.out, r)
}

// rune takes one character of the input.
func (f *inputFilter) rune(r rune) {
	switch f.state {
	case inGround:
		f.ground(r)
	case inEscape:
		f.escape(r)
	case inCSI, inCSIDrop:
		f.csi(r)
	case inSS3:
		if r == 0x1b { // ESC starts again, as in tcell
			f.restart()
			return
		}
		f.emit(r)
		f.state = inGround
	case inSS2:
		f.emit(r) // tcell takes it, whatever it is
		f.state = inGround
	case inString, inStringEsc:
		f.string(r)
	}
}

func (f *inputFilter) ground(r rune) {
	f.start()
	f.emit(r)
	if r == 0x1b {
		f.state = inEscape
	}
}

func (f *inputFilter) escape(r rune) {
	switch r {
	case 0x1b: // ESC ESC: Alt and what follows, to tcell; a key of its own here
		f.ground(r)
	case '[':
		f.emit(r)
		f.state, f.seq, f.n = inCSI, f.seq[:0], 0
	case 'O':
		f.emit(r)
		f.state = inSS3
	case 'N':
		f.emit(r)
		f.state = inSS2
	case ']', 'X', '^', '_':
		// A control string: tcell is given an empty one, ended at once, and
		// the string itself is swallowed here.
		f.emit(r)
		f.emit(0x07)
		f.state, f.n = inString, 0
	default:
		f.emit(r)
		f.state = inGround
	}
}

func (f *inputFilter) csi(r rune) {
	switch {
	case r == 0x1b: // ESC starts again, as in tcell
		if f.state == inCSIDrop {
			f.state = inGround // tcell was cancelled already
		}
		f.restart()
	case r >= 0x20 && r <= 0x3f: // parameters and intermediates
		f.n++
		if f.state == inCSIDrop {
			return
		}
		if f.n > maxSequence {
			f.emit(can)
			f.state, f.seq = inCSIDrop, f.seq[:0]
			return
		}
		f.seq = append(f.seq, byte(r))
	case r >= 0x40 && r <= 0x7e: // the final byte
		if f.state == inCSI {
			seq := f.seq
			if r == '_' {
				seq = winKey(seq)
			}
			if f.kept {
				f.out = append(f.out, seq...)
			}
			f.emit(r)
		}
		f.state, f.seq = inGround, f.seq[:0]
	default:
		// Not of a sequence: tcell would drop the sequence and post a
		// character above ASCII as a key; it is cancelled, and the
		// character read as a key of its own.
		if f.state == inCSI {
			f.emit(can)
		}
		f.state, f.seq = inGround, f.seq[:0]
		f.ground(r)
	}
}

// restart ends the sequence under way at an ESC, which starts a key of
// its own: tcell, which starts again at an ESC too, is first told to
// cancel the sequence, in case the new key does not go through.
func (f *inputFilter) restart() {
	if f.state != inGround {
		f.emit(can)
	}
	f.state, f.seq = inGround, f.seq[:0]
	f.ground(0x1b)
}

func (f *inputFilter) string(r rune) {
	f.n++
	switch {
	case r == 0x07 || f.state == inStringEsc && r == '\\':
		f.state = inGround
	case r == can || r == 0x1a: // CANCEL and SUBSTITUTE end it too
		f.state = inGround
	case f.n > maxString:
		// Never ended: what follows is keys again.
		f.state = inGround
		f.ground(r)
	case r == 0x1b:
		f.state = inStringEsc
	default:
		f.state = inString
	}
}

// winKey returns the parameters of a win32-input-mode key
// (Vk;Sc;Uc;Kd;Cs;Rc, read as tcell reads them: empty and unreadable
// ones skipped) with its repeat count Rc at most maxRepeat.
func winKey(params []byte) []byte {
	if bytes.ContainsFunc(params, func(r rune) bool { return r < 0x30 }) {
		return params // intermediates: tcell takes it for no key
	}
	lt := bytes.HasPrefix(params, []byte("<"))
	rest := bytes.TrimPrefix(params, []byte("<"))
	if len(rest) == 0 || rest[0] < '0' || rest[0] > '9' {
		return params // no parameters, as tcell reads them
	}
	var p []int64
	for _, part := range bytes.Split(rest, []byte(";")) {
		if n, err := strconv.ParseInt(string(part), 10, 32); err == nil {
			p = append(p, n)
		}
	}
	if len(p) < 6 || p[5] <= maxRepeat {
		return params
	}
	p[5] = maxRepeat
	out := []byte{}
	if lt {
		out = append(out, '<')
	}
	for i, n := range p[:6] {
		if i > 0 {
			out = append(out, ';')
		}
		out = strconv.AppendInt(out, n, 10)
	}
	return out
}

// inputBudget is a token bucket of keys: InputBurst at once, refilled at
// inputRate a second of now's clock (refill). Its tokens are counted as time, a key
// costing perKey, so that a key comes back after exactly perKey.
type inputBudget struct {
	now    func() time.Time
	credit time.Duration // at most InputBurst keys' worth
	last   time.Time
}

// perKey is the time a key's token takes to come back.
const perKey = time.Second / inputRate

func newInputBudget(now func() time.Time) *inputBudget {
	return &inputBudget{now: now, credit: InputBurst * perKey, last: now()}
}

// refill gives back the tokens of the time since the last refill. It is
// called once a read: the keys of one read come at one time, and a flood
// does not read the clock a key.
func (b *inputBudget) refill() {
	if now := b.now(); now.After(b.last) {
		b.credit = min(InputBurst*perKey, b.credit+now.Sub(b.last))
		b.last = now
	}
}

// take reports whether a key may go through, and spends it if so.
func (b *inputBudget) take() bool {
	if b.credit < perKey {
		return false
	}
	b.credit -= perKey
	return true
}

// Notice is the data of a posted event whose text the game's footer or
// the name prompt shows, as a refused move's message is shown: a line
// to the player from outside the loop. It is called on the loop.
type Notice func() string
