package nnue

import (
	"math/rand"
	"testing"
)

// interesting int16 values for accumulators: around 0 and QA, and the extremes.
var edgeValues = []int16{-32768, -32767, -256, -1, 0, 1, 2, 127, 128, 254, 255, 256, 257, 1000, 32766, 32767}

func randVec(rng *rand.Rand, n int, edges bool) []int16 {
	v := make([]int16, n)
	for i := range v {
		switch {
		case edges && rng.Intn(3) == 0:
			v[i] = edgeValues[rng.Intn(len(edgeValues))]
		case rng.Intn(2) == 0:
			v[i] = int16(rng.Intn(300) - 20)
		default:
			v[i] = int16(rng.Uint32())
		}
	}
	return v
}

func randWeights(rng *rand.Rand, n int) []int16 {
	w := make([]int16, n)
	for i := range w {
		switch rng.Intn(4) {
		case 0:
			w[i] = MaxOutputWeight
		case 1:
			w[i] = -MaxOutputWeight
		default:
			w[i] = int16(rng.Intn(2*MaxOutputWeight+1) - MaxOutputWeight)
		}
	}
	return w
}

var kernelSizes = []int{16, 32, 48, 64, 80, 112, 128, 144, 256, 512, 1008, 1024}

func TestKernelsMatchReference(t *testing.T) {
	if !HasSIMD() {
		t.Skip("no SIMD kernels on this CPU or build")
	}
	rng := rand.New(rand.NewSource(7))
	for iter := 0; iter < 20; iter++ {
		for _, n := range kernelSizes {
			// Offsets by one lane make the slices unaligned.
			off := rng.Intn(2)
			vec := func() []int16 { return randVec(rng, n+off, true)[off:] }
			src, a1, a2, s1, s2 := vec(), vec(), vec(), vec(), vec()
			got, want := make([]int16, n), make([]int16, n)
			check := func(name string) {
				t.Helper()
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("%s n=%d lane %d: %d, want %d", name, n, i, got[i], want[i])
					}
				}
			}
			addSubFast(got, src, a1, s1)
			addSubGeneric(want, src, a1, s1)
			check("addSub")
			addSub2Fast(got, src, a1, s1, s2)
			addSub2Generic(want, src, a1, s1, s2)
			check("addSub2")
			add2Sub2Fast(got, src, a1, a2, s1, s2)
			add2Sub2Generic(want, src, a1, a2, s1, s2)
			check("add2Sub2")
			addFast(got, src, a1)
			addGeneric(want, src, a1)
			check("add")
			subFast(got, src, s1)
			subGeneric(want, src, s1)
			check("sub")
			// In place (dst == src).
			copy(got, src)
			copy(want, src)
			addSub2Fast(got, got, a1, s1, s2)
			addSub2Generic(want, want, a1, s1, s2)
			check("addSub2 in place")

			w := randWeights(rng, n+off)[off:]
			if g, w2 := screluDotFast(src, w), screluDotGeneric(src, w); g != w2 {
				t.Fatalf("screluDot n=%d: %d, want %d", n, g, w2)
			}
		}
	}
}

func TestScreluDotExtremes(t *testing.T) {
	if !HasSIMD() {
		t.Skip("no SIMD kernels on this CPU or build")
	}
	for _, n := range kernelSizes {
		acc, w := make([]int16, n), make([]int16, n)
		// Every accumulator at the clamp maximum (or far beyond), every
		// weight ±127: the largest sums, which wrap in int32 for large n.
		for _, a := range []int16{QA, QA + 1, 32767} {
			for _, ws := range []int16{MaxOutputWeight, -MaxOutputWeight} {
				for i := range acc {
					acc[i], w[i] = a, ws
				}
				if g, want := screluDotFast(acc, w), screluDotGeneric(acc, w); g != want {
					t.Fatalf("n=%d acc=%d w=%d: %d, want %d", n, a, ws, g, want)
				}
				exact := int64(n) * QA * QA * int64(ws)
				if g := screluDotGeneric(acc, w); g != int32(exact) {
					t.Fatalf("reference n=%d: %d, want %d", n, g, int32(exact))
				}
			}
		}
		// Every edge value against every extreme weight.
		for i := range acc {
			acc[i] = edgeValues[i%len(edgeValues)]
			w[i] = []int16{MaxOutputWeight, -MaxOutputWeight, 1, 0}[(i/len(edgeValues))%4]
		}
		if g, want := screluDotFast(acc, w), screluDotGeneric(acc, w); g != want {
			t.Fatalf("n=%d edges: %d, want %d", n, g, want)
		}
		// Negative accumulators contribute nothing.
		for i := range acc {
			acc[i], w[i] = -1-int16(i), MaxOutputWeight
		}
		if g := screluDotFast(acc, w); g != 0 {
			t.Fatalf("n=%d negative accumulators: %d", n, g)
		}
	}
}

func TestUseSIMD(t *testing.T) {
	prev := UseSIMD(true)
	defer UseSIMD(prev)
	if SIMD() != HasSIMD() {
		t.Fatalf("UseSIMD(true): SIMD() = %v, HasSIMD() = %v", SIMD(), HasSIMD())
	}
	if was := UseSIMD(false); was != HasSIMD() {
		t.Fatalf("UseSIMD returned %v", was)
	}
	if SIMD() {
		t.Fatal("UseSIMD(false) left SIMD on")
	}
}
