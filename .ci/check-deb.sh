#!/usr/bin/env bash
# check-deb.sh [DEB] installs the deb package make dist built (the one of
# this machine's architecture in dist/, unless DEB names one), checks what
# it installed, then removes it:
#   - minesweeper is /usr/bin/minesweeper and minesweeper version prints a
#     release's version line (a version and a commit, none "unknown");
#   - man 6 minesweeper opens its man page;
#   - the bash completion, sourced from where the package put it, completes
#     minesweeper -le to -level;
#   - the zsh and fish completions are where those shells look.
# It needs root and Debian (dpkg), and installs man-db if man is missing.
# It refuses to run where minesweeper is installed already, so that what
# it removes is only what it installed. make test does not run it.
set -euo pipefail

fail() { echo "check-deb: $*" >&2; exit 1; }

deb=${1:-}
if [ -n "$deb" ]; then
  [ -f "$deb" ] || fail "$deb: no such file"
  deb=$(realpath "$deb")
fi
cd "$(dirname "$0")/.."

[ "$(id -u)" -eq 0 ] || fail "must run as root (it installs a package)"
command -v dpkg >/dev/null || fail "no dpkg: this check is for Debian and its kin"

if [ -z "$deb" ]; then
  arch=$(dpkg --print-architecture)
  shopt -s nullglob
  debs=(dist/*_"$arch".deb)
  [ ${#debs[@]} -eq 1 ] || fail "want one dist/*_$arch.deb (make dist), found ${#debs[@]}"
  deb=${debs[0]}
fi
[ -f "$deb" ] || fail "$deb: no such file"

if dpkg-query -W -f='${Status}' minesweeper 2>/dev/null | grep -q ' installed$'; then
  fail "the minesweeper package is installed already; remove it first (dpkg -r minesweeper)"
fi
[ ! -e /usr/bin/minesweeper ] || fail "/usr/bin/minesweeper exists already"

if ! command -v man >/dev/null; then
  echo "check-deb: installing man-db for the man page's check"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq man-db >/dev/null
fi

echo "check-deb: installing $deb"
dpkg -i "$deb" >/dev/null
trap 'echo "check-deb: removing minesweeper"; dpkg -r minesweeper >/dev/null' EXIT

# The files, where the packaging says they go. A path-exclude of dpkg's
# (Docker's Debian images drop /usr/share/man) would leave one out.
for f in /usr/bin/minesweeper \
  /usr/share/man/man6/minesweeper.6.gz \
  /usr/share/bash-completion/completions/minesweeper \
  /usr/share/zsh/vendor-completions/_minesweeper \
  /usr/share/fish/vendor_completions.d/minesweeper.fish; do
  [ -f "$f" ] || fail "$f is not installed (see dpkg -L minesweeper, and path-exclude in /etc/dpkg/dpkg.cfg.d)"
done

# The binary on PATH, and its version line: minesweeper vX.Y.Z, commit C, ...
[ "$(command -v minesweeper)" = /usr/bin/minesweeper ] || fail "minesweeper on PATH is $(command -v minesweeper), not /usr/bin/minesweeper"
line=$(minesweeper version)
echo "check-deb: minesweeper version: $line"
case $line in
  "minesweeper v"*", commit "*) ;;
  *) fail "minesweeper version printed $line" ;;
esac
case $line in
  *unknown* | *"commit none"* | *snapshot-none* | *" 0001-01-01"*)
    fail "minesweeper version lacks a field: the release's -ldflags did not set it from git" ;;
esac

# The man page, as man finds it.
page=$(MANPAGER=cat MANWIDTH=80 man 6 minesweeper 2>&1) || fail "man 6 minesweeper failed: $page"
grep -q 'terminal Minesweeper' <<<"$page" || fail "man 6 minesweeper did not show the page: $page"
echo "check-deb: man 6 minesweeper: $(man -w 6 minesweeper)"

# The bash completion, in an interactive bash without the user's rc files,
# as bash-completion would load it: minesweeper -le<TAB>.
out=$(bash --norc --noprofile -ic '
  source /usr/share/bash-completion/completions/minesweeper
  COMP_WORDS=(minesweeper -le); COMP_CWORD=1
  COMP_LINE="minesweeper -le"; COMP_POINT=${#COMP_LINE}
  _minesweeper minesweeper -le minesweeper
  printf "%s\n" "${COMPREPLY[@]}"' 2>/dev/null)
[ "$out" = "-level" ] || fail "bash completes minesweeper -le to [$out], want -level"
echo "check-deb: bash completes minesweeper -le to $out"

echo "check-deb: ok"
