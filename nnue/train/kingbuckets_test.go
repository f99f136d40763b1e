package train

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"brudno/board"
	"brudno/nnue"
	"brudno/nnue/data"
)

// TestKingFeatures checks the trainer's features of nets with king
// buckets against the engine's: the king view of nnue.Net.KingView and
// the feature of nnue.FeatureIndex on the square mirrored with it.
func TestKingFeatures(t *testing.T) {
	recs := randomGames(10, 80, 9)
	for _, k := range []int{4, 8, 16} {
		net, err := nnue.RandomKingNet(16, 1, k, 10, rand.New(rand.NewSource(1)))
		if err != nil {
			t.Fatal(err)
		}
		layout := net.KingLayout()
		seen := map[[2]int]bool{} // king bucket, mirrored
		for _, r := range recs {
			pos, _, _, err := data.Decode(r)
			if err != nil {
				t.Fatal(err)
			}
			var fw, fb [maxPieces]uint16
			n := kingFeatures(&r, &fw, &fb, &layout)
			for p, got := range [2][]uint16{fw[:n], fb[:n]} {
				persp := board.Color(p)
				bucket, mirrored := net.KingView(persp, pos.KingSquare(persp))
				seen[[2]int{bucket, map[bool]int{false: 0, true: 1}[mirrored]}] = true
				var want []uint16
				for occ := pos.Occupied(); occ != 0; {
					s := occ.PopFirst()
					ms := s
					if mirrored {
						ms ^= 7
					}
					want = append(want, uint16(bucket*nnue.Inputs+nnue.FeatureIndex(persp, pos.PieceAt(s), ms)))
				}
				if !slices.Equal(got, want) {
					t.Fatalf("K=%d %s perspective %v: %v, want %v", k, pos.FEN(), persp, got, want)
				}
			}
		}
		if len(seen) < 4 || !seen[[2]int{0, 0}] || !seen[[2]int{0, 1}] {
			t.Fatalf("K=%d: the positions have only the king views %v", k, seen)
		}
	}
}

// TestKingNetFile trains a tiny net with king buckets for a few steps,
// writes it, and checks that the engine loads it and evaluates as the
// trainer's quantised net does, and within quantisation error of the
// float net.
func TestKingNetFile(t *testing.T) {
	dir := t.TempDir()
	ds := testData(t, dir)
	for _, k := range []int{4, 8, 16} {
		opt := testOptions(dir)
		opt.Epochs, opt.Buckets, opt.KingBuckets = 1, 4, k
		tr, err := NewTrainer(opt)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tr.Run(ds, nil); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(opt.Out)
		if err != nil {
			t.Fatal(err)
		}
		if int64(len(b)) != KingFileSize(opt.Hidden, opt.Buckets, k) || binary.LittleEndian.Uint32(b[4:]) != nnue.KingVersion {
			t.Fatalf("K=%d: a file of %d bytes, version %d", k, len(b), binary.LittleEndian.Uint32(b[4:]))
		}
		engine, err := nnue.LoadFile(opt.Out)
		if err != nil {
			t.Fatal(err)
		}
		if engine.KingBuckets() != k || engine.KingLayout() != tr.Net.KingLayout {
			t.Fatalf("K=%d: the engine reads %d king buckets", k, engine.KingBuckets())
		}
		q := tr.Net.Quantise()
		var sum, worst float64
		for i := range ds.Val {
			r := &ds.Val[i]
			pos, _, _, err := data.Decode(*r)
			if err != nil {
				t.Fatal(err)
			}
			e, want := engine.EvaluatePosition(pos), q.Eval(r)
			if e != want {
				t.Fatalf("K=%d %s: the engine evaluates %d, the trainer's quantised net %d", k, pos.FEN(), e, want)
			}
			d := math.Abs(float64(e) - tr.Net.Eval(r))
			sum += d
			worst = max(worst, d)
		}
		mean := sum / float64(len(ds.Val))
		t.Logf("K=%d: %d positions, |quantised - float| %.2f on average, %.1f at most (centipawns)", k, len(ds.Val), mean, worst)
		if mean > 8 || worst > 40 {
			t.Errorf("K=%d: quantisation moves the evaluation by %.2f on average, %.1f at most", k, mean, worst)
		}
	}
}

// TestKingCheckpoint checks that king buckets survive a checkpoint, that
// a resumed run ends as one not stopped, and that damaged king fields
// and bad options are refused.
func TestKingCheckpoint(t *testing.T) {
	dir := t.TempDir()
	ds := testData(t, dir)
	ds.Train, ds.Val = ds.Train[:2048], ds.Val[:256]
	run := func(sub string, epochs int, resume bool) []byte {
		opt := testOptions(filepath.Join(dir, sub))
		os.MkdirAll(filepath.Join(dir, sub), 0o755)
		opt.Epochs, opt.Threads, opt.KingBuckets = epochs, 1, 8
		var tr *Trainer
		var err error
		if resume {
			opt.KingBuckets = 0 // the checkpoint's
			tr, err = LoadCheckpoint(opt.Checkpoint, opt)
		} else {
			tr, err = NewTrainer(opt)
		}
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tr.Run(ds, nil); err != nil {
			t.Fatal(err)
		}
		net, _ := os.ReadFile(opt.Out)
		return net
	}
	want := run("straight", 2, false)
	run("resumed", 1, false)
	if got := run("resumed", 2, true); !bytes.Equal(got, want) {
		t.Error("a run with king buckets resumed after its first epoch ends with another net")
	}

	good, err := os.ReadFile(filepath.Join(dir, "straight", "ckpt"))
	if err != nil {
		t.Fatal(err)
	}
	if v := binary.LittleEndian.Uint32(good[4:]); v != ckptKingVersion {
		t.Fatalf("checkpoint version %d", v)
	}
	edit := func(f func(b []byte)) []byte {
		b := slices.Clone(good)
		f(b)
		binary.LittleEndian.PutUint32(b[len(b)-4:], crc32.ChecksumIEEE(b[:len(b)-4]))
		return b
	}
	cases := map[string][]byte{
		"king buckets 1":  edit(func(b []byte) { binary.LittleEndian.PutUint32(b[16:], 1) }),
		"king buckets 17": edit(func(b []byte) { binary.LittleEndian.PutUint32(b[16:], 17) }),
		"king buckets 4":  edit(func(b []byte) { binary.LittleEndian.PutUint32(b[16:], 4) }),
		"asymmetric":      edit(func(b []byte) { b[20+4] ^= 1 }),
		"short":           good[:90],
		"cut":             good[:len(good)-5],
	}
	for name, c := range cases {
		if _, err := ReadCheckpoint(c, testOptions(dir)); !errors.Is(err, ErrBadCheckpoint) {
			t.Errorf("%s: %v", name, err)
		}
	}

	opt := testOptions(dir)
	opt.KingBuckets, opt.Mirror = 8, true
	if err := opt.Check(); err == nil || !strings.Contains(err.Error(), "mirror") {
		t.Errorf("-mirror with king buckets: %v", err)
	}
	for _, k := range []int{-1, 2, 5, 17, 32} {
		opt := testOptions(dir)
		opt.KingBuckets = k
		if _, err := NewTrainer(opt); err == nil {
			t.Errorf("%d king buckets accepted", k)
		}
	}
}
