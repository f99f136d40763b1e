// The static evaluation the search uses: the NNUE network when the
// options name one, else the hand-crafted evaluation. Every move the
// search makes on its position goes through makeMove and unmakeMove so
// that the network's accumulators follow it incrementally.
package search

import "brudno/board"

// staticEval evaluates the thread's position from the side to move's view.
// A network's evaluation is kept off the mate range (and so within the
// table's int16), whatever the net file's weights and scale.
func (t *thread) staticEval() int {
	var v int
	if t.nn != nil {
		v = max(-TBWinBound+1, min(t.nn.Evaluate(t.pos), TBWinBound-1))
	} else {
		v = t.ev.Evaluate(t.pos)
	}
	if g := t.s.opts.EvalGrain; g > 1 {
		v = roundToGrain(v, g)
	}
	return v
}

// adjustEval is the evaluation that pruning and stand pat use: the raw
// one plus the correction history, drawn toward a draw as the fifty-move
// counter runs (EvalFifty: by 1/200 a half-move), kept off the mate range.
func (t *thread) adjustEval(raw int) int {
	v := raw + t.correction()
	if t.s.opts.EvalFifty {
		v = v * (200 - min(t.pos.HalfmoveClock(), 100)) / 200
	}
	if g := t.s.opts.EvalGrain; g > 1 {
		v = roundToGrain(v, g)
	}
	return max(-TBWinBound+1, min(v, TBWinBound-1))
}

func (t *thread) makeMove(m board.Move) {
	if t.nn != nil {
		t.nn.Push(t.pos, m)
	}
	t.pos.Make(m)
	if t.s.opts.TT {
		t.s.tt.Prefetch(t.pos.Key()) // the child's probe comes next
	}
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
}

func (t *thread) unmakeNull() {
	t.pos.UnmakeNull()
	if t.nn != nil {
		t.nn.Pop()
	}
}
