// The answer kept ready for the deadline: on a machine with more busy
// threads than cores, the search's threads can wait for a CPU past their
// hard limit, and a bestmove that waits for them comes too late. The main
// thread publishes each completed iteration, and the search the time of
// its last check of its limits; the engine (engine/answer.go) answers
// with that iteration from another goroutine when the search has stopped
// checking near the hard limit or has not ended just after it.
package search

import (
	"time"

	"brudno/board"
)

// Answer is line 1 of a completed iteration of the main thread.
type Answer struct {
	Best, Ponder board.Move
	Line         Info // as the iteration reported it
}

// publishAnswer makes the main thread's completed iteration depth the
// answer at hand. Only timed searches need one.
func (t *thread) publishAnswer(depth int) {
	s := t.s
	if !s.limits.HasClock && s.limits.MoveTime == 0 {
		return
	}
	a := &Answer{Best: t.best.move, Line: s.lineInfo(t.pos, t.best, depth, 1, BoundExact, t.nodes+s.helperNodes())}
	if len(a.Line.PV) > 1 {
		a.Ponder = a.Line.PV[1]
	}
	s.answer.Store(a)
}

// Published returns the last answer the running search published: false
// before its first iteration completes, and in untimed searches.
func (s *Searcher) Published() (Answer, bool) {
	if a := s.answer.Load(); a != nil {
		return *a, true
	}
	return Answer{}, false
}

// Stalled reports whether the search has not checked its limits for
// longer than d: its main thread (with YBW any thread, since the main
// thread may be waiting for its helpers) is waiting for a CPU.
func (s *Searcher) Stalled(d time.Duration) bool {
	return time.Now().UnixNano()-s.seen.Load() > int64(d)
}

// Deadline returns when the hard limit of the prepared search expires,
// and how long a search that runs may go without checking its limits (a
// few times a check interval); false when it has no hard limit (no clock
// or movetime, infinite) or none yet (pondering: PonderHit starts its
// clock).
func (s *Searcher) Deadline() (deadline time.Time, stall time.Duration, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	tm := s.tm
	if tm == nil || tm.hard == 0 || s.limits.Infinite || tm.pondering.Load() {
		return time.Time{}, 0, false
	}
	stall = 2 * time.Millisecond // 256 nodes between checks
	if tm.checkMask() > 255 {
		stall = 10 * time.Millisecond
	}
	return time.Unix(0, tm.startNS.Load()).Add(tm.hard), stall, true
}
