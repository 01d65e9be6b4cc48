package daily

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// testSecret is a fixed secret: the bytes 0, 1, ..., 31.
func testSecret() Secret {
	var s Secret
	for i := range s {
		s[i] = byte(i)
	}
	return s
}

// TestOfSecretDiffers checks that a server's daily board, laid from a
// secret, is not the public board of its date and level, and that the
// secret and the date choose it.
func TestOfSecretDiffers(t *testing.T) {
	other := testSecret()
	other[0] = 0xff
	for _, lv := range board.Levels {
		pub, err := Of("2026-11-25", lv.Name)
		if err != nil {
			t.Fatal(err)
		}
		sec, err := OfSecret("2026-11-25", lv.Name, testSecret())
		if err != nil {
			t.Fatal(err)
		}
		if sec.Settings != pub.Settings {
			t.Errorf("OfSecret(%s).Settings = %v; want the level's, %v", lv.Name, sec.Settings, pub.Settings)
		}
		if sec.Seed == pub.Seed {
			t.Errorf("OfSecret(2026-11-25, %s).Seed = %d; want another than the public board's", lv.Name, sec.Seed)
		}
		pm, _ := pub.Mines()
		sm, err := sec.Mines()
		if err != nil {
			t.Fatal(err)
		}
		if slices.Equal(pm, sm) {
			t.Errorf("OfSecret(2026-11-25, %s) lays the public board's mines", lv.Name)
		}
		if pub.Commitment != "" || len(sec.Commitment) != 64 {
			t.Errorf("commitments %q, %q; want none for the public board, 64 digits for the server's", pub.Commitment, sec.Commitment)
		}
		for _, tt := range []struct {
			date   string
			secret Secret
		}{{"2026-11-26", testSecret()}, {"2026-11-25", other}} {
			b, err := OfSecret(tt.date, lv.Name, tt.secret)
			if err != nil {
				t.Fatal(err)
			}
			if b.Seed == sec.Seed || b.Commitment == sec.Commitment {
				t.Errorf("OfSecret(%s, %s, %v) = seed %d, commitment %s; want others than %d, %s", tt.date, lv.Name, tt.secret, b.Seed, b.Commitment, sec.Seed, sec.Commitment)
			}
		}
	}
}

// TestSecretPinned pins the server's board and its commitment for a fixed
// secret: what the README says is hashed is what is hashed, and a change
// would break every commitment shown.
func TestSecretPinned(t *testing.T) {
	s := testSecret()
	b, err := OfSecret("2026-11-25", "expert", s)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := CommitmentKey("2026-11-25", "expert"), "minesweeper daily commitment v1 2026-11-25 expert "; got != want {
		t.Errorf("CommitmentKey = %q; want %q", got, want)
	}
	if got, want := SecretKey("2026-11-25", "expert"), "minesweeper daily secret v1 2026-11-25 expert"; got != want {
		t.Errorf("SecretKey = %q; want %q", got, want)
	}
	for _, tt := range []struct{ got, want string }{
		{b.Commitment, pinnedCommitment},
		{b.Start.String(), pinnedStart},
	} {
		if tt.got != tt.want {
			t.Errorf("OfSecret(2026-11-25, expert, 00..1f) = %s; want %s", tt.got, tt.want)
		}
	}
	if b.Seed != pinnedSeed {
		t.Errorf("OfSecret(2026-11-25, expert, 00..1f).Seed = %d; want %d", b.Seed, uint64(pinnedSeed))
	}
}

// The server's expert board of 2026-11-25 from the secret 00 01 ... 1f,
// as Python's hashlib and hmac reckon the package doc's steps.
const (
	pinnedCommitment = "747ce8523e6e72c81ac57991dac9e74d1b245811b7ec3f64ead200f1cd142416"
	pinnedSeed       = 18286279083328493836
	pinnedStart      = "(20,9)"
)

// TestSecretText checks ParseSecret against String, and CheckCommitment.
func TestSecretText(t *testing.T) {
	s := testSecret()
	text := s.String()
	if text != "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f" {
		t.Errorf("String() = %s", text)
	}
	for _, in := range []string{text, strings.ToUpper(text)} {
		if got, err := ParseSecret(in); err != nil || got != s {
			t.Errorf("ParseSecret(%q) = %v, %v; want %v", in, got, err, s)
		}
	}
	for _, in := range []string{"", text[:62], text + "00", "zz" + text[2:]} {
		if _, err := ParseSecret(in); !errors.Is(err, ErrSecret) {
			t.Errorf("ParseSecret(%q) = %v; want ErrSecret", in, err)
		}
	}
	c := Commitment("2026-11-25", "expert", s)
	tests := []struct {
		date, level, commit string
		ok                  bool
	}{
		{"2026-11-25", "expert", c, true},
		{"2026-11-25", "expert", strings.ToUpper(c), true},
		{"2026-11-26", "expert", c, false},
		{"2026-11-25", "beginner", c, false},
		{"2026-11-25", "expert", c[:60], false},
		{"2026-11-25", "expert", "", false},
	}
	for _, tt := range tests {
		if err := CheckCommitment(tt.date, tt.level, s, tt.commit); (err == nil) != tt.ok {
			t.Errorf("CheckCommitment(%s, %s, %q) = %v; want ok %v", tt.date, tt.level, tt.commit, err, tt.ok)
		}
	}
}
