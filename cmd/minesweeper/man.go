package main

import (
	"github.com/minesweeper-go/minesweeper/internal/clidoc"
	"github.com/minesweeper-go/minesweeper/internal/reader"
	"github.com/minesweeper-go/minesweeper/internal/serve"
	uikeys "github.com/minesweeper-go/minesweeper/internal/ui/keys"
)

// manPage returns what the man page minesweeper(6) is made from: the
// tables the help and the README are made from, commands(), each
// command's flags, the ui's key tables and the line mode's commands, the
// table its help is made from, and the server's commands (see
// clidoc.WriteManPage).
func manPage() clidoc.Page {
	keys := func(docs []uikeys.Doc) []clidoc.Key {
		ks := make([]clidoc.Key, len(docs))
		for i, d := range docs {
			ks[i] = clidoc.Key{Keys: d.Keys, Action: d.Action, Mouse: d.Mouse}
		}
		return ks
	}
	lines := make([]clidoc.Key, len(reader.Docs))
	for i, d := range reader.Docs {
		lines[i] = clidoc.Key{Keys: d.Say, Action: d.Does}
	}
	server := make([]clidoc.Key, len(serve.CommandDocs))
	for i, c := range serve.CommandDocs {
		server[i] = clidoc.Key{Keys: c.Use, Action: c.Does}
	}
	return clidoc.Page{Commands: docCommands(), Keys: keys(uikeys.Help()), ReplayKeys: keys(uikeys.ReplayHelp()), Lines: lines, Server: server}
}
