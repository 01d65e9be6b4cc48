// Package storetest gives tests a PostgreSQL database of their own: a new
// schema in the database the environment names, dropped at the test's
// end. The store's tests and the server's use it, so that both run on
// PostgreSQL wherever CI runs them.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"net/url"
	"os"
	"strings"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver
)

// Env names the environment variable that holds the URL of a
// PostgreSQL database the tests may make schemas in.
const Env = "MINESWEEPER_TEST_POSTGRES"

// Postgres returns the URL of a new, empty schema in the database $Env
// names, dropped when t ends. Without the variable t is skipped, or fails
// in CI (CI=true), where PostgreSQL must be tested.
func Postgres(t testing.TB) string {
	t.Helper()
	base := os.Getenv(Env)
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set: CI must test the store on PostgreSQL (.ci/run sets it)", Env)
		}
		t.Skipf("%s is not set: the store is not tested on PostgreSQL", Env)
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s: %v", Env, err)
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	schema := "test_" + strings.ToLower(rand.Text()[:16])
	if _, err := admin.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		admin.Close()
		t.Fatalf("CREATE SCHEMA in %s: %v", Env, err)
	}
	t.Cleanup(func() {
		if _, err := admin.ExecContext(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("DROP SCHEMA %s: %v", schema, err)
		}
		admin.Close()
	})
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
