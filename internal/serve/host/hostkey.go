package host

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"golang.org/x/crypto/ssh"
)

// KeyFile is the name of the server's host key in its data directory.
const KeyFile = "host_ed25519_key"

// Key returns the server's host key kept in dir, made on the first
// start: an Ed25519 key in OpenSSH's format, mode 0600, written whole or
// not at all. A key file that others may read is refused, as OpenSSH
// refuses it: anyone who can read it can pose as the server.
func Key(dir string) (ssh.Signer, error) {
	path := filepath.Join(dir, KeyFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		if err := makeHostKey(path); err != nil {
			return nil, fmt.Errorf("cannot make the host key: %w", err)
		}
		data, err = os.ReadFile(path)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read the host key: %w", err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if perm := fi.Mode().Perm(); perm&0o077 != 0 {
		return nil, fmt.Errorf("the host key %s may be read by others (mode %04o): chmod 600 it", path, perm)
	}
	key, err := ssh.ParsePrivateKey(data)
	if err != nil {
		return nil, fmt.Errorf("the host key %s: %w", path, err)
	}
	return key, nil
}

// makeHostKey writes a new Ed25519 key to path: to a temporary file of
// mode 0600 beside it, synced, then linked in place, so that a crash
// leaves either no key or a whole one, and two servers starting at once
// end with the same key.
func makeHostKey(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return err
	}
	block, err := ssh.MarshalPrivateKey(priv, "ssh host key")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".host-key-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return err
	}
	if _, err := tmp.Write(pem.EncodeToMemory(block)); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	// A link fails if another server made the key first: theirs is kept.
	if err := os.Link(tmp.Name(), path); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	return nil
}

// Fingerprint returns the SHA-256 fingerprint of key's public key, as
// ssh-keygen -l and a client's first connection show it.
func Fingerprint(key ssh.Signer) string { return ssh.FingerprintSHA256(key.PublicKey()) }
