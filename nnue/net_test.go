package nnue

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"brudno/board"
)

// randomNet returns RandomNet's network, failing the test on error.
func randomNet(t testing.TB, rng *rand.Rand, h, fw int) *Net {
	t.Helper()
	n, err := RandomNet(h, fw, rng)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func netBytes(t testing.TB, n *Net) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := n.Save(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// fixChecksum rewrites the trailing CRC after an edit of the file b.
func fixChecksum(b []byte) []byte {
	binary.LittleEndian.PutUint32(b[len(b)-4:], crc32.ChecksumIEEE(b[:len(b)-4]))
	return b
}

func TestSaveLoadRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for i, h := range []int{16, 48, 256} {
		buckets := []int{1, 3, 8}[i]
		n, err := RandomBucketedNet(h, buckets, 200, rng)
		if err != nil {
			t.Fatal(err)
		}
		b := netBytes(t, n)
		if len(b) != FileSize(h, buckets) || len(b) != headerSize+2*(Inputs*h+h+buckets*2*h)+4*buckets+4 {
			t.Fatalf("H=%d: file of %d bytes, want %d", h, len(b), FileSize(h, buckets))
		}
		if string(b[:4]) != "BRNN" {
			t.Fatalf("magic %q", b[:4])
		}
		m, err := Load(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("H=%d: %v", h, err)
		}
		if m.Hidden() != h || m.Buckets() != buckets {
			t.Fatalf("Hidden() = %d, Buckets() = %d, want %d, %d", m.Hidden(), m.Buckets(), h, buckets)
		}
		if b2 := netBytes(t, m); !bytes.Equal(b, b2) {
			t.Fatalf("H=%d: saving the loaded net gives different bytes", h)
		}
		fw, fb, ow, ob := m.Params()
		fw0, fb0, ow0, ob0 := n.Params()
		if !equal16(fw, fw0) || !equal16(fb, fb0) || !equal16(ow, ow0) || !slices.Equal(ob, ob0) {
			t.Fatalf("H=%d: parameters differ after the round trip", h)
		}
		pos := board.NewPosition()
		if a, b := n.EvaluatePosition(pos), m.EvaluatePosition(pos); a != b {
			t.Fatalf("H=%d: evaluations %d and %d differ", h, a, b)
		}
	}
}

func equal16(a, b []int16) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestLoadFile(t *testing.T) {
	n := randomNet(t, rand.New(rand.NewSource(2)), 32, 100)
	name := filepath.Join(t.TempDir(), "net.nnue")
	if err := os.WriteFile(name, netBytes(t, n), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := LoadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if m.Hidden() != 32 {
		t.Fatalf("Hidden() = %d", m.Hidden())
	}
	if _, err := LoadFile(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Fatal("LoadFile of a missing file succeeded")
	}
	bad := netBytes(t, n)
	bad[len(bad)-1] ^= 1
	if err := os.WriteFile(name, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadFile(name); err == nil || !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), "checksum") {
		t.Fatalf("LoadFile of a corrupt file: %v", err)
	}
}

// corruptFiles returns edited copies of a valid file and the text that
// Load's error must contain for each.
func corruptFiles(t testing.TB) map[string]struct {
	data []byte
	want string
} {
	const h = 16
	valid := netBytes(t, randomNet(t, rand.New(rand.NewSource(3)), h, 200))
	edit := func(f func(b []byte) []byte) []byte {
		return f(append([]byte(nil), valid...))
	}
	header := func(field int, v uint32) []byte {
		return edit(func(b []byte) []byte {
			binary.LittleEndian.PutUint32(b[4+4*field:], v)
			return fixChecksum(b)
		})
	}
	outWeight := func(i int, w int16) []byte {
		return edit(func(b []byte) []byte {
			off := headerSize + 2*(Inputs*h+h+i)
			binary.LittleEndian.PutUint16(b[off:], uint16(w))
			return fixChecksum(b)
		})
	}
	type tc = struct {
		data []byte
		want string
	}
	return map[string]tc{
		"magic":          {edit(func(b []byte) []byte { b[0] = 'X'; return fixChecksum(b) }), "magic"},
		"version 0":      {header(0, 0), "version"},
		"version 3":      {header(0, 3), "version"},
		"inputs":         {header(1, 769), "inputs"},
		"hidden 0":       {header(2, 0), "hidden"},
		"hidden 8":       {header(2, 8), "hidden"},
		"hidden 24":      {header(2, 24), "hidden"},
		"hidden 1040":    {header(2, 1040), "hidden"},
		"hidden huge":    {header(2, 0xfffffff0), "hidden"},
		"buckets 0":      {header(3, 0), "buckets"},
		"buckets 9":      {header(3, 9), "buckets"},
		"buckets 2":      {header(3, 2), "too short"}, // a one-bucket body
		"qa":             {header(4, 256), "qa"},
		"qb":             {header(5, 63), "qb"},
		"scale 49":       {header(6, MinScale-1), "scale"},
		"scale 1001":     {header(6, MaxScale+1), "scale"},
		"scale huge":     {header(6, 0xffffffff), "scale"},
		"empty":          {nil, "too short"},
		"magic only":     {valid[:4], "too short"},
		"header short":   {valid[:headerSize-1], "too short"},
		"header only":    {valid[:headerSize], "too short"},
		"half":           {valid[:len(valid)/2], "too short"},
		"no checksum":    {valid[:len(valid)-4], "too short"},
		"one byte short": {valid[:len(valid)-1], "too short"},
		"trailing byte":  {append(append([]byte(nil), valid...), 0), "trailing"},
		"trailing file":  {append(append([]byte(nil), valid...), valid...), "trailing"},
		"bad checksum":   {edit(func(b []byte) []byte { b[len(b)-1] ^= 0x80; return b }), "checksum"},
		"bad weight":     {edit(func(b []byte) []byte { b[headerSize+100] ^= 1; return b }), "checksum"},
		"bad bias":       {edit(func(b []byte) []byte { b[len(b)-6] ^= 1; return b }), "checksum"},
		"output +128":    {outWeight(0, 128), "output weight 0"},
		"output -128":    {outWeight(2*h-1, -128), "output weight 31"},
		"output -32768":  {outWeight(h, -32768), "output weight 16"},
	}
}

func TestLoadRejectsCorrupt(t *testing.T) {
	for name, c := range corruptFiles(t) {
		n, err := Load(bytes.NewReader(c.data))
		if err == nil {
			t.Errorf("%s: loaded (H=%d)", name, n.Hidden())
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %q does not mention %q", name, err, c.want)
		}
	}
}

func TestLoadAcceptsLimits(t *testing.T) {
	// Output weights of exactly ±127 and the largest hidden size load.
	rng := rand.New(rand.NewSource(4))
	n := randomNet(t, rng, MaxHidden, 10)
	for i := range n.outputWeights {
		n.outputWeights[i] = MaxOutputWeight * int16(1-2*(i&1))
	}
	if _, err := Load(bytes.NewReader(netBytes(t, n))); err != nil {
		t.Fatal(err)
	}
}

func TestNewNetValidates(t *testing.T) {
	h := 32
	fw, fb, ow := make([]int16, Inputs*h), make([]int16, h), make([]int16, 2*h)
	if _, err := NewNet(h, fw, fb, ow, 0); err != nil {
		t.Fatal(err)
	}
	bad := map[string]func() error{
		"hidden 8": func() error { _, err := NewNet(8, fw[:Inputs*8], fb[:8], ow[:16], 0); return err },
		"hidden 40": func() error {
			_, err := NewNet(40, make([]int16, Inputs*40), make([]int16, 40), make([]int16, 80), 0)
			return err
		},
		"hidden 2048":    func() error { _, err := NewNet(2048, nil, nil, nil, 0); return err },
		"feature length": func() error { _, err := NewNet(h, fw[1:], fb, ow, 0); return err },
		"bias length":    func() error { _, err := NewNet(h, fw, fb[1:], ow, 0); return err },
		"output length":  func() error { _, err := NewNet(h, fw, fb, ow[1:], 0); return err },
		"output weight": func() error {
			o := append([]int16(nil), ow...)
			o[5] = -128
			_, err := NewNet(h, fw, fb, o, 0)
			return err
		},
		"buckets 0": func() error { _, err := NewBucketedNet(h, 0, fw, fb, nil, nil); return err },
		"buckets 9": func() error {
			_, err := NewBucketedNet(h, 9, fw, fb, make([]int16, 9*2*h), make([]int32, 9))
			return err
		},
		"bucketed output length": func() error { _, err := NewBucketedNet(h, 2, fw, fb, ow, make([]int32, 2)); return err },
		"scale 49":               func() error { _, err := NewScaledNet(h, 1, MinScale-1, fw, fb, ow, []int32{0}); return err },
		"scale 1001":             func() error { _, err := NewScaledNet(h, 1, MaxScale+1, fw, fb, ow, []int32{0}); return err },
		"bucketed bias length": func() error {
			_, err := NewBucketedNet(h, 2, fw, fb, make([]int16, 4*h), make([]int32, 1))
			return err
		},
	}
	if _, err := NewBucketedNet(h, 8, fw, fb, make([]int16, 8*2*h), make([]int32, 8)); err != nil {
		t.Fatal(err)
	}
	for name, f := range bad {
		if f() == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	// NewNet copies its arguments.
	n, _ := NewNet(h, fw, fb, ow, 0)
	fw[0] = 99
	if n.featureWeights[0] != 0 {
		t.Error("NewNet did not copy the feature weights")
	}
}

func FuzzLoad(f *testing.F) {
	valid := netBytes(f, randomNet(f, rand.New(rand.NewSource(5)), 16, 200))
	f.Add(valid)
	if b, err := RandomBucketedNet(16, 3, 200, rand.New(rand.NewSource(6))); err == nil {
		f.Add(netBytes(f, b))
	}
	if k, err := RandomKingNet(16, 2, 4, 200, rand.New(rand.NewSource(7))); err == nil {
		f.Add(netBytes(f, k))
	}
	f.Add(valid[:headerSize])
	f.Add(valid[:len(valid)-1])
	for _, c := range corruptFiles(f) {
		if len(c.data) <= len(valid) {
			f.Add(c.data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := Load(bytes.NewReader(data))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := n.Save(&buf); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), data) {
			t.Fatal("a loaded net does not save to the same bytes")
		}
	})
}

func TestFeatureIndex(t *testing.T) {
	wp, bk := board.MakePiece(board.White, board.Pawn), board.MakePiece(board.Black, board.King)
	bq := board.MakePiece(board.Black, board.Queen)
	cases := []struct {
		persp board.Color
		pc    board.Piece
		sq    string
		want  int
	}{
		{board.White, wp, "a1", 0},
		{board.White, wp, "h8", 63},
		{board.Black, wp, "a1", 384 + 56},
		{board.White, bk, "e8", 384 + 5*64 + 60},
		{board.Black, bk, "e8", 5*64 + 4},
		{board.Black, bq, "d8", 4*64 + 3},
		{board.White, bq, "d8", 384 + 4*64 + 59},
	}
	for _, c := range cases {
		sq, _ := board.ParseSquare(c.sq)
		if got := FeatureIndex(c.persp, c.pc, sq); got != c.want {
			t.Errorf("FeatureIndex(%v, %c, %s) = %d, want %d", c.persp, c.pc.Letter(), c.sq, got, c.want)
		}
	}
	// Every (perspective, piece, square) maps to a distinct index in range,
	// and mirroring the board with colours swapped swaps the perspectives.
	for p := board.White; p <= board.Black; p++ {
		seen := make(map[int]bool)
		for c := board.White; c <= board.Black; c++ {
			for pt := board.Pawn; pt <= board.King; pt++ {
				for s := board.Square(0); s < 64; s++ {
					i := FeatureIndex(p, board.MakePiece(c, pt), s)
					if i < 0 || i >= Inputs || seen[i] {
						t.Fatalf("index %d out of range or repeated", i)
					}
					seen[i] = true
					if j := FeatureIndex(p^1, board.MakePiece(c^1, pt), s^56); j != i {
						t.Fatalf("mirror: %d != %d", j, i)
					}
				}
			}
		}
	}
}

// referenceEval evaluates acc for stm in output bucket b with plain int64
// arithmetic, as the format describes (exact, since |v*w| fits in int16
// and the sum is truncated to int32 at the end).
func referenceEval(n *Net, acc *Accumulator, stm board.Color, b int) int {
	h := n.hidden
	var sum int64
	for half, p := range []board.Color{stm, stm ^ 1} {
		for i := 0; i < h; i++ {
			v := int64(min(max(acc.v[p][i], 0), QA))
			sum += v * v * int64(n.outputWeights[b*2*h+half*h+i])
		}
	}
	return (int(int32(sum))/QA + int(n.outputBias[b])) * n.scale / (QA * QB)
}

func TestBucket(t *testing.T) {
	for _, c := range []struct{ pieces, buckets, want int }{
		{2, 1, 0}, {32, 1, 0},
		{2, 8, 0}, {5, 8, 0}, {6, 8, 1}, {9, 8, 1}, {10, 8, 2}, {29, 8, 6}, {30, 8, 7}, {32, 8, 7},
		{2, 2, 0}, {17, 2, 0}, {18, 2, 1}, {32, 2, 1},
		{0, 8, 0}, {40, 8, 7}, // out of range: clamped
	} {
		if got := Bucket(c.pieces, c.buckets); got != c.want {
			t.Errorf("Bucket(%d, %d) = %d, want %d", c.pieces, c.buckets, got, c.want)
		}
	}
	// Every bucket is used by some piece count, in order.
	for b := 1; b <= MaxBuckets; b++ {
		last := -1
		for p := 2; p <= 32; p++ {
			got := Bucket(p, b)
			if got != last && got != last+1 {
				t.Fatalf("%d buckets: %d pieces give bucket %d after %d", b, p, got, last)
			}
			last = got
		}
		if last != b-1 {
			t.Fatalf("%d buckets: 32 pieces give bucket %d", b, last)
		}
	}
}

func TestEvaluateFormula(t *testing.T) {
	rng := rand.New(rand.NewSource(6))
	defer UseSIMD(UseSIMD(false))
	for _, simd := range []bool{false, true} {
		UseSIMD(simd)
		for iter := 0; iter < 200; iter++ {
			h := 16 * (1 + rng.Intn(64))
			buckets := 1 + rng.Intn(MaxBuckets)
			// Only the output layer matters here.
			n := &Net{hidden: h, buckets: buckets, scale: Scale, outputWeights: randWeights(rng, buckets*2*h), outputBias: make([]int32, buckets)}
			for i := range n.outputBias {
				n.outputBias[i] = int32(rng.Intn(200001) - 100000)
			}
			pieces := 2 + rng.Intn(31)
			var acc Accumulator
			for p := 0; p < 2; p++ {
				for i := 0; i < h; i++ {
					acc.v[p][i] = int16(rng.Intn(400) - 70)
					if rng.Intn(8) == 0 {
						acc.v[p][i] = int16(rng.Intn(65536) - 32768)
					}
				}
			}
			for stm := board.White; stm <= board.Black; stm++ {
				if got, want := n.Evaluate(&acc, stm, pieces), referenceEval(n, &acc, stm, Bucket(pieces, buckets)); got != want {
					t.Fatalf("simd=%v H=%d B=%d stm=%v: Evaluate %d, want %d", simd, h, buckets, stm, got, want)
				}
			}
		}
	}
	// A net with zero weights evaluates to its scaled output bias.
	h := 16
	n, err := NewNet(h, make([]int16, Inputs*h), make([]int16, h), make([]int16, 2*h), 3*QA*QB)
	if err != nil {
		t.Fatal(err)
	}
	if got := n.EvaluatePosition(board.NewPosition()); got != 3*Scale {
		t.Fatalf("zero net: %d, want %d", got, 3*Scale)
	}
}

// A net of another scale saves and loads with it, and evaluates to its
// output times that scale: the zero-weight net's output bias of 3 units
// is 3·scale centipawns, and a random net's evaluations are those of the
// same weights at Scale times scale/Scale (to within the truncation).
func TestScaledNet(t *testing.T) {
	h := 16
	for _, scale := range []int{MinScale, 120, Scale, MaxScale} {
		n, err := NewScaledNet(h, 1, scale, make([]int16, Inputs*h), make([]int16, h), make([]int16, 2*h), []int32{3 * QA * QB})
		if err != nil {
			t.Fatal(err)
		}
		m, err := Load(bytes.NewReader(netBytes(t, n)))
		if err != nil {
			t.Fatalf("scale %d: %v", scale, err)
		}
		if m.Scale() != scale {
			t.Fatalf("loaded scale %d, want %d", m.Scale(), scale)
		}
		if got := m.EvaluatePosition(board.NewPosition()); got != 3*scale {
			t.Fatalf("scale %d: zero net evaluates to %d, want %d", scale, got, 3*scale)
		}
	}
	rng := rand.New(rand.NewSource(7))
	r, err := RandomBucketedNet(64, 1, 200, rng)
	if err != nil {
		t.Fatal(err)
	}
	fw, fb, ow, ob := r.Params()
	k, err := NewScaledNet(64, 1, 120, fw, fb, ow, ob)
	if err != nil {
		t.Fatal(err)
	}
	pos := board.NewPosition()
	for _, mv := range []string{"e2e4", "d7d5", "e4d5", "d8d5", "b1c3"} {
		m, err := pos.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		pos.Make(m)
		a, b := r.EvaluatePosition(pos), k.EvaluatePosition(pos)
		if want := float64(a) * 120 / Scale; math.Abs(float64(b)-want) > 1 {
			t.Fatalf("after %s: scale 120 gives %d, want %.1f (%d at scale %d)", mv, b, want, a, Scale)
		}
	}
}
