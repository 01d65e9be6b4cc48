package local

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/minesweeper-go/minesweeper/internal/analyse"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/kept"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/ui"
	"github.com/minesweeper-go/minesweeper/internal/ui/replay"
	"github.com/minesweeper-go/minesweeper/internal/ui/term"
	"github.com/minesweeper-go/minesweeper/internal/video"
)

// Replayed is how a game is replayed: its speed at the start, game time
// per real time, and whether it is drawn in ASCII characters alone.
type Replayed struct {
	Speed float64
	ASCII bool
}

// errNoReplayTerminal is why a replay cannot be shown.
var errNoReplayTerminal = errors.New("a replay needs a terminal on standard input, and one to draw on")

// Replay plays the kept game g back on the full screen as how says, each
// guess said with its verdict as it is played: the game is judged as its
// RAW video naming program is (see kept.GameVideo and analyse.Video). It
// needs a terminal on stdin and one to draw on.
func Replay(g history.Game, program string, how Replayed, stdin io.Reader, stdout, stderr io.Writer) error {
	k, err := session.KeptOf(g)
	if err != nil {
		return err
	}
	if !term.CanPlay(stdin, stdout, stderr) {
		return errNoReplayTerminal
	}
	var marks []replay.Mark
	if v, err := kept.GameVideo(g, program); err == nil {
		marks = marksOf(k, v)
	}
	// A huge board's game is kept without its layout: its seed lays it
	// again, with the layout of its settings (a no-guess board's).
	st := play.Start{Board: k.Settings, Layout: play.LayoutOf(k.Settings), Seed: g.Seed, Replay: &k, ReplaySpeed: how.Speed}
	return replayOn(st, marks, "", how)
}

// ReplayVideo plays another program's video v, read from the file name,
// back on the full screen as Replay plays our games: its title (player,
// program, format) the first message.
func ReplayVideo(v *video.Video, name string, how Replayed, stdin io.Reader, stdout, stderr io.Writer) error {
	k, err := replay.Of(v, name)
	if err != nil {
		return err
	}
	if !term.CanPlay(stdin, stdout, stderr) {
		return errNoReplayTerminal
	}
	st := play.Start{Board: k.Settings, Replay: &k, ReplaySpeed: how.Speed}
	return replayOn(st, marksOf(k, v), replay.Title(v), how)
}

// replayOn plays the replay st on the full screen.
func replayOn(st play.Start, marks []replay.Mark, title string, how Replayed) error {
	_, err := ui.Play(ui.Config{
		Start:       st,
		ReplayMarks: marks,
		ReplayTitle: title,
		Prefs:       ui.Prefs{QuestionMarks: true, ASCII: how.ASCII, Mono: os.Getenv("NO_COLOR") != ""},
	})
	return err
}

// marksOf returns the judged moves of k, the game of the video v, as a
// replay marks them: each guess and risky click of v's analysis (see
// analyse.Video) matched, in order, with the move of k that opens or
// chords its cell, said as "move 12, 3.45 s, mistake: guess at ...". A
// video whose analysis fails has none.
func marksOf(k game.Kept, v *video.Video) []replay.Mark {
	r, err := analyse.Video(context.Background(), v)
	if err != nil {
		return nil
	}
	var marks []replay.Mark
	i := 0
	for _, m := range r.Moves {
		for i < len(k.Moves) && !opens(k.Moves[i].Move, m.Cell) {
			i++
		}
		if i == len(k.Moves) {
			break
		}
		text := fmt.Sprintf("move %d, %.2f s, %s", i+1, m.At.Seconds(), m)
		marks = append(marks, replay.Mark{Move: i, Verdict: m.Verdict.String(), Text: text})
		i++
	}
	return marks
}

// opens reports whether m opens or chords the cell p.
func opens(m game.Move, p board.Point) bool {
	switch m.Action {
	case game.Open, game.Chord, game.AutoOpen:
		return m.At == p
	}
	return false
}
