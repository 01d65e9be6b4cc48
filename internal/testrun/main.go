// Command testrun is make test's runner: it builds the test binaries of
// the packages it is given with go test -c into a directory kept between
// runs, where go test -c links again only a binary whose code changed,
// then runs them, a few at once, each in its package's directory as go
// test does. go test links every test binary again at each run, about a
// second of CPU a package and most of a warm make test's build.
//
//	go run ./internal/testrun -o DIR [-race] [-p N] [-parallel N] [-run RE] [-timeout D] [-except PKGS] PKG...
//
// The packages run in the order given (the longest first keeps every core
// busy to the end), each once; a package that passes prints one line, as
// go test's does, one that fails all it printed. It exits 1 if any test
// failed, 2 if it could not build or run them.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

// pkg is a package with tests: its import path and directory.
type pkg struct{ path, dir string }

func run(args []string) int {
	fs := flag.NewFlagSet("testrun", flag.ContinueOnError)
	race := fs.Bool("race", false, "build with the race detector")
	procs := fs.Int("p", 2, "test binaries run at once")
	parallel := fs.Int("parallel", 0, "each binary's -test.parallel (0: its default)")
	runRE := fs.String("run", "", "each binary's -test.run")
	timeout := fs.Duration("timeout", 10*time.Minute, "each binary's -test.timeout")
	except := fs.String("except", "", "packages, space-separated patterns as go list takes them, left out")
	bins := fs.String("o", "", "the `directory` of the test binaries, kept between runs (required)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *bins == "" {
		fmt.Fprintln(os.Stderr, "testrun: -o: the directory of the test binaries is required")
		return 2
	}
	pkgs, err := list(fs.Args(), strings.Fields(*except))
	if err != nil {
		fmt.Fprintf(os.Stderr, "testrun: %v\n", err)
		return 2
	}
	if err := os.MkdirAll(*bins, 0o755); err != nil {
		fmt.Fprintf(os.Stderr, "testrun: %v\n", err)
		return 2
	}
	dir, err := filepath.Abs(*bins)
	if err != nil {
		fmt.Fprintf(os.Stderr, "testrun: %v\n", err)
		return 2
	}
	build := []string{"test", "-c", "-vet=off", "-o", dir + string(filepath.Separator)}
	if *race {
		build = append(build, "-race")
	}
	for _, p := range pkgs {
		build = append(build, p.path)
	}
	cmd := exec.Command("go", build...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		fmt.Fprintf(os.Stderr, "testrun: go test -c: %v\n", err)
		return 2
	}
	flags := []string{"-test.paniconexit0", "-test.count=1", "-test.timeout=" + timeout.String()}
	if *parallel > 0 {
		flags = append(flags, fmt.Sprintf("-test.parallel=%d", *parallel))
	}
	if *runRE != "" {
		flags = append(flags, "-test.run="+*runRE)
	}
	return runAll(pkgs, dir, flags, max(*procs, 1))
}

// list returns the packages with tests that the patterns name, in their
// order, each once, but for those the patterns of except name.
func list(patterns, except []string) ([]pkg, error) {
	var left []string
	if len(except) > 0 {
		out, err := exec.Command("go", append([]string{"list"}, except...)...).Output()
		if err != nil {
			return nil, fmt.Errorf("go list %s: %v", strings.Join(except, " "), err)
		}
		left = strings.Fields(string(out))
	}
	var pkgs []pkg
	for _, pattern := range patterns {
		out, err := exec.Command("go", "list", "-f", "{{if or .TestGoFiles .XTestGoFiles}}{{.ImportPath}} {{.Dir}}{{end}}", pattern).Output()
		if err != nil {
			return nil, fmt.Errorf("go list %s: %v", pattern, err)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			path, dir, ok := strings.Cut(line, " ")
			if !ok || slices.Contains(left, path) || slices.ContainsFunc(pkgs, func(p pkg) bool { return p.path == path }) {
				continue
			}
			pkgs = append(pkgs, pkg{path, dir})
		}
	}
	return pkgs, nil
}

// runAll runs the test binary of each package, procs at once, in its
// directory, and prints each one's result as it ends.
func runAll(pkgs []pkg, bins string, flags []string, procs int) int {
	var (
		mu     sync.Mutex
		failed bool
		wg     sync.WaitGroup
	)
	next := make(chan pkg)
	for range procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range next {
				report, ok := runOne(p, bins, flags)
				mu.Lock()
				os.Stdout.Write(report)
				failed = failed || !ok
				mu.Unlock()
			}
		}()
	}
	for _, p := range pkgs {
		next <- p
	}
	close(next)
	wg.Wait()
	if failed {
		return 1
	}
	return 0
}

// runOne runs the test binary of p and returns what to print of it, and
// whether it passed.
func runOne(p pkg, bins string, flags []string) ([]byte, bool) {
	bin := filepath.Join(bins, filepath.Base(p.path)+".test")
	start := time.Now()
	cmd := exec.Command(bin, flags...)
	cmd.Dir = p.dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	took := time.Since(start).Seconds()
	if err != nil {
		fmt.Fprintf(&out, "FAIL\t%s\t%.3fs\n", p.path, took)
		return out.Bytes(), false
	}
	// The CPU time too, the binary's and that of the programs it ran and
	// waited for: what a busy machine changes less than the wall's.
	cpu := (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds()
	return fmt.Appendf(nil, "ok  \t%s\t%.3fs\t(cpu %.1fs)\n", p.path, took, cpu), true
}
