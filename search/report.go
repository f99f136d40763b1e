// Reporting: the info lines of iterations, aspiration failures and the
// move being searched, passed to the caller's callbacks.
package search

import (
	"time"

	"brudno/board"
)

const currMoveAfter = time.Second // currmove lines only after this much thinking

func (t *thread) reportCurrMove(depth int, m board.Move, n int) {
	if t.s.tm.elapsed() >= currMoveAfter {
		t.s.cb.CurrMove(depth, m, n)
	}
}

func (t *thread) info(depth, pvIdx, bound int) Info {
	if pvIdx == 0 {
		t.reported = t.rootMoves[0].move
	}
	return t.s.lineInfo(t.pos, t.rootMoves[pvIdx], depth, pvIdx+1, bound, t.nodes+t.s.helperNodes())
}

// lineInfo reports a root move's line from the root position pos.
func (s *Searcher) lineInfo(pos *board.Position, rm rootMove, depth, multiPV, bound int, nodes uint64) Info {
	return Info{
		Depth: depth, SelDepth: max(rm.selDepth, depth), MultiPV: multiPV,
		Score: s.shownScore(rm.score), Bound: bound, Nodes: nodes,
		Time: s.tm.elapsed(), HashFull: s.tt.Hashfull(), TBHits: s.tbHits.Load(),
		PV: untilDraw(pos, append([]board.Move(nil), rm.pv...)),
	}
}

// untilDraw cuts a line after the first move that reaches a draw by
// repetition or by the fifty-move rule, where the search stops scoring it
// (quiescence does not look for repetitions, so a line of checks and
// evasions may run on past one), and before a move that is not legal.
// pos is the line's first position and is unchanged on return.
func untilDraw(pos *board.Position, pv []board.Move) []board.Move {
	made := 0
	for i, m := range pv {
		if !pos.IsLegal(m) {
			pv = pv[:i]
			break
		}
		pos.Make(m)
		made++
		if pos.IsRepetition() || pos.HalfmoveClock() >= 100 {
			pv = pv[:i+1]
			break
		}
	}
	for ; made > 0; made-- {
		pos.Unmake()
	}
	return pv
}

func (t *thread) reportLines(depth int) {
	if t.s.cb.Info == nil {
		return
	}
	for i := 0; i < min(t.s.opts.MultiPV, len(t.rootMoves)); i++ {
		t.s.cb.Info(t.info(depth, i, BoundExact))
	}
}
