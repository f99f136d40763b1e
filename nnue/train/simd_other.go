//go:build !amd64 || purego

package train

// No assembly kernels on this architecture (or with the purego build
// tag): the Go versions run.

const hasSIMD = false

func accumulateFast(acc, bias, w []float32, feats []uint16) { accumulateGeneric(acc, bias, w, feats) }
func scatterFast(g, d []float32, feats []uint16)            { scatterGeneric(g, d, feats) }
func backSCReLUFast(acc, ow, gow, d []float32, gy float32)  { backSCReLUGeneric(acc, ow, gow, d, gy) }
func screluDotFast(acc, ow []float32) float32               { return screluDotGeneric(acc, ow) }
