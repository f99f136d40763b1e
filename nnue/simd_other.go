//go:build (!amd64 && !arm64) || purego

package nnue

import "unsafe"

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
func screluDotPairFast(us, them, w []int16) int32 {
	return screluDotGeneric(us, w[:len(us)]) + screluDotGeneric(them, w[len(us):2*len(us)])
}
func addSubPtr(dst, src, a, s *int16, n int) {
	addSubGeneric(unsafe.Slice(dst, n), unsafe.Slice(src, n), unsafe.Slice(a, n), unsafe.Slice(s, n))
}
func addSub2Ptr(dst, src, a, s1, s2 *int16, n int) {
	addSub2Generic(unsafe.Slice(dst, n), unsafe.Slice(src, n), unsafe.Slice(a, n), unsafe.Slice(s1, n), unsafe.Slice(s2, n))
}
func add2Sub2Ptr(dst, src, a1, a2, s1, s2 *int16, n int) {
	add2Sub2Generic(unsafe.Slice(dst, n), unsafe.Slice(src, n), unsafe.Slice(a1, n), unsafe.Slice(a2, n),
		unsafe.Slice(s1, n), unsafe.Slice(s2, n))
}

// The updates of both perspectives of an accumulator (n lanes of each),
// White's columns first: a kernel call for each.

func addSubBothPtr(dst, src *Accumulator, aW, sW, aB, sB *int16, n int) {
	addSubPtr(&dst.v[0][0], &src.v[0][0], aW, sW, n)
	addSubPtr(&dst.v[1][0], &src.v[1][0], aB, sB, n)
}

func addSub2BothPtr(dst, src *Accumulator, aW, s1W, s2W, aB, s1B, s2B *int16, n int) {
	addSub2Ptr(&dst.v[0][0], &src.v[0][0], aW, s1W, s2W, n)
	addSub2Ptr(&dst.v[1][0], &src.v[1][0], aB, s1B, s2B, n)
}
