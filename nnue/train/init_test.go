package train

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"brudno/board"
	"brudno/nnue"
	"brudno/nnue/data"
)

// A net file read back by FromNet quantises to the same file, with and
// without king buckets; a run started from it by NewTrainerFrom begins
// with the file's evaluation, takes the file's shape whatever the
// options say, and learns from there.
func TestInitFromNet(t *testing.T) {
	dir := t.TempDir()
	ds := testData(t, dir)
	ds.Train, ds.Val = ds.Train[:4096], ds.Val[:512]
	for _, k := range []int{1, 4} {
		sub := filepath.Join(dir, map[int]string{1: "plain", 4: "kings"}[k])
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		opt := testOptions(sub)
		opt.Epochs, opt.Buckets, opt.KingBuckets, opt.Scale = 2, 8, k, 300
		first := trainedNet(t, opt, ds)
		file, err := os.ReadFile(opt.Out)
		if err != nil {
			t.Fatal(err)
		}
		q, err := nnue.Load(bytes.NewReader(file))
		if err != nil {
			t.Fatal(err)
		}
		net := FromNet(q)
		var again bytes.Buffer
		if _, err := net.Quantise().WriteTo(&again); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again.Bytes(), file) {
			t.Fatalf("K=%d: FromNet's net quantises to another file", k)
		}
		for i, x := range first.Net.Params {
			// Each parameter is within half a quantisation step of the
			// trained one's (the output weights' step, 1/QB, is the
			// largest).
			if d := math.Abs(float64(net.Params[i] - x)); d > 0.5/QB+1e-6 {
				t.Fatalf("K=%d: parameter %d is %g, trained %g", k, i, net.Params[i], x)
			}
		}

		// The options' shape is overridden by the net's (hidden 0: the
		// net's; a larger one would widen it, TestWidenKeepsOutput).
		o2 := testOptions(sub)
		o2.Out, o2.Checkpoint = filepath.Join(sub, "fine.nnue"), filepath.Join(sub, "fine.ckpt")
		o2.Epochs, o2.Hidden, o2.Buckets, o2.KingBuckets, o2.Scale, o2.LR = 1, 0, 1, 1, 400, 0.001
		tr, err := NewTrainerFrom(FromNet(q), o2)
		if err != nil {
			t.Fatal(err)
		}
		got := tr.Options()
		if got.Hidden != opt.Hidden || got.Buckets != 8 || got.KingBuckets != k || got.Scale != 300 || tr.Net.scale() != 300 {
			t.Fatalf("K=%d: trainer options %+v", k, got)
		}
		// Its first loss is that of the file's net: the quantised
		// weights, close to the trained ones'.
		start := tr.Loss(ds.Val)
		if want := lossOfNet(net, o2, ds); start != want {
			t.Fatalf("K=%d: starting loss %g, the file's net %g", k, start, want)
		}
		if trained := first.Loss(ds.Val); math.Abs(start-trained) > 0.01*trained {
			t.Fatalf("K=%d: starting loss %g, the trained net's %g", k, start, trained)
		}
		fresh, err := NewTrainer(opt)
		if err != nil {
			t.Fatal(err)
		}
		// What the net learnt of the training positions is kept.
		if l, random := tr.Loss(ds.Train), fresh.Loss(ds.Train); !(l < random/2) {
			t.Fatalf("K=%d: loss on the training positions %g, a random net's %g", k, l, random)
		}
		if _, err := tr.Run(ds, nil); err != nil {
			t.Fatal(err)
		}
		if tr.History[0].TrainLoss >= first.History[0].TrainLoss {
			t.Fatalf("K=%d: first epoch's training loss %g from the net, %g from random weights", k, tr.History[0].TrainLoss, first.History[0].TrainLoss)
		}
		if _, err := nnue.LoadFile(o2.Out); err != nil {
			t.Fatal(err)
		}

		// A factor starts at zero, so the run begins where the net is;
		// it needs king buckets, and mirroring refuses them.
		o2.Factor = true
		ft, err := NewTrainerFrom(FromNet(q), o2)
		if k == 1 {
			if err == nil || !strings.Contains(err.Error(), "factor") {
				t.Fatalf("a factor for a net without king buckets: %v", err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if l := ft.Loss(ds.Val); l != start {
			t.Fatalf("with a factor the starting loss is %g, without %g", l, start)
		}
		o2.Factor, o2.Mirror = false, true
		if _, err := NewTrainerFrom(FromNet(q), o2); err == nil || !strings.Contains(err.Error(), "mirror") {
			t.Fatalf("-mirror for a net with king buckets: %v", err)
		}
	}
}

// lossOfNet returns the validation loss of net (a copy) with the
// options opt, by a trainer of its own.
func lossOfNet(net *Net, opt Options, ds *Dataset) float64 {
	c := *net
	c.Params = append([]float32(nil), net.Params...)
	opt.Hidden, opt.Buckets, opt.KingBuckets, opt.Scale = c.Hidden, c.Buckets, c.kingBuckets(), c.scale()
	return newTrainer(&c, opt).Loss(ds.Val)
}

// A net without king buckets grows them: each bucket starts as its
// rows, or with a factor the factor does and the buckets start at zero;
// either way a position with both kings on files e-h (no perspective
// mirrored) evaluates exactly as before.
func TestInitGrowsKingBuckets(t *testing.T) {
	dir := t.TempDir()
	ds := testData(t, dir)
	ds.Train, ds.Val = ds.Train[:4096], ds.Val[:1024]
	opt := testOptions(dir)
	opt.Epochs, opt.Buckets = 1, 4
	plain := trainedNet(t, opt, ds)
	var east []int // the validation records with both kings on files e-h
	for i := range ds.Val {
		pos, _, _, err := data.Decode(ds.Val[i])
		if err != nil {
			t.Fatal(err)
		}
		if pos.KingSquare(board.White)&7 >= 4 && pos.KingSquare(board.Black)&7 >= 4 {
			east = append(east, i)
		}
	}
	if len(east) < 20 || len(east) == len(ds.Val) {
		t.Fatalf("%d of %d positions with both kings on files e-h", len(east), len(ds.Val))
	}
	rows := Inputs * opt.Hidden
	for _, factor := range []bool{false, true} {
		o := opt
		o.KingBuckets, o.Factor = 4, factor
		src := *plain.Net
		src.Params = slices.Clone(plain.Net.Params)
		tr, err := NewTrainerFrom(&src, o)
		if err != nil {
			t.Fatal(err)
		}
		n := tr.Net
		if n.KingBuckets != 4 || n.Factor != factor || len(n.Params) != numFactorParams(opt.Hidden, 4, 4, factor) {
			t.Fatalf("factor %v: K %d, factor %v, %d parameters", factor, n.KingBuckets, n.Factor, len(n.Params))
		}
		for b := range 4 {
			want := plain.Net.FeatureWeights()
			if factor {
				want = make([]float32, rows)
			}
			if !slices.Equal(n.FeatureWeights()[b*rows:(b+1)*rows], want) {
				t.Fatalf("factor %v: bucket %d does not start as it should", factor, b)
			}
		}
		if factor && !slices.Equal(n.FactorWeights(), plain.Net.FeatureWeights()) {
			t.Fatal("the factor does not start as the net's rows")
		}
		if !slices.Equal(n.FeatureBias(), plain.Net.FeatureBias()) || !slices.Equal(n.OutputWeights(), plain.Net.OutputWeights()) ||
			!slices.Equal(n.OutputBiases(), plain.Net.OutputBiases()) {
			t.Fatalf("factor %v: the biases or output layer changed", factor)
		}
		for _, i := range east {
			r := &ds.Val[i]
			if got, want := n.Output(r), plain.Net.Output(r); got != want {
				t.Fatalf("factor %v: output %g, the net's %g", factor, got, want)
			}
		}
		if _, err := tr.Run(ds, nil); err != nil {
			t.Fatal(err)
		}
		if q, err := nnue.LoadFile(o.Out); err != nil || q.KingBuckets() != 4 {
			t.Fatalf("factor %v: the net file: %v", factor, err)
		}
	}
	// A net with king buckets keeps their number.
	o := opt
	o.KingBuckets = 8
	grown, err := NewTrainerFrom(FromNet(mustLoad(t, o.Out)), o)
	if err == nil || !strings.Contains(err.Error(), "king buckets 8") {
		t.Fatalf("8 king buckets from a net with 4: %v, %v", grown, err)
	}
}

// trainedNet returns the trainer of a new net with the options opt,
// trained on ds.
func trainedNet(t *testing.T, opt Options, ds *Dataset) *Trainer {
	t.Helper()
	tr, err := NewTrainer(opt)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Run(ds, nil); err != nil {
		t.Fatal(err)
	}
	return tr
}

func mustLoad(t *testing.T, name string) *nnue.Net {
	t.Helper()
	q, err := nnue.LoadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return q
}
