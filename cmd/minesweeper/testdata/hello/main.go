// Command hello prints a line and exits: the small program
// BenchmarkStartup starts beside minesweeper.
package main

import "fmt"

func main() {
	fmt.Println("hello, world")
}
