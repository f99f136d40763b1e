// A small quiescence search over captures and promotions, for telling
// quiet positions from noisy ones when training data is made and tuned:
// a position is quiet when its side to move is not in check and no
// capture sequence changes the static evaluation. It is not the engine's
// search (that is search/); it has no table and no move ordering beyond
// most valuable victim first, and skips captures that lose material.
package eval

import "brudno/board"

// maxQuiescencePly bounds the depth of Quiescence.
const maxQuiescencePly = 24

// Quiescence returns the quiescence value of p from the side to move's
// point of view: the static evaluation, or better by a sequence of
// captures and queen promotions that do not lose material by SEE. Checks
// are not answered (the side in check stands pat like any other).
func (e *Evaluator) Quiescence(p *board.Position) int {
	return e.quiesce(p, -1<<30, 1<<30, 0)
}

// IsQuiet reports whether p is quiet: its side to move is not in check
// and its quiescence value equals its static evaluation.
func (e *Evaluator) IsQuiet(p *board.Position) bool {
	return !p.InCheck() && e.Quiescence(p) == e.Evaluate(p)
}

func (e *Evaluator) quiesce(p *board.Position, alpha, beta, ply int) int {
	best := e.Evaluate(p)
	if best >= beta || ply >= maxQuiescencePly {
		return best
	}
	alpha = max(alpha, best)
	var list board.MoveList
	p.GenerateNoisy(&list)
	moves := list.Slice()
	// Most valuable victim first (insertion sort on a short list).
	value := func(m board.Move) int {
		return board.SEEValue[p.CapturedPiece(m).Type()] + board.SEEValue[m.Promo()]
	}
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && value(moves[j]) > value(moves[j-1]); j-- {
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
	for _, m := range moves {
		if pt := m.Promo(); pt != board.NoPieceType && pt != board.Queen {
			continue
		}
		if p.SEE(m) < 0 {
			continue
		}
		p.Make(m)
		v := -e.quiesce(p, -beta, -alpha, ply+1)
		p.Unmake()
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	return best
}
