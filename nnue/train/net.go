// Package train trains Brudno's NNUE network on the 32-byte records of
// package data (`brudno datagen -format bin`) and writes it in the net
// file format the engine reads.
//
// The network: 768 inputs per perspective (see features), or with K king
// buckets K·768 of which each perspective uses the 768 of its king's
// bucket, the board mirrored to put its king on files e-h (kingFeatures);
// one hidden layer of H neurons whose weights and biases both
// perspectives share,
// the SCReLU activation s(x) = clamp(x, 0, 1)², and one output
//
//	y = Σ s(a_stm[i])·w_k[i] + Σ s(a_nstm[i])·w_k[H+i] + b_k
//
// with the side to move's accumulator first, where k is the output bucket
// of the position's number of pieces (nnue.Bucket; one bucket by
// default); 400·y is the evaluation in
// centipawns. Training minimises the mean of |sigmoid(y) - t|^power over
// the positions, with the target t = λ·sigmoid(score/400) + (1-λ)·result
// (score and result from the side to move's view), by AdamW on
// mini-batches; after every step the feature weights, feature biases and
// output weights are clipped to ±1.98. Export quantises feature weights
// and biases by 255 (int16), output weights by 64 (int16, at most ±127)
// and the output bias by 255·64 (int32).
package train

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"

	"brudno/nnue"
	"brudno/nnue/data"
)

// Constants of the network (package nnue's) and of training.
const (
	Inputs     = nnue.Inputs
	QA         = nnue.QA
	QB         = nnue.QB
	Scale      = nnue.Scale
	MinHidden  = nnue.MinHidden
	MaxHidden  = nnue.MaxHidden
	MaxBuckets = nnue.MaxBuckets
	maxOutputQ = nnue.MaxOutputWeight // quantised output weights are clamped to ±maxOutputQ
	ClipLimit  = 1.98                 // parameters are clipped to ±ClipLimit after every step
)

// CheckHidden returns an error unless h is a valid hidden layer size: a
// multiple of 16 from 16 to 1024.
func CheckHidden(h int) error {
	if h < MinHidden || h > MaxHidden || h%16 != 0 {
		return fmt.Errorf("hidden layer size %d: want a multiple of 16 from %d to %d", h, MinHidden, MaxHidden)
	}
	return nil
}

// CheckBuckets returns an error unless b is a valid number of output
// buckets: 1 to 8.
func CheckBuckets(b int) error {
	if b < 1 || b > MaxBuckets {
		return fmt.Errorf("output buckets %d: want 1 to %d", b, MaxBuckets)
	}
	return nil
}

// Net is the network in floating point, as it is trained. Params holds
// every parameter in one slice, in the order of the net file but for the
// factor's rows:
//
//	feature weights  [K*Inputs*H] king bucket k's feature f's H weights at [(k*Inputs+f)*H:]
//	factor weights   [Inputs*H]   with Factor only: feature f's at [(K*Inputs+f)*H:]
//	feature biases   [H]
//	output weights   [B*2*H]     by bucket, first the side to move's accumulator's
//	output biases    [B]
//
// With Factor, a net with king buckets is trained with one more set of
// 768 feature rows that every bucket shares: a position's features are
// its bucket's rows and the same features' factor rows, so the weight of
// feature f in bucket k is row k·768+f plus factor row f. What all the
// buckets have in common is learnt from every position, and a bucket's
// own rows learn only what differs in it. The net file holds the sums
// (MergedFeatureWeights): the engine never sees the factor.
type Net struct {
	Hidden      int
	Buckets     int // B, at least 1
	Scale       int // centipawns per unit of output (0: the default, nnue.Scale)
	KingBuckets int // K, king input buckets (0 or 1: none)
	KingLayout  nnue.KingLayout
	Factor      bool // the king buckets have a factor (K > 1 only)
	Params      []float32
}

// numParams returns the number of parameters of a network with h hidden
// neurons and b output buckets.
func numParams(h, b int) int { return numKingParams(h, b, 1) }

// numKingParams is numParams with k king buckets.
func numKingParams(h, b, k int) int { return k*Inputs*h + h + b*(2*h+1) }

// numFactorParams is numKingParams with the factor's rows where factor
// is set.
func numFactorParams(h, b, k int, factor bool) int {
	if factor {
		return numKingParams(h, b, k) + Inputs*h
	}
	return numKingParams(h, b, k)
}

// kingBuckets returns K, at least 1.
func (n *Net) kingBuckets() int { return max(n.KingBuckets, 1) }

// layout returns the king bucket layout, nil without king buckets.
func (n *Net) layout() *nnue.KingLayout {
	if n.KingBuckets <= 1 {
		return nil
	}
	return &n.KingLayout
}

// inputs returns the number of feature weight rows of the net file,
// K*Inputs.
func (n *Net) inputs() int { return n.kingBuckets() * Inputs }

// rows returns the number of feature weight rows trained: inputs, and
// the factor's Inputs rows with Factor.
func (n *Net) rows() int {
	if n.Factor {
		return n.inputs() + Inputs
	}
	return n.inputs()
}

// addFactor gives a net with king buckets a factor whose weights are 0,
// so that it evaluates as before.
func (n *Net) addFactor() error {
	if n.kingBuckets() <= 1 {
		return errors.New("a factor needs king buckets")
	}
	if n.Factor {
		return nil
	}
	at := n.inputs() * n.Hidden
	p := make([]float32, len(n.Params)+Inputs*n.Hidden)
	copy(p, n.Params[:at])
	copy(p[at+Inputs*n.Hidden:], n.Params[at:])
	n.Params, n.Factor = p, true
	return nil
}

// NewNet returns a network with h hidden neurons and b output buckets
// initialised from seed: feature weights uniform in ±0.1 (a typical
// position's 30-odd features then give accumulators with a spread of
// about 0.3), feature biases 0, output weights uniform in ±1/sqrt(2h),
// output biases 0. With one bucket the draws are those of a net without
// buckets.
func NewNet(h, b int, seed uint64) (*Net, error) { return NewKingNet(h, b, 1, seed) }

// NewKingNet is NewNet with k king buckets in the built-in layout of k
// (nnue.KingLayoutFor: 1, 4, 8 or 16).
func NewKingNet(h, b, k int, seed uint64) (*Net, error) {
	if err := CheckHidden(h); err != nil {
		return nil, err
	}
	if err := CheckBuckets(b); err != nil {
		return nil, err
	}
	layout, err := nnue.KingLayoutFor(k)
	if err != nil {
		return nil, err
	}
	n := &Net{Hidden: h, Buckets: b, KingBuckets: k, KingLayout: *layout, Params: make([]float32, numKingParams(h, b, k))}
	rng := rand.New(rand.NewPCG(seed, 0x6e6e75652d696e69)) // "nnue-ini"
	for i := range n.FeatureWeights() {
		n.Params[i] = float32((2*rng.Float64() - 1) * 0.1)
	}
	ow := n.OutputWeights()
	a := 1 / math.Sqrt(float64(2*h))
	for i := range ow {
		ow[i] = float32((2*rng.Float64() - 1) * a)
	}
	return n, nil
}

// FeatureWeights returns the K×Inputs×H feature weights, row f's (king
// bucket f/Inputs) at [f*H : (f+1)*H]; with Factor, without the
// factor's share (see MergedFeatureWeights).
func (n *Net) FeatureWeights() []float32 { return n.Params[:n.inputs()*n.Hidden] }

// FactorWeights returns the factor's Inputs×H weights, feature f's at
// [f*H : (f+1)*H]; nil without Factor.
func (n *Net) FactorWeights() []float32 {
	if !n.Factor {
		return nil
	}
	return n.Params[n.inputs()*n.Hidden : n.rows()*n.Hidden]
}

// MergedFeatureWeights returns the feature weights as the net file holds
// them: FeatureWeights itself without Factor, and with it a new slice of
// each bucket's weight plus the factor's, clamped to ±ClipLimit as every
// trained weight is (so that the engine's int16 accumulators have the
// same room as with a net trained without a factor).
func (n *Net) MergedFeatureWeights() []float32 {
	fw := n.FeatureWeights()
	if !n.Factor {
		return fw
	}
	m := make([]float32, len(fw))
	n.mergeRows(m)
	for i, x := range m {
		m[i] = min(max(x, -ClipLimit), ClipLimit)
	}
	return m
}

// mergeRows sets dst (K×Inputs×H) to each bucket's feature weights plus
// the factor's, unclamped, the weights a net with a factor is trained
// with.
func (n *Net) mergeRows(dst []float32) {
	fw, fac := n.FeatureWeights(), n.FactorWeights()
	for b := 0; b < len(fw); b += len(fac) {
		row, out := fw[b:b+len(fac)], dst[b:b+len(fac)]
		for i, x := range fac {
			out[i] = row[i] + x
		}
	}
}

// FeatureBias returns the H feature biases.
func (n *Net) FeatureBias() []float32 {
	return n.Params[n.rows()*n.Hidden : (n.rows()+1)*n.Hidden]
}

// OutputWeights returns the B·2H output weights, bucket k's 2H at
// [k*2H : (k+1)*2H], the side to move's half first.
func (n *Net) OutputWeights() []float32 {
	return n.Params[(n.rows()+1)*n.Hidden : (n.rows()+1+2*n.Buckets)*n.Hidden]
}

// OutputBiases returns the B output biases.
func (n *Net) OutputBiases() []float32 {
	return n.Params[(n.rows()+1+2*n.Buckets)*n.Hidden:]
}

// Output returns the network's raw output y for the position of r (400·y
// is the evaluation in centipawns from the side to move's view). r must
// be a valid record (as LoadFiles checks them). With Factor the weights
// are the merged ones, as the net file has them.
func (n *Net) Output(r *data.Record) float64 {
	h := n.Hidden
	var fw, fb [maxPieces]uint16
	k := kingFeatures(r, &fw, &fb, n.layout())
	us, them := fw[:k], fb[:k]
	if blackToMove(r) {
		us, them = them, us
	}
	b := nnue.Bucket(k, n.Buckets)
	w, fac := n.FeatureWeights(), n.FactorWeights()
	bias, ow := n.FeatureBias(), n.OutputWeights()[b*2*h:(b+1)*2*h]
	y := float64(n.OutputBiases()[b])
	for half, feats := range [2][]uint16{us, them} {
		for i := 0; i < h; i++ {
			a := bias[i]
			for _, f := range feats {
				if fac != nil {
					a += min(max(w[int(f)*h+i]+fac[int(f)%Inputs*h+i], -ClipLimit), ClipLimit)
				} else {
					a += w[int(f)*h+i]
				}
			}
			s := min(max(a, 0), 1)
			y += float64(s * s * ow[half*h+i])
		}
	}
	return y
}

// Eval returns the float network's evaluation of r in centipawns from the
// side to move's view, 400·y.
func (n *Net) Eval(r *data.Record) float64 { return float64(n.scale()) * n.Output(r) }

// scale returns the centipawns per unit of output: Scale unless set.
func (n *Net) scale() int { return scaleOr(n.Scale) }

// scaleOr returns s, or Scale for 0.
func scaleOr(s int) int {
	if s == 0 {
		return Scale
	}
	return s
}

// QuantNet is the network quantised as the engine uses it.
type QuantNet struct {
	Hidden         int
	Buckets        int
	Scale          int // centipawns per unit of output (0: nnue.Scale)
	KingBuckets    int // K (0 or 1: none)
	KingLayout     nnue.KingLayout
	FeatureWeights []int16 // K*Inputs*Hidden, row f's at [f*H : (f+1)*H]
	FeatureBias    []int16 // Hidden
	OutputWeights  []int16 // Buckets*2*Hidden, by bucket, the side to move's half first
	OutputBias     []int32 // Buckets
}

func roundClamp(x float64, lo, hi float64) float64 {
	return min(max(math.Round(x), lo), hi)
}

// Quantise returns the quantised network: feature weights (merged with
// Factor) and biases round(x·255) as int16, output weights round(x·64)
// clamped to ±127, output biases round(b·255·64) as int32.
func (n *Net) Quantise() *QuantNet {
	h := n.Hidden
	q := &QuantNet{
		Hidden:         h,
		Buckets:        n.Buckets,
		Scale:          n.scale(),
		KingBuckets:    n.kingBuckets(),
		KingLayout:     n.KingLayout,
		FeatureWeights: make([]int16, n.inputs()*h),
		FeatureBias:    make([]int16, h),
		OutputWeights:  make([]int16, n.Buckets*2*h),
		OutputBias:     make([]int32, n.Buckets),
	}
	for i, x := range n.MergedFeatureWeights() {
		q.FeatureWeights[i] = int16(roundClamp(float64(x)*QA, math.MinInt16, math.MaxInt16))
	}
	for i, x := range n.FeatureBias() {
		q.FeatureBias[i] = int16(roundClamp(float64(x)*QA, math.MinInt16, math.MaxInt16))
	}
	for i, x := range n.OutputWeights() {
		q.OutputWeights[i] = int16(roundClamp(float64(x)*QB, -maxOutputQ, maxOutputQ))
	}
	for i, x := range n.OutputBiases() {
		q.OutputBias[i] = int32(roundClamp(float64(x)*QA*QB, math.MinInt32, math.MaxInt32))
	}
	return q
}

// Eval returns the quantised network's evaluation of r in centipawns from
// the side to move's view, computed in integers exactly as the engine
// does: int16 accumulators (bias plus the active features' weights), v =
// clamp(acc, 0, 255), sum (int32) = Σ v·(v·w) over both halves with the
// inner product v·w in int16 and w the position's output bucket's, and
// eval = (sum/255 + outputBias) · scale / (255·64) with Go's truncating
// integer division. r must be a valid record.
func (q *QuantNet) Eval(r *data.Record) int {
	h := q.Hidden
	var fw, fb [maxPieces]uint16
	k := kingFeatures(r, &fw, &fb, q.layout())
	us, them := fw[:k], fb[:k]
	if blackToMove(r) {
		us, them = them, us
	}
	b := nnue.Bucket(k, q.Buckets)
	acc := make([]int16, h)
	var sum int32
	for half, feats := range [2][]uint16{us, them} {
		copy(acc, q.FeatureBias)
		for _, f := range feats {
			row := q.FeatureWeights[int(f)*h : int(f)*h+h]
			for i := range acc {
				acc[i] += row[i]
			}
		}
		ow := q.OutputWeights[b*2*h+half*h : b*2*h+half*h+h]
		for i, a := range acc {
			v := min(max(a, 0), QA)
			sum += int32(v) * int32(v*ow[i])
		}
	}
	return (int(sum)/QA + int(q.OutputBias[b])) * scaleOr(q.Scale) / (QA * QB)
}

// layout returns the king bucket layout, nil without king buckets.
func (q *QuantNet) layout() *nnue.KingLayout {
	if q.KingBuckets <= 1 {
		return nil
	}
	return &q.KingLayout
}

// WriteTo writes the network in package nnue's net file format (which
// checks it as a load would).
func (q *QuantNet) WriteTo(w io.Writer) (int64, error) {
	net, err := nnue.NewKingNet(q.Hidden, q.Buckets, scaleOr(q.Scale), q.layout(), q.FeatureWeights, q.FeatureBias, q.OutputWeights, q.OutputBias)
	if err != nil {
		return 0, err
	}
	cw := &countingWriter{w: w}
	err = net.Save(cw)
	return cw.n, err
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(b []byte) (int, error) {
	k, err := c.w.Write(b)
	c.n += int64(k)
	return k, err
}

// FileSize returns the size in bytes of a net file with h hidden neurons
// and b output buckets.
func FileSize(h, b int) int64 { return int64(nnue.FileSize(h, b)) }

// KingFileSize is FileSize with k king buckets.
func KingFileSize(h, b, k int) int64 { return int64(nnue.KingFileSize(h, b, k)) }

// writeFileAtomic writes a file through a temporary file in the same
// directory renamed over name, so that a stopped run never leaves a
// half-written file.
func writeFileAtomic(name string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(name), filepath.Base(name)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	err = f.Chmod(0o644) // CreateTemp makes it 0600
	if err == nil {
		err = write(f)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, name)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// WriteNetFile writes q to the named file (atomically, through a
// temporary file).
func WriteNetFile(name string, q *QuantNet) error {
	return writeFileAtomic(name, func(w io.Writer) error {
		_, err := q.WriteTo(w)
		return err
	})
}
