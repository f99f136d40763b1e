// Every search constant, named in one place. They are variables, not
// constants, so that a build with the tune tag can expose each as a UCI
// option for tuning; the play build never changes them.
package search

// Aspiration windows at the root.
var (
	aspirationDepth = 4  // first iteration searched with a window
	aspirationDelta = 20 // half-width of the first window, centipawns
)

// Pruning before the moves are searched.
var (
	rfpDepth        = 8   // reverse futility up to this depth
	rfpMargin       = 75  // per ply of depth (one ply less when improving)
	razorDepth      = 2   // razoring up to this depth
	razorBase       = 500 // razoring margin: base + mul*depth*depth
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
	singularDepth   = 7   // singular extensions from this depth
	singularTTDepth = 3   // the stored entry at least depth minus this
	singularMargin  = 1   // the excluded search's beta: tt score minus margin*depth
	doubleExtMargin = 20  // extend twice when this far below the singular beta
	doubleExtLimit  = 6   // double extensions per line
)

// Pruning of moves in the move loop.
var (
	lmpDepth          = 8   // late move pruning up to this depth
	lmpBase           = 3   // quiet moves searched: base + depth^2 (improving), half of it plus one otherwise
	futilityDepth     = 6   // futility on the reduced depth up to this
	futilityBase      = 100 // margin: base + mul*reduced depth
	futilityMul       = 100
	historyPruneDepth = 3    // history pruning on the reduced depth up to this
	historyPruneMul   = 2048 // prune a quiet move with history below -mul*depth
	seeQuietDepth     = 7    // SEE pruning of quiet moves up to this reduced depth
	seeQuietMul       = 25   // threshold: -mul*reduced depth^2
	seeNoisyDepth     = 6    // SEE pruning of captures up to this depth
	seeNoisyMul       = 100  // threshold: -mul*depth - capture history/div
	seeNoisyHistDiv   = 32
)

// Late move reductions.
var (
	lmrBase     = 0.75 // reduction: base + ln(depth)*ln(move number)/div
	lmrDiv      = 2.25
	lmrMinDepth = 3
	lmrHistDiv  = 8192 // one ply less (more) per this much history
	lmrHistMax  = 2    // at most this many plies either way
)

// Histories.
var (
	historyMax      = 16384 // every history entry stays within ±max
	historyBonusMul = 300   // bonus: min(mul*depth - sub, max)
	historyBonusSub = 250
	historyBonusMax = 2400
	corrGrain       = 256 // correction history: entries in 1/grain centipawn
	corrWeightMax   = 16  // a result's weight: min(depth+1, max)/256
	corrLimit       = 128 // corrections stay within ±limit centipawns
)

// Quiescence.
var (
	qsDeltaMargin = 200 // delta pruning: a capture must be able to come this close to alpha
)

// The time manager's factors: more time while the best move changes.
var (
	stabilityBase = 1.4 // the soft limit's factor with no stability
	stabilityStep = 0.1 // less per iteration the best move stayed
	stabilityMax  = 6
)
