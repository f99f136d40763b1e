// The static evaluation the search uses: the NNUE network when the
// options name one, else the hand-crafted evaluation. Every move the
// search makes on its position goes through makeMove and unmakeMove so
// that the network's accumulators follow it incrementally.
package search

import "brudno/board"

// staticEval evaluates the thread's position from the side to move's view.
func (t *thread) staticEval() int {
	if t.nn != nil {
		return t.nn.Evaluate(t.pos)
	}
	return t.ev.Evaluate(t.pos)
}

func (t *thread) makeMove(m board.Move) {
	if t.nn != nil {
		t.nn.Push(t.pos, m)
	}
	t.pos.Make(m)
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
}

func (t *thread) unmakeNull() {
	t.pos.UnmakeNull()
	if t.nn != nil {
		t.nn.Pop()
	}
}
