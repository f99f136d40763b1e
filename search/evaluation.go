// The static evaluation the search uses: the NNUE network when the
// options name one, else the hand-crafted evaluation. Every move the
// search makes on its position goes through makeMove and unmakeMove so
// that the network's accumulators follow it incrementally.
package search

import "brudno/board"

// How a thread evaluates, chosen once per search (chooseEval): staticEval
// by the network, the hand-crafted evaluation, or the laboratory's either
// rounded to Options.EvalGrain (labEval); adjustEval with the fifty-move
// counter (EvalFifty), without it, or rounded too (labAdjust). Each
// evaluation tests its mode, the playing search's first, in place of the
// options. The zero values are the hand-crafted evaluation, unadjusted.
const (
	evalHCE = iota
	evalNet
	evalLab
)

const (
	adjustNone = iota
	adjustFifty
	adjustLab
)

// chooseEval sets how the thread evaluates in a search with opts, its
// network (nn) already set.
func (t *thread) chooseEval(opts *Options) {
	t.evalBy, t.adjustBy = evalHCE, adjustNone
	if t.nn != nil {
		t.evalBy = evalNet
	}
	if opts.EvalFifty {
		t.adjustBy = adjustFifty
	}
	if opts.EvalGrain > 1 {
		t.evalBy, t.adjustBy = evalLab, adjustLab
	}
}

// staticEval evaluates the thread's position from the side to move's view.
// A network's evaluation is kept off the mate range (and so within the
// table's int16), whatever the net file's weights and scale.
func (t *thread) staticEval() int {
	if t.evalBy == evalNet {
		return max(-TBWinBound+1, min(t.nn.Evaluate(t.pos), TBWinBound-1))
	}
	if t.evalBy == evalHCE {
		return t.ev.Evaluate(t.pos)
	}
	return t.labEval()
}

// adjustEval is the evaluation that pruning and stand pat use: the raw
// one plus the correction history, drawn toward a draw as the fifty-move
// counter runs (EvalFifty: by 1/200 a half-move), kept off the mate range.
func (t *thread) adjustEval(raw int) int {
	v := raw + t.correction()
	if t.adjustBy == adjustFifty {
		v = t.drawByFifty(v)
	} else if t.adjustBy != adjustNone {
		v = t.labAdjust(v)
	}
	return max(-TBWinBound+1, min(v, TBWinBound-1))
}

// drawByFifty draws v toward a draw by 1/200 a half-move of the
// fifty-move counter.
func (t *thread) drawByFifty(v int) int {
	return v * (200 - min(t.pos.HalfmoveClock(), 100)) / 200
}

// makeMove makes move m. The child's table entry, which its probe reads
// first, starts loading before the work of the move, so that more of the
// memory's latency passes meanwhile.
func (t *thread) makeMove(m board.Move) {
	if t.s.opts.TT {
		t.s.tt.Prefetch(t.pos.KeyAfter(m))
	}
	if t.nn != nil {
		t.nn.Push(t.pos, m)
	}
	t.pos.Make(m)
	t.prefetchCorrection()
}

func (t *thread) unmakeMove() {
	t.pos.Unmake()
	if t.nn != nil {
		t.nn.Pop()
	}
}

func (t *thread) makeNull() {
	if t.nn != nil {
		t.nn.PushNull()
	}
	t.pos.MakeNull()
	if t.s.opts.TT {
		t.s.tt.Prefetch(t.pos.Key())
	}
	t.prefetchCorrection()
}

func (t *thread) unmakeNull() {
	t.pos.UnmakeNull()
	if t.nn != nil {
		t.nn.Pop()
	}
}
