package history

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"unicode"
)

// FuzzDecodeLine checks the one reader of the games' records on any
// input: it never panics; what it accepts is in range (Check), encodes
// and decodes again to the same game, and prints as a table line with
// nothing a terminal would act on.
func FuzzDecodeLine(f *testing.F) {
	for _, tt := range oldLines {
		f.Add([]byte(tt.line))
	}
	f.Add([]byte(newLine))
	f.Add([]byte(`{"v":2,"board":"9x9n10 opening","time_ms":9223372036854775807,"result":"won"}`))
	f.Add([]byte(`{"v":2,"board":"9x9n10 opening","level":"\u001b[2J","result":"won","3bv":3,"time_ms":1}`))
	f.Add([]byte(`{"v":9}`))
	f.Add([]byte(`{"v":2,"board":"5x5n3 opening","layout":[[9,9]]}`))
	f.Add([]byte("\x00\x00"))
	f.Fuzz(func(t *testing.T, line []byte) {
		g, newer, err := DecodeLine(line)
		if err != nil || newer {
			return
		}
		if err := g.Check(); err != nil {
			t.Fatalf("DecodeLine accepted a game Check refuses: %v", err)
		}
		data, err := json.Marshal(g)
		if err != nil {
			return // a board that cannot be written; the store refuses it
		}
		again, newer, err := DecodeLine(data)
		if err != nil || newer || !reflect.DeepEqual(again, g) {
			t.Fatalf("DecodeLine(json.Marshal(g)) = %+v, %v, %v; want %+v", again, newer, err, g)
		}
		g.Speed()
		var b bytes.Buffer
		if err := WriteGames(&b, []Game{g}, []int64{1}); err != nil {
			t.Fatal(err)
		}
		if err := WriteStats(&b, Summarize([]Game{g}), Sparkline); err != nil {
			t.Fatal(err)
		}
		for _, r := range b.String() {
			if r != '\n' && (unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r)) {
				t.Fatalf("the tables of %q hold %U, which a terminal acts on:\n%s", line, r, b.String())
			}
		}
	})
}
