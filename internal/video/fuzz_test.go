package video

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fuzzFormat fuzzes the reader of format f, with the sample videos of
// extension ext as the seed corpus: it never panics, an error is one
// line, and a video it returns holds to the bounds, plays, and, when EVF
// holds it, is read back from WriteEVF with as many moves.
func fuzzFormat(f *testing.F, format Format, ext string) {
	files, err := filepath.Glob("testdata/*" + ext)
	if err != nil {
		f.Fatal(err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Parse(data, format)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Errorf("Parse = %q; want one line", err)
			}
			return
		}
		if v.Width < 1 || v.Height < 1 || v.Width > MaxSide || v.Height > MaxSide || len(v.Mines) > v.Width*v.Height {
			t.Fatalf("Parse = %dx%d with %d mines; want within the bounds", v.Width, v.Height, len(v.Mines))
		}
		if len(v.Events) > MaxEvents {
			t.Fatalf("Parse = %d events; want at most %d", len(v.Events), MaxEvents)
		}
		if _, err := v.Play(); err != nil {
			t.Fatalf("Play: %v", err)
		}
		// A video that EVF holds is read back from it, its moves the same.
		if b, err := evfBytes(v); err == nil {
			back, err := Parse(b, EVF)
			if err != nil {
				t.Fatalf("Parse(WriteEVF) = %v", err)
			}
			if got, want := len(back.Moves()), len(v.Moves()); got != want {
				t.Fatalf("Parse(WriteEVF) makes %d moves; want %d", got, want)
			}
		}
	})
}

func FuzzAVF(f *testing.F)   { fuzzFormat(f, AVF, ".avf") }
func FuzzRMV(f *testing.F)   { fuzzFormat(f, RMV, ".rmv") }
func FuzzEVF(f *testing.F)   { fuzzFormat(f, EVF, ".evf") }
func FuzzMVF(f *testing.F)   { fuzzFormat(f, MVF, ".mvf") }
func FuzzRAWVF(f *testing.F) { fuzzFormat(f, RAWVF, ".rawvf") }
