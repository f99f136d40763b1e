//go:build amd64 && !purego

package nnue

// AVX2 kernels in simd_amd64.s. Each takes n, the number of int16 lanes, a
// multiple of 16; the wrappers check the slice lengths so that the
// assembly never reads or writes out of bounds.

var hasSIMD = detectAVX2()

// detectAVX2 reports whether the CPU has AVX2 and the OS saves the XMM and
// YMM registers on context switches (OSXSAVE set and XCR0 bits 1 and 2).
func detectAVX2() bool {
	maxID, _, _, _ := cpuid(0, 0)
	if maxID < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const osxsave, avx = 1 << 27, 1 << 28
	if ecx1&osxsave == 0 || ecx1&avx == 0 {
		return false
	}
	if xcr0, _ := xgetbv(); xcr0&6 != 6 {
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	const avx2 = 1 << 5
	return ebx7&avx2 != 0
}

func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

func xgetbv() (eax, edx uint32)

//go:noescape
func addSubAVX2(dst, src, a, s *int16, n int)

//go:noescape
func addSub2AVX2(dst, src, a, s1, s2 *int16, n int)

//go:noescape
func add2Sub2AVX2(dst, src, a1, a2, s1, s2 *int16, n int)

//go:noescape
func addAVX2(dst, src, a *int16, n int)

//go:noescape
func subAVX2(dst, src, s *int16, n int)

//go:noescape
func addSubBothAVX2(dst, src *Accumulator, aW, sW, aB, sB *int16, n int)

//go:noescape
func addSub2BothAVX2(dst, src *Accumulator, aW, s1W, s2W, aB, s1B, s2B *int16, n int)

//go:noescape
func screluDotAVX2(acc, w *int16, n int) int32

//go:noescape
func screluDotPairAVX2(us, them, w1, w2 *int16, n int) int32

func addSubFast(dst, src, a, s []int16) {
	n := len(dst)
	_, _, _ = src[n-1], a[n-1], s[n-1]
	addSubAVX2(&dst[0], &src[0], &a[0], &s[0], n)
}

func addSub2Fast(dst, src, a, s1, s2 []int16) {
	n := len(dst)
	_, _, _, _ = src[n-1], a[n-1], s1[n-1], s2[n-1]
	addSub2AVX2(&dst[0], &src[0], &a[0], &s1[0], &s2[0], n)
}

func add2Sub2Fast(dst, src, a1, a2, s1, s2 []int16) {
	n := len(dst)
	_, _, _, _, _ = src[n-1], a1[n-1], a2[n-1], s1[n-1], s2[n-1]
	add2Sub2AVX2(&dst[0], &src[0], &a1[0], &a2[0], &s1[0], &s2[0], n)
}

func addFast(dst, src, a []int16) {
	n := len(dst)
	_, _ = src[n-1], a[n-1]
	addAVX2(&dst[0], &src[0], &a[0], n)
}

func subFast(dst, src, s []int16) {
	n := len(dst)
	_, _ = src[n-1], s[n-1]
	subAVX2(&dst[0], &src[0], &s[0], n)
}

func screluDotFast(acc, w []int16) int32 {
	n := len(acc)
	_ = w[n-1]
	return screluDotAVX2(&acc[0], &w[0], n)
}

func screluDotPairFast(us, them, w []int16) int32 {
	n := len(us)
	_, _ = them[n-1], w[2*n-1]
	return screluDotPairAVX2(&us[0], &them[0], &w[0], &w[n], n)
}

// The update kernels on n lanes at each pointer, for a caller that has
// made sure the lanes are there (Net.applyBoth).

func addSubPtr(dst, src, a, s *int16, n int) { addSubAVX2(dst, src, a, s, n) }

func addSub2Ptr(dst, src, a, s1, s2 *int16, n int) { addSub2AVX2(dst, src, a, s1, s2, n) }

func add2Sub2Ptr(dst, src, a1, a2, s1, s2 *int16, n int) {
	add2Sub2AVX2(dst, src, a1, a2, s1, s2, n)
}

// The updates of both perspectives of an accumulator (n lanes of each) in
// one kernel call, White's columns first.

func addSubBothPtr(dst, src *Accumulator, aW, sW, aB, sB *int16, n int) {
	addSubBothAVX2(dst, src, aW, sW, aB, sB, n)
}

func addSub2BothPtr(dst, src *Accumulator, aW, s1W, s2W, aB, s1B, s2B *int16, n int) {
	addSub2BothAVX2(dst, src, aW, s1W, s2W, aB, s1B, s2B, n)
}
