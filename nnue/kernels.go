package nnue

// The vector kernels: the pure Go reference versions, and dispatch to the
// assembly versions (AVX2 in simd_amd64.go, NEON in simd_arm64.go) when
// useSIMD is set. Every slice argument holds exactly the n = H lanes that
// the kernel works on; n is a multiple of 16. int16 sums wrap, as VPADDW
// and VPSUBW (AVX2) and ADD and SUB (NEON) do.

// useSIMD selects the assembly kernels; it is only ever true when
// hasSIMD is.
var useSIMD = hasSIMD

// UseSIMD selects the assembly kernels (on) or the pure Go reference
// kernels (off) and returns the previous setting. The assembly is only
// used where the CPU supports it (HasSIMD), whatever on says. It is meant
// for tests and benchmarks and must not be called while another goroutine
// evaluates.
func UseSIMD(on bool) (previous bool) {
	previous = useSIMD
	useSIMD = on && hasSIMD
	return previous
}

// HasSIMD reports whether this CPU and build can run the assembly kernels:
// amd64 with AVX2 and an OS that saves the YMM registers, or any arm64
// (NEON); never with the purego build tag.
func HasSIMD() bool { return hasSIMD }

// SIMD reports whether the assembly kernels are in use.
func SIMD() bool { return useSIMD }

// dst = src + a - s
func addSub(dst, src, a, s []int16) {
	if useSIMD {
		addSubFast(dst, src, a, s)
		return
	}
	addSubGeneric(dst, src, a, s)
}

// dst = src + a - s1 - s2
func addSub2(dst, src, a, s1, s2 []int16) {
	if useSIMD {
		addSub2Fast(dst, src, a, s1, s2)
		return
	}
	addSub2Generic(dst, src, a, s1, s2)
}

// dst = src + a1 + a2 - s1 - s2
func add2Sub2(dst, src, a1, a2, s1, s2 []int16) {
	if useSIMD {
		add2Sub2Fast(dst, src, a1, a2, s1, s2)
		return
	}
	add2Sub2Generic(dst, src, a1, a2, s1, s2)
}

// dst = src + a
func addVec(dst, src, a []int16) {
	if useSIMD {
		addFast(dst, src, a)
		return
	}
	addGeneric(dst, src, a)
}

// dst = src - s
func subVec(dst, src, s []int16) {
	if useSIMD {
		subFast(dst, src, s)
		return
	}
	subGeneric(dst, src, s)
}

// screluDot returns Σ v[i]*(v[i]*w[i]) with v = clamp(acc, 0, QA), the
// inner product in int16 and the sum in int32, both wrapping.
func screluDot(acc, w []int16) int32 {
	if useSIMD {
		return screluDotFast(acc, w)
	}
	return screluDotGeneric(acc, w)
}

func addSubGeneric(dst, src, a, s []int16) {
	n := len(dst)
	src, a, s = src[:n], a[:n], s[:n]
	for i := range dst {
		dst[i] = src[i] + a[i] - s[i]
	}
}

func addSub2Generic(dst, src, a, s1, s2 []int16) {
	n := len(dst)
	src, a, s1, s2 = src[:n], a[:n], s1[:n], s2[:n]
	for i := range dst {
		dst[i] = src[i] + a[i] - s1[i] - s2[i]
	}
}

func add2Sub2Generic(dst, src, a1, a2, s1, s2 []int16) {
	n := len(dst)
	src, a1, a2, s1, s2 = src[:n], a1[:n], a2[:n], s1[:n], s2[:n]
	for i := range dst {
		dst[i] = src[i] + a1[i] + a2[i] - s1[i] - s2[i]
	}
}

func addGeneric(dst, src, a []int16) {
	n := len(dst)
	src, a = src[:n], a[:n]
	for i := range dst {
		dst[i] = src[i] + a[i]
	}
}

func subGeneric(dst, src, s []int16) {
	n := len(dst)
	src, s = src[:n], s[:n]
	for i := range dst {
		dst[i] = src[i] - s[i]
	}
}

func screluDotGeneric(acc, w []int16) int32 {
	w = w[:len(acc)]
	var sum int32
	for i, x := range acc {
		v := min(max(x, 0), QA)
		sum += int32(v) * int32(v*w[i])
	}
	return sum
}
