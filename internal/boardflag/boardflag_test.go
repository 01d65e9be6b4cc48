package boardflag

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/boardfile"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
)

func TestResolve(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(good, []byte("4 5 1 2\n1 2\n3 0\n0 2\n"), 0o644)
	os.WriteFile(bad, []byte("4 5 1 2\n1 9\n"), 0o644)
	bom := filepath.Join(dir, "bom.txt")
	os.WriteFile(bom, []byte("\uFEFF4 5 1 2\r\n1 2\r\n3 0\r\n0 2\r\n"), 0o644)

	tests := []struct {
		name    string
		args    []string
		want    Config // Seed and Record are checked separately
		wantErr string
	}{
		{"no-guess", []string{"-no-guess", "-level", "expert"}, Config{Settings: board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening, NoGuess: true}, Level: "expert"}, ""},
		{"no-guess at the densest", []string{"-no-guess", "-mines", "32"}, Config{Settings: board.Settings{Width: 9, Height: 9, Mines: 32, Rule: board.Opening, NoGuess: true}, Level: "custom"}, ""},
		{"default", nil, Config{Settings: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}, Level: "beginner"}, ""},
		{"intermediate", []string{"-level", "intermediate"}, Config{Settings: board.Settings{Width: 16, Height: 16, Mines: 40, Rule: board.Opening}, Level: "intermediate"}, ""},
		{"expert", []string{"-level", "expert", "-first-click", "safe"}, Config{Settings: board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Safe}, Level: "expert"}, ""},
		{"size without mines takes a sixth", []string{"-width", "12", "-height", "10"}, Config{Settings: board.Settings{Width: 12, Height: 10, Mines: 20, Rule: board.Opening}, Level: "custom"}, ""},
		{"width only keeps the level's height", []string{"-level", "expert", "-width", "20"}, Config{Settings: board.Settings{Width: 20, Height: 16, Mines: 53, Rule: board.Opening}, Level: "custom"}, ""},
		{"mines only keeps the level's size", []string{"-mines", "30"}, Config{Settings: board.Settings{Width: 9, Height: 9, Mines: 30, Rule: board.Opening}, Level: "custom"}, ""},
		{"zero mines", []string{"-mines", "0"}, Config{Settings: board.Settings{Width: 9, Height: 9, Mines: 0, Rule: board.Opening}, Level: "custom"}, ""},
		{"most mines for opening", []string{"-mines", "72"}, Config{Settings: board.Settings{Width: 9, Height: 9, Mines: 72, Rule: board.Opening}, Level: "custom"}, ""},
		{"most mines for unsafe", []string{"-mines", "81", "-first-click", "unsafe"}, Config{Settings: board.Settings{Width: 9, Height: 9, Mines: 81, Rule: board.Unsafe}, Level: "custom"}, ""},
		{"board file", []string{"-board", good}, Config{Settings: board.Settings{Width: 5, Height: 4, Mines: 1, Rule: board.Opening}, Level: "custom", File: good}, ""},
		{"board file with a byte order mark", []string{"-board", bom}, Config{Settings: board.Settings{Width: 5, Height: 4, Mines: 1, Rule: board.Opening}, Level: "custom", File: bom}, ""},
		{"decimal with a leading zero", []string{"-width", "010", "-height", "+09", "-mines", "007"}, Config{Settings: board.Settings{Width: 10, Height: 9, Mines: 7, Rule: board.Opening}, Level: "custom"}, ""},

		{"a level in capitals", []string{"-level", "Expert"}, Config{Settings: board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening}, Level: "expert"}, ""},
		{"a level all in capitals", []string{"-level", "INTERMEDIATE", "-mines", "30"}, Config{Settings: board.Settings{Width: 16, Height: 16, Mines: 30, Rule: board.Opening}, Level: "custom"}, ""},
		{"unknown level", []string{"-level", "hard"}, Config{}, `-level: unknown level "hard" (want beginner, intermediate or expert)`},
		{"unknown rule", []string{"-first-click", "lucky"}, Config{}, `-first-click: unknown first-click rule "lucky" (want unsafe, safe or opening)`},
		{"width zero", []string{"-width", "0"}, Config{}, "-width: 0 is below 1"},
		{"height negative", []string{"-height", "-3"}, Config{}, "-height: -3 is below 1"},
		{"too large", []string{"-width", "100000", "-height", "100000"}, Config{}, "-width, -height: board is larger than 268435456 cells (got 100000x100000)"},
		{"too many mines for opening", []string{"-mines", "73"}, Config{}, "-mines: 73 mines on 9x9 with the opening first click: want 0 to 72"},
		{"too many mines for safe", []string{"-mines", "81", "-first-click", "safe"}, Config{}, "-mines: 81 mines on 9x9 with the safe first click: want 0 to 80"},
		{"negative mines", []string{"-mines", "-1"}, Config{}, "-mines: -1 mines on 9x9 with the opening first click: want 0 to 72"},
		{"one mine too many", []string{"-width", "1", "-height", "1", "-mines", "1"}, Config{}, "-mines: 1 mine on 1x1 with the opening first click: want 0 to 0"},
		{"empty file name", []string{"-board", ""}, Config{}, "-board: empty file name"},
		{"directory", []string{"-board", dir}, Config{}, "-board: " + dir + ": is a directory"},
		{"missing file", []string{"-board", filepath.Join(dir, "none.txt")}, Config{}, "-board: " + filepath.Join(dir, "none.txt") + ": no such file or directory"},
		{"malformed file", []string{"-board", bad}, Config{}, "-board: " + bad + ": line 2: mine 1 of 1: column 9 is off the board (0 to 4)"},
		{"file with a size", []string{"-board", good, "-width", "3"}, Config{}, "-board: cannot be combined with -width (the file fixes the board)"},
		{"file with no-guess", []string{"-board", good, "-no-guess"}, Config{}, "-board: cannot be combined with -no-guess (the file fixes the board)"},
		{"no-guess too dense", []string{"-no-guess", "-mines", "33"}, Config{}, "-no-guess: too many mines for a no-guess board: 9x9 holds at most 32 mines (39.5%) without a guess, not 33"},
		{"no-guess with a safe first click", []string{"-no-guess", "-first-click", "safe"}, Config{}, "-no-guess: a no-guess board needs the opening first click, not safe"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := flag.NewFlagSet("test", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			bf := Add(fs, true)
			if err := fs.Parse(tt.args); err != nil {
				t.Fatalf("Parse(%q) = %v", tt.args, err)
			}
			got, err := bf.Resolve()
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("resolve(%q) error = %v; want %q", tt.args, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("resolve(%q) error = %v", tt.args, err)
			}
			if (got.Record != nil) != (tt.want.File != "") {
				t.Errorf("resolve(%q).Record = %v; want one exactly when -board is given", tt.args, got.Record)
			}
			if (got.Layout != nil) != tt.want.NoGuess {
				t.Errorf("resolve(%q).Layout set = %v; want a layout exactly for -no-guess", tt.args, got.Layout != nil)
			}
			got.Seed, got.Record, got.Layout = 0, nil, nil
			if got.Settings != tt.want.Settings || got.Level != tt.want.Level || got.File != tt.want.File {
				t.Errorf("resolve(%q) = %+v; want %+v", tt.args, got, tt.want)
			}
		})
	}
}

func TestResolveSeed(t *testing.T) {
	tests := []struct {
		arg  string
		want uint64
	}{{"0", 0}, {"010", 10}, {"18446744073709551615", 1<<64 - 1}}
	for _, tt := range tests {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		bf := Add(fs, false)
		if err := fs.Parse([]string{"-seed", tt.arg}); err != nil {
			t.Fatal(err)
		}
		cfg, err := bf.Resolve()
		if err != nil || cfg.Seed != tt.want {
			t.Errorf("resolve(-seed %s) = seed %d, %v; want seed %d kept as given", tt.arg, cfg.Seed, err, tt.want)
		}
	}
}

// TestResolveEndlessFile reads /dev/zero as a -board file: it must end with
// an error naming the file, not read on forever: a device is refused
// before anything is read.
func TestResolveEndlessFile(t *testing.T) {
	const name = "/dev/zero"
	if _, err := os.Stat(name); err != nil {
		t.Skipf("no %s: %v", name, err)
	}
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	bf := Add(fs, true)
	if err := fs.Parse([]string{"-board", name}); err != nil {
		t.Fatal(err)
	}
	got := make(chan error, 1)
	go func() {
		_, err := bf.Resolve()
		got <- err
	}()
	const want = "-board: /dev/zero: is a device, not a regular file"
	select {
	case err := <-got:
		if err == nil || err.Error() != want {
			t.Errorf("resolve(-board %s) error = %v; want %q", name, err, want)
		}
	case <-testwait.After(t):
		// A guard, not a measure: the reading has no end.
		t.Fatalf("resolve(-board %s) still reading at the test's deadline", name)
	}
}

// TestBoardUsage checks that -board's help names every format the board
// files are read in (see boardfile.Read), not the record format alone.
func TestBoardUsage(t *testing.T) {
	fs := flag.NewFlagSet("minesweeper", flag.ContinueOnError)
	Add(fs, true)
	usage := fs.Lookup("board").Usage
	for _, f := range []boardfile.Format{boardfile.Record, boardfile.MBF, boardfile.Replay} {
		if !strings.Contains(usage, " "+f.String()) {
			t.Errorf("-board's usage %q does not name the %v format", usage, f)
		}
	}
}
