// Package moderate is what an operator does on a server's records
// (minesweeper moderate): the actions named on the command line, parsed
// (bans, rulings on games, renames, each with its reason), and the lists
// of bans, unverified runs and the audit log, whose text from the
// records is made printable.
package moderate

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/store"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// Action is one action of moderate on the store, printing to w; n
// is the length of a list.
type Action func(ctx context.Context, m store.Moderation, w io.Writer, n int) error

// Parse returns the action args name (its verb, its arguments, its
// reason), or why they name none.
func Parse(args []string) (Action, error) {
	verb, rest := args[0], args[1:]
	// need returns the first k arguments and the reason after them.
	need := func(k int, what string) ([]string, string, error) {
		if len(rest) < k+1 {
			return nil, "", fmt.Errorf("%s: want %s and a reason", verb, what)
		}
		return rest[:k], strings.Join(rest[k:], " "), nil
	}
	switch verb {
	case "ban", "unban":
		a, reason, err := need(2, "key|addr, the key or address")
		if err != nil {
			return nil, err
		}
		kind, err := store.ParseBanKind(a[0])
		if err != nil {
			return nil, fmt.Errorf("%s: %v", verb, err)
		}
		return func(ctx context.Context, m store.Moderation, w io.Writer, _ int) error {
			if verb == "unban" {
				return m.Unban(ctx, kind, a[1], reason)
			}
			return m.Ban(ctx, store.Ban{Kind: kind, Target: a[1], Reason: reason})
		}, nil
	case "remove", "verify":
		a, reason, err := need(1, "a game's number")
		if err != nil {
			return nil, err
		}
		n, err := strconv.ParseInt(a[0], 10, 64)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%s: %q is not a game's number", verb, a[0])
		}
		ruling := map[string]store.Ruling{"remove": store.Removed, "verify": store.Verified}[verb]
		return func(ctx context.Context, m store.Moderation, _ io.Writer, _ int) error {
			return m.Rule(ctx, n, ruling, reason)
		}, nil
	case "rename":
		a, reason, err := need(2, "the name and the new one")
		if err != nil {
			return nil, err
		}
		if err := history.CheckName(a[1]); err != nil {
			return nil, fmt.Errorf("rename: %q: %v", a[1], err)
		}
		return func(ctx context.Context, m store.Moderation, _ io.Writer, _ int) error {
			return m.Rename(ctx, a[0], a[1], reason)
		}, nil
	case "bans", "unverified", "log":
		if len(rest) > 0 {
			return nil, fmt.Errorf("%s: unexpected argument %q", verb, rest[0])
		}
		return map[string]Action{"bans": listBans, "unverified": listUnverified, "log": listAudit}[verb], nil
	}
	return nil, fmt.Errorf("%q: no such action (ban, unban, remove, verify, rename, bans, unverified or log)", verb)
}

// stamp is how the lists write a time.
func stamp(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05") }

// listBans lists the bans, newest first.
func listBans(ctx context.Context, m store.Moderation, w io.Writer, _ int) error {
	bans, err := m.Bans(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "since\tkind\ttarget\treason")
	for _, b := range bans {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", stamp(b.Date), b.Kind, b.Target, userfile.Printable(b.Reason))
	}
	return tw.Flush()
}

// listUnverified lists the runs left off the boards for their speed,
// at most n, newest first.
func listUnverified(ctx context.Context, m store.Moderation, w io.Writer, n int) error {
	runs, err := m.Unverified(ctx, n)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "game\tplayer\tlevel\ttime\t3BV/s\tclicks/s\tended\t")
	for _, r := range runs {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%.2f s\t%.2f\t%.1f\t%s\t\n", r.N, userfile.Printable(r.Player), r.Level,
			float64(r.TimeMS)/1000, r.Speed, r.Clicks, stamp(r.Date))
	}
	return tw.Flush()
}

// listAudit lists the audit log, at most n lines, newest first.
func listAudit(ctx context.Context, m store.Moderation, w io.Writer, n int) error {
	log, err := m.Audit(ctx, n)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "when\taction\ttarget\treason")
	for _, a := range log {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", stamp(a.Date), a.Action, userfile.Printable(a.Target), userfile.Printable(a.Reason))
	}
	return tw.Flush()
}
