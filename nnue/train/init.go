package train

import (
	"brudno/nnue"
)

// FromNet returns the float network of a net file: every parameter
// divided by its quantisation factor (feature weights and biases by QA,
// output weights by QB, output biases by QA·QB), with the file's hidden
// size, buckets, king buckets and scale. Quantise gives the file's
// integers back.
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
// trained network, FromNet's) instead of random weights: a network
// trained on the games of another, or on more of them, goes on from
// where that one stands. The hidden size, buckets, king buckets and
// scale are net's, whatever opt says; Adam's moments start at zero; the
// seed draws the validation split and the shuffles as in any run. With
// opt.Factor (net with king buckets only) the factor starts at zero, so
// the run begins with net's evaluation.
func NewTrainerFrom(net *Net, opt Options) (*Trainer, error) {
	opt.Hidden, opt.Buckets, opt.KingBuckets, opt.Scale = net.Hidden, net.Buckets, net.kingBuckets(), net.scale()
	if err := opt.Check(); err != nil {
		return nil, err
	}
	if opt.Factor {
		if err := net.addFactor(); err != nil {
			return nil, err
		}
	}
	return newTrainer(net, opt), nil
}
