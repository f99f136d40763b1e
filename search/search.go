// The node search: fail-soft alpha-beta (PVS or plain, by the options;
// MTD(f) calls it with null windows) with the table, pruning before the
// moves (reverse futility, razoring, null move, ProbCut), singular
// extensions, pruning and late move reductions in the move loop, and the
// updates of the histories and the correction history afterwards.
package search

import "brudno/board"

// node holds what the parts of one node's search share.
type node struct {
	depth, alpha, beta, ply int
	pvNode, cutNode         bool
	ttPv                    bool // with TTPv: a PV node, or one stored as on a principal variation
	inCheck, improving      bool
	rawEval, staticEval     int // -Infinity in check
	hit                     TTHit
	ttHit                   bool
	ttMove                  board.Move
	ttNoisy                 bool // the hash move is a capture or a promotion
	excluded                board.Move
	tbFloor, tbCeil         int // the tables' bounds on a PV node's result (probeTB)
}

// search is the fail-soft search of an interior node. A cut node is a
// non-PV node expected to fail high (the null-window searches of late
// moves, and their grandchildren).
func (t *thread) search(depth, alpha, beta, ply int, pvNode, cutNode bool) int {
	s := t.s
	o := &s.opts
	f := &t.stack[ply]
	f.pvLen = 0
	// The horizon: quiescence.
	if depth <= 0 {
		return t.qsearch(alpha, beta, ply)
	}
	t.nodes++
	t.stats.Nodes++
	if t.nodes&t.checkMask == 0 {
		t.checkLimits()
	}
	if s.limits.Nodes > 0 && t.id == 0 && t.nodes+s.helperNodes() >= s.limits.Nodes {
		s.Stop()
	}
	if t.halted() {
		return 0
	}
	pos := t.pos
	t.selDepth = max(t.selDepth, ply)
	inCheck := pos.InCheck()
	// Draws; the fifty-move rule draws unless the hundredth half-move mated.
	if pos.IsRepetition() || pos.InsufficientMaterial() || pos.HalfmoveClock() >= 100 && (!inCheck || pos.HasLegalMove()) {
		t.stats.Leaves++
		return t.drawScore()
	}
	if ply >= MaxPly {
		t.stats.Leaves++
		return t.staticEval()
	}
	// Mate-distance pruning.
	if o.MateDistance {
		alpha = max(alpha, -Mate+ply)
		beta = min(beta, Mate-ply-1)
		if alpha >= beta {
			t.stats.Leaves++
			return alpha
		}
	}
	// Upcoming repetition: with a move back to a position of the line
	// the side to move can draw, so the node is worth a draw at least.
	if o.UpcomingRep && alpha < 0 && pos.HasUpcomingRepetition() {
		alpha = t.drawScore()
		if alpha >= beta {
			t.stats.Leaves++
			return alpha
		}
	}

	// Set field by field: a composite literal of a node goes through a
	// copy of a template and another copy into n.
	var n node
	n.depth, n.alpha, n.beta, n.ply, n.pvNode, n.cutNode = depth, alpha, beta, ply, pvNode, cutNode
	n.inCheck, n.excluded, n.tbFloor, n.tbCeil = inCheck, f.excluded, -Infinity, Infinity
	// The table: a cutoff, else the hash move. A singular-extension search
	// (a move excluded) uses the entry for its evaluation only.
	n.hit, n.ttHit = t.probe(pos.Key(), depth, alpha, beta, ply)
	n.ttPv = o.TTPv && (pvNode || n.ttHit && n.hit.PV)
	if n.ttHit && n.excluded == board.NoMove {
		n.ttMove = n.hit.Move
		if !pvNode && n.hit.Depth >= depth {
			if score, ok := t.ttCutoff(n.hit, ply, alpha, beta); ok {
				// A quiet hash move that fails high is rewarded as if searched.
				if o.TTHistory && score >= beta && n.ttMove != board.NoMove && !pos.IsCapture(n.ttMove) && n.ttMove.Promo() == board.NoPieceType {
					t.setThreats(ply)
					t.updateQuiet(ply, n.ttMove, historyBonus(depth))
				}
				return score
			}
		}
	}
	// Tablebases: the exact result of a position of few pieces.
	if s.tbCard > 0 && n.excluded == board.NoMove {
		if score, ok := t.probeTB(&n); ok {
			return score
		}
	}
	t.evaluate(&n)
	f.eval = n.staticEval

	// Pruning before any move is searched.
	if !pvNode && !inCheck && n.excluded == board.NoMove {
		if score, ok := t.pruneNode(&n); ok {
			return score
		}
	}
	// Internal iterative reduction: without a hash move the ordering is
	// poor, so search shallower; the next iteration brings the move. With
	// IIRPVCut not at all nodes, whose moves all fail low in any order.
	if o.IIR && n.depth >= iirDepth && n.ttMove == board.NoMove && n.excluded == board.NoMove &&
		(!o.IIRPVCut || pvNode || cutNode) {
		n.depth--
	}
	// Enhanced transposition cutoffs: a child whose stored upper bound
	// already refutes it from the parent's side ends the node at once.
	if o.ETC && o.TT && n.depth >= o.etcMinDepth() && n.excluded == board.NoMove {
		if score, ok := t.etc(n.depth, beta, ply); ok {
			t.stats.ETCCutoffs++
			return score
		}
	}
	t.setThreats(ply) // for the quiet histories of the move loop
	return t.searchMoves(&n)
}

// drawScore is the score of a draw in the tree: 0, or with DrawJitter -1
// or +1 by the node count, so that a draw is not exactly equal to a level
// position.
func (t *thread) drawScore() int {
	if t.s.opts.DrawJitter {
		return 1 - int(t.nodes&2)
	}
	return 0
}

// evaluate sets the node's static evaluation: the raw one (from the table
// when it holds one), corrected by the correction history, and sharpened
// by a stored score whose bound says it is more accurate. improving is
// set when it rose since the side's previous move.
func (t *thread) evaluate(n *node) {
	n.rawEval, n.staticEval = -Infinity, -Infinity
	if n.inCheck {
		return
	}
	if n.ttHit && n.hit.Eval > -Infinity {
		n.rawEval = n.hit.Eval
	} else {
		n.rawEval = t.staticEval()
	}
	n.staticEval = t.adjustEval(n.rawEval)
	if n.ttHit && t.s.opts.CorrHistory {
		score := scoreFromTT(n.hit.Score, n.ply)
		if !IsMateScore(score) && (n.hit.Bound == BoundLower && score > n.staticEval || n.hit.Bound == BoundUpper && score < n.staticEval) {
			n.staticEval = score
		}
	}
	if t.s.opts.Improving && n.ply >= 2 {
		prev := t.stack[n.ply-2].eval
		n.improving = prev == -Infinity || n.staticEval > prev
	}
}

// pruneNode tries to end a non-PV node, not in check, before its moves
// are searched: reverse futility, razoring, null move and ProbCut.
func (t *thread) pruneNode(n *node) (int, bool) {
	o := &t.s.opts
	pos := t.pos
	depth, beta, ply, eval := n.depth, n.beta, n.ply, n.staticEval
	// Reverse futility: far above beta near the horizon (not where a
	// principal variation has been).
	if o.Futility && depth <= rfpDepth && !IsMateScore(beta) && !n.ttPv {
		margin := rfpMargin * depth
		if n.improving {
			margin -= rfpMargin
		}
		if eval-margin >= beta && !(o.RFPTTHist && t.poorQuietTTMove(n)) {
			t.stats.Leaves++
			if o.PruneBlend {
				return (eval + beta) / 2, true
			}
			return eval, true
		}
	}
	// Razoring: far below alpha near the horizon, only captures can help.
	if o.Razoring && depth <= razorDepth && eval+razorBase+razorMul*depth*depth < n.alpha {
		if v := t.qsearch(n.alpha, n.alpha+1, ply); v <= n.alpha {
			return v, true
		}
	}
	// Null move: give the opponent a free move; if we still beat beta,
	// a real move would too (unless in zugzwang, hence the material test).
	// With NullTTGuard, not when a stored upper bound says it would fail.
	if o.NullMove && depth >= nullMinDepth && eval >= beta && t.stack[ply-1].move != board.NoMove &&
		pos.HasNonPawnMaterial(pos.Side()) &&
		!(o.NullTTGuard && n.ttHit && n.hit.Bound == BoundUpper && scoreFromTT(n.hit.Score, ply) < beta) {
		r := nullBase + depth/nullDepthDiv + min((eval-beta)/nullEvalDiv, nullEvalMax)
		t.stats.NullTries++
		t.setMove(ply, board.NoMove)
		t.stack[ply+1].doubleExt = t.stack[ply].doubleExt
		t.makeNull()
		score := -t.search(depth-1-r, -beta, -beta+1, ply+1, false, !n.cutNode)
		t.unmakeNull()
		if t.halted() {
			return 0, true
		}
		if score >= beta {
			t.stats.NullCutoffs++
			if score >= TBWinBound { // no unproven mate or tablebase win
				score = beta
			}
			return score, true
		}
	}
	// ProbCut: a capture that beats beta by a margin in a reduced search
	// would beat beta in the full one.
	if o.ProbCut && depth >= probCutDepth && !IsMateScore(beta) {
		return t.probCut(n)
	}
	return 0, false
}

// probCut searches the captures that SEE says can reach beta plus a
// margin, first by quiescence, then by a search reduced by probCutReduce;
// one that holds ends the node.
func (t *thread) probCut(n *node) (int, bool) {
	pos := t.pos
	pcBeta := n.beta + probCutMargin
	if n.ttHit && n.hit.Bound != BoundNone && n.hit.Depth >= n.depth-probCutReduce+1 && scoreFromTT(n.hit.Score, n.ply) < pcBeta {
		return 0, false // the table says the reduced search would fail
	}
	ttMove := board.NoMove
	if m := n.ttMove; m != board.NoMove && (pos.IsCapture(m) || m.Promo() != board.NoPieceType) {
		ttMove = m
	}
	mp := t.takePicker()
	defer t.releasePicker()
	mp.init(t, n.ply, ttMove, true)
	for {
		m, ok := mp.next()
		if !ok {
			return 0, false
		}
		if !pos.SEEGE(m, pcBeta-n.staticEval) {
			continue
		}
		t.stats.ProbCutTries++
		t.setMove(n.ply, m)
		t.stack[n.ply+1].doubleExt = t.stack[n.ply].doubleExt
		t.makeMove(m)
		score := -t.qsearch(-pcBeta, -pcBeta+1, n.ply+1)
		if score >= pcBeta {
			score = -t.search(n.depth-probCutReduce, -pcBeta, -pcBeta+1, n.ply+1, false, !n.cutNode)
		}
		t.unmakeMove()
		if t.halted() {
			return 0, true
		}
		if score >= pcBeta {
			t.stats.ProbCuts++
			t.store(pos.Key(), m, scoreToTT(score, n.ply), n.rawEval, n.depth-probCutReduce+1, BoundLower, n.ttPv)
			if t.s.opts.PruneBlend && score < TBWinBound {
				score -= probCutMargin
			}
			return score, true
		}
	}
}

// singular decides the extension of the hash move by a reduced search of
// the node without it: extend when every other move fails low against the
// hash move's stored score less a margin (twice when far below), cut the
// node at once when the others beat beta too (multi-cut), and reduce when
// the hash move is not singular but its score beats beta. ok is false
// when the node is cut, with the score to return.
func (t *thread) singular(n *node) (ext, score int, ok bool) {
	hit := n.hit
	ttScore := scoreFromTT(hit.Score, n.ply)
	if n.depth < singularDepth || hit.Depth < n.depth-singularTTDepth || hit.Bound&BoundLower == 0 ||
		IsMateScore(ttScore) || n.ply >= 2*t.rootDepth {
		return 0, 0, true
	}
	t.stats.SingularSearches++
	sBeta := ttScore - singularMargin*n.depth
	f := &t.stack[n.ply]
	f.excluded = n.ttMove
	v := t.search((n.depth-1)/2, sBeta-1, sBeta, n.ply, false, n.cutNode)
	f.excluded = board.NoMove
	switch {
	case t.halted():
		return 0, 0, false
	case v < sBeta:
		t.stats.SingularExtensions++
		if !n.pvNode && v < sBeta-doubleExtMargin && f.doubleExt < doubleExtLimit {
			t.stats.DoubleExtensions++
			return 2, 0, true
		}
		return 1, 0, true
	case sBeta >= n.beta:
		t.stats.MultiCuts++
		return 0, sBeta, false
	}
	// Not singular: the hash move is searched a ply shallower when its
	// score beats beta (with NegExtCut, also at a cut node).
	if ttScore >= n.beta || t.s.opts.NegExtCut && n.cutNode {
		t.stats.NegativeExtensions++
		return -1, 0, true
	}
	return 0, 0, true
}

// searchMoves is the move loop of a node: pruning of late moves,
// extensions, reductions, the principal variation search of each move,
// and what the result teaches the table and the histories. Once the
// first move is searched, the others may be shared with idle threads
// (Young Brothers Wait, ybw.go).
func (t *thread) searchMoves(n *node) int {
	s := t.s
	pos := t.pos
	mp := t.takePicker()
	defer t.releasePicker()
	mp.init(t, n.ply, n.ttMove, false)
	mp.excluded = n.excluded
	n.ttNoisy = n.ttMove != board.NoMove && (pos.IsCapture(n.ttMove) || n.ttMove.Promo() != board.NoPieceType)

	l := moveLoop{best: n.tbFloor, alpha: n.alpha}
	for {
		m, ok := mp.next()
		if !ok {
			break
		}
		l.moveCount += 1 + mp.skipped // the quiet moves the picker skipped count as pruned
		mp.skipped = 0
		score, quiet, outcome := t.tryMove(n, m, l.moveCount, mp.stage == stageBad, l.alpha, l.best)
		switch outcome {
		case movePruned:
			continue
		case moveQuietsPruned:
			mp.skipQuiets = t.s.opts.SkipQuiets
			continue
		case moveAllQuietsPruned:
			mp.skipQuiets, mp.skipChecks = t.s.opts.SkipQuiets, t.s.opts.SkipQuiets
			continue
		case moveEndsNode:
			return score
		}
		if t.halted() {
			return 0
		}
		raised, cut := l.record(m, score, quiet, n.beta)
		if raised && n.pvNode {
			t.updatePV(n.ply, m)
		}
		if cut {
			t.cutoff(n, &l, m, quiet, score, l.moveCount)
			break
		}
		// Young Brothers Wait: the eldest brother is searched; idle
		// threads may now take the others.
		if s.ybw != nil && t.splittable(n) {
			if cut, cutQuiet, ok := t.split(n, mp, &l); ok {
				if t.halted() {
					return 0
				}
				if cut != board.NoMove {
					t.cutoff(n, &l, cut, cutQuiet, l.best, 0)
				}
				break
			}
		}
	}
	if l.moveCount == 0 {
		t.stats.Leaves++
		switch {
		case n.excluded != board.NoMove:
			return l.alpha // the excluded move was the only one
		case n.inCheck:
			return -Mate + n.ply
		}
		return 0
	}
	l.best = min(l.best, n.tbCeil)
	// A fail high's score is a bound, often far above beta from a
	// shallow line: draw it toward beta, less the deeper the node.
	if t.s.opts.FailHighBlend && l.best >= n.beta && !IsMateScore(l.best) && !IsMateScore(n.beta) {
		l.best = (l.best*n.depth + n.beta) / (n.depth + 1)
	}
	t.storeResult(n, l.best, l.bestMove)
	return l.best
}

// moveLoop is what a node's move loop has found so far.
type moveLoop struct {
	best, alpha       int
	bestMove          board.Move
	moveCount         int            // moves taken from the picker, pruned ones included
	quiets, noisies   [32]board.Move // searched without raising alpha enough to cut
	nQuiets, nNoisies int
}

// record takes in the score of move m: raised reports that it raised
// alpha, cut that it also reached beta. A move that does not cut joins the
// list of its kind, to be penalised if a later move cuts.
func (l *moveLoop) record(m board.Move, score int, quiet bool, beta int) (raised, cut bool) {
	if score > l.best {
		l.best = score
		if score > l.alpha {
			l.bestMove, l.alpha = m, score
			if score >= beta {
				return true, true
			}
			raised = true
		}
	}
	if quiet && l.nQuiets < len(l.quiets) {
		l.quiets[l.nQuiets] = m
		l.nQuiets++
	} else if !quiet && l.nNoisies < len(l.noisies) {
		l.noisies[l.nNoisies] = m
		l.nNoisies++
	}
	return raised, false
}

// cutoff teaches the killers and histories that move m, the
// moveCount-th, failed high with score after the moves of l.
func (t *thread) cutoff(n *node, l *moveLoop, m board.Move, quiet bool, score, moveCount int) {
	if moveCount == 1 {
		t.stats.FailHighFirst++
	}
	bonusDepth := n.depth
	if t.s.opts.TTHistory && score > n.beta+historyWideMargin {
		bonusDepth++ // a wide fail high: a larger reward
	}
	t.updateCutoffStats(n.ply, bonusDepth, m, quiet, l.quiets[:l.nQuiets], l.noisies[:l.nNoisies])
}

// Outcomes of tryMove.
const (
	moveSearched = iota
	movePruned   // skipped without a search
	// skipped without a search, and so will every later quiet move that
	// does not give check (late move pruning and futility only grow
	// stricter as the move number rises)
	moveQuietsPruned
	moveAllQuietsPruned // skipped, and so will every later quiet move (PruneChecks; with PVChecks not at PV nodes)
	moveEndsNode        // the singular search decided the node: return the score
)

// tryMove searches move m, the moveCount-th of node n, against the
// current alpha and best score: pruning, extensions (singular for the
// hash move, checks), the reduction, and the search itself. bad says the
// picker returned m among the losing captures. The position is unchanged
// on return.
func (t *thread) tryMove(n *node, m board.Move, moveCount int, bad bool, alpha, best int) (score int, quiet bool, outcome int) {
	o := &t.s.opts
	pos := t.pos
	depth, ply := n.depth, n.ply
	f := &t.stack[ply]
	quiet = !pos.IsCapture(m) && m.Promo() == board.NoPieceType
	pc := pos.PieceAt(m.From())
	hist := 0
	if quiet {
		hist = t.quietHistory(ply, m, pc)
	} else {
		hist = t.captureHistory(m)
	}
	lmr := lmrTable[min(depth, 63)][min(moveCount, 63)]
	if (o.PrunePVCheck || !n.pvNode && !n.inCheck) && best > -MateBound {
		switch t.pruneMove(n, m, quiet, hist, moveCount, max(depth-lmr, 0)) {
		case pruneThis:
			return 0, quiet, movePruned
		case pruneQuiets:
			return 0, quiet, moveQuietsPruned
		case pruneAllQuiets:
			return 0, quiet, moveAllQuietsPruned
		}
	}
	// Extensions: singular (the hash move), and checks.
	ext := 0
	if m == n.ttMove && o.Singular && n.excluded == board.NoMove {
		e, score, ok := t.singular(n)
		if !ok {
			return score, quiet, moveEndsNode
		}
		ext = e
	}
	// Checks are extended; with CheckExtSEE only those that do not lose
	// material (SEE needs the position before the move).
	checkExt := o.CheckExtension && ext < 1
	seeOK := !checkExt || !o.CheckExtSEE || !pos.GivesCheck(m) || pos.SEENonNegative(m)
	t.setMove(ply, m)
	t.makeMove(m)
	givesCheck := pos.InCheck()
	if checkExt && givesCheck {
		if seeOK {
			ext = 1
		} else {
			t.stats.ChecksNotExtended++
		}
	}
	t.stack[ply+1].doubleExt = f.doubleExt
	if ext >= 2 {
		t.stack[ply+1].doubleExt++
	}
	newDepth := depth - 1 + ext
	// Late move reductions.
	// Quiet moves that do not check (with CheckLMR also in check), and with NoisyLMR also checks
	// (one ply less) and losing captures; with CaptureLMR the other
	// captures and promotions by their own table, not at PV nodes.
	r := 0
	if o.LMR && depth >= lmrMinDepth && (!n.inCheck || o.CheckLMR) && moveCount > 1+2*b2i(n.pvNode) {
		switch {
		case quiet && !givesCheck:
			r = t.reduction(n, m, lmr, hist, n.ttNoisy)
		case o.NoisyLMR && quiet:
			r = t.reduction(n, m, lmr, hist, n.ttNoisy) - 1
		case o.NoisyLMR && bad:
			r = t.reduction(n, m, lmr, hist, n.ttNoisy)
		case o.CaptureLMR && !n.pvNode:
			r = lmrNoisyTable[min(depth, 63)][min(moveCount, 63)] - hist/lmrNoisyHistDiv - b2i(n.ttPv) + b2i(n.cutNode)
		}
		r = max(0, min(r, newDepth-1))
	}
	score = t.searchMove(n, newDepth, r, alpha, best, moveCount)
	t.unmakeMove()
	return score, quiet, moveSearched
}

// What pruneMove decides.
const (
	pruneNone      = iota
	pruneThis      // skip the move
	pruneQuiets    // skip it and every later quiet move that does not check
	pruneAllQuiets // skip it and every later quiet move (PruneChecks; with PVChecks not at PV nodes)
)

// pruneMove decides whether late move m of a non-PV node, not in check
// (with PrunePVCheck, of any node but the root), can be skipped: late
// move pruning, futility, history pruning and SEE pruning of quiet moves,
// and SEE pruning of captures. Moves that give check are never skipped
// (with PruneChecks, quiet checks fall to late move pruning and SEE;
// with PVChecks too, at PV nodes only those that do not mate, each one
// alone).
// lmrDepth is the depth the move would be searched at after its
// reduction.
func (t *thread) pruneMove(n *node, m board.Move, quiet bool, hist, moveCount, lmrDepth int) int {
	o := &t.s.opts
	pos := t.pos
	depth := n.depth
	if quiet {
		lmp := o.LMP && depth <= lmpDepth && moveCount > lmpCount(depth, n.improving || !o.Improving)
		futile := o.Futility && !n.inCheck && lmrDepth <= futilityDepth && n.staticEval+futilityBase+futilityMul*lmrDepth <= n.alpha
		badHistory := o.HistoryPruning && lmrDepth <= historyPruneDepth && hist < -historyPruneMul*depth
		if !lmp && !futile && !badHistory && !(o.SEEPruning && lmrDepth <= seeQuietDepth) {
			return pruneNone
		}
		// PVChecks: at a PV node the quiet checks are judged one by one
		// (the picker goes on offering them after late move pruning), and
		// one that mates is searched whatever the pruning says.
		spareMates := o.PVChecks && n.pvNode
		pruneChecks := o.PruneChecks && !spareMates
		if t.givesCheck(n.ply, m) {
			switch {
			case !o.PruneChecks:
				return pruneNone
			case !lmp && !(o.SEEPruning && depth <= seeNoisyDepth && !pos.SEEGE(m, -seeNoisyMul*depth)):
				return pruneNone
			case spareMates && t.mates(m):
				return pruneNone
			case lmp && pruneChecks:
				return pruneAllQuiets
			}
			return pruneThis
		}
		switch {
		case lmp && pruneChecks:
			return pruneAllQuiets
		case lmp, futile:
			return pruneQuiets
		case badHistory:
			t.stats.HistoryPrunes++
			return pruneThis
		case !pos.SEEGE(m, -seeQuietMul*lmrDepth*lmrDepth):
			return pruneThis
		}
		return pruneNone
	}
	// Captures that lose material are not worth a search near the
	// horizon, unless they check (sacrifices against the king).
	if o.SEEPruning && depth <= seeNoisyDepth && !pos.SEEGE(m, -seeNoisyMul*depth-hist/seeNoisyHistDiv) && !t.givesCheck(n.ply, m) {
		return pruneThis
	}
	return pruneNone
}

// mates reports whether move m, a check, mates.
func (t *thread) mates(m board.Move) bool {
	t.pos.Make(m)
	mate := !t.pos.HasLegalMove()
	t.pos.Unmake()
	return mate
}

// givesCheck reports whether move m of the position at ply gives check,
// with the frame's board.Checks (checks).
func (t *thread) givesCheck(ply int, m board.Move) bool {
	if check, known := t.pos.GivesCheckQuick(t.checks(ply), m); known {
		return check
	}
	return t.pos.GivesCheck(m)
}

// checks returns the frame's board.Checks for the position at ply, made on
// the first question about the position (a move loop asks about many
// moves).
func (t *thread) checks(ply int) *board.Checks {
	f := &t.stack[ply]
	if key := t.pos.Key(); f.checksKey != key {
		t.pos.InitChecks(&f.checks)
		f.checksKey = key
	}
	return &f.checks
}

// poorQuietTTMove reports whether the node's hash move is quiet with a
// quiet history below rfpHistMin (RFPTTHist).
func (t *thread) poorQuietTTMove(n *node) bool {
	m := n.ttMove
	if m == board.NoMove || t.pos.IsCapture(m) || m.Promo() != board.NoPieceType {
		return false
	}
	t.setThreats(n.ply)
	return t.quietHistory(n.ply, m, t.pos.PieceAt(m.From())) < rfpHistMin
}

// lmpCount is how many quiet moves late move pruning lets through.
func lmpCount(depth int, improving bool) int {
	if improving {
		return lmpBase + depth*depth
	}
	return 1 + (lmpBase+depth*depth)/2
}

// reduction adjusts the late move reduction lmr of quiet move m.
func (t *thread) reduction(n *node, m board.Move, lmr, hist int, ttNoisy bool) int {
	o := &t.s.opts
	r := lmr
	if n.pvNode || n.ttPv {
		r-- // less at nodes on a principal variation, now or before
	}
	if o.Improving && !n.improving {
		r++
	}
	if o.HistoryLMR {
		if n.cutNode {
			r += lmrCutNode
		}
		if ttNoisy {
			r++
		}
		if k := &t.stack[n.ply].killers; m == k[0] || m == k[1] {
			r--
		}
		r -= max(-lmrHistMax, min(hist/lmrHistDiv, lmrHistMax))
	}
	return r
}

// searchMove searches the move just made at newDepth, reduced by r:
// the first move with the node's window, the others by PVS (a null window,
// re-searched at full depth and then with the full window when it fails
// high) or, for plain alpha-beta, with the full window. With LMRResearch
// the re-search after a reduction goes a ply deeper when the reduced
// search scored far above best, the node's best score so far, and a ply
// shallower when it scored barely above it.
func (t *thread) searchMove(n *node, newDepth, r, alpha, best, moveCount int) int {
	beta, ply := n.beta, n.ply
	switch {
	case moveCount == 1:
		return -t.search(newDepth, -beta, -alpha, ply+1, n.pvNode, !n.pvNode && !n.cutNode)
	case t.s.opts.Algorithm == PVS || beta-alpha == 1:
		score := -t.search(newDepth-r, -alpha-1, -alpha, ply+1, false, true)
		if r > 0 && score > alpha {
			d := newDepth
			if t.s.opts.LMRResearch {
				if score > best+lmrDeeperBase+lmrDeeperMul*newDepth {
					d++
				} else if score < best+lmrShallowerMargin {
					d--
				}
			}
			if d > newDepth-r {
				t.stats.ReSearches++
				score = -t.search(d, -alpha-1, -alpha, ply+1, false, !n.cutNode)
				if t.s.opts.ContResearch && t.stack[ply].quiet {
					t.researchHistory(ply, newDepth, score, alpha, beta)
				}
			}
		}
		if score > alpha && score < beta {
			t.stats.ReSearches++
			score = -t.search(newDepth, -beta, -alpha, ply+1, true, false)
		}
		return score
	}
	score := -t.search(newDepth-r, -beta, -alpha, ply+1, n.pvNode, false)
	if r > 0 && score > alpha {
		t.stats.ReSearches++
		score = -t.search(newDepth, -beta, -alpha, ply+1, n.pvNode, false)
	}
	return score
}

// storeResult counts the node by its bound, stores it in the table (not
// for a singular-extension search, which must leave the node's entry
// alone) and teaches the correction history.
func (t *thread) storeResult(n *node, best int, bestMove board.Move) {
	bound := boundOf(best, n.alpha, n.beta)
	switch bound {
	case BoundLower:
		t.stats.CutNodes++
	case BoundExact:
		t.stats.PVNodes++
	default:
		t.stats.AllNodes++
	}
	if n.excluded != board.NoMove {
		return
	}
	o := &t.s.opts
	t.store(t.pos.Key(), bestMove, scoreToTT(best, n.ply), n.rawEval, n.depth, bound, n.ttPv)
	// The correction learns only from results that say something about
	// the static evaluation: not after a noisy best move, and not from a
	// bound on the wrong side of it.
	noisy := bestMove != board.NoMove && (t.pos.IsCapture(bestMove) || bestMove.Promo() != board.NoPieceType)
	if o.CorrHistory && !n.inCheck && !noisy && !IsMateScore(best) &&
		!(bound == BoundLower && best <= n.staticEval) && !(bound == BoundUpper && best >= n.staticEval) {
		t.updateCorrection(n.depth, best, n.rawEval)
	}
}

// probe looks key up as the search uses the table (Searcher.table),
// counting the probe. A node of depth searched with (alpha, beta) at ply
// gets a two-bound entry as the one bound that decides its window (view).
func (t *thread) probe(key uint64, depth, alpha, beta, ply int) (TTHit, bool) {
	if t.s.table != tableOne {
		return t.probeLab(key, depth, alpha, beta, ply)
	}
	t.stats.TTProbes++
	d, ok := t.s.tt.probeData(key)
	if !ok {
		return TTHit{}, false
	}
	t.stats.TTHits++
	return unpack(d), true
}

// store saves a node's result as the search uses the table.
func (t *thread) store(key uint64, m board.Move, score, eval, depth, bound int, pv bool) {
	t.s.tt.store(t.s.table, key, m, score, eval, depth, bound, pv)
}

// ttCutoff returns the stored score when its bound decides the node.
func (t *thread) ttCutoff(hit TTHit, ply, alpha, beta int) (int, bool) {
	score := scoreFromTT(hit.Score, ply)
	if hit.Bound == BoundExact || hit.Bound == BoundLower && score >= beta || hit.Bound == BoundUpper && score <= alpha {
		t.stats.TTCutoffs++
		return score, true
	}
	return 0, false
}

// boundOf classifies a fail-soft result against the window it was searched with.
func boundOf(best, alpha, beta int) int {
	switch {
	case best >= beta:
		return BoundLower
	case best > alpha:
		return BoundExact
	}
	return BoundUpper
}

// etc probes the table for every child; if one is stored with an upper
// bound (from the child's side) that is at least beta from ours, searched
// deep enough, the node fails high without searching anything.
func (t *thread) etc(depth, beta, ply int) (int, bool) {
	pos := t.pos
	var list board.MoveList
	pos.GenerateLegal(&list)
	for _, m := range list.Moves[:list.Count] {
		pos.Make(m)
		hit, ok := t.s.tt.Probe(pos.Key())
		repeat := !t.s.opts.ETCRepetitions && (pos.IsRepetition() || pos.HalfmoveClock() >= 100)
		pos.Unmake()
		if hit.Bound&boundTwo != 0 {
			hit = hit.upperView()
		}
		if !ok || repeat || hit.Depth < depth-1 || hit.Bound&BoundUpper == 0 {
			continue
		}
		if score := -scoreFromTT(hit.Score, ply+1); score >= beta {
			return score, true
		}
	}
	return 0, false
}

func (t *thread) updatePV(ply int, m board.Move) {
	f, child := &t.stack[ply], &t.stack[ply+1]
	f.pv[0] = m
	copy(f.pv[1:], child.pv[:child.pvLen])
	f.pvLen = child.pvLen + 1
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// scoreToTT makes a mate or tablebase score relative to the node, as the
// table stores it; scoreFromTT makes it relative to the root again.
func scoreToTT(score, ply int) int {
	if score >= TBWinBound {
		return score + ply
	}
	if score <= -TBWinBound {
		return score - ply
	}
	return score
}

func scoreFromTT(score, ply int) int {
	if score >= TBWinBound {
		return score - ply
	}
	if score <= -TBWinBound {
		return score + ply
	}
	return score
}
