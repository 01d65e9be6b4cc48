module github.com/minesweeper-go/minesweeper

go 1.26.8

require (
	github.com/adrg/xdg v0.5.3
	github.com/gdamore/tcell/v2 v2.13.10
	github.com/gofrs/flock v0.13.2
	golang.org/x/term v0.37.0
	golang.org/x/text v0.31.0
)

require (
	github.com/gdamore/encoding v1.0.1 // indirect
	github.com/lucasb-eyer/go-colorful v1.3.0 // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	golang.org/x/sys v0.49.0 // indirect
)
