package solver

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

func TestGuessed(t *testing.T) {
	tests := []struct {
		name  string
		rule  board.FirstClick
		view  string
		mines int
		want  bool
	}{
		{"the safe cell of 1-2-1", board.Unsafe, "###\n121\n000", 2, false},
		{"a safe cell from the mine count", board.Unsafe, "#1##", 1, false},
		{"flags are closed cells", board.Unsafe, "F#F\n121\n000", 2, false},
		{"a 50/50", board.Unsafe, "##\n11\n00", 1, true},
		{"a 50/50 whatever the rule", board.Opening, "##\n11\n00", 1, true},
		{"no cell certainly safe", board.Safe, "1#\n##", 1, true},
		{"first move, unsafe", board.Unsafe, "####\n####\n####", 3, true},
		{"first move, unsafe, no mine", board.Unsafe, "####\n####\n####", 0, false},
		{"first move, safe", board.Safe, "####\n####\n####", 3, false},
		{"first move, opening", board.Opening, "####\n####\n####", 3, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := parseView(t, tt.view, tt.mines)
			s := New(Options{Rule: tt.rule})
			p, err := s.Next(v)
			if err != nil {
				t.Fatalf("Next: %v", err)
			}
			if got := s.Guessed(); got != tt.want {
				t.Errorf("Next = %v, then Guessed() = %v; want %v\n%s", p, got, tt.want, viewString(v))
			}
		})
	}
}

// TestGuessedAfterEachMove checks that Guessed speaks of the last move
// only: false before any, false after a safe move that follows a guess,
// and false after Next found no move or a view that no layout fits.
func TestGuessedAfterEachMove(t *testing.T) {
	s := New(Options{})
	if s.Guessed() {
		t.Errorf("Guessed() before any move = true; want false")
	}
	steps := []struct {
		view  string
		mines int
		want  bool
	}{
		{"##\n11\n00", 1, true},
		{"###\n121\n000", 2, false},
		{"##\n11\n00", 1, true},
		{"###\n#8#\n###", 1, false}, // no layout fits: ErrInconsistent
		{"##\n11\n00", 1, true},
		{"01\n01", 0, false}, // no closed cell: ErrNoMove
	}
	for k, st := range steps {
		v := parseView(t, st.view, st.mines)
		p, err := s.Next(v)
		if err != nil && err != ErrNoMove && !errors.Is(err, ErrInconsistent) {
			t.Fatalf("move %d: Next: %v", k+1, err)
		}
		if got := s.Guessed(); got != st.want {
			t.Errorf("move %d: Next = %v, %v, then Guessed() = %v; want %v\n%s", k+1, p, err, got, st.want, viewString(v))
		}
	}
}

// TestGuessedMatchesBruteForce checks Guessed on small random views
// against every layout that fits them: a move is a guess exactly when the
// view has no cell that every layout leaves free of mines, and a move that
// is not a guess is such a cell.
func TestGuessedMatchesBruteForce(t *testing.T) {
	withoutRace(t)
	rng := rand.New(rand.NewPCG(12, 7))
	s := New(Options{})
	checked, guesses := 0, 0
	for c := range 300 {
		w, h := 3+rng.IntN(3), 3+rng.IntN(3)
		mines := 1 + rng.IntN(w*h/3)
		v, _ := randomView(t, rng, w, h, mines, 1+rng.IntN(3))
		if closed := closedCells(v); closed > 20 || closed == 0 {
			continue
		}
		prob, _ := bruteProbs(v)
		anySafe := false
		for i, tl := range v.tiles {
			if tl < 0 && prob[i] == 0 {
				anySafe = true
			}
		}
		s.Reseed(uint64(c))
		p, err := s.Next(v)
		if err != nil {
			t.Fatalf("case %d: Next: %v\n%s", c, err, viewString(v))
		}
		got := s.Guessed()
		if got == anySafe {
			t.Errorf("case %d: Next = %v, Guessed() = %v; want %v (a cell certainly safe: %v)\n%s", c, p, got, !anySafe, anySafe, viewString(v))
		}
		if !got && prob[p.Y*w+p.X] != 0 {
			t.Errorf("case %d: Next = %v, not a guess, but a mine in %v of the layouts\n%s", c, p, prob[p.Y*w+p.X], viewString(v))
		}
		checked++
		if got {
			guesses++
		}
	}
	if checked < 100 || guesses == 0 || guesses == checked {
		t.Errorf("%d views checked, %d of them guesses; want at least 100, with and without a guess", checked, guesses)
	}
}

// TestGuessedNeverLoses plays random games: a move that is not a guess
// never opens a mine, so every game lost ends on a guess.
func TestGuessedNeverLoses(t *testing.T) {
	withoutRace(t)
	for _, rule := range []board.FirstClick{board.Unsafe, board.Safe, board.Opening} {
		s := New(Options{Rule: rule})
		lost, guessed := 0, 0
		for i := range 100 {
			b, err := board.NewRandom(board.Settings{Width: 9, Height: 9, Mines: 10, Rule: rule}, nil, rand.New(rand.NewPCG(5, uint64(i))))
			if err != nil {
				t.Fatal(err)
			}
			var buf []board.Tile
			for b.Status() == board.Playing {
				buf = b.Tiles(buf)
				v, err := NewView(b.Width(), b.Height(), b.Mines(), buf)
				if err != nil {
					t.Fatal(err)
				}
				p, err := s.Next(v)
				if err != nil {
					t.Fatalf("%v game %d: Next: %v", rule, i, err)
				}
				guess := s.Guessed()
				if guess {
					guessed++
				}
				if _, err := b.Reveal(p); err != nil {
					t.Fatalf("%v game %d: Reveal(%v): %v", rule, i, p, err)
				}
				if b.Status() == board.Lost {
					lost++
					if !guess {
						t.Errorf("%v game %d: lost at %v, a move that was not a guess\n%s", rule, i, p, b)
					}
				}
			}
		}
		if lost == 0 || guessed < lost {
			t.Errorf("%v: %d games lost, %d guesses; want some lost, each on a guess", rule, lost, guessed)
		}
	}
}
