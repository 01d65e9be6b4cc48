package main

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// modulePath is the module's import path, which the packages' imports of
// one another start with.
const modulePath = "github.com/minesweeper-go/minesweeper/"

// readmeFloors returns the floors of the README's Layout section: each
// package directory's floor, from its lines "- N: dir dir...".
func readmeFloors(t *testing.T, root string) map[string]int {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(data), "\n## Layout\n")
	section, _, _ = strings.Cut(section, "\n## ")
	floors := map[string]int{}
	for _, line := range strings.Split(section, "\n") {
		n, dirs, ok := strings.Cut(strings.TrimPrefix(line, "- "), ": ")
		floor, err := strconv.Atoi(n)
		if !ok || err != nil || !strings.HasPrefix(line, "- ") {
			continue
		}
		for _, dir := range strings.Fields(dirs) {
			if _, dup := floors[dir]; dup {
				t.Errorf("README.md's floors list %s twice", dir)
			}
			floors[dir] = floor
		}
	}
	return floors
}

// TestLayers checks the arrows between the packages: every package is on
// a floor of the README's list, and its code (tests apart) imports only
// packages on floors below its own, so that no import runs back up (the
// rules below the game in play, the front ends above it, cmd on top).
func TestLayers(t *testing.T) {
	const root = "../.."
	floors := readmeFloors(t, root)
	if len(floors) < 2 {
		t.Fatalf("README.md's Layout gives %d floors; want the list of them", len(floors))
	}
	fset := token.NewFileSet()
	for _, top := range []string{"cmd", "internal"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			rel, _ := filepath.Rel(root, filepath.Dir(path))
			dir := filepath.ToSlash(rel)
			if strings.Contains(dir, "testdata") {
				return nil
			}
			floor, ok := floors[dir]
			if !ok {
				t.Errorf("%s: package %s is on no floor of README.md's Layout", path, dir)
				return nil
			}
			f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			for _, im := range f.Imports {
				p, _ := strconv.Unquote(im.Path.Value)
				to, ok := strings.CutPrefix(p, modulePath)
				if !ok {
					continue
				}
				switch f, ok := floors[to]; {
				case !ok:
					t.Errorf("%s imports %s, which is on no floor", filepath.ToSlash(rel)+"/"+d.Name(), to)
				case f >= floor:
					t.Errorf("%s (floor %d) imports %s (floor %d); want only floors below", filepath.ToSlash(rel)+"/"+d.Name(), floor, to, f)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
