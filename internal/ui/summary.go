package ui

import (
	"fmt"
	"strings"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/record"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

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
	fmt.Fprintf(&b, " on %s, ", k.Describe())
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
		line += "; " + numbersText(r.Numbers, false)
		if more := moreNumbers(r.Numbers); len(more) > 0 {
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
	case !over && r.Ends > 0 && r.Counts.Number > 0 && r.remote:
		line += "; kept as it ended first"
	case !over && r.Ends > 0 && r.Counts.Number > 0:
		// Played on after an undo of its end: it was kept as it ended.
		line += fmt.Sprintf("; kept as it ended first: minesweeper replay %d", r.Counts.Number)
	case over && r.Counts.Number > 0 && r.remote:
		// The number is the server's, of every player's games: no
		// command of the player's takes it.
	case over && r.Counts.Number > 0:
		line += fmt.Sprintf("; replay: minesweeper replay %d", r.Counts.Number)
	case over && r.Counts.Pending:
		line += "; it can be replayed once it is kept"
	case over:
		line += "; not kept, so it cannot be replayed"
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
