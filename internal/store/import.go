package store

import (
	"bufio"
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
	"os"
	"path/filepath"
	"strings"
	"time"

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
// longer than lineLimit is a bad line (a game of a million cells with
// every move is some 40 MB).
const (
	importLimit = 8 << 30
	lineLimit   = 256 << 20
)

// importedSuffix is added to the name of a file once it is imported: the
// old files stay as they were, under a name that says so.
const importedSuffix = ".imported"

// errChanged: a file changed while it was imported.
var errChanged = errors.New("it changed while it was imported; it is imported at the next start")

// importFiles imports, once, what earlier versions kept in the directory
// dir: every game of the log history.jsonl that can be read (the lines
// that cannot are listed, with their numbers, in one warning), the saved
// games and the last choices. Each file is imported in one transaction
// and then renamed to NAME.imported. A file is known by its name and the
// SHA-256 of its content, recorded in the same transaction: an import cut
// short at any point, run again, gives the same records, and a file
// already imported is only renamed.
func (d *DB) importFiles(ctx context.Context, dir string) {
	names := []string{oldLog}
	saved, _ := filepath.Glob(filepath.Join(dir, oldSaved))
	for _, s := range saved {
		names = append(names, filepath.Base(s))
	}
	names = append(names, oldPrefs)
	for _, name := range names {
		if err := d.importFile(ctx, dir, name); err != nil {
			d.warn(fmt.Sprintf("%s was not imported into the records: %v", filepath.Join(dir, name), err))
		}
	}
}

// noticeSize is the size of the old files from which an import takes
// long enough (a tenth of a second a megabyte) for ImportNotice to say so.
const noticeSize = 4 << 20

// ImportNotice returns what to tell the player before Open imports, in
// seconds, the files an earlier version kept in the directory dir, or ""
// when there is nothing large to import.
func ImportNotice(dir string) string {
	if n := pending(dir); n >= noticeSize {
		return fmt.Sprintf("importing the records of an earlier version (%s) into %s, once; this takes a few seconds", userfile.Size(n), filepath.Join(dir, FileName))
	}
	return ""
}

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
	line int
	why  string
}

// importFile imports the file name of dir, if it is there.
func (d *DB) importFile(ctx context.Context, dir, name string) error {
	path := filepath.Join(dir, name)
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	sum, err := hashFile(path)
	if err != nil {
		return err
	}
	var (
		done  bool
		lines int
		games int
		bad   []lineErr
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
		var again, why string
		switch name {
		case oldLog:
			again, lines, games, bad, err = d.importLog(ctx, tx, path)
		case oldPrefs:
			again, why, err = importPrefs(ctx, tx, path)
		default:
			again, why, err = importSaved(ctx, tx, path)
			games = 1
		}
		if why != "" {
			bad, games = []lineErr{{0, why}}, 0
		}
		if err != nil {
			return err
		}
		if again != sum {
			return errChanged
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO imports (name, sum, date, games) VALUES ($1, $2, strftime('%s', 'now'), $3)`, name, sum, games)
		return err
	})
	if err != nil {
		return err
	}
	if d.afterImport != nil {
		if err := d.afterImport(name); err != nil {
			return err
		}
	}
	renamed, err := rename(path)
	if err != nil {
		return fmt.Errorf("it was imported, but cannot be renamed: %w", err)
	}
	switch {
	case done || len(bad) == 0:
	case name == oldLog:
		d.warn(badLines(path, renamed, lines, bad))
	default:
		d.warn(fmt.Sprintf("%s was not imported: %s (the file is kept as %s)", path, userfile.Printable(bad[0].why), renamed))
	}
	return nil
}

// badLines words the lines of a log that were not imported, in one line.
func badLines(path, renamed string, lines int, bad []lineErr) string {
	const shown = 5
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d of its %d lines are not games and were not imported (the file is kept as %s):", path, len(bad), lines, renamed)
	for i, e := range bad {
		if i == shown {
			fmt.Fprintf(&b, "; and %d more", len(bad)-shown)
			break
		}
		sep := ";"
		if i == 0 {
			sep = ""
		}
		fmt.Fprintf(&b, "%s line %d (%s)", sep, e.line, userfile.Printable(e.why))
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

// importLog adds the games of the old log path, in its order, and returns
// the SHA-256 of what it read, how many lines it has, how many games it
// added and the lines that are not games.
func (d *DB) importLog(ctx context.Context, tx *sql.Tx, path string) (sum string, lines, games int, bad []lineErr, err error) {
	f, err := userfile.Open(path, importLimit)
	if err != nil {
		return "", 0, 0, nil, err
	}
	defer f.Close()
	h := sha256.New()
	br := bufio.NewReaderSize(io.TeeReader(f, h), 1<<16)
	for {
		line, long, rerr := readLine(br, lineLimit)
		if rerr != nil && rerr != io.EOF {
			return "", 0, 0, nil, rerr
		}
		if len(line) > 0 || long || rerr == nil {
			lines++
		}
		text := clean(line)
		switch {
		case long:
			bad = append(bad, lineErr{lines, "longer than " + userfile.Size(lineLimit)})
		case len(text) == 0:
			// A blank line, or a crash's NUL bytes: no game.
		default:
			g, newer, derr := history.DecodeLine(text)
			switch {
			case newer:
				bad = append(bad, lineErr{lines, "kept by a newer minesweeper"})
			case derr != nil:
				bad = append(bad, lineErr{lines, shorten(derr.Error())})
			case g.Result == history.Playing:
				bad = append(bad, lineErr{lines, "a game left unfinished, not a finished one"})
			case d.checkDate(&g) != nil:
				bad = append(bad, lineErr{lines, "dated " + g.Date.Format(time.RFC3339) + ", more than a day after the clock"})
			default:
				g.V = history.Version
				rec, merr := json.Marshal(&g)
				if merr != nil {
					bad = append(bad, lineErr{lines, shorten(merr.Error())})
					break
				}
				if _, err := d.insertGame(ctx, tx, &g, rec); err != nil {
					return "", 0, 0, nil, err
				}
				games++
			}
		}
		if rerr == io.EOF {
			break
		}
	}
	return hex.EncodeToString(h.Sum(nil)), lines, games, bad, nil
}

// readLine returns the next line of br without its newline; a line longer
// than limit is read to its end and reported as long, without its bytes.
// At the end of the input the error is io.EOF, with the last line if it
// did not end in a newline.
func readLine(br *bufio.Reader, limit int) (line []byte, long bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		if !long {
			if len(line)+len(chunk) > limit+1 {
				long, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err != nil:
			return line, long, err
		}
		return line[:max(0, len(line)-1)], long, nil
	}
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
