package board

import (
	"strings"
	"testing"
)

func TestMoveText(t *testing.T) {
	tests := []struct {
		m    Move
		text string
	}{
		{Move{Action: Open, At: Point{3, 4}}, "O3,4"},
		{Move{Action: Chord, At: Point{0, 0}}, "C0,0"},
		{Move{Action: Toggle, At: Point{29, 15}}, "F29,15"},
		{Move{Action: Open, At: Point{-1, 2}}, "O-1,2"},
	}
	for _, tt := range tests {
		got, err := tt.m.MarshalText()
		if err != nil || string(got) != tt.text {
			t.Errorf("%#v.MarshalText() = %q, %v; want %q", tt.m, got, err, tt.text)
		}
		var back Move
		if err := back.UnmarshalText([]byte(tt.text)); err != nil || back != tt.m {
			t.Errorf("UnmarshalText(%q) = %#v, %v; want %#v", tt.text, back, err, tt.m)
		}
		if s := tt.m.String(); s != tt.text {
			t.Errorf("String() = %q; want %q", s, tt.text)
		}
	}
}

func TestMoveTextErrors(t *testing.T) {
	for _, text := range []string{"", "O", "O3", "O3,", "X3,4", "O3;4", "Oa,4", "O3,4,5", "O+3,4", "o3,4"} {
		var m Move
		if err := m.UnmarshalText([]byte(text)); err == nil || !strings.Contains(err.Error(), "COLUMN,ROW") {
			t.Errorf("UnmarshalText(%q) = %v; want an error", text, err)
		}
	}
	if _, err := (Move{Action: 9}).MarshalText(); err == nil {
		t.Error("MarshalText of an unknown action succeeded")
	}
}

// FuzzMoveText checks that UnmarshalText never panics and that what it
// reads writes back as text it reads the same.
func FuzzMoveText(f *testing.F) {
	for _, s := range []string{"O3,4", "C0,0", "F29,15", "O-1,2", "X", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		var m Move
		if m.UnmarshalText([]byte(text)) != nil {
			return
		}
		b, err := m.MarshalText()
		if err != nil {
			t.Fatalf("%q read as %#v, which does not write: %v", text, m, err)
		}
		var back Move
		if err := back.UnmarshalText(b); err != nil || back != m {
			t.Fatalf("%q read as %#v, written %q, read back %#v, %v", text, m, b, back, err)
		}
	})
}
