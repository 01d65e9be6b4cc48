package main

import (
	"path/filepath"
	"testing"
)

// TestE2EReplayVideo plays an imported expert video of Minesweeper
// Arbiter in minesweeper replay: its file named in the header, played to
// its end with the verdicts of its guesses counted, a move back, then a
// jump to the guess before and to a move, each guess said with its verdict
// (the figures are minesweeper analyse's of the same file).
func TestE2EReplayVideo(t *testing.T) {
	t.Parallel()
	_, bin := e2eBinary(t)
	avf, err := filepath.Abs(filepath.Join("..", "..", "internal", "video", "testdata", "avf_exp_0_48_5.avf"))
	if err != nil {
		t.Fatal(err)
	}
	tm := startTmux(t, bin, "replay", "-ascii", avf)
	tm.waitFor("[ replay 1x ]")
	tm.waitFor("30x16, board avf_exp_0_48_5.avf")
	tm.keys("$")
	tm.waitFor("[ You win ]")
	tm.waitFor("; 1 forced, 4 mistake")

	tm.keys(",")
	tm.waitFor("[ replay paused ]")
	tm.waitFor("move 273 of 274")

	tm.keys("N")
	tm.waitFor("move 190, 68.44 s, mistake: risky click (21,16), 35.6%")

	tm.keys("2", "g")
	tm.waitFor("move 2, 0.14 s, forced: guess (13,10), 20.4% a mine")

	tm.keys("n")
	tm.waitFor("move 3, 0.29 s, mistake: guess (15,8), 20.6% a mine")

	tm.keys("q")
	tm.checkExit("")
}
