//go:build amd64 && !purego

package search

import "brudno/nnue"

// pickAVX2 says whether the picker's selection may use AVX2 (the network
// package has asked the CPU).
var pickAVX2 = nnue.HasSIMD()

// firstMaxAVX2 returns the index of the first of the highest of the n
// int32 at s, n at least 8.
//
//go:noescape
func firstMaxAVX2(s *int32, n int) int

// firstMaxFast returns the index of the first of the highest of scores
// and true, eight lanes at a time, for 8 scores or more where AVX2 is
// there; else false, and the caller scans them itself.
func firstMaxFast(scores []int32) (int, bool) {
	if len(scores) < 8 || !pickAVX2 {
		return 0, false
	}
	return firstMaxAVX2(&scores[0], len(scores)), true
}
