package analyse

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/video"
)

// FuzzVideo analyses arbitrary bytes read as a video of any format, with
// the sample videos as the seed corpus: it never panics, an error is one
// line, each judged move has a verdict and its safest cell is no likelier
// a mine, and the report writes.
func FuzzVideo(f *testing.F) {
	files, err := filepath.Glob(filepath.Join(videos, "*.*"))
	if err != nil {
		f.Fatal(err)
	}
	for _, name := range files {
		if video.Detect(nil, name) == 0 {
			continue
		}
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := video.Read(bytes.NewReader(data), "")
		if err != nil {
			return
		}
		r, err := Video(context.Background(), v)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Errorf("Video = %q; want one line", err)
			}
			return
		}
		for _, m := range r.Moves {
			if m.Verdict < Forced || m.Verdict > Mistake || m.Mine < m.SafestMine-same {
				t.Errorf("Video: move %+v; want a verdict and the safest cell no likelier a mine", m)
			}
		}
		var b bytes.Buffer
		if err := r.WriteText(&b); err != nil {
			t.Errorf("WriteText: %v", err)
		}
		if err := r.WriteJSON(&b); err != nil {
			t.Errorf("WriteJSON: %v", err)
		}
	})
}
