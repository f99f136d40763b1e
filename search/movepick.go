// Move ordering: the hash move first, then winning and equal captures by
// MVV-LVA, killers, the countermove, quiet moves by history, and losing
// captures last. Moves are picked one at a time by selection, so a cutoff
// early on saves sorting the rest.
package search

import "brudno/board"

const (
	scoreTT       = 1 << 30
	scoreGoodCapt = 1 << 26
	scoreKiller   = 1 << 24
	scoreCounter  = 1 << 23
	scoreBadCapt  = -(1 << 26)
)

type movePicker struct {
	list   board.MoveList
	scores [board.MaxMoves]int32
	idx    int
}

// init generates the moves of the thread's position (only noisy ones when
// noisyOnly) and scores them for ordering.
func (mp *movePicker) init(t *thread, ply int, ttMove board.Move, noisyOnly bool) {
	pos := t.pos
	if noisyOnly {
		pos.GenerateNoisy(&mp.list)
	} else {
		pos.GenerateLegal(&mp.list)
	}
	mp.idx = 0
	side := pos.Side()
	var killers [2]board.Move
	counter := board.NoMove
	if !noisyOnly {
		if t.s.opts.Killers {
			killers = t.stack[ply].killers
			if prev := t.stack[ply-1].move; prev != board.NoMove {
				counter = t.counter[pos.PieceAt(prev.To())][prev.To()]
			}
		}
	}
	for i, m := range mp.list.Moves[:mp.list.Count] {
		var sc int32
		switch {
		case m == ttMove:
			sc = scoreTT
		case pos.IsCapture(m) || m.Promo() != board.NoPieceType:
			victim := pos.CapturedPiece(m).Type()
			attacker := pos.PieceAt(m.From()).Type()
			mvvlva := int32(board.SEEValue[victim]+board.SEEValue[m.Promo()])*8 - int32(attacker)
			if noisyOnly || pos.SEE(m) >= 0 {
				sc = scoreGoodCapt + mvvlva
			} else {
				sc = scoreBadCapt + mvvlva
			}
		case m == killers[0]:
			sc = scoreKiller + 1
		case m == killers[1]:
			sc = scoreKiller
		case m == counter:
			sc = scoreCounter
		default:
			sc = t.history[side][m.From()][m.To()]
		}
		mp.scores[i] = sc
	}
}

// next returns the best remaining move, or false when none is left.
func (mp *movePicker) next() (board.Move, bool) {
	n := mp.list.Count
	if mp.idx >= n {
		return board.NoMove, false
	}
	best := mp.idx
	for i := mp.idx + 1; i < n; i++ {
		if mp.scores[i] > mp.scores[best] {
			best = i
		}
	}
	i := mp.idx
	mp.list.Moves[i], mp.list.Moves[best] = mp.list.Moves[best], mp.list.Moves[i]
	mp.scores[i], mp.scores[best] = mp.scores[best], mp.scores[i]
	mp.idx++
	return mp.list.Moves[i], true
}
