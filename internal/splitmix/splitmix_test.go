package splitmix

import "testing"

// TestNext checks Next against the first outputs of SplitMix64 seeded
// with 0, whose state goes up by Gamma before each output.
func TestNext(t *testing.T) {
	tests := []struct {
		seed, want uint64
	}{
		{0, 0xe220a8397b1dcdaf},
		{Gamma, 0x6e789e6aa1b965f4},
		{0x3c6ef372fe94f82a, 0x06c45d188009454f}, // 2*Gamma mod 2^64,
	}
	for _, tt := range tests {
		if got := Next(tt.seed); got != tt.want {
			t.Errorf("Next(%#x) = %#x; want %#x", tt.seed, got, tt.want)
		}
	}
}

func TestMix(t *testing.T) {
	tests := []struct {
		x, want uint64
	}{
		{0, 0},
		{1, 0x5692161d100b05e5},
	}
	for _, tt := range tests {
		if got := Mix(tt.x); got != tt.want {
			t.Errorf("Mix(%#x) = %#x; want %#x", tt.x, got, tt.want)
		}
	}
}
