// Package solver plays Minesweeper from what a player sees: it infers which
// closed cells are certainly safe or certainly mines, the exact probability
// that each closed cell holds a mine, and chooses the cell to open next.
//
// The solver's input is a View, which holds the board's size, its mine count
// and the player's tiles, and nothing else: it cannot reveal a mine.
//
// # Inference
//
// Closed cells next to open numbers (the frontier) are grouped into boxes,
// cells next to exactly the same numbers, since only how many mines a box
// holds matters; boxes connected through shared numbers form independent
// components. Each component's solutions are enumerated by backtracking over
// its boxes, in an order that closes numbers early, with every number's
// bounds checked as boxes are assigned; for each mine count k the search
// records the number of solutions and the mines each box holds in them.
// The components are then combined by mine count with the ways to put the
// remaining mines in the cells next to no number, C(outside, mines-m),
// computed in log space relative to the largest term, so nothing overflows
// on any board. Certainties are tracked with booleans beside the weights,
// never read off floating-point zeros. That combination takes time and
// memory in proportion to the components times the range of their total,
// the square of the board on boards of many small components, so it is
// bounded by a few table entries per cell: past that, components whose
// mine count is fixed are left out of it, since they only shift the total,
// and past that again each component is weighed on its own, its solutions
// with k mines by x^k, x the odds of a mine elsewhere, chosen so that the
// mines expected add up to the board's. The probabilities are then
// estimates, and the analysis says so, while the certainties stay sound:
// they come from each component's own solutions with a number of mines
// that bounds on the other parts' mines allow.
//
// A component whose search exceeds the node budget falls back to reasoning
// on single numbers and pairs of numbers, which is sound, and to estimated
// probabilities; a move's work is bounded in all.
//
// # Moves
//
// A certainly safe cell is opened first, the one most likely to show a zero.
// With none, a 50/50 that no move can ever resolve (a pair of cells holding
// one mine, or a chain of such pairs, that every cell around sees alike
// either way) is guessed at once; when
// at most 4,096 layouts fit the view, the whole game tree is searched for
// the move with the best chance to win, within a bound on its work: a
// position is the list of layouts still possible, positions reached by two
// orders of play are searched once, a safe cell that tells layouts apart
// is opened at once, a dead cell (whose number is known in advance) only
// when all are, and a cell is dropped as soon as the chances to be safe of
// the positions its numbers lead to show it cannot beat the best found.
// Otherwise, or when that bound is reached, guesses are looked ahead: for
// each number a guess may show, the position is analysed again. A guess is
// worth its secondary safety, the key of DavidNHill's solver: number by
// number, the chance to show that number times how safe the view it leaves
// is, a view being as safe as a blend of its two safest cells (four parts
// to one), cells whose number is known in advance (dead) left out, with a
// tiny weight for the chance to make another cell certainly safe. Each is
// credited with its long-term risk: nine tenths of the chance that a 50/50
// no opening can resolve forms through it (two cells side by side or one
// above the other walled by mines or the board's edge, or four in a square
// walled at the corners), a guess that would have to be made sooner or
// later at even odds; a cell that is a mine only when such a 50/50 forms is
// guessed at once. The cells weighed are those of the frontier within a
// tenth of the best chance to be safe (or nearly so with their credit), and
// when the cells off the frontier are within a twentieth, those of them
// his solver looks at (next to the frontier or with at most three closed
// neighbours; all when fewer than 30): every one of them, the frontier's
// first, while the look-ahead's budget lasts. Exact ties are broken by a
// hash of the view and a seed (Solver.Reseed). When the look-ahead's
// budget does not reach one guess, the solver falls back on its earlier
// rule, where cells whose look-ahead problems are the same up to symmetry
// are analysed once: among the cells
// least likely to be mines, the one most likely to make another cell
// certainly safe, then the one expected to make the most cells safe, then
// the one whose number is least predictable (the PSEQ order of Tu et al.),
// or a cell likelier to be a mine when that raises the chance to survive
// this click and the next two by more than a point; that chance is
// computed for the safest cell and the four cells most likely to survive
// two clicks, with the next guess taken among the four safest after each
// number shown. A number that frees just one cell does not count as
// survived outright: that cell is opened in turn, for each number it may
// show, and the guess it may still leave is counted. The analyses of the look-ahead go through a bounded number of
// cells, and boards of more than 65,536 cells are not looked ahead at: the
// guess there is the cell least likely to be a mine. The first move is a
// corner, or with the opening rule the cell two steps in from one.
package solver
