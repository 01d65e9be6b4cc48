package history

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/adrg/xdg"
	"github.com/gofrs/flock"
)

// The files of the state directory that the store keeps for itself.
const (
	logName  = "history.jsonl" // the log, one game a line
	lockName = "history.lock"  // flocked by every reader and writer; never holds data
)

// corruptTime is the layout of the time in the name a corrupt log is moved
// aside to: history.jsonl.corrupt-20060102T150405.
const corruptTime = "20060102T150405"

// ErrReadOnly is the cause of Append's error when the log holds a line of
// a later Version: this program cannot tell what rewriting it would lose,
// so it adds nothing to it.
var ErrReadOnly = errors.New("the history was written by a newer minesweeper and is read-only")

// Dir returns the directory that keeps the player's state:
// $MINESWEEPER_HOME if it is set, else minesweeper under the user's state
// directory ($XDG_STATE_HOME, or the platform's own, ~/.local/state on
// Linux). It reads the environment on every call; it does not create the
// directory, Open does.
func Dir() (string, error) {
	if d := os.Getenv("MINESWEEPER_HOME"); d != "" {
		return filepath.Abs(d)
	}
	// xdg read $XDG_STATE_HOME when the program started; read it again so
	// that Dir follows the environment it is called in. The XDG spec says
	// a relative path is to be ignored.
	base := os.Getenv("XDG_STATE_HOME")
	if !filepath.IsAbs(base) {
		base = xdg.StateHome
	}
	if base == "" {
		return "", errors.New("cannot find the user's state directory; set MINESWEEPER_HOME")
	}
	return filepath.Join(base, "minesweeper"), nil
}

// A Store is the state directory: the history log, and whole files such
// as the saved game and the settings. Every operation takes a file lock on
// history.lock, so that several processes (two games, a game and a stats
// command) can share the directory; a Store is also safe for use by
// several goroutines.
//
// Nothing the store finds in its files makes it fail: a damaged log is
// repaired or moved aside and play goes on, and each such step is told
// through the warn function given to Open. Errors are for the file system
// refusing to do what is asked of it, and for Append to a read-only log.
type Store struct {
	dir  string
	warn func(string)

	// beforeRename, when set, is called by Replace between writing the
	// temporary file and renaming it, so that a test can end the process
	// there as a crash would.
	beforeRename func()

	mu          sync.Mutex // guards the fields below
	readOnly    bool       // the log holds a line of a later Version
	warnedNewer bool
	pending     []string    // warnings to give once mu is released
	checked     int64       // bytes at the start of the log known to be whole, valid lines
	checkedLine int         // how many lines those are
	checkedGame int         // how many games of this version those lines hold
	checkedFile fs.FileInfo // the log they were read from; another file starts over
}

// Open returns the store kept in dir, creating the directory (readable by
// the user alone) if it is missing. It fails, with a one-line message,
// when the directory cannot be created or its lock file cannot be made
// there. Warnings about the store's files go to warn, which may be nil;
// warn is called by the goroutine calling the Store, never while the Store
// is locked, so it may call the Store.
func Open(dir string, warn func(string)) (*Store, error) {
	if warn == nil {
		warn = func(string) {}
	}
	fail := func(err error) (*Store, error) {
		return nil, fmt.Errorf("cannot use the state directory %s (MINESWEEPER_HOME chooses another): %w", dir, err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fail(err)
	}
	// Every operation needs the lock file, so making it here turns an
	// unusable directory into one error now rather than one per game.
	l := flock.New(filepath.Join(dir, lockName))
	if err := l.RLock(); err != nil {
		return fail(err)
	}
	if err := l.Unlock(); err != nil {
		return fail(err)
	}
	return &Store{dir: dir, warn: warn}, nil
}

// ReadOnly reports whether the log holds a line written by a later version
// of the program, as Games or Append found: Append then refuses to add to
// it. The store's other files are not affected.
func (s *Store) ReadOnly() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.readOnly
}

// Games returns every game of the log, oldest first. What it cannot use it
// warns about, and play goes on: a last line cut short by a crash is
// skipped (the next Append removes it; a last line that is a whole game
// lacking only its newline is kept); lines of a later version are skipped
// and make the store read-only; any other line that is not a game record
// means the file is not a log, and it is moved aside to
// history.jsonl.corrupt-TIME, so Games returns no games and the next Append
// starts a new log. A log that does not exist yet holds no games.
func (s *Store) Games() ([]Game, error) {
	s.mu.Lock()
	defer s.unlock()
	games, corrupt, err := s.readLog(false)
	if err == nil && corrupt {
		// Moving the log needs the exclusive lock, and another process
		// may have moved it meanwhile: read it again under that lock.
		games, _, err = s.readLog(true)
	}
	return games, err
}

// readLog reads the log under a shared or, if exclusive, an exclusive lock.
// It reports a corrupt log without moving it unless exclusive.
func (s *Store) readLog(exclusive bool) (games []Game, corrupt bool, err error) {
	unlock, err := s.lock(exclusive)
	if err != nil {
		return nil, false, err
	}
	defer unlock()
	data, fi, err := readAll(s.path(logName))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("cannot read the history: %w", err)
	}
	sc := scan(data, 0, true)
	if sc.bad != nil {
		if !exclusive {
			return nil, true, nil
		}
		return nil, false, s.moveAside(sc.bad)
	}
	s.noteNewer(sc.newer)
	if sc.torn {
		s.warnf("%s: its last line, line %d, was cut short (a game was being kept when a program stopped); it is skipped", s.path(logName), sc.lines+1)
	}
	s.checked, s.checkedLine, s.checkedGame, s.checkedFile = sc.whole, sc.lines, sc.count, fi
	if sc.unended {
		s.checkedGame-- // its line is not among the whole ones
	}
	return sc.games, false, nil
}

// readAll returns the content of the file name and its information, from
// one open file; it closes the file, so that Windows may then rename it.
func readAll(name string) ([]byte, fs.FileInfo, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	data, err := io.ReadAll(f)
	return data, fi, err
}

// Append adds g to the log as its last line, with g.V set to Version, and
// returns its number: n for the n-th game that Games returns, from 1, as
// "minesweeper replay n" names it. It takes the exclusive lock, so that
// games kept by several processes at once are all kept; first removes a
// last line cut short by a crash (warning of it) and moves a corrupt log
// aside (as Games does); then writes the line with a single write and
// syncs it to the disk. If the log holds a line of a later version it
// writes nothing and returns an error whose cause is ErrReadOnly. A game
// whose board is not valid settings is refused too: its line could not
// be read back.
func (s *Store) Append(g Game) (int, error) {
	s.mu.Lock()
	defer s.unlock()
	if s.readOnly {
		return 0, s.readOnlyError()
	}
	g.V = Version
	rec, err := json.Marshal(g)
	if err != nil {
		return 0, fmt.Errorf("cannot write the game: %w", err)
	}
	unlock, err := s.lock(true)
	if err != nil {
		return 0, err
	}
	defer unlock()
	if err := s.appendLine(rec); err != nil {
		return 0, err
	}
	return s.checkedGame, nil
}

// appendLine appends the record rec to the log. The caller holds s.mu and
// the exclusive lock.
func (s *Store) appendLine(rec []byte) error {
	f, created, err := s.openLog()
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return fmt.Errorf("cannot write to the history: %w", err)
	}
	if s.checkedFile == nil || !os.SameFile(fi, s.checkedFile) || fi.Size() < s.checked {
		s.checked, s.checkedLine, s.checkedGame = 0, 0, 0
	}
	// Only what was added since this store last looked needs checking:
	// every writer appends whole, valid lines under the lock.
	tail := make([]byte, fi.Size()-s.checked)
	if _, err := f.ReadAt(tail, s.checked); err != nil {
		return fmt.Errorf("cannot read the history: %w", err)
	}
	sc := scan(tail, s.checkedLine, false)
	size := fi.Size()
	switch {
	case sc.bad != nil:
		f.Close() // Windows renames no open file
		if err := s.moveAside(sc.bad); err != nil {
			return err
		}
		return s.appendLine(rec) // to a new log
	case sc.newer > 0:
		s.noteNewer(sc.newer)
		return s.readOnlyError()
	case sc.torn:
		size = s.checked + sc.whole
		if err := f.Truncate(size); err != nil {
			return fmt.Errorf("cannot repair the history: %w", err)
		}
		s.warnf("%s: removed its last line, line %d, which was cut short (a game was being kept when a program stopped)", f.Name(), s.checkedLine+sc.lines+1)
	}

	line := make([]byte, 0, len(rec)+2)
	if sc.unended {
		// The last line is a whole game that lacks only its newline.
		line = append(line, '\n')
	}
	line = append(line, rec...)
	line = append(line, '\n')
	if _, err := f.Write(line); err != nil {
		// Take back a part written, lest it become a torn line; if that
		// fails too the next Append removes it.
		f.Truncate(size)
		return fmt.Errorf("cannot write to the history: %w", err)
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("cannot write to the history: %w", err)
	}
	if created {
		if err := syncDir(s.dir); err != nil {
			return fmt.Errorf("cannot write to the history: %w", err)
		}
	}
	s.checked = size + int64(len(line))
	s.checkedLine += sc.lines + 1
	s.checkedGame += sc.count + 1 // an unended game is among them
	if sc.unended {
		s.checkedLine++
	}
	s.checkedFile = fi
	return nil
}

// openLog opens the log for appending, creating it if it is missing, and
// reports whether it did. The caller holds the exclusive lock.
func (s *Store) openLog() (f *os.File, created bool, err error) {
	name := s.path(logName)
	_, err = os.Lstat(name)
	created = errors.Is(err, fs.ErrNotExist)
	f, err = os.OpenFile(name, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return nil, false, fmt.Errorf("cannot write to the history: %w", err)
	}
	return f, created, nil
}

// moveAside renames a corrupt log to history.jsonl.corrupt-TIME, where
// the player can still read it, and warns of it. The caller holds the
// exclusive lock.
func (s *Store) moveAside(bad *lineError) error {
	aside, err := s.moveFileAside(logName)
	if err != nil {
		return fmt.Errorf("cannot move the corrupt history aside: %w", err)
	}
	s.checked, s.checkedLine, s.checkedGame, s.checkedFile = 0, 0, 0, nil
	s.warnf("%s is not a history log (%v); it was moved to %s and a new history starts", s.path(logName), bad, aside)
	return nil
}

// moveFileAside renames the file name of the store's directory to
// NAME.corrupt-TIME, or NAME.corrupt-TIME-N if that is taken, and returns
// the new path. The caller holds the exclusive lock.
func (s *Store) moveFileAside(name string) (string, error) {
	path := s.path(name)
	stamp := time.Now().Format(corruptTime)
	aside := path + ".corrupt-" + stamp
	for i := 2; ; i++ {
		if _, err := os.Lstat(aside); errors.Is(err, fs.ErrNotExist) {
			break
		}
		aside = fmt.Sprintf("%s.corrupt-%s-%d", path, stamp, i)
	}
	if err := os.Rename(path, aside); err != nil {
		return "", err
	}
	return aside, syncDir(s.dir)
}

// noteNewer makes the store read-only if n lines of a later version were
// found, warning of it the first time.
func (s *Store) noteNewer(n int) {
	if n == 0 {
		return
	}
	s.readOnly = true
	if !s.warnedNewer {
		s.warnedNewer = true
		s.warnf("%s has %d game(s) kept by a newer minesweeper; they are left out, and no games are kept until it is used again", s.path(logName), n)
	}
}

func (s *Store) readOnlyError() error {
	return fmt.Errorf("%w (%s); this game is not kept", ErrReadOnly, s.path(logName))
}

// Replace makes data the content of the file name in the store's
// directory, all at once: a reader, or a crash at any moment, sees either
// the old content or the new, never a mix. It writes a temporary file
// beside it, syncs it to the disk and renames it over name, under the
// exclusive lock; a temporary file left by a crash is overwritten by the
// next Replace. The name is a plain file name, not the log's nor the
// lock's.
//
// These few lines are written here rather than taken from a library
// (such as github.com/google/renameio): for fifteen lines a dependency
// would cost more than it saves.
func (s *Store) Replace(name string, data []byte) error {
	if err := checkName(name); err != nil {
		return err
	}
	unlock, err := s.lock(true)
	if err != nil {
		return err
	}
	defer unlock()
	return s.replace(name, data)
}

// replace is Replace for a caller that holds the exclusive lock.
func (s *Store) replace(name string, data []byte) error {
	// One fixed temporary name is safe under the lock, and leaves at most
	// one stray file per name after a crash.
	tmp := s.path("." + name + ".tmp")
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return fmt.Errorf("cannot save %s: %w", name, err)
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("cannot save %s: %w", name, err)
	}
	if s.beforeRename != nil {
		s.beforeRename()
	}
	if err := os.Rename(tmp, s.path(name)); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("cannot save %s: %w", name, err)
	}
	if err := syncDir(s.dir); err != nil {
		return fmt.Errorf("cannot save %s: %w", name, err)
	}
	return nil
}

// ErrAmend is the cause of Amend's error when the log no longer holds the
// game to amend where it was.
var ErrAmend = errors.New("the game to amend is not in the history where it was")

// Amend replaces the game numbered n, as Append returned it, with g (its
// V set to Version), if the log still holds there the game was: the same
// date, board and seed. A game kept when it ended and then played on
// after an undo is amended so, to be marked undone: one game, one line.
// The log is rewritten whole, atomically (see Replace), under the
// exclusive lock; a log that changed meanwhile is left as it is, and the
// error's cause is ErrAmend.
func (s *Store) Amend(n int, was, g Game) error {
	s.mu.Lock()
	defer s.unlock()
	if s.readOnly {
		return s.readOnlyError()
	}
	g.V = Version
	rec, err := json.Marshal(g)
	if err != nil {
		return fmt.Errorf("cannot write the game: %w", err)
	}
	unlock, err := s.lock(true)
	if err != nil {
		return err
	}
	defer unlock()
	data, _, err := readAll(s.path(logName))
	if err != nil {
		return fmt.Errorf("cannot read the history: %w", err)
	}
	count, rest := 0, data
	for off := 0; len(rest) > 0; {
		line, next, _ := bytes.Cut(rest, []byte{'\n'})
		end := off + len(line)
		if len(bytes.TrimSpace(line)) > 0 {
			old, newer, err := DecodeLine(line)
			if err == nil && !newer {
				count++
			}
			if count == n && err == nil && !newer {
				if !old.Date.Equal(was.Date) || old.Board != was.Board || old.Seed != was.Seed {
					return fmt.Errorf("%w (game %d)", ErrAmend, n)
				}
				out := make([]byte, 0, len(data)-len(line)+len(rec))
				out = append(append(append(out, data[:off]...), rec...), data[end:]...)
				s.checked, s.checkedLine, s.checkedGame, s.checkedFile = 0, 0, 0, nil
				return s.replace(logName, out)
			}
		}
		off, rest = end+1, next
	}
	return fmt.Errorf("%w (game %d)", ErrAmend, n)
}

// Read returns the content of the file name in the store's directory, as
// Replace last wrote it. If there is none the error satisfies
// errors.Is(err, fs.ErrNotExist). It takes no lock: Replace renames,
// and a rename is seen whole or not at all.
func (s *Store) Read(name string) ([]byte, error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	return os.ReadFile(s.path(name))
}

// checkName returns an error unless name is a file that Replace and Read
// may use: a plain name, not hidden (the temporary files are), and not
// one of the log's files.
func checkName(name string) error {
	if !filepath.IsLocal(name) || filepath.Base(name) != name || strings.HasPrefix(name, ".") ||
		name == logName || name == lockName || strings.HasPrefix(name, logName+".") {
		return fmt.Errorf("%q is not a name for a file of the state directory", name)
	}
	return nil
}

func (s *Store) path(name string) string { return filepath.Join(s.dir, name) }

// lock takes the store's file lock, shared or exclusive, and returns its
// release. Each call has its own lock file descriptor, so that flock
// excludes goroutines of one process as it excludes processes.
func (s *Store) lock(exclusive bool) (unlock func(), err error) {
	l := flock.New(s.path(lockName))
	if exclusive {
		err = l.Lock()
	} else {
		err = l.RLock()
	}
	if err != nil {
		return nil, fmt.Errorf("cannot lock the state directory: %w", err)
	}
	return func() { l.Unlock() }, nil
}

// warnf keeps a warning to be given when s.mu is released; s.mu is held.
func (s *Store) warnf(format string, args ...any) {
	s.pending = append(s.pending, fmt.Sprintf(format, args...))
}

// unlock releases s.mu, then gives the warnings kept meanwhile.
func (s *Store) unlock() {
	msgs := s.pending
	s.pending = nil
	s.mu.Unlock()
	for _, m := range msgs {
		s.warn(m)
	}
}

// syncDir syncs the directory dir, so that a file created or renamed in it
// survives a crash. Windows cannot open a directory to sync it, and some
// file systems refuse to: the rename is then as safe as they make it.
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, errors.ErrUnsupported) && !errors.Is(err, syscall.EINVAL) {
		return err
	}
	return nil
}

// logScan is what scan found in a log, or in the part of one after some
// whole lines.
type logScan struct {
	games   []Game     // the games of this version, if asked for
	count   int        // how many games of this version, kept or not
	newer   int        // lines of a later version, skipped
	lines   int        // whole lines, ending in a newline
	whole   int64      // their length: the rest is the last line, without its newline
	torn    bool       // the rest is a line cut short
	unended bool       // the rest is a whole game that lacks only its newline
	bad     *lineError // the first line that is not a game, if any
}

// lineError is a line of the log that is not a game record.
type lineError struct {
	Line int // from 1
	Err  error
}

func (e *lineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }

func (e *lineError) Unwrap() error { return e.Err }

// scan reads the lines of data, the log after its first `before` lines,
// keeping the games if keep is set.
func scan(data []byte, before int, keep bool) logScan {
	var sc logScan
	for len(data) > 0 {
		line, rest, ended := bytes.Cut(data, []byte{'\n'})
		num := before + sc.lines + 1
		if !ended {
			if len(bytes.TrimSpace(line)) == 0 {
				return sc // blanks after the last newline: the next line follows them
			}
			switch g, newer, err := DecodeLine(line); {
			case err == nil:
				sc.unended = true
				if newer {
					sc.newer++
					break
				}
				sc.count++
				if keep {
					sc.games = append(sc.games, g)
				}
			case isPrefix(line):
				sc.torn = true
			default:
				sc.bad = &lineError{num, err}
			}
			return sc
		}
		data = rest
		sc.lines++
		sc.whole += int64(len(line)) + 1
		if len(bytes.TrimSpace(line)) == 0 {
			continue // a blank line holds no game: a hand-edited log may have one
		}
		g, newer, err := DecodeLine(line)
		switch {
		case err != nil:
			sc.bad = &lineError{num, err}
			return sc
		case newer:
			sc.newer++
		default:
			sc.count++
			if keep {
				sc.games = append(sc.games, g)
			}
		}
	}
	return sc
}

// DecodeLine returns the game of one line of the log, or reports that the
// line is of a later version, which it does not read further. A line of
// this version with a field that does not decode, such as a board that is
// not valid settings (see board.ParseSettings) or a move that is not a
// move, is an error. It is the one reader of the log's lines: the store's,
// and -board's for a replay.
func DecodeLine(line []byte) (g Game, newer bool, err error) {
	newer, err = decodeVersioned(line, &g)
	return g, newer, err
}

// isPrefix reports whether line is the start of a JSON value cut short,
// as a write cut short by a crash leaves it, rather than something else.
func isPrefix(line []byte) bool {
	var v json.RawMessage
	return errors.Is(json.NewDecoder(bytes.NewReader(line)).Decode(&v), io.ErrUnexpectedEOF)
}
