package analyse

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/video"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// videos is where the sample videos are: internal/video's tests keep them.
const videos = "../video/testdata"

// analyseFile reads the video of testdata file name and analyses it.
func analyseFile(t testing.TB, name string) *Report {
	t.Helper()
	f, err := os.Open(filepath.Join(videos, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	v, err := video.Read(f, name)
	if err != nil {
		t.Fatalf("video.Read(%s): %v", name, err)
	}
	r, err := Video(context.Background(), v)
	if err != nil {
		t.Fatalf("Video(%s): %v", name, err)
	}
	return r
}

// TestSamples analyses each sample video and checks the 3BV and the time
// against what its program recorded: in its name when the name says (less
// the second that Arbiter's and Clone's counters start at), else in the
// file (Arbiter's footer, RMV's header or properties, EVF's fields, RAWVF's
// description).
func TestSamples(t *testing.T) {
	tests := []struct {
		file    string
		threeBV int
		time    time.Duration
		result  board.Status
	}{
		{"avf_exp_0_48_5.avf", 248, 101340 * time.Millisecond, board.Won},
		{"beg_chinese_name.avf", 22, 9200 * time.Millisecond, board.Won},
		// Named 15.52 on Arbiter's counter, a second ahead; its footer's
		// 2.61 is wrong.
		{"Wang_Jia_Ning_Beg_15.523bv24.avf", 24, 14520 * time.Millisecond, board.Won},
		{"test_rmv1_utf8_basic.rmv", 128, 34884 * time.Millisecond, board.Won},
		{"test_rmv1_utf8_nonascii.rmv", 128, 34884 * time.Millisecond, board.Won},
		{"test_rmv1_noutf8_but_valid_utf8.rmv", 128, 34884 * time.Millisecond, board.Won},
		{"test_rmv1_utf8_invalid.rmv", 128, 34884 * time.Millisecond, board.Won},
		{"test_rmv2_utf8_basic.rmv", 3, 670 * time.Millisecond, board.Won},
		{"test_rmv2_utf8_nonascii.rmv", 3, 670 * time.Millisecond, board.Won},
		{"test_rmv2_utf8_invalid.rmv", 3, 670 * time.Millisecond, board.Won},
		{"test_rmv2_24px.rmv", 5, 1849 * time.Millisecond, board.Won},
		{"test_rmv2_16px_preflags.rmv", 16, 16032 * time.Millisecond, board.Won},
		{"b_5_3.796_3BV=3_3BVs=0.790_王嘉宁(元3.1.9_v3).evf", 3, 3796 * time.Millisecond, board.Won},
		{"b_0_504.985_10_0.020_匿_fake(wait_500_secs_元3.2.1_in_test_v4).evf", 10, 504985 * time.Millisecond, board.Won},
		// Named 38.82 on Clone's counter, a second ahead, which starts at
		// the first left press.
		{"Zhang Shen Jia_Exp_38.82(3bv122).mvf", 122, 37820 * time.Millisecond, board.Won},
		{"undo.rawvf", 6, 5500 * time.Millisecond, board.Won},
		{"wrong-flag.rawvf", 6, 1400 * time.Millisecond, board.Lost},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		seen[tt.file] = true
		r := analyseFile(t, tt.file)
		if r.Numbers.ThreeBV != tt.threeBV || r.Numbers.Time != tt.time || r.Played != tt.result {
			t.Errorf("Video(%s) = 3BV %d, %v, %v; want 3BV %d, %v, %v", tt.file,
				r.Numbers.ThreeBV, r.Numbers.Time, r.Played, tt.threeBV, tt.time, tt.result)
		}
		for _, m := range r.Moves {
			if m.Verdict < Forced || m.Verdict > Mistake || m.Mine < m.SafestMine-same || m.Mine <= 0 {
				t.Errorf("Video(%s) move %d = %+v; want a verdict and the safest cell no likelier a mine", tt.file, m.Step, m)
			}
		}
	}
	// Every sample video is in the table.
	files, err := filepath.Glob(filepath.Join(videos, "*.*"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if name := filepath.Base(f); video.Detect(nil, name) != 0 && !seen[name] {
			t.Errorf("sample video %s is not in TestSamples' table", name)
		}
	}
}

// TestGolden checks the text and the JSON of the analysis of two videos
// against testdata/NAME.golden (go test -update rewrites them): an expert
// game of Arbiter, and one of ours lost on a chord next to a wrong flag.
func TestGolden(t *testing.T) {
	for _, name := range []string{"avf_exp_0_48_5.avf", "wrong-flag.rawvf"} {
		r := analyseFile(t, name)
		var b bytes.Buffer
		if err := r.WriteText(&b); err != nil {
			t.Fatal(err)
		}
		b.WriteString("\n")
		if err := r.WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		golden := filepath.Join("testdata", name+".golden")
		if *update {
			if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if got := b.String(); got != string(want) {
			t.Errorf("analysis of %s:\n%s\nwant:\n%s", name, got, want)
		}
	}
}

// TestJudge checks the verdicts, the first that applies.
func TestJudge(t *testing.T) {
	tests := []struct {
		mine, lowest float64
		guess        bool
		want         Verdict
	}{
		{0.5, 0.5, true, Forced},
		{0.2, 0.2 - 1e-12, true, Forced},
		{0.2, 0.2, false, Perfect}, // estimated chances: a cell as likely, but one certainly safe
		{0.204, 0.2, true, Perfect},
		{0.205, 0.2, true, Perfect},
		{0.21, 0.2, true, Fine},
		{0.25, 0.2, true, Fine},
		{0.26, 0.2, true, Mistake},
		{0.003, 0, false, Perfect},
		{0.04, 0, false, Fine},
		{0.5, 0, false, Mistake},
	}
	for _, tt := range tests {
		if got := judge(tt.mine, tt.lowest, tt.guess); got != tt.want {
			t.Errorf("judge(%v, %v, %v) = %v; want %v", tt.mine, tt.lowest, tt.guess, got, tt.want)
		}
	}
}

// TestUnjudged checks that a board over MaxCells is analysed without
// judging its moves, and says so.
func TestUnjudged(t *testing.T) {
	var b strings.Builder
	b.WriteString("RawVF_Version: Rev5\nWidth: 300\nHeight: 300\nMines: 1\nBoard:\n*" + strings.Repeat("0", 299) + "\n")
	for range 299 {
		b.WriteString(strings.Repeat("0", 300) + "\n")
	}
	b.WriteString("Events:\n0.000 lc 300 300 (4792 4792)\n0.000 lr 300 300 (4792 4792)\n")
	v, err := video.Parse([]byte(b.String()), video.RAWVF)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Video(context.Background(), v)
	if err != nil {
		t.Fatal(err)
	}
	if r.Unjudged == "" || r.Judged != 0 || r.Played != board.Won {
		t.Errorf("Video(300x300) = unjudged %q, %d judged, %v; want a reason, none judged, won", r.Unjudged, r.Judged, r.Played)
	}
}

// TestBudget checks that the moves are judged until MaxWork's budget is
// spent, and the rest not, as the report says: those judged are the
// analysis's with no budget.
func TestBudget(t *testing.T) {
	f, err := os.Open(filepath.Join(videos, "avf_exp_0_48_5.avf"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	v, err := video.Read(f, "")
	if err != nil {
		t.Fatal(err)
	}
	whole, err := analyse(context.Background(), v, MaxWork)
	if err != nil {
		t.Fatal(err)
	}
	for _, budget := range []int{0, 480, 10 * 480, 100 * 480} {
		r, err := analyse(context.Background(), v, budget)
		if err != nil {
			t.Fatal(err)
		}
		if r.Unjudged == "" || r.Judged >= whole.Judged || r.Numbers != whole.Numbers || len(r.Moves) > len(whole.Moves) {
			t.Errorf("analyse(%d) = %d judged, %q; want fewer than %d, and a reason", budget, r.Judged, r.Unjudged, whole.Judged)
			continue
		}
		for i, m := range r.Moves {
			if m != whole.Moves[i] {
				t.Errorf("analyse(%d) move %d = %+v; want %+v", budget, i, m, whole.Moves[i])
			}
		}
	}
	if whole.Unjudged != "" {
		t.Errorf("Video = %q; want every move judged", whole.Unjudged)
	}
}

// largestVideo returns a RAW video of the largest board judged, 256x256
// with a sixth of its cells mines, whose player opens each safe cell
// one at a time in a random order, the most analyses a video can ask.
func largestVideo(tb testing.TB) *video.Video {
	const side, mines = 256, 256 * 256 / 6
	rng := rand.New(rand.NewPCG(1, 2))
	mine := make([]bool, side*side)
	for _, i := range rng.Perm(side * side)[:mines] {
		mine[i] = true
	}
	var b strings.Builder
	fmt.Fprintf(&b, "RawVF_Version: Rev5\nWidth: %d\nHeight: %d\nMines: %d\nBoard:\n", side, side, mines)
	for y := range side {
		for x := range side {
			b.WriteByte("0*"[boolInt(mine[y*side+x])])
		}
		b.WriteByte('\n')
	}
	b.WriteString("Events:\n")
	for n, i := range rng.Perm(side * side) {
		if !mine[i] {
			x, y := i%side, i/side
			fmt.Fprintf(&b, "%d.000 lc %d %d (%d %d)\n%d.000 lr %d %d (%d %d)\n", n, x+1, y+1, 16*x+8, 16*y+8, n, x+1, y+1, 16*x+8, 16*y+8)
		}
	}
	v, err := video.Parse([]byte(b.String()), video.RAWVF)
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// BenchmarkLargest analyses largestVideo: the work MaxWork allows a
// hostile video, in seconds of a whole analysis and its moves judged.
func BenchmarkLargest(b *testing.B) {
	v := largestVideo(b)
	b.ResetTimer()
	for b.Loop() {
		r, err := Video(context.Background(), v)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(r.Judged), "judged")
	}
}
