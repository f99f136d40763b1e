package nnue

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"brudno/board"
)

// sq returns the named square.
func sq(name string) board.Square {
	s, ok := board.ParseSquare(name)
	if !ok {
		panic(name)
	}
	return s
}

func randomKingNet(t testing.TB, rng *rand.Rand, h, buckets, kb int) *Net {
	t.Helper()
	n, err := RandomKingNet(h, buckets, kb, 200, rng)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestKingLayouts(t *testing.T) {
	for _, k := range []int{1, 4, 8, 16} {
		l, err := KingLayoutFor(k)
		if err != nil {
			t.Fatal(err)
		}
		if l.Buckets() != k {
			t.Errorf("layout %d: %d buckets", k, l.Buckets())
		}
		if err := l.Check(k); err != nil {
			t.Errorf("layout %d: %v", k, err)
		}
		// Finer near the own back rank: no bucket holds squares of rank 1
		// and of rank 3 or beyond.
		if k > 1 && l[sq("e1")] == l[sq("e3")] {
			t.Errorf("layout %d: e1 and e3 share bucket %d", k, l[sq("e1")])
		}
	}
	for _, k := range []int{0, 2, 3, 5, 17, 32} {
		if _, err := KingLayoutFor(k); err == nil {
			t.Errorf("KingLayoutFor(%d) succeeded", k)
		}
	}
	l, _ := KingLayoutFor(8)
	bad := *l
	bad[sq("a1")] = 0 // h1, a1's mirror image, is in bucket 3
	if err := bad.Check(8); err == nil || !strings.Contains(err.Error(), "symmetric") {
		t.Errorf("an asymmetric layout: %v", err)
	}
	if err := l.Check(9); err == nil || !strings.Contains(err.Error(), "no square in bucket 8") {
		t.Errorf("an unused bucket: %v", err)
	}
	if err := l.Check(7); err == nil || !strings.Contains(err.Error(), "bucket 7 of 7") {
		t.Errorf("an entry out of range: %v", err)
	}
	if err := l.Check(17); err == nil {
		t.Error("17 king buckets accepted")
	}
}

func TestKingView(t *testing.T) {
	n := randomKingNet(t, rand.New(rand.NewSource(20)), 16, 1, 8)
	cases := []struct {
		persp    board.Color
		sq       board.Square
		bucket   int
		mirrored bool
	}{
		{board.White, sq("e1"), 0, false},
		{board.White, sq("g1"), 2, false},
		{board.White, sq("d1"), 0, true},
		{board.White, sq("b1"), 2, true},
		{board.White, sq("h2"), 5, false},
		{board.White, sq("a2"), 5, true},
		{board.White, sq("e4"), 6, false},
		{board.White, sq("e8"), 7, false},
		{board.Black, sq("e8"), 0, false},
		{board.Black, sq("g8"), 2, false},
		{board.Black, sq("c8"), 1, true},
		{board.Black, sq("e1"), 7, false},
		{board.Black, sq("a7"), 5, true},
	}
	for _, c := range cases {
		b, m := n.KingView(c.persp, c.sq)
		if b != c.bucket || m != c.mirrored {
			t.Errorf("%v king on %v: bucket %d mirrored %v, want %d %v", c.persp, c.sq, b, m, c.bucket, c.mirrored)
		}
	}
	plain := randomNet(t, rand.New(rand.NewSource(21)), 16, 200)
	if b, m := plain.KingView(board.White, sq("a1")); b != 0 || m {
		t.Errorf("a net without king buckets: bucket %d mirrored %v", b, m)
	}
}

// mirrorBoard returns fen's position mirrored left to right (no castling
// rights, no en passant square).
func mirrorBoard(t *testing.T, fen string) *board.Position {
	t.Helper()
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, r := range ranks {
		var b strings.Builder
		for j := len(r) - 1; j >= 0; j-- {
			b.WriteByte(r[j])
		}
		ranks[i] = b.String()
	}
	pos, err := board.ParseFEN(strings.Join(ranks, "/") + " " + f[1] + " - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// TestKingBucketMirror checks that a net with king buckets evaluates a
// position and its mirror image alike: each perspective mirrors the board
// so that its king is on files e-h.
func TestKingBucketMirror(t *testing.T) {
	fens := []string{
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1",
		"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w - - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"2kr3r/ppp2ppp/8/8/8/8/PPP2PPP/2KR3R b - - 0 1",
		"8/8/3k4/8/8/4K3/8/8 b - - 0 1",
	}
	for _, kb := range []int{4, 8, 16} {
		n := randomKingNet(t, rand.New(rand.NewSource(int64(kb))), 32, 8, kb)
		for _, fen := range fens {
			pos, err := board.ParseFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			m := mirrorBoard(t, fen)
			if a, b := n.EvaluatePosition(pos), n.EvaluatePosition(m); a != b {
				t.Errorf("K=%d %s: %d, mirrored (%s) %d", kb, fen, a, m.FEN(), b)
			}
		}
	}
}

// TestIncrementalKingBuckets walks random games with many king moves and
// compares the incremental evaluation (king moves within a view updated,
// others refreshed through the cache) with a pure Go evaluation from
// scratch, for nets with and without king buckets, with and without the
// assembly kernels.
func TestIncrementalKingBuckets(t *testing.T) {
	defer UseSIMD(UseSIMD(true))
	modes := []bool{false}
	if HasSIMD() {
		modes = append(modes, true)
	}
	steps, reps := 300, 4
	if testing.Short() {
		steps, reps = 100, 2
	}
	for _, kb := range []int{1, 4, 8, 16} {
		for _, simd := range modes {
			UseSIMD(simd)
			rng := rand.New(rand.NewSource(int64(30 + kb)))
			n := randomKingNet(t, rng, 80, 8, kb)
			e := n.NewEvaluator()
			st := moveStats{kingBias: 2}
			for _, fen := range walkFENs {
				for range reps {
					walk(t, n, e, fen, rng, steps, &st)
				}
			}
			t.Logf("K=%d simd=%v: %+v", kb, simd, st)
			if st.kingSameView == 0 || (st.kingNewView == 0) != (kb == 1) || st.castle == 0 || st.castle960 == 0 || st.null == 0 {
				t.Fatalf("K=%d simd=%v: too few kinds of king moves: %+v", kb, simd, st)
			}
		}
	}
}

func TestKingNetNoAllocation(t *testing.T) {
	n := randomKingNet(t, rand.New(rand.NewSource(40)), 256, 8, 16)
	e := n.NewEvaluator()
	pos, err := board.ParseFEN("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	var list board.MoveList
	pos.GenerateLegal(&list)
	defer UseSIMD(UseSIMD(true))
	for _, simd := range []bool{false, true} {
		UseSIMD(simd)
		e.Reset(pos)
		allocs := testing.AllocsPerRun(20, func() {
			for _, m := range list.Slice() {
				e.Push(pos, m)
				pos.Make(m)
				_ = e.Evaluate(pos)
				pos.Unmake()
				e.Pop()
			}
			_ = e.Evaluate(pos)
		})
		if allocs != 0 {
			t.Errorf("simd=%v: %v allocations per run", simd, allocs)
		}
	}
}

func TestKingNetRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(41))
	for _, kb := range []int{4, 8, 16} {
		n := randomKingNet(t, rng, 32, 3, kb)
		b := netBytes(t, n)
		if len(b) != KingFileSize(32, 3, kb) || binary.LittleEndian.Uint32(b[4:]) != KingVersion {
			t.Fatalf("K=%d: %d bytes, version %d", kb, len(b), binary.LittleEndian.Uint32(b[4:]))
		}
		m, err := Load(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("K=%d: %v", kb, err)
		}
		if m.KingBuckets() != kb || m.KingLayout() != n.KingLayout() {
			t.Fatalf("K=%d: loaded %d king buckets", kb, m.KingBuckets())
		}
		if !bytes.Equal(netBytes(t, m), b) {
			t.Fatalf("K=%d: saving the loaded net gives other bytes", kb)
		}
		pos, _ := board.ParseFEN(walkFENs[1])
		if x, y := n.EvaluatePosition(pos), m.EvaluatePosition(pos); x != y {
			t.Fatalf("K=%d: evaluations %d and %d", kb, x, y)
		}
	}
}

// kingCorruptFiles returns edited copies of a valid version 2 file and
// the text that Load's error must contain for each.
func kingCorruptFiles(t testing.TB) map[string]struct {
	data []byte
	want string
} {
	const h = 16
	valid := netBytes(t, randomKingNet(t, rand.New(rand.NewSource(42)), h, 1, 4))
	edit := func(f func(b []byte)) []byte {
		b := append([]byte(nil), valid...)
		f(b)
		return fixChecksum(b)
	}
	kings := func(k uint32) []byte {
		return edit(func(b []byte) { binary.LittleEndian.PutUint32(b[headerSize:], k) })
	}
	layout := func(sq int, v byte) []byte { return edit(func(b []byte) { b[headerSize+4+sq] = v }) }
	type tc = struct {
		data []byte
		want string
	}
	v1 := netBytes(t, randomNet(t, rand.New(rand.NewSource(43)), h, 200))
	v1as2 := append([]byte(nil), v1...)
	binary.LittleEndian.PutUint32(v1as2[4:], KingVersion)
	return map[string]tc{
		"king buckets 0":      {kings(0), "king buckets"},
		"king buckets 1":      {kings(1), "king buckets"},
		"king buckets 17":     {kings(17), "king buckets"},
		"king buckets huge":   {kings(0xffffffff), "king buckets"},
		"king buckets 8":      {kings(8), "no square in bucket"},
		"king buckets 3":      {kings(3), "bucket 3 of 3"},
		"layout out of range": {layout(4, 200), "bucket 200"},
		"layout asymmetric":   {layout(4, 2), "symmetric"},
		"header cut":          {valid[:headerSize+10], "too short"},
		"layout cut":          {valid[:kingHeaderSize-1], "too short"},
		"body cut":            {valid[:len(valid)-7], "too short"},
		"one bucket short":    {valid[:KingFileSize(h, 1, 3)], "too short"},
		"v1 body as v2":       {fixChecksum(v1as2), "king buckets"},
		"trailing":            {append(append([]byte(nil), valid...), 1, 2), "trailing"},
		"bad weight":          {func() []byte { b := append([]byte(nil), valid...); b[kingHeaderSize+5] ^= 4; return b }(), "checksum"},
	}
}

func TestLoadRejectsCorruptKingNet(t *testing.T) {
	for name, c := range kingCorruptFiles(t) {
		n, err := Load(bytes.NewReader(c.data))
		if err == nil {
			t.Errorf("%s: loaded (K=%d)", name, n.KingBuckets())
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %q does not mention %q", name, err, c.want)
		}
	}
}

func TestNewKingNetValidates(t *testing.T) {
	h := 16
	l, _ := KingLayoutFor(4)
	fw, fb, ow, ob := make([]int16, 4*Inputs*h), make([]int16, h), make([]int16, 2*h), []int32{0}
	if _, err := NewKingNet(h, 1, Scale, l, fw, fb, ow, ob); err != nil {
		t.Fatal(err)
	}
	if _, err := NewKingNet(h, 1, Scale, l, fw[:Inputs*h], fb, ow, ob); err == nil {
		t.Error("a K=4 net with one bucket's feature weights accepted")
	}
	bad := *l
	bad[0] = 9
	if _, err := NewKingNet(h, 1, Scale, &bad, make([]int16, 10*Inputs*h), fb, ow, ob); err == nil {
		t.Error("a layout with unused buckets accepted")
	}
}

// TestHiddenSizes evaluates incrementally at the larger hidden sizes, with
// and without king buckets, against a pure Go refresh.
func TestHiddenSizes(t *testing.T) {
	defer UseSIMD(UseSIMD(true))
	for _, h := range []int{512, 1024} {
		for _, kb := range []int{1, 8} {
			t.Run(fmt.Sprintf("H=%d,K=%d", h, kb), func(t *testing.T) {
				rng := rand.New(rand.NewSource(int64(h + kb)))
				n := randomKingNet(t, rng, h, 8, kb)
				e := n.NewEvaluator()
				st := moveStats{kingBias: 3}
				for _, simd := range []bool{false, true} {
					UseSIMD(simd)
					for _, fen := range walkFENs[:4] {
						walk(t, n, e, fen, rng, 60, &st)
					}
				}
			})
		}
	}
}
