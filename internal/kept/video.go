package kept

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/minesweeper-go/minesweeper/internal/boardfile"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
	"github.com/minesweeper-go/minesweeper/internal/video"
)

// FindVideo returns the game that target names as a video, as
// minesweeper analyse reads it: "" or "last" the last game of the
// history, a number the game of that number, a replay file that game, and
// any other file another program's video (see video.Read). A kept game is
// written as a RAW video naming program, and read back (see GameVideo).
// open opens the player's records, for the first two.
func FindVideo(ctx context.Context, target string, open func() (Records, error), program string) (*video.Video, error) {
	if target == "last" {
		target = ""
	}
	if _, err := strconv.Atoi(target); target == "" || err == nil {
		g, err := Find(ctx, target, open)
		if err != nil {
			return nil, err
		}
		return GameVideo(g, program)
	}
	name := userfile.Printable(target)
	fh, err := userfile.Open(target, boardfile.MaxReplay)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	defer fh.Close()
	br := bufio.NewReader(fh)
	head, err := br.Peek(boardfile.SniffLen)
	if err != nil && err != io.EOF {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if boardfile.Sniff(target, head) == boardfile.Replay {
		g, err := boardfile.ReadGameFile(target)
		if err != nil {
			return nil, err
		}
		return GameVideo(g, program)
	}
	v, err := video.Read(br, target)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return v, nil
}

// GameVideo returns the kept game g as a video: written as a RAW video
// naming program (see Export) and read back, so that what is analysed of
// it is what another program would read.
func GameVideo(g history.Game, program string) (*video.Video, error) {
	var buf bytes.Buffer
	if err := Export(&buf, g, RAWVF, program); err != nil {
		return nil, err
	}
	return video.Parse(buf.Bytes(), video.RAWVF)
}
