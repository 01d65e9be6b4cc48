package store

import (
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/store/storetest"
)

// pgEnv names the environment variable that holds the URL of a
// PostgreSQL database the tests may make schemas in.
const pgEnv = storetest.Env

// testPlayer is the player whose store a server's backend tests.
const testPlayer = "SHA256:tester"

// backend is a database the Store's tests run against.
type backend struct {
	name string
	// place returns where a new, empty store is: a directory, or a
	// PostgreSQL URL; open opens the store there, as one program or
	// server does (the test closes it at its end).
	place func(t testing.TB) string
	open  func(t testing.TB, place string) (*DB, *warnings)
	// server opens the Players at place; nil for the store at home.
	server func(t testing.TB, place string) (*players, *warnings)
}

// fresh opens a new, empty store of b.
func (b backend) fresh(t testing.TB) (*DB, *warnings) {
	t.Helper()
	return b.open(t, b.place(t))
}

// backends are the databases the Store's tests run against: SQLite at
// home (the player ""), a server's SQLite and a server's PostgreSQL (a
// player of OpenPlayers).
var backends = []backend{
	{"sqlite", func(t testing.TB) string { return t.TempDir() }, openIn, nil},
	{"sqlite-players", func(t testing.TB) string { return t.TempDir() },
		func(t testing.TB, dir string) (*DB, *warnings) { return openPlayer(t, dir, "") },
		func(t testing.TB, dir string) (*players, *warnings) { return openServer(t, dir, "") }},
	{"postgres", pgPlace,
		func(t testing.TB, dsn string) (*DB, *warnings) { return openPlayer(t, "", dsn) },
		func(t testing.TB, dsn string) (*players, *warnings) { return openServer(t, "", dsn) }},
}

// eachBackend runs test on every backend, each a subtest named for it.
func eachBackend(t *testing.T, test func(t *testing.T, b backend)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { test(t, b) })
	}
}

// eachServer runs test on every backend of a server's Players, each a
// subtest named for it, with the Players of a new database.
func eachServer(t *testing.T, test func(t *testing.T, b backend, s *players)) {
	for _, b := range backends {
		if b.server != nil {
			t.Run(b.name, func(t *testing.T) {
				s, _ := b.server(t, b.place(t))
				test(t, b, s)
			})
		}
	}
}

// openServer opens the Players of dir or dsn, as a server does, failing
// the test on an error; at the test's end it checks that the store holds
// no connection in use, and closes it.
func openServer(t testing.TB, dir, dsn string) (*players, *warnings) {
	t.Helper()
	w := new(warnings)
	p, err := OpenPlayers(ctx, dir, dsn, w.warn)
	if err != nil {
		t.Fatalf("OpenPlayers() = %v", err)
	}
	s := p.(*players)
	t.Cleanup(func() {
		if n := s.d.db.Stats().InUse; n != 0 {
			t.Errorf("%d connections in use at the test's end; want 0", n)
		}
		s.Close()
	})
	return s, w
}

// openPlayer opens the store of testPlayer on the Players of dir or dsn.
func openPlayer(t testing.TB, dir, dsn string) (*DB, *warnings) {
	t.Helper()
	s, w := openServer(t, dir, dsn)
	return s.view(testPlayer), w
}

// pgPlace returns a new, empty PostgreSQL schema (see storetest).
func pgPlace(t testing.TB) string { return storetest.Postgres(t) }
