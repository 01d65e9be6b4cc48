package main

import "io"

// runPlay is replaced by the full-screen game (issue 3).
func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int { return exitFailure }
