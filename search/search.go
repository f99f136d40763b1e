// The searcher: iterative deepening with aspiration windows over a
// fail-soft principal variation search with quiescence, on one or more
// threads (Lazy SMP) sharing the transposition table. All mutable state is
// in the Searcher and its per-thread structs; nothing is package-level.
package search

import (
	"math"
	"sync"
	"sync/atomic"
	"time"

	"brudno/board"
	"brudno/eval"
)

// Searcher runs searches. It keeps the per-thread history tables between
// searches of one game; Stop and PonderHit may be called from any
// goroutine while Search runs.
type Searcher struct {
	tt      *TT
	threads []*thread

	// Per search.
	opts   Options
	limits Limits
	tm     *timeManager
	cb     Callbacks
	stop   atomic.Bool
	mu     sync.Mutex // guards tm against PonderHit from another goroutine

	// The deepest iteration any thread has completed (with MultiPV 1):
	// the other threads abandon that depth and take its result.
	doneDepth atomic.Int32
	shared    struct {
		sync.Mutex
		depth int
		best  rootMove
	}
}

// NewSearcher returns a searcher using the table tt.
func NewSearcher(tt *TT) *Searcher { return &Searcher{tt: tt} }

// SetTT replaces the transposition table (between searches only).
func (s *Searcher) SetTT(tt *TT) { s.tt = tt }

// Clear forgets everything learnt in earlier searches except the table,
// which the owner clears itself.
func (s *Searcher) Clear() { s.threads = nil }

// Stop asks the running search to finish as soon as possible.
func (s *Searcher) Stop() { s.stop.Store(true) }

// PonderHit turns a ponder search into a normal timed search.
func (s *Searcher) PonderHit() {
	s.mu.Lock()
	if s.tm != nil {
		s.tm.ponderHit()
	}
	s.mu.Unlock()
}

type rootMove struct {
	move     board.Move
	score    int
	selDepth int
	pv       []board.Move
}

type frame struct {
	pv      [MaxPly + 1]board.Move
	pvLen   int
	killers [2]board.Move
	move    board.Move // the move made from this ply (NoMove for a null move)
}

type thread struct {
	s         *Searcher
	id        int
	pos       *board.Position
	nodes     uint64
	published atomic.Uint64 // nodes, updated every few thousand nodes
	selDepth  int
	stack     [MaxPly + 2]frame
	history   [2][64][64]int32
	counter   [16][64]board.Move // by moved piece and destination
	ev        *eval.Evaluator    // with this thread's pawn hash
	rootMoves []rootMove
	rootDepth int        // the iteration being searched
	completed int        // the last iteration completed
	best      rootMove   // line 1 of the last completed iteration
	reported  board.Move // the first move of the last line 1 reported
	abandon   bool       // another thread completed the iteration being searched
	stats     Stats
}

// Prepare sets up a search of pos (which it does not modify) within limits.
// From then on Stop and PonderHit act on this search, even before Run.
func (s *Searcher) Prepare(pos *board.Position, limits Limits, opts Options, overhead time.Duration) {
	opts.Threads = max(opts.Threads, 1)
	opts.MultiPV = max(opts.MultiPV, 1)
	s.mu.Lock()
	s.opts, s.limits = opts, limits
	s.tm = newTimeManager(&s.limits, pos, overhead)
	s.mu.Unlock()
	s.stop.Store(false)
	s.doneDepth.Store(0)
	s.shared.depth = 0
	for len(s.threads) < opts.Threads {
		s.threads = append(s.threads, &thread{s: s, id: len(s.threads), ev: eval.NewEvaluator()})
	}
	s.threads = s.threads[:opts.Threads]
	root := s.rootMoves(pos)
	for _, t := range s.threads {
		t.pos = pos.Clone()
		t.nodes = 0
		t.completed = 0
		t.reported = board.NoMove
		t.abandon = false
		t.stats = Stats{}
		t.published.Store(0)
		t.rootMoves = t.rootMoves[:0]
		for _, rm := range root { // each thread owns its PV slices
			t.rootMoves = append(t.rootMoves, rootMove{move: rm.move, score: -Infinity, pv: []board.Move{rm.move}})
		}
	}
}

// Run runs the prepared search and returns the best move. It blocks until
// the search ends: by its limits, by Stop, or, in ponder and infinite
// mode, by exhausting the depth.
func (s *Searcher) Run(cb Callbacks) Result {
	s.cb = cb
	main := s.threads[0]
	if len(main.rootMoves) == 0 {
		return Result{Time: s.tm.elapsed()}
	}
	s.tt.NewSearch()
	var wg sync.WaitGroup
	for _, t := range s.threads[1:] {
		wg.Add(1)
		go func(t *thread) {
			defer wg.Done()
			t.iterate()
		}(t)
	}
	main.iterate()
	s.stop.Store(true)
	wg.Wait()

	// The main thread's line, unless a helper completed a deeper iteration.
	best, depth, lineDepth := main.rootMoves[0], main.completed, main.rootDepth
	if s.opts.MultiPV == 1 {
		for _, t := range s.threads[1:] {
			if t.completed > depth {
				best, depth, lineDepth = t.best, t.completed, t.completed
			}
		}
		// The GUI's last line must show the move played: report it when it
		// comes from an unfinished iteration or from a helper.
		if best.move != main.reported && s.cb.Info != nil && best.score > -Infinity {
			s.cb.Info(s.lineInfo(best, lineDepth, 1, BoundExact, main.nodes+s.helperNodes()))
		}
	}
	res := Result{Best: best.move, Score: best.score, Depth: depth, Nodes: s.nodes(), Time: s.tm.elapsed()}
	for _, t := range s.threads {
		res.Stats.Add(t.stats)
	}
	if len(best.pv) > 1 {
		res.Ponder = best.pv[1]
	} else {
		res.Ponder = s.ponderFromTT(main.pos, best.move)
	}
	return res
}

// Search prepares and runs a search in one call.
func (s *Searcher) Search(pos *board.Position, limits Limits, opts Options, overhead time.Duration, cb Callbacks) Result {
	s.Prepare(pos, limits, opts, overhead)
	return s.Run(cb)
}

// rootMoves lists the legal moves, restricted to searchmoves if given.
func (s *Searcher) rootMoves(pos *board.Position) []rootMove {
	var list board.MoveList
	pos.GenerateLegal(&list)
	var out []rootMove
	for _, m := range list.Slice() {
		if len(s.limits.SearchMoves) > 0 && !containsMove(s.limits.SearchMoves, m) {
			continue
		}
		out = append(out, rootMove{move: m})
	}
	return out
}

func containsMove(ms []board.Move, m board.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// ponderFromTT finds a reply to best in the table when the PV has none.
func (s *Searcher) ponderFromTT(pos *board.Position, best board.Move) board.Move {
	p := pos.Clone()
	p.Make(best)
	hit, ok := s.tt.Probe(p.Key())
	if !ok || !p.IsLegal(hit.Move) {
		return board.NoMove
	}
	return hit.Move
}

func (s *Searcher) nodes() uint64 {
	var n uint64
	for _, t := range s.threads {
		n += t.published.Load()
	}
	return n
}

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
	for depth := 1 + t.id%2; depth <= maxDepth; depth++ {
		// Odd helpers keep one ply ahead of the deepest completed iteration,
		// so that the threads spread over two depths.
		if t.id%2 == 1 && depth <= int(s.doneDepth.Load())+1 && depth < maxDepth {
			depth = int(s.doneDepth.Load()) + 2
		}
		t.rootDepth = depth
		for pvIdx := 0; pvIdx < multiPV && !t.halted(); pvIdx++ {
			t.selDepth = 0
			if s.opts.Algorithm == MTDF {
				t.mtdf(depth, pvIdx)
			} else {
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
			depth = t.adoptDeepest()
		}
		t.completed = depth
		t.best = t.rootMoves[0]
		t.best.pv = append([]board.Move(nil), t.best.pv...)
		s.publishCompleted(depth, t.best)
		t.published.Store(t.nodes)
		if !main {
			continue
		}
		t.reportLines(depth)
		if t.rootMoves[0].move == lastBest {
			stability = min(stability+1, 6)
		} else {
			stability = 0
		}
		lastBest = t.rootMoves[0].move
		if t.finished(depth, stability) {
			break
		}
	}
	if main {
		t.published.Store(t.nodes)
	}
}

// halted reports whether the thread must unwind: the search was stopped,
// or another thread completed the iteration it is searching.
func (t *thread) halted() bool { return t.abandon || t.s.stop.Load() }

// publishCompleted records a completed iteration for the other threads.
func (s *Searcher) publishCompleted(depth int, best rootMove) {
	if s.opts.MultiPV != 1 {
		return
	}
	s.shared.Lock()
	if depth > s.shared.depth {
		s.shared.depth, s.shared.best = depth, best
		s.doneDepth.Store(int32(depth))
	}
	s.shared.Unlock()
}

// adoptDeepest puts the deepest completed line first among the thread's
// root moves and returns its depth. It is called on abandon, which follows
// a completion at least as deep as the thread's own iteration.
func (t *thread) adoptDeepest() int {
	s := t.s
	s.shared.Lock()
	d, best := s.shared.depth, s.shared.best
	s.shared.Unlock()
	for i := range t.rootMoves {
		if rm := t.rootMoves[i]; rm.move == best.move {
			rm.score, rm.selDepth = best.score, best.selDepth
			rm.pv = append(rm.pv[:0], best.pv...) // the thread's own slice
			copy(t.rootMoves[1:i+1], t.rootMoves[:i])
			t.rootMoves[0] = rm
			break
		}
	}
	return d
}

// finished decides, after a completed iteration of the main thread,
// whether to stop searching.
func (t *thread) finished(depth, stability int) bool {
	s := t.s
	score := t.rootMoves[0].score
	if s.limits.Mate > 0 && score >= Mate-2*s.limits.Mate {
		return true
	}
	if s.limits.Infinite || s.tm.pondering.Load() {
		return false
	}
	if len(t.rootMoves) == 1 && s.tm.soft > 0 && depth >= 4 {
		return true // a forced move: no reason to spend time
	}
	// Spend more time while the best move keeps changing, less once it is stable.
	factor := 1.4 - 0.1*float64(stability)
	return s.tm.softExpired(factor)
}

// aspirate searches line pvIdx at depth with an aspiration window around the
// previous score, widening on failure, and moves the best line to pvIdx.
func (t *thread) aspirate(depth, pvIdx int, main bool) {
	s := t.s
	prev := t.rootMoves[pvIdx].score
	alpha, beta := -Infinity, Infinity
	delta := 20
	if s.opts.Aspiration && depth >= 4 && !IsMateScore(prev) && prev > -Infinity {
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
// searches around a guess (the previous iteration's value), each raising
// a lower or lowering an upper bound, until the bounds meet. The table
// keeps the passes cheap, and gives the principal variation afterwards.
func (t *thread) mtdf(depth, pvIdx int) {
	g := t.rootMoves[pvIdx].score
	if g <= -Infinity {
		g = t.ev.Evaluate(t.pos)
	}
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
// score (fail-soft). Moves that do not raise alpha get score -Infinity so
// that sorting keeps the best line first.
func (t *thread) rootSearch(depth, alpha, beta, pvIdx int) int {
	s := t.s
	best := -Infinity
	t.stack[0].pvLen = 0
	t.nodes++
	t.stats.Nodes++
	nullWindow := beta-alpha == 1
	for i := pvIdx; i < len(t.rootMoves); i++ {
		rm := &t.rootMoves[i]
		if t.id == 0 && s.cb.CurrMove != nil {
			t.reportCurrMove(depth, rm.move, i+1)
		}
		t.stack[0].move = rm.move
		t.pos.Make(rm.move)
		newDepth := depth - 1
		if s.opts.CheckExtension && t.pos.InCheck() {
			newDepth++
		}
		var score int
		if i == pvIdx || s.opts.Algorithm != PVS || nullWindow {
			score = -t.search(newDepth, -beta, -alpha, 1, !nullWindow)
		} else {
			score = -t.search(newDepth, -alpha-1, -alpha, 1, false)
			if score > alpha && score < beta {
				t.stats.ReSearches++
				score = -t.search(newDepth, -beta, -alpha, 1, true)
			}
		}
		t.pos.Unmake()
		if t.halted() {
			return best
		}
		if i == pvIdx || score > alpha {
			rm.score = score
			rm.selDepth = t.selDepth
			rm.pv = append(rm.pv[:0], rm.move)
			rm.pv = append(rm.pv, t.stack[1].pv[:t.stack[1].pvLen]...)
		} else {
			rm.score = -Infinity
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
	}
	return best
}

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

func (s *Searcher) helperNodes() uint64 {
	var n uint64
	for _, t := range s.threads[1:] {
		n += t.published.Load()
	}
	return n
}

// checkLimits runs every few thousand nodes: it publishes the node count
// and, on the main thread, enforces the hard time limit.
func (t *thread) checkLimits() {
	t.published.Store(t.nodes)
	// Depth 1 always completes (it takes microseconds), so even a flagging
	// clock gets a searched move; only Stop interrupts it.
	if t.id == 0 && t.rootDepth > 1 && t.s.tm.hardExpired() {
		t.s.stop.Store(true)
	}
	if int(t.s.doneDepth.Load()) >= t.rootDepth {
		t.abandon = true
	}
}

// lmrTable[d][m] is the late move reduction at depth d for move number m.
var lmrTable = func() (tab [64][64]int) {
	for d := 1; d < 64; d++ {
		for m := 1; m < 64; m++ {
			tab[d][m] = int(0.75 + math.Log(float64(d))*math.Log(float64(m))/2.25)
		}
	}
	return tab
}()

func scoreToTT(score, ply int) int {
	if score >= MateBound {
		return score + ply
	}
	if score <= -MateBound {
		return score - ply
	}
	return score
}

func scoreFromTT(score, ply int) int {
	if score >= MateBound {
		return score - ply
	}
	if score <= -MateBound {
		return score + ply
	}
	return score
}

// search is the fail-soft alpha-beta search of an interior node: PVS or
// plain alpha-beta by the options (MTD(f) calls it with null windows).
func (t *thread) search(depth, alpha, beta, ply int, pvNode bool) int {
	s := t.s
	o := &s.opts
	t.stack[ply].pvLen = 0
	if depth <= 0 {
		return t.qsearch(alpha, beta, ply)
	}
	t.nodes++
	t.stats.Nodes++
	if t.nodes&2047 == 0 {
		t.checkLimits()
	}
	if s.limits.Nodes > 0 && t.id == 0 && t.nodes+s.helperNodes() >= s.limits.Nodes {
		s.stop.Store(true)
	}
	if t.halted() {
		return 0
	}
	pos := t.pos
	t.selDepth = max(t.selDepth, ply)
	inCheck := pos.InCheck()
	// The fifty-move rule draws unless the hundredth half-move mated.
	if pos.IsRepetition() || pos.InsufficientMaterial() || pos.HalfmoveClock() >= 100 && (!inCheck || pos.HasLegalMove()) {
		t.stats.Leaves++
		return 0
	}
	if ply >= MaxPly {
		t.stats.Leaves++
		return t.ev.Evaluate(pos)
	}
	if o.MateDistance {
		alpha = max(alpha, -Mate+ply)
		beta = min(beta, Mate-ply-1)
		if alpha >= beta {
			t.stats.Leaves++
			return alpha
		}
	}

	key := pos.Key()
	ttMove := board.NoMove
	hit, ttHit := t.probe(key)
	if ttHit {
		ttMove = hit.Move
		if !pvNode && hit.Depth >= depth {
			if score, ok := t.ttCutoff(hit, ply, alpha, beta); ok {
				return score
			}
		}
	}
	staticEval := t.staticEval(hit, ttHit, inCheck)

	if !pvNode && !inCheck {
		// Reverse futility: far above beta near the horizon.
		if o.Futility && depth <= 6 && staticEval-80*depth >= beta && !IsMateScore(beta) {
			t.stats.Leaves++
			return staticEval
		}
		// Razoring: far below alpha near the horizon, only captures can help.
		if o.Razoring && depth <= 2 && staticEval+500+250*depth*depth < alpha {
			if v := t.qsearch(alpha, alpha+1, ply); v <= alpha {
				return v
			}
		}
		// Null move: give the opponent a free move; if we still beat beta,
		// a real move would too (unless in zugzwang, hence the material test).
		if o.NullMove && depth >= 3 && staticEval >= beta && t.stack[ply-1].move != board.NoMove &&
			pos.HasNonPawnMaterial(pos.Side()) {
			r := 3 + depth/4 + min((staticEval-beta)/200, 3)
			t.stats.NullTries++
			t.stack[ply].move = board.NoMove
			pos.MakeNull()
			score := -t.search(depth-1-r, -beta, -beta+1, ply+1, false)
			pos.UnmakeNull()
			if t.halted() {
				return 0
			}
			if score >= beta {
				t.stats.NullCutoffs++
				if score >= MateBound {
					score = beta
				}
				return score
			}
		}
	}
	// Internal iterative reduction: without a hash move the ordering is
	// poor, so search shallower; the next iteration brings the move.
	if o.IIR && depth >= 4 && ttMove == board.NoMove {
		depth--
	}

	// Enhanced transposition cutoffs: a child whose stored upper bound
	// already refutes it from the parent's side ends the node at once.
	if o.ETC && o.TT && depth > 2 {
		if score, ok := t.etc(depth, beta, ply); ok {
			t.stats.ETCCutoffs++
			return score
		}
	}
	var mp movePicker
	mp.init(t, ply, ttMove, false)

	best, bestMove := -Infinity, board.NoMove
	origAlpha := alpha
	var quietsTried [64]board.Move
	nQuiets := 0
	moveCount := 0
	for {
		m, ok := mp.next()
		if !ok {
			break
		}
		moveCount++
		quiet := !pos.IsCapture(m) && m.Promo() == board.NoPieceType
		if !pvNode && !inCheck && moveCount > 1 && best > -MateBound {
			// Late move pruning: near the horizon, late quiet moves of a
			// well-ordered list rarely matter.
			if o.LMP && quiet && depth <= 4 && moveCount > 3+depth*depth && !pos.GivesCheck(m) {
				continue
			}
			// Futility: quiet moves that cannot lift a hopeless eval to alpha.
			if o.Futility && quiet && depth <= 3 && staticEval+100+120*depth <= alpha && !pos.GivesCheck(m) {
				continue
			}
			// Captures that lose material are not worth a search near the
			// horizon, unless they check (sacrifices against the king).
			if o.SEEPruning && !quiet && depth <= 4 && pos.SEE(m) < -100*depth && !pos.GivesCheck(m) {
				continue
			}
		}
		t.stack[ply].move = m
		pos.Make(m)
		givesCheck := pos.InCheck()
		newDepth := depth - 1
		if o.CheckExtension && givesCheck {
			newDepth++
		}
		r := 0
		if o.LMR && depth >= 3 && quiet && !inCheck && !givesCheck && moveCount > 3 {
			r = lmrTable[min(depth, 63)][min(moveCount, 63)]
			if pvNode {
				r--
			}
			r = max(0, min(r, newDepth-1))
		}
		var score int
		switch {
		case moveCount == 1:
			score = -t.search(newDepth, -beta, -alpha, ply+1, pvNode)
		case o.Algorithm == PVS || beta-alpha == 1:
			score = -t.search(newDepth-r, -alpha-1, -alpha, ply+1, false)
			if r > 0 && score > alpha {
				t.stats.ReSearches++
				score = -t.search(newDepth, -alpha-1, -alpha, ply+1, false)
			}
			if score > alpha && score < beta {
				t.stats.ReSearches++
				score = -t.search(newDepth, -beta, -alpha, ply+1, true)
			}
		default: // plain alpha-beta: the full window for every move
			score = -t.search(newDepth-r, -beta, -alpha, ply+1, pvNode)
			if r > 0 && score > alpha {
				t.stats.ReSearches++
				score = -t.search(newDepth, -beta, -alpha, ply+1, pvNode)
			}
		}
		pos.Unmake()
		if t.halted() {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				bestMove = m
				alpha = score
				if pvNode {
					t.updatePV(ply, m)
				}
				if score >= beta {
					if moveCount == 1 {
						t.stats.FailHighFirst++
					}
					if quiet {
						t.updateQuietStats(ply, depth, m, quietsTried[:nQuiets])
					}
					break
				}
			}
		}
		if quiet && nQuiets < len(quietsTried) {
			quietsTried[nQuiets] = m
			nQuiets++
		}
	}
	if moveCount == 0 {
		t.stats.Leaves++
		if inCheck {
			return -Mate + ply
		}
		return 0
	}
	bound := boundOf(best, origAlpha, beta)
	switch bound {
	case BoundLower:
		t.stats.CutNodes++
	case BoundExact:
		t.stats.PVNodes++
	default:
		t.stats.AllNodes++
	}
	if o.TT {
		s.tt.Store(key, bestMove, scoreToTT(best, ply), staticEval, depth, bound)
	}
	return best
}

// probe looks key up when the table is switched on, counting the probe.
func (t *thread) probe(key uint64) (TTHit, bool) {
	if !t.s.opts.TT {
		return TTHit{}, false
	}
	t.stats.TTProbes++
	hit, ok := t.s.tt.Probe(key)
	if ok {
		t.stats.TTHits++
	}
	return hit, ok
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

// staticEval returns the evaluation (from the table when it holds one), or
// -Infinity in check, where the side to move has no stand-pat score.
func (t *thread) staticEval(hit TTHit, ttHit, inCheck bool) int {
	switch {
	case inCheck:
		return -Infinity
	case ttHit:
		return hit.Eval
	}
	return t.ev.Evaluate(t.pos)
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
		repeat := pos.IsRepetition() || pos.HalfmoveClock() >= 100
		pos.Unmake()
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

// updateQuietStats rewards the quiet move that failed high (killers,
// countermove, history) and penalises the quiet moves tried before it.
func (t *thread) updateQuietStats(ply, depth int, m board.Move, tried []board.Move) {
	s := t.s
	if s.opts.Killers {
		k := &t.stack[ply].killers
		if k[0] != m {
			k[1], k[0] = k[0], m
		}
		if prev := t.stack[ply-1].move; prev != board.NoMove {
			to := prev.To()
			t.counter[t.pos.PieceAt(to)][to] = m
		}
	}
	if s.opts.History {
		side := t.pos.Side()
		bonus := int32(min(depth*depth, 400))
		updateHistory(&t.history[side][m.From()][m.To()], bonus)
		for _, q := range tried {
			updateHistory(&t.history[side][q.From()][q.To()], -bonus)
		}
	}
}

// updateHistory moves h toward the bound in the bonus's direction, so
// values stay within ±historyMax and old results decay.
func updateHistory(h *int32, bonus int32) {
	const historyMax = 16384
	abs := bonus
	if abs < 0 {
		abs = -abs
	}
	*h += bonus*32 - *h*abs*32/historyMax
}

// qsearch searches captures and promotions (all evasions when in check)
// until the position is quiet.
func (t *thread) qsearch(alpha, beta, ply int) int {
	s := t.s
	o := &s.opts
	t.nodes++
	t.stats.QNodes++
	if t.nodes&2047 == 0 {
		t.checkLimits()
	}
	if t.halted() {
		return 0
	}
	pos := t.pos
	t.stack[ply].pvLen = 0
	t.selDepth = max(t.selDepth, ply)
	inCheck := pos.InCheck()
	if ply >= MaxPly {
		t.stats.Leaves++
		if inCheck {
			return 0
		}
		return t.ev.Evaluate(pos)
	}
	key := pos.Key()
	hit, ttHit := t.probe(key)
	if ttHit {
		if score, ok := t.ttCutoff(hit, ply, alpha, beta); ok {
			return score
		}
	}
	best := -Infinity
	staticEval := t.staticEval(hit, ttHit, inCheck)
	if !inCheck {
		best = staticEval
		if best >= beta {
			t.stats.Leaves++
			return best
		}
		alpha = max(alpha, best)
	}
	// The hash move goes first when it is one quiescence would search.
	ttMove := board.NoMove
	if ttHit && (inCheck || pos.IsCapture(hit.Move) || hit.Move.Promo() != board.NoPieceType) {
		ttMove = hit.Move
	}
	var mp movePicker
	mp.init(t, ply, ttMove, !inCheck)
	searched := 0
	bestMove := board.NoMove
	origAlpha := alpha
	for {
		m, ok := mp.next()
		if !ok {
			break
		}
		if !inCheck {
			if pt := m.Promo(); pt != board.NoPieceType && pt != board.Queen {
				continue
			}
			if o.QSearchPruning {
				// Delta: even winning the piece cannot reach alpha.
				if m.Promo() == board.NoPieceType && staticEval+board.SEEValue[pos.CapturedPiece(m).Type()]+200 < alpha {
					continue
				}
				if !pos.SEENonNegative(m) {
					continue
				}
			}
		}
		searched++
		pos.Make(m)
		score := -t.qsearch(-beta, -alpha, ply+1)
		pos.Unmake()
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
	if o.TT {
		s.tt.Store(key, bestMove, scoreToTT(best, ply), staticEval, 0, boundOf(best, origAlpha, beta))
	}
	return best
}
