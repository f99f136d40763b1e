// Iterative deepening and the root: aspiration windows, the MTD drivers
// (MTD(f), SSS* and DUAL*), and the loop over the root moves.
package search

import "brudno/board"

// iterate is one thread's iterative deepening loop. Helper threads (id > 0)
// search the same root, some starting one ply deeper, so that the threads
// spread over depths and share results through the table.
func (t *thread) iterate() {
	s := t.s
	main := t.id == 0
	maxDepth := MaxPly - 1
	if s.limits.Depth > 0 {
		maxDepth = min(s.limits.Depth, maxDepth)
	}
	multiPV := min(s.opts.MultiPV, len(t.rootMoves))
	var lastBest board.Move
	stability := 0
	lastScore := -Infinity
	back := [2]int{-Infinity, -Infinity} // line 1's value one and two iterations back (MTDGuessBack2)
	for depth := 1 + t.id%2; depth <= maxDepth; depth++ {
		// Odd helpers keep one ply ahead of the deepest completed iteration,
		// so that the threads spread over two depths.
		if t.id%2 == 1 && depth <= int(s.doneDepth.Load())+1 && depth < maxDepth {
			depth = min(int(s.doneDepth.Load())+2, maxDepth)
		}
		t.rootDepth = depth
		if main && s.ybw != nil {
			s.shareHistories()
		}
		iterStart := t.nodes
		for pvIdx := 0; pvIdx < multiPV && !t.halted(); pvIdx++ {
			t.selDepth = 0
			switch s.opts.Algorithm {
			case MTDF:
				t.mtdf(depth, pvIdx, back[1])
			case SSS:
				t.mtd(depth, pvIdx, Infinity)
			case DUAL:
				t.mtd(depth, pvIdx, -Infinity)
			default:
				t.aspirate(depth, pvIdx, main)
			}
			// A later line may have come out better than an earlier one.
			if !t.halted() {
				sortRootMoves(t.rootMoves[:pvIdx+1])
			}
		}
		if s.stop.Load() {
			break
		}
		if t.abandon {
			// Another thread finished this depth (or a deeper one) first:
			// take its line and go on from there.
			t.abandon = false
			t.stats.AbortedNodes += t.nodes - iterStart
			depth = t.adoptDeepest()
		}
		t.completed = depth
		back = [2]int{t.rootMoves[0].score, back[0]}
		t.best = t.rootMoves[0]
		t.best.pv = append([]board.Move(nil), t.best.pv...)
		s.publishCompleted(depth, t.best)
		t.published.Store(t.nodes)
		if !main {
			continue
		}
		t.reportLines(depth)
		t.publishAnswer(depth)
		if !s.firstDone.Load() {
			s.firstIterationDone() // a stop asked for meanwhile takes effect
		}
		if t.rootMoves[0].move == lastBest {
			stability = min(stability+1, stabilityMax)
		} else {
			stability = 0
		}
		lastBest = t.rootMoves[0].move
		stop := t.finished(depth, stability, lastScore)
		lastScore = t.rootMoves[0].score
		if stop || s.stop.Load() {
			break
		}
	}
	if main {
		t.published.Store(t.nodes)
	}
}

// finished decides, after a completed iteration of the main thread,
// whether to stop searching. The soft limit is scaled by three factors:
// the stability of the best move over the iterations, the share of the
// main thread's root nodes the best move took (a move that needed most of
// the work is seldom overturned), and the change of the score since the
// last iteration (a falling score needs time, a rising one less).
func (t *thread) finished(depth, stability, lastScore int) bool {
	s := t.s
	score := t.rootMoves[0].score
	if s.limits.Mate > 0 && score >= Mate-2*s.limits.Mate {
		return true
	}
	if s.limits.SoftNodes > 0 && t.nodes+s.helperNodes() >= s.limits.SoftNodes {
		return true
	}
	if s.limits.Infinite || s.tm.pondering.Load() {
		return false
	}
	if len(t.rootMoves) == 1 && s.tm.soft > 0 && depth >= 4 {
		return true // a forced move: no reason to spend time
	}
	factor := float64(stabilityBase-stabilityStep*stability) / 100
	if s.opts.TimeFactors {
		factor *= t.nodeFactor() * scoreFactor(lastScore, score)
	}
	return s.tm.softExpired(factor)
}

// nodeFactor scales the soft limit by the best root move's share of the
// nodes spent on the root moves so far: tmNodeBase% less tmNodeMul% of
// the share, and never below tmNodeMin%.
func (t *thread) nodeFactor() float64 {
	var all uint64
	for i := range t.rootMoves {
		all += t.rootMoves[i].nodes
	}
	if all == 0 {
		return 1
	}
	share := float64(t.rootMoves[0].nodes) / float64(all)
	return max(float64(tmNodeMin), float64(tmNodeBase)-float64(tmNodeMul)*share) / 100
}

// scoreFactor scales the soft limit by how far the score fell since the
// last iteration: tmScoreMul per mille per centipawn, the fall counted up
// to tmScoreFall and a rise up to tmScoreRise centipawns. Only settings
// far from the defaults reach the floor of a quarter.
func scoreFactor(last, score int) float64 {
	if last == -Infinity || IsMateScore(last) || IsMateScore(score) {
		return 1
	}
	fall := max(-tmScoreRise, min(last-score, tmScoreFall))
	return max(1+float64(fall*tmScoreMul)/1000, 0.25)
}

// aspirate searches line pvIdx at depth with an aspiration window around the
// previous score, widening on failure, and moves the best line to pvIdx.
func (t *thread) aspirate(depth, pvIdx int, main bool) {
	s := t.s
	prev := t.rootMoves[pvIdx].score
	alpha, beta := -Infinity, Infinity
	delta := aspirationDelta
	if s.opts.Aspiration && depth >= aspirationDepth && !IsMateScore(prev) && prev > -Infinity {
		alpha, beta = max(prev-delta, -Infinity), min(prev+delta, Infinity)
	}
	for {
		score := t.rootSearch(depth, alpha, beta, pvIdx)
		sortRootMoves(t.rootMoves[pvIdx:])
		if t.halted() {
			return
		}
		switch {
		case score <= alpha:
			if main && s.cb.Info != nil {
				s.cb.Info(t.info(depth, pvIdx, BoundUpper))
			}
			beta = (alpha + beta) / 2
			alpha = max(score-delta, -Infinity)
		case score >= beta:
			if main && s.cb.Info != nil {
				s.cb.Info(t.info(depth, pvIdx, BoundLower))
			}
			beta = min(score+delta, Infinity)
		default:
			return
		}
		t.stats.ReSearches++
		delta += delta / 2
	}
}

// mtdf finds the value of line pvIdx at depth by MTD(f): null-window
// searches around a guess (the previous iteration's value, or with
// MTDGuessBack2 back2, line 1's value two iterations back, or the static
// evaluation at the first iteration).
func (t *thread) mtdf(depth, pvIdx, back2 int) {
	g := t.rootMoves[pvIdx].score
	if t.s.opts.MTDGuessBack2 && pvIdx == 0 && back2 > -Infinity {
		g = back2
	}
	if g <= -Infinity {
		g = t.staticEval()
	}
	t.mtd(depth, pvIdx, g)
}

// mtd is the MTD framework of Plaat, Schaeffer, Pijls and de Bruin:
// starting from the guess g, null-window searches each raise a lower or
// lower an upper bound on the value of line pvIdx at depth, until the
// bounds meet. The table keeps the passes cheap, and gives the principal
// variation afterwards. From g = Infinity every pass but the last fails
// low, lowering the upper bound: MTD(+inf), their formulation of SSS*.
// From g = -Infinity every pass but the last fails high: MTD(-inf),
// DUAL*. Scores lie strictly between -Infinity and Infinity, so the first
// window of either, (Infinity-1, Infinity) or (-Infinity, -Infinity+1),
// fails to the inside.
func (t *thread) mtd(depth, pvIdx, g int) {
	lower, upper := -Infinity, Infinity
	for pass := 0; lower < upper; pass++ {
		beta := g
		if g == lower {
			beta = g + 1
		}
		if pass > 0 {
			t.stats.ReSearches++
		}
		g = t.rootSearch(depth, beta-1, beta, pvIdx)
		sortRootMoves(t.rootMoves[pvIdx:])
		if t.halted() {
			return
		}
		if g < beta {
			upper = g
		} else {
			lower = g
		}
	}
	rm := &t.rootMoves[pvIdx]
	rm.score = g
	rm.pv = t.pvFromTT(rm.pv[:1], depth)
}

// pvFromTT extends a principal variation by following hash moves while they
// are legal and the line does not repeat, up to maxLen moves.
func (t *thread) pvFromTT(pv []board.Move, maxLen int) []board.Move {
	pos := t.pos
	made := 0
	for _, m := range pv {
		pos.Make(m)
		made++
	}
	for len(pv) < maxLen && !pos.IsRepetition() {
		hit, ok := t.s.tt.Probe(pos.Key())
		if !ok || !pos.IsLegal(hit.Move) {
			break
		}
		pv = append(pv, hit.Move)
		pos.Make(hit.Move)
		made++
	}
	for ; made > 0; made-- {
		pos.Unmake()
	}
	return pv
}

// sortRootMoves orders by score, stably, so equal scores keep their order.
func sortRootMoves(rm []rootMove) {
	for i := 1; i < len(rm); i++ {
		for j := i; j > 0 && rm[j].score > rm[j-1].score; j-- {
			rm[j], rm[j-1] = rm[j-1], rm[j]
		}
	}
}

// rootSearch searches the root moves from pvIdx on and returns the best
// score (fail-soft). The first move always gets its score; the others
// lose theirs when the pass begins and get one only by raising alpha, so
// that sorting keeps the best line first and a move from an earlier pass
// or iteration never outranks one searched in this pass. With YBW the
// moves after the first may be shared with idle threads (ybw.go).
func (t *thread) rootSearch(depth, alpha, beta, pvIdx int) int {
	s := t.s
	best := -Infinity
	t.stack[0].pvLen = 0
	t.stack[0].eval = -Infinity
	t.setThreats(0)
	if !t.pos.InCheck() {
		t.stack[0].eval = t.adjustEval(t.staticEval())
	}
	for i := pvIdx + 1; i < len(t.rootMoves); i++ {
		t.rootMoves[i].score = -Infinity
	}
	t.nodes++
	t.stats.Nodes++
	for i := pvIdx; i < len(t.rootMoves); i++ {
		rm := &t.rootMoves[i]
		if t.id == 0 && s.cb.CurrMove != nil {
			t.reportCurrMove(depth, rm.move, i+1)
		}
		before := t.nodes
		score := t.searchRootMove(depth, alpha, beta, rm.move, i == pvIdx)
		rm.nodes += t.nodes - before
		if t.halted() {
			return best
		}
		if i == pvIdx || score > alpha {
			rm.setLine(score, t.selDepth, &t.stack[1])
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				if score >= beta {
					return best
				}
			}
		}
		if s.ybw != nil && i+1 < len(t.rootMoves) && t.rootSplittable(depth) {
			return t.splitRoot(depth, alpha, beta, best, i+1)
		}
	}
	return best
}

// searchRootMove searches root move m at depth: the first move of a pass
// with the full window, the others by PVS (or, for plain alpha-beta,
// with the full window). The position is unchanged on return.
func (t *thread) searchRootMove(depth, alpha, beta int, m board.Move, first bool) int {
	s := t.s
	t.setMove(0, m)
	t.makeMove(m)
	newDepth := depth - 1
	if s.opts.CheckExtension && t.pos.InCheck() {
		newDepth++
	}
	t.stack[1].doubleExt = 0
	nullWindow := beta-alpha == 1
	var score int
	if first || s.opts.Algorithm != PVS || nullWindow {
		score = -t.search(newDepth, -beta, -alpha, 1, !nullWindow, nullWindow)
	} else {
		score = -t.search(newDepth, -alpha-1, -alpha, 1, false, true)
		if score > alpha && score < beta {
			t.stats.ReSearches++
			score = -t.search(newDepth, -beta, -alpha, 1, true, false)
		}
	}
	t.unmakeMove()
	return score
}

// setLine gives the root move its score and the line below it.
func (rm *rootMove) setLine(score, selDepth int, child *frame) {
	rm.score = score
	rm.selDepth = selDepth
	rm.pv = append(rm.pv[:0], rm.move)
	rm.pv = append(rm.pv, child.pv[:child.pvLen]...)
}
