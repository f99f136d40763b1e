// Search limits as a GUI gives them, and the time manager that turns a
// clock into a soft limit (do not start another iteration) and a hard
// limit (abort the iteration).
package search

import (
	"sync/atomic"
	"time"

	"brudno/board"
)

// Limits says when a search must stop. Zero values mean "no limit"; clock
// times may be zero or negative (a flagged clock) and are then treated as
// almost no time.
type Limits struct {
	WTime, BTime     time.Duration
	WInc, BInc       time.Duration
	MovesToGo        int
	HasClock         bool // wtime or btime was given
	MoveTime         time.Duration
	Depth            int
	Nodes            uint64
	SoftNodes        uint64 // start no iteration once this many nodes are searched (Nodes stays the hard limit)
	Mate             int    // find a mate in this many moves
	Infinite, Ponder bool
	SearchMoves      []board.Move
}

// timeManager holds the soft and hard limits of one search. Ponder mode
// suspends them until PonderHit restarts the clock.
type timeManager struct {
	soft      time.Duration // 0: none
	hard      time.Duration // 0: none
	pondering atomic.Bool
	startNS   atomic.Int64 // start time in unix nanoseconds (moves at ponderhit)
}

// newTimeManager computes the limits for the side to move in pos.
func newTimeManager(lim *Limits, pos *board.Position, overhead time.Duration) *timeManager {
	tm := &timeManager{}
	ply := 2*(pos.FullmoveNumber()-1) + int(pos.Side())
	tm.soft, tm.hard = allocate(lim, pos.Side(), ply, overhead)
	tm.pondering.Store(lim.Ponder)
	tm.startNS.Store(time.Now().UnixNano())
	return tm
}

// allocate returns the soft and hard limits for the side to move at game
// ply ply (0 before White's first move); 0 means none.
func allocate(lim *Limits, side board.Color, ply int, overhead time.Duration) (soft, hard time.Duration) {
	const minimum = time.Millisecond
	if lim.MoveTime > 0 {
		// The time asked for is used: no soft limit ends the search early.
		return 0, max(lim.MoveTime-overhead, minimum)
	}
	if !lim.HasClock {
		return 0, 0
	}
	clock, inc := lim.WTime, lim.WInc
	if side == board.Black {
		clock, inc = lim.BTime, lim.BInc
	}
	inc = max(inc, 0)
	left := max(clock-overhead, minimum)
	mtg := tmMovesToGo // sudden death: assume this many moves remain
	if lim.MovesToGo > 0 {
		mtg = min(lim.MovesToGo, tmMovesToGo)
	}
	soft = left/time.Duration(mtg) + inc*time.Duration(tmIncPercent)/100
	// An iteration begun before the soft limit may run on to the hard one,
	// which allows up to 4 times the soft limit from ply 20 on, less in
	// the opening, where a move seldom deserves a large share of the clock.
	// Never plan to use more than the clock allows: the hard limit keeps
	// a reserve for the moves still to play before the next control.
	scale := float64(min(tmHardMax, tmHardBase+tmHardPerPly*ply)) / 1000
	reserve := float64(tmReserve) / 100
	if mtg == 1 {
		reserve = float64(tmReserveLast) / 100
	}
	hard = min(time.Duration(float64(soft)*scale), time.Duration(float64(left)*reserve))
	// A clock that lives on its increment is let grow back to a few
	// increments: a move takes what the clock holds beyond tmIncSafety
	// increments, but at least half of one, so that the delays of a busy
	// machine do not flag it.
	if inc > 0 {
		hard = min(hard, max(left-inc*time.Duration(tmIncSafety), inc/2))
	}
	soft = min(soft, hard)
	return max(soft, minimum), max(hard, minimum)
}

func (tm *timeManager) elapsed() time.Duration {
	return time.Duration(time.Now().UnixNano() - tm.startNS.Load())
}

// ponderHit turns a ponder search into a timed one starting now.
func (tm *timeManager) ponderHit() {
	tm.startNS.Store(time.Now().UnixNano())
	tm.pondering.Store(false)
}

// checkMask says how often a search thread checks its limits: every 2,048
// nodes, or every 256 when the hard limit is under a second, so that a
// search slowed by a busy machine still stops within about a millisecond
// of a short limit.
func (tm *timeManager) checkMask() uint64 {
	if tm.hard > 0 && tm.hard < time.Second {
		return 255
	}
	return 2047
}

// hardExpired reports whether the search must abort now.
func (tm *timeManager) hardExpired() bool { return tm.hardExpiredAt(time.Now().UnixNano()) }

// hardExpiredAt reports whether the search must abort at now (unix ns).
func (tm *timeManager) hardExpiredAt(now int64) bool {
	return tm.hard > 0 && !tm.pondering.Load() && time.Duration(now-tm.startNS.Load()) >= tm.hard
}

// A busy host: when the main thread finds much more time between two
// checks of its limits than their few hundred nodes take (a machine with
// more searching threads than cores, which leaves a thread waiting for a
// CPU for tens of milliseconds), the longest such gap is kept back from
// the clock in later searches, beside Move Overhead, fading by an eighth
// a search. On a machine with a core to spare gaps stay under
// hostDelayMin and nothing changes.
const (
	hostDelayMin = 5 * time.Millisecond
	hostDelayMax = 500 * time.Millisecond
)

// noteGap records the time since the thread's last check of its limits.
func (t *thread) noteGap(now int64) {
	if t.lastCheck != 0 {
		t.maxGap = max(t.maxGap, time.Duration(now-t.lastCheck))
	}
	t.lastCheck = now
}

// noteHostDelay folds a search's longest gap into the delay kept back.
func (s *Searcher) noteHostDelay(gap time.Duration) {
	if gap < hostDelayMin {
		gap = 0
	}
	s.hostDelay = min(max(gap, s.hostDelay*7/8), hostDelayMax)
}

// softExpired reports whether another iteration should not be started,
// with the soft limit scaled by factor (best-move stability).
func (tm *timeManager) softExpired(factor float64) bool {
	return tm.soft > 0 && !tm.pondering.Load() &&
		tm.elapsed() >= min(time.Duration(float64(tm.soft)*factor), tm.hard)
}
