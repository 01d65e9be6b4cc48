package history

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/adrg/xdg"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
)

// The environment that makes TestHelperAppender and TestHelperReplacer
// act: the test binary runs itself as a second process with it.
const (
	envHelperDir = "HISTORY_TEST_HELPER_DIR"
	envHelperID  = "HISTORY_TEST_HELPER_ID"
)

// helperGames is how many games each TestHelperAppender process keeps.
const helperGames = 1000

// testGame returns a game told apart from others by i.
func testGame(i int) Game {
	return Game{
		V:      Version,
		Date:   time.Date(2025, 3, 4, 5, 6, 7, i*int(time.Millisecond), time.UTC),
		Board:  board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening},
		Level:  "beginner",
		Seed:   uint64(i),
		Layout: []Cell{{i % 9, 0}, {1, 2}},
		Result: "won",
		TimeMS: int64(1000 + i),
		Clicks: 2,
		Moves: []Move{
			{Move: game.Move{Action: game.Open, At: board.Point{X: 4, Y: 4}}, At: 0},
			{Move: game.Move{Action: game.Toggle, At: board.Point{X: i % 9, Y: 0}}, At: int64(i)},
		},
	}
}

// line returns g's line of the log, newline included.
func line(t *testing.T, g Game) string {
	t.Helper()
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n"
}

// warnings gathers a store's warnings; it is safe for several goroutines.
type warnings struct {
	mu   sync.Mutex
	msgs []string
}

func (w *warnings) warn(msg string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.msgs = append(w.msgs, msg)
}

func (w *warnings) all() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.msgs...)
}

// open opens a store in a new directory, with its log holding log if it is
// not empty.
func open(t *testing.T, log string) (*Store, *warnings) {
	t.Helper()
	dir := t.TempDir()
	if log != "" {
		if err := os.WriteFile(filepath.Join(dir, logName), []byte(log), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	w := new(warnings)
	s, err := Open(dir, w.warn)
	if err != nil {
		t.Fatalf("Open(%q) = %v", dir, err)
	}
	return s, w
}

// games returns s.Games(), failing the test on an error.
func games(t *testing.T, s *Store) []Game {
	t.Helper()
	gs, err := s.Games()
	if err != nil {
		t.Fatalf("Games() = %v", err)
	}
	return gs
}

// readLog returns the log's content.
func readLog(t *testing.T, s *Store) string {
	t.Helper()
	b, err := os.ReadFile(s.path(logName))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// checkWhole fails the test unless every line of the log ends in a newline
// and is a game of this version.
func checkWhole(t *testing.T, s *Store) {
	t.Helper()
	log := readLog(t, s)
	if !strings.HasSuffix(log, "\n") {
		t.Errorf("log %q does not end in a newline", log)
	}
	for i, l := range strings.Split(strings.TrimSuffix(log, "\n"), "\n") {
		var g Game
		if err := json.Unmarshal([]byte(l), &g); err != nil || g.V != Version {
			t.Errorf("log line %d %q: %v, version %d", i+1, l, err, g.V)
		}
	}
}

func TestDir(t *testing.T) {
	cwd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		home, state string
		want        string
	}{
		{home: "/opt/mines", state: "/var/state", want: "/opt/mines"},
		{home: "mines", want: filepath.Join(cwd, "mines")},
		{state: "/var/state", want: "/var/state/minesweeper"},
		{state: "relative/state", want: filepath.Join(xdg.StateHome, "minesweeper")},
		{want: filepath.Join(xdg.StateHome, "minesweeper")},
	}
	for _, tt := range tests {
		t.Setenv("MINESWEEPER_HOME", tt.home)
		t.Setenv("XDG_STATE_HOME", tt.state)
		got, err := Dir()
		if got != filepath.FromSlash(tt.want) || err != nil {
			t.Errorf("MINESWEEPER_HOME=%q XDG_STATE_HOME=%q: Dir() = %q, %v; want %q, nil", tt.home, tt.state, got, err, tt.want)
		}
	}
}

func TestOpenCreates(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state", "minesweeper")
	if _, err := Open(dir, nil); err != nil {
		t.Fatalf("Open(%q) = %v", dir, err)
	}
	fi, err := os.Stat(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != 0o700 && os.PathSeparator == '/' {
		t.Errorf("directory mode = %v; want %v", got, fs.FileMode(0o700))
	}
}

func TestRoundTrip(t *testing.T) {
	t.Parallel()
	s, w := open(t, "")
	if gs := games(t, s); len(gs) != 0 {
		t.Errorf("Games() of a new store = %v; want none", gs)
	}
	var want []Game
	for i := range 5 {
		g := testGame(i)
		g.V = 0 // Append sets it
		if i == 3 {
			g.Result, g.Level, g.Moves, g.Layout = "lost", "", nil, nil
		}
		if _, err := s.Append(g); err != nil {
			t.Fatalf("Append(game %d) = %v", i, err)
		}
		g.V = Version
		want = append(want, g)
	}
	if got := games(t, s); !reflect.DeepEqual(got, want) {
		t.Errorf("Games() = %+v\nwant %+v", got, want)
	}
	// Another store, as another process would open it, reads the same.
	other, err := Open(s.dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := games(t, other); !reflect.DeepEqual(got, want) {
		t.Errorf("another store's Games() = %+v\nwant %+v", got, want)
	}
	checkWhole(t, s)
	if msgs := w.all(); len(msgs) != 0 {
		t.Errorf("warnings %q; want none", msgs)
	}
}

func TestTornLastLine(t *testing.T) {
	t.Parallel()
	whole := line(t, testGame(0)) + line(t, testGame(1))
	last := strings.TrimSuffix(line(t, testGame(2)), "\n")
	tests := []struct {
		name string
		tail string // what follows the whole lines
		kept bool   // the tail is a whole game, kept
	}{
		{"brace", "{", false},
		{"in a key", last[:4], false},
		{"in a string", last[:strings.Index(last, "beginner")+3], false},
		{"in a number", last[:strings.Index(last, `"seed":`)+8], false},
		{"all but the brace", last[:len(last)-1], false},
		{"spaces", "  ", true},
		{"all but the newline", last, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, w := open(t, whole+tt.tail)
			want := []Game{testGame(0), testGame(1)}
			if tt.kept && tt.tail == last {
				want = append(want, testGame(2))
			}
			if got := games(t, s); !reflect.DeepEqual(got, want) {
				t.Errorf("Games() = %d games %+v; want %d", len(got), got, len(want))
			}
			msgs := w.all()
			if tt.kept && len(msgs) != 0 || !tt.kept && (len(msgs) != 1 || !strings.Contains(msgs[0], "cut short")) {
				t.Errorf("Games() warned %q; want a warning of a line cut short: %v", msgs, !tt.kept)
			}

			n, err := s.Append(testGame(3))
			if err != nil {
				t.Fatalf("Append() = %v", err)
			}
			want = append(want, testGame(3))
			if n != len(want) {
				t.Errorf("Append() = game %d; want %d", n, len(want))
			}
			if got := games(t, s); !reflect.DeepEqual(got, want) {
				t.Errorf("after Append, Games() = %d games %+v; want %d", len(got), got, len(want))
			}
			checkWhole(t, s)
			msgs = w.all()
			if tt.kept && len(msgs) != 0 || !tt.kept && (len(msgs) != 2 || !strings.Contains(msgs[1], "removed")) {
				t.Errorf("warnings %q; want one of the removed line: %v", msgs, !tt.kept)
			}
		})
	}
}

// TestAppendRepairs checks that Append repairs a torn line that a process
// left after this store last read the log.
func TestAppendRepairs(t *testing.T) {
	t.Parallel()
	s, w := open(t, "")
	if _, err := s.Append(testGame(0)); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(s.path(logName), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(line(t, testGame(1)) + `{"v":1,"date":"2025-`)
	f.Close()
	if _, err := s.Append(testGame(2)); err != nil {
		t.Fatal(err)
	}
	want := []Game{testGame(0), testGame(1), testGame(2)}
	if got := games(t, s); !reflect.DeepEqual(got, want) {
		t.Errorf("Games() = %d games %+v; want %d", len(got), got, len(want))
	}
	checkWhole(t, s)
	if msgs := w.all(); len(msgs) != 1 || !strings.Contains(msgs[0], "line 3") {
		t.Errorf("warnings %q; want one of line 3 removed", msgs)
	}
}

func TestCorrupt(t *testing.T) {
	t.Parallel()
	g0, g1 := line(t, testGame(0)), line(t, testGame(1))
	tests := []struct {
		name, log string
	}{
		{"garbage in the middle", g0 + "this is not json\n" + g1},
		{"a line cut in the middle", g0 + g1[:30] + "\n" + g1},
		{"not a game", g0 + "[1, 2, 3]\n" + g1},
		{"no version", g0 + `{"board":"9x9n10"}` + "\n"},
		{"a bad move", g0 + strings.Replace(g1, `"O4,4"`, `"X4,4"`, 1)},
		{"a bad board", g0 + strings.Replace(g1, `"9x9n10 opening"`, `"9x9n10 lucky"`, 1)},
		{"a board without its rule", g0 + strings.Replace(g1, `"9x9n10 opening"`, `"9x9n10"`, 1)},
		{"too many mines", g0 + strings.Replace(g1, `"9x9n10 opening"`, `"9x9n80 opening"`, 1)},
		{"garbage last", g0 + g1 + "\x00\x01\x02"},
		{"binary", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, w := open(t, tt.log)
			if got := games(t, s); len(got) != 0 {
				t.Errorf("Games() = %d games; want none", len(got))
			}
			msgs := w.all()
			if len(msgs) != 1 || !strings.Contains(msgs[0], "corrupt-") {
				t.Errorf("warnings %q; want one of the log moved aside", msgs)
			}
			aside, _ := filepath.Glob(s.path(logName + ".corrupt-2*"))
			if len(aside) != 1 {
				t.Fatalf("files moved aside: %q; want 1", aside)
			}
			if _, err := time.Parse(corruptTime, strings.TrimPrefix(filepath.Base(aside[0]), logName+".corrupt-")); err != nil {
				t.Errorf("moved aside to %s: %v", aside[0], err)
			}
			if b, err := os.ReadFile(aside[0]); err != nil || string(b) != tt.log {
				t.Errorf("the file moved aside holds %q, %v; want %q", b, err, tt.log)
			}
			if _, err := os.Stat(s.path(logName)); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("after moving aside, the log: %v; want none", err)
			}

			if _, err := s.Append(testGame(2)); err != nil {
				t.Fatalf("Append() = %v", err)
			}
			if got, want := readLog(t, s), line(t, testGame(2)); got != want {
				t.Errorf("new log %q; want %q", got, want)
			}
		})
	}
}

// TestAppendMovesCorrupt checks that Append moves aside a log that became
// corrupt after the store last read it, and keeps the game in a new one.
func TestAppendMovesCorrupt(t *testing.T) {
	t.Parallel()
	s, w := open(t, line(t, testGame(0))+"garbage\n")
	if _, err := s.Append(testGame(1)); err != nil {
		t.Fatalf("Append() = %v", err)
	}
	if got, want := games(t, s), []Game{testGame(1)}; !reflect.DeepEqual(got, want) {
		t.Errorf("Games() = %+v; want %+v", got, want)
	}
	if aside, _ := filepath.Glob(s.path(logName + ".corrupt-*")); len(aside) != 1 {
		t.Errorf("files moved aside: %q; want 1", aside)
	}
	if msgs := w.all(); len(msgs) != 1 || !strings.Contains(msgs[0], "line 2") {
		t.Errorf("warnings %q; want one of line 2", msgs)
	}
}

func TestUnusableDir(t *testing.T) {
	t.Parallel()
	// A file where a directory should be defeats root too.
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(file, "minesweeper")
	s, err := Open(dir, nil)
	if err == nil || s != nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), dir) {
		t.Errorf("Open(%q) = %v, %v; want nil and a one-line error naming the directory", dir, s, err)
	}

	if os.Geteuid() == 0 || os.PathSeparator != '/' {
		t.Skip("permissions do not bind root (or this system)")
	}
	s, _ = open(t, "")
	if _, err := s.Append(testGame(0)); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(s.dir, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(s.dir, 0o700) })
	if _, err := s.Append(testGame(1)); err == nil {
		t.Error("Append() to an unreadable directory = nil; want an error")
	}
	if gs, err := s.Games(); err == nil {
		t.Errorf("Games() of an unreadable directory = %v, nil; want an error", gs)
	}
	if err := s.Replace("settings", nil); err == nil {
		t.Error("Replace() in an unreadable directory = nil; want an error")
	}
	if _, err := Open(s.dir, nil); err == nil || strings.Contains(err.Error(), "\n") {
		t.Errorf("Open() of an unreadable directory = %v; want a one-line error", err)
	}
}

func TestNewerVersion(t *testing.T) {
	t.Parallel()
	newer := fmt.Sprintf(`{"v":%d,"date":"2031-01-01T00:00:00Z","board":"9x9n10","shape":"hex"}`, Version+1) + "\n"
	log := line(t, testGame(0)) + newer + line(t, testGame(1)) + newer + `{"v":1,"da`
	for _, read := range []bool{true, false} {
		t.Run(fmt.Sprintf("read first %v", read), func(t *testing.T) {
			t.Parallel()
			s, w := open(t, log)
			if read {
				for range 2 {
					want := []Game{testGame(0), testGame(1)}
					if got := games(t, s); !reflect.DeepEqual(got, want) {
						t.Errorf("Games() = %+v; want %+v", got, want)
					}
				}
				if !s.ReadOnly() {
					t.Error("after Games, ReadOnly() = false; want true")
				}
			}
			for range 2 {
				if _, err := s.Append(testGame(2)); !errors.Is(err, ErrReadOnly) {
					t.Errorf("Append() = %v; want %v", err, ErrReadOnly)
				}
			}
			if !s.ReadOnly() {
				t.Error("ReadOnly() = false; want true")
			}
			if got := readLog(t, s); got != log {
				t.Errorf("the log became %q; want it unchanged, %q", got, log)
			}
			if msgs := w.all(); len(msgs) < 1 || !strings.Contains(msgs[0], "newer") || strings.Count(strings.Join(msgs, "\n"), "newer") != 1 {
				t.Errorf("warnings %q; want one of a newer version", msgs)
			}
		})
	}
}

func TestReplaceRead(t *testing.T) {
	t.Parallel()
	s, _ := open(t, "")
	if b, err := s.Read("settings"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Read of a missing file = %q, %v; want an error that is fs.ErrNotExist", b, err)
	}
	for _, data := range []string{"first", "", "second, longer than the first"} {
		if err := s.Replace("settings", []byte(data)); err != nil {
			t.Fatalf("Replace(%q) = %v", data, err)
		}
		if got, err := s.Read("settings"); string(got) != data || err != nil {
			t.Errorf("Read() = %q, %v; want %q, nil", got, err, data)
		}
	}
	for _, name := range []string{"", ".", "..", "../x", "a/b", ".hidden", logName, lockName, logName + ".corrupt-20250101T000000", "/etc/passwd"} {
		if err := s.Replace(name, nil); err == nil {
			t.Errorf("Replace(%q) = nil; want an error", name)
		}
		if _, err := s.Read(name); err == nil {
			t.Errorf("Read(%q) = nil error; want one", name)
		}
	}
	if names, _ := filepath.Glob(s.path(".*")); len(names) != 0 {
		t.Errorf("temporary files left: %q", names)
	}
}

// TestConcurrent appends and reads from several goroutines, with one store
// and with two, for the race detector and the locks.
func TestConcurrent(t *testing.T) {
	t.Parallel()
	s, w := open(t, "")
	other, err := Open(s.dir, w.warn)
	if err != nil {
		t.Fatal(err)
	}
	const goroutines, each = 4, 25
	var wg sync.WaitGroup
	for i := range goroutines {
		st := s
		if i%2 == 1 {
			st = other
		}
		wg.Go(func() {
			for j := range each {
				if _, err := st.Append(testGame(i*each + j)); err != nil {
					t.Error(err)
				}
				if _, err := st.Games(); err != nil {
					t.Error(err)
				}
				st.ReadOnly()
			}
		})
	}
	wg.Wait()
	if got := len(games(t, s)); got != goroutines*each {
		t.Errorf("len(Games()) = %d; want %d", got, goroutines*each)
	}
	if msgs := w.all(); len(msgs) != 0 {
		t.Errorf("warnings %q; want none", msgs)
	}
}

// TestTwoProcesses runs two processes that append at once: every game of
// both is kept, each line whole.
func TestTwoProcesses(t *testing.T) {
	t.Parallel()
	s, w := open(t, "")
	errs := make(chan error, 2)
	for id := range 2 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperAppender$", "-test.count=1")
		cmd.Env = append(os.Environ(), envHelperDir+"="+s.dir, envHelperID+"="+strconv.Itoa(id))
		go func() {
			out, err := cmd.CombinedOutput()
			if err != nil {
				err = fmt.Errorf("appender %d: %v\n%s", id, err, out)
			}
			errs <- err
		}()
	}
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	checkWhole(t, s)
	gs := games(t, s)
	if len(gs) != 2*helperGames {
		t.Errorf("len(Games()) = %d; want %d", len(gs), 2*helperGames)
	}
	// How often the log passes from one process's games to the other's:
	// 1 would mean they did not append at once.
	switches := 0
	seen := make(map[uint64]bool)
	for i, g := range gs {
		if i > 0 && g.Seed/helperGames != gs[i-1].Seed/helperGames {
			switches++
		}
		if seen[g.Seed] {
			t.Errorf("game %d kept twice", g.Seed)
		}
		seen[g.Seed] = true
	}
	t.Logf("the log passes %d times from one process's games to the other's", switches)
	for id := range 2 {
		for i := range helperGames {
			if n := uint64(id*helperGames + i); !seen[n] {
				t.Errorf("game %d lost", n)
			}
		}
	}
	if msgs := w.all(); len(msgs) != 0 {
		t.Errorf("warnings %q; want none", msgs)
	}
}

// TestHelperAppender is not a test: TestTwoProcesses runs it as a process
// of its own, which appends helperGames games.
func TestHelperAppender(t *testing.T) {
	dir, id := os.Getenv(envHelperDir), os.Getenv(envHelperID)
	if dir == "" {
		t.Skip("a helper process for TestTwoProcesses")
	}
	n, err := strconv.Atoi(id)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Open(dir, func(msg string) { t.Errorf("warning: %s", msg) })
	if err != nil {
		t.Fatal(err)
	}
	for i := range helperGames {
		if _, err := s.Append(testGame(n*helperGames + i)); err != nil {
			t.Fatal(err)
		}
	}
}

// TestReplaceCrash runs a process that stops between writing a file and
// renaming it over the old one: the old file stays whole, and the
// temporary file left behind does no harm.
func TestReplaceCrash(t *testing.T) {
	t.Parallel()
	s, _ := open(t, "")
	const old, lost, next = "the old settings", "the settings of a crash", "the next settings"
	if err := s.Replace("settings", []byte(old)); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperReplacer$", "-test.count=1")
	cmd.Env = append(os.Environ(), envHelperDir+"="+s.dir, envHelperID+"="+lost)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 3 {
		t.Fatalf("the replacer ended with %v; want exit status 3\n%s", err, out)
	}
	if b, err := os.ReadFile(s.path(".settings.tmp")); string(b) != lost {
		t.Errorf("the crash left %q, %v; want the temporary file holding %q", b, err, lost)
	}
	if got, err := s.Read("settings"); string(got) != old || err != nil {
		t.Errorf("after the crash, Read() = %q, %v; want %q, nil", got, err, old)
	}
	if err := s.Replace("settings", []byte(next)); err != nil {
		t.Fatalf("Replace after the crash = %v", err)
	}
	if got, err := s.Read("settings"); string(got) != next || err != nil {
		t.Errorf("Read() = %q, %v; want %q, nil", got, err, next)
	}
	if names, _ := filepath.Glob(s.path(".*")); len(names) != 0 {
		t.Errorf("temporary files left: %q", names)
	}
}

// TestHelperReplacer is not a test: TestReplaceCrash runs it as a process
// of its own, which exits in the middle of a Replace.
func TestHelperReplacer(t *testing.T) {
	dir, data := os.Getenv(envHelperDir), os.Getenv(envHelperID)
	if dir == "" {
		t.Skip("a helper process for TestReplaceCrash")
	}
	s, err := Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.beforeRename = func() { os.Exit(3) }
	s.Replace("settings", []byte(data))
	t.Fatal("Replace returned; want the process ended")
}

// TestScanEmpty checks the corner of a log with nothing in it.
func TestScanEmpty(t *testing.T) {
	for _, log := range []string{"", "\n", " \n\n"} {
		sc := scan([]byte(log), 0, true)
		if sc.bad != nil || sc.torn || sc.unended || len(sc.games) != 0 || sc.whole != int64(len(log)) {
			t.Errorf("scan(%q) = %+v; want nothing", log, sc)
		}
	}
}
