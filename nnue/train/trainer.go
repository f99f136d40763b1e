package train

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sync"
	"time"

	"brudno/nnue"
	"brudno/nnue/data"
)

// Options are the settings of a training run.
type Options struct {
	Hidden  int // hidden neurons (a new run only; a resumed one has its checkpoint's; one from a net, NewTrainerFrom, the net's or more)
	Buckets int // output buckets by the number of pieces (likewise)
	// KingBuckets is the number of king input buckets in nnue's built-in
	// layout of that number (nnue.KingLayoutFor: 1, 4, 8 or 16; 0 is 1);
	// a new run only, as Hidden.
	KingBuckets int
	// Factor trains the king buckets with a factor, rows that all the
	// buckets share (see Net); K > 1 only, a new run only.
	Factor  bool
	Epochs  int     // train until this many epochs (passes over the training positions) are done
	Batch   int     // positions per optimiser step
	LR      float64 // learning rate of the first epoch
	LRDrop  int     // multiply the learning rate by LRGamma every LRDrop epochs (0: never)
	LRGamma float64
	WD      float64 // AdamW weight decay of the feature and output weights (not the biases)
	Lambda  float64 // weight of the search score in the target, 1-Lambda the result's
	// Scale is the K of the target's sigmoid(score/K), and the net's
	// centipawns per unit of output (written in the net file):
	// nnue.MinScale to nnue.MaxScale.
	Scale   int
	Power   float64 // the loss is the mean of |sigmoid(y) - target|^Power
	Threads int     // worker goroutines
	Seed    uint64  // initialisation, validation split and shuffling (a resumed run has its checkpoint's)
	// Mirror trains each position without castling rights, in every
	// other epoch on average (drawn from the seed, the epoch and the
	// position), with the board mirrored left to right: the same
	// position for chess, so the net learns the symmetry and sees twice
	// the positions.
	Mirror bool

	Checkpoint string // write the float state here after every epoch and when stopped ("": never)
	Out        string // write the quantised net here likewise ("": never)
	Best       string // write the quantised net here after each epoch whose validation loss is the lowest of the run ("": never)

	Progress      io.Writer     // progress lines (nil: none)
	ProgressEvery time.Duration // a line within an epoch at about this interval (0: none)
}

// DefaultOptions returns the defaults of `brudno train`.
func DefaultOptions() Options {
	return Options{Hidden: 256, Buckets: 1, KingBuckets: 1, Epochs: 20, Batch: 16384, LR: 0.001, LRDrop: 15, LRGamma: 0.1,
		WD: 0.01, Lambda: 1.0, Scale: Scale, Power: 2, Threads: 1, Seed: 1}
}

// Check returns an error for an option out of range (all but Hidden and
// Buckets, which CheckHidden and CheckBuckets check).
func (o *Options) Check() error {
	switch {
	case o.Epochs < 1:
		return fmt.Errorf("epochs %d: want at least 1", o.Epochs)
	case o.Batch < 1:
		return fmt.Errorf("batch size %d: want at least 1", o.Batch)
	case !(o.LR > 0) || math.IsInf(o.LR, 0):
		return fmt.Errorf("learning rate %g: want a positive number", o.LR)
	case o.LRDrop < 0:
		return fmt.Errorf("lr-drop %d: want 0 (never) or a number of epochs", o.LRDrop)
	case !(o.LRGamma > 0 && o.LRGamma <= 1):
		return fmt.Errorf("lr-gamma %g: want a factor above 0, at most 1", o.LRGamma)
	case !(o.WD >= 0 && o.WD < 1):
		return fmt.Errorf("weight decay %g: want 0 to 1", o.WD)
	case !(o.Lambda >= 0 && o.Lambda <= 1):
		return fmt.Errorf("lambda %g: want 0 to 1", o.Lambda)
	case o.Scale < nnue.MinScale || o.Scale > nnue.MaxScale:
		return fmt.Errorf("scale %d: want %d to %d", o.Scale, nnue.MinScale, nnue.MaxScale)
	case !(o.Power >= 1 && o.Power <= 10):
		return fmt.Errorf("power %g: want 1 to 10", o.Power)
	case o.Threads < 1 || o.Threads > 1024:
		return fmt.Errorf("threads %d: want 1 to 1024", o.Threads)
	case o.Factor && o.KingBuckets <= 1:
		return errors.New("factor without king buckets: the factor is what the king buckets share, so it needs at least 4 of them")
	case o.Mirror && o.KingBuckets > 1:
		return errors.New("mirror with king buckets: a net with king buckets mirrors the board itself (by its king's file), so a mirrored position is the same input")
	}
	if o.KingBuckets != 0 {
		if _, err := nnue.KingLayoutFor(o.KingBuckets); err != nil {
			return fmt.Errorf("king buckets %d: want 1, 4, 8 or 16", o.KingBuckets)
		}
	}
	return nil
}

// lrAt returns the learning rate of epoch e (counting from 0): LR
// multiplied by LRGamma once for every LRDrop epochs before it, a step
// schedule.
func (o *Options) lrAt(e int) float64 {
	if o.LRDrop <= 0 {
		return o.LR
	}
	return o.LR * math.Pow(o.LRGamma, float64(e/o.LRDrop))
}

// EpochStats are the figures of one epoch.
type EpochStats struct {
	Epoch     int     // from 1
	TrainLoss float64 // mean loss over the epoch's batches, as they were trained
	ValLoss   float64 // on the validation positions after the epoch (NaN with none)
	LR        float64
	Positions int     // trained in this run (less than an epoch after a resume in the middle of one)
	Seconds   float64 // training time of those positions
	Elapsed   float64 // since Run began
}

// PosPerSec returns the training speed of the epoch.
func (s *EpochStats) PosPerSec() float64 { return float64(s.Positions) / s.Seconds }

// Trainer trains a Net with AdamW.
//
// A run is deterministic: the same data, options, seed and number of
// threads give the same net, bit for bit, and a run stopped and resumed
// from its checkpoint (at an epoch's end or after any batch) ends with the
// same net as one not stopped. Different numbers of threads sum the
// gradients in different orders and so give slightly different nets.
type Trainer struct {
	Net     *Net
	History []EpochStats // the epochs trained by Run

	opt        Options
	m, v       []float32 // Adam's moments
	epoch      int       // epochs done
	offset     int       // positions of the next epoch done
	step       uint64    // optimiser steps done
	lossSum    float64   // training loss of the positions of the next epoch done
	lossCount  int64
	trainCount int    // training positions of the checkpoint's run (0: a new run)
	dataCRC    uint32 // and the fingerprint of its data

	workers []*worker
	bestVal float64   // the lowest validation loss of this run (Best), +Inf before the first
	merged  []float32 // with a factor: each bucket's feature weights plus the factor's (merge)
}

// NewTrainer returns a trainer of a new network initialised from
// opt.Seed.
func NewTrainer(opt Options) (*Trainer, error) {
	if err := opt.Check(); err != nil {
		return nil, err
	}
	net, err := NewKingNet(opt.Hidden, opt.Buckets, max(opt.KingBuckets, 1), opt.Seed)
	if err != nil {
		return nil, err
	}
	if opt.Factor {
		if err := net.addFactor(); err != nil {
			return nil, err
		}
	}
	return newTrainer(net, opt), nil
}

func newTrainer(net *Net, opt Options) *Trainer {
	net.Scale = opt.Scale
	p := len(net.Params)
	t := &Trainer{Net: net, opt: opt, m: make([]float32, p), v: make([]float32, p), bestVal: math.Inf(1)}
	if net.Factor {
		t.merged = make([]float32, net.inputs()*net.Hidden)
	}
	t.setThreads(opt.Threads)
	return t
}

// merge brings the merged feature weights of a net with a factor up to
// date with its parameters (nothing without a factor); the workers read
// them.
func (t *Trainer) merge() {
	if t.merged != nil {
		t.Net.mergeRows(t.merged)
	}
}

func (t *Trainer) setThreads(n int) {
	t.workers = t.workers[:0]
	for range n {
		w := newNetWorker(t.Net)
		w.merged = t.merged
		w.evalScale = float64(t.Net.scale())
		t.workers = append(t.workers, w)
	}
}

// Epoch returns the number of epochs done.
func (t *Trainer) Epoch() int { return t.epoch }

// Options returns the trainer's options (with a resumed run's hidden
// layer size, buckets and seed).
func (t *Trainer) Options() Options { return t.opt }

func (t *Trainer) printf(format string, args ...any) {
	if t.opt.Progress != nil {
		fmt.Fprintf(t.opt.Progress, format, args...)
	}
}

// save writes the checkpoint and the quantised net, as the options name.
func (t *Trainer) save() error {
	if t.opt.Checkpoint != "" {
		if err := t.SaveCheckpoint(t.opt.Checkpoint); err != nil {
			return fmt.Errorf("writing the checkpoint: %w", err)
		}
	}
	if t.opt.Out != "" {
		if err := WriteNetFile(t.opt.Out, t.Net.Quantise()); err != nil {
			return fmt.Errorf("writing the net: %w", err)
		}
	}
	return nil
}

// keepBest writes the quantised net to opt.Best when val is the lowest
// validation loss of the run so far (a resumed run starts afresh).
func (t *Trainer) keepBest(val float64) error {
	if t.opt.Best == "" || math.IsNaN(val) || val >= t.bestVal {
		return nil
	}
	t.bestVal = val
	if err := WriteNetFile(t.opt.Best, t.Net.Quantise()); err != nil {
		return fmt.Errorf("writing the best net: %w", err)
	}
	t.printf("best so far: validation loss %.6f, net %s\n", val, t.opt.Best)
	return nil
}

// shuffle sets perm to the order of epoch e's training positions: a
// permutation drawn from the seed and e alone, so that a resumed run
// draws the same.
func shuffle(perm []uint32, seed uint64, e int) {
	for i := range perm {
		perm[i] = uint32(i)
	}
	rng := rand.New(rand.NewPCG(seed, 0x73687566666c6500+uint64(e))) // "shuffle"
	rng.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
}

// mirrorSalt is what decides, with a position's index, whether the
// position is mirrored in the current epoch (Mirror); 0 when none is.
func (t *Trainer) mirrorSalt() uint64 {
	if !t.opt.Mirror {
		return 0
	}
	return mix64(t.opt.Seed^0x6d6972726f72<<16^uint64(t.epoch)) | 1 // "mirror"
}

// mix64 is SplitMix64's finaliser: a well-mixed 64-bit hash of x.
func mix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// mirrored reports whether the position of record r, number i of the
// training set, is mirrored under salt: never a position with castling
// rights, and nothing with salt 0.
func mirrored(r *data.Record, i uint32, salt uint64) bool {
	return salt != 0 && r[offFlags]&15 == 0 && mix64(salt^uint64(i))&1 != 0
}

// ErrTooManyPositions is returned for more training positions than the
// trainer indexes (2^32-1).
var ErrTooManyPositions = errors.New("more than 4294967295 training positions")

// Run trains on ds.Train until opt.Epochs epochs are done, writing the
// checkpoint and the net after every epoch and reporting the losses on
// ds.Val. When stop is closed (it may be nil), Run finishes the batch in
// progress, writes the checkpoint and the net, and returns true.
func (t *Trainer) Run(ds *Dataset, stop <-chan struct{}) (stopped bool, err error) {
	if err := t.opt.Check(); err != nil {
		return false, err
	}
	n := len(ds.Train)
	switch {
	case n == 0:
		return false, errors.New("no training positions")
	case int64(n) > math.MaxUint32:
		return false, ErrTooManyPositions
	}
	if t.trainCount != 0 && (t.trainCount != n || t.dataCRC != ds.Fingerprint) {
		t.printf("train: warning: the data differ from the checkpoint's (%d training positions, fingerprint %08x; now %d, %08x)", t.trainCount, t.dataCRC, n, ds.Fingerprint)
		if t.offset != 0 {
			t.printf("; epoch %d starts again", t.epoch+1)
			t.offset, t.lossSum, t.lossCount = 0, 0, 0
		}
		t.printf("\n")
	}
	t.trainCount, t.dataCRC = n, ds.Fingerprint
	began := time.Now()
	if t.epoch == 0 && t.offset == 0 && len(ds.Val) > 0 {
		t.printf("epoch 0  val %.6f\n", t.Loss(ds.Val))
	}
	perm := make([]uint32, n)
	shuffled := -1
	var epochBegan time.Time
	epochStart := 0 // offset where this run began the epoch
	lastReport := time.Now()
	for t.epoch < t.opt.Epochs {
		if shuffled != t.epoch {
			shuffle(perm, t.opt.Seed, t.epoch)
			shuffled = t.epoch
			epochBegan, epochStart = time.Now(), t.offset
		}
		lr := t.opt.lrAt(t.epoch)
		hi := min(t.offset+t.opt.Batch, n)
		t.trainBatch(ds.Train, perm[t.offset:hi], lr)
		t.offset = hi
		if t.offset == n {
			st := EpochStats{Epoch: t.epoch + 1, TrainLoss: t.lossSum / float64(t.lossCount), LR: lr,
				Positions: n - epochStart, Seconds: time.Since(epochBegan).Seconds()}
			t.epoch++
			t.offset, t.lossSum, t.lossCount = 0, 0, 0
			st.ValLoss = math.NaN()
			if len(ds.Val) > 0 {
				st.ValLoss = t.Loss(ds.Val)
			}
			st.Elapsed = time.Since(began).Seconds()
			t.History = append(t.History, st)
			t.printf("epoch %d/%d  train %.6f  val %.6f  lr %.3g  %.0f pos/s  elapsed %s\n", st.Epoch, t.opt.Epochs,
				st.TrainLoss, st.ValLoss, st.LR, st.PosPerSec(), time.Duration(st.Elapsed*1e9).Round(100*time.Millisecond))
			if err := t.save(); err != nil {
				return false, err
			}
			if err := t.keepBest(st.ValLoss); err != nil {
				return false, err
			}
			lastReport = time.Now()
		} else if t.opt.ProgressEvery > 0 && time.Since(lastReport) >= t.opt.ProgressEvery {
			lastReport = time.Now()
			done := t.offset - epochStart
			t.printf("epoch %d: %.1f%%  train %.6f  %.0f pos/s\n", t.epoch+1, 100*float64(t.offset)/float64(n),
				t.lossSum/float64(t.lossCount), float64(done)/time.Since(epochBegan).Seconds())
		}
		select {
		case <-stop:
			if t.offset != 0 { // else saved at the epoch's end
				if err := t.save(); err != nil {
					return true, err
				}
			}
			t.printf("train: stopped after %d epochs and %d positions of the next\n", t.epoch, t.offset)
			return t.epoch < t.opt.Epochs, nil
		default:
		}
	}
	if len(t.History) == 0 { // nothing to do: write the net all the same
		if err := t.save(); err != nil {
			return false, err
		}
	}
	return false, nil
}

// Loss returns the mean loss of the network on recs (0 for none).
func (t *Trainer) Loss(recs []data.Record) float64 {
	if len(recs) == 0 {
		return 0
	}
	t.merge()
	var wg sync.WaitGroup
	for i, w := range t.workers {
		lo, hi := i*len(recs)/len(t.workers), (i+1)*len(recs)/len(t.workers)
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.run(t.Net.Params, recs[lo:hi], nil, 0, t.opt.Lambda, t.opt.Power, 0, false)
		}()
	}
	wg.Wait()
	sum := 0.0
	for _, w := range t.workers {
		sum += w.loss
	}
	return sum / float64(len(recs))
}

// trainBatch computes the gradient of the mean loss of the positions
// recs[idx[i]] (split among the workers) and takes one AdamW step.
func (t *Trainer) trainBatch(recs []data.Record, idx []uint32, lr float64) {
	nw := len(t.workers)
	inv := 1 / float64(len(idx))
	t.merge()
	parallel(nw, func(i int) {
		lo, hi := i*len(idx)/nw, (i+1)*len(idx)/nw
		t.workers[i].run(t.Net.Params, recs, idx[lo:hi], inv, t.opt.Lambda, t.opt.Power, t.mirrorSalt(), true)
	})
	for _, w := range t.workers {
		t.lossSum += w.loss
	}
	t.lossCount += int64(len(idx))
	t.step++
	t.adam(lr)
}

// parallel runs f(0..n-1) on n goroutines (the caller's for n == 1) and
// waits for them.
func parallel(n int, f func(i int)) {
	if n == 1 {
		f(0)
		return
	}
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(i)
		}()
	}
	wg.Wait()
}

// AdamW's constants.
const (
	beta1   = 0.9
	beta2   = 0.999
	epsilon = 1e-8
)

// adam sums the workers' gradients and takes an AdamW step of size lr,
// then clips the parameters; the parameters are split among the workers.
func (t *Trainer) adam(lr float64) {
	h := t.Net.Hidden
	p := t.Net.Params
	bc1 := 1 - math.Pow(beta1, float64(t.step))
	bc2 := 1 - math.Pow(beta2, float64(t.step))
	in := t.Net.rows()
	fwEnd, owStart, owEnd := in*h, (in+1)*h, (in+1+2*t.Net.Buckets)*h
	facLo, facHi := fwEnd, fwEnd // the factor's rows: none without one
	if t.merged != nil {
		facLo = len(t.merged)
	}
	nw := len(t.workers)
	parallel(nw, func(k int) {
		lo, hi := k*len(p)/nw, (k+1)*len(p)/nw
		for i := lo; i < hi; i++ {
			g := 0.0
			if i >= facLo && i < facHi {
				g = t.factorGrad(i - facLo)
			} else {
				for _, w := range t.workers {
					g += float64(w.grad[i])
				}
			}
			m := beta1*float64(t.m[i]) + (1-beta1)*g
			v := beta2*float64(t.v[i]) + (1-beta2)*g*g
			t.m[i], t.v[i] = float32(m), float32(v)
			x := float64(p[i])
			upd := m / bc1 / (math.Sqrt(v/bc2) + epsilon)
			if i < fwEnd || (i >= owStart && i < owEnd) {
				upd += t.opt.WD * x
			}
			x -= lr * upd
			if i < owEnd { // every parameter but the output biases
				x = min(max(x, -ClipLimit), ClipLimit)
			}
			p[i] = float32(x)
		}
	})
}

// factorGrad returns the gradient of the factor's weight j (row j/H),
// summed over the workers: the sum of the gradients of the same weight in
// every bucket, since the workers evaluate with the merged weights and
// scatter into the buckets' rows alone.
func (t *Trainer) factorGrad(j int) float64 {
	g := 0.0
	for _, w := range t.workers {
		for b := j; b < len(t.merged); b += Inputs * t.Net.Hidden {
			g += float64(w.grad[b])
		}
	}
	return g
}

// worker computes the loss and the gradient of a share of a batch.
type worker struct {
	h, buckets       int
	layout           *nnue.KingLayout // king buckets (nil: none)
	inputs           int              // feature weight rows of the positions' features: K*Inputs
	rows             int              // feature weight rows of the parameters: inputs, and Inputs more with a factor
	merged           []float32        // with a factor: the merged feature weights (Trainer.merge), else nil
	grad             []float32        // of every parameter, laid out as Net.Params
	accUs, accThem   []float32
	gradUs, gradThem []float32
	loss             float64 // sum over the positions of the last run
	evalScale        float64 // K of the target's sigmoid(score/K) (0: Scale)
	featsW, featsB   [maxPieces]uint16
}

func newWorker(h, buckets int) *worker { return newKingWorker(h, buckets, nil) }

// newKingWorker is newWorker for a net with the king buckets of layout
// (nil: none).
func newKingWorker(h, buckets int, layout *nnue.KingLayout) *worker {
	k := 1
	if layout != nil {
		k = layout.Buckets()
	}
	return &worker{h: h, buckets: buckets, layout: layout, inputs: k * Inputs, rows: k * Inputs, grad: make([]float32, numKingParams(h, buckets, k)),
		accUs: make([]float32, h), accThem: make([]float32, h),
		gradUs: make([]float32, h), gradThem: make([]float32, h)}
}

// newNetWorker returns a worker for the net n. With a factor its merged
// weights must be set (Trainer.setThreads) before it runs.
func newNetWorker(n *Net) *worker {
	w := newKingWorker(n.Hidden, n.Buckets, n.layout())
	if n.Factor {
		w.rows = n.rows()
		w.grad = make([]float32, len(n.Params))
	}
	return w
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// useSIMD selects the AVX2 versions of accumulate, scatter, backSCReLU
// and screluDot (simd_amd64.s) where the CPU has them. They compute every lane as the
// Go versions do, so the training's results do not depend on it; tests
// switch it off to compare.
var useSIMD = hasSIMD

// accumulate sets acc to bias plus the rows of w (of len(acc) weights
// each) of the features feats, in their order. len(acc) is a multiple of
// 16.
func accumulate(acc, bias, w []float32, feats []uint16) {
	if useSIMD {
		accumulateFast(acc, bias, w, feats)
		return
	}
	accumulateGeneric(acc, bias, w, feats)
}

// scatter adds d to the rows of g (of len(d) weights each) of the
// features feats.
func scatter(g, d []float32, feats []uint16) {
	if useSIMD {
		scatterFast(g, d, feats)
		return
	}
	scatterGeneric(g, d, feats)
}

// backSCReLU adds gy·screlu(acc[i]) to the output weights' gradient gow
// and sets d to the gradient of the accumulator: gy·ow[i]·2·acc[i]
// where 0 < acc[i] < 1, else 0.
func backSCReLU(acc, ow, gow, d []float32, gy float32) {
	if useSIMD {
		backSCReLUFast(acc, ow, gow, d, gy)
		return
	}
	backSCReLUGeneric(acc, ow, gow, d, gy)
}

// screluDot returns the sum of screlu(acc[i])·ow[i], summed in 16 lanes
// (lane i mod 16, each in the order of i) and then the lanes pairwise:
// lane j and j+8, j and j+4, j and j+2, j and j+1. Sixteen independent
// sums keep the vector unit busy where one sum would wait for each
// addition before the next. len(acc) is a multiple of 16.
func screluDot(acc, ow []float32) float32 {
	if useSIMD {
		return screluDotFast(acc, ow)
	}
	return screluDotGeneric(acc, ow)
}

// screluDotGeneric is screluDot in Go, in the same order.
func screluDotGeneric(acc, ow []float32) float32 {
	var s [16]float32
	ow = ow[:len(acc)]
	for i := 0; i+16 <= len(acc); i += 16 {
		for j := range s {
			s[j] += float32(screlu(acc[i+j]) * ow[i+j]) // the conversion: no fused multiply-add
		}
	}
	for w := 8; w >= 1; w /= 2 {
		for j := range w {
			s[j] += s[j+w]
		}
	}
	return s[0]
}

// accumulateGeneric is accumulate in Go. It goes through acc in blocks
// of 8 kept in registers over all the features, which is about 1.5 times
// as fast as adding row after row.
func accumulateGeneric(acc, bias, w []float32, feats []uint16) {
	h := len(acc)
	bias = bias[:h]
	for i := 0; i+8 <= h; i += 8 {
		b := (*[8]float32)(bias[i : i+8])
		a0, a1, a2, a3, a4, a5, a6, a7 := b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]
		for _, f := range feats {
			o := int(f)*h + i
			r := (*[8]float32)(w[o : o+8])
			a0 += r[0]
			a1 += r[1]
			a2 += r[2]
			a3 += r[3]
			a4 += r[4]
			a5 += r[5]
			a6 += r[6]
			a7 += r[7]
		}
		a := (*[8]float32)(acc[i : i+8])
		a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7] = a0, a1, a2, a3, a4, a5, a6, a7
	}
}

// scatterGeneric is scatter in Go. len(d) is a multiple of 8.
func scatterGeneric(g, d []float32, feats []uint16) {
	h := len(d)
	for _, f := range feats {
		row := g[int(f)*h : int(f)*h+h]
		for i := 0; i+8 <= h; i += 8 {
			r := (*[8]float32)(row[i : i+8])
			x := (*[8]float32)(d[i : i+8])
			r[0] += x[0]
			r[1] += x[1]
			r[2] += x[2]
			r[3] += x[3]
			r[4] += x[4]
			r[5] += x[5]
			r[6] += x[6]
			r[7] += x[7]
		}
	}
}

// screlu returns clamp(a, 0, 1)², without branches (the accumulators
// fall on either side of 0 and 1 too often for the branch predictor).
func screlu(a float32) float32 {
	c := min(max(a, 0), 1)
	return c * c
}

// backSCReLUGeneric is backSCReLU in Go. The conversion keeps the
// compiler from fusing the multiplications with the addition (which it
// may do where the CPU has FMA), so that the result is that of the
// assembly, which rounds after each operation.
func backSCReLUGeneric(acc, ow, gow, d []float32, gy float32) {
	ow, gow, d = ow[:len(acc)], gow[:len(acc)], d[:len(acc)]
	for i, a := range acc {
		var x float32
		if a > 0 {
			if a < 1 {
				gow[i] += float32(gy * a * a)
				x = 2 * gy * ow[i] * a
			} else {
				gow[i] += gy
			}
		}
		d[i] = x
	}
}

// run computes the loss of the positions recs[idx[i]] (all of recs in
// order when idx is nil) into w.loss (their sum) and, when backward is
// set, the gradient of the sum of their losses times scale into w.grad.
// With a mirror salt, the positions it picks (mirrored) are seen with
// the board mirrored left to right.
func (w *worker) run(p []float32, recs []data.Record, idx []uint32, scale, lambda, power float64, mirror uint64, backward bool) {
	h, in := w.h, w.rows
	fw := p[:w.inputs*h]
	if w.merged != nil {
		fw = w.merged // the factor's share is in them; its gradient is the buckets' (Trainer.grad)
	}
	bias := p[in*h : (in+1)*h]
	ows := p[(in+1)*h : (in+1+2*w.buckets)*h] // by bucket: 2h each
	obs := p[(in+1+2*w.buckets)*h:]
	g := w.grad
	gfw := g[:w.inputs*h]
	gbias := g[in*h : (in+1)*h]
	gows := g[(in+1)*h : (in+1+2*w.buckets)*h]
	gobs := g[(in+1+2*w.buckets)*h:]
	if backward {
		clear(g)
	}
	accUs, accThem := w.accUs[:h], w.accThem[:h]
	dUs, dThem := w.gradUs[:h], w.gradThem[:h]
	count := len(recs)
	if idx != nil {
		count = len(idx)
	}
	k := w.evalScale
	if k == 0 {
		k = Scale
	}
	loss := 0.0
	for j := 0; j < count; j++ {
		i := uint32(j)
		if idx != nil {
			i = idx[j]
		}
		r := &recs[i]
		n := kingFeatures(r, &w.featsW, &w.featsB, w.layout)
		us, them := w.featsW[:n], w.featsB[:n]
		if mirrored(r, i, mirror) {
			for j := range us {
				us[j] ^= 7 // the square is the low six bits; its file the low three
				them[j] ^= 7
			}
		}
		if blackToMove(r) {
			us, them = them, us
		}
		b := nnue.Bucket(n, w.buckets)
		owUs, owThem := ows[2*b*h:(2*b+1)*h], ows[(2*b+1)*h:(2*b+2)*h]
		accumulate(accUs, bias, fw, us)
		accumulate(accThem, bias, fw, them)
		yUs, yThem := screluDot(accUs, owUs), screluDot(accThem, owThem)
		y := float64(obs[b]) + float64(yUs) + float64(yThem)
		pred := sigmoid(y)
		target := lambda*sigmoid(float64(r.Score())/k) + (1-lambda)*stmResult(r)
		diff := pred - target
		var dLdp float64
		if power == 2 {
			loss += diff * diff
			dLdp = 2 * diff
		} else {
			ad := math.Abs(diff)
			loss += math.Pow(ad, power)
			dLdp = power * math.Pow(ad, power-1)
			if diff < 0 {
				dLdp = -dLdp
			}
		}
		if !backward {
			continue
		}
		gy := float32(dLdp * pred * (1 - pred) * scale) // d(loss·scale)/dy
		gobs[b] += gy
		backSCReLU(accUs, owUs, gows[2*b*h:(2*b+1)*h], dUs, gy)
		backSCReLU(accThem, owThem, gows[(2*b+1)*h:(2*b+2)*h], dThem, gy)
		gbias = gbias[:h]
		for i := range gbias {
			gbias[i] += dUs[i] + dThem[i]
		}
		scatter(gfw, dUs, us)
		scatter(gfw, dThem, them)
	}
	w.loss = loss
}
