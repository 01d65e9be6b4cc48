package main

import (
	"flag"
	"io"
	"strings"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/clidoc"
	"github.com/minesweeper-go/minesweeper/internal/flagvalue"
	"github.com/minesweeper-go/minesweeper/internal/ui/theme"
)

// completionFlags returns the flags of minesweeper completion: none.
func completionFlags() *flag.FlagSet {
	return flag.NewFlagSet("minesweeper completion", flag.ContinueOnError)
}

// runCompletion is "minesweeper completion SHELL": the completion script
// of the shell on standard output, made from commands() and each
// command's flags.
func runCompletion(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := completionFlags()
	names := strings.Join(clidoc.ShellNames(), ", ")
	if code, done := flagvalue.ParseArgs(fs, args, stdout, stderr, usageText(fs, help("completion"))); done {
		return code
	}
	fail := complainer(stderr, fs.Name(), exitUsage)
	switch {
	case fs.NArg() == 0:
		return fail("which shell? (want %s)", names)
	case fs.NArg() > 1:
		return fail("unexpected argument %q (want one shell)", fs.Arg(1))
	}
	for _, s := range clidoc.Shells {
		if s.Name == fs.Arg(0) {
			s.Write(stdout, docCommands())
			return exitOK
		}
	}
	return fail("unknown shell %q (want %s)", fs.Arg(0), names)
}

// docCommands returns what the documents say of the game and of every
// command, in the usage's order: the game first, without a name.
func docCommands() []clidoc.Command {
	cmds := []clidoc.Command{{About: "play in the terminal", Flags: clidoc.Flags(gameFlags(), flagValues)}}
	for _, c := range commands() {
		dc := clidoc.Command{Name: c.name, About: c.short, Flags: clidoc.Flags(c.flags(), flagValues), Operands: c.operands, Files: c.files}
		if c.name == "completion" {
			dc.Words = clidoc.ShellNames()
		}
		cmds = append(cmds, dc)
	}
	return cmds
}

// flagValues returns the values a completion offers for the flag named
// name, whatever the command: the lists the flags' checks use.
func flagValues(name string) []string {
	switch name {
	case "level":
		var names []string
		for _, lv := range board.Levels {
			names = append(names, lv.Name)
		}
		return names
	case "theme":
		return theme.Names()
	case "first-click":
		var names []string
		for _, r := range board.FirstClicks {
			names = append(names, r.String())
		}
		return names
	}
	return nil
}
