//go:build !unix

package term

// savedTerminal would restore the terminal without the screen; where
// there is no /dev/tty it does nothing.
type savedTerminal struct{}

// saveTerminal returns nil: nothing is saved here.
func saveTerminal() *savedTerminal { return nil }

// restore does nothing.
func (*savedTerminal) restore() {}

// close does nothing.
func (*savedTerminal) close() {}
