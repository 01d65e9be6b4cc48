// Package clidoc writes the command line's documents, the man page and
// the shells' completion scripts, from the commands and their flag sets:
// the one definition of each flag, which the program parses, so that no
// document can say what the program does not do.
package clidoc

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// Flag is what the documents say of a flag.
type Flag struct {
	Name      string
	Usage     string   // the usage, without its value's name
	ValueName string   // the value's name in the usage ("file"), or ""
	Default   string   // the default, when it says something ("", false and 0 do not)
	About     string   // the usage's first clause, for a completion's menu
	Value     bool     // the flag takes a value (it is not a boolean)
	Values    []string // the values to offer, or nil
	File      bool     // the value is a file
	Dir       bool     // the value is a directory
}

// Command is what the documents say of a command: its name ("" for the
// program run without one), what it does, its flags, and its operands:
// their synopsis, and whether they are files or words to complete.
type Command struct {
	Name, About string
	Flags       []Flag
	Operands    string // what follows the flags in the synopsis: "< record", "[FILE|N]"
	Files       bool
	Words       []string
}

// Flags returns what the documents say of the flags of fs, in its order
// (sorted); values returns the values to offer for a flag, by its name,
// or nil.
func Flags(fs *flag.FlagSet, values func(name string) []string) []Flag {
	var flags []Flag
	fs.VisitAll(func(f *flag.Flag) {
		valueName, usage := flag.UnquoteUsage(f)
		fl := Flag{Name: f.Name, Usage: usage, ValueName: valueName, About: firstClause(usage), Values: values(f.Name)}
		if f.DefValue != "false" && f.DefValue != "0" {
			fl.Default = f.DefValue
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !b.IsBoolFlag() {
			fl.Value = true
		}
		fl.File, fl.Dir = valueName == "file", valueName == "directory"
		flags = append(flags, fl)
	})
	return flags
}

// firstClause returns usage up to its first colon, semicolon or
// parenthesis: "board preset" of "board preset: beginner (9x9...)".
func firstClause(usage string) string {
	if i := strings.IndexAny(usage, ":;("); i > 0 {
		usage = usage[:i]
	}
	return strings.TrimSpace(usage)
}

// Shells are the shells a completion script is written for, each with its
// writer.
var Shells = []struct {
	Name  string
	Write func(w io.Writer, cmds []Command)
}{
	{"bash", WriteBash},
	{"zsh", WriteZsh},
	{"fish", WriteFish},
}

// ShellNames returns the names of Shells.
func ShellNames() []string {
	names := make([]string, len(Shells))
	for i, s := range Shells {
		names[i] = s.Name
	}
	return names
}

// commandNames returns the names of the commands of specs.
func commandNames(specs []Command) []string {
	var names []string
	for _, s := range specs {
		if s.Name != "" {
			names = append(names, s.Name)
		}
	}
	return names
}

// dashed returns the flags' names with their dash: "-level -width".
func dashed(flags []Flag) string {
	names := make([]string, len(flags))
	for i, f := range flags {
		names[i] = "-" + f.Name
	}
	return strings.Join(names, " ")
}

// WriteBash writes the bash script: the function _minesweeper, bound to
// minesweeper with complete -F.
func WriteBash(w io.Writer, specs []Command) {
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
		fmt.Fprintf(w, "    %q)\n", s.Name)
		fmt.Fprintf(w, "        case $prev in\n")
		for _, f := range s.Flags {
			if !f.Value {
				continue
			}
			fmt.Fprintf(w, "        -%s|--%[1]s)\n", f.Name)
			switch {
			case f.Values != nil:
				fmt.Fprintf(w, "            COMPREPLY=($(compgen -W %q -- \"$cur\"))\n", strings.Join(f.Values, " "))
			case f.File:
				fmt.Fprintf(w, "            compopt -o filenames 2>/dev/null\n            COMPREPLY=($(compgen -f -- \"$cur\"))\n")
			case f.Dir:
				fmt.Fprintf(w, "            compopt -o filenames 2>/dev/null\n            COMPREPLY=($(compgen -d -- \"$cur\"))\n")
			}
			fmt.Fprintf(w, "            return\n            ;;\n")
		}
		fmt.Fprintf(w, "        esac\n")
		fmt.Fprintf(w, "        flags=%q\n", dashed(s.Flags))
		if s.Name == "" {
			fmt.Fprintf(w, "        words=%q\n", strings.Join(commandNames(specs), " "))
		}
		if s.Words != nil {
			fmt.Fprintf(w, "        words=%q\n", strings.Join(s.Words, " "))
		}
		if s.Files {
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

// WriteZsh writes the zsh script: the function _minesweeper, for a file
// _minesweeper in $fpath or for sourcing.
func WriteZsh(w io.Writer, specs []Command) {
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
		if s.Name != "" {
			fmt.Fprintf(w, "        %s\n", zshQuote(describeEscape(s.Name)+":"+describeEscape(s.About)))
		}
	}
	fmt.Fprintf(w, "    )\n    case $cmd in\n")
	for _, s := range specs {
		fmt.Fprintf(w, "    (%s)\n", zshQuote(s.Name))
		fmt.Fprintf(w, "        case $prev in\n")
		for _, f := range s.Flags {
			if !f.Value {
				continue
			}
			switch {
			case f.Values != nil:
				fmt.Fprintf(w, "        (-%[1]s|--%[1]s) compadd -- %s; return ;;\n", f.Name, strings.Join(f.Values, " "))
			case f.File:
				fmt.Fprintf(w, "        (-%[1]s|--%[1]s) _files; return ;;\n", f.Name)
			case f.Dir:
				fmt.Fprintf(w, "        (-%[1]s|--%[1]s) _files -/; return ;;\n", f.Name)
			default:
				fmt.Fprintf(w, "        (-%[1]s|--%[1]s) _message %s; return ;;\n", f.Name, zshQuote(f.About))
			}
		}
		fmt.Fprintf(w, "        esac\n        flags=(\n")
		for _, f := range s.Flags {
			fmt.Fprintf(w, "            %s\n", zshQuote(describeEscape("-"+f.Name)+":"+describeEscape(f.About)))
		}
		fmt.Fprintf(w, "        )\n")
		fmt.Fprintf(w, "        if [[ $PREFIX == -* ]]; then\n            _describe -t flags flag flags\n")
		switch {
		case s.Name == "":
			fmt.Fprintf(w, "        else\n            _describe -t commands command cmds\n")
		case s.Files:
			fmt.Fprintf(w, "        else\n            _files\n")
		case s.Words != nil:
			fmt.Fprintf(w, "        else\n            compadd -- %s\n", strings.Join(s.Words, " "))
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

// WriteFish writes the fish script: complete commands, one a flag, a
// command or a command's operands.
func WriteFish(w io.Writer, specs []Command) {
	fmt.Fprint(w, `# fish completion for minesweeper; made by minesweeper completion fish.
# Keep it as ~/.config/fish/completions/minesweeper.fish

complete -c minesweeper -f
`)
	for _, s := range specs {
		cond := "__fish_use_subcommand"
		if s.Name != "" {
			cond = "__fish_seen_subcommand_from " + s.Name
			fmt.Fprintf(w, "complete -c minesweeper -n __fish_use_subcommand -a %s -d %s\n", s.Name, fishQuote(s.About))
		}
		for _, f := range s.Flags {
			line := fmt.Sprintf("complete -c minesweeper -n %s -o %s -d %s", fishQuote(cond), f.Name, fishQuote(f.About))
			switch {
			case f.Values != nil:
				line += fmt.Sprintf(" -x -a %s", fishQuote(strings.Join(f.Values, " ")))
			case f.File:
				line += " -r -F"
			case f.Dir:
				line += " -x -a '(__fish_complete_directories)'"
			case f.Value:
				line += " -x"
			}
			fmt.Fprintln(w, line)
		}
		switch {
		case s.Files:
			fmt.Fprintf(w, "complete -c minesweeper -n %s -F\n", fishQuote(cond))
		case s.Words != nil:
			fmt.Fprintf(w, "complete -c minesweeper -n %s -a %s\n", fishQuote(cond), fishQuote(strings.Join(s.Words, " ")))
		}
	}
}
