// Package replay is a replay you can study, without a screen: a kept
// game's moves and where the playback stands on the game's clock, its
// speed, the judged guesses marked on it, and the places to seek to (a
// move, a time, the next or the previous guess); and another program's
// video made a kept game to replay (Of). The full screen (internal/ui)
// plays the moves it hands out on the game's board and draws what it says.
package replay

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/game"
)

// Lead is how long, on the game's clock, the closed board is shown before
// the first move.
const Lead = time.Second

// The slowest and the fastest replay; each step of the keys halves or
// doubles the speed.
const (
	MinSpeed = 1.0 / 4
	MaxSpeed = 16.0
)

// Mark is a judged move of a replay: a guess or a risky click, with its
// verdict.
type Mark struct {
	Move    int    // the index of the move in the kept game's Moves
	Verdict string // the verdict's word: "forced", "perfect", "fine", "mistake"
	Text    string // what the replay says when the move is played
}

// Reel is a replay's state: the kept game and where its playback stands.
// It is view state: the game state is the board the moves are played on.
type Reel struct {
	Kept  game.Kept
	Marks []Mark // in the order of their moves
	// Next is the index in Kept.Moves of the next move to play; At the
	// position on the game's clock, negative before the first move.
	Next   int
	At     time.Duration
	Speed  float64 // game time per real time
	Paused bool
	last   time.Time // the real time at which At was last advanced
	// Base is the game's first opening, in the game's time.
	Base time.Time
}

// New returns the replay of k from before its first move, at speed
// (clamped to MinSpeed..MaxSpeed; 1 if not positive) from the real time
// now, with the judged moves marks.
func New(k game.Kept, speed float64, now time.Time, marks []Mark) *Reel {
	if speed <= 0 {
		speed = 1
	}
	ms := append([]Mark(nil), marks...)
	sort.SliceStable(ms, func(i, j int) bool { return ms[i].Move < ms[j].Move })
	return &Reel{Kept: k, Marks: ms, At: -Lead, Speed: min(max(speed, MinSpeed), MaxSpeed), last: now, Base: now}
}

// Done reports whether every move has been played.
func (r *Reel) Done() bool { return r.Next >= len(r.Kept.Moves) }

// AtEnd reports whether every move has been played and the clock stands
// at the end.
func (r *Reel) AtEnd() bool { return r.Done() && r.At >= r.End() }

// End returns the game's clock at the end of the replay: its last move,
// or the clock when it was kept if that is later.
func (r *Reel) End() time.Duration {
	end := r.Kept.Elapsed
	if n := len(r.Kept.Moves); n > 0 {
		end = max(end, r.Kept.Moves[n-1].At)
	}
	return end
}

// Now returns the replay's time on the game's clock.
func (r *Reel) Now() time.Time { return r.Base.Add(r.At) }

// Target returns the position on the game's clock that the real time now
// brings the replay to at its speed (where it stands when paused), and
// takes now as the time of its last advance.
func (r *Reel) Target(now time.Time) time.Duration {
	at := r.At
	if !r.Paused {
		at += time.Duration(float64(now.Sub(r.last)) * r.Speed)
		if r.Done() {
			at = min(at, r.End())
		}
	}
	r.last = now
	return at
}

// Due reports whether the next move's time is at or before at.
func (r *Reel) Due(at time.Duration) bool { return !r.Done() && r.Kept.Moves[r.Next].At <= at }

// Take returns the next move and counts it played, its time reached.
func (r *Reel) Take() game.TimedMove {
	m := r.Kept.Moves[r.Next]
	r.Next++
	r.At = max(r.At, m.At)
	return m
}

// Rewind goes back to before the first move, keeping the speed and the
// pause; the board is the caller's to close again.
func (r *Reel) Rewind() { r.Next, r.At = 0, -Lead }

// Faster doubles the speed, up to MaxSpeed.
func (r *Reel) Faster() { r.Speed = min(r.Speed*2, MaxSpeed) }

// Slower halves the speed, down to MinSpeed.
func (r *Reel) Slower() { r.Speed = max(r.Speed/2, MinSpeed) }

// MoveAt returns how many moves are played by the time d on the game's
// clock: the position to seek to for that time.
func (r *Reel) MoveAt(d time.Duration) int {
	return sort.Search(len(r.Kept.Moves), func(i int) bool { return r.Kept.Moves[i].At > d })
}

// Clamp returns n as a position to seek to: 0 (before the first move) to
// every move played.
func (r *Reel) Clamp(n int) int { return min(max(n, 0), len(r.Kept.Moves)) }

// Guess returns the position that plays the next judged move (way 1) or
// the one before the last played (way -1), times times, and whether there
// is one: the judged move is then the last played.
func (r *Reel) Guess(way, times int) (int, bool) {
	pos, found := r.Next, false
	for range max(times, 1) {
		i := -1
		if way > 0 {
			i = sort.Search(len(r.Marks), func(j int) bool { return r.Marks[j].Move >= pos })
		} else {
			i = sort.Search(len(r.Marks), func(j int) bool { return r.Marks[j].Move+1 >= pos }) - 1
		}
		if i < 0 || i >= len(r.Marks) {
			break
		}
		pos, found = r.Marks[i].Move+1, true
	}
	return pos, found
}

// Played returns the mark of the last move played, if it is judged.
func (r *Reel) Played() (Mark, bool) {
	i := sort.Search(len(r.Marks), func(j int) bool { return r.Marks[j].Move >= r.Next-1 })
	if r.Next > 0 && i < len(r.Marks) && r.Marks[i].Move == r.Next-1 {
		return r.Marks[i], true
	}
	return Mark{}, false
}

// State returns the header's word for the replay: "replay 2x", "replay
// paused", or "" once it has played every move of a game that is over,
// when the header says how the game ended.
func (r *Reel) State(over bool) string {
	switch {
	case r.Done() && over:
		return ""
	case r.Paused:
		return "replay paused"
	}
	return "replay " + SpeedText(r.Speed)
}

// SpeedText writes a speed as a factor: "1x", "0.25x", "16x".
func SpeedText(v float64) string {
	return strconv.FormatFloat(v, 'f', -1, 64) + "x"
}

// Place returns where the replay stands, for its footer: "move 12 of 40"
// and, in width columns if they are 12 or more, the progress line (see
// Progress).
func (r *Reel) Place(width int) string {
	place := fmt.Sprintf("move %d of %d", r.Next, len(r.Kept.Moves))
	if w := width - len(place) - 1; w >= 12 {
		place += " " + r.Progress(w)
	}
	return place
}

// Progress returns the progress line of the replay in width columns (at
// least 3), ASCII: "[==>---?--!--]", the moves played as '=', the place
// as '>', each judged move as '?' ('!' a mistake), by its move's place
// among the moves.
func (r *Reel) Progress(width int) string {
	n := max(width-2, 1)
	moves := len(r.Kept.Moves)
	col := func(i int) int { // the column of the position i (0..moves)
		if moves == 0 {
			return 0
		}
		return min(i*n/moves, n-1)
	}
	line := []byte(strings.Repeat("-", n))
	here := col(r.Next)
	for i := range here {
		line[i] = '='
	}
	for _, m := range r.Marks {
		c := col(m.Move)
		if line[c] != '!' {
			line[c] = '?'
		}
		if m.Verdict == "mistake" {
			line[c] = '!'
		}
	}
	if r.Next > 0 {
		line[here] = '>'
	}
	return "[" + string(line) + "]"
}

// Verdicts counts the judged moves by verdict, in the order of their
// first, for the line under a replayed game: "1 forced", "4 mistake".
func (r *Reel) Verdicts() []string {
	var words []string
	counts := map[string]int{}
	for _, m := range r.Marks {
		if counts[m.Verdict] == 0 {
			words = append(words, m.Verdict)
		}
		counts[m.Verdict]++
	}
	parts := make([]string, len(words))
	for i, w := range words {
		parts[i] = fmt.Sprintf("%d %s", counts[w], w)
	}
	return parts
}
