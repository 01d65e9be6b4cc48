package video

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// sample is what a sample video under testdata gives: its board, what
// the program recorded in it, and what its clicks played on the board
// give. named is the time its file name says, when it says one, and
// namedOffset what is added to the played or the recorded time to make it
// (Arbiter's and Clone's counters start at one second).
type sample struct {
	file                 string
	format               Format
	width, height, mines int
	player, program      string
	country              string
	threeBV              int           // recorded in the file, and the board's own
	recorded             time.Duration // the time recorded in the file
	result               board.Status  // where the clicks leave the game
	played               time.Duration // the played game's time, first opening to end
	named                time.Duration // the time in the file's name; 0 for none
	namedOffset          time.Duration
	named3BV             int // the 3BV in the file's name; 0 for none
	// odd says why the recorded time is not the played one; empty when
	// they agree.
	odd string
}

var samples = []sample{
	{file: "avf_exp_0_48_5.avf", format: AVF, width: 30, height: 16, mines: 99,
		player: "Guo Jin Yang", program: "Minesweeper Arbiter 0.49.5", country: "CN",
		threeBV: 248, recorded: 101340 * time.Millisecond, result: board.Won, played: 101340 * time.Millisecond},
	// The player's name is in GB18030, Arbiter's users' code page.
	{file: "beg_chinese_name.avf", format: AVF, width: 8, height: 8, mines: 10,
		player: "王嘉宁", program: "Minesweeper Arbiter 0.52.3", country: "CN",
		threeBV: 22, recorded: 9200 * time.Millisecond, result: board.Won, played: 9200 * time.Millisecond},
	{file: "Wang_Jia_Ning_Beg_15.523bv24.avf", format: AVF, width: 8, height: 8, mines: 10,
		player: "Wang Jianing G15208", program: "Minesweeper Arbiter 0.52.3", country: "CN",
		threeBV: 24, recorded: 2610 * time.Millisecond, result: board.Won, played: 14520 * time.Millisecond,
		named: 15520 * time.Millisecond, namedOffset: time.Second, named3BV: 24,
		odd: "Arbiter wrote RealTime 2.61 and T3.61, not the events' 14.52; the name has 14.52 on Arbiter's counter, one second ahead"},
	// RMV v1: the 3BV is in the result text, the time in the end event.
	{file: "test_rmv1_utf8_basic.rmv", format: RMV, width: 30, height: 16, mines: 99,
		player: "Thomas Kolar", program: "Vienna Minesweeper - Release 4.0.0 Copyright (C) 2008-2023 Christoph Nikolaus Marx/Thomas Kolar.",
		threeBV: 128, recorded: 34884 * time.Millisecond, result: board.Won, played: 34884 * time.Millisecond},
	// The utf8 property set: the name is UTF-8.
	{file: "test_rmv1_utf8_nonascii.rmv", format: RMV, width: 30, height: 16, mines: 99,
		player: "aaȑaa Kolar", program: "Vienna Minesweeper - Release 4.0.0 Copyright (C) 2008-2023 Christoph Nikolaus Marx/Thomas Kolar.",
		threeBV: 128, recorded: 34884 * time.Millisecond, result: board.Won, played: 34884 * time.Millisecond},
	// No utf8 property, so no encoding is said; the name is valid UTF-8 and read so
	// (Windows-1252 only when it is not).
	{file: "test_rmv1_noutf8_but_valid_utf8.rmv", format: RMV, width: 30, height: 16, mines: 99,
		player: "aaȑaa Kolar", program: "Vienna Minesweeper - Release 4.0.0 Copyright (C) 2008-2023 Christoph Nikolaus Marx/Thomas Kolar.",
		threeBV: 128, recorded: 34884 * time.Millisecond, result: board.Won, played: 34884 * time.Millisecond},
	// The utf8 property set, and a byte that is not UTF-8: U+FFFD, not an error.
	{file: "test_rmv1_utf8_invalid.rmv", format: RMV, width: 30, height: 16, mines: 99,
		player: "�homas Kolar", program: "Vienna Minesweeper - Release 4.0.0 Copyright (C) 2008-2023 Christoph Nikolaus Marx/Thomas Kolar.",
		threeBV: 128, recorded: 34884 * time.Millisecond, result: board.Won, played: 34884 * time.Millisecond},
	// RMV v2: the 3BV in the properties; the player holds the right button and
	// chords with two left clicks.
	{file: "test_rmv2_utf8_basic.rmv", format: RMV, width: 8, height: 8, mines: 10,
		player: "Thomas Kolar", program: "Vienna Minesweeper - Release 5.0.0a2 Copyright (C) 2008-2024 Christoph Nikolaus Marx/Thomas Kolar/Elias Gailberger.",
		threeBV: 3, recorded: 670 * time.Millisecond, result: board.Won, played: 670 * time.Millisecond},
	{file: "test_rmv2_utf8_nonascii.rmv", format: RMV, width: 8, height: 8, mines: 10,
		player: "aaȑaa Kolar", program: "Vienna Minesweeper - Release 5.0.0a2 Copyright (C) 2008-2024 Christoph Nikolaus Marx/Thomas Kolar/Elias Gailberger.",
		threeBV: 3, recorded: 670 * time.Millisecond, result: board.Won, played: 670 * time.Millisecond},
	// Version 2 is always UTF-8 and its description would have the file refused;
	// here a bad byte in a name is U+FFFD, not an error.
	{file: "test_rmv2_utf8_invalid.rmv", format: RMV, width: 8, height: 8, mines: 10,
		player: "�homas Kolar", program: "Vienna Minesweeper - Release 5.0.0a2 Copyright (C) 2008-2024 Christoph Nikolaus Marx/Thomas Kolar/Elias Gailberger.",
		threeBV: 3, recorded: 670 * time.Millisecond, result: board.Won, played: 670 * time.Millisecond},
	// Cells of 24 pixels.
	{file: "test_rmv2_24px.rmv", format: RMV, width: 8, height: 8, mines: 10,
		player: "Thomas Kolar", program: "Vienna Minesweeper - Release 5.0.0b4 Copyright (C) 2008-2024 Christoph Nikolaus Marx/Thomas Kolar/Elias Gailberger.",
		threeBV: 5, recorded: 1849 * time.Millisecond, result: board.Won, played: 1849 * time.Millisecond},
	// Nine flags placed before the start; some taken off later, and the zeros
	// next to them chorded to open what the flood had left (see zeroChord).
	{file: "test_rmv2_16px_preflags.rmv", format: RMV, width: 8, height: 8, mines: 10,
		player: "Thomas Kolar", program: "Vienna Minesweeper - Release 5.0.0b4 Copyright (C) 2008-2024 Christoph Nikolaus Marx/Thomas Kolar/Elias Gailberger.",
		threeBV: 16, recorded: 16032 * time.Millisecond, result: board.Won, played: 16032 * time.Millisecond},
	// EVF v3: the name repeats the time and 3BV; the pointer's cells are 20
	// pixels; the start is the first release, 83 ms into the events.
	{file: "b_5_3.796_3BV=3_3BVs=0.790_王嘉宁(元3.1.9_v3).evf", format: EVF, width: 8, height: 8, mines: 10,
		player: "王嘉宁", program: "元3.1.9", country: "中国",
		threeBV: 3, recorded: 3796 * time.Millisecond, result: board.Won, played: 3796 * time.Millisecond,
		named: 3796 * time.Millisecond, named3BV: 3},
	// EVF v4, a test game that waits 500 seconds before its last click:
	// fake, but a whole game all the same.
	{file: "b_0_504.985_10_0.020_匿_fake(wait_500_secs_元3.2.1_in_test_v4).evf", format: EVF, width: 8, height: 8, mines: 10,
		player: "匿", program: "元3.2.1", country: "CZ",
		threeBV: 10, recorded: 504985 * time.Millisecond, result: board.Won, played: 504985 * time.Millisecond,
		named: 504985 * time.Millisecond, named3BV: 10},
	// MVF (Clone 0.97): the score Clone recorded counts from the first left
	// press, a hundredth before the first opening; the name has the score
	// on Clone's counter, one second ahead.
	{file: "Zhang Shen Jia_Exp_38.82(3bv122).mvf", format: MVF, width: 30, height: 16, mines: 99,
		player: "Zhang Shen Jia(China)", program: "Minesweeper Clone 0.97 beta",
		threeBV: 122, recorded: 37820 * time.Millisecond, result: board.Won, played: 37810 * time.Millisecond,
		named: 38820 * time.Millisecond, namedOffset: time.Second, named3BV: 122,
		odd: "Clone's score counts from the first left press"},
	// RAWVF as internal/rawvf writes it (its golden files): a won game
	// with moves taken back, and a game lost on a chord next to a wrong
	// flag.
	{file: "undo.rawvf", format: RAWVF, width: 5, height: 4, mines: 2, program: "minesweeper (test)",
		threeBV: 6, recorded: 5500 * time.Millisecond, result: board.Won, played: 5500 * time.Millisecond},
	{file: "wrong-flag.rawvf", format: RAWVF, width: 5, height: 4, mines: 2, program: "minesweeper (test)",
		threeBV: 6, recorded: 1400 * time.Millisecond, result: board.Lost, played: 1400 * time.Millisecond},
}

// TestSamples opens each sample video, checks what it recorded, plays
// its clicks on a board of its layout and checks the end, the time and
// the 3BV against what the program recorded and the file's name says.
func TestSamples(t *testing.T) {
	for _, s := range samples {
		t.Run(s.file, func(t *testing.T) {
			v := readSample(t, s.file)
			if v.Format != s.format || v.Width != s.width || v.Height != s.height || len(v.Mines) != s.mines {
				t.Errorf("Read(%s) = %v %dx%d with %d mines; want %v %dx%d with %d", s.file,
					v.Format, v.Width, v.Height, len(v.Mines), s.format, s.width, s.height, s.mines)
			}
			if v.Player != s.player || v.Program != s.program || v.Country != s.country {
				t.Errorf("Read(%s) player, program, country = %q, %q, %q; want %q, %q, %q", s.file,
					v.Player, v.Program, v.Country, s.player, s.program, s.country)
			}
			if v.ThreeBV != s.threeBV || v.Time != s.recorded {
				t.Errorf("Read(%s) recorded 3BV %d, time %v; want %d, %v", s.file, v.ThreeBV, v.Time, s.threeBV, s.recorded)
			}
			g, err := v.Play()
			if err != nil {
				t.Fatalf("Play(%s): %v", s.file, err)
			}
			if got := g.Board.ThreeBV(); got != s.threeBV {
				t.Errorf("Play(%s) board's 3BV = %d; want %d", s.file, got, s.threeBV)
			}
			if g.Board.Status() != s.result || g.Time() != s.played {
				t.Errorf("Play(%s) = %v after %v; want %v after %v", s.file, g.Board.Status(), g.Time(), s.result, s.played)
			}
			if s.result == board.Won {
				if g.Time() != v.Time && s.odd == "" {
					t.Errorf("Play(%s) time %v; want the recorded %v", s.file, g.Time(), v.Time)
				}
				if c := g.Board.Census(); c.Solved != c.ThreeBV {
					t.Errorf("Play(%s) solved %d of 3BV %d; want all", s.file, c.Solved, c.ThreeBV)
				}
			}
			if v.Result != board.Playing && v.Result != g.Board.Status() {
				t.Errorf("Play(%s) = %v; the file recorded %v", s.file, g.Board.Status(), v.Result)
			}
			if s.named != 0 {
				if !strings.Contains(s.file, secondsText(s.named)) {
					t.Errorf("%s: the name does not say %s", s.file, secondsText(s.named))
				}
				if g.Time()+s.namedOffset != s.named && v.Time+s.namedOffset != s.named {
					t.Errorf("Play(%s) time %v, recorded %v (+%v); the name says %v", s.file, g.Time(), v.Time, s.namedOffset, s.named)
				}
			}
			// The program's clock: the name's time, else the recorded one.
			want := v.Time
			if s.named != 0 {
				want = s.named - s.namedOffset
			}
			if c := v.Clock(g); s.result == board.Won && c != want {
				t.Errorf("Clock(%s) = %v; want %v", s.file, c, want)
			}
			if s.named3BV != 0 {
				if !strings.Contains(strings.ToLower(s.file), fmt.Sprint(s.named3BV)) || g.Board.ThreeBV() != s.named3BV {
					t.Errorf("Play(%s) 3BV %d; the name says %d", s.file, g.Board.ThreeBV(), s.named3BV)
				}
			}
		})
	}
}

// TestSamplesListed checks that every video under testdata is in the
// table of samples.
func TestSamplesListed(t *testing.T) {
	files, err := filepath.Glob("testdata/*.*")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, s := range samples {
		listed[s.file] = true
	}
	for _, f := range files {
		name := filepath.Base(f)
		if ext := filepath.Ext(name); ext != ".md" && ext != ".ms-toollib" && !listed[name] {
			t.Errorf("%s is not in the table of samples", name)
		}
	}
}

// secondsText writes d as the names do, "15.52" or "3.796".
func secondsText(d time.Duration) string {
	ms := d.Milliseconds()
	s := fmt.Sprintf("%d.%03d", ms/1000, ms%1000)
	return strings.TrimSuffix(s, "0")
}

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func readSample(t *testing.T, name string) *Video {
	t.Helper()
	v, err := Read(bytes.NewReader(readFile(t, name)), name)
	if err != nil {
		t.Fatalf("Read(%s): %v", name, err)
	}
	return v
}

// TestTruncated cuts each sample short at many places: each read gives an
// error or a video, never a panic, and a cut in the header is an error
// that names the truncation.
func TestTruncated(t *testing.T) {
	for _, s := range samples {
		data, err := os.ReadFile(filepath.Join("testdata", s.file))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{0, 1, 5, 7, 20, 40} {
			_, err := Parse(data[:n], s.format)
			if err == nil {
				t.Errorf("Parse(%s[:%d]) = nil error; want one", s.file, n)
			}
		}
		_, err = Parse(data[:10], s.format)
		if !errors.Is(err, ErrTruncated) && !errors.Is(err, ErrInvalid) {
			t.Errorf("Parse(%s[:10]) = %v; want truncated or invalid", s.file, err)
		}
		if strings.Contains(fmt.Sprint(err), "\n") {
			t.Errorf("Parse(%s[:10]) = %q; want one line", s.file, err)
		}
	}
}
