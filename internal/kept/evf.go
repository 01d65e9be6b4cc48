package kept

import (
	"bytes"
	"io"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/rawvf"
	"github.com/minesweeper-go/minesweeper/internal/video"
)

// writeEVF writes the kept game k, which ended at end, as an EVF video
// naming program (see video.WriteEVF). Its clicks are those of its RAW
// video (see rawvf.Write: each move as the clicks that make it, at the
// centre of its cell, at the move's time), read back, so that the two
// formats show one game; then what EVF holds beside them is filled from
// the game:
//
//   - the result, the time (the clock at the end) and the 3BV, as RAWVF
//     has them; question marks on, as the RAW video plays them;
//   - the mode (see evfMode); the summary's bits: fair for a win without
//     the solver's help or an undo, official for such a win in the
//     standard mode as well, NF for a game with no flag placed;
//   - the end timestamp: when the game ended; the start: the end less the
//     game's clock, which a game left and resumed later started earlier
//     than (its records keep no time of its start);
//   - no player name and no country: the records of a game at home keep
//     neither (the user identifier is empty, the country two zero bytes).
func writeEVF(w io.Writer, k game.Kept, end time.Time, program string) error {
	var raw bytes.Buffer
	if err := rawvf.Write(&raw, k, rawvf.Info{Program: program}); err != nil {
		return err
	}
	v, err := video.Parse(raw.Bytes(), video.RAWVF)
	if err != nil {
		return err
	}
	v.Mode, v.Fields = evfMode(k), nil // the RAW video's Input has no place in EVF
	if !end.IsZero() {
		v.Date, v.End = end.Add(-k.Elapsed), end
	}
	if k.Status == board.Won && !k.Assisted && !k.Undone {
		if v.Mode == "standard" {
			v.Fields = append(v.Fields, video.Field{Name: video.FieldOfficial, Value: "yes"})
		}
		v.Fields = append(v.Fields, video.Field{Name: video.FieldFair, Value: "yes"})
	}
	if !k.Flagged() {
		v.Fields = append(v.Fields, video.Field{Name: video.FieldNF, Value: "yes"})
	}
	return video.WriteEVF(w, v)
}

// evfMode returns the EVF mode of the game k, the first that applies:
// cheat for a game the solver helped or with a move taken back, upk for a
// board the player could know (see game.Kept.Known), competitive solvable
// for a no-guess board (logic alone clears it, and a guess that is safe
// goes on), else by the first-click rule: standard for a safe first
// click, win7 for one that opens an area (as Windows 7's Minesweeper),
// no rule for mines anywhere.
func evfMode(k game.Kept) string {
	switch {
	case k.Assisted || k.Undone:
		return "cheat"
	case k.Known():
		return "upk"
	case k.Settings.NoGuess:
		return "competitive solvable"
	case k.Settings.Rule == board.Safe:
		return "standard"
	case k.Settings.Rule == board.Opening:
		return "win7"
	}
	return "no rule"
}
