// Helpers of the laboratory's options (Options.TwoBoundTT, MTDGuessBack2,
// ETCEveryDepth, ETCRepetitions): the forms of the techniques that the
// papers measured, for `brudno lab` (docs/search-lab.md).
package search

// etcMinDepth is the least depth at which a node tries enhanced
// transposition cutoffs: etcDepth (the paper's compromise, more than two
// plies above the horizon), or with ETCEveryDepth every interior node.
func (o *Options) etcMinDepth() int {
	if o.ETCEveryDepth {
		return 1
	}
	return etcDepth
}
