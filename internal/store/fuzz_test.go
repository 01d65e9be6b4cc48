package store

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/history"
)

// FuzzImportLog checks the import's reader of an old log on any content:
// it never panics nor fails; every line is a game kept or a line named
// bad, never both; the games kept decode again; and the sum is of what it
// read. Each input is imported in a transaction rolled back.
func FuzzImportLog(f *testing.F) {
	var lines []string
	for _, g := range []history.Game{testGame(1), testGame(2)} {
		b, err := json.Marshal(g)
		if err != nil {
			f.Fatal(err)
		}
		lines = append(lines, string(b))
	}
	f.Add([]byte(strings.Join(lines, "\n") + "\n"))
	f.Add([]byte(lines[0] + "\n\f" + lines[1] + "\n\x00\x00\x00"))
	f.Add([]byte("\ufeff" + lines[0] + "\r\nx\n"))
	f.Add([]byte(lines[0][:20]))
	f.Add([]byte("\n\n\n"))
	dir := f.TempDir()
	d, err := Open(dir, nil)
	if err != nil {
		f.Fatal(err)
	}
	defer d.Close()
	path := filepath.Join(dir, "fuzz.jsonl")
	rollback := errors.New("rolled back")
	f.Fuzz(func(t *testing.T, log []byte) {
		if err := os.WriteFile(path, log, 0o600); err != nil {
			t.Fatal(err)
		}
		want := sha256.Sum256(log)
		state, err := marshalHash(sha256.New())
		if err != nil {
			t.Fatal(err)
		}
		// The import's steps, in one transaction rolled back: logLines
		// fails with errChanged unless the bytes it read, step by step,
		// are the log's.
		p := &logStep{name: "fuzz.jsonl", sum: hex.EncodeToString(want[:]), state: state}
		var count int64
		err = d.write(ctx, func(tx *sql.Tx) error {
			for done := false; !done; {
				var err error
				if done, err = d.logLines(ctx, tx, path, p); err != nil {
					return err
				}
			}
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM games`).Scan(&count); err != nil {
				return err
			}
			rows, err := tx.QueryContext(ctx, `SELECT n, record FROM games`)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var n int64
				var rec []byte
				if err := rows.Scan(&n, &rec); err != nil {
					return err
				}
				if _, err := decodeGame(n, rec); err != nil {
					t.Errorf("a game imported does not decode again: %v", err)
				}
			}
			return rollback
		})
		if !errors.Is(err, rollback) {
			t.Fatalf("logLines(%q) = %v", log, err)
		}
		lines, games, bad := p.lines, p.games, p.bad
		if p.pos != int64(len(log)) {
			t.Errorf("the import reached byte %d; want %d, the log's end", p.pos, len(log))
		}
		if count != int64(games) || games+p.badCount > lines || len(bad) > badShown {
			t.Errorf("%d games counted, %d kept, %d bad (%d named) of %d lines", games, count, p.badCount, len(bad), lines)
		}
		if want := countLines(log); lines != want {
			t.Errorf("%d lines; want %d", lines, want)
		}
		for i, b := range bad {
			if b.Line < 1 || b.Line > lines || (i > 0 && b.Line <= bad[i-1].Line) {
				t.Errorf("bad line %d of %d, out of order or range", b.Line, lines)
			}
		}
	})
}

// countLines counts the lines of data as a text editor does: the last
// one need not end in a newline.
func countLines(data []byte) int {
	n := 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, len(data)+1)
	for sc.Scan() {
		n++
	}
	return n
}
