package clidoc

import (
	"fmt"
	"io"
	"strings"
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

// writeManFlags writes flags as .TP paragraphs.
func writeManFlags(w io.Writer, flags []Flag) {
	for _, f := range flags {
		if f.ValueName != "" {
			fmt.Fprintf(w, ".TP\n.BI \\-%s \" %s\"\n", roff(f.Name), roff(f.ValueName))
		} else {
			fmt.Fprintf(w, ".TP\n.B \\-%s\n", roff(f.Name))
		}
		text := f.Usage
		if f.Default != "" {
			text += fmt.Sprintf(" (default %s)", f.Default)
		}
		fmt.Fprintf(w, "%s\n", roff(text))
	}
}

// Key is what the man page says of a key or a mouse action.
type Key struct {
	Keys, Action string
	Mouse        bool // a mouse action, set in italics
}

// Page is what the man page minesweeper(6) is made from: the commands
// (the first, without a name, is the game's flags), the key tables and
// the line mode's commands.
type Page struct {
	Commands   []Command
	Keys       []Key // the game's
	ReplayKeys []Key // a replay's
	Lines      []Key // the line mode's commands (-reader), as its help says them
	// Server are the commands a client of minesweeper serve may run
	// (ssh -t HOST COMMAND).
	Server []Key
}

// WriteManPage writes the man page minesweeper(6) of p. make man writes it
// to cmd/minesweeper/minesweeper.6.
func WriteManPage(w io.Writer, p Page) {
	fmt.Fprint(w, `.\" minesweeper(6), made by make man from the program's tables: do not edit.
.TH MINESWEEPER 6 "" "minesweeper" "Games"
.SH NAME
minesweeper \- terminal Minesweeper, with a solver, a daily board and an SSH server
.SH SYNOPSIS
.B minesweeper
.RI [ flags ]
`)
	for _, c := range p.Commands[1:] {
		fmt.Fprintf(w, ".br\n.B minesweeper %s\n.RI [ flags ]", roff(c.Name))
		if c.Operands != "" {
			fmt.Fprintf(w, "\n%s", roff(c.Operands))
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
	writeManFlags(w, p.Commands[0].Flags)
	fmt.Fprint(w, ".SH COMMANDS\n")
	for _, c := range p.Commands[1:] {
		fmt.Fprintf(w, ".SS %s\n%s.\n", roff(c.Name), roff(c.About))
		writeManFlags(w, c.Flags)
	}
	keys := func(title string, docs []Key) {
		if title != "" { // "": the docs of the section begun
			fmt.Fprintf(w, ".SH %s\n", title)
		}
		for _, d := range docs {
			font := "B"
			if d.Mouse {
				font = "I"
			}
			fmt.Fprintf(w, ".TP\n.%s \"%s\"\n%s\n", font, strings.ReplaceAll(roff(d.Keys), `"`, `\(dq`), roff(d.Action))
		}
	}
	keys("KEYS", p.Keys)
	keys("REPLAY KEYS", p.ReplayKeys)
	fmt.Fprint(w, `.SH LINE MODE
With
.B \-reader
or
.BR TERM=dumb ,
the game is played in lines, for screen readers: a command a line, and
lines said for it.
Cells are column then row, counted from 1 at the top left; a command
given no cell or number acts at the cursor.
`)
	keys("LINE MODE COMMANDS", p.Lines)
	fmt.Fprint(w, `.SH SERVER COMMANDS
A client of
.B minesweeper serve
plays with
.BR "ssh \-t HOST" ,
or runs one of these commands with
.BR "ssh \-t HOST COMMAND" :
`)
	keys("", p.Server)
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
