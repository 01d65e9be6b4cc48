package daily

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
)

// SecretSize is the size of a day's secret, in bytes.
const SecretSize = 32

// Secret is the secret a server draws for a day, that its daily boards
// of that day are laid from (see OfSecret).
type Secret [SecretSize]byte

// ErrCommitment: a secret is not the one a commitment was made to.
var ErrCommitment = errors.New("the secret does not match the commitment")

// ErrSecret refuses a secret that is not 64 hexadecimal digits.
var ErrSecret = errors.New("not a daily secret (want 64 hexadecimal digits)")

// NewSecret draws a secret from crypto/rand.
func NewSecret() (Secret, error) {
	var s Secret
	if _, err := rand.Read(s[:]); err != nil {
		return Secret{}, fmt.Errorf("drawing the daily secret: %w", err)
	}
	return s, nil
}

// ParseSecret reads a secret written as String writes it: 64 hexadecimal
// digits, in either case.
func ParseSecret(text string) (Secret, error) {
	var s Secret
	if len(text) != 2*SecretSize {
		return Secret{}, ErrSecret
	}
	if _, err := hex.Decode(s[:], []byte(text)); err != nil {
		return Secret{}, ErrSecret
	}
	return s, nil
}

// String returns the secret as 64 lower-case hexadecimal digits.
func (s Secret) String() string { return hex.EncodeToString(s[:]) }

// SecretKey returns the text the secret's HMAC is taken of for the board
// of date and level: "minesweeper daily secret v1 2026-11-25 expert".
func SecretKey(date, level string) string {
	return fmt.Sprintf("minesweeper daily secret v%d %s %s", Version, date, level)
}

// CommitmentKey returns the text that, followed by the secret's 32
// bytes, is hashed into the commitment of date and level: "minesweeper
// daily commitment v1 2026-11-25 expert " (with the last space).
func CommitmentKey(date, level string) string {
	return fmt.Sprintf("minesweeper daily commitment v%d %s %s ", Version, date, level)
}

// Commitment returns the commitment to the server's daily board of date
// and level laid from secret, as 64 lower-case hexadecimal digits: the
// SHA-256 sum of the text CommitmentKey(date, level), "minesweeper daily
// commitment v1 2026-11-25 expert " (single spaces, one at the end), in
// UTF-8, followed by the secret's 32 bytes. The date and the level are in
// it, so that the commitment of one board is not that of another.
func Commitment(date, level string, secret Secret) string {
	h := sha256.New()
	h.Write([]byte(CommitmentKey(date, level)))
	h.Write(secret[:])
	return hex.EncodeToString(h.Sum(nil))
}

// CheckCommitment returns nil when commitment (hexadecimal digits, in
// either case) is the commitment of date, level and secret; else an
// error that says so, whose cause is ErrCommitment when commitment is
// another's.
func CheckCommitment(date, level string, secret Secret, commitment string) error {
	want := Commitment(date, level, secret)
	got, err := hex.DecodeString(commitment)
	if err != nil || len(got) != sha256.Size {
		return fmt.Errorf("%q is not a commitment (want 64 hexadecimal digits)", commitment)
	}
	w, _ := hex.DecodeString(want)
	if !hmac.Equal(got, w) {
		return fmt.Errorf("%w: its commitment for %s, %s is %s", ErrCommitment, date, level, want)
	}
	return nil
}

// OfSecret returns the server's daily board of date and level laid from
// secret, without its mines (see Mines), with its Commitment. It is made
// as Of makes the public board of the date, but for the first step: the
// sum is the HMAC-SHA256 of the text SecretKey(date, level), "minesweeper
// daily secret v1 2026-11-25 expert", keyed with the secret's 32 bytes.
// Its seed, start cell and mines follow from the sum as the public
// board's do.
func OfSecret(date, level string, secret Secret) (Board, error) {
	mac := hmac.New(sha256.New, secret[:])
	mac.Write([]byte(SecretKey(date, level)))
	b, err := ofSum(date, level, mac.Sum(nil))
	if err != nil {
		return Board{}, err
	}
	b.Commitment = Commitment(date, level, secret)
	return b, nil
}
