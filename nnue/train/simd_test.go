package train

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"
)

// randomLanes returns n float32s around 0 and 1, with the values the
// kernels treat apart (0, -0, 1, below 0, above 1) among them.
func randomLanes(rng *rand.Rand, n int) []float32 {
	x := make([]float32, n)
	special := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 2, 0.5, 1e-30, 0.9999999}
	for i := range x {
		if rng.IntN(4) == 0 {
			x[i] = special[rng.IntN(len(special))]
		} else {
			x[i] = float32(rng.NormFloat64()*0.6 + 0.4)
		}
	}
	return x
}

func sameBits(t *testing.T, what string, a, b []float32) {
	t.Helper()
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			t.Fatalf("%s: lane %d: %v (%#x) against %v (%#x)", what, i, a[i], math.Float32bits(a[i]), b[i], math.Float32bits(b[i]))
		}
	}
}

// TestKernelsAgree checks that the assembly kernels give the Go versions'
// results bit for bit, for hidden layers of 16 to 1024 neurons and
// feature lists of 0 to 32 entries (repeats included).
func TestKernelsAgree(t *testing.T) {
	if !hasSIMD {
		t.Skip("no AVX2 on this CPU or build")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, h := range []int{16, 32, 48, 64, 240, 256, 272, 512, 1024} {
		w := randomLanes(rng, Inputs*h)
		for trial := range 20 {
			feats := make([]uint16, trial%33)
			for i := range feats {
				feats[i] = uint16(rng.IntN(Inputs))
			}
			bias := randomLanes(rng, h)
			a1, a2 := make([]float32, h), make([]float32, h)
			accumulateGeneric(a1, bias, w, feats)
			accumulateFast(a2, bias, w, feats)
			sameBits(t, "accumulate", a1, a2)

			d := randomLanes(rng, h)
			g1 := randomLanes(rng, Inputs*h)
			g2 := append([]float32(nil), g1...)
			scatterGeneric(g1, d, feats)
			scatterFast(g2, d, feats)
			sameBits(t, "scatter", g1, g2)

			acc, ow := randomLanes(rng, h), randomLanes(rng, h)
			gow1 := make([]float32, h)
			for i := range gow1 {
				gow1[i] = float32(rng.NormFloat64())
			}
			gow2 := append([]float32(nil), gow1...)
			d1, d2 := make([]float32, h), make([]float32, h)
			gy := float32(rng.NormFloat64())
			backSCReLUGeneric(acc, ow, gow1, d1, gy)
			backSCReLUFast(acc, ow, gow2, d2, gy)
			sameBits(t, "backSCReLU gow", gow1, gow2)
			sameBits(t, "backSCReLU d", d1, d2)

			sameBits(t, "screluDot", []float32{screluDotGeneric(acc, ow)}, []float32{screluDotFast(acc, ow)})
		}
	}
}

// TestTrainingSameWithoutSIMD checks that a training run writes the same
// net and checkpoint with the assembly kernels as without them.
func TestTrainingSameWithoutSIMD(t *testing.T) {
	if !hasSIMD {
		t.Skip("no AVX2 on this CPU or build")
	}
	defer func(on bool) { useSIMD = on }(useSIMD)
	dir := t.TempDir()
	ds := testData(t, dir)
	var nets, ckpts [2][]byte
	for i, on := range []bool{true, false} {
		useSIMD = on
		nets[i], ckpts[i] = trainTwoEpochs(t, dir, ds)
	}
	if len(nets[0]) == 0 || !bytes.Equal(nets[0], nets[1]) || !bytes.Equal(ckpts[0], ckpts[1]) {
		t.Fatal("the runs with and without the assembly kernels wrote different files")
	}
}

// TestScreluDot checks screluDot's lanes against a plain sum in float64.
func TestScreluDot(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, h := range []int{16, 32, 48, 256, 1024} {
		acc, ow := randomLanes(rng, h), randomLanes(rng, h)
		want := 0.0
		for i, a := range acc {
			c := min(max(float64(a), 0), 1)
			want += c * c * float64(ow[i])
		}
		for _, simd := range []bool{false, true} {
			if simd && !hasSIMD {
				continue
			}
			got := screluDotGeneric(acc, ow)
			if simd {
				got = screluDotFast(acc, ow)
			}
			if math.Abs(float64(got)-want) > 1e-5*(1+math.Abs(want)) {
				t.Errorf("H %d, assembly %v: %v, want %v", h, simd, got, want)
			}
		}
	}
}
