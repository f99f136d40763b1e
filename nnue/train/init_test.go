package train

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"brudno/nnue"
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
		os.MkdirAll(sub, 0o755)
		opt := testOptions(sub)
		opt.Epochs, opt.Buckets, opt.KingBuckets, opt.Scale = 2, 8, k, 300
		first, err := NewTrainer(opt)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := first.Run(ds, nil); err != nil {
			t.Fatal(err)
		}
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
			// trained one's (the output biases' step is the smallest).
			if d := math.Abs(float64(net.Params[i] - x)); d > 0.5/QB+1e-6 {
				t.Fatalf("K=%d: parameter %d is %g, trained %g", k, i, net.Params[i], x)
			}
		}

		// The options' shape is overridden by the net's.
		o2 := testOptions(sub)
		o2.Out, o2.Checkpoint = filepath.Join(sub, "fine.nnue"), filepath.Join(sub, "fine.ckpt")
		o2.Epochs, o2.Hidden, o2.Buckets, o2.KingBuckets, o2.Scale, o2.LR = 1, 64, 1, 1, 400, 0.001
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
