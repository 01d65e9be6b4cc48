package ui

import (
	"os"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
)

// The README's table of keys lies between these lines.
const (
	readmeKeysStart = "<!-- keys: made from internal/ui/keys.go; go test ./internal/ui -update rewrites it -->\n"
	readmeKeysEnd   = "<!-- /keys -->\n"
)

// TestReadmeKeys checks that the README lists the keys of keys.Table, as the
// footer and the help do; -update rewrites the README's table.
func TestReadmeKeys(t *testing.T) {
	const path = "../../README.md"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i := strings.Index(text, readmeKeysStart)
	j := strings.Index(text, readmeKeysEnd)
	if i < 0 || j < i {
		t.Fatalf("README.md has no table of keys between %q and %q", readmeKeysStart, readmeKeysEnd)
	}
	got, want := text[i+len(readmeKeysStart):j], keys.Markdown()
	if got == want {
		return
	}
	if *update {
		out := text[:i+len(readmeKeysStart)] + want + text[j:]
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md's keys differ from keyTable (go test ./internal/ui -update rewrites them):\ngot:\n%s\nwant:\n%s", got, want)
}
