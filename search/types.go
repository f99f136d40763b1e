// Search constants, the options that switch each technique on or off, and
// the values a search reports (Info per iteration and PV line, Result at the
// end). Formatting them as text is the UCI layer's job.
package search

import (
	"time"

	"brudno/board"
)

// Score bounds. A mate delivered at ply p scores Mate-p; being mated at
// ply p scores -(Mate-p).
const (
	MaxPly    = 128
	Infinity  = 32000
	Mate      = 31000
	MateBound = Mate - MaxPly // scores beyond this are mates
)

// IsMateScore reports whether score announces a mate for either side.
func IsMateScore(score int) bool { return score >= MateBound || score <= -MateBound }

// MateMoves converts a mate score to moves: positive when the side to move
// mates, negative when it is mated.
func MateMoves(score int) int {
	if score > 0 {
		return (Mate - score + 1) / 2
	}
	return -(Mate + score) / 2
}

// Options switches the search techniques; the zero value is plain
// alpha-beta with quiescence. DefaultOptions is what the engine plays with.
type Options struct {
	Threads        int
	MultiPV        int
	Aspiration     bool
	PVS            bool // null-window search of siblings (PVS/NegaScout)
	TT             bool // transposition table cutoffs and move ordering
	NullMove       bool
	LMR            bool // late move reductions
	Futility       bool // futility and reverse futility pruning
	Killers        bool // killer and countermove ordering
	History        bool // history heuristic ordering
	CheckExtension bool
	MateDistance   bool
	QSearchSEE     bool // skip losing captures in quiescence
}

// DefaultOptions returns the playing configuration.
func DefaultOptions() Options {
	return Options{
		Threads: 1, MultiPV: 1, Aspiration: true, PVS: true, TT: true, NullMove: true,
		LMR: true, Futility: true, Killers: true, History: true, CheckExtension: true,
		MateDistance: true, QSearchSEE: true,
	}
}

// Info reports one PV line of a finished iteration, or an aspiration
// window failure (Bound BoundLower or BoundUpper).
type Info struct {
	Depth, SelDepth int
	MultiPV         int // 1-based line number
	Score           int
	Bound           int // BoundExact, BoundLower or BoundUpper
	Nodes           uint64
	Time            time.Duration
	HashFull        int // permille
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
}
