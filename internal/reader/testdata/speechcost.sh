#!/bin/sh
# speechcost.sh: the seconds of speech of the line mode (-reader), today's
# wording beside the new. It plays one scripted game (beginner, seed 1: the
# same moves, cursor steps and looks on both) with the binary of BASE (git
# main unless given) and with the work tree's, speaks each line said with
# espeak-ng at its default 175 words a minute, and prints the seconds of
# each line, the total and the mean a move. Then the new reading commands
# (r, v, a, b, m, t), which BASE lacks, after the game.
#
#   internal/reader/testdata/speechcost.sh [BASE]
#
# Needs espeak-ng (Debian: apt-get install espeak-ng), git and go; it is
# not part of make test.
set -eu
base=${1:-main}
command -v espeak-ng >/dev/null || { echo "speechcost: espeak-ng is missing (apt-get install espeak-ng)" >&2; exit 1; }
top=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir "$tmp/base"
git -C "$top" archive "$base" | tar -x -C "$tmp/base"
(cd "$tmp/base" && go build -o "$tmp/old" ./cmd/minesweeper)
(cd "$top" && go build -o "$tmp/new" ./cmd/minesweeper)

# The game: beginner, seed 1, won in 25 commands.
moves='o 5 5
x
f 4 1
f 7 3
f 1 4
o 1 5
o 1 6
f 3 7
j
l
x
k
h
o 6 8
o 4 8
o 3 8
f 5 8
f 7 8
f 7 9
x
o 1 9
h
o 4 9
l
o 5 9'
reads='r 8
v 1
a 5 5
b
m
t'

# play BIN INPUT: the lines BIN says to INPUT, one a line, without the
# line that sums the game up at the end.
play() {
	mkdir -p "$tmp/home"
	rm -rf "$tmp/home/"*
	printf '%s\nq\n' "$2" | MINESWEEPER_HOME="$tmp/home" "$1" -reader -seed 1 -level beginner 2>/dev/null |
		grep -v '^Quit after \|^You win in '
}

# secs TEXT: the seconds espeak-ng takes to say TEXT (22050 Hz, 16-bit
# mono: 44100 bytes a second after the 44 of the header).
secs() {
	printf '%s\n' "$1" | espeak-ng --stdin -w "$tmp/say.wav"
	echo $(( $(wc -c <"$tmp/say.wav") - 44 )) | awk '{ printf "%.1f", $1 / 44100 }'
}

play "$tmp/old" "$moves" >"$tmp/old.txt"
play "$tmp/new" "$moves
$reads" >"$tmp/new.txt"

printf '%-7s %6s %6s  %s\n' command base new "new line (base line)"
total_old=0 total_new=0 n=0
{
	echo "(start)"
	printf '%s\n' "$moves"
} >"$tmp/cmds.txt"
i=0
while IFS= read -r cmd; do
	i=$((i + 1))
	old=$(sed -n "${i}p" "$tmp/old.txt")
	new=$(sed -n "${i}p" "$tmp/new.txt")
	so=$(secs "$old")
	sn=$(secs "$new")
	printf '%-7s %6s %6s  %s (%s)\n' "$cmd" "$so" "$sn" "$new" "$old"
	total_old=$(echo "$total_old $so" | awk '{ print $1 + $2 }')
	total_new=$(echo "$total_new $sn" | awk '{ print $1 + $2 }')
	n=$((n + 1))
done <"$tmp/cmds.txt"
moves_n=$((n - 1))
printf '%-7s %6s %6s  seconds of speech, the first line and %d commands\n' total "$total_old" "$total_new" "$moves_n"
echo "$total_old $total_new $n" | awk '{ printf "%-7s %6.2f %6.2f  seconds a line\n", "mean", $1 / $3, $2 / $3 }'

echo
echo "new reading commands, after the game (base has none):"
i=$((n))
printf '%s\n' "$reads" | while IFS= read -r cmd; do
	i=$((i + 1))
	text=$(sed -n "${i}p" "$tmp/new.txt")
	if [ "$cmd" = b ]; then # the board: as many lines as rows said
		text=$(sed -n "${i},\$p" "$tmp/new.txt" | grep '^rows\? ')
		i=$((i + $(printf '%s\n' "$text" | wc -l) - 1))
	fi
	printf '%-7s %6s  %s\n' "$cmd" "$(secs "$text")" "$(printf '%s' "$text" | tr '\n' '/')"
done
