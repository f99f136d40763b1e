package nnue

import "math/rand"

// RandomNet returns a network of hidden size h with one output bucket
// and random weights: the feature weights and biases in ±featureRange,
// the output weights in ±MaxOutputWeight, the output bias in ±100000. It
// plays no chess; it is for tests and benchmarks of the machinery.
func RandomNet(h, featureRange int, rng *rand.Rand) (*Net, error) {
	return RandomBucketedNet(h, 1, featureRange, rng)
}

// RandomBucketedNet is RandomNet with the given number of output buckets.
func RandomBucketedNet(h, buckets, featureRange int, rng *rand.Rand) (*Net, error) {
	return RandomKingNet(h, buckets, 1, featureRange, rng)
}

// RandomKingNet is RandomBucketedNet with the built-in layout of
// kingBuckets king buckets (1, 4, 8 or 16; KingLayoutFor).
func RandomKingNet(h, buckets, kingBuckets, featureRange int, rng *rand.Rand) (*Net, error) {
	layout, err := KingLayoutFor(kingBuckets)
	if err != nil {
		return nil, err
	}
	if kingBuckets == 1 {
		layout = nil
	}
	uniform := func(n, r int) []int16 {
		v := make([]int16, n)
		for i := range v {
			v[i] = int16(rng.Intn(2*r+1) - r)
		}
		return v
	}
	fw := uniform(kingBuckets*Inputs*h, featureRange)
	fb := uniform(h, featureRange)
	ow := uniform(max(buckets, 1)*2*h, MaxOutputWeight)
	ob := make([]int32, max(buckets, 1))
	for i := range ob {
		ob[i] = int32(rng.Intn(200001) - 100000)
	}
	return NewKingNet(h, buckets, Scale, layout, fw, fb, ow, ob)
}
