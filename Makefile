# The README's two commands: `make run` plays, `make test` runs every test.
GO         ?= go
FUZZTIME   ?= 20s
ARGS       ?=
# GoReleaser, pinned: go run leaves go.mod alone. The first run fetches and
# builds it (minutes); later ones find it in the module and build caches
# (seconds).
GORELEASER ?= $(GO) run github.com/goreleaser/goreleaser/v2@v2.15.1

.PHONY: all build run test vet lint bench fuzz load man dist dist-check clean

all: build

build:
	$(GO) build -o bin/minesweeper ./cmd/minesweeper

# make run ARGS='-level expert'
run:
	$(GO) run ./cmd/minesweeper $(ARGS)

# Every test under the race detector; fuzz targets run their seed corpus.
# The 10000x10000 board test, the statistics of 100,000 games, the stalled
# SSH client and the solver's game-by-game and brute-force checks skip
# themselves under -race (too slow there, and the solver runs on one
# goroutine), so they run once more without it: the solver's whole package.
test: vet lint
	$(GO) test -race -count=1 ./...
	$(GO) test -count=1 -run '^(TestLargeBoard|TestStatsOverlayHuge|TestStalledClient)$$' ./internal/board/ ./internal/ui/ ./internal/serve/
	$(GO) test -count=1 ./internal/solver/

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
# games for a minute (make test runs 20 for a few seconds), then the
# benchmark at 1, 50 and 200 sessions.
LOADTIME ?= 60s
load:
	$(GO) test -v -count=1 -run '^TestLoad$$' -timeout 30m ./internal/serve/ -args -load-sessions 200 -load-duration $(LOADTIME)
	$(GO) test -count=1 -run '^$$' -bench '^BenchmarkLoad$$' -benchtime 1x -timeout 30m ./internal/serve/ -args -load-duration 20s

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
