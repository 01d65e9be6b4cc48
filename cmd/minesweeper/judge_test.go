package main

import (
	"strings"
	"testing"
)

// TestRunJudge drives "minesweeper judge" through run: the exit status and
// both streams. The judge's output itself is pinned by internal/judge's
// golden tests.
func TestRunJudge(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		stdin      string
		code       int
		stdout     string
		stderrLine string
	}{
		{"win", nil, "5 5 1 1\n0 0\n4 4\n", exitOK,
			"-1 1 0 0 0\n1 1 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\nYou win\n", ""},
		{"lose", nil, "4 5 1 2\n1 2\n3 0\n1 2\n", exitOK,
			"0 1 -1 1 0\n0 1 -1 1 0\n0 1 1 1 0\n0 0 0 0 0\n\nYou lose\n", ""},
		{"not an integer", nil, "4 5 1 2\n1 2\n3 0\n1 x\n", exitFailure, "",
			`minesweeper judge: line 4: click 2 of 2 (column): not an integer: "x"`},
		{"empty", nil, "", exitFailure, "",
			`minesweeper judge: empty input: want a record "rows columns mines clicks"`},
		{"ends early", nil, "4 5 1 2\n1 2\n3 0\n", exitFailure, "",
			"minesweeper judge: line 3: input ends early: want click 2 of 2 (row and column)"},
		{"byte order mark", nil, "\uFEFF5 5 1 1\n0 0\n4 4\n", exitOK,
			"-1 1 0 0 0\n1 1 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\nYou win\n", ""},
		{"NULs", nil, strings.Repeat("\x00", 100), exitFailure, "",
			`minesweeper judge: line 1: the number of rows: not an integer: "` + strings.Repeat(`\x00`, 64) + `"...`},
		{"too many mines for one cell", nil, "1 1 2 0\n", exitFailure, "",
			"minesweeper judge: line 1: 2 mines do not fit in 1 cell"},
		{"bad flag", []string{"-x"}, "", exitUsage, "",
			"minesweeper judge: flag provided but not defined: -x"},
		{"stray argument", []string{"file.txt"}, "", exitUsage, "",
			`minesweeper judge: unexpected argument "file.txt"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr strings.Builder
			code := run(append([]string{"judge"}, tt.args...), strings.NewReader(tt.stdin), &stdout, &stderr)
			if code != tt.code {
				t.Errorf("exit status = %d; want %d", code, tt.code)
			}
			if stdout.String() != tt.stdout {
				t.Errorf("stdout = %q; want %q", stdout.String(), tt.stdout)
			}
			wantErr := ""
			if tt.stderrLine != "" {
				wantErr = tt.stderrLine + "\n"
			}
			if stderr.String() != wantErr {
				t.Errorf("stderr = %q; want %q", stderr.String(), wantErr)
			}
		})
	}
}

func TestRunJudgeHelp(t *testing.T) {
	var stdout, stderr strings.Builder
	if code := run([]string{"judge", "-h"}, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Errorf("judge -h: exit status %d; want 0", code)
	}
	if !strings.HasPrefix(stdout.String(), "Usage: minesweeper judge") || stderr.Len() != 0 {
		t.Errorf("judge -h: stdout %q, stderr %q; want usage on stdout only", stdout.String(), stderr.String())
	}
}

func TestRunUnknownCommand(t *testing.T) {
	var stdout, stderr strings.Builder
	code := run([]string{"frobnicate"}, strings.NewReader(""), &stdout, &stderr)
	want := "minesweeper: unknown command \"frobnicate\" (run minesweeper -h for the list)\n"
	if code != exitUsage || stderr.String() != want || stdout.Len() != 0 {
		t.Errorf("run(frobnicate) = %d, stdout %q, stderr %q; want %d, \"\", %q", code, stdout.String(), stderr.String(), exitUsage, want)
	}
}
