#!/bin/sh
# The files a release ships beside the binary that are made, not kept:
# the completion scripts of bash, zsh and fish from minesweeper completion,
# and the man page gzipped for the deb and rpm packages. GoReleaser runs it
# before it builds (the before hook in .goreleaser.yaml); it writes into
# completions/ and manpages/, both gitignored. Run again, it makes the same
# bytes (gzip -n keeps no name or time).
set -eu
cd "$(dirname "$0")/.."

rm -rf completions manpages
mkdir -p completions manpages
go build -o completions/.minesweeper ./cmd/minesweeper
completions/.minesweeper completion bash > completions/minesweeper.bash
completions/.minesweeper completion zsh > completions/_minesweeper
completions/.minesweeper completion fish > completions/minesweeper.fish
rm completions/.minesweeper
gzip -9n < cmd/minesweeper/minesweeper.6 > manpages/minesweeper.6.gz
