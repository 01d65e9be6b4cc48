//go:build !unix

package ui

// suspendSelf does nothing where there is no job control.
func suspendSelf() {}
