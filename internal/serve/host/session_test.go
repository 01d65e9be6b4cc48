package host

import "testing"

// RFC 4254 says zero dimensions MUST be ignored: a client that sends 0x0
// (ssh -tt with a pipe for its input) is drawn on 80x24, and a window
// change with a zero keeps the size (over SSH: serve's TestZeroSize).
func TestZeroSize(t *testing.T) {
	tests := []struct {
		from       termSize
		w, h       uint32
		want       termSize
		whyChanged string
	}{
		{termSize{80, 24}, 0, 0, termSize{80, 24}, "zeros ignored"},
		{termSize{80, 24}, 100, 0, termSize{100, 24}, "a zero height ignored"},
		{termSize{80, 24}, 0, 40, termSize{80, 40}, "a zero width ignored"},
		{termSize{80, 24}, 120, 50, termSize{120, 50}, "a real size taken"},
		{termSize{80, 24}, 1 << 31, 1 << 31, termSize{MaxColumns, MaxRows}, "clamped"},
		{termSize{100, 30}, 0, 0, termSize{100, 30}, "the last size kept"},
	}
	for _, tt := range tests {
		if got := tt.from.resized(tt.w, tt.h); got != tt.want {
			t.Errorf("%v.resized(%d, %d) = %v; want %v (%s)", tt.from, tt.w, tt.h, got, tt.want, tt.whyChanged)
		}
	}
}
