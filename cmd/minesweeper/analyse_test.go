package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/store"
)

// runAnalyseArgs runs "minesweeper analyse" with args and returns its exit
// status, its output and its errors.
func runAnalyseArgs(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := run(append([]string{"analyse"}, args...), &bytes.Buffer{}, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// TestRunAnalyse checks analyse through run: a kept game by number, the
// last, a replay file and another program's video, as text and JSON; and
// each refusal as one line.
func TestRunAnalyse(t *testing.T) {
	home := filepath.Join(t.TempDir(), "state")
	t.Setenv("MINESWEEPER_HOME", home)
	if code, out, errs := runAnalyseArgs(); code != exitFailure || out != "" || errs != "minesweeper analyse: no game has been kept yet: play one with minesweeper\n" {
		t.Errorf("analyse with no history = %d, %q, %q", code, out, errs)
	}
	example := readGame(t, exampleGame)
	st, err := store.Open(home, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Append(context.Background(), example); err != nil {
		t.Fatal(err)
	}
	st.Close()

	avf := filepath.Join("..", "..", "internal", "video", "testdata", "avf_exp_0_48_5.avf")
	tests := []struct {
		args          []string
		format        string
		threeBV, time int
		result        string
	}{
		{[]string{"-json"}, "RAWVF", example.ThreeBV, int(example.TimeMS), "won"},
		{[]string{"-json", "last"}, "RAWVF", example.ThreeBV, int(example.TimeMS), "won"},
		{[]string{"1", "-json"}, "RAWVF", example.ThreeBV, int(example.TimeMS), "won"},
		{[]string{"-json", exampleGame}, "RAWVF", example.ThreeBV, int(example.TimeMS), "won"},
		{[]string{"-json", avf}, "AVF", 248, 101340, "won"},
	}
	for _, tt := range tests {
		code, out, errs := runAnalyseArgs(tt.args...)
		if code != exitOK || errs != "" {
			t.Errorf("analyse %q = %d, %q", tt.args, code, errs)
			continue
		}
		var got struct {
			Format  string `json:"format"`
			Width   int    `json:"width"`
			Height  int    `json:"height"`
			Mines   int    `json:"mines"`
			ThreeBV int    `json:"3bv"`
			TimeMS  int    `json:"time_ms"`
			Result  string `json:"result"`
			Player  *string
			Program *string
			Moves   []json.RawMessage `json:"moves"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil || strings.Count(out, "\n") != 1 {
			t.Errorf("analyse %q printed %q: %v; want one JSON object", tt.args, out, err)
			continue
		}
		if got.Format != tt.format || got.ThreeBV != tt.threeBV || got.TimeMS != tt.time || got.Result != tt.result ||
			got.Width == 0 || got.Height == 0 || got.Mines == 0 || got.Player == nil || got.Program == nil || got.Moves == nil {
			t.Errorf("analyse %q = %+v; want %s, 3BV %d, %d ms, %s, the board, player, program and moves", tt.args, got, tt.format, tt.threeBV, tt.time, tt.result)
		}
	}
	code, out, errs := runAnalyseArgs(avf)
	if code != exitOK || errs != "" || !strings.HasPrefix(out, "AVF video: expert 30x16, 99 mines\n") || !strings.Contains(out, "forced") {
		t.Errorf("analyse %s = %d, %q, %q; want the text", avf, code, out, errs)
	}

	refusals := []struct {
		args []string
		code int
		errs string
	}{
		{[]string{"2"}, exitFailure, "minesweeper analyse: there is no game 2: the history holds 1 game, numbered from 1 (see minesweeper history)\n"},
		{[]string{"no-such-file"}, exitFailure, "minesweeper analyse: no-such-file: "},
		{[]string{"main.go"}, exitFailure, "minesweeper analyse: main.go: not a Minesweeper video of a known format\n"},
		{[]string{"1", "2"}, exitUsage, "minesweeper analyse: unexpected argument \"2\" (want one FILE or N)\n"},
		{[]string{"-csv"}, exitUsage, "minesweeper analyse: flag provided but not defined: -csv\n"},
	}
	for _, tt := range refusals {
		code, out, errs := runAnalyseArgs(tt.args...)
		if code != tt.code || out != "" || !strings.HasPrefix(errs, tt.errs) || strings.Count(errs, "\n") != 1 {
			t.Errorf("analyse %q = %d, %q, %q; want %d, nothing, one line %q", tt.args, code, out, errs, tt.code, tt.errs)
		}
	}
}

// The README's example of analyse lies between these lines.
const (
	readmeAnalyseVideo = "internal/video/testdata/avf_exp_0_48_5.avf"
	readmeAnalyseStart = "<!-- analyse: the output of minesweeper analyse " + readmeAnalyseVideo + "; go test ./cmd/minesweeper -run TestReadmeAnalyse -update rewrites it -->\n"
	readmeAnalyseEnd   = "<!-- /analyse -->\n"
)

// TestReadmeAnalyse checks that the README shows what analyse prints of
// its sample video; -update rewrites the README's block.
func TestReadmeAnalyse(t *testing.T) {
	const path = "../../README.md"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i := strings.Index(text, readmeAnalyseStart)
	j := strings.Index(text, readmeAnalyseEnd)
	if i < 0 || j < i {
		t.Fatalf("README.md has no example of analyse between %q and %q", readmeAnalyseStart, readmeAnalyseEnd)
	}
	code, out, errs := runAnalyseArgs(filepath.Join("..", "..", readmeAnalyseVideo))
	if code != exitOK {
		t.Fatalf("analyse %s = %d, %q", readmeAnalyseVideo, code, errs)
	}
	got, want := text[i+len(readmeAnalyseStart):j], "```\n$ minesweeper analyse avf_exp_0_48_5.avf\n"+out+"```\n"
	if got == want {
		return
	}
	if *update {
		out := text[:i+len(readmeAnalyseStart)] + want + text[j:]
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md's example of analyse differs from its output (go test ./cmd/minesweeper -run TestReadmeAnalyse -update rewrites it):\ngot:\n%s\nwant:\n%s", got, want)
}
