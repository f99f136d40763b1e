package train

import (
	"errors"
	"fmt"

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
// where that one stands. The hidden size, buckets and scale are net's,
// whatever opt says; so are the king buckets, except that a net without
// them grows opt.KingBuckets (growKingBuckets). Adam's moments start at
// zero; the seed draws the validation split and the shuffles as in any
// run. With opt.Factor (king buckets only) a factor that net does not
// have starts at zero, so the run begins with net's evaluation.
func NewTrainerFrom(net *Net, opt Options) (*Trainer, error) {
	k := net.kingBuckets()
	grow := opt.KingBuckets > 1 && opt.KingBuckets != k
	if grow && k > 1 {
		return nil, fmt.Errorf("king buckets %d: the net has %d", opt.KingBuckets, k)
	}
	if grow {
		k = opt.KingBuckets
	}
	opt.Hidden, opt.Buckets, opt.KingBuckets, opt.Scale = net.Hidden, net.Buckets, k, net.scale()
	if err := opt.Check(); err != nil {
		return nil, err
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
