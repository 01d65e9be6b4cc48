package store

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// The files that versions before the database kept in the state
// directory.
const (
	oldLog   = "history.jsonl"
	oldPrefs = "settings.json"
	oldSaved = "saved-*.json"
)

// Limits on what an import reads: a file larger than importLimit is not
// imported (a log of 100,000 expert games is some 400 MB), and a line
// longer than lineLimit, the largest record kept, is a bad line.
const (
	importLimit = 8 << 30
	lineLimit   = history.MaxRecord
)

// maxRecord is the largest record a game is kept with (history.MaxRecord;
// tests lower it).
var maxRecord = history.MaxRecord

// ErrTooLarge: a game's record is larger than the records keep.
var ErrTooLarge = errors.New("the game's record is larger than the records keep")

// checkSize returns an error, whose cause is ErrTooLarge, for a record
// larger than maxRecord.
func checkSize(rec []byte) error {
	if len(rec) > maxRecord {
		return fmt.Errorf("%w (%s, over %s)", ErrTooLarge, userfile.Size(int64(len(rec))), userfile.Size(int64(maxRecord)))
	}
	return nil
}

// importedSuffix is added to the name of a file once it is imported: the
// old files stay as they were, under a name that says so.
const importedSuffix = ".imported"

// errChanged: a file changed while it was imported.
var errChanged = errors.New("it changed while it was imported; it is imported at the next start")

// importFiles imports, once, what earlier versions kept in the directory
// dir: every game of the log history.jsonl that can be read (the lines
// that cannot are listed, with their numbers, in one warning), the saved
// games and the last choices. The log is imported in steps (importLog),
// each other file in one transaction, and then renamed to NAME.imported.
// A file is known by its name and the SHA-256 of its content, recorded in
// the transaction of its last step: an import cut short at any point,
// run again, gives the same records, and a file already imported is only
// renamed.
func (d *DB) importFiles(ctx context.Context, dir string) {
	names := []string{oldLog}
	saved, _ := filepath.Glob(filepath.Join(dir, oldSaved))
	for _, s := range saved {
		names = append(names, filepath.Base(s))
	}
	names = append(names, oldPrefs)
	for _, name := range names {
		if err := d.importFile(ctx, dir, name); err != nil {
			d.warn(fmt.Sprintf("%s was not imported into the records: %s", shown(filepath.Join(dir, name)), userfile.Printable(err.Error())))
		}
	}
}

// noticeSize is the size of the old files from which an import takes
// long enough for ImportNotice to say so.
const noticeSize = 4 << 20

// importRate is how many bytes of an old log an import reads a second,
// its gaps included, for ImportNotice's estimate before it starts (the
// progress notices then go by the rate measured): BenchmarkImportLoad
// measured 2.3 MB/s on a 2-core machine busy with other work, and one
// transaction read 10 MB/s on a quiet one, of which the steps take 5/8.
const importRate = 4 << 20

// ImportNotice returns what to tell the player before Open imports the
// files an earlier version kept in the directory dir, with an estimate of
// how long it takes, or "" when there is nothing large to import.
func ImportNotice(dir string) string {
	n := pending(dir)
	if n < noticeSize {
		return ""
	}
	return fmt.Sprintf("importing the records of an earlier version (%s) into %s, once: about %s, in steps between which other minesweepers keep their games", userfile.Size(n), shown(filepath.Join(dir, FileName)), estimate(n))
}

// estimate words how long an import of size bytes takes at importRate.
func estimate(size int64) string { return estimateAt(size, importRate) }

// estimateAt words how long an import of size bytes takes at rate bytes
// a second.
func estimateAt(size int64, rate float64) string {
	s := int64(math.Ceil(float64(size) / rate))
	switch {
	case s < 2:
		return "a second or two"
	case s < 120:
		return fmt.Sprintf("%d seconds", s)
	}
	return fmt.Sprintf("%d minutes", (s+59)/60)
}

// shown is the path as it may be printed: a name from the file system
// may hold anything, escape sequences among it.
func shown(path string) string { return userfile.Printable(path) }

// pending returns the size of the files of an earlier version in the
// directory dir that the next Open imports (or finds imported and
// renames), 0 when there are none.
func pending(dir string) int64 {
	names := []string{oldLog, oldPrefs}
	saved, _ := filepath.Glob(filepath.Join(dir, oldSaved))
	names = append(names, saved...)
	var size int64
	for _, name := range names {
		if fi, err := os.Stat(filepath.Join(dir, filepath.Base(name))); err == nil && fi.Mode().IsRegular() {
			size += fi.Size()
		}
	}
	return size
}

// lineErr is a line of an old log that is not a game.
type lineErr struct {
	Line int    `json:"line"`
	Why  string `json:"why"`
}

// importFile imports the file name of dir, if it is there: the log in
// steps (importLog), a saved game or the choices in one transaction.
func (d *DB) importFile(ctx context.Context, dir, name string) error {
	path := filepath.Join(dir, name)
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if name == oldLog {
		return d.importLog(ctx, path)
	}
	sum, err := hashFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil // another minesweeper imported it and renamed it
	}
	if err != nil {
		return err
	}
	var (
		done bool
		why  string
	)
	err = d.write(ctx, func(tx *sql.Tx) error {
		var one int
		err := tx.QueryRowContext(ctx, `SELECT 1 FROM imports WHERE name = $1 AND sum = $2`, name, sum).Scan(&one)
		if err == nil {
			done = true
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		var again string
		games := 0
		if name == oldPrefs {
			again, why, err = importPrefs(ctx, tx, path)
		} else {
			again, why, err = importSaved(ctx, tx, path)
			if why == "" {
				games = 1
			}
		}
		if err != nil {
			return err
		}
		if again != sum {
			return errChanged
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO imports (name, sum, date, games) VALUES ($1, $2, $3, $4)`, name, sum, d.clock().Unix(), games)
		return err
	})
	if err != nil {
		return err
	}
	return d.imported(path, name, func(renamed string) string {
		if done || why == "" {
			return ""
		}
		return fmt.Sprintf("%s was not imported: %s (the file is kept as %s)", shown(path), userfile.Printable(why), shown(renamed))
	})
}

// imported renames the file path, whose import (as name) is committed,
// and then warns of what warning returns for its new name, if anything.
func (d *DB) imported(path, name string, warning func(renamed string) string) error {
	if d.afterImport != nil {
		if err := d.afterImport(name); err != nil {
			return err
		}
	}
	renamed, err := rename(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil // another minesweeper imported it too, and renamed it first
	}
	if err != nil {
		return fmt.Errorf("it was imported, but cannot be renamed: %w", err)
	}
	if msg := warning(renamed); msg != "" {
		d.warn(msg)
	}
	return nil
}

// badShown is how many of a log's bad lines its warning names.
const badShown = 5

// badLines words the lines of a log that were not imported, count of its
// lines of which bad are the first, in one line.
func badLines(path, renamed string, lines, count int, bad []lineErr) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d of its %d lines are not games and were not imported (the file is kept as %s):", shown(path), count, lines, shown(renamed))
	for i, e := range bad {
		sep := ";"
		if i == 0 {
			sep = ""
		}
		fmt.Fprintf(&b, "%s line %d (%s)", sep, e.Line, userfile.Printable(e.Why))
	}
	if count > len(bad) {
		fmt.Fprintf(&b, "; and %d more", count-len(bad))
	}
	return b.String()
}

// rename renames the file path to path.imported, or path.imported-N if
// that is taken, and returns the new name.
func rename(path string) (string, error) {
	to := path + importedSuffix
	for i := 2; ; i++ {
		if _, err := os.Lstat(to); errors.Is(err, fs.ErrNotExist) {
			break
		}
		to = fmt.Sprintf("%s%s-%d", path, importedSuffix, i)
	}
	return to, os.Rename(path, to)
}

// hashFile returns the SHA-256 of the file's content, in hex.
func hashFile(path string) (string, error) {
	f, err := userfile.Open(path, importLimit)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// logLine adds the game of one line of an old log, text cleaned of the
// bytes around it (long when it is longer than lineLimit), unless it is
// blank, and returns why it is not a game ("" when it is one or blank)
// and whether it added one.
func (d *DB) logLine(ctx context.Context, tx *sql.Tx, text []byte, long bool) (why string, added bool, err error) {
	switch {
	case long:
		return "longer than " + userfile.Size(lineLimit), false, nil
	case len(text) == 0:
		// A blank line, or a crash's NUL bytes: no game.
		return "", false, nil
	}
	g, newer, derr := history.DecodeLine(text)
	switch {
	case newer:
		return "kept by a newer minesweeper", false, nil
	case derr != nil:
		return shorten(derr.Error()), false, nil
	case g.Result == history.Playing:
		return "a game left unfinished, not a finished one", false, nil
	case g.Result != "won" && g.Result != "lost":
		return shorten(fmt.Sprintf("result %q, not won or lost", g.Result)), false, nil
	case !levelOf(&g):
		return shorten(fmt.Sprintf("level %q, not that of its board %s", g.Level, g.Board)), false, nil
	case d.checkDate(&g) != nil:
		return "dated " + g.Date.Format(time.RFC3339) + ", more than a day after the clock", false, nil
	}
	g.V = history.Version
	rec, merr := json.Marshal(&g)
	if merr != nil {
		return shorten(merr.Error()), false, nil
	}
	if err := checkSize(rec); err != nil {
		return shorten(err.Error()), false, nil
	}
	if _, err := d.insertGame(ctx, tx, &g, rec); err != nil {
		return "", false, err
	}
	return "", true, nil
}

// levelOf reports whether the game's level is its board's: the name of
// the level of that size, or none (a custom board, or a log that did not
// name it).
func levelOf(g *history.Game) bool {
	lv := board.LevelOf(g.Board)
	return g.Level == "" || g.Level == lv
}

// clean returns line without the bytes around a record that a damaged or
// hand-edited log may hold: white space, a form feed, NUL bytes left by
// a crash, a byte order mark.
func clean(line []byte) []byte {
	line = bytes.Trim(line, " \t\r\n\f\v\x00")
	line = bytes.TrimPrefix(line, []byte("\ufeff"))
	return bytes.Trim(line, " \t\r\n\f\v\x00")
}

// shorten cuts an error's text to a length one line can hold.
func shorten(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

// importSaved adds the saved game of the file path, and returns the
// SHA-256 of what it read, or why it holds no saved game.
func importSaved(ctx context.Context, tx *sql.Tx, path string) (sum, why string, err error) {
	data, sum, err := readWhole(path)
	if err != nil {
		return "", "", err
	}
	g, newer, err := history.DecodeLine(clean(data))
	switch {
	case newer:
		return sum, "it was kept by a newer minesweeper", nil
	case err != nil:
		return sum, fmt.Sprintf("it is not a saved game (%s)", shorten(err.Error())), nil
	case g.Result != history.Playing:
		return sum, fmt.Sprintf("it is not a game left unfinished (result %q)", g.Result), nil
	}
	g.V = history.Version
	rec, err := json.Marshal(&g)
	if err != nil {
		return sum, shorten(err.Error()), nil
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO saved (kind, date, record) VALUES ($1, $2, $3)`, g.Board.String(), unixNano(g.Date), string(rec))
	return sum, "", err
}

// importPrefs takes the last choices of the file path, unless the records
// hold some already (they are newer), and returns the SHA-256 of what it
// read, or why it holds no choices.
func importPrefs(ctx context.Context, tx *sql.Tx, path string) (sum, why string, err error) {
	data, sum, err := readWhole(path)
	if err != nil {
		return "", "", err
	}
	p, newer, err := history.DecodePrefs(clean(data))
	switch {
	case newer:
		return sum, "the choices were kept by a newer minesweeper", nil
	case err != nil:
		return sum, fmt.Sprintf("the choices cannot be read (%s)", shorten(err.Error())), nil
	}
	p.V = history.Version
	rec, err := json.Marshal(&p)
	if err != nil {
		return sum, shorten(err.Error()), nil
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO prefs (record) VALUES ($1) ON CONFLICT (player) DO NOTHING`, string(rec))
	return sum, "", err
}

// readWhole reads a small file whole, and returns it with its SHA-256.
func readWhole(path string) ([]byte, string, error) {
	data, err := userfile.ReadFile(path, lineLimit)
	if err != nil {
		return nil, "", err
	}
	s := sha256.Sum256(data)
	return data, hex.EncodeToString(s[:]), nil
}
