package replay

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
	"github.com/minesweeper-go/minesweeper/internal/video"
)

// Of returns the game of the video v, played (see video.Video.Play), as a
// kept game to replay: its board's layout, named by the file's name, the
// flags placed before the first click as marks at its time, and each
// step at its time from the first opening, which the game's clock counts
// from, as the programs' do.
func Of(v *video.Video, name string) (game.Kept, error) {
	pg, err := v.Play()
	if err != nil {
		return game.Kept{}, err
	}
	s := v.Settings()
	s.Rule = board.Safe // the programs' first click is never a mine
	k := game.Kept{Settings: s, Origin: game.File, Source: filepath.Base(name),
		Mines: v.Mines, Status: pg.Board.Status(), Elapsed: max(pg.Time(), 0)}
	for _, p := range v.PreFlags {
		k.Moves = append(k.Moves, game.TimedMove{Move: game.Move{Action: game.Toggle, At: p}})
	}
	for _, st := range pg.Steps {
		k.Moves = append(k.Moves, game.TimedMove{Move: game.Move{Action: game.Action(st.Move.Action), At: st.Move.At},
			At: max(st.At-pg.Start, 0)})
	}
	return k, nil
}

// Title returns the line that names a video: its format, player,
// program and recorded time and 3BV, as far as it gives them: "AVF
// video of Jane Doe, Minesweeper Arbiter 0.52.3: 48.50 s, 3BV 150". The
// names, from the file, are made printable.
func Title(v *video.Video) string {
	var b strings.Builder
	b.WriteString(v.Format.String() + " video")
	if v.Player != "" {
		b.WriteString(" of " + userfile.Printable(v.Player))
	}
	if v.Program != "" {
		b.WriteString(", " + userfile.Printable(v.Program))
	}
	var nums []string
	if v.Time > 0 {
		nums = append(nums, fmt.Sprintf("%.2f s", v.Time.Seconds()))
	}
	if v.ThreeBV > 0 {
		nums = append(nums, fmt.Sprintf("3BV %d", v.ThreeBV))
	}
	if len(nums) > 0 {
		b.WriteString(": " + strings.Join(nums, ", "))
	}
	return b.String()
}
