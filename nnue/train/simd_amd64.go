//go:build amd64 && !purego

package train

import "brudno/nnue"

// AVX2 versions of accumulate, scatter, backSCReLU and screluDot in
// simd_amd64.s,
// used where the CPU has AVX2 (the same test as the engine's network
// kernels). The wrappers check the slices' lengths, so that the assembly
// never reads or writes out of bounds.

var hasSIMD = nnue.HasSIMD()

//go:noescape
func accumulateAVX2(acc, bias, w *float32, feats *uint16, nf, h int)

//go:noescape
func scatterAVX2(grad, d *float32, feats *uint16, nf, h int)

//go:noescape
func backSCReLUAVX2(acc, ow, gow, d *float32, n int, gy float32)

//go:noescape
func screluDotAVX2(acc, ow *float32, n int) float32

func accumulateFast(acc, bias, w []float32, feats []uint16) {
	h := len(acc)
	_ = bias[h-1]
	for _, f := range feats {
		_ = w[int(f)*h+h-1]
	}
	var fp *uint16
	if len(feats) > 0 {
		fp = &feats[0]
	}
	accumulateAVX2(&acc[0], &bias[0], &w[0], fp, len(feats), h)
}

func scatterFast(g, d []float32, feats []uint16) {
	h := len(d)
	for _, f := range feats {
		_ = g[int(f)*h+h-1]
	}
	if len(feats) > 0 {
		scatterAVX2(&g[0], &d[0], &feats[0], len(feats), h)
	}
}

func backSCReLUFast(acc, ow, gow, d []float32, gy float32) {
	n := len(acc)
	_, _, _ = ow[n-1], gow[n-1], d[n-1]
	backSCReLUAVX2(&acc[0], &ow[0], &gow[0], &d[0], n, gy)
}

func screluDotFast(acc, ow []float32) float32 {
	n := len(acc)
	_ = ow[n-1]
	return screluDotAVX2(&acc[0], &ow[0], n)
}
