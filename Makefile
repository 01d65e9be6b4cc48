# The README's two commands: `make run` plays, `make test` runs every test.
GO         ?= go
FUZZTIME   ?= 20s
ARGS       ?=
# GoReleaser, pinned: go run leaves go.mod alone. The first run fetches and
# builds it (minutes); later ones find it in the module and build caches
# (seconds).
GORELEASER ?= $(GO) run github.com/goreleaser/goreleaser/v2@v2.15.1

.PHONY: all build run test test-race test-norace test-solver vet lint bench fuzz load load-store analyse-agree man dist dist-check clean

all: build

build:
	$(GO) build -o bin/minesweeper ./cmd/minesweeper

# make run ARGS='-level expert'
run:
	$(GO) run ./cmd/minesweeper $(ARGS)

# Every test under the race detector; fuzz targets run their seed corpus.
# Beside it a second pass without the detector, in two commands: the tests
# of NORACE_TESTS, which skip themselves under -race, and, whole, the
# packages of RACEFREE_PKGS, the solver's first (its game-by-game and
# brute-force checks skip themselves under -race too). The three commands
# run at once: many tests wait (on tmux, a server, a disk's sync, a child
# process), and while they do the others' work keeps both cores busy.
#
# The detector finds races between goroutines: the packages of
# RACEFREE_PKGS start none, in their code or their tests, and call no
# t.Parallel (TestRaceFree checks it), so they run once, without it; their
# code that other packages call from goroutines is checked in those
# packages' runs, which the detector instruments whole.
#
# internal/testrun runs the tests: it builds the test binaries with go test
# -c into bin/test, where a binary is linked again only when its code
# changed, and runs each in its package's directory as go test does; go
# test itself links every binary again at each run, the most of a warm
# make test's build. go vet runs first, on
# every package, so the binaries are built without go test's own vet.
#
# The tests of NORACE_TESTS are slow under the race detector and check
# results: game by game, against brute force, a reference or the
# definitions, a golden file, big data. Their work runs on one goroutine,
# bar the bench runs that play on its workers, whose concurrency other
# tests check under -race (TestRunDeterministic, TestRunNoGuessFailures,
# TestRunBenchReproducible...). What runs concurrently stays in the first
# pass: stores used by several goroutines, servers, signals, the event
# loop. Three kinds are exceptions: the stalled SSH client (under the race
# detector filling a connection's window takes a minute); the tests whose
# processes contend for one file (the detector sees one process, and their
# children, built with it, run SQLite's code ten times slower); and the ui's
# layout checks, a screen at every size, whose loop the other ui tests
# check under the detector. And the end-to-end tests (TestE2E...,
# TestVersionLinked): they drive the binary, built without the detector,
# from the outside, and under it only their own waiting on tmux was
# checked, at a third more CPU.
#
# To keep both cores busy to the end, each pass starts its longest packages
# first; the first runs three packages at once (-p 3: some mostly wait, on
# tmux or a server) and four tests of a package (-parallel 4: the tests
# that call t.Parallel wait on tmux, servers and processes); and GORACE cuts
# the second that the race runtime waits before a test binary, or a process
# it starts, exits to 50 ms. A test binary of the race pass may run for 20
# minutes rather than go test's 10: beside two busy loops and a loaded
# machine the store's took 9.8 minutes, and every wait of a test for a
# state gives up 30 s before that limit (internal/testwait), however
# little time the test itself has had.
RACE_FIRST = ./internal/ui/ ./internal/serve/ ./internal/store/ ./cmd/minesweeper/
RACEFREE_PKGS = ./internal/analyse/ ./internal/board/ ./internal/boardfile/ ./internal/buildinfo/ \
	./internal/clidoc/ ./internal/cputime/ ./internal/daily/ ./internal/dirlock/ \
	./internal/flagvalue/ ./internal/game/ ./internal/gen/ ./internal/judge/ \
	./internal/kept/ ./internal/leaderboard/ ./internal/mbf/ ./internal/moderate/ \
	./internal/play/ ./internal/rawvf/ ./internal/record/ ./internal/solver/ ./internal/splitmix/ \
	./internal/testwait/ ./internal/ui/canvas/ ./internal/ui/keys/ \
	./internal/ui/labels/ ./internal/ui/leaders/ ./internal/ui/menu/ ./internal/ui/theme/ ./internal/video/
NORACE_PKGS = ./cmd/minesweeper/ ./internal/ui/ ./internal/store/ ./internal/serve/ \
	./internal/noguess/ ./internal/bench/ ./internal/session/
NORACE_TESTS = \
	TestStatsOverlayHuge \
	TestStatsAsSummarize TestDailyAsSummarizeDaily TestPlayersApart TestMigrate \
	TestStalledClient TestTerminalSizes \
	TestGenerateNoGuess TestGenerateDeterministic TestCheckerAgainstEnumeration \
	TestMergeEqualsOneRun TestRunNoGuess \
	TestGenNoGuessWins TestStatsHistoryGolden TestRunBenchNoGuess \
	TestLargeBoard TestCensusMatchesReference \
	TestRecordLayout \
	TestSaveHugeSmall \
	TestDamagedPage TestProcessKeepAtOnce TestImportLoad TestServerDamagedPage \
	TestProcessHammer TestProcessKillInTransaction TestProcessKillInImport \
	TestProcessImportKilled TestProcessBetweenImportSteps TestProcessImportTogether \
	TestClaimProcesses TestKilledServer \
	TestFooterWords TestHelpSmall TestFooterWholeLabels \
	TestTooManyEvents TestWatchSlowViewer TestRaceStalledRacer TestWholeLabels TestNoCutLabels \
	TestE2E.* TestVersionLinked
empty :=
space := $(empty) $(empty)
NORACE_RUN = ^($(subst $(space),|,$(strip $(NORACE_TESTS))))$$
# GNU make 4 holds each command's output until it ends.
SYNC = $(if $(filter output-sync,$(.FEATURES)),--output-sync=target)

# GOGC=400: the test binaries, and the programs they start, collect their
# garbage a quarter as often: the ui's race run took 12% less CPU, and 40%
# more memory (140 MB).
TESTRUN = GOGC=400 $(GO) run ./internal/testrun

test: vet lint
	@$(MAKE) --no-print-directory -j3 $(SYNC) test-race test-norace test-solver

test-race:
	GORACE='atexit_sleep_ms=50 $(GORACE)' $(TESTRUN) -o bin/test/race -race -timeout 20m -p 3 -parallel 4 -except '$(RACEFREE_PKGS)' $(RACE_FIRST) ./...

# MINESWEEPER_TEST_BIN: cmd/minesweeper's tests build the binary they
# drive there, where go build links it again only when its code changed.
test-norace:
	MINESWEEPER_TEST_BIN='$(CURDIR)/bin/test/e2e' $(TESTRUN) -o bin/test/norace -parallel 4 -run '$(NORACE_RUN)' $(NORACE_PKGS)

test-solver:
	$(TESTRUN) -o bin/test/whole ./internal/solver/ $(RACEFREE_PKGS)

vet:
	$(GO) vet ./...

lint:
	@unformatted=$$(gofmt -l cmd internal); \
	if [ -n "$$unformatted" ]; then echo "gofmt would change:"; echo "$$unformatted"; exit 1; fi
	$(GO) tool staticcheck ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# A short fuzzing run of every fuzz target: make fuzz FUZZTIME=1m
fuzz:
	@set -e; for pkg in $$($(GO) list ./...); do \
	  for target in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "== $$pkg $$target"; \
	    $(GO) test -run '^$$' -fuzz "^$$target$$" -fuzztime $(FUZZTIME) $$pkg; \
	  done; \
	done

# The full load of minesweeper serve: 200 SSH sessions playing expert
# games for a minute (make test runs 8 for 2 seconds), then the same
# beside the hostile clients of hostileFull (10 sending invalid bytes, 10
# pasting 1 MiB every 10 s, 500 silent connections, 50 connection
# attempts a second from 100 addresses; make test runs a few), then the
# benchmarks: 1, 50 and 200 sessions, and 200 players alone and beside
# the hostile ones in one run, with the ratio of their p99s. Then the
# records under contention (load-store), and the solver's play against
# every game of its golden file (make test plays 660 of the 1,020).
LOADTIME ?= 60s
load:
	$(GO) test -v -count=1 -run '^TestLoad$$' -timeout 30m ./internal/serve/ -args -load-sessions 200 -load-duration $(LOADTIME)
	$(GO) test -v -count=1 -run '^TestLoadHostile$$' -timeout 30m ./internal/serve/ -args -load-sessions 200 -load-duration $(LOADTIME) -load-hostile
	$(GO) test -count=1 -run '^$$' -bench '^BenchmarkLoad$$' -benchtime 1x -timeout 30m ./internal/serve/ -args -load-duration 20s
	$(GO) test -count=1 -run '^$$' -bench '^BenchmarkLoadHostile$$' -benchtime 1x -timeout 30m ./internal/serve/ -args -load-sessions 200 -load-duration 20s
	$(MAKE) --no-print-directory load-store
	$(GO) test -count=1 -run '^TestIdenticalGames$$' ./internal/solver/ -args -identical-all

# The records under contention at full size: 40 processes ending 5 games
# each at once on a database of 100,000 games (make test runs 8 x 5 on
# 2,000), the lock held per keep in and out of date order at 100,000
# games, and an old log of 100,000 games imported beside 40 writers.
load-store:
	$(GO) test -count=1 -run '^TestProcessKeepAtOnce$$' -timeout 30m ./internal/store/ -args -atonce-procs 40 -atonce-games 5 -atonce-base 100000
	$(GO) test -count=1 -run '^$$' -bench '^BenchmarkKeepLock$$' -benchtime 100x -timeout 30m ./internal/store/
	$(GO) test -count=1 -run '^$$' -bench '^BenchmarkImportLoad$$' -benchtime 1x -timeout 30m ./internal/store/ -args -import-games 100000 -import-writers 40

# analyse agrees with the post-mortem of a thousand games of ours, each
# written as a RAW video and read back (make test plays a hundred).
analyse-agree:
	$(GO) test -count=1 -run '^TestAgreesWithPostMortem$$' -timeout 30m ./internal/analyse/ -args -agree-games 1000

# The man page cmd/minesweeper/minesweeper.6, made from the commands, their flags and
# the key table; a test fails when the checked-in copy is stale.
man:
	$(GO) test -count=1 -run '^TestManPage$$' ./cmd/minesweeper/ -update

# A snapshot of a release into dist/: the archives of linux, darwin and
# windows on amd64 and arm64, the deb and rpm packages and their checksums,
# as .goreleaser.yaml describes. Nothing is published. .ci/check-deb.sh
# installs the deb and checks it (as root, on Debian).
#
# GoReleaser reads the commit only where git names a remote (it asks git
# ls-remote --get-url); in a clone without one it builds with the commit
# "none". There the environment names the clone itself as origin for
# GoReleaser's git alone, leaving the clone's config as it is.
DIST_ENV = $(if $(shell git remote 2>/dev/null),,GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.origin.url GIT_CONFIG_VALUE_0='$(CURDIR)')
dist:
	$(DIST_ENV) $(GORELEASER) release --snapshot --clean

# Checks .goreleaser.yaml.
dist-check:
	$(GORELEASER) check

clean:
	rm -rf bin dist completions manpages
