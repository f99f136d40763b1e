// Every search constant, named in one table. They are variables, not
// constants, so that a build with the tune tag can expose each as a UCI
// spin option (engine/tune_on.go) for SPSA tuning; `brudno params` prints
// the table in OpenBench's SPSA input format. The play build never
// changes them. Fractions are kept as integers (percent or hundredths) so
// that every parameter is an integer with a range and a step.
package search

import (
	"fmt"
	"math"
)

// Aspiration windows at the root.
var (
	aspirationDepth = 4  // first iteration searched with a window
	aspirationDelta = 20 // half-width of the first window, centipawns
)

// Pruning, reductions and extensions before the moves are searched.
var (
	rfpDepth        = 8    // reverse futility up to this depth
	rfpMargin       = 75   // per ply of depth (one ply less when improving)
	rfpHistMin      = 8000 // RFPTTHist: a quiet hash move's history at least this, or no reverse futility
	razorDepth      = 2    // razoring up to this depth
	razorBase       = 500  // razoring margin: base + mul*depth*depth
	razorMul        = 250
	nullMinDepth    = 3 // null move from this depth
	nullBase        = 3 // null-move reduction: base + depth/div + min((eval-beta)/evalDiv, evalMax)
	nullDepthDiv    = 4
	nullEvalDiv     = 200
	nullEvalMax     = 3
	probCutDepth    = 5   // ProbCut from this depth
	probCutMargin   = 200 // above beta
	probCutReduce   = 4   // the verification search's reduction
	iirDepth        = 4   // internal iterative reduction from this depth
	etcDepth        = 3   // enhanced transposition cutoffs from this depth
	singularDepth   = 6   // singular extensions from this depth
	singularTTDepth = 3   // the stored entry at least depth minus this
	singularMargin  = 1   // the excluded search's beta: tt score minus margin*depth
	doubleExtMargin = 20  // extend twice when this far below the singular beta
	doubleExtLimit  = 6   // double extensions per line
)

// Pruning of moves in the move loop.
var (
	lmpDepth          = 8    // late move pruning up to this depth
	lmpBase           = 3    // quiet moves searched: base + depth^2 (improving), half of it plus one otherwise
	futilityDepth     = 6    // futility on the reduced depth up to this
	futilityBase      = 100  // margin: base + mul*reduced depth
	futilityMul       = 100  //
	historyPruneDepth = 3    // history pruning on the reduced depth up to this
	historyPruneMul   = 2048 // prune a quiet move with history below -mul*depth
	seeQuietDepth     = 7    // SEE pruning of quiet moves up to this reduced depth
	seeQuietMul       = 25   // threshold: -mul*reduced depth^2
	seeNoisyDepth     = 6    // SEE pruning of captures up to this depth
	seeNoisyMul       = 100  // threshold: -mul*depth - capture history/div
	seeNoisyHistDiv   = 32
	checkOrderBonus   = 16384 // CheckOrder: a quiet check's ordering bonus
	checkOrderSEE     = 75    // CheckOrder: ... when SEE loses at most this
	// ThreatOrder: a quiet move of a queen (rook; knight or bishop) from a
	// square that an enemy rook, minor or pawn (minor or pawn; pawn)
	// attacks to one it does not gains this much of history; one from an
	// unattacked square to an attacked one loses as much.
	threatOrderQueen = 16384
	threatOrderRook  = 12288
	threatOrderMinor = 8192
)

// Late move reductions.
var (
	lmrBase     = 75  // reduction: base/100 + ln(depth)*ln(move number)/(div/100)
	lmrDiv      = 225 //
	lmrMinDepth = 3
	lmrHistDiv  = 8192 // one ply less (more) per this much history
	lmrHistMax  = 2    // at most this many plies either way
	lmrCutNode  = 2    // plies more at cut nodes
	// CaptureLMR: base/100 + ln(depth)*ln(move number)/(div/100), one ply
	// less per histDiv of capture history.
	lmrNoisyBase    = 38
	lmrNoisyDiv     = 376
	lmrNoisyHistDiv = 5000
	// LMRResearch: the re-search a ply deeper above best + base + mul*depth,
	// a ply shallower below best + margin.
	lmrDeeperBase      = 40
	lmrDeeperMul       = 2
	lmrShallowerMargin = 10
)

// Histories.
var (
	historyMax        = 16384 // every history entry stays within ±max (not tuned: int16 tables)
	historyBonusMul   = 300   // bonus: min(mul*depth - sub, max)
	historyBonusSub   = 250
	historyBonusMax   = 2400
	historyWideMargin = 100 // a fail high this far above beta rewards as one ply deeper
	corrGrain         = 256 // correction history: entries in 1/grain centipawn (not tuned)
	corrWeightMax     = 16  // a result's weight: min(depth+1, max)/256
	corrLimit         = 128 // corrections stay within ±limit centipawns
)

// Quiescence.
var (
	qsDeltaMargin = 200 // delta pruning: a capture must be able to come this close to alpha
)

// Parallel search: Young Brothers Wait (ybw.go).
var (
	ybwMinDepth   = 5       // split a node only from this depth (remaining plies)
	ybwSpinMicros = 50      // an idle thread spins this long before it blocks
	ybwShareNodes = 1 << 18 // YBWShareHistory: the main thread's nodes between two sharings of the histories
)

// The time manager.
var (
	tmMovesToGo   = 30   // sudden death: assume this many moves remain
	tmIncPercent  = 75   // share of the increment added to the soft limit
	tmHardBase    = 1500 // hard limit in per mille of the soft one at ply 0 ...
	tmHardPerPly  = 125  // ... plus this much per ply ...
	tmHardMax     = 4000 // ... up to this
	tmReserve     = 75   // never plan past this percent of the clock ...
	tmReserveLast = 90   // ... or this, with one move to the time control
	tmIncSafety   = 4    // a move leaves this many increments on the clock, or takes half of one
	stabilityBase = 140  // the soft limit's percent with no stability ...
	stabilityStep = 10   // ... less this per iteration the best move stayed ...
	stabilityMax  = 6    // ... for at most this many
	tmNodeBase    = 190  // the soft limit's percent: base less mul times the best move's node share ...
	tmNodeMul     = 150
	tmNodeMin     = 50 // ... but at least this
	tmScoreMul    = 10 // per mille more per centipawn the score fell since the last iteration ...
	tmScoreFall   = 50 // ... counting a fall up to this ...
	tmScoreRise   = 20 // ... and a rise (less time) up to this
)

// Param is a tunable search constant: its name (the UCI option of a tune
// build), the variable, its range and SPSA's step.
type Param struct {
	Name           string
	Value          *int
	Min, Max, Step int
}

// Params lists every tunable constant.
var Params = []Param{
	{"AspirationDepth", &aspirationDepth, 2, 8, 1},
	{"AspirationDelta", &aspirationDelta, 5, 60, 3},
	{"RFPDepth", &rfpDepth, 4, 12, 1},
	{"RFPMargin", &rfpMargin, 30, 150, 6},
	{"RFPHistMin", &rfpHistMin, 0, 16000, 500},
	{"RazorDepth", &razorDepth, 0, 4, 1},
	{"RazorBase", &razorBase, 200, 800, 30},
	{"RazorMul", &razorMul, 50, 500, 20},
	{"NullMinDepth", &nullMinDepth, 2, 5, 1},
	{"NullBase", &nullBase, 2, 5, 1},
	{"NullDepthDiv", &nullDepthDiv, 2, 8, 1},
	{"NullEvalDiv", &nullEvalDiv, 80, 400, 15},
	{"NullEvalMax", &nullEvalMax, 1, 6, 1},
	{"ProbCutDepth", &probCutDepth, 3, 8, 1},
	{"ProbCutMargin", &probCutMargin, 80, 400, 15},
	{"ProbCutReduce", &probCutReduce, 2, 6, 1},
	{"IIRDepth", &iirDepth, 3, 8, 1},
	{"SingularDepth", &singularDepth, 5, 10, 1},
	{"SingularTTDepth", &singularTTDepth, 1, 5, 1},
	{"SingularMargin", &singularMargin, 1, 4, 1},
	{"DoubleExtMargin", &doubleExtMargin, 5, 60, 3},
	{"DoubleExtLimit", &doubleExtLimit, 0, 16, 1},
	{"LMPDepth", &lmpDepth, 3, 10, 1},
	{"LMPBase", &lmpBase, 1, 8, 1},
	{"FutilityDepth", &futilityDepth, 3, 10, 1},
	{"FutilityBase", &futilityBase, 20, 250, 10},
	{"FutilityMul", &futilityMul, 40, 200, 8},
	{"HistoryPruneDepth", &historyPruneDepth, 1, 6, 1},
	{"HistoryPruneMul", &historyPruneMul, 512, 6000, 250},
	{"SEEQuietDepth", &seeQuietDepth, 2, 10, 1},
	{"SEEQuietMul", &seeQuietMul, 5, 80, 4},
	{"SEENoisyDepth", &seeNoisyDepth, 2, 10, 1},
	{"SEENoisyMul", &seeNoisyMul, 40, 200, 8},
	{"SEENoisyHistDiv", &seeNoisyHistDiv, 8, 128, 6},
	{"CheckOrderBonus", &checkOrderBonus, 0, 32768, 2000},
	{"CheckOrderSEE", &checkOrderSEE, 0, 300, 15},
	{"ThreatOrderQueen", &threatOrderQueen, 0, 32768, 2000},
	{"ThreatOrderRook", &threatOrderRook, 0, 24576, 1500},
	{"ThreatOrderMinor", &threatOrderMinor, 0, 16384, 1000},
	{"LMRBase", &lmrBase, 20, 150, 6},
	{"LMRDiv", &lmrDiv, 150, 350, 10},
	{"LMRMinDepth", &lmrMinDepth, 2, 5, 1},
	{"LMRHistDiv", &lmrHistDiv, 2048, 16384, 600},
	{"LMRHistMax", &lmrHistMax, 0, 4, 1},
	{"LMRCutNode", &lmrCutNode, 0, 4, 1},
	{"LMRNoisyBase", &lmrNoisyBase, 0, 150, 8},
	{"LMRNoisyDiv", &lmrNoisyDiv, 200, 600, 20},
	{"LMRNoisyHistDiv", &lmrNoisyHistDiv, 1000, 16000, 500},
	{"LMRDeeperBase", &lmrDeeperBase, 0, 120, 6},
	{"LMRDeeperMul", &lmrDeeperMul, 0, 8, 1},
	{"LMRShallowerMargin", &lmrShallowerMargin, 0, 40, 3},
	{"HistoryBonusMul", &historyBonusMul, 100, 600, 25},
	{"HistoryBonusSub", &historyBonusSub, 0, 600, 30},
	{"HistoryBonusMax", &historyBonusMax, 800, 4000, 150},
	{"HistoryWideMargin", &historyWideMargin, 0, 400, 20},
	{"CorrWeightMax", &corrWeightMax, 4, 64, 3},
	{"CorrLimit", &corrLimit, 32, 255, 8},
	{"QSDeltaMargin", &qsDeltaMargin, 50, 400, 15},
	{"TMMovesToGo", &tmMovesToGo, 15, 50, 2},
	{"TMIncPercent", &tmIncPercent, 40, 100, 4},
	{"TMHardBase", &tmHardBase, 1000, 3000, 100},
	{"TMHardPerPly", &tmHardPerPly, 0, 400, 20},
	{"TMHardMax", &tmHardMax, 2000, 6000, 200},
	{"StabilityBase", &stabilityBase, 100, 200, 5},
	{"StabilityStep", &stabilityStep, 0, 20, 1},
	{"StabilityMax", &stabilityMax, 0, 10, 1},
	{"TMReserve", &tmReserve, 50, 90, 3},
	{"TMIncSafety", &tmIncSafety, 0, 8, 1},
	{"TMNodeBase", &tmNodeBase, 100, 300, 10},
	{"TMNodeMul", &tmNodeMul, 0, 250, 10},
	{"TMNodeMin", &tmNodeMin, 20, 100, 5},
	{"TMScoreMul", &tmScoreMul, 0, 30, 2},
	{"TMScoreFall", &tmScoreFall, 0, 150, 10},
	{"TMScoreRise", &tmScoreRise, 0, 60, 5},
	{"YBWMinDepth", &ybwMinDepth, 2, 12, 1},
	{"YBWSpinMicros", &ybwSpinMicros, 0, 1000, 50},
	{"YBWShareNodes", &ybwShareNodes, 1 << 14, 1 << 22, 1 << 16},
}

// SetParam sets the parameter called name to v, within its range, and
// recomputes what depends on it. Only between searches.
func SetParam(name string, v int) error {
	for _, p := range Params {
		if p.Name != name {
			continue
		}
		if v < p.Min || v > p.Max {
			return fmt.Errorf("%s: %d is outside %d..%d", name, v, p.Min, p.Max)
		}
		*p.Value = v
		initLMR()
		return nil
	}
	return fmt.Errorf("no search parameter %q", name)
}

// lmrTable[d][m] is the late move reduction at depth d for move number
// m; lmrNoisyTable the one of a capture or promotion (CaptureLMR).
var lmrTable, lmrNoisyTable [64][64]int

func init() { initLMR() }

func initLMR() {
	for d := 1; d < 64; d++ {
		for m := 1; m < 64; m++ {
			lmrTable[d][m] = int(float64(lmrBase)/100 + math.Log(float64(d))*math.Log(float64(m))/(float64(lmrDiv)/100))
			lmrNoisyTable[d][m] = int(float64(lmrNoisyBase)/100 + math.Log(float64(d))*math.Log(float64(m))/(float64(lmrNoisyDiv)/100))
		}
	}
}
