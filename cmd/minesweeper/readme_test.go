package main

import (
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// beingAdded marks a README layout entry for a package that is written but
// not merged yet; the mark comes off once the package is here.
const beingAdded = "(being added)"

// TestReadmeLayout checks that the README's Layout section lists every
// package under cmd/ and internal/, one line each, and no package that is
// not here unless it is marked as being added.
func TestReadmeLayout(t *testing.T) {
	const root = "../.."
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n## Layout\n")
	if !ok {
		t.Fatal("README.md has no ## Layout section")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	listed := map[string]string{} // package directory: its description
	for _, line := range strings.Split(section, "\n") {
		dir, what, ok := strings.Cut(strings.TrimSpace(line), " ")
		if !ok || !strings.HasPrefix(line, "    ") {
			continue
		}
		if _, dup := listed[dir]; dup {
			t.Errorf("README.md's Layout lists %s twice", dir)
		}
		listed[dir] = strings.TrimSpace(what)
	}

	var here []string // the directories under cmd/ and internal/ with a package
	for _, top := range []string{"cmd", "internal"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			dir, _ := filepath.Rel(root, filepath.Dir(path))
			if dir = filepath.ToSlash(dir); !slices.Contains(here, dir) {
				here = append(here, dir)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(here) < 2 {
		t.Fatalf("found packages %q under %s; want the module's", here, root)
	}

	for _, dir := range here {
		what, ok := listed[dir]
		switch {
		case !ok:
			t.Errorf("README.md's Layout does not list %s; add a line saying what it is", dir)
		case strings.HasPrefix(what, beingAdded):
			t.Errorf("README.md's Layout marks %s %s, and it is here: take the mark off", dir, beingAdded)
		}
	}
	for _, dir := range slices.Sorted(maps.Keys(listed)) {
		if !slices.Contains(here, dir) && !strings.HasPrefix(listed[dir], beingAdded) {
			t.Errorf("README.md's Layout lists %s, which is not here; remove it or mark it %s", dir, beingAdded)
		}
	}
}
