package nnue

import "brudno/board"

// MaxPly is the number of moves an Evaluator can stack above its root:
// plies 0..MaxPly have accumulators.
const MaxPly = 130

// Evaluator is one search thread's incremental evaluation: a stack of
// accumulators indexed by ply, updated lazily. The search calls Reset at
// the root, Push (or PushNull) before making each move, Pop after taking
// it back, and Evaluate where it needs a score. Push only records the
// move's feature changes; Evaluate brings the accumulators from the last
// computed ancestor up to the current ply, so moves whose positions are
// never evaluated cost no vector work. It never allocates after
// NewEvaluator and never refreshes from scratch except in Reset.
//
// An Evaluator is not safe for concurrent use; give each thread its own.
// Its fields, written at every move, are padded off the cache lines of
// whatever the allocator puts beside it (another thread's Evaluator,
// say): a line shared by two threads' data moves between their cores at
// every write (false sharing).
type Evaluator struct {
	_        [64]byte
	net      *Net
	accs     []Accumulator // MaxPly+1, allocated once
	ply      int
	computed [MaxPly + 1]bool  // accs[i] is up to date
	deltas   [MaxPly + 1]Delta // deltas[i]: the move from ply i-1 to ply i
	_        [64]byte
}

// NewEvaluator returns an Evaluator for n (about 0.5 MB). Call Reset
// before use.
func (n *Net) NewEvaluator() *Evaluator {
	return &Evaluator{net: n, accs: make([]Accumulator, MaxPly+1)}
}

// Net returns the network the Evaluator uses.
func (e *Evaluator) Net() *Net { return e.net }

// Ply returns the number of moves pushed since Reset (and not popped).
func (e *Evaluator) Ply() int { return e.ply }

// Reset makes pos the root (ply 0) and refreshes its accumulator.
func (e *Evaluator) Reset(pos *board.Position) {
	e.ply = 0
	e.net.Refresh(&e.accs[0], pos)
	e.computed[0] = true
}

// Push records the legal move m, to be called before pos.Make(m). It
// panics beyond MaxPly.
func (e *Evaluator) Push(pos *board.Position, m board.Move) {
	if e.ply >= MaxPly {
		panic("nnue: Evaluator.Push beyond MaxPly")
	}
	e.ply++
	e.deltas[e.ply].set(pos, m)
	e.computed[e.ply] = false
}

// PushNull records a null move (pos.MakeNull): the next ply's
// accumulator is the current one. It panics beyond MaxPly.
func (e *Evaluator) PushNull() {
	if e.ply >= MaxPly {
		panic("nnue: Evaluator.PushNull beyond MaxPly")
	}
	e.ply++
	e.deltas[e.ply] = Delta{}
	e.computed[e.ply] = false
}

// Pop takes back the last Push or PushNull, to be called with Unmake or
// UnmakeNull. It panics at the root.
func (e *Evaluator) Pop() {
	if e.ply == 0 {
		panic("nnue: Evaluator.Pop at the root")
	}
	e.ply--
}

// update brings the current ply's accumulator up to date by applying the
// recorded deltas in order from the last computed ancestor.
func (e *Evaluator) update() *Accumulator {
	i := e.ply
	for i > 0 && !e.computed[i] {
		i--
	}
	if !e.computed[0] {
		panic("nnue: Evaluator used before Reset")
	}
	for i < e.ply {
		i++
		e.net.Apply(&e.accs[i], &e.accs[i-1], &e.deltas[i])
		e.computed[i] = true
	}
	return &e.accs[e.ply]
}

// Evaluate returns the network's score of pos, the position reached from
// the root by the pushed moves, in centipawns from the side to move's
// point of view.
func (e *Evaluator) Evaluate(pos *board.Position) int {
	return e.net.Evaluate(e.update(), pos.Side(), pos.Occupied().Count())
}

// Accumulator returns the current ply's accumulator, brought up to date
// (for tests and tools; the Evaluator keeps ownership).
func (e *Evaluator) Accumulator() *Accumulator { return e.update() }
