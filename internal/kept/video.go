package kept

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/minesweeper-go/minesweeper/internal/boardfile"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
	"github.com/minesweeper-go/minesweeper/internal/video"
)

// FindVideo returns the game that target names as a video, as
// minesweeper analyse reads it (see FindGame): a kept game is written as
// a RAW video naming program, and read back (see GameVideo).
func FindVideo(ctx context.Context, target string, open func() (Records, error), program string) (*video.Video, error) {
	g, v, err := findGame(ctx, target, open, true)
	if err != nil || v != nil {
		return v, err
	}
	return GameVideo(g, program)
}

// FindGame returns the game that target names: "" or "last" the last
// game of the history, a number the game of that number, a replay file
// that game, another program's video (see video.Read; its content or
// its extension says so) returned as v, not nil, and any other file a
// board file, whose error says so (see boardfile.ReadGameFile). open opens the player's records,
// for the first two.
func FindGame(ctx context.Context, target string, open func() (Records, error)) (g history.Game, v *video.Video, err error) {
	return findGame(ctx, target, open, false)
}

// findGame is FindGame, any file but a replay read as a video with
// videos.
func findGame(ctx context.Context, target string, open func() (Records, error), videos bool) (g history.Game, v *video.Video, err error) {
	if target == "last" {
		target = ""
	}
	if _, err := strconv.Atoi(target); target == "" || err == nil {
		g, err := Find(ctx, target, open)
		return g, nil, err
	}
	name := userfile.Printable(target)
	fh, err := userfile.Open(target, boardfile.MaxReplay)
	if err != nil {
		return g, nil, fmt.Errorf("%s: %v", name, err)
	}
	defer fh.Close()
	br := bufio.NewReader(fh)
	head, err := br.Peek(boardfile.SniffLen)
	if err != nil && err != io.EOF {
		return g, nil, fmt.Errorf("%s: %v", name, err)
	}
	if boardfile.Sniff(target, head) == boardfile.Replay || !videos && !isVideo(head, target) {
		g, err := boardfile.ReadGameFile(target)
		return g, nil, err
	}
	if v, err = video.Read(br, target); err != nil {
		return g, nil, fmt.Errorf("%s: %v", name, err)
	}
	return g, v, nil
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

// isVideo reports whether the file name, whose content starts with head,
// is a video rather than a board file: its content says so, or its
// extension is a video's other than .txt, which records have too.
func isVideo(head []byte, name string) bool {
	if video.Detect(head, "") != 0 {
		return true
	}
	return video.Detect(nil, name) != 0 && !strings.EqualFold(filepath.Ext(name), ".txt")
}
