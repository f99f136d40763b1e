// Young Brothers Wait (Feldmann et al., in the parallel part of Marsland's
// survey): the main thread alone runs iterative deepening; the other
// threads wait for work. At a PV or ALL-type node (not an expected cut
// node: there the first move usually refutes, and a parallel search of
// the others would be wasted) at least ybwMinDepth from the horizon, once
// the first move (the eldest brother) has been searched and has not cut
// off, the node becomes a split point when a thread is idle: its remaining
// moves are listed, and its owner and any idle threads take them one at a
// time, each searching its moves on its own position and stack, and merge
// their results. A beta cutoff at a split point stops every thread
// working under it (nested split points included: halted walks the chain
// of split points). The owner, once the list is empty, waits for the
// threads still searching its moves, and meanwhile helps at split points
// below its own (the helpful master), whose work it is waiting for.
//
// The root splits too, once its first move is searched (the PV-Split of
// Marsland and Campbell splits the nodes of the principal variation, the
// root first); the helpers give the root moves their scores and lines in
// the owner's list. With MultiPV each line's pass splits the same way.
//
// Split points come from a fixed pool per thread made at Prepare; idle
// threads block on a condition variable, woken when a split point is
// published or a helper leaves one. Nothing is allocated per node or per
// split.
package search

import (
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"brudno/board"
)

// ybwMaxSplits is how many split points one thread may own at once (one
// inside another along its line).
const ybwMaxSplits = 8

// ybwPool is the searcher's register of published split points.
type ybwPool struct {
	mu   sync.Mutex
	cond sync.Cond     // on mu: a split point was published or left, or the search ended
	open []*splitPoint // published split points that may still have moves; capacity fixed at Prepare
	idle atomic.Int32  // threads waiting for work (idle helpers and owners waiting at their split point)
	// Published split points no thread has joined yet: a thread woken for
	// one of them is still idle for a while, and splitting again for it
	// before it has joined would make split points nobody joins.
	unjoined atomic.Int32
	gen      atomic.Uint64 // counts the changes threads wait for (changed under mu)
	quit     bool          // the search ended: idle helpers return
}

// splitPoint is a node whose remaining moves several threads search.
type splitPoint struct {
	// Set by the owner before publication and read-only afterwards.
	owner     *thread
	parent    *splitPoint // the split point the owner was working under
	root      bool        // the root: the moves are root moves, whose lines go to the owner's list
	n         node        // the node, with no hash move (so no singular search)
	key       uint64      // the node's position, checked by joining threads
	rootDepth int
	path      [MaxPly]board.Move // the moves from the root (NoMove: a null move)
	evals     [3]int             // the static evaluations at plies ply-2 .. ply
	doubleExt int
	killers   [2][2]board.Move // at ply and ply+1
	moves     [board.MaxMoves]board.Move
	bad       [board.MaxMoves]bool // the picker gave the move among the losing captures
	count     int

	// Every thread below the split point reads stopped (and parent) at
	// every node, so it has a cache line of its own: the writes to the
	// shared state below would otherwise take that line from the readers'
	// cores at every move handed out or merged (false sharing).
	_       [64]byte
	stopped atomic.Bool // a move failed high: everything under the split point unwinds
	_       [64]byte

	// The shared state of the search of the moves, under mu.
	mu        sync.Mutex
	next      int      // the next move of moves to hand out
	moveCount int      // moves handed out, with those searched before the split
	l         moveLoop // best score, best move, alpha, the moves that did not cut
	pv        [MaxPly + 1]board.Move
	pvLen     int
	cut       board.Move // the move that failed high, if any
	cutQuiet  bool

	workers   int         // threads searching here besides the owner; under the pool's mu
	joined    bool        // a thread has joined; under the pool's mu
	selDepth  int         // the helpers' selective depth; under mu
	exhausted atomic.Bool // every move has been handed out
	_         [64]byte    // off the next split point's first line, read at every node
}

// cutOff reports whether a cutoff ended sp or a split point above it, so
// that the work of a thread under it is useless.
func (sp *splitPoint) cutOff() bool {
	for ; sp != nil; sp = sp.parent {
		if sp.stopped.Load() {
			return true
		}
	}
	return false
}

// below reports whether sp lies in the subtree of anc (anc searches a
// move whose search made sp).
func (sp *splitPoint) below(anc *splitPoint) bool {
	for p := sp.parent; p != nil; p = p.parent {
		if p == anc {
			return true
		}
	}
	return false
}

// prepareYBW sets up the pools of a search with the YBW scheme, or
// switches the scheme off (one thread, or Lazy SMP).
func (s *Searcher) prepareYBW() {
	if s.opts.Parallel != YBW || len(s.threads) < 2 {
		s.ybw = nil
		return
	}
	if s.ybwState == nil {
		s.ybwState = &ybwPool{}
		s.ybwState.cond.L = &s.ybwState.mu
	}
	p := s.ybwState
	if need := len(s.threads) * ybwMaxSplits; cap(p.open) < need {
		p.open = make([]*splitPoint, 0, need)
	}
	p.open = p.open[:0]
	p.quit = false
	p.idle.Store(0)
	p.unjoined.Store(0)
	for _, t := range s.threads {
		if t.splits == nil {
			t.splits = make([]splitPoint, ybwMaxSplits)
		}
		t.sp, t.nSplits = nil, 0
	}
	s.ybw = p
}

// endYBW sends the idle helpers home once the main thread has finished
// (every split point is then finished too).
func (s *Searcher) endYBW() {
	p := s.ybw
	p.mu.Lock()
	p.quit = true
	p.signal()
	p.mu.Unlock()
}

// shareHistories, with YBWShareHistory, gives every thread the mean of
// the threads' move-ordering and correction histories, at most once per
// ybwShareNodes nodes of the main thread. A helper learns only from the
// subtrees it searched; without its share it orders, reduces and prunes
// the moves of a split point with half the experience of one thread that
// searched them all. The main thread calls it at the start of an
// iteration, when no helper is searching (every split point of the last
// iteration was finished, under the pool's lock, before the main thread
// went on, and a helper reads its tables again only after joining a
// split point published under that lock).
func (s *Searcher) shareHistories() {
	main := s.threads[0]
	if !s.opts.YBWShareHistory || main.nodes-main.sharedAt < uint64(ybwShareNodes) {
		return
	}
	main.sharedAt = main.nodes
	var v16 [256][]int16
	var v32 [256][]int32
	views16 := v16[:len(s.threads)]
	views32 := v32[:len(s.threads)]
	share16 := func(table func(h *histories) []int16) {
		for i, t := range s.threads {
			views16[i] = table(&t.hist)
		}
		meanInto(views16)
	}
	share32 := func(table func(h *histories) []int32) {
		for i, t := range s.threads {
			views32[i] = table(&t.hist)
		}
		meanInto(views32)
	}
	share16(func(h *histories) []int16 { return asSlice[int16](&h.butterfly) })
	share16(func(h *histories) []int16 { return asSlice[int16](&h.capture) })
	if s.opts.ContHistory {
		share16(func(h *histories) []int16 { return asSlice[int16](&h.cont) })
	}
	if s.opts.CorrHistory {
		share32(func(h *histories) []int32 { return asSlice[int32](&h.corr) })
	}
	if s.opts.CorrNonPawn {
		share32(func(h *histories) []int32 { return asSlice[int32](&h.corrNP) })
	}
	if s.opts.MinorCorr {
		share32(func(h *histories) []int32 { return asSlice[int32](&h.corrMinor) })
	}
}

// asSlice views the array *a, of any shape, as a slice of its elements E.
func asSlice[E, A any](a *A) []E {
	var e E
	return unsafe.Slice((*E)(unsafe.Pointer(a)), unsafe.Sizeof(*a)/unsafe.Sizeof(e))
}

// meanInto sets every element of the equally long tables to the mean of
// the tables' elements there, rounded toward zero.
func meanInto[E int16 | int32](tables [][]E) {
	for i := range tables[0] {
		sum := 0
		for _, t := range tables {
			sum += int(t[i])
		}
		m := E(sum / len(tables))
		for _, t := range tables {
			t[i] = m
		}
	}
}

// ybwHelper is the life of a helper thread in a YBW search: wait for a
// split point, help there, and wait again, until the search ends.
func (t *thread) ybwHelper() {
	p := t.s.ybw
	p.mu.Lock()
	for !p.quit {
		if sp := p.find(nil); sp != nil {
			t.join(sp, 0)
			continue
		}
		t.wait(p)
	}
	p.mu.Unlock()
	t.published.Store(t.nodes)
}

// wait waits, counted as idle, until a split point is published or left
// or the search ends: a short spin (a new split point often comes at
// once, and waking a blocked thread takes long), then blocking on the
// pool's condition. p.mu is held on entry and on return.
func (t *thread) wait(p *ybwPool) {
	p.idle.Add(1)
	start := time.Now()
	gen := p.gen.Load()
	p.mu.Unlock()
	spin := time.Duration(ybwSpinMicros) * time.Microsecond
	for p.gen.Load() == gen && time.Since(start) < spin {
		for range 64 {
			if p.gen.Load() != gen {
				break
			}
		}
	}
	p.mu.Lock()
	if p.gen.Load() == gen {
		p.cond.Wait()
	}
	t.stats.Idle += time.Since(start)
	p.idle.Add(-1)
}

// signal tells the waiting threads that the pool changed; p.mu is held.
func (p *ybwPool) signal() {
	p.gen.Add(1)
	p.cond.Broadcast()
}

// find returns the open split point with the most work left (the
// greatest depth) that a thread may join: every one for an idle thread
// (mine nil), those below mine for the owner waiting at mine. p.mu is held.
func (p *ybwPool) find(mine *splitPoint) *splitPoint {
	var best *splitPoint
	for _, sp := range p.open {
		if sp.exhausted.Load() || sp.cutOff() || mine != nil && !sp.below(mine) {
			continue
		}
		if best == nil || sp.n.depth > best.n.depth {
			best = sp
		}
	}
	return best
}

// join helps at sp, the thread standing at ply base of sp's line (0 for an
// idle helper at the root). p.mu is held on entry and on return; it is
// released while the thread searches.
func (t *thread) join(sp *splitPoint, base int) {
	p := t.s.ybw
	sp.workers++
	if !sp.joined {
		sp.joined = true
		p.unjoined.Add(-1)
	}
	p.mu.Unlock()
	t.stats.SplitJoins++
	saved, savedDepth, savedSel := t.sp, t.rootDepth, t.selDepth
	t.walk(sp, base)
	t.sp, t.rootDepth, t.selDepth = sp, sp.rootDepth, 0
	t.searchSplit(sp)
	sp.mu.Lock()
	sp.selDepth = max(sp.selDepth, t.selDepth)
	sp.mu.Unlock()
	t.sp, t.rootDepth, t.selDepth = saved, savedDepth, max(savedSel, t.selDepth)
	t.unwalk(sp, base)
	p.mu.Lock()
	sp.workers--
	p.signal()
}

// walk makes the moves of sp's line from ply base to the split node, and
// gives the thread's stack what the search below the node reads: the
// moves and continuation histories of the plies before it (in its own
// tables), the static evaluations, the double extensions and the killers.
// Frames below base are the thread's own line, which is sp's too.
func (t *thread) walk(sp *splitPoint, base int) {
	ply := sp.n.ply
	for i := base; i < ply; i++ {
		m := sp.path[i]
		t.setMove(i, m)
		if m == board.NoMove {
			t.makeNull()
		} else {
			t.makeMove(m)
		}
	}
	if t.pos.Key() != sp.key {
		panic("search: a split point's line leads elsewhere")
	}
	for i := max(ply-2, base); i <= ply; i++ {
		t.stack[i].eval = sp.evals[i-ply+2]
	}
	f := &t.stack[ply]
	f.doubleExt, f.excluded = sp.doubleExt, board.NoMove
	f.killers, t.stack[ply+1].killers = sp.killers[0], sp.killers[1]
	t.setThreats(ply)
}

// unwalk takes back what walk made.
func (t *thread) unwalk(sp *splitPoint, base int) {
	for i := sp.n.ply - 1; i >= base; i-- {
		if sp.path[i] == board.NoMove {
			t.unmakeNull()
		} else {
			t.unmakeMove()
		}
	}
}

// splittable reports whether node n, its first move searched, may become
// a split point now: deep enough, not an expected cut node, not a
// singular-extension search, a thread idle and a split point free.
func (t *thread) splittable(n *node) bool {
	p := t.s.ybw
	return n.depth >= ybwMinDepth && !n.cutNode && n.excluded == board.NoMove &&
		p.idle.Load() > p.unjoined.Load() && t.nSplits < len(t.splits) && n.ply < MaxPly-1
}

// split makes node n a split point: the rest of mp's moves are listed and
// offered to idle threads, the owner searches them with its helpers, waits
// for the last helper and takes the result into l (and the PV into its
// frame). cut is the move that failed high, if one did. ok is false when
// no move was left (the picker is then empty too).
func (t *thread) split(n *node, mp *movePicker, l *moveLoop) (cut board.Move, cutQuiet, ok bool) {
	sp := &t.splits[t.nSplits]
	sp.count = 0
	for {
		m, ok := mp.next()
		if !ok {
			break
		}
		sp.moves[sp.count], sp.bad[sp.count] = m, mp.stage == stageBad
		sp.count++
	}
	if sp.count == 0 {
		return board.NoMove, false, false
	}
	t.fillSplit(sp, n, l, false)
	t.runSplit(sp)
	*l = sp.l
	l.moveCount = sp.moveCount
	if n.pvNode {
		f := &t.stack[n.ply]
		f.pvLen = copy(f.pv[:], sp.pv[:sp.pvLen])
	}
	return sp.cut, sp.cutQuiet, true
}

// rootSplittable reports whether the root may become a split point now,
// its first move searched.
func (t *thread) rootSplittable(depth int) bool {
	p := t.s.ybw
	return depth >= ybwMinDepth && p.idle.Load() > p.unjoined.Load() && t.nSplits < len(t.splits)
}

// splitRoot makes the root a split point (PV-Split's first split) for the
// root moves from first on, searched against alpha and beta with best
// the best score so far, and returns the best score. The helpers give
// the root moves their scores and lines in the owner's list.
func (t *thread) splitRoot(depth, alpha, beta, best, first int) int {
	sp := &t.splits[t.nSplits]
	sp.count = 0
	for _, rm := range t.rootMoves[first:] {
		sp.moves[sp.count], sp.bad[sp.count] = rm.move, false
		sp.count++
	}
	n := node{depth: depth, alpha: alpha, beta: beta, pvNode: beta-alpha > 1}
	l := moveLoop{best: best, alpha: alpha, moveCount: first}
	t.fillSplit(sp, &n, &l, true)
	t.runSplit(sp)
	return sp.l.best
}

// runSplit publishes the filled split point sp, searches its moves with
// the threads that join, and waits for the last of them.
func (t *thread) runSplit(sp *splitPoint) {
	t.nSplits++
	t.sp = sp
	t.stats.SplitPoints++
	p := t.s.ybw
	p.mu.Lock()
	p.open = append(p.open, sp)
	p.unjoined.Add(1)
	p.signal()
	p.mu.Unlock()

	t.searchSplit(sp)
	t.finishSplit(sp)

	t.sp = sp.parent
	t.nSplits--
	t.selDepth = max(t.selDepth, sp.selDepth)
}

// fillSplit records in sp what the threads joining it need of node n and
// of the owner's line, and the loop's state so far.
func (t *thread) fillSplit(sp *splitPoint, n *node, l *moveLoop, root bool) {
	ply := n.ply
	sp.owner, sp.parent, sp.root = t, t.sp, root
	sp.n = *n
	sp.n.ttMove = board.NoMove // searched already: no singular search at the split point
	sp.key = t.pos.Key()
	sp.rootDepth = t.rootDepth
	for i := 0; i < ply; i++ {
		sp.path[i] = t.stack[i].move
	}
	for i := range sp.evals {
		if j := ply - 2 + i; j >= 0 {
			sp.evals[i] = t.stack[j].eval
		}
	}
	sp.doubleExt = t.stack[ply].doubleExt
	sp.killers = [2][2]board.Move{t.stack[ply].killers, t.stack[ply+1].killers}
	sp.next, sp.moveCount, sp.l = 0, l.moveCount, *l
	sp.pvLen = 0
	if n.pvNode {
		f := &t.stack[ply]
		sp.pvLen = copy(sp.pv[:], f.pv[:f.pvLen])
	}
	sp.cut, sp.cutQuiet = board.NoMove, false
	sp.workers, sp.joined, sp.selDepth = 0, false, 0
	sp.stopped.Store(false)
	sp.exhausted.Store(false)
}

// searchSplit takes moves from sp and searches them until none is left,
// a cutoff ends the split point, or the search stops. The owner and the
// helpers all run it.
func (t *thread) searchSplit(sp *splitPoint) {
	n := sp.n // the thread's own copy
	for {
		m, moveCount, bad, alpha, best, ok := sp.take()
		if !ok {
			return
		}
		start := t.nodes
		if sp.root {
			// Root move number moveCount, searched as rootSearch does.
			if t.id == 0 && t.s.cb.CurrMove != nil {
				t.reportCurrMove(n.depth, m, moveCount)
			}
			score := t.searchRootMove(n.depth, alpha, n.beta, m, false)
			if t.halted() {
				t.abortedSince(start)
				return
			}
			sp.mergeRoot(t, moveCount-1, m, score)
			continue
		}
		score, quiet, outcome := t.tryMove(&n, m, moveCount, bad, alpha, best)
		if outcome == movePruned || outcome == moveQuietsPruned || outcome == moveAllQuietsPruned {
			continue
		}
		if t.halted() {
			t.abortedSince(start)
			return
		}
		sp.merge(t, m, score, quiet)
	}
}

// abortedSince counts the nodes searched since start as aborted work
// when a cutoff, not the end of the search, halted the thread.
func (t *thread) abortedSince(start uint64) {
	if !t.s.stop.Load() {
		t.stats.AbortedNodes += t.nodes - start
	}
}

// take hands out the next move with its number, whether it is a losing
// capture, and the current alpha and best score.
func (sp *splitPoint) take() (m board.Move, moveCount int, bad bool, alpha, best int, ok bool) {
	sp.mu.Lock()
	if sp.next < sp.count && !sp.stopped.Load() {
		m, bad = sp.moves[sp.next], sp.bad[sp.next]
		sp.next++
		sp.moveCount++
		moveCount, alpha, best, ok = sp.moveCount, sp.l.alpha, sp.l.best, true
	}
	if sp.next >= sp.count {
		sp.exhausted.Store(true)
	}
	sp.mu.Unlock()
	return m, moveCount, bad, alpha, best, ok
}

// merge takes in thread t's score for move m: best score, best move,
// alpha and the PV (from t's stack), and on a fail high the cutoff that
// stops the threads under the split point.
func (sp *splitPoint) merge(t *thread, m board.Move, score int, quiet bool) {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if sp.stopped.Load() {
		return // another move failed high first
	}
	raised, cut := sp.l.record(m, score, quiet, sp.n.beta)
	if raised && sp.n.pvNode {
		child := &t.stack[sp.n.ply+1]
		sp.pv[0] = m
		sp.pvLen = 1 + copy(sp.pv[1:], child.pv[:child.pvLen])
	}
	if cut {
		sp.cut, sp.cutQuiet = m, quiet
		sp.stopped.Store(true)
	}
}

// mergeRoot takes in thread t's score for root move m, number i of the
// owner's list: a move that raises alpha gets its score and line there.
func (sp *splitPoint) mergeRoot(t *thread, i int, m board.Move, score int) {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if sp.stopped.Load() {
		return
	}
	raised, cut := sp.l.record(m, score, false, sp.n.beta)
	if raised {
		rm := &sp.owner.rootMoves[i]
		if rm.move != m {
			panic("search: a root split point's moves out of step with the root list")
		}
		rm.setLine(score, t.selDepth, &t.stack[1])
	}
	if cut {
		sp.cut = m
		sp.stopped.Store(true)
	}
}

// finishSplit withdraws sp from the pool and waits until no helper is
// left under it, meanwhile helping at split points below it.
func (t *thread) finishSplit(sp *splitPoint) {
	p := t.s.ybw
	p.mu.Lock()
	for i, o := range p.open {
		if o == sp {
			last := len(p.open) - 1
			p.open[i] = p.open[last]
			p.open = p.open[:last]
			break
		}
	}
	if !sp.joined {
		sp.joined = true
		p.unjoined.Add(-1)
	}
	for sp.workers > 0 {
		if below := p.find(sp); below != nil {
			t.join(below, sp.n.ply)
			continue
		}
		t.wait(p)
	}
	p.mu.Unlock()
}
