package play

import (
	"fmt"
	"strings"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// Again returns the command that plays the game of res again, for the
// line that sums it up (see Lines), or "" for none: the daily board's,
// the board's with -resume when the game is saved, a board file's, or
// the board's with its seed when the player chose it.
func Again(res Result, saved bool) string {
	switch {
	case saved && res.Kept.Daily != "":
		return daily.Command(res.Kept.Daily, board.LevelOf(res.Settings))
	case saved:
		return fmt.Sprintf("minesweeper %s -resume", boardArgs(res.Settings, board.LevelOf(res.Settings)))
	case res.Source != "":
		return "minesweeper -board " + userfile.ShellQuote(res.Source)
	case res.Origin == game.Seeded:
		return fmt.Sprintf("minesweeper %s -seed %d", boardArgs(res.Settings, board.LevelOf(res.Settings)), res.Seed)
	}
	return ""
}

// boardArgs returns the flags that choose the board s, at the level
// named level or "custom": "-level expert", "-width 20 -height 10 -mines
// 30 -first-click safe -no-guess".
func boardArgs(s board.Settings, level string) string {
	var b strings.Builder
	if level != "custom" && level != "" {
		fmt.Fprintf(&b, "-level %s", level)
	} else {
		fmt.Fprintf(&b, "-width %d -height %d -mines %d", s.Width, s.Height, s.Mines)
	}
	if s.Rule != board.Opening {
		fmt.Fprintf(&b, " -first-click %s", s.Rule)
	}
	if s.NoGuess {
		b.WriteString(" -no-guess")
	}
	return b.String()
}
