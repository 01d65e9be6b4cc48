package play

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/record"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// Result is how the last game stood when the player left: the game as
// it is kept (its settings, seed, moves, clock, status and marks; its
// layout once it is over, or for a board file's game), and what the
// run knew of it.
type Result struct {
	game.Kept
	// Counts is what the keeper said the last game counts for, when it
	// ended.
	Counts  session.Counts
	Started bool         // whether anything was opened
	Verdict string       // the guesses the game forced; empty while it goes on
	Numbers game.Numbers // its time, 3BV and clicks
	Signal  os.Signal    // the signal that ended the game, or nil
	// SecretSeed reports whether the seed of a game not over is kept from
	// the player (a server's leaderboards): Summary does not say it.
	SecretSeed bool
	Theme      string // the theme in use at the end, as the menu left it
	Counters   bool   // whether the live counters were shown at the end (c), to remember
	// QuestionMarks reports whether f cycled through a question mark at
	// the end, as the flag or the menu left it.
	QuestionMarks bool
	GaveUp        int // games given up before the last, each kept as a loss
	// DailyEnd is how the run's first game on a daily board ended, or was
	// given up, for the line a player shares (see ShareLine); nil if none
	// did.
	DailyEnd *DailyResult
	// Remote reports whether the game was played on a server, whose
	// records are the server's: Summary names no command to replay it.
	Remote bool
}

// Result returns how the game in play stood at now.
func (p *Play) Result(now time.Time) Result {
	g := p.g
	// A game in play is saved without its layout, which its seed lays
	// again: on the largest boards the layout is hundreds of megabytes.
	k := g.Kept(now, g.Status() != board.Playing && g.Settings().Cells() <= game.LayoutCells)
	return Result{
		Kept: k, Counts: p.counts, Started: g.Started(),
		Verdict: g.Verdict().String(), Numbers: g.Numbers(now),
		GaveUp: p.gaveUp, DailyEnd: p.daily,
	}
}

// DailyResult is how a game on a daily board ended, or was given up: what
// the line a player shares says (see ShareLine).
type DailyResult struct {
	Date, Level      string
	Won, GaveUp      bool
	Numbers          game.Numbers
	Assisted, Undone bool
	Counts           session.Counts // what it counted for: the day, or practice
	// Commitment is a server's commitment to the board (see
	// daily.OfSecret); "" for the public board of the date.
	Commitment string
}

// ShareLine returns the line a player can paste to a friend after a game
// on a daily board: its date and level, the result and time, the 3BV and
// 3BV/s of a win, whether help was used, and the command that plays the
// same board: a server's board, laid from its secret, is told by its
// commitment instead, as nobody can play it before its day has ended.
func ShareLine(d DailyResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "minesweeper daily %s %s", d.Date, d.Level)
	if d.Counts.Daily.Practice() {
		b.WriteString(" (practice)")
	}
	b.WriteString(": ")
	secs := d.Numbers.Time.Seconds()
	switch {
	case d.Won:
		fmt.Fprintf(&b, "won in %.2f s", secs)
		if n := d.Numbers; n.ThreeBV > 0 {
			fmt.Fprintf(&b, ", 3BV %d", n.ThreeBV)
			if v := n.Speed(); v > 0 {
				fmt.Fprintf(&b, ", %.2f 3BV/s", v)
			}
		}
	case d.GaveUp:
		fmt.Fprintf(&b, "gave up after %.2f s", secs)
	default:
		fmt.Fprintf(&b, "lost after %.2f s", secs)
	}
	switch {
	case d.Assisted && d.Undone:
		b.WriteString(", with help and undo")
	case d.Assisted:
		b.WriteString(", with help")
	case d.Undone:
		b.WriteString(", with undo")
	default:
		b.WriteString(", no help")
	}
	if d.Commitment != "" {
		fmt.Fprintf(&b, "; the server's board, sha256 %s", d.Commitment)
	} else {
		fmt.Fprintf(&b, "; play it: %s", daily.Command(d.Date, d.Level))
	}
	return userfile.Printable(b.String())
}

// Summary returns the line printed when the game ends: the result, the
// time, the board and, for a game that ended, its numbers, what it counts
// for, the guesses it forced and the command that replays it; for a game
// left before its end and saved, again is the command that goes on with
// it; for a board file's or a chosen seed's, the one that plays it again.
// The line holds no control character (see userfile.Printable).
func Summary(r Result, saved bool, again string) string {
	var b strings.Builder
	switch {
	case r.Status == board.Won:
		fmt.Fprintf(&b, "You win in %.2fs", r.Elapsed.Seconds())
	case r.Status == board.Lost:
		fmt.Fprintf(&b, "You lose after %.2fs", r.Elapsed.Seconds())
	case r.Started:
		fmt.Fprintf(&b, "Quit after %ds", int(r.Elapsed/time.Second))
	default:
		b.WriteString("Quit before the first move")
	}
	k := r.Settings
	if r.Source != "" {
		// A board file's layout: no rule laid it.
		k.Rule, k.NoGuess = board.Opening, false
	}
	fmt.Fprintf(&b, " on %s, ", k.Name())
	if r.Assisted {
		b.WriteString("assisted, ")
	}
	if r.Undone {
		b.WriteString("undone, ")
	}
	if r.Restarted {
		b.WriteString("restarted, ")
	}
	switch {
	case r.Source != "":
		fmt.Fprintf(&b, "board %s", r.Source)
	case r.Kept.Daily != "":
		fmt.Fprintf(&b, "daily board of %s", r.Kept.Daily)
	case r.SecretSeed && r.Status == board.Playing:
		b.WriteString("its seed kept until its end")
	default:
		fmt.Fprintf(&b, "seed %d", r.Seed)
	}
	line := b.String()
	over := r.Status != board.Playing
	if over {
		line += "; " + NumbersText(r.Numbers, false)
		if more := MoreNumbers(r.Numbers); len(more) > 0 {
			line += "; " + strings.Join(more, ", ")
		}
		if note := r.Counts.Note(); note != "" {
			line += "; " + note
		}
		if r.Verdict != "" {
			line += "; " + r.Verdict
		}
	}
	switch {
	case !over && r.Ends > 0 && r.Counts.Number > 0 && r.Remote:
		line += "; kept as it ended first"
	case !over && r.Ends > 0 && r.Counts.Number > 0:
		// Played on after an undo of its end: it was kept as it ended.
		line += fmt.Sprintf("; kept as it ended first: minesweeper replay %d", r.Counts.Number)
	case over && r.Counts.Number > 0 && r.Remote:
		// The number is the server's, of every player's games: no
		// command of the player's takes it.
	case over && r.Counts.Number > 0:
		line += fmt.Sprintf("; replay: minesweeper replay %d", r.Counts.Number)
	case over && r.Counts.Pending:
		line += "; it can be replayed once it is kept"
	case over:
		line += "; not kept, so it cannot be replayed"
	case saved && r.Kept.Known():
		// Saved as any game left is, it stays known when resumed.
		line += "; saved, to go on: " + again + "; a known board, so it counts for nothing"
	case saved:
		line += "; saved, to go on: " + again
	case again != "":
		line += " (again: " + again + ")"
	}
	if r.GaveUp > 0 {
		line += fmt.Sprintf("; %s given up before it, kept as %s", record.Count(r.GaveUp, "game"), plural(r.GaveUp, "a loss", "losses"))
	}
	// The board file's name may come from a saved game, a file the player
	// could have edited: nothing of the line is to act on the terminal.
	return userfile.Printable(line)
}

// plural returns one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// NumbersText words a game's numbers, with its time or not: its
// NumbersClauses joined with commas.
func NumbersText(n game.Numbers, withTime bool) string {
	return strings.Join(NumbersClauses(n, withTime), ", ")
}

// NumbersClauses words a game's numbers, a clause each: its time, if
// withTime; then for a win its 3BV, 3BV per second, clicks and
// efficiency, else its clicks. A screen too narrow for them all shows the
// first ones whole.
func NumbersClauses(n game.Numbers, withTime bool) []string {
	var clauses []string
	if withTime {
		clauses = append(clauses, fmt.Sprintf("%.2f s", n.Time.Seconds()))
	}
	if !n.Won || n.ThreeBV <= 0 {
		return append(clauses, clicksText(n))
	}
	clauses = append(clauses, fmt.Sprintf("3BV %d", n.ThreeBV))
	if v := n.Speed(); v > 0 {
		clauses = append(clauses, fmt.Sprintf("%.2f 3BV/s", v))
	}
	if e := n.Efficiency(); e > 0 {
		clauses = append(clauses, clicksText(n), fmt.Sprintf("%.0f%% efficiency", 100*e))
	}
	return clauses
}

// clicksText words a game's clicks, saying how many were the solver's.
func clicksText(n game.Numbers) string {
	text := record.Count(n.Clicks, "click")
	if n.Solver > 0 && n.Split() {
		text += fmt.Sprintf(" (%d the solver's)", n.Solver)
	}
	return text
}

// MoreNumbers words the speedrunners' numbers of a finished game beyond
// those NumbersText gives, each a short clause, those known: of a win its
// IOS, RQP, ZiNi and ZNE; of a loss the 3BV it solved and the time it
// would have taken at its pace; then the clicks by kind, the correctness,
// the throughput of a win, and the board's openings and islands.
func MoreNumbers(n game.Numbers) []string {
	var more []string
	add := func(format string, a ...any) { more = append(more, fmt.Sprintf(format, a...)) }
	if n.Won {
		if v := n.IOS(); v > 0 {
			add("IOS %.3f", v)
		}
		if v := n.RQP(); v > 0 {
			add("RQP %.2f", v)
		}
	} else if n.ThreeBV > 0 && n.Counted() {
		add("3BV %d of %d solved", n.Solved, n.ThreeBV)
		if d := n.EstimatedTime(); d > 0 {
			add("estimated %.2f s", d.Seconds())
		}
	}
	if n.Counted() {
		add("ZiNi %d", n.ZiNi)
		if v := n.ZiNiEfficiency(); v > 0 {
			add("ZNE %.0f%%", 100*v)
		}
	}
	if n.Clicks > 0 && n.Split() {
		more = append(more, record.Count(n.Opens, "open"), record.Count(n.Chords, "chord"), record.Count(n.Flags, "flag"))
		add("%d wasted", n.Wasted)
		add("correctness %.0f%%", 100*n.Correctness())
		if v := n.Throughput(); v > 0 {
			add("throughput %.2f", v)
		}
	}
	if n.Counted() {
		more = append(more, record.Count(n.Openings, "opening"), record.Count(n.Islands, "island"))
	}
	return more
}
