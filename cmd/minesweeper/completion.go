package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/flagvalue"
	"github.com/minesweeper-go/minesweeper/internal/ui"
)

// shells are the shells minesweeper completion writes a script for, each
// with its writer.
var shells = []struct {
	name  string
	write func(w io.Writer, cmds []cmdSpec)
}{
	{"bash", writeBash},
	{"zsh", writeZsh},
	{"fish", writeFish},
}

// shellNames returns the names of shells.
func shellNames() []string {
	names := make([]string, len(shells))
	for i, s := range shells {
		names[i] = s.name
	}
	return names
}

// completionFlags returns the flags of minesweeper completion: none.
func completionFlags() *flag.FlagSet {
	return flag.NewFlagSet("minesweeper completion", flag.ContinueOnError)
}

// runCompletion is "minesweeper completion SHELL": the completion script
// of the shell on standard output, made from commands() and each
// command's flags.
func runCompletion(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := completionFlags()
	names := strings.Join(shellNames(), ", ")
	if code, done := flagvalue.ParseArgs(fs, args, stdout, stderr, usageText(fs, `Usage: minesweeper completion bash|zsh|fish

Prints the completion script of the shell: the commands, each command's
flags, the values of -level, -theme and -first-click, and file names
where a command takes a file. Load it for the session with
	source <(minesweeper completion bash)
or keep it where the shell looks (see the README's Install).
`)); done {
		return code
	}
	fail := complainer(stderr, fs.Name(), exitUsage)
	switch {
	case fs.NArg() == 0:
		return fail("which shell? (want %s)", names)
	case fs.NArg() > 1:
		return fail("unexpected argument %q (want one shell)", fs.Arg(1))
	}
	for _, s := range shells {
		if s.name == fs.Arg(0) {
			s.write(stdout, completionSpecs())
			return exitOK
		}
	}
	return fail("unknown shell %q (want %s)", fs.Arg(0), names)
}

// flagSpec is what a completion knows of a flag.
type flagSpec struct {
	name   string
	about  string   // the usage's first clause
	value  bool     // the flag takes a value (it is not a boolean)
	values []string // the values to offer, or nil
	file   bool     // the value is a file
	dir    bool     // the value is a directory
}

// cmdSpec is what a completion knows of a command: its name ("" for the
// game), what it does, its flags, and its operands: files, or words.
type cmdSpec struct {
	name, about string
	flags       []flagSpec
	files       bool
	words       []string
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
		return ui.ThemeNames()
	case "first-click":
		var names []string
		for _, r := range board.FirstClicks {
			names = append(names, r.String())
		}
		return names
	}
	return nil
}

// flagSpecs returns the specs of the flags of fs, in its order (sorted).
func flagSpecs(fs *flag.FlagSet) []flagSpec {
	var specs []flagSpec
	fs.VisitAll(func(f *flag.Flag) {
		valueName, usage := flag.UnquoteUsage(f)
		s := flagSpec{name: f.Name, about: firstClause(usage), values: flagValues(f.Name)}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !b.IsBoolFlag() {
			s.value = true
		}
		s.file, s.dir = valueName == "file", valueName == "directory"
		specs = append(specs, s)
	})
	return specs
}

// firstClause returns usage up to its first colon, semicolon or
// parenthesis: "board preset" of "board preset: beginner (9x9...)".
func firstClause(usage string) string {
	if i := strings.IndexAny(usage, ":;("); i > 0 {
		usage = usage[:i]
	}
	return strings.TrimSpace(usage)
}

// completionSpecs returns the specs of the game and of every command, in
// the usage's order.
func completionSpecs() []cmdSpec {
	specs := []cmdSpec{{about: "play in the terminal", flags: flagSpecs(gameFlags())}}
	for _, c := range commands() {
		s := cmdSpec{name: c.name, about: c.short, flags: flagSpecs(c.flags()), files: c.files}
		if c.name == "completion" {
			s.words = shellNames()
		}
		specs = append(specs, s)
	}
	return specs
}

// commandNames returns the names of the commands of specs.
func commandNames(specs []cmdSpec) []string {
	var names []string
	for _, s := range specs {
		if s.name != "" {
			names = append(names, s.name)
		}
	}
	return names
}

// dashed returns the flags' names with their dash: "-level -width".
func dashed(flags []flagSpec) string {
	names := make([]string, len(flags))
	for i, f := range flags {
		names[i] = "-" + f.name
	}
	return strings.Join(names, " ")
}

// writeBash writes the bash script: the function _minesweeper, bound to
// minesweeper with complete -F.
func writeBash(w io.Writer, specs []cmdSpec) {
	fmt.Fprintf(w, `# bash completion for minesweeper; made by minesweeper completion bash.
# source <(minesweeper completion bash), or keep it as
# ~/.local/share/bash-completion/completions/minesweeper

_minesweeper() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd= i
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in
        %s)
            cmd=${COMP_WORDS[i]}
            break
            ;;
        esac
    done
    local flags= words= files=
    case $cmd in
`, strings.Join(commandNames(specs), "|"))
	for _, s := range specs {
		fmt.Fprintf(w, "    %q)\n", s.name)
		fmt.Fprintf(w, "        case $prev in\n")
		for _, f := range s.flags {
			if !f.value {
				continue
			}
			fmt.Fprintf(w, "        -%s|--%[1]s)\n", f.name)
			switch {
			case f.values != nil:
				fmt.Fprintf(w, "            COMPREPLY=($(compgen -W %q -- \"$cur\"))\n", strings.Join(f.values, " "))
			case f.file:
				fmt.Fprintf(w, "            compopt -o filenames 2>/dev/null\n            COMPREPLY=($(compgen -f -- \"$cur\"))\n")
			case f.dir:
				fmt.Fprintf(w, "            compopt -o filenames 2>/dev/null\n            COMPREPLY=($(compgen -d -- \"$cur\"))\n")
			}
			fmt.Fprintf(w, "            return\n            ;;\n")
		}
		fmt.Fprintf(w, "        esac\n")
		fmt.Fprintf(w, "        flags=%q\n", dashed(s.flags))
		if s.name == "" {
			fmt.Fprintf(w, "        words=%q\n", strings.Join(commandNames(specs), " "))
		}
		if s.words != nil {
			fmt.Fprintf(w, "        words=%q\n", strings.Join(s.words, " "))
		}
		if s.files {
			fmt.Fprintf(w, "        files=1\n")
		}
		fmt.Fprintf(w, "        ;;\n")
	}
	fmt.Fprint(w, `    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$flags" -- "$cur"))
    elif [[ -n $files ]]; then
        compopt -o filenames 2>/dev/null
        COMPREPLY=($(compgen -f -- "$cur"))
    else
        COMPREPLY=($(compgen -W "$words" -- "$cur"))
    fi
}
complete -F _minesweeper minesweeper
`)
}

// zshQuote quotes s for zsh in single quotes.
func zshQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// describeEscape escapes the colons of s for _describe's "name:about".
func describeEscape(s string) string { return strings.ReplaceAll(s, ":", `\:`) }

// writeZsh writes the zsh script: the function _minesweeper, for a file
// _minesweeper in $fpath or for sourcing.
func writeZsh(w io.Writer, specs []cmdSpec) {
	fmt.Fprintf(w, `#compdef minesweeper
# zsh completion for minesweeper; made by minesweeper completion zsh.
# Keep it as _minesweeper in a directory of $fpath, or source it after compinit.

_minesweeper() {
    local cmd= prev=${words[CURRENT-1]} i
    local -a flags cmds
    for ((i = 2; i < CURRENT; i++)); do
        case ${words[i]} in
        (%s)
            cmd=${words[i]}
            break
            ;;
        esac
    done
    cmds=(
`, strings.Join(commandNames(specs), "|"))
	for _, s := range specs {
		if s.name != "" {
			fmt.Fprintf(w, "        %s\n", zshQuote(describeEscape(s.name)+":"+describeEscape(s.about)))
		}
	}
	fmt.Fprintf(w, "    )\n    case $cmd in\n")
	for _, s := range specs {
		fmt.Fprintf(w, "    (%s)\n", zshQuote(s.name))
		fmt.Fprintf(w, "        case $prev in\n")
		for _, f := range s.flags {
			if !f.value {
				continue
			}
			switch {
			case f.values != nil:
				fmt.Fprintf(w, "        (-%[1]s|--%[1]s) compadd -- %s; return ;;\n", f.name, strings.Join(f.values, " "))
			case f.file:
				fmt.Fprintf(w, "        (-%[1]s|--%[1]s) _files; return ;;\n", f.name)
			case f.dir:
				fmt.Fprintf(w, "        (-%[1]s|--%[1]s) _files -/; return ;;\n", f.name)
			default:
				fmt.Fprintf(w, "        (-%[1]s|--%[1]s) _message %s; return ;;\n", f.name, zshQuote(f.about))
			}
		}
		fmt.Fprintf(w, "        esac\n        flags=(\n")
		for _, f := range s.flags {
			fmt.Fprintf(w, "            %s\n", zshQuote(describeEscape("-"+f.name)+":"+describeEscape(f.about)))
		}
		fmt.Fprintf(w, "        )\n")
		fmt.Fprintf(w, "        if [[ $PREFIX == -* ]]; then\n            _describe -t flags flag flags\n")
		switch {
		case s.name == "":
			fmt.Fprintf(w, "        else\n            _describe -t commands command cmds\n")
		case s.files:
			fmt.Fprintf(w, "        else\n            _files\n")
		case s.words != nil:
			fmt.Fprintf(w, "        else\n            compadd -- %s\n", strings.Join(s.words, " "))
		}
		fmt.Fprintf(w, "        fi\n        ;;\n")
	}
	fmt.Fprint(w, `    esac
}

if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
    _minesweeper "$@"
else
    compdef _minesweeper minesweeper
fi
`)
}

// fishQuote quotes s for fish in single quotes.
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// writeFish writes the fish script: complete commands, one a flag, a
// command or a command's operands.
func writeFish(w io.Writer, specs []cmdSpec) {
	fmt.Fprint(w, `# fish completion for minesweeper; made by minesweeper completion fish.
# Keep it as ~/.config/fish/completions/minesweeper.fish

complete -c minesweeper -f
`)
	for _, s := range specs {
		cond := "__fish_use_subcommand"
		if s.name != "" {
			cond = "__fish_seen_subcommand_from " + s.name
			fmt.Fprintf(w, "complete -c minesweeper -n __fish_use_subcommand -a %s -d %s\n", s.name, fishQuote(s.about))
		}
		for _, f := range s.flags {
			line := fmt.Sprintf("complete -c minesweeper -n %s -o %s -d %s", fishQuote(cond), f.name, fishQuote(f.about))
			switch {
			case f.values != nil:
				line += fmt.Sprintf(" -x -a %s", fishQuote(strings.Join(f.values, " ")))
			case f.file:
				line += " -r -F"
			case f.dir:
				line += " -x -a '(__fish_complete_directories)'"
			case f.value:
				line += " -x"
			}
			fmt.Fprintln(w, line)
		}
		switch {
		case s.files:
			fmt.Fprintf(w, "complete -c minesweeper -n %s -F\n", fishQuote(cond))
		case s.words != nil:
			fmt.Fprintf(w, "complete -c minesweeper -n %s -a %s\n", fishQuote(cond), fishQuote(strings.Join(s.words, " ")))
		}
	}
}
