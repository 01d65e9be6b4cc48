package host

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// The host key is made on the first start, mode 0600, and the same key
// is read on every start after, even by servers starting at once.
func TestHostKey(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	const starts = 8
	prints := make([]string, starts)
	var wg sync.WaitGroup
	for i := range starts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			k, err := Key(dir)
			if err != nil {
				t.Errorf("start %d: %v", i, err)
				return
			}
			prints[i] = Fingerprint(k)
		}()
	}
	wg.Wait()
	for i, p := range prints {
		if p != prints[0] {
			t.Errorf("start %d read key %s, start 0 key %s; want one key", i, p, prints[0])
		}
	}
	fi, err := os.Stat(filepath.Join(dir, KeyFile))
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != 0o600 {
		t.Errorf("the key's mode %04o, want 0600", got)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("the directory holds %d files, want the key alone", len(entries))
	}
	k, err := Key(dir)
	if err != nil || Fingerprint(k) != prints[0] {
		t.Errorf("a later start: %v; want the key made first, %s", err, prints[0])
	}
}

func TestHostKeyRefused(t *testing.T) {
	tests := []struct {
		name string
		mode os.FileMode
		data string
		want string
	}{
		{"readable by others", 0o644, "whatever", "may be read by others (mode 0644): chmod 600 it"},
		{"not a key", 0o600, "not a key", "ssh: no key found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, KeyFile), []byte(tt.data), tt.mode); err != nil {
				t.Fatal(err)
			}
			_, err := Key(dir)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("HostKey: %v, want an error saying %q", err, tt.want)
			}
		})
	}
}
