package nnue

import (
	"fmt"
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
			// Offsets of 0 to 7 lanes give every misalignment of a
			// 16-byte vector.
			off := rng.Intn(8)
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

// randFullWeights returns weights anywhere in int16, beyond the ±127 of a
// valid net, so that v*w wraps in int16 as screluDotGeneric defines it.
func randFullWeights(rng *rand.Rand, n int) []int16 {
	w := make([]int16, n)
	for i := range w {
		if rng.Intn(4) == 0 {
			w[i] = edgeValues[rng.Intn(len(edgeValues))]
		} else {
			w[i] = int16(rng.Uint32())
		}
	}
	return w
}

// Every allowed hidden size, with guard lanes after dst that no kernel may
// touch and inputs longer than dst (the kernels work on len(dst) lanes).
func TestKernelsEveryLength(t *testing.T) {
	if !HasSIMD() {
		t.Skip("no SIMD kernels on this CPU or build")
	}
	rng := rand.New(rand.NewSource(11))
	const guard = 40
	const sentinel = 0x5a5a
	for n := MinHidden; n <= MaxHidden; n += 16 {
		off := rng.Intn(8)
		vec := func() []int16 { return randVec(rng, n+off+guard, true)[off:] }
		src, a1, a2, s1, s2 := vec(), vec(), vec(), vec(), vec()
		gotBuf, want := make([]int16, n+guard), make([]int16, n)
		got := gotBuf[:n]
		check := func(name string) {
			t.Helper()
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%s n=%d lane %d: %d, want %d", name, n, i, got[i], want[i])
				}
			}
			for i, x := range gotBuf[n:] {
				if x != sentinel {
					t.Fatalf("%s n=%d wrote guard lane %d: %d", name, n, n+i, x)
				}
			}
		}
		for i := range gotBuf {
			gotBuf[i] = sentinel
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

		acc, them := src[:n], a2[:n]
		for _, w := range [][]int16{randWeights(rng, 2*n), randFullWeights(rng, 2*n)} {
			if g, w2 := screluDotFast(acc, w[:n]), screluDotGeneric(acc, w[:n]); g != w2 {
				t.Fatalf("screluDot n=%d: %d, want %d", n, g, w2)
			}
			want := screluDotGeneric(acc, w[:n]) + screluDotGeneric(them, w[n:])
			if g := screluDotPairFast(acc, them, w); g != want {
				t.Fatalf("screluDotPair n=%d: %d, want %d", n, g, want)
			}
		}
	}
}

// screluDot's int16 product v*w wraps before the widening multiply by v:
// with v = 255 and w = 200, v*w = 51000 is -14536 in int16, and each lane
// adds 255 * -14536 = -3706680 to the sum.
func TestScreluDotProductWraps(t *testing.T) {
	for _, n := range kernelSizes {
		acc, w := make([]int16, n), make([]int16, n)
		for i := range acc {
			acc[i], w[i] = 300, 200 // clamped to 255
		}
		want := int32(int64(n) * -3706680)
		if g := screluDotGeneric(acc, w); g != want {
			t.Fatalf("reference n=%d: %d, want %d", n, g, want)
		}
		if HasSIMD() {
			if g := screluDotFast(acc, w); g != want {
				t.Fatalf("n=%d: %d, want %d", n, g, want)
			}
		}
		// The largest products: 255 * int16(255*-32768) = 255*-32768
		// per lane, whose sum wraps in int32 from n = 272 on.
		for i := range w {
			w[i] = -32768
		}
		want = int32(int64(n) * 255 * -32768)
		if g := screluDotGeneric(acc, w); g != want {
			t.Fatalf("reference n=%d w=-32768: %d, want %d", n, g, want)
		}
		if HasSIMD() {
			if g := screluDotFast(acc, w); g != want {
				t.Fatalf("n=%d w=-32768: %d, want %d", n, g, want)
			}
			// Both halves so: the pair's sum wraps from n = 136 on.
			w2 := append(w[:n:n], w...)
			if g := screluDotPairFast(acc, acc, w2); g != 2*want {
				t.Fatalf("pair n=%d w=-32768: %d, want %d", n, g, 2*want)
			}
		}
	}
}

// checkBothKernels runs the kernels that update both perspectives of an
// accumulator in one call on src's first n lanes of each half, with
// cols[0:3] White's columns (added, first and second removed) and
// cols[3:6] Black's, and compares them with the reference kernels on each
// half: into a fresh accumulator and in place, leaving the lanes beyond n
// of each half alone.
func checkBothKernels(t *testing.T, name string, src *Accumulator, cols [6][]int16, n int) {
	t.Helper()
	const sentinel = 0x5a5a
	var fresh Accumulator
	for p := range 2 {
		for i := range fresh.v[p] {
			fresh.v[p][i] = sentinel
		}
	}
	var want [2][]int16
	for p := range 2 {
		want[p] = make([]int16, n)
	}
	// check compares got's first n lanes of each half with want and the
	// others with rest's.
	check := func(kernel string, got, rest *Accumulator) {
		t.Helper()
		for p := range 2 {
			for i := range MaxHidden {
				w := rest.v[p][i]
				if i < n {
					w = want[p][i]
				}
				if got.v[p][i] != w {
					t.Fatalf("%s %s n=%d perspective %d lane %d: %d, want %d", name, kernel, n, p, i, got.v[p][i], w)
				}
			}
		}
	}
	c := func(i int) *int16 { return &cols[i][0] }

	for p := range 2 {
		addSubGeneric(want[p], src.v[p][:n], cols[3*p][:n], cols[3*p+1][:n])
	}
	dst := fresh
	addSubBothPtr(&dst, src, c(0), c(1), c(3), c(4), n)
	check("addSubBoth", &dst, &fresh)
	dst = *src
	addSubBothPtr(&dst, &dst, c(0), c(1), c(3), c(4), n)
	check("addSubBoth in place", &dst, src)

	for p := range 2 {
		addSub2Generic(want[p], src.v[p][:n], cols[3*p][:n], cols[3*p+1][:n], cols[3*p+2][:n])
	}
	dst = fresh
	addSub2BothPtr(&dst, src, c(0), c(1), c(2), c(3), c(4), c(5), n)
	check("addSub2Both", &dst, &fresh)
	dst = *src
	addSub2BothPtr(&dst, &dst, c(0), c(1), c(2), c(3), c(4), c(5), n)
	check("addSub2Both in place", &dst, src)
}

// The kernels that update both perspectives in one call agree with the
// reference at every allowed hidden size, on random values (with edge
// values among them) at every misalignment of the columns, and on
// accumulators and columns all at the extremes, where every lane wraps.
func TestBothPerspectiveKernels(t *testing.T) {
	if !HasSIMD() {
		t.Skip("no SIMD kernels on this CPU or build")
	}
	rng := rand.New(rand.NewSource(13))
	for n := MinHidden; n <= MaxHidden; n += 16 {
		var src Accumulator
		for p := range 2 {
			copy(src.v[p][:], randVec(rng, MaxHidden, true))
		}
		var cols [6][]int16
		for i := range cols {
			off := rng.Intn(8)
			cols[i] = randVec(rng, n+off, true)[off:]
		}
		checkBothKernels(t, "random", &src, cols, n)
	}
	extremes := []int16{-32768, -1, 1, 32767}
	for _, n := range []int{MinHidden, 256, MaxHidden - 16, MaxHidden} {
		for _, x := range extremes {
			for _, y := range extremes {
				var src Accumulator
				for p := range 2 {
					for i := range src.v[p] {
						src.v[p][i] = x
					}
				}
				var cols [6][]int16
				for i := range cols {
					cols[i] = make([]int16, n)
					for j := range cols[i] {
						// Added columns y, removed ones -y (which is y
						// itself for -32768): each lane's sum wraps.
						cols[i][j] = y
						if i%3 > 0 {
							cols[i][j] = -y
						}
					}
				}
				checkBothKernels(t, fmt.Sprintf("src %d column %d", x, y), &src, cols, n)
			}
		}
	}
}
