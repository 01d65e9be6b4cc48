package local

import (
	"io"
	"os"

	"golang.org/x/term"

	"github.com/minesweeper-go/minesweeper/internal/kept"
	"github.com/minesweeper-go/minesweeper/internal/ui/remote"
)

// PlotView returns how stats -plot draws on stdout: as wide as its
// terminal (80x24 when it is none), in ASCII when asked or under a locale
// that is not UTF-8, and as sentences of numbers in the line mode
// (TERM=dumb).
func PlotView(stdout io.Writer, ascii bool) kept.PlotView {
	v := kept.PlotView{Width: 80, Height: 24, Lines: Lines(false)}
	if f, ok := stdout.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		if w, h, err := term.GetSize(int(f.Fd())); err == nil {
			v.Width, v.Height = w, h
		}
	}
	env := map[string]string{}
	for _, k := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		env[k] = os.Getenv(k)
	}
	v.ASCII = ascii || remote.ASCII(env)
	return v
}
