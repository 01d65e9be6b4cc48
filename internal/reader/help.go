package reader

import "strings"

// Doc is what the help says of a command of the line mode: what is typed
// and what it does.
type Doc struct {
	Say, Does string
}

// Docs are the line mode's commands, in the order help says them: the
// help line (HelpLine, a sentence each) and the man page's LINE MODE
// COMMANDS are made from them.
var Docs = []Doc{
	{"o 4 7, or 4 7", "opens column 4 row 7; on an open number, chords"},
	{"f 4 7", "flags; again: question mark, then none"},
	{"c 4 7", "chords an open number"},
	{"r 3", "reads row 3, runs of cells counted"},
	{"v 4", "reads column 4, top to bottom"},
	{"a 4 7, or x", "reads a cell and the cells around it"},
	{"b", "reads the whole board, row by row"},
	{"m", "the mines left; after the end, where the mines were and which flags were wrong"},
	{"t", "the time"},
	{"i, or stats", "the statistics of this kind of board, a line each"},
	{"stats plot", "the plots of the records, as numbers: games a day, time against 3BV, the best time of each month"},
	{"h j k l", "move the cursor left, down, up, right"},
	{"s", "hints and says why"},
	{"u", "undoes"},
	{"n", "new game; twice in a game, it counts as a loss"},
	{"q", "quits, the game saved"},
	{"?", "this help"},
}

// HelpLine is the line "?" says: how cells are counted, then each of
// Docs. Without a cell or a number, a command acts at the cursor.
var HelpLine = helpLine()

// helpLine writes HelpLine.
func helpLine() string {
	parts := make([]string, len(Docs))
	for i, d := range Docs {
		parts[i] = d.Say + ": " + d.Does
	}
	return "cells are column then row, from 1 at top left; without one, at the cursor. " + strings.Join(parts, ". ")
}
