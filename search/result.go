// What a search reports: Info per iteration and PV line, Result at the
// end. Formatting them as text is the UCI layer's job.
package search

import (
	"time"

	"brudno/board"
)

// Info reports one PV line of a finished iteration, or an aspiration
// window failure (Bound BoundLower or BoundUpper).
type Info struct {
	Depth, SelDepth int
	MultiPV         int // 1-based line number
	Score           int
	Bound           int // BoundExact, BoundLower or BoundUpper
	Nodes           uint64
	Time            time.Duration
	HashFull        int    // permille
	TBHits          uint64 // tablebase probes that found the position, all threads
	PV              []board.Move
}

// Callbacks receive progress during a search; any may be nil. They are
// called from the search's main thread.
type Callbacks struct {
	Info     func(Info)
	CurrMove func(depth int, m board.Move, number int)
}

// Result is the outcome of a search.
type Result struct {
	Best, Ponder board.Move // NoMove when there is no legal move
	Score        int
	Depth        int
	Nodes        uint64
	Time         time.Duration
	Stats        Stats   // summed over threads
	PerThread    []Stats // each thread's own, the main thread first
}
