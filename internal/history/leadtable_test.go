package history

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"
)

// leaderboards are a daily board and an all-time one, with a wide name,
// a name with an escape sequence, an unranked loss and one more player
// than is listed.
func leaderboards() []Leaderboard {
	at := func(h, m int) time.Time { return time.Date(2026, 11, 25, h, m, 0, 0, time.UTC) }
	return []Leaderboard{
		{Level: "expert", Date: "2026-11-25", Players: 4, Entries: []Entry{
			{Rank: 1, Name: "山田太郎", Result: EntryWon, TimeMS: 61234, Speed: 2.5, Date: at(9, 5)},
			{Rank: 2, Name: "ada", Result: EntryWon, TimeMS: 123400, Speed: 1.25, Date: at(14, 3)},
			{Name: "x\x1b[2Jy", Result: EntryLost, TimeMS: 5000, Date: at(23, 59)},
		}},
		{Level: "expert", Players: 0},
	}
}

// TestWriteLeaderboards checks the operator's tables: a title per board,
// columns aligned by terminal columns, the names made printable.
func TestWriteLeaderboards(t *testing.T) {
	var b bytes.Buffer
	if err := WriteLeaderboards(&b, leaderboards()); err != nil {
		t.Fatal(err)
	}
	want := `daily expert 2026-11-25: 4 players (the first 3)
  #  name          time  3BV/s  result  ended (UTC)
  1  山田太郎   61.23 s   2.50  won     09:05
  2  ada       123.40 s   1.25  won     14:03
  -  x�[2Jy      5.00 s      -  lost    23:59

all-time expert: 0 players
  no clean win yet
`
	if got := b.String(); got != want {
		t.Errorf("WriteLeaderboards wrote:\n%s\nwant:\n%s", got, want)
	}
}

// TestLeaderLinesClip checks that names are cut to the columns asked for.
func TestLeaderLinesClip(t *testing.T) {
	lines := LeaderLines(leaderboards()[0], 5)
	if got, want := lines[1], "1  山田…   61.23 s   2.50  won     09:05"; got != want {
		t.Errorf("LeaderLines(…, 5)[1] = %q; want %q", got, want)
	}
}

// TestWriteLeaderboardsJSON checks that the JSON reads back as the
// boards, with an empty board's entries an array.
func TestWriteLeaderboardsJSON(t *testing.T) {
	var b bytes.Buffer
	in := leaderboards()
	if err := WriteLeaderboardsJSON(&b, in); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "\x1b") || !strings.Contains(b.String(), `"entries": []`) {
		t.Errorf("WriteLeaderboardsJSON wrote:\n%s\nwant escapes escaped and \"entries\": []", b.String())
	}
	var out []Leaderboard
	if err := json.Unmarshal(b.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	in[1].Entries = []Entry{}
	if !reflect.DeepEqual(out, in) {
		t.Errorf("WriteLeaderboardsJSON reads back as %+v; want %+v", out, in)
	}
}
