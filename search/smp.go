// Lazy SMP coordination: the threads search the same root and share the
// transposition table; the deepest completed iteration is published, and
// a thread still searching that depth abandons it and adopts the result.
// Limits (time, nodes) are checked here every 256 or 2,048 nodes.
package search

import "time"

// halted reports whether the thread must unwind: the search was stopped,
// another thread completed the iteration it is searching (Lazy SMP), or a
// cutoff ended a split point it works under (YBW).
func (t *thread) halted() bool {
	return t.abandon || t.s.stop.Load() || t.sp != nil && t.sp.cutOff()
}

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

// checkLimits runs every 256 or 2,048 nodes (checkMask): it publishes the
// node count and enforces the hard time limit, on every thread, since on
// a busy machine the main thread may not run for a while. With YBW every
// thread enforces the node limit too, since the main thread may be
// waiting for its helpers.
func (t *thread) checkLimits() {
	s := t.s
	t.published.Store(t.nodes)
	now := time.Now().UnixNano()
	switch {
	case s.ybw != nil:
		// With YBW the main thread may be waiting for its helpers: the
		// search runs while any thread checks, and its gaps are those
		// between any two threads' checks.
		t.maxGap = max(t.maxGap, time.Duration(now-s.seen.Swap(now)))
	case t.id == 0:
		s.seen.Store(now)
		t.noteGap(now)
	}
	// Stop lets depth 1 complete (it takes microseconds), so even a
	// flagging clock gets a searched move.
	if s.tm.hardExpiredAt(now) {
		s.Stop()
	}
	if s.ybw != nil {
		if s.limits.Nodes > 0 && s.nodes() >= s.limits.Nodes {
			s.Stop()
		}
		return
	}
	if int(s.doneDepth.Load()) >= t.rootDepth {
		t.abandon = true
	}
}

// nodes is the node count of all threads, as last published.
func (s *Searcher) nodes() uint64 {
	var n uint64
	for _, t := range s.threads {
		n += t.published.Load()
	}
	return n
}

// helperNodes is the node count of the helper threads, as last published.
func (s *Searcher) helperNodes() uint64 {
	var n uint64
	for _, t := range s.threads[1:] {
		n += t.published.Load()
	}
	return n
}
