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
	return t.s.lineInfo(t.rootMoves[pvIdx], depth, pvIdx+1, bound, t.nodes+t.s.helperNodes())
}

func (s *Searcher) lineInfo(rm rootMove, depth, multiPV, bound int, nodes uint64) Info {
	return Info{
		Depth: depth, SelDepth: max(rm.selDepth, depth), MultiPV: multiPV,
		Score: rm.score, Bound: bound, Nodes: nodes,
		Time: s.tm.elapsed(), HashFull: s.tt.Hashfull(),
		PV: append([]board.Move(nil), rm.pv...),
	}
}

func (t *thread) reportLines(depth int) {
	if t.s.cb.Info == nil {
		return
	}
	for i := 0; i < min(t.s.opts.MultiPV, len(t.rootMoves)); i++ {
		t.s.cb.Info(t.info(depth, i, BoundExact))
	}
}
