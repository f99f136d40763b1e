package train

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"brudno/nnue"
	"brudno/nnue/data"
)

// TestFactorGradient checks the factor's forward and backward pass
// against a net without it: a factor net's loss is that of the net whose
// weights are the merged ones, the gradients of its bucket rows, biases
// and output layer are that net's, and the gradient of factor row f is
// the sum of that net's gradients of row f in every bucket (TestGradient
// checks those against finite differences).
func TestFactorGradient(t *testing.T) {
	const h = 16
	recs := randomGames(6, 40, 12)
	idx := make([]uint32, 40)
	for i := range idx {
		idx[i] = uint32(i * 5)
	}
	for _, k := range []int{4, 16} {
		rng := rand.New(rand.NewPCG(uint64(k), 5))
		layout, err := nnue.KingLayoutFor(k)
		if err != nil {
			t.Fatal(err)
		}
		if views := kingViewsOf(recs, layout); len(views) < 3 {
			t.Fatalf("K=%d: the positions have only the king views %v", k, views)
		}
		fnet := &Net{Hidden: h, Buckets: 4, KingBuckets: k, KingLayout: *layout, Factor: true,
			Params: make([]float32, numFactorParams(h, 4, k, true))}
		for i := range fnet.Params {
			fnet.Params[i] = float32(rng.Float64()*0.2 - 0.1)
		}
		// The same net without the factor: the merged weights (none is
		// clamped at this size), the rest as it is.
		plain := &Net{Hidden: h, Buckets: 4, KingBuckets: k, KingLayout: *layout, Params: make([]float32, numKingParams(h, 4, k))}
		fw, fac := fnet.FeatureWeights(), fnet.FactorWeights()
		for i := range fw {
			plain.Params[i] = fw[i] + fac[i%len(fac)]
		}
		copy(plain.Params[len(fw):], fnet.Params[len(fw)+len(fac):])
		if m := fnet.MergedFeatureWeights(); !slices.Equal(m, plain.FeatureWeights()) {
			t.Fatalf("K=%d: MergedFeatureWeights is not each bucket's weight plus the factor's", k)
		}

		opt := DefaultOptions()
		opt.KingBuckets, opt.Factor = k, true
		tr := newTrainer(fnet, opt)
		tr.merge()
		wf, wp := tr.workers[0], newNetWorker(plain)
		wf.run(fnet.Params, recs, idx, 1.0/40, 0.7, 2, 0, true)
		wp.run(plain.Params, recs, idx, 1.0/40, 0.7, 2, 0, true)
		if math.Abs(wf.loss-wp.loss) > 1e-5*wp.loss {
			t.Fatalf("K=%d: loss %g with the factor, %g merged", k, wf.loss, wp.loss)
		}
		near := func(a, b float32) bool { return math.Abs(float64(a-b)) <= 1e-6+1e-4*math.Abs(float64(b)) }
		nb := len(fw)
		for i := 0; i < nb; i++ {
			if !near(wf.grad[i], wp.grad[i]) {
				t.Fatalf("K=%d: bucket weight %d: gradient %g with the factor, %g merged", k, i, wf.grad[i], wp.grad[i])
			}
		}
		nonzero := 0
		for j := range fac {
			var sum float32
			for b := 0; b < k; b++ {
				sum += wp.grad[b*len(fac)+j]
			}
			if g := tr.factorGrad(j); !near(float32(g), sum) {
				t.Fatalf("K=%d: factor weight %d: gradient %g, the buckets' sum %g", k, j, g, sum)
			}
			if sum != 0 {
				nonzero++
			}
		}
		for i := nb + len(fac); i < len(fnet.Params); i++ {
			if !near(wf.grad[i], wp.grad[i-len(fac)]) {
				t.Fatalf("K=%d: parameter %d after the feature weights: gradient %g with the factor, %g merged", k, i, wf.grad[i], wp.grad[i-len(fac)])
			}
		}
		if nonzero < 10*h {
			t.Fatalf("K=%d: only %d factor weights have a gradient", k, nonzero)
		}
		t.Logf("K=%d: loss and %d gradients agree with the merged net's (%d factor weights with a gradient)", k, len(fnet.Params), nonzero)
	}
}

// TestFactorNetFile trains a tiny net with 4 king buckets and a factor:
// the factor starts at 0 and learns, the net file is a plain version 2
// file of the merged weights that the engine evaluates as the trainer's
// quantised net, a merged weight beyond the clip limit is clamped, and a
// run resumed from its version 4 checkpoint ends with the same net.
func TestFactorNetFile(t *testing.T) {
	dir := t.TempDir()
	ds := testData(t, dir)
	ds.Train, ds.Val = ds.Train[:4096], ds.Val[:512]
	run := func(sub string, epochs int, resume bool) (*Trainer, []byte) {
		os.MkdirAll(filepath.Join(dir, sub), 0o755)
		opt := testOptions(filepath.Join(dir, sub))
		opt.Epochs, opt.Buckets, opt.KingBuckets, opt.Factor, opt.Threads = epochs, 4, 4, true, 1
		var tr *Trainer
		var err error
		if resume {
			opt.KingBuckets, opt.Factor = 0, false // the checkpoint's
			tr, err = LoadCheckpoint(opt.Checkpoint, opt)
		} else {
			tr, err = NewTrainer(opt)
		}
		if err != nil {
			t.Fatal(err)
		}
		if !resume {
			for i, x := range tr.Net.FactorWeights() {
				if x != 0 {
					t.Fatalf("factor weight %d starts at %g", i, x)
				}
			}
			// Rows no position uses (own pawns on a1 and b1): AdamW
			// must still decay the first and clip the second.
			fac := tr.Net.FactorWeights()
			fac[0], fac[32] = 1, 3
		}
		if _, err := tr.Run(ds, nil); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(opt.Out)
		if err != nil {
			t.Fatal(err)
		}
		return tr, b
	}
	tr, file := run("straight", 2, false)
	if fac := tr.Net.FactorWeights(); !(fac[0] > 0 && fac[0] < 1) || !(fac[32] > 1.9 && fac[32] <= ClipLimit) {
		t.Fatalf("unused factor rows set to 1 and 3 end at %g (want decayed) and %g (want clipped to %g, then decayed)", fac[0], fac[32], ClipLimit)
	}
	moved := 0
	for _, x := range tr.Net.FactorWeights() {
		if x != 0 {
			moved++
		}
	}
	if moved < len(tr.Net.FactorWeights())/10 {
		t.Fatalf("only %d of %d factor weights were trained", moved, len(tr.Net.FactorWeights()))
	}
	if int64(len(file)) != KingFileSize(32, 4, 4) || binary.LittleEndian.Uint32(file[4:]) != nnue.KingVersion {
		t.Fatalf("a file of %d bytes, version %d", len(file), binary.LittleEndian.Uint32(file[4:]))
	}
	engine, err := nnue.Load(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	q := tr.Net.Quantise()
	var sum float64
	for i := range ds.Val {
		r := &ds.Val[i]
		pos, _, _, err := data.Decode(*r)
		if err != nil {
			t.Fatal(err)
		}
		if e, want := engine.EvaluatePosition(pos), q.Eval(r); e != want {
			t.Fatalf("%s: the engine evaluates %d, the trainer's quantised net %d", pos.FEN(), e, want)
		}
		sum += math.Abs(float64(q.Eval(r)) - tr.Net.Eval(r))
	}
	if mean := sum / float64(len(ds.Val)); mean > 8 {
		t.Errorf("|quantised - float| %.2f on average", mean)
	}

	// A merged weight beyond the limit is clamped.
	fw, fac := tr.Net.FeatureWeights(), tr.Net.FactorWeights()
	fw[5], fac[5] = 1.5, 1.2
	fw[7], fac[7] = -1.9, -0.5
	if m := tr.Net.MergedFeatureWeights(); m[5] != ClipLimit || m[7] != -ClipLimit {
		t.Errorf("merged weights %g and %g, want ±%g", m[5], m[7], ClipLimit)
	}

	run("resumed", 1, false)
	rt, got := run("resumed", 2, true)
	if !rt.Net.Factor || !bytes.Equal(got, file) {
		t.Error("a run with a factor resumed after its first epoch ends with another net")
	}
	ck, err := os.ReadFile(filepath.Join(dir, "straight", "ckpt"))
	if err != nil {
		t.Fatal(err)
	}
	if v := binary.LittleEndian.Uint32(ck[4:]); v != ckptFactorVersion {
		t.Errorf("checkpoint version %d, want %d", v, ckptFactorVersion)
	}
	// A version 4 checkpoint cut to a version 3 one's size is refused.
	cut := ck[:len(ck)-12*Inputs*32]
	if _, err := ReadCheckpoint(cut, testOptions(dir)); err == nil {
		t.Error("a factor checkpoint without the factor's rows is read")
	}

	opt := testOptions(dir)
	opt.Factor = true
	if _, err := NewTrainer(opt); err == nil {
		t.Error("a factor without king buckets is accepted")
	}
}
