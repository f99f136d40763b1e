// Answering on time when the machine is busy (search/answer.go says why):
// a search's callbacks go through a gate that lets exactly one best move
// out and no line after it, and a timer at the search's hard limit
// answers with the main thread's last completed iteration when the
// search has stopped checking its limits near the limit or has not
// answered just after it. A sleeping timer thread gets a CPU sooner than
// the search's threads, which have used their share and wait behind the
// machine's other work.
package engine

import (
	"sync"
	"time"

	"brudno/board"
	"brudno/search"
)

// When the timer answers: from answerEarly before the hard limit (a tenth
// of it at most) if the search has stopped checking its limits (which it
// does every few hundred microseconds when it runs), and answerGrace
// after the limit at the latest; it looks every answerPoll. A search
// that runs answers itself at its limit.
const (
	answerEarly = 2 * time.Millisecond
	answerGrace = time.Millisecond
	answerPoll  = 200 * time.Microsecond
)

type answerGate struct {
	mu       sync.Mutex
	cb       Callbacks // the caller's, after any weakening
	weakened bool      // cb.BestMove picks its own move and shows its line
	answered bool
	finished bool       // the search has returned: it answers itself
	lastLine board.Move // the first move of the last line 1 shown
	timer    *time.Timer
}

// newAnswerGate returns the gate of one search and the callbacks the
// search is to use.
func newAnswerGate(cb Callbacks, weakened bool) (*answerGate, Callbacks) {
	g := &answerGate{cb: cb, weakened: weakened}
	gated := cb
	if cb.Info != nil {
		gated.Info = func(i search.Info) {
			g.mu.Lock()
			defer g.mu.Unlock()
			if g.answered {
				return
			}
			if i.MultiPV == 1 && len(i.PV) > 0 {
				g.lastLine = i.PV[0]
			}
			cb.Info(i)
		}
	}
	if cb.CurrMove != nil {
		gated.CurrMove = func(depth int, m board.Move, n int) {
			g.mu.Lock()
			defer g.mu.Unlock()
			if !g.answered {
				cb.CurrMove(depth, m, n)
			}
		}
	}
	gated.BestMove = g.bestMove
	return g, gated
}

// finish records that the search has returned.
func (g *answerGate) finish() {
	g.mu.Lock()
	g.finished = true
	g.mu.Unlock()
}

// bestMove passes the search's result on unless the timer has answered.
func (g *answerGate) bestMove(r search.Result) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.answered {
		return
	}
	g.answered = true
	if g.timer != nil {
		g.timer.Stop()
	}
	if g.cb.BestMove != nil {
		g.cb.BestMove(r)
	}
}

// armDeadlineLocked sets the gate's timer at the running search's hard
// limit, if it has one now (a ponder search gets it at PonderHit).
func (e *Engine) armDeadlineLocked() {
	g, s, done := e.gate, e.searcher, e.done
	deadline, stall, ok := s.Deadline()
	if g == nil || !ok {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.answered || g.finished {
		return
	}
	if g.timer != nil {
		g.timer.Stop()
	}
	early := min(answerEarly, time.Until(deadline)/10)
	g.timer = time.AfterFunc(time.Until(deadline)-early, func() {
		// wait waits answerPoll, and reports false once the search answered.
		wait := func() bool {
			select {
			case <-done:
				return false
			case <-time.After(answerPoll):
				return true
			}
		}
		// While the search runs, it answers itself at the limit.
		for time.Now().Before(deadline.Add(answerGrace)) && !s.Stalled(stall) {
			if !wait() {
				return
			}
		}
		// Then the last completed iteration answers, as soon as there is
		// one (the first iteration takes microseconds when it runs).
		for !g.answerFrom(s) && wait() {
		}
	})
}

// answerFrom answers with s's last completed iteration, and reports false
// when there is none yet and the search has not answered.
func (g *answerGate) answerFrom(s *search.Searcher) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	// Unless the search has returned, it is still the searcher's.
	if g.answered || g.finished {
		return true
	}
	a, ok := s.Published()
	if !ok {
		return false
	}
	g.answered = true
	s.Stop()
	if !g.weakened && a.Best != g.lastLine && g.cb.Info != nil {
		g.cb.Info(a.Line)
	}
	if g.cb.BestMove != nil {
		g.cb.BestMove(search.Result{Best: a.Best, Ponder: a.Ponder, Score: a.Line.Score,
			Depth: a.Line.Depth, Nodes: a.Line.Nodes, Time: a.Line.Time})
	}
	return true
}
