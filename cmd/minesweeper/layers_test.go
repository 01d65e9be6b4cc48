package main

import (
	"go/ast"
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

// makefileList returns the words of the Makefile's variable name, its
// lines joined where they end in a backslash.
func makefileList(t *testing.T, root, name string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(string(data), "\\\n", " ")
	for _, line := range strings.Split(text, "\n") {
		if v, ok := strings.CutPrefix(line, name+" = "); ok {
			return strings.Fields(v)
		}
	}
	t.Fatalf("the Makefile has no %s", name)
	return nil
}

// TestRaceFree checks the packages that make test runs without the race
// detector, RACEFREE_PKGS: their code and their tests start no goroutine
// and call no t.Parallel or b.RunParallel, so the detector could find no
// race in their runs.
func TestRaceFree(t *testing.T) {
	root := filepath.Join("..", "..")
	pkgs := makefileList(t, root, "RACEFREE_PKGS")
	if len(pkgs) == 0 {
		t.Fatal("RACEFREE_PKGS is empty")
	}
	for _, pkg := range pkgs {
		dir := filepath.Join(root, filepath.FromSlash(pkg))
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Errorf("%s: no Go files (%v)", pkg, err)
			continue
		}
		for _, name := range files {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.GoStmt:
					t.Errorf("%s: a go statement: %s starts goroutines and must run under the race detector (take it out of RACEFREE_PKGS)", fset.Position(x.Pos()), pkg)
				case *ast.SelectorExpr:
					if x.Sel.Name == "Parallel" || x.Sel.Name == "RunParallel" {
						t.Errorf("%s: %s: %s runs tests at once and must run under the race detector (take it out of RACEFREE_PKGS)", fset.Position(x.Pos()), x.Sel.Name, pkg)
					}
				}
				return true
			})
		}
	}
}
