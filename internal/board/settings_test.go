package board

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestSettingsText checks the settings' text form, both ways, and their
// name for a person.
func TestSettingsText(t *testing.T) {
	tests := []struct {
		s          Settings
		text, desc string
	}{
		{Settings{Width: 30, Height: 16, Mines: 99, Rule: Opening}, "30x16n99 opening", "expert"},
		{Settings{Width: 30, Height: 16, Mines: 99, Rule: Opening, NoGuess: true}, "30x16n99 opening no-guess", "expert no-guess"},
		{Settings{Width: 9, Height: 9, Mines: 10, Rule: Safe}, "9x9n10 safe", "beginner safe"},
		{Settings{Width: 1, Height: 1, Mines: 1, Rule: Unsafe}, "1x1n1 unsafe", "1x1n1 unsafe"},
		{Settings{Width: 12, Height: 8, Mines: 0, Rule: Opening}, "12x8n0 opening", "12x8n0"}, {Settings{Width: 16, Height: 16, Mines: 40, Rule: Opening}, "16x16n40 opening", "intermediate"},
		// Settings that Check refuses are still named as they are.
		{Settings{Width: 9, Height: 9, Mines: 10, Rule: Safe, NoGuess: true}, "", "beginner safe no-guess"},
	}
	for _, tt := range tests {
		if got := tt.s.Name(); got != tt.desc {
			t.Errorf("%#v.Name() = %q; want %q", tt.s, got, tt.desc)
		}
		if tt.text == "" {
			continue
		}
		if got := tt.s.String(); got != tt.text {
			t.Errorf("%#v.String() = %q; want %q", tt.s, got, tt.text)
		}
		got, err := ParseSettings(tt.text)
		if err != nil || got != tt.s {
			t.Errorf("ParseSettings(%q) = %#v, %v; want %#v", tt.text, got, err, tt.s)
		}
	}
}

func TestParseSettingsErrors(t *testing.T) {
	tests := []struct {
		text, want string
	}{
		{"", "want WIDTHxHEIGHTnMINES"},
		{"30x16n99", "want WIDTHxHEIGHTnMINES"},
		{"30x16n99 opening no-guess extra", "want WIDTHxHEIGHTnMINES"},
		{"30x16n99 opening noguess", "want WIDTHxHEIGHTnMINES"},
		{"30x16 opening", "the size is not WIDTHxHEIGHTnMINES"},
		{"30y16n99 opening", "the size is not WIDTHxHEIGHTnMINES"},
		{"30x16nx opening", "the size is not WIDTHxHEIGHTnMINES"},
		{"30x16n99 lucky", `unknown first-click rule "lucky"`},
		{"0x16n0 opening", "board size must be at least 1x1"},
		{"30x16n472 opening", "mine count out of range: 472 mines on 30x16 with the opening first click (0 to 471)"},
		{"30x16n99 safe no-guess", "a no-guess board needs the opening first click"},
		{"99999999x99999999n0 unsafe", "board is larger than"},
	}
	for _, tt := range tests {
		_, err := ParseSettings(tt.text)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseSettings(%q) error = %v; want one containing %q", tt.text, err, tt.want)
		}
	}
}

// TestSettingsMarshalText checks that settings go to and from JSON as
// their text form, and that neither way lets invalid settings through.
func TestSettingsMarshalText(t *testing.T) {
	type line struct {
		Board Settings `json:"board"`
	}
	tests := []struct {
		s    Settings
		json string
	}{
		{Settings{Width: 30, Height: 16, Mines: 99, Rule: Opening}, `{"board":"30x16n99 opening"}`},
		{Settings{Width: 30, Height: 16, Mines: 99, Rule: Opening, NoGuess: true}, `{"board":"30x16n99 opening no-guess"}`},
		{Settings{Width: 9, Height: 9, Mines: 10, Rule: Safe}, `{"board":"9x9n10 safe"}`},
		{Settings{Width: 1, Height: 1, Mines: 1, Rule: Unsafe}, `{"board":"1x1n1 unsafe"}`},
	}
	for _, tt := range tests {
		text, err := tt.s.MarshalText()
		if err != nil || string(text) != tt.s.String() {
			t.Errorf("%#v.MarshalText() = %q, %v; want %q", tt.s, text, err, tt.s.String())
		}
		var got Settings
		if err := got.UnmarshalText([]byte(tt.s.String())); err != nil || got != tt.s {
			t.Errorf("UnmarshalText(%q) = %v, %#v; want %#v", tt.s.String(), err, got, tt.s)
		}
		data, err := json.Marshal(line{tt.s})
		if err != nil || string(data) != tt.json {
			t.Errorf("json.Marshal(%#v) = %s, %v; want %s", tt.s, data, err, tt.json)
		}
		var back line
		if err := json.Unmarshal([]byte(tt.json), &back); err != nil || back.Board != tt.s {
			t.Errorf("json.Unmarshal(%s) = %v, %#v; want %#v", tt.json, err, back.Board, tt.s)
		}
	}
}

// TestSettingsTextErrors checks that MarshalText refuses what Check
// refuses, and that UnmarshalText refuses what ParseSettings refuses and
// then leaves the settings as they were.
func TestSettingsTextErrors(t *testing.T) {
	bad := []Settings{
		{},
		{Width: 9, Height: 9, Mines: 82, Rule: Unsafe},
		{Width: 9, Height: 9, Mines: 10, Rule: Safe, NoGuess: true},
		{Width: 9, Height: 9, Mines: 10, Rule: FirstClick(3)},
	}
	for _, s := range bad {
		if text, err := s.MarshalText(); err == nil {
			t.Errorf("%#v.MarshalText() = %q, nil; want an error", s, text)
		}
	}
	before := Settings{Width: 9, Height: 9, Mines: 10, Rule: Opening}
	for _, text := range []string{"", "9x9n10", "9x9 opening", "9x9n82 opening", "9x9n10 safe no-guess", "9x9n10  opening  extra"} {
		got := before
		err := got.UnmarshalText([]byte(text))
		if _, want := ParseSettings(text); err == nil || err.Error() != want.Error() || got != before {
			t.Errorf("UnmarshalText(%q) = %v and settings %v; want %v and %v unchanged", text, err, got, want, before)
		}
	}
}

// FuzzParseSettings checks that ParseSettings never panics, that what it
// accepts is valid and prints back as a text it reads the same, and that
// UnmarshalText and MarshalText agree with it.
func FuzzParseSettings(f *testing.F) {
	for _, s := range []string{"30x16n99 opening", "9x9n10 safe no-guess", "1x1n0 unsafe", "x n ", "-1x2n3 opening",
		"30x16n99 opening no-guess", " 9x9n10\topening ", "9x9n82 unsafe", "+9x09n10 safe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParseSettings(text)
		var u Settings
		if uerr := u.UnmarshalText([]byte(text)); (uerr == nil) != (err == nil) || u != s {
			t.Fatalf("UnmarshalText(%q) = %v, %v; ParseSettings = %v, %v", text, uerr, u, err, s)
		}
		if err != nil {
			return
		}
		if err := s.Check(); err != nil {
			t.Fatalf("ParseSettings(%q) = %v, which Check refuses: %v", text, s, err)
		}
		back, err := ParseSettings(s.String())
		if err != nil || back != s {
			t.Fatalf("ParseSettings(%q) = %v; its text %q reads back as %v, %v", text, s, s.String(), back, err)
		}
		if m, err := s.MarshalText(); err != nil || string(m) != s.String() {
			t.Fatalf("%#v.MarshalText() = %q, %v; want %q", s, m, err, s.String())
		}
	})
}

// TestLayoutSeam checks that a board with a Layout lays the mines it
// returns, and refuses, leaving the board pending, mines that break the
// Layout's contract.
func TestLayoutSeam(t *testing.T) {
	s := Settings{Width: 5, Height: 4, Mines: 2, Rule: Opening}
	first := Point{0, 0}
	fixed := func(mines ...Point) Layout {
		return func(got Settings, at Point, rng *rand.Rand) ([]Point, error) {
			if got != s || at != first || rng == nil {
				t.Errorf("layout called with %v, %v, %v; want %v, %v and the board's source", got, at, rng, s, first)
			}
			return mines, nil
		}
	}
	failing := errors.New("no layout today")
	tests := []struct {
		name string
		lay  Layout
		want string // the error, or "" and then the board after the click
	}{
		{"lays its mines", fixed(Point{4, 3}, Point{3, 3}), ""},
		{"too few", fixed(Point{4, 3}), "the layout does not fit the board: 1 mines, want 2"},
		{"off the board", fixed(Point{4, 3}, Point{5, 3}), "mine (5,3) is off the board"},
		{"repeated", fixed(Point{4, 3}, Point{4, 3}), "mine (4,3) is repeated"},
		{"in the opening", fixed(Point{4, 3}, Point{1, 1}), "where the opening rule keeps mines out"},
		{"its own error", func(Settings, Point, *rand.Rand) ([]Point, error) { return nil, failing }, failing.Error()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := NewRandom(s, tt.lay, rand.New(rand.NewPCG(1, 2)))
			if err != nil {
				t.Fatal(err)
			}
			_, err = b.Reveal(first)
			if tt.want != "" {
				if err == nil || !strings.Contains(err.Error(), tt.want) {
					t.Fatalf("Reveal error = %v; want one containing %q", err, tt.want)
				}
				if b.Started() || b.Tile(first) != TileClosed || strings.ContainsRune(b.String(), '*') {
					t.Errorf("after a refused layout the board is started %v:\n%v; want it pending and closed", b.Started(), b)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := "00000\n00000\n00122\n001FF\n" // won: the mines are flagged
			if got := b.String(); got != want {
				t.Errorf("board after the first click:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// TestLaidUsesLayout checks that Laid lays a board with its Layout too.
func TestLaidUsesLayout(t *testing.T) {
	s := Settings{Width: 5, Height: 4, Mines: 1, Rule: Opening}
	lay := func(Settings, Point, *rand.Rand) ([]Point, error) { return []Point{{4, 3}}, nil }
	b, err := NewRandom(s, lay, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	nb, err := b.Laid(Point{0, 0})
	if err != nil {
		t.Fatal(err)
	}
	if got := nb.Layout(); len(got) != 1 || got[0] != (Point{4, 3}) {
		t.Errorf("Laid's layout = %v; want [(4,3)]", got)
	}
	if got := nb.Settings(); got != s {
		t.Errorf("Laid's settings = %v; want %v", got, s)
	}
}

func TestNoGuessNeedsLayout(t *testing.T) {
	s := Settings{Width: 9, Height: 9, Mines: 10, Rule: Opening, NoGuess: true}
	if _, err := NewRandom(s, nil, rand.New(rand.NewPCG(1, 2))); err == nil {
		t.Error("NewRandom of no-guess settings without a layout succeeded; want an error")
	}
}

// TestCheckPoint checks which points lie on a board of settings.
func TestCheckPoint(t *testing.T) {
	s := Settings{Width: 9, Height: 4, Mines: 3, Rule: Opening}
	tests := []struct {
		p    Point
		want string // "" for on the board
	}{
		{Point{0, 0}, ""},
		{Point{8, 3}, ""},
		{Point{9, 0}, "column 9 is off the board (0 to 8)"},
		{Point{-1, 2}, "column -1 is off the board (0 to 8)"},
		{Point{3, 4}, "row 4 is off the board (0 to 3)"},
		{Point{3, -7}, "row -7 is off the board (0 to 3)"},
	}
	for _, tt := range tests {
		err := s.CheckPoint(tt.p)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("CheckPoint(%v) = %v; want nil", tt.p, err)
		case tt.want != "" && (err == nil || err.Error() != tt.want || !errors.Is(err, ErrOutOfBounds)):
			t.Errorf("CheckPoint(%v) = %v; want %q, wrapping ErrOutOfBounds", tt.p, err, tt.want)
		}
	}
}

func TestLevelNamed(t *testing.T) {
	tests := []struct {
		name string
		want string // "" for none
	}{
		{"beginner", "beginner"},
		{"Expert", "expert"},
		{"INTERMEDIATE", "intermediate"},
		{"eXpErT", "expert"},
		{"custom", ""},
		{"expert ", ""},
		{"", ""},
	}
	for _, tt := range tests {
		lv, ok := LevelNamed(tt.name)
		if got := lv.Name; got != tt.want || ok != (tt.want != "") {
			t.Errorf("LevelNamed(%q) = %q, %v; want %q, %v", tt.name, got, ok, tt.want, tt.want != "")
		}
	}
}
