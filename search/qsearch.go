// Quiescence: captures and queen promotions (all evasions in check) until
// the position is quiet, with the table, stand pat on the corrected static
// evaluation, and delta and SEE pruning.
package search

import "brudno/board"

// qsearch searches captures and promotions (all evasions when in check)
// until the position is quiet.
func (t *thread) qsearch(alpha, beta, ply int) int {
	s := t.s
	o := &s.opts
	t.nodes++
	t.stats.QNodes++
	if t.nodes&t.checkMask == 0 {
		t.checkLimits()
	}
	if t.halted() {
		return 0
	}
	pos := t.pos
	t.stack[ply].pvLen = 0
	t.selDepth = max(t.selDepth, ply)
	inCheck := pos.InCheck()
	// The fifty-move rule draws here too (the horizon may fall on the
	// hundredth half-move), unless that half-move mated.
	if pos.HalfmoveClock() >= 100 && (!inCheck || pos.HasLegalMove()) {
		t.stats.Leaves++
		return 0
	}
	if ply >= MaxPly {
		t.stats.Leaves++
		if inCheck {
			return 0
		}
		return t.staticEval()
	}
	key := pos.Key()
	hit, ttHit := t.probe(key, 0, alpha, beta, ply) // a two-bound entry's bounds hold at any depth
	if ttHit {
		if score, ok := t.ttCutoff(hit, ply, alpha, beta); ok {
			return score
		}
	}
	// Stand pat: the side to move may decline every capture.
	best := -Infinity
	rawEval, staticEval := -Infinity, -Infinity
	if !inCheck {
		rawEval, staticEval = t.qsEval(&hit, ttHit, ply)
		best = staticEval
		if best >= beta {
			t.stats.Leaves++
			if o.FailHighBlend && !IsMateScore(best) && !IsMateScore(beta) {
				best = (best + beta) / 2
			}
			return best
		}
		alpha = max(alpha, best)
	}
	// The hash move goes first when it is one quiescence would search.
	ttMove := board.NoMove
	if ttHit && (inCheck || pos.IsCapture(hit.Move) || hit.Move.Promo() != board.NoPieceType) {
		ttMove = hit.Move
	}
	if inCheck {
		t.setThreats(ply) // the quiet evasions are ordered by history
	}
	mp := t.takePicker()
	defer t.releasePicker()
	mp.init(t, ply, ttMove, !inCheck)
	searched := 0
	bestMove := board.NoMove
	origAlpha := alpha
	for {
		m, ok := mp.next()
		if !ok {
			break
		}
		if inCheck && o.QSEvasionPrune && searched >= 2 && best > -MateBound && !pos.IsCapture(m) && m.Promo() == board.NoPieceType {
			continue // a move already holds off mate: the quiet evasions left are seldom better
		}
		if !inCheck && t.qsSkip(m, staticEval, alpha, &best) {
			continue
		}
		searched++
		t.setMove(ply, m)
		t.makeMove(m)
		score := -t.qsearch(-beta, -alpha, ply+1)
		t.unmakeMove()
		if t.halted() {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				bestMove = m
				t.updatePV(ply, m)
				if score >= beta {
					break
				}
			}
		}
	}
	if searched == 0 {
		t.stats.Leaves++
		if inCheck { // every evasion is searched: none was legal
			return -Mate + ply
		}
	}
	t.store(key, bestMove, scoreToTT(best, ply), rawEval, 0, boundOf(best, origAlpha, beta), ttHit && hit.PV)
	return best
}

// qsEval is the stand pat of a node not in check: the raw static
// evaluation (the table's when it has one) and the adjusted one, which a
// stored score replaces when its bound lies on the right side of it.
func (t *thread) qsEval(hit *TTHit, ttHit bool, ply int) (rawEval, staticEval int) {
	if ttHit && hit.Eval > -Infinity {
		rawEval = hit.Eval
	} else {
		rawEval = t.staticEval()
	}
	staticEval = t.adjustEval(rawEval)
	if t.s.opts.QSTTEval && ttHit {
		if score := scoreFromTT(hit.Score, ply); !IsMateScore(score) &&
			(hit.Bound == BoundLower && score > staticEval || hit.Bound == BoundUpper && score < staticEval) {
			staticEval = score
		}
	}
	return rawEval, staticEval
}

// qsSkip tells whether quiescence (not in check) leaves capture or
// promotion m out: under-promotions always; with QSearchPruning, a
// capture whose piece cannot lift the score to alpha (delta pruning), one
// that wins nothing when the margin alone cannot (QSFutility, whose bound
// then joins best), and one that loses material.
func (t *thread) qsSkip(m board.Move, staticEval, alpha int, best *int) bool {
	if pt := m.Promo(); pt != board.NoPieceType && pt != board.Queen {
		return true
	}
	o := &t.s.opts
	if !o.QSearchPruning {
		return false
	}
	pos := t.pos
	if m.Promo() == board.NoPieceType {
		if fut := staticEval + board.SEEValue[pos.CapturedPiece(m).Type()] + qsDeltaMargin; fut < alpha {
			if o.QSFutility {
				*best = max(*best, fut)
			}
			return true
		}
		if fut := staticEval + qsDeltaMargin; o.QSFutility && fut <= alpha && !pos.SEEGE(m, 1) {
			*best = max(*best, fut)
			t.stats.QSFutility++
			return true
		}
	}
	return !pos.SEENonNegative(m)
}
