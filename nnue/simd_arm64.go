//go:build arm64 && !purego

package nnue

// NEON kernels in simd_arm64.s. Each takes n, the number of int16 lanes, a
// multiple of 16; the wrappers check the slice lengths so that the
// assembly never reads or writes out of bounds. Advanced SIMD is a
// mandatory part of ARMv8-A, so every arm64 CPU Go runs on has it and no
// detection is needed.

const hasSIMD = true

//go:noescape
func addSubNEON(dst, src, a, s *int16, n int)

//go:noescape
func addSub2NEON(dst, src, a, s1, s2 *int16, n int)

//go:noescape
func add2Sub2NEON(dst, src, a1, a2, s1, s2 *int16, n int)

//go:noescape
func addNEON(dst, src, a *int16, n int)

//go:noescape
func subNEON(dst, src, s *int16, n int)

//go:noescape
func screluDotNEON(acc, w *int16, n int) int32

func addSubFast(dst, src, a, s []int16) {
	n := len(dst)
	_, _, _ = src[n-1], a[n-1], s[n-1]
	addSubNEON(&dst[0], &src[0], &a[0], &s[0], n)
}

func addSub2Fast(dst, src, a, s1, s2 []int16) {
	n := len(dst)
	_, _, _, _ = src[n-1], a[n-1], s1[n-1], s2[n-1]
	addSub2NEON(&dst[0], &src[0], &a[0], &s1[0], &s2[0], n)
}

func add2Sub2Fast(dst, src, a1, a2, s1, s2 []int16) {
	n := len(dst)
	_, _, _, _, _ = src[n-1], a1[n-1], a2[n-1], s1[n-1], s2[n-1]
	add2Sub2NEON(&dst[0], &src[0], &a1[0], &a2[0], &s1[0], &s2[0], n)
}

func addFast(dst, src, a []int16) {
	n := len(dst)
	_, _ = src[n-1], a[n-1]
	addNEON(&dst[0], &src[0], &a[0], n)
}

func subFast(dst, src, s []int16) {
	n := len(dst)
	_, _ = src[n-1], s[n-1]
	subNEON(&dst[0], &src[0], &s[0], n)
}

func screluDotFast(acc, w []int16) int32 {
	n := len(acc)
	_ = w[n-1]
	return screluDotNEON(&acc[0], &w[0], n)
}

// screluDotPairFast is screluDot of the two halves of the output layer's
// input, us against w's first n weights and them against the next n.
func screluDotPairFast(us, them, w []int16) int32 {
	n := len(us)
	_, _ = them[n-1], w[2*n-1]
	return screluDotNEON(&us[0], &w[0], n) + screluDotNEON(&them[0], &w[n], n)
}

// The update kernels on n lanes at each pointer, for a caller that has
// made sure the lanes are there (Net.applyBoth).

func addSubPtr(dst, src, a, s *int16, n int) { addSubNEON(dst, src, a, s, n) }

func addSub2Ptr(dst, src, a, s1, s2 *int16, n int) { addSub2NEON(dst, src, a, s1, s2, n) }

func add2Sub2Ptr(dst, src, a1, a2, s1, s2 *int16, n int) {
	add2Sub2NEON(dst, src, a1, a2, s1, s2, n)
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
