package ui

import "github.com/gdamore/tcell/v2"

// SHIM: replaced by the ui-leaders branch.
func AskName(s tcell.Screen, prompt string, check func(string) error) (string, bool) { return "", false }
