//go:build (!amd64 && !arm64) || purego

package nnue

// No assembly kernels on this architecture (or with the purego build tag):
// the "fast" kernels are the reference ones and are never selected.

const hasSIMD = false

func addSubFast(dst, src, a, s []int16)       { addSubGeneric(dst, src, a, s) }
func addSub2Fast(dst, src, a, s1, s2 []int16) { addSub2Generic(dst, src, a, s1, s2) }
func add2Sub2Fast(dst, src, a1, a2, s1, s2 []int16) {
	add2Sub2Generic(dst, src, a1, a2, s1, s2)
}
func addFast(dst, src, a []int16)        { addGeneric(dst, src, a) }
func subFast(dst, src, s []int16)        { subGeneric(dst, src, s) }
func screluDotFast(acc, w []int16) int32 { return screluDotGeneric(acc, w) }
