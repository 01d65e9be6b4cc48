package store

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// importStep is how long one step of an import of a log holds the write
// lock, by the store's clock: another minesweeper keeping a game meanwhile
// waits at most that long.
const importStep = 250 * time.Millisecond

// importGap is how long an import lets the write lock go between two
// steps. SQLite gives the lock to no one in turn: a writer waiting for
// it looks again every 100 ms at most (its busy handler's longest
// sleep), and an import that began its next step at once would take the
// lock again before any writer looked. A gap longer than that lets every
// writer waiting in.
const importGap = 150 * time.Millisecond

// importLock is the file, beside the database, whose lock (lockImport)
// the process importing the old files holds: another process leaves the
// import to it, and takes it over once it has ended, killed or not.
const importLock = FileName + "-import"

// noticeEvery is how often an import tells how far it has come.
const noticeEvery = 2 * time.Second

// logStep is where an import of a log has come to, as import_steps keeps
// it.
type logStep struct {
	name     string
	sum      string // the file's SHA-256 when its import began, in hex
	size     int64  // its size then
	total    int    // its lines then
	pos      int64  // the bytes imported, whole lines
	state    []byte // the SHA-256 state of those bytes
	lines    int    // the lines imported
	games    int    // the games imported
	badCount int
	bad      []lineErr // the first badShown of the bad lines
	owner    string    // the process whose step was the last
	date     int64     // when that step committed, in Unix nanoseconds
}

// progress words how far the import has come.
func (p *logStep) progress() string {
	return fmt.Sprintf("importing %s: line %s of %s (%s games so far)", userfile.Printable(p.name), thousands(p.lines), thousands(p.total), thousands(p.games))
}

// thousands writes n with commas between its thousands.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// left words how long an import has left, rest bytes, at the rate it
// went so far (done bytes in took): ", about 40 seconds left".
func left(rest, done int64, took time.Duration) string {
	if done <= 0 || took <= 0 {
		return ""
	}
	return ", about " + estimateAt(rest, float64(done)/took.Seconds()) + " left"
}

// readStep reads the position of the import of the file name, nil when
// none is under way.
func readStep(ctx context.Context, q rowQuerier, name string) (*logStep, error) {
	p := &logStep{name: name}
	var state, bad string
	err := q.QueryRowContext(ctx, `SELECT sum, size, total, pos, state, lines, games, bad_count, bad, owner, date
		FROM import_steps WHERE name = $1`, name).Scan(
		&p.sum, &p.size, &p.total, &p.pos, &state, &p.lines, &p.games, &p.badCount, &bad, &p.owner, &p.date)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if p.state, err = hex.DecodeString(state); err != nil {
		return nil, fmt.Errorf("the import of %s: its state: %w", name, err)
	}
	if err := json.Unmarshal([]byte(bad), &p.bad); err != nil {
		return nil, fmt.Errorf("the import of %s: its bad lines: %w", name, err)
	}
	return p, nil
}

// writeStep keeps the position p of its file's import.
func writeStep(ctx context.Context, tx *sql.Tx, p *logStep) error {
	bad, err := json.Marshal(p.bad)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM import_steps WHERE name = $1`, p.name); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO import_steps (name, sum, size, total, pos, state, lines, games, bad_count, bad, owner, date)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
		p.name, p.sum, p.size, p.total, p.pos, hex.EncodeToString(p.state), p.lines, p.games, p.badCount, string(bad), p.owner, p.date)
	return err
}

// Importing returns how far the imports under way have come, one line
// each ("importing history.jsonl: line 41,000 of 100,000 (40,990 games
// so far)"), none when no import is under way.
func (d *DB) Importing(ctx context.Context) ([]string, error) {
	if d.dialect != nil {
		return nil, nil // a server's database imports no files
	}
	rows, err := d.db.QueryContext(ctx, `SELECT name FROM import_steps ORDER BY name`)
	if err != nil {
		return nil, err
	}
	var names []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			rows.Close()
			return nil, err
		}
		names = append(names, name)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	var lines []string
	for _, name := range names {
		p, err := readStep(ctx, d.db, name)
		if err != nil {
			return nil, err
		}
		if p != nil {
			lines = append(lines, p.progress())
		}
	}
	return lines, nil
}

// clock returns the time by the store's clock.
func (d *DB) clock() time.Time {
	if d.stepNow != nil {
		return d.stepNow()
	}
	return time.Now()
}

// pause waits for the duration, by the store's pause.
func (d *DB) pause(wait time.Duration) {
	if d.sleep != nil {
		d.sleep(wait)
		return
	}
	time.Sleep(wait)
}

// importer returns the name this process's imports go by in
// import_steps: its process id and a random number, made once.
func (d *DB) importer() string {
	if d.owner == "" {
		d.owner = fmt.Sprintf("%d.%s", os.Getpid(), rand.Text()[:8])
	}
	return d.owner
}

// logFile is what is read of a log before its import's first step: its
// SHA-256, size and lines, and the SHA-256 state of its first at bytes.
type logFile struct {
	sum   string
	size  int64
	lines int
	at    int64
	state []byte
}

// scanLog reads the log path whole, for its logFile at the byte at.
func scanLog(path string, at int64) (logFile, error) {
	f, err := userfile.Open(path, importLimit)
	if err != nil {
		return logFile{}, err
	}
	defer f.Close()
	h := sha256.New()
	lf := logFile{at: at}
	buf := make([]byte, 1<<16)
	last := byte('\n')
	for {
		n, err := f.Read(buf)
		chunk := buf[:n]
		if rest := at - lf.size; rest >= 0 && rest <= int64(n) {
			h.Write(chunk[:rest])
			if lf.state, err = marshalHash(h); err != nil {
				return logFile{}, err
			}
			h.Write(chunk[rest:])
			at = -1
		} else {
			h.Write(chunk)
		}
		lf.size += int64(n)
		lf.lines += bytes.Count(chunk, []byte{'\n'})
		if n > 0 {
			last = chunk[n-1]
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return logFile{}, err
		}
	}
	if last != '\n' {
		lf.lines++
	}
	if at >= 0 {
		lf.state = nil // the file is shorter than at
	}
	lf.sum = hex.EncodeToString(h.Sum(nil))
	return lf, nil
}

// marshalHash returns the state of the SHA-256 h.
func marshalHash(h hash.Hash) ([]byte, error) {
	return h.(encoding.BinaryMarshaler).MarshalBinary()
}

// errReplaced: a log changed, other than by lines added at its end, since
// its import began.
var errReplaced = errors.New("it changed since its import began, other than by games added at its end; the games of its lines imported before are kept, the others are not imported")

// importLog imports the games of the old log path, in its order, in
// steps: transactions that each end once importStep has passed (by the
// store's clock), at the end of a line, keeping in import_steps the
// position reached (the byte after the line, the SHA-256 state of the
// bytes before it, the lines and games so far and the first bad lines).
// Another minesweeper's writes go between the steps, in the gap of
// importGap the import leaves between them. An import cut short
// goes on at the next Open from the step last committed, the file being
// the same or longer with the same first bytes; an import another
// process has under way (it holds the lock importLock) is left to it. The last step records the file
// in imports and ends the import; the file is then renamed, and the lines
// that are not games named in one warning.
func (d *DB) importLog(ctx context.Context, path string) error {
	name := filepath.Base(path)
	unlock, ok, err := lockImport(filepath.Join(filepath.Dir(d.path), importLock))
	if err != nil {
		return err
	}
	if !ok {
		return nil // another minesweeper imports it
	}
	defer unlock()
	p, err := readStep(ctx, d.db, name)
	if err != nil {
		return err
	}
	var at int64
	if p != nil {
		at = p.pos
	}
	lf, err := scanLog(path, at)
	if errors.Is(err, fs.ErrNotExist) {
		return nil // another minesweeper imported it and renamed it
	}
	if err != nil {
		return err
	}
	told := d.clock()
	began, from := told, at
	for {
		p, done, err := d.logStep(ctx, path, lf)
		switch {
		case err != nil:
			return err
		case done:
			return d.imported(path, name, func(renamed string) string {
				if p.badCount == 0 {
					return ""
				}
				return badLines(path, renamed, p.lines, p.badCount, p.bad)
			})
		}
		if d.afterStep != nil {
			if err := d.afterStep(p); err != nil {
				return err
			}
		}
		d.pause(importGap)
		if now := d.clock(); d.notice != nil && now.Sub(told) >= noticeEvery {
			d.notice(p.progress() + left(p.size-p.pos, p.pos-from, now.Sub(began)))
			told = now
		}
	}
}

// logStep runs one step of the import of the log path, lf as read before
// its first, and returns the position it reached and whether it was the
// last. A log found imported already is done.
func (d *DB) logStep(ctx context.Context, path string, lf logFile) (p *logStep, done bool, err error) {
	name := filepath.Base(path)
	err = d.write(ctx, func(tx *sql.Tx) error {
		p, done = nil, false
		var one int
		err := tx.QueryRowContext(ctx, `SELECT 1 FROM imports WHERE name = $1 AND sum = $2`, name, lf.sum).Scan(&one)
		if err == nil {
			p, done = &logStep{name: name}, true
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if p, err = readStep(ctx, tx, name); err != nil {
			return err
		}
		switch {
		case p == nil:
			h, err := marshalHash(sha256.New())
			if err != nil {
				return err
			}
			p = &logStep{name: name, sum: lf.sum, size: lf.size, total: lf.lines, state: h}
		case p.sum != lf.sum:
			// Lines added at the end since the import began: it goes
			// on, if the bytes it imported are still the first ones.
			if p.pos != lf.at || !bytes.Equal(p.state, lf.state) {
				return errReplaced
			}
			p.sum, p.size, p.total = lf.sum, lf.size, lf.lines
		}
		p.owner = d.importer()
		if done, err = d.logLines(ctx, tx, path, p); err != nil {
			return err
		}
		if done {
			if _, err := tx.ExecContext(ctx, `DELETE FROM import_steps WHERE name = $1`, name); err != nil {
				return err
			}
			_, err = tx.ExecContext(ctx, `INSERT INTO imports (name, sum, date, games) VALUES ($1, $2, $3, $4)`, name, p.sum, d.clock().Unix(), p.games)
			return err
		}
		p.date = d.clock().UnixNano()
		return writeStep(ctx, tx, p)
	})
	return p, done, err
}

// logLines imports the lines of the log path from the position p, until
// the step's time is up or the file's end, moving p on, and reports
// whether it reached the end: then the SHA-256 of what the import read
// must be the one the import began with, or the file changed meanwhile.
func (d *DB) logLines(ctx context.Context, tx *sql.Tx, path string, p *logStep) (bool, error) {
	f, err := userfile.Open(path, importLimit)
	if err != nil {
		return false, err
	}
	defer f.Close()
	if err := f.Skip(p.pos); err != nil {
		return false, err
	}
	h := sha256.New()
	if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(p.state); err != nil {
		return false, err
	}
	br := bufio.NewReaderSize(f, 1<<16)
	end := d.clock().Add(importStep)
	eof := false
	for n := 0; !eof; n++ {
		if n > 0 && (d.stepLines > 0 && n >= d.stepLines || !d.clock().Before(end)) {
			break
		}
		line, long, size, rerr := readLine(br, lineLimit, h)
		if rerr != nil && rerr != io.EOF {
			return false, rerr
		}
		eof = rerr == io.EOF
		p.pos += size
		if size == 0 {
			break
		}
		p.lines++
		why, added, err := d.logLine(ctx, tx, clean(line), long)
		if err != nil {
			return false, err
		}
		if added {
			p.games++
		}
		if why != "" {
			if p.badCount++; len(p.bad) < badShown {
				p.bad = append(p.bad, lineErr{p.lines, why})
			}
		}
	}
	if p.state, err = marshalHash(h); err != nil {
		return false, err
	}
	if eof && hex.EncodeToString(h.Sum(nil)) != p.sum {
		return false, errChanged
	}
	return eof, nil
}

// readLine returns the next line of br without its newline, having
// written its bytes, newline and all, to w; a line longer than limit is
// read to its end and reported as long, without its bytes. It returns
// the size of the line as read, 0 at the end of the input. At the end of
// the input the error is io.EOF, with the last line if it did not end in
// a newline.
func readLine(br *bufio.Reader, limit int, w io.Writer) (line []byte, long bool, size int64, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		w.Write(chunk)
		size += int64(len(chunk))
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
			return line, long, size, err
		}
		return line[:max(0, len(line)-1)], long, size, nil
	}
}
