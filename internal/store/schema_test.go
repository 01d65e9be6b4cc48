package store

import (
	"database/sql"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite schema.sql from the migrations")

// schemaOf returns the schema of the SQLite database db as SQLite keeps
// it, a statement a paragraph, in an order that makes it again (tables,
// then indexes, views and triggers, each in the order they were made),
// and fails t if a table holds a row.
func schemaOf(t *testing.T, db *sql.DB) string {
	t.Helper()
	rows, err := db.Query(`SELECT type, name, sql FROM sqlite_schema
WHERE name NOT LIKE 'sqlite_%' AND sql IS NOT NULL
ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 WHEN 'view' THEN 2 ELSE 3 END, rowid`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var b strings.Builder
	var tables []string
	for rows.Next() {
		var typ, name, stmt string
		if err := rows.Scan(&typ, &name, &stmt); err != nil {
			t.Fatal(err)
		}
		if typ == "table" {
			tables = append(tables, name)
		}
		b.WriteString(stmt + ";\n\n")
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	for _, name := range tables {
		var n int
		if err := db.QueryRow(`SELECT count(*) FROM "` + name + `"`).Scan(&n); err != nil || n != 0 {
			t.Errorf("table %s of an empty file holds %d rows (%v); want none: schema.sql makes no rows", name, n, err)
		}
	}
	return b.String()
}

// TestNewSchema checks that a new file, made in one step with schema.sql,
// has the schema that the migrations make of an empty file step by step,
// the one an older player's file is brought to.
func TestNewSchema(t *testing.T) {
	parallel(t)
	dir := t.TempDir()
	old, err := sql.Open("sqlite", filepath.Join(dir, "stepped.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	tx, err := old.Begin()
	if err != nil {
		t.Fatal(err)
	}
	for v, m := range migrations {
		if _, err := tx.Exec(m); err != nil {
			t.Fatalf("step %d: %v", v+1, err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	stepped := schemaOf(t, old)
	if *update {
		if err := os.WriteFile("schema.sql", []byte(stepped), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if newSchema != stepped && !*update {
		t.Errorf("schema.sql is not what the %d steps make of an empty file: run go test -run TestNewSchema -update ./internal/store/\ngot:\n%s\nwant:\n%s", len(migrations), newSchema, stepped)
	}

	d, _ := openIn(t, filepath.Join(dir, "new"))
	if got := schemaOf(t, d.db); got != stepped {
		t.Errorf("the schema of a new file:\n%s\nwant the steps':\n%s", got, stepped)
	}
	var version int
	if err := d.db.QueryRow("PRAGMA user_version").Scan(&version); err != nil || version != len(migrations) {
		t.Errorf("user_version of a new file = %d, %v; want %d", version, err, len(migrations))
	}
}
