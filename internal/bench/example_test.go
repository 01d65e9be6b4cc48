package bench_test

import (
	"fmt"

	"github.com/minesweeper-go/minesweeper/internal/bench"
)

func ExampleScore() {
	fmt.Println(bench.Score(true, 59, 350))  // won in fewer than 60 clicks
	fmt.Println(bench.Score(true, 60, 350))  // won in 60 clicks
	fmt.Println(bench.Score(false, 12, 137)) // lost with 137 cells open
	// Output:
	// 60
	// 59
	// 13.7
}

func ExampleWilson() {
	lo, hi := bench.Wilson(8843, 10000, 1.96)
	fmt.Printf("88.43%% (95%% CI %.2f%%–%.2f%%)\n", 100*lo, 100*hi)
	// Output:
	// 88.43% (95% CI 87.79%–89.04%)
}
