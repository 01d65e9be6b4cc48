package main

import "io"

// runSolve and runBench are replaced by the solver's tools (issue 4).
func runSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int { return exitFailure }
func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) int { return exitFailure }
