package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/minesweeper-go/minesweeper/internal/ui"
)

// roff escapes s for a line of roff text: a backslash, a minus (a hyphen
// would be), and a dot or a quote at the start of the line, which would
// make it a request.
func roff(s string) string {
	s = strings.NewReplacer(`\`, `\e`, "-", `\-`).Replace(s)
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}

// writeManFlags writes the flags of fs as .TP paragraphs.
func writeManFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		if name != "" {
			fmt.Fprintf(w, ".TP\n.BI \\-%s \" %s\"\n", roff(f.Name), roff(name))
		} else {
			fmt.Fprintf(w, ".TP\n.B \\-%s\n", roff(f.Name))
		}
		text := usage
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
			text += fmt.Sprintf(" (default %s)", f.DefValue)
		}
		fmt.Fprintf(w, "%s\n", roff(text))
	})
}

// writeManPage writes the man page minesweeper(6), made from the tables
// the help and the README are made from: commands(), each command's
// flags and the ui's key tables. make man writes it to cmd/minesweeper/minesweeper.6.
func writeManPage(w io.Writer) {
	fmt.Fprint(w, `.\" minesweeper(6), made by make man from the program's tables: do not edit.
.TH MINESWEEPER 6 "" "minesweeper" "Games"
.SH NAME
minesweeper \- terminal Minesweeper, with a solver, a daily board and an SSH server
.SH SYNOPSIS
.B minesweeper
.RI [ flags ]
`)
	for _, c := range commands() {
		fmt.Fprintf(w, ".br\n.B minesweeper %s\n.RI [ flags ]", roff(c.name))
		if c.operands != "" {
			fmt.Fprintf(w, "\n%s", roff(c.operands))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprint(w, `.SH DESCRIPTION
With no command,
.B minesweeper
plays in the terminal, with the keyboard and the mouse.
Every game has a seed, shown on screen and printed when the game ends,
so any game can be played again.
Run
.B minesweeper
.I COMMAND
.B \-h
for a command's usage.
.SH OPTIONS
The game's flags:
`)
	writeManFlags(w, gameFlags())
	fmt.Fprint(w, ".SH COMMANDS\n")
	for _, c := range commands() {
		fmt.Fprintf(w, ".SS %s\n%s.\n", roff(c.name), roff(c.short))
		writeManFlags(w, c.flags())
	}
	keys := func(title string, docs []ui.KeyDoc) {
		fmt.Fprintf(w, ".SH %s\n", title)
		for _, d := range docs {
			font := "B"
			if d.Mouse {
				font = "I"
			}
			fmt.Fprintf(w, ".TP\n.%s \"%s\"\n%s\n", font, strings.ReplaceAll(roff(d.Keys), `"`, `\(dq`), roff(d.Action))
		}
	}
	keys("KEYS", ui.KeyHelp())
	keys("REPLAY KEYS", ui.ReplayKeyHelp())
	fmt.Fprint(w, `.SH ENVIRONMENT
.TP
.B NO_COLOR
when set, the game draws without colours.
.TP
.B MINESWEEPER_HOME
the directory of the player's records.
.SH EXIT STATUS
0 on success, 1 on a failure, 2 on a usage error; a game ended by a signal,
128 plus the signal's number.
.SH SEE ALSO
The README of github.com/minesweeper\-go/minesweeper.
`)
}
