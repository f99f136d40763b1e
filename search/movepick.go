// Move ordering: the hash move first, then winning and equal captures by
// the captured piece's value and the capture history (MVV-LVA without
// it), the killers, the countermove, quiet moves by their histories, and
// losing captures last. Moves are generated in stages (the hash move before any
// generation, quiet moves only once the captures and killers have been
// tried), so a cutoff early on saves the later work; within a stage they
// are picked one at a time by selection.
package search

import (
	"math"

	"brudno/board"
)

const (
	scoreGoodCapt = 1 << 26
	scoreBadCapt  = -(1 << 26)
	noFloor       = math.MinInt32 // pick every remaining move
	// captHistLift keeps a capture's score above its stage's floor
	// whatever its capture history: history/4 is at least -historyMax/4
	// (the picker's test holds the two together).
	captHistLift = 4096
)

// Stages of a movePicker.
const (
	stageTT       = iota // the hash move, if legal
	stageGenNoisy        // generate and score the captures and promotions
	stageGood            // winning and equal captures (all of them in quiescence)
	stageKiller          // the two killers and the countermove
	stageGenQuiet        // generate and score the quiet moves
	stageQuiet           // the quiet moves by history
	stageBad             // losing captures
	stageDone
)

type movePicker struct {
	list     board.MoveList // noisy moves, then the quiet ones appended
	scores   [board.MaxMoves]int32
	idx      int // next index to pick from
	badStart int // the losing captures are list[badStart:nNoisy]
	nNoisy   int
	t        *thread
	ply      int
	tried    [4]board.Move // hash move, killers, countermove: not picked again
	special  [3]board.Move // killers and countermove still to try
	nSpecial int
	noisy    bool // captures and promotions only (quiescence)
	stage    int
	// With SkipQuiets, set by the move loop once every later quiet move
	// that does not give check would be pruned: the rest of the quiet
	// stage offers only those that check, and counts the others in skipped.
	skipQuiets bool
	skipChecks bool // with skipQuiets: the quiet checks too (PruneChecks; with PVChecks not at PV nodes)
	skipped    int
	excluded   board.Move // the move a singular-extension search leaves out: never returned
}

// takePicker returns the thread's next free move picker, to be given back
// with releasePicker when the node is done. A picker is over 1.5 KB,
// which a local variable would clear at every node.
func (t *thread) takePicker() *movePicker {
	mp := &t.pickers[t.nPickers]
	t.nPickers++
	return mp
}

// releasePicker gives back the picker takePicker returned last.
func (t *thread) releasePicker() { t.nPickers-- }

// init prepares to return the moves of the thread's position (only noisy
// ones when noisyOnly), the hash move first.
func (mp *movePicker) init(t *thread, ply int, ttMove board.Move, noisyOnly bool) {
	mp.t, mp.ply, mp.noisy = t, ply, noisyOnly
	mp.stage = stageTT
	mp.tried = [4]board.Move{ttMove}
	mp.nSpecial = 0
	mp.skipQuiets, mp.skipChecks, mp.skipped, mp.excluded = false, false, 0, board.NoMove
}

// next returns the next move in order, or false when none is left.
func (mp *movePicker) next() (board.Move, bool) {
	pos := mp.t.pos
	switch mp.stage {
	case stageTT:
		mp.stage = stageGenNoisy
		if m := mp.tried[0]; m != board.NoMove && pos.IsLegal(m) {
			return m, true
		}
		mp.tried[0] = board.NoMove
		fallthrough
	case stageGenNoisy:
		pos.GenerateNoisy(&mp.list)
		mp.scoreNoisy()
		mp.idx, mp.nNoisy = 0, mp.list.Count
		mp.stage = stageGood
		fallthrough
	case stageGood:
		if m, ok := mp.pick(mp.nNoisy, scoreGoodCapt); ok {
			return m, true
		}
		mp.badStart = mp.idx
		if mp.noisy {
			mp.stage = stageDone
			return board.NoMove, false
		}
		mp.stage = stageKiller
		mp.specials()
		fallthrough
	case stageKiller:
		for mp.nSpecial > 0 {
			mp.nSpecial--
			if m := mp.special[mp.nSpecial]; pos.IsLegal(m) {
				mp.tried[1+mp.nSpecial] = m
				return m, true
			}
		}
		mp.stage = stageGenQuiet
		fallthrough
	case stageGenQuiet:
		mp.idx = mp.nNoisy
		pos.AppendQuiet(&mp.list)
		mp.scoreQuiet()
		mp.stage = stageQuiet
		fallthrough
	case stageQuiet:
		if mp.skipQuiets {
			if m, ok := mp.nextQuietCheck(); ok {
				return m, true
			}
		} else if m, ok := mp.pick(mp.list.Count, noFloor); ok {
			return m, true
		}
		mp.idx = mp.badStart
		mp.stage = stageBad
		fallthrough
	case stageBad:
		if m, ok := mp.pick(mp.nNoisy, noFloor); ok {
			return m, true
		}
		mp.stage = stageDone
	}
	return board.NoMove, false
}

// pick selects the best-scored move of list[idx:end] if its score is
// above floor, skipping moves already tried.
func (mp *movePicker) pick(end int, floor int32) (board.Move, bool) {
	scores, moves := mp.scores[:end], mp.list.Moves[:end]
	for i := mp.idx; i < len(scores); i++ {
		// The first of the highest scores, kept in registers (eight at a
		// time where firstMaxFast can).
		best, top := i, scores[i]
		if j, ok := firstMaxFast(scores[i:]); ok {
			best, top = i+j, scores[i+j]
		} else {
			for j, s := range scores[i+1:] {
				if s > top {
					best, top = i+1+j, s
				}
			}
		}
		if top <= floor {
			mp.idx = i
			return board.NoMove, false
		}
		m := moves[best]
		moves[best], scores[best] = moves[i], scores[i]
		moves[i], scores[i] = m, top
		if !mp.wasTried(m) {
			mp.idx = i + 1
			return m, true
		}
	}
	mp.idx = max(mp.idx, end)
	return board.NoMove, false
}

// nextQuietCheck returns the next quiet move left, in the order of the
// list, that gives check, counting the others it passes in skipped.
func (mp *movePicker) nextQuietCheck() (board.Move, bool) {
	for mp.idx < mp.list.Count {
		m := mp.list.Moves[mp.idx]
		mp.idx++
		if mp.wasTried(m) {
			continue
		}
		if !mp.skipChecks && mp.t.givesCheck(mp.ply, m) {
			return m, true
		}
		mp.skipped++
	}
	return board.NoMove, false
}

// wasTried reports whether m was returned already as a special move, or
// is the excluded one.
func (mp *movePicker) wasTried(m board.Move) bool {
	return m == mp.tried[0] || m == mp.tried[1] || m == mp.tried[2] || m == mp.tried[3] || m == mp.excluded
}

// scoreNoisy orders captures and promotions by the value gained and the
// capture history, or by MVV-LVA without it; the losing ones (by SEE,
// outside quiescence) come below the winning and equal ones. The history
// term is raised by captHistLift so that every score stays above its
// stage's floor: a pawn capture with a poor record (16·100 + history/4
// can fall to -2,496) is still a winning or equal capture, and one in
// quiescence is still searched.
func (mp *movePicker) scoreNoisy() {
	t := mp.t
	pos := t.pos
	captHist := t.s.opts.CaptureHistory
	for i, m := range mp.list.Moves[:mp.list.Count] {
		victim := pos.CapturedPiece(m).Type()
		attacker := pos.PieceAt(m.From()).Type()
		var v int32
		if captHist {
			v = int32(board.SEEValue[victim]+board.SEEValue[m.Promo()])*16 + int32(t.captureHistory(m))/4 + captHistLift
		} else {
			v = int32(board.SEEValue[victim]+board.SEEValue[m.Promo()])*8 - int32(attacker)
		}
		if mp.noisy || pos.SEENonNegative(m) {
			mp.scores[i] = scoreGoodCapt + v
		} else {
			mp.scores[i] = scoreBadCapt + v
		}
	}
}

// specials queues the killers and the countermove, in the order they are
// tried (the first killer first), leaving out repeats and the hash move.
func (mp *movePicker) specials() {
	t := mp.t
	if !t.s.opts.Killers {
		return
	}
	cand := [3]board.Move{t.stack[mp.ply].killers[0], t.stack[mp.ply].killers[1]}
	if prev := t.stack[mp.ply-1].move; prev != board.NoMove {
		cand[2] = t.hist.counter[t.pos.PieceAt(prev.To())][prev.To()]
	}
	pos := t.pos
	for i := 2; i >= 0; i-- {
		m := cand[i]
		if m == board.NoMove || m == mp.tried[0] || m == mp.excluded || pos.IsCapture(m) || m.Promo() != board.NoPieceType ||
			i > 0 && m == cand[0] || i > 1 && m == cand[1] {
			continue
		}
		mp.special[mp.nSpecial] = m
		mp.nSpecial++
	}
}

// scoreQuiet orders the appended quiet moves by their histories (with
// CheckOrder, a check that SEE does not lose by more than
// checkOrderSEE first among equals by checkOrderBonus; with ThreatOrder,
// threatOrder's bonus or malus added).
func (mp *movePicker) scoreQuiet() {
	t := mp.t
	pos := t.pos
	qs := t.quietScorer(mp.ply)
	var checks *board.Checks
	if t.s.opts.CheckOrder {
		checks = t.checks(mp.ply)
	}
	moves, scores := mp.list.Moves[:mp.list.Count], mp.scores[:mp.list.Count]
	for i := mp.nNoisy; i < len(moves); i++ {
		m := moves[i]
		score := qs.score(m, pos.PieceAt(m.From()))
		if checks != nil {
			check, known := pos.GivesCheckQuick(checks, m)
			if !known {
				check = pos.GivesCheck(m)
			}
			if check && pos.SEEGE(m, -checkOrderSEE) {
				score += checkOrderBonus
			}
		}
		scores[i] = int32(score)
	}
	if t.s.opts.ThreatOrder {
		mp.scoreThreats()
	}
}

// scoreThreats adds threatOrder's bonus or malus to the scores of the
// quiet moves (ThreatOrder), in a loop of its own so that the loop above
// costs nothing more without it.
func (mp *movePicker) scoreThreats() {
	pos := mp.t.pos
	var to threatOrder
	to.init(pos)
	moves, scores := mp.list.Moves[:mp.list.Count], mp.scores[:mp.list.Count]
	for i := mp.nNoisy; i < len(moves); i++ {
		m := moves[i]
		scores[i] += int32(to.score(m, pos.PieceAt(m.From())))
	}
}

// threatOrder holds, for ThreatOrder, where each piece type of the side
// to move stands attacked by a cheaper enemy piece (a queen by a rook,
// minor piece or pawn; a rook by a minor piece or pawn; a knight or
// bishop by a pawn; nothing for pawns and the king), and the ordering
// bonus of each type, filled once per node when the quiet moves are
// scored.
type threatOrder struct {
	danger [8]board.Bitboard // by piece type
	bonus  [8]int
}

// init fills the sets and bonuses for the side to move of pos (those of
// pawns and the king stay 0).
func (to *threatOrder) init(pos *board.Position) {
	pawns, minors, rooks := pos.AttacksUpTo(pos.Side() ^ 1)
	to.danger[board.Knight], to.danger[board.Bishop] = pawns, pawns
	to.danger[board.Rook], to.danger[board.Queen] = minors, rooks
	to.bonus[board.Knight], to.bonus[board.Bishop] = threatOrderMinor, threatOrderMinor
	to.bonus[board.Rook], to.bonus[board.Queen] = threatOrderRook, threatOrderQueen
}

// score is the bonus of quiet move m of piece pc: its type's bonus when
// it leaves a square attacked by a cheaper enemy piece for one that is
// not, minus it when it goes from a square that is not to one that is,
// else 0.
func (to *threatOrder) score(m board.Move, pc board.Piece) int {
	from, dest := m&63, m>>6&63 // written out so that score inlines
	d := to.danger[pc&7]
	return (int(d>>from&1) - int(d>>dest&1)) * to.bonus[pc&7]
}
