// The search's tree as the laboratory walks it outside the search
// (lab/graph): a position moved through move by move with the search's
// own static evaluation and move order, under PlainOptions (the
// hand-crafted evaluation, no history, killers or table), so that a walk
// sees the tree that every lab configuration searches.
package search

import (
	"brudno/board"
	"brudno/eval"
)

// Walker is a thread of a PlainOptions search, for walks outside the
// search.
type Walker struct{ t *thread }

// NewWalker returns a walker at a copy of pos.
func NewWalker(pos *board.Position) *Walker {
	s := &Searcher{opts: PlainOptions()}
	t := &thread{s: s, pos: pos.Clone(), ev: eval.NewEvaluator()}
	s.threads = []*thread{t}
	for i := range t.stack {
		t.stack[i].cont = &t.hist.cont[0][0]
	}
	return &Walker{t}
}

// Position is the walker's position; it moves only by Make and Unmake.
func (w *Walker) Position() *board.Position { return w.t.pos }

// Make plays m, as the search does.
func (w *Walker) Make(m board.Move) { w.t.makeMove(m) }

// Unmake takes the last move back.
func (w *Walker) Unmake() { w.t.unmakeMove() }

// Evaluate is the search's static evaluation of the position, from the
// side to move's view.
func (w *Walker) Evaluate() int { return w.t.staticEval() }

// MoveOrder hands out the position's moves in the search's order under
// PlainOptions: first the given move when legal, then captures by
// MVV-LVA, quiet moves in generation order and losing captures.
type MoveOrder struct{ mp movePicker }

// Init starts on the walker's position at ply, with first (NoMove: none)
// first; noisy limits the moves to captures and promotions, as
// quiescence's.
func (o *MoveOrder) Init(w *Walker, ply int, first board.Move, noisy bool) {
	o.mp.init(w.t, ply, first, noisy)
}

// Next returns the next move, or false when none is left.
func (o *MoveOrder) Next() (board.Move, bool) { return o.mp.next() }

// ScoreToTT makes a mate or tablebase score relative to the node at ply,
// as the table stores it; ScoreFromTT makes it relative to the root
// again. For the laboratory's own tables.
func ScoreToTT(score, ply int) int { return scoreToTT(score, ply) }

// ScoreFromTT is the inverse of ScoreToTT.
func ScoreFromTT(score, ply int) int { return scoreFromTT(score, ply) }
