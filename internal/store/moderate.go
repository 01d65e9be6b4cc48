package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/netip"
	"strings"
	"time"

	"golang.org/x/text/unicode/norm"
)

// Moderation is what an operator does on a server (minesweeper moderate):
// bans of keys and addresses, rulings on games (removed from the ranked
// boards, or verified onto them), names changed. Every action is kept in
// an audit log, with its time and reason, in the transaction that does it.
type Moderation interface {
	// Ban bans a key fingerprint or an address (one address, or a
	// prefix such as 2001:db8::/64); banning one banned already changes
	// its reason.
	Ban(ctx context.Context, b Ban) error
	// Unban lifts the ban of a key or an address (ErrNoBan if none).
	Unban(ctx context.Context, kind BanKind, target, reason string) error
	// Bans returns every ban, newest first.
	Bans(ctx context.Context) ([]Ban, error)
	// Banned returns the ban of the key fingerprint key ("" for a guest)
	// or of the address addr, if either is banned.
	Banned(ctx context.Context, key string, addr netip.Addr) (Ban, bool, error)
	// Rule rules on game n: removed from the ranked boards, or verified
	// onto them though it runs faster than the ceilings (ErrNoGame if
	// there is no game n).
	Rule(ctx context.Context, n int64, r Ruling, reason string) error
	// Rename gives the player named from the name to (ErrNameTaken,
	// ErrNoPlayer); the caller has checked to as a player's name.
	Rename(ctx context.Context, from, to, reason string) error
	// Unverified returns the runs kept but left off the ranked boards
	// for their speed (see Ceilings), not ruled on, newest first: at most
	// limit, all when limit is 0.
	Unverified(ctx context.Context, limit int) ([]Run, error)
	// Audit returns the moderation's log, newest first: at most limit,
	// all when limit is 0.
	Audit(ctx context.Context, limit int) ([]Action, error)
}

// BanKind is what a ban bans.
type BanKind uint8

// The kinds of ban.
const (
	BanKey  BanKind = iota // a public key, by its SHA-256 fingerprint
	BanAddr                // an address, or a prefix of addresses
)

var banKinds = [...]string{BanKey: "key", BanAddr: "addr"}

// String returns the kind's name, as the audit log and the command say it.
func (k BanKind) String() string {
	if int(k) < len(banKinds) {
		return banKinds[k]
	}
	return fmt.Sprintf("BanKind(%d)", uint8(k))
}

// ParseBanKind returns the kind named s ("key" or "addr").
func ParseBanKind(s string) (BanKind, error) {
	for k, name := range banKinds {
		if s == name {
			return BanKind(k), nil
		}
	}
	return 0, fmt.Errorf("%q: a ban is of a key or an addr", s)
}

// Ban is one ban.
type Ban struct {
	Kind   BanKind
	Target string // the fingerprint ("SHA256:..."), or the address or prefix
	Reason string
	Date   time.Time
}

// Ruling is an operator's ruling on a game.
type Ruling uint8

// The rulings.
const (
	Removed  Ruling = iota + 1 // off the ranked boards, kept in the player's records
	Verified                   // on the ranked boards, though faster than the ceilings
)

// String returns the ruling's name.
func (r Ruling) String() string {
	switch r {
	case Removed:
		return "removed"
	case Verified:
		return "verified"
	}
	return fmt.Sprintf("Ruling(%d)", uint8(r))
}

// Run is a game kept but left off the ranked boards until an operator
// verifies it.
type Run struct {
	N      int64
	Player string // the name
	Level  string
	TimeMS int64
	Speed  float64 // 3BV/s
	Clicks float64 // clicks a second
	Date   time.Time
}

// Action is one line of the moderation's log.
type Action struct {
	Date   time.Time
	Action string // ban, unban, remove, verify, rename
	Target string
	Reason string
}

// Errors of moderation.
var (
	ErrNoBan    = errors.New("no such ban")
	ErrNoPlayer = errors.New("no player has that name")
)

// Ceiling is the fastest a level's run may be and be ranked at once: a
// run faster is kept, but off the ranked boards until an operator
// verifies it.
type Ceiling struct {
	Speed  float64 // 3BV per second
	Clicks float64 // clicks per second, over the whole game
}

// Ceilings are the levels' ceilings. The fastest human runs the
// community's rankings list are far under them: expert's record time is
// 26.59 s, some 7 3BV/s on a board of 3BV 180, and the best players
// sustain 10 to 15 clicks a second; beginner's allow for boards of a
// 3BV of 2 or 3 cleared in a fraction of a second. A script that plays
// the board it is shown runs at 50 to 200 3BV/s.
var Ceilings = map[string]Ceiling{
	"beginner":     {Speed: 20, Clicks: 25},
	"intermediate": {Speed: 12, Clicks: 25},
	"expert":       {Speed: 10, Clicks: 25},
}

// fastSQL is the condition, on the games row g, of a clean win of a level
// faster than its ceilings (speed is a clean win's 3BV/s, ioe its 3BV
// per click, so speed / ioe its clicks a second). The numbers are the
// program's own, written into the statement.
func fastSQL(g string) string {
	var speed, clicks strings.Builder
	for _, level := range []string{"beginner", "intermediate", "expert"} {
		c := Ceilings[level]
		fmt.Fprintf(&speed, " WHEN '%s' THEN %g", level, c.Speed)
		fmt.Fprintf(&clicks, " WHEN '%s' THEN %g", level, c.Clicks)
	}
	return fmt.Sprintf(`(%[1]s.speed IS NOT NULL AND (%[1]s.speed > CASE %[1]s.level%[2]s ELSE 1e308 END
		OR COALESCE(%[1]s.ioe, 0) > 0 AND %[1]s.speed / %[1]s.ioe > CASE %[1]s.level%[3]s ELSE 1e308 END))`,
		g, speed.String(), clicks.String())
}

// offBoardSQL is the condition, on the games row g, of a game left off
// the ranked boards: removed, or too fast and not verified.
func offBoardSQL(g string) string {
	return fmt.Sprintf(`(EXISTS (SELECT 1 FROM rulings r WHERE r.n = %[1]s.n AND r.ruling = 'removed')
		OR %[2]s AND NOT EXISTS (SELECT 1 FROM rulings r WHERE r.n = %[1]s.n AND r.ruling = 'verified'))`, g, fastSQL(g))
}

var _ Moderation = (*players)(nil)

// audit adds an action to the log in tx.
func audit(ctx context.Context, tx *sql.Tx, action, target, reason string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO moderation (date, action, target, reason) VALUES ($1, $2, $3, $4)`,
		time.Now().UnixNano(), action, target, reason)
	return err
}

// checkBan returns the ban's target in its one text form, or why it is
// not a fingerprint or an address.
func checkBan(kind BanKind, target string) (string, error) {
	switch kind {
	case BanKey:
		if !strings.HasPrefix(target, "SHA256:") || len(target) < len("SHA256:")+16 || len(target) > 128 {
			return "", fmt.Errorf("%q: a key is its fingerprint, SHA256:... as the server's log names it", target)
		}
		return target, nil
	case BanAddr:
		if p, err := netip.ParsePrefix(target); err == nil {
			return p.Masked().String(), nil
		}
		if a, err := netip.ParseAddr(target); err == nil {
			return a.Unmap().String(), nil
		}
		return "", fmt.Errorf("%q: an address is an IP address (203.0.113.7) or a prefix (2001:db8::/64)", target)
	}
	return "", fmt.Errorf("%v: no such kind of ban", kind)
}

// Ban bans b's key or address.
func (s *players) Ban(ctx context.Context, b Ban) error {
	target, err := checkBan(b.Kind, b.Target)
	if err != nil {
		return err
	}
	return s.d.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO bans (kind, target, reason, date) VALUES ($1, $2, $3, $4)
			ON CONFLICT (kind, target) DO UPDATE SET reason = excluded.reason`,
			b.Kind.String(), target, b.Reason, time.Now().UnixNano())
		if err != nil {
			return err
		}
		return audit(ctx, tx, "ban", b.Kind.String()+" "+target, b.Reason)
	})
}

// Unban lifts a ban.
func (s *players) Unban(ctx context.Context, kind BanKind, target, reason string) error {
	target, err := checkBan(kind, target)
	if err != nil {
		return err
	}
	return s.d.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM bans WHERE kind = $1 AND target = $2`, kind.String(), target)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return errors.Join(err, fmt.Errorf("%w: %s %s", ErrNoBan, kind, target))
		}
		return audit(ctx, tx, "unban", kind.String()+" "+target, reason)
	})
}

// Bans returns every ban.
func (s *players) Bans(ctx context.Context) ([]Ban, error) {
	rows, err := s.d.db.QueryContext(ctx, `SELECT kind, target, reason, date FROM bans ORDER BY date DESC, target`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var bans []Ban
	for rows.Next() {
		var b Ban
		var kind string
		var at int64
		if err := rows.Scan(&kind, &b.Target, &b.Reason, &at); err != nil {
			return nil, err
		}
		if b.Kind, err = ParseBanKind(kind); err != nil {
			return nil, err
		}
		b.Date = time.Unix(0, at).UTC()
		bans = append(bans, b)
	}
	return bans, rows.Err()
}

// Banned returns the ban of key or addr. An address is banned by its own
// ban or by a prefix's that holds it: the bans of addresses are few, and
// read whole.
func (s *players) Banned(ctx context.Context, key string, addr netip.Addr) (Ban, bool, error) {
	if key != "" {
		var b Ban
		var at int64
		err := s.d.db.QueryRowContext(ctx, `SELECT reason, date FROM bans WHERE kind = 'key' AND target = $1`, key).Scan(&b.Reason, &at)
		switch {
		case err == nil:
			b.Kind, b.Target, b.Date = BanKey, key, time.Unix(0, at).UTC()
			return b, true, nil
		case !errors.Is(err, sql.ErrNoRows):
			return Ban{}, false, err
		}
	}
	if !addr.IsValid() {
		return Ban{}, false, nil
	}
	bans, err := s.Bans(ctx)
	if err != nil {
		return Ban{}, false, err
	}
	addr = addr.Unmap()
	for _, b := range bans {
		if b.Kind != BanAddr {
			continue
		}
		if p, err := netip.ParsePrefix(b.Target); err == nil && p.Contains(addr) {
			return b, true, nil
		}
		if a, err := netip.ParseAddr(b.Target); err == nil && a == addr {
			return b, true, nil
		}
	}
	return Ban{}, false, nil
}

// Rule rules on game n.
func (s *players) Rule(ctx context.Context, n int64, r Ruling, reason string) error {
	if r != Removed && r != Verified {
		return fmt.Errorf("%v: no such ruling", r)
	}
	return s.d.write(ctx, func(tx *sql.Tx) error {
		var one int
		if err := tx.QueryRowContext(ctx, `SELECT 1 FROM games WHERE n = $1`, n).Scan(&one); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("%w: %d", ErrNoGame, n)
			}
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO rulings (n, ruling, date) VALUES ($1, $2, $3)
			ON CONFLICT (n) DO UPDATE SET ruling = excluded.ruling, date = excluded.date`, n, r.String(), time.Now().UnixNano())
		if err != nil {
			return err
		}
		action := map[Ruling]string{Removed: "remove", Verified: "verify"}[r]
		return audit(ctx, tx, action, fmt.Sprintf("game %d", n), reason)
	})
}

// Rename gives the player named from (or a name that passes for it) the
// name to, composed as SetName keeps names.
func (s *players) Rename(ctx context.Context, from, to, reason string) error {
	to = norm.NFC.String(to)
	return s.d.write(ctx, func(tx *sql.Tx) error {
		var id string
		err := tx.QueryRowContext(ctx, `SELECT id FROM players WHERE name_key = $1 OR name = $2 ORDER BY created LIMIT 1`,
			nameKey(from), norm.NFC.String(from)).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: %q", ErrNoPlayer, from)
		}
		if err != nil {
			return err
		}
		var other string
		err = tx.QueryRowContext(ctx, `SELECT id FROM players WHERE name_key = $1`, nameKey(to)).Scan(&other)
		switch {
		case err == nil && other != id:
			return fmt.Errorf("%w: %q", ErrNameTaken, to)
		case err != nil && !errors.Is(err, sql.ErrNoRows):
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE players SET name = $1, name_key = $2 WHERE id = $3`, to, nameKey(to), id); err != nil {
			if s.d.dial().unique(err) {
				return fmt.Errorf("%w: %q", ErrNameTaken, to)
			}
			return err
		}
		return audit(ctx, tx, "rename", fmt.Sprintf("%s (%s)", id, from), "to "+to+": "+reason)
	})
}

// Unverified returns the runs off the boards for their speed alone.
func (s *players) Unverified(ctx context.Context, limit int) ([]Run, error) {
	if limit <= 0 {
		limit = all
	}
	rows, err := s.d.db.QueryContext(ctx, `SELECT g.n, p.name, g.level, g.time_ms, g.speed, COALESCE(g.speed / NULLIF(g.ioe, 0), 0), g.date
		FROM games g JOIN players p ON p.id = g.player
		WHERE g.clean = 1 AND g.level <> '' AND `+fastSQL("g")+`
			AND NOT EXISTS (SELECT 1 FROM rulings r WHERE r.n = g.n)
		ORDER BY g.date DESC, g.n DESC LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var runs []Run
	for rows.Next() {
		var r Run
		var at int64
		if err := rows.Scan(&r.N, &r.Player, &r.Level, &r.TimeMS, &r.Speed, &r.Clicks, &at); err != nil {
			return nil, err
		}
		r.Date = time.Unix(0, at).UTC()
		runs = append(runs, r)
	}
	return runs, rows.Err()
}

// Audit returns the moderation's log.
func (s *players) Audit(ctx context.Context, limit int) ([]Action, error) {
	if limit <= 0 {
		limit = all
	}
	rows, err := s.d.db.QueryContext(ctx, `SELECT date, action, target, reason FROM moderation ORDER BY id DESC LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var log []Action
	for rows.Next() {
		var a Action
		var at int64
		if err := rows.Scan(&at, &a.Action, &a.Target, &a.Reason); err != nil {
			return nil, err
		}
		a.Date = time.Unix(0, at).UTC()
		log = append(log, a)
	}
	return log, rows.Err()
}
