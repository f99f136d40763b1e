package train

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"brudno/nnue"
)

// FromNet returns the float network of a net file: every parameter
// divided by its quantisation factor (feature weights and biases by QA,
// output weights by QB, output biases by QA·QB), with the file's hidden
// size, buckets, king buckets and scale. Quantise gives the file's
// integers back for any net the trainer writes (an output bias beyond
// ±2^23 would lose bits in a float32, a weight beyond the trainer's
// ±ClipLimit is clipped at the first step of training).
func FromNet(q *nnue.Net) *Net {
	fw, fb, ow, ob := q.Params()
	n := &Net{Hidden: q.Hidden(), Buckets: q.Buckets(), Scale: q.Scale(), KingBuckets: q.KingBuckets(), KingLayout: q.KingLayout()}
	n.Params = make([]float32, 0, numKingParams(n.Hidden, n.Buckets, n.kingBuckets()))
	for _, x := range fw {
		n.Params = append(n.Params, float32(x)/QA)
	}
	for _, x := range fb {
		n.Params = append(n.Params, float32(x)/QA)
	}
	for _, x := range ow {
		n.Params = append(n.Params, float32(x)/QB)
	}
	for _, x := range ob {
		n.Params = append(n.Params, float32(float64(x)/(QA*QB)))
	}
	return n
}

// NewTrainerFrom returns a trainer of a new run that starts from net (a
// trained network, FromNet's, which the trainer takes over and may
// change) instead of random weights: a network
// trained on the games of another, or on more of them, goes on from
// where that one stands. The buckets and scale are net's, whatever opt
// says; so are the king buckets, except that a net without them grows
// opt.KingBuckets (growKingBuckets); so is the hidden layer size, except
// that an opt.Hidden above net's widens the layer to it (widen), and one
// below it (but 0, which means net's) is refused. Adam's moments start
// at zero; the seed draws the new neurons' input weights, the validation
// split and the shuffles as in any run. With opt.Factor (king buckets
// only) a factor that net does not have starts at zero, so the run begins
// with net's evaluation.
func NewTrainerFrom(net *Net, opt Options) (*Trainer, error) {
	k := net.kingBuckets()
	grow := opt.KingBuckets > 1 && opt.KingBuckets != k
	if grow && k > 1 {
		return nil, fmt.Errorf("king buckets %d: the net has %d", opt.KingBuckets, k)
	}
	if grow {
		k = opt.KingBuckets
	}
	h := net.Hidden
	if opt.Hidden != 0 && opt.Hidden != h {
		if opt.Hidden < h {
			return nil, fmt.Errorf("hidden layer size %d: the net has %d neurons, and a run from a net keeps them all (a larger size adds neurons)", opt.Hidden, h)
		}
		if err := CheckHidden(opt.Hidden); err != nil {
			return nil, err
		}
		h = opt.Hidden
	}
	opt.Hidden, opt.Buckets, opt.KingBuckets, opt.Scale = h, net.Buckets, k, net.scale()
	if err := opt.Check(); err != nil {
		return nil, err
	}
	// Widened first, so that grown king buckets (and a factor) start
	// from the widened rows as they would from the net's.
	if h > net.Hidden {
		if err := net.widen(h, opt.Seed); err != nil {
			return nil, err
		}
	}
	if grow {
		if err := net.growKingBuckets(k, opt.Factor); err != nil {
			return nil, err
		}
	}
	if opt.Factor {
		if err := net.addFactor(); err != nil {
			return nil, err
		}
	}
	return newTrainer(net, opt), nil
}

// widen grows the hidden layer to h neurons, in the manner of Net2Net's
// function-preserving widening (Chen, Goodfellow and Shlens, "Net2Net:
// Accelerating Learning via Knowledge Transfer", 2015, arXiv:1511.05641):
// the larger net computes the same function as the smaller, so that a run
// begins with the net's evaluation and only adds to it. The net's neurons
// keep their weights and places (0 to H-1 of each half of the output
// layer); the new ones, H to h-1, start with output weights 0 in every
// bucket and both halves, feature bias 0 and feature weights drawn as a
// new net's (uniform in ±0.1, from seed) in every row, a king bucket's
// included; a factor's rows start at 0 for them, as a new net's do.
//
// Why not Net2Net's own way, new neurons as copies of old ones with
// their output weights halved: a copy and its original get the same
// gradient at every step and stay alike unless noise is added, which
// spoils the identity; and half an output weight is not always a
// multiple of 1/QB, so the net file would not be the same network.
//
// Why these start values learn: the output weight of neuron i gets the
// gradient gy·s(a_i), with a_i its accumulator and s(a) = clamp(a, 0, 1)²
// (backSCReLU), which is not 0 wherever a_i > 0; the random feature
// weights give a typical position's accumulator a spread of about 0.3
// about 0, so about half the positions have a_i > 0 and the output
// weights move at the first step. The accumulator's gradient is
// gy·w_i·2a_i where 0 < a_i < 1, 0 at the first step (w_i = 0), but not
// once w_i has moved, from the second step on, and with it the feature
// weights and the bias learn. The other ways to start at the same
// output are dead: feature weights and bias 0 (a_i = 0 for every
// position) leave both gradients 0 whatever the output weights, so such
// a neuron never changes; and new neurons that were all alike would get
// the same gradients and stay alike.
//
// The output is unchanged exactly, not only to rounding: each new neuron
// adds s(a_i)·0 = +0 to the output, the old neurons' terms are summed in
// the same order and lanes as before (H is a multiple of 16, the lanes
// of screluDot), and the old parameters are the same floats, so the
// float net's output and loss are bit for bit the net's; the quantised
// new output weights are 0 and the old parameters quantise to the same
// integers, so the engine's integer evaluation is the net's too. The new
// accumulators (bias 0 plus at most 32 weights of at most 26 quantised)
// are far from the int16 limits.
func (n *Net) widen(h int, seed uint64) error {
	old := n.Hidden
	if h < old {
		return fmt.Errorf("hidden layer size %d: the net has %d neurons", h, old)
	}
	if err := CheckHidden(h); err != nil {
		return err
	}
	if h == old {
		return nil
	}
	rows, in := n.rows(), n.inputs()
	p := make([]float32, numFactorParams(h, n.Buckets, n.kingBuckets(), n.Factor))
	src := n.Params
	rng := rand.New(rand.NewPCG(seed, 0x6e6e75652d776964)) // "nnue-wid"
	for r := range rows {
		dst := p[r*h : (r+1)*h]
		copy(dst, src[r*old:(r+1)*old])
		if r < in { // a factor's rows stay 0
			for i := old; i < h; i++ {
				dst[i] = float32((2*rng.Float64() - 1) * 0.1)
			}
		}
	}
	at, from := rows*h, rows*old
	copy(p[at:at+old], src[from:from+old]) // the feature biases; the new ones 0
	at, from = at+h, from+old
	for range 2 * n.Buckets { // each bucket's two halves of output weights; the new ones 0
		copy(p[at:at+old], src[from:from+old])
		at, from = at+h, from+old
	}
	copy(p[at:], src[from:]) // the output biases
	n.Params, n.Hidden = p, h
	return nil
}

// growKingBuckets gives a net without king buckets k of them (the
// built-in layout of k) that start from its feature weights: each
// bucket's rows are a copy of the net's, or with factor the factor's
// rows are and the buckets' start at zero, so that the buckets learn only
// how they differ. A perspective whose king is on files e-h sees the same
// features as before, so a position with both kings there evaluates as
// before; one whose king is on files a-d sees the board mirrored. With
// both kings on files a-d that is the mirrored position, which a net
// trained with -mirror evaluates nearly alike; with the kings on
// opposite wings the two perspectives see boards mirrored apart, which
// the net has never seen.
func (n *Net) growKingBuckets(k int, factor bool) error {
	if n.kingBuckets() > 1 {
		return errors.New("the net has king buckets already")
	}
	layout, err := nnue.KingLayoutFor(k)
	if err != nil {
		return err
	}
	rows := Inputs * n.Hidden
	old := n.Params
	p := make([]float32, 0, len(old)+(k-1)*rows+rows)
	if factor {
		p = append(p, make([]float32, k*rows)...)
		p = append(p, old[:rows]...)
	} else {
		for range k {
			p = append(p, old[:rows]...)
		}
	}
	n.Params = append(p, old[rows:]...)
	n.KingBuckets, n.KingLayout, n.Factor = k, *layout, factor
	return nil
}
