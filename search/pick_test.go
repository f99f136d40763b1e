package search

import (
	"math"
	"math/rand"
	"testing"
)

// firstMaxFast, where it answers, gives the index the picker's own scan
// would: the first of the highest scores. Every length from 1 to 256,
// scores drawn from narrow ranges so that the highest is often tied,
// with the picker's large offsets and the int32 extremes among them.
func TestFirstMaxFast(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	extremes := []int32{math.MinInt32, math.MaxInt32, scoreGoodCapt, scoreBadCapt, -1, 0}
	answered := 0
	for n := 1; n <= 256; n++ {
		for trial := 0; trial < 40; trial++ {
			s := make([]int32, n)
			spread := 1 + rng.Int31n(6)
			for i := range s {
				s[i] = rng.Int31n(spread) - spread/2
				if rng.Intn(8) == 0 {
					s[i] = extremes[rng.Intn(len(extremes))]
				}
			}
			want := 0
			for i, v := range s {
				if v > s[want] {
					want = i
				}
			}
			got, ok := firstMaxFast(s)
			if !ok {
				continue
			}
			if n < 8 {
				t.Fatalf("n=%d: answered for fewer than 8 scores", n)
			}
			answered++
			if got != want {
				t.Fatalf("n=%d %v: index %d, want %d", n, s, got, want)
			}
		}
	}
	if answered == 0 {
		t.Skip("no fast scan on this machine (no AVX2, or a purego build)")
	}
	t.Logf("%d of the lists answered by the fast scan", answered)
}
