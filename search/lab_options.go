// Helpers of the laboratory's options (Options.TwoBoundTT, MTDGuessBack2,
// ETCEveryDepth, ETCRepetitions, EvalGrain): the forms of the techniques
// that the papers measured, for `brudno lab` (docs/search-lab.md).
package search

// labEval is staticEval with Options.EvalGrain (evalLab).
func (t *thread) labEval() int {
	var v int
	if t.nn != nil {
		v = max(-TBWinBound+1, min(t.nn.Evaluate(t.pos), TBWinBound-1))
	} else {
		v = t.ev.Evaluate(t.pos)
	}
	return roundToGrain(v, t.s.opts.EvalGrain)
}

// labAdjust finishes adjustEval's corrected evaluation v with
// Options.EvalGrain (adjustLab): drawn by the fifty-move counter when
// EvalFifty is on, then rounded.
func (t *thread) labAdjust(v int) int {
	if t.s.opts.EvalFifty {
		v = t.drawByFifty(v)
	}
	return roundToGrain(v, t.s.opts.EvalGrain)
}

// etcMinDepth is the least depth at which a node tries enhanced
// transposition cutoffs: etcDepth (the paper's compromise, more than two
// plies above the horizon), or with ETCEveryDepth every interior node.
func (o *Options) etcMinDepth() int {
	if o.ETCEveryDepth {
		return 1
	}
	return etcDepth
}

// roundToGrain rounds v to the nearest multiple of g (g > 1), halves away
// from zero, so that roundToGrain(-v, g) == -roundToGrain(v, g): a
// position's value from the other side's view stays its negation
// (Options.EvalGrain). A coarser grain lets each pass of MTD(f) move its
// bound by at least g.
func roundToGrain(v, g int) int {
	if v < 0 {
		return -((-v + g/2) / g * g)
	}
	return (v + g/2) / g * g
}
