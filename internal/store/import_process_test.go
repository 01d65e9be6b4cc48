package store

// Tests of an import of an old log in steps (importLog) with other
// processes: one killed in the middle, another keeping a game or opening
// the store between its steps, two starting at once.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// procImportGames is the size of the logs these tests import, and
// procStepLines the lines of each step of their imports: two whole steps
// and a part of one, enough for a kill after the first, a process
// between two and a last step cut short by the end of the file. The
// import at full size (100,000 games) is BenchmarkImportLoad's and
// TestImportLoad's: under the race detector these tests imported 2,000
// games in 250 ms steps, 8 minutes on a busy 2-core machine.
const (
	procImportGames = 250
	procStepLines   = 100
)

// procFirstStep is what an import-steps child prints after its first
// step.
var procFirstStep = fmt.Sprintf("step %d %d", procStepLines, procStepLines)

// helpImportSteps imports the log of dir in steps of procStepLines lines,
// printing "step LINES GAMES" after each and then waiting for a line of
// its standard input (none once it has ended), and "imported" at the end.
// Its clock stands still, so that its steps are of procStepLines lines.
func helpImportSteps(ctx context.Context, t *testing.T, dir string, warn func(string)) {
	in := bufio.NewReader(os.Stdin)
	paused := true
	// The clock stands still: a step ends after procStepLines lines
	// however busy the machine is.
	frozen := time.Now()
	now := func() time.Time { return frozen }
	nap := func(time.Duration) {} // the parent waits for this child's state, not for a gap
	d := &DB{path: filepath.Join(dir, FileName), warn: warn, stepNow: now, sleep: nap, stepLines: procStepLines, afterStep: func(p *logStep) error {
		fmt.Printf("step %d %d\n", p.lines, p.games)
		if paused {
			_, err := in.ReadString('\n')
			paused = err == nil
		}
		return nil
	}}
	if err := d.open(ctx, true); err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	d.importFiles(ctx, dir)
	fmt.Println("imported")
}

// helpOpen opens the store as a player's minesweeper does, prints how far
// the imports under way have come, a line each, and then "opened".
func helpOpen(ctx context.Context, t *testing.T, dir string, warn func(string)) {
	d, err := Open(dir, warn)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	lines, err := d.Importing(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lines {
		fmt.Println(l)
	}
	fmt.Println("opened")
}

// helpKeep keeps one game, its seed procWriter, as a minesweeper open
// before the import began does, and prints "kept NUMBER".
func helpKeep(ctx context.Context, t *testing.T, dir string) {
	seed, err := strconv.ParseUint(os.Getenv(procWriter), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	d := &DB{path: filepath.Join(dir, FileName), warn: func(s string) { t.Errorf("warning: %s", s) }}
	if err := d.open(ctx, true); err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	n, err := d.Append(ctx, procGame(seed, procBase.Add(24*time.Hour*100), 3))
	if err != nil {
		t.Fatalf("Append = %d, %v", n, err)
	}
	fmt.Printf("kept %d\n", n)
}

// procLog writes an old log of games games (seeds 1 to games, a minute
// apart) in dir, and returns it.
func procLog(t *testing.T, dir string, games int) []byte {
	t.Helper()
	var log bytes.Buffer
	for i := range games {
		line, err := json.Marshal(procGame(uint64(i+1), procBase.Add(time.Duration(i)*time.Minute), 3))
		if err != nil {
			t.Fatal(err)
		}
		log.Write(line)
		log.WriteByte('\n')
	}
	if err := os.WriteFile(filepath.Join(dir, oldLog), log.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return log.Bytes()
}

// procSeeds returns the seeds of the games of the store in dir, by number.
func procSeeds(t testing.TB, dir string) []uint64 {
	t.Helper()
	d := &DB{path: filepath.Join(dir, FileName), warn: procNoWarning(t)}
	if err := d.open(t.Context(), false); err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	rows, err := d.db.QueryContext(t.Context(), `SELECT json_extract(record, '$.seed') FROM games ORDER BY n`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var seeds []uint64
	for rows.Next() {
		var s uint64
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		seeds = append(seeds, s)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	procIntegrity(t, d)
	return seeds
}

// procCheckImport fails the test unless the store of dir holds the games
// of a log of games games, each once and in its order, with the game of
// seed other at the number at (none when at is 0), and the log is renamed
// as it was.
func procCheckImport(t *testing.T, dir string, log []byte, games int, other uint64, at int) {
	t.Helper()
	seeds := procSeeds(t, dir)
	want := make([]uint64, 0, games+1)
	for i := range games {
		if at == i+1 {
			want = append(want, other)
		}
		want = append(want, uint64(i+1))
	}
	if len(seeds) != len(want) {
		t.Fatalf("the store holds %d games; want %d", len(seeds), len(want))
	}
	for i := range want {
		if seeds[i] != want[i] {
			t.Fatalf("game %d has seed %d; want %d (each game of the log once, in order)", i+1, seeds[i], want[i])
		}
	}
	path := filepath.Join(dir, oldLog)
	if got, err := os.ReadFile(path + importedSuffix); err != nil || !bytes.Equal(got, log) {
		t.Errorf("%s%s is not the log as it was (%d bytes of %d, %v)", oldLog, importedSuffix, len(got), len(log), err)
	}
}

// procPaused starts an import-steps child and waits until it has
// committed its first step and waits; writing to (or closing) the
// returned input lets it go on, and wait waits for its end.
func procPaused(t *testing.T, dir string) (in interface{ Close() error }, wait func() []string) {
	t.Helper()
	cmd := procStart(t, "import-steps", dir)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	var lines []string
	for sc.Scan() && sc.Text() != procFirstStep {
		lines = append(lines, sc.Text())
	}
	if sc.Text() != procFirstStep {
		cmd.Wait()
		t.Fatalf("the importer ended before its first step:\n%s\n%s", strings.Join(lines, "\n"), stderr.Bytes())
	}
	return stdin, func() []string {
		for sc.Scan() {
			if sc.Text() != "PASS" {
				lines = append(lines, sc.Text())
			}
		}
		if err := cmd.Wait(); err != nil {
			t.Fatalf("the importer: %v\n%s", err, stderr.Bytes())
		}
		return lines
	}
}

// procOutput runs cmd to its end and returns its output's lines, failing
// the test if it fails (as a child that warns does).
func procOutput(t *testing.T, cmd *exec.Cmd) []string {
	t.Helper()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s\n%s", cmd.Env[len(cmd.Env)-1], err, out, stderr.Bytes())
	}
	return procLines(out)
}

// procLines returns the lines a child printed, without the test's
// "PASS" at the end.
func procLines(out []byte) []string {
	return strings.Split(strings.TrimSuffix(strings.TrimSpace(string(out)), "\nPASS"), "\n")
}

// TestProcessImportKilled kills (SIGKILL) an import of an old log after
// its first step committed: the store says how far it came, and the next
// Open goes on from there, importing every game once and in order.
func TestProcessImportKilled(t *testing.T) {
	if raceEnabled {
		t.Skip("its processes contend for the file, not its goroutines: make test runs it without the race detector")
	}
	dir := t.TempDir()
	log := procLog(t, dir, procImportGames)
	cmd := procStart(t, "import-steps", dir)
	stdin, err := cmd.StdinPipe() // never written: the child waits to be killed
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	procKill(t, cmd, procFirstStep)

	d := &DB{path: filepath.Join(dir, FileName), warn: procNoWarning(t)}
	if err := d.open(t.Context(), false); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("importing %s: line %d of %s (%d games so far)", oldLog, procStepLines, thousands(procImportGames), procStepLines)
	if got, err := d.Importing(t.Context()); err != nil || len(got) != 1 || got[0] != want {
		t.Errorf("Importing() = %q, %v; want %q", got, err, want)
	}
	if n, err := d.Count(t.Context()); n != procStepLines || err != nil {
		t.Errorf("Count() = %d, %v; want %d, the first step's", n, err, procStepLines)
	}
	d.Close()

	again, err := Open(dir, procNoWarning(t))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := again.Importing(t.Context()); err != nil || len(got) != 0 {
		t.Errorf("Importing() after the import = %q, %v; want none", got, err)
	}
	again.Close()
	procCheckImport(t, dir, log, procImportGames, 0, 0)
}

// TestProcessBetweenImportSteps runs another process while an import
// waits between two steps: a minesweeper open already keeps its game at
// once (it is numbered after the first step's games), and one opening the
// store leaves the import to the process at work, with no warning, and
// says how far it has come. The import then ends with every game once.
func TestProcessBetweenImportSteps(t *testing.T) {
	if raceEnabled {
		t.Skip("its processes contend for the file, not its goroutines: make test runs it without the race detector")
	}
	const seed = 7_000_007
	tests := []struct {
		role string
		want string // the last line the other process prints
		at   int    // where its game is, 0 for none
	}{
		{"keep", fmt.Sprintf("kept %d", procStepLines+1), procStepLines + 1},
		{"open", "opened", 0},
	}
	for _, tt := range tests {
		t.Run(tt.role, func(t *testing.T) {
			dir := t.TempDir()
			log := procLog(t, dir, procImportGames)
			in, wait := procPaused(t, dir)
			out := procOutput(t, procStart(t, tt.role, dir, procWriter+"="+strconv.Itoa(seed)))
			in.Close()
			if got := out[len(out)-1]; got != tt.want {
				t.Errorf("the %s process printed %q; want %q last", tt.role, out, tt.want)
			}
			if tt.role == "open" {
				want := fmt.Sprintf("importing %s: line %d of %s (%d games so far)", oldLog, procStepLines, thousands(procImportGames), procStepLines)
				if len(out) != 2 || out[0] != want {
					t.Errorf("the open process printed %q; want %q first", out, want)
				}
			}
			if lines := wait(); lines[len(lines)-1] != "imported" {
				t.Errorf("the importer printed %q last; want %q", lines[len(lines)-1], "imported")
			}
			procCheckImport(t, dir, log, procImportGames, seed, tt.at)
		})
	}
}

// TestProcessImportTogether starts two minesweepers at once on a state
// directory with an old log: both open the store without a warning (the
// one that does not import finds the import under way or done), and the
// log's games are kept once.
func TestProcessImportTogether(t *testing.T) {
	if raceEnabled {
		t.Skip("its processes contend for the file, not its goroutines: make test runs it without the race detector")
	}
	dir := t.TempDir()
	log := procLog(t, dir, procImportGames)
	done := make(chan []string, 2)
	var cmds []*exec.Cmd
	for range 2 {
		cmds = append(cmds, procStart(t, "open", dir))
	}
	for _, cmd := range cmds {
		go func() {
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				done <- []string{fmt.Sprintf("%v: %s %s", err, out, stderr.Bytes())}
				return
			}
			done <- nil
		}()
	}
	for range cmds {
		if failed := <-done; failed != nil {
			t.Errorf("a minesweeper opening the store: %s", failed[0])
		}
	}
	procCheckImport(t, dir, log, procImportGames, 0, 0)
}
