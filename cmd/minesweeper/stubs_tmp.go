package main

import (
	"flag"
	"io"
)

func runSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int { return 1 }
func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) int { return 1 }
func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int  { return 1 }
func newPlayFlags(w io.Writer) *flag.FlagSet                                { return nil }
