// Search constants, the options that switch each technique on or off, the
// counters of the work done, and the values a search reports (Info per
// iteration and PV line, Result at the end). Formatting them as text is the
// UCI layer's job.
package search

import (
	"fmt"
	"strings"
	"time"

	"brudno/board"
	"brudno/nnue"
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

// Algorithm selects the root driver and how siblings are searched.
type Algorithm int

const (
	// PVS searches the first move with the full window and the others with
	// a null window, re-searching on a fail high (Marsland, Reinefeld).
	PVS Algorithm = iota
	// MTDF converges on the value by null-window searches only (Plaat).
	MTDF
	// AlphaBeta is plain fail-soft alpha-beta: every move with the full window.
	AlphaBeta
)

var algorithmNames = []string{"PVS", "MTDf", "AlphaBeta"}

func (a Algorithm) String() string { return algorithmNames[a] }

// AlgorithmNames lists the names ParseAlgorithm accepts.
func AlgorithmNames() []string { return append([]string(nil), algorithmNames...) }

// ParseAlgorithm reads an algorithm name, case-insensitively.
func ParseAlgorithm(s string) (Algorithm, error) {
	for i, n := range algorithmNames {
		if strings.EqualFold(n, s) {
			return Algorithm(i), nil
		}
	}
	return PVS, fmt.Errorf("unknown search algorithm %q (want %s)", s, strings.Join(algorithmNames, ", "))
}

// ParallelScheme selects how several threads share one search.
type ParallelScheme int

const (
	// LazySMP runs every thread's own iterative deepening from the root,
	// the threads sharing only the transposition table (smp.go).
	LazySMP ParallelScheme = iota
	// YBW is Young Brothers Wait: one thread deepens; once a node's first
	// move is searched, idle threads may take its other moves (ybw.go).
	YBW
)

var parallelNames = []string{"LazySMP", "YBW"}

func (p ParallelScheme) String() string { return parallelNames[p] }

// ParallelSchemeNames lists the names ParseParallelScheme accepts.
func ParallelSchemeNames() []string { return append([]string(nil), parallelNames...) }

// ParseParallelScheme reads a scheme name, case-insensitively.
func ParseParallelScheme(s string) (ParallelScheme, error) {
	for i, n := range parallelNames {
		if strings.EqualFold(n, s) {
			return ParallelScheme(i), nil
		}
	}
	return LazySMP, fmt.Errorf("unknown parallel scheme %q (want %s)", s, strings.Join(parallelNames, ", "))
}

// Options holds the search configuration. Every enhancement can be switched
// off; PlainOptions (every switch off, Algorithm AlphaBeta) is plain
// fail-soft alpha-beta with quiescence, and DefaultOptions is what the
// engine plays with.
type Options struct {
	Threads   int
	MultiPV   int
	Algorithm Algorithm
	Parallel  ParallelScheme // how Threads > 1 share the search
	Net       *nnue.Net      // evaluate with this network; nil: the hand-crafted evaluation

	// Laboratory forms of techniques, as the papers have them (not in
	// Switches; off in every preset; docs/search-lab.md).
	TwoBoundTT     bool // table entries hold a lower and an upper bound with a depth each (one thread; tt2.go)
	MTDGuessBack2  bool // MTD(f)'s first guess is the value of two iterations back, not of the last
	ETCEveryDepth  bool // ETC at every interior node, not only etcDepth plies or more above the horizon
	ETCRepetitions bool // ETC also takes the entry of a child that repeats a position or ends the fifty moves
	EvalGrain      int  // static evaluations rounded to the nearest multiple of this many centipawns (0 or 1: not)

	Aspiration      bool // aspiration windows at the root
	TT              bool // transposition table cutoffs and hash move
	ETC             bool // enhanced transposition cutoffs
	NullMove        bool // null-move pruning (with a zugzwang guard)
	LMR             bool // late move reductions
	Futility        bool // futility and reverse futility pruning
	LMP             bool // late move pruning: skip late quiet moves near the horizon
	SEEPruning      bool // skip captures that lose material near the horizon
	Razoring        bool // drop to quiescence far below alpha near the horizon
	IIR             bool // internal iterative reduction without a hash move
	Killers         bool // killer moves and countermoves
	History         bool // the history heuristic
	CheckExtension  bool
	MateDistance    bool // mate-distance pruning
	QSearchPruning  bool // SEE and delta pruning of hopeless captures in quiescence
	ContHistory     bool // continuation history: quiet moves by the moves one and two plies before
	CaptureHistory  bool // capture history: captures ordered and SEE-pruned by their record
	HistoryLMR      bool // LMR adjusted by history, killers, cut nodes and a noisy hash move
	HistoryPruning  bool // skip late quiet moves with a bad history near the horizon
	CorrHistory     bool // correct the static evaluation by the pawn structure's record
	Singular        bool // singular extensions, multi-cut and negative extensions
	Improving       bool // prune and reduce less while the static evaluation rises
	ProbCut         bool // a capture beating beta by a margin in a reduced search cuts the node
	NoisyLMR        bool // LMR also for checks (one ply less) and losing captures
	TTHistory       bool // history rewards on hash cutoffs, and a larger one for a wide fail high
	CorrNonPawn     bool // correction history also by each colour's pieces other than pawns
	TimeFactors     bool // scale the soft time limit by the best move's node share and the score's fall
	ContHistory4    bool // continuation history also by the move four plies before
	FailHighBlend   bool // a fail high's score drawn toward beta (by depth; halfway at a stand pat)
	QSEvasionPrune  bool // quiescence in check: quiet evasions after the first two moves are skipped once a move has held off mate
	LMRResearch     bool // the full-depth re-search after a reduction one ply deeper (shallower) when it scored far above (not above) the best
	TTPv            bool // the table remembers positions on a principal variation: reduced less, no reverse futility
	EvalFifty       bool // the static evaluation drawn toward a draw as the fifty-move counter runs
	QSTTEval        bool // quiescence stands pat on a stored score whose bound says it is more accurate than the evaluation
	NullTTGuard     bool // no null move when a stored upper bound already says the node fails low
	ThreatHistory   bool // the butterfly history also by whether the move's origin and destination are attacked
	SkipQuiets      bool // once late move pruning or futility skips a quiet move, the picker offers only the quiet checks left
	QSFutility      bool // quiescence: delta-pruned captures bound the best score, and captures that win nothing are skipped far below alpha
	CheckExtSEE     bool // only checks that do not lose material by SEE are extended
	YBWShareHistory bool // YBW: at the start of an iteration every thread gets the mean of the threads' histories
}

// Switch names one on/off enhancement for option tables and flags.
type Switch struct {
	Name  string
	Field func(*Options) *bool
}

// Switches lists every enhancement switch of Options.
var Switches = []Switch{
	{"Aspiration", func(o *Options) *bool { return &o.Aspiration }},
	{"TT", func(o *Options) *bool { return &o.TT }},
	{"ETC", func(o *Options) *bool { return &o.ETC }},
	{"NullMove", func(o *Options) *bool { return &o.NullMove }},
	{"LMR", func(o *Options) *bool { return &o.LMR }},
	{"Futility", func(o *Options) *bool { return &o.Futility }},
	{"LMP", func(o *Options) *bool { return &o.LMP }},
	{"SEEPruning", func(o *Options) *bool { return &o.SEEPruning }},
	{"Razoring", func(o *Options) *bool { return &o.Razoring }},
	{"IIR", func(o *Options) *bool { return &o.IIR }},
	{"Killers", func(o *Options) *bool { return &o.Killers }},
	{"History", func(o *Options) *bool { return &o.History }},
	{"CheckExtension", func(o *Options) *bool { return &o.CheckExtension }},
	{"MateDistance", func(o *Options) *bool { return &o.MateDistance }},
	{"QSearchPruning", func(o *Options) *bool { return &o.QSearchPruning }},
	{"ContHistory", func(o *Options) *bool { return &o.ContHistory }},
	{"CaptureHistory", func(o *Options) *bool { return &o.CaptureHistory }},
	{"HistoryLMR", func(o *Options) *bool { return &o.HistoryLMR }},
	{"HistoryPruning", func(o *Options) *bool { return &o.HistoryPruning }},
	{"CorrHistory", func(o *Options) *bool { return &o.CorrHistory }},
	{"Singular", func(o *Options) *bool { return &o.Singular }},
	{"Improving", func(o *Options) *bool { return &o.Improving }},
	{"ProbCut", func(o *Options) *bool { return &o.ProbCut }},
	{"NoisyLMR", func(o *Options) *bool { return &o.NoisyLMR }},
	{"TTHistory", func(o *Options) *bool { return &o.TTHistory }},
	{"CorrNonPawn", func(o *Options) *bool { return &o.CorrNonPawn }},
	{"TimeFactors", func(o *Options) *bool { return &o.TimeFactors }},
	{"ContHistory4", func(o *Options) *bool { return &o.ContHistory4 }},
	{"FailHighBlend", func(o *Options) *bool { return &o.FailHighBlend }},
	{"QSEvasionPrune", func(o *Options) *bool { return &o.QSEvasionPrune }},
	{"LMRResearch", func(o *Options) *bool { return &o.LMRResearch }},
	{"TTPv", func(o *Options) *bool { return &o.TTPv }},
	{"EvalFifty", func(o *Options) *bool { return &o.EvalFifty }},
	{"QSTTEval", func(o *Options) *bool { return &o.QSTTEval }},
	{"NullTTGuard", func(o *Options) *bool { return &o.NullTTGuard }},
	{"ThreatHistory", func(o *Options) *bool { return &o.ThreatHistory }},
	{"SkipQuiets", func(o *Options) *bool { return &o.SkipQuiets }},
	{"QSFutility", func(o *Options) *bool { return &o.QSFutility }},
	{"CheckExtSEE", func(o *Options) *bool { return &o.CheckExtSEE }},
	{"YBWShareHistory", func(o *Options) *bool { return &o.YBWShareHistory }},
}

// DefaultOptions returns the playing configuration: PVS with everything
// on but ETC, QSFutility, CheckExtSEE and YBWShareHistory. With the other
// enhancements on, ETC saves under 1% of the nodes and its probes of every
// child cost about a fifth of the time to depth (docs/search-lab.md), so
// it is for the laboratory. QSFutility and CheckExtSEE wait for a match
// that says they gain (docs/search-strength.md); YBWShareHistory did not
// speed YBW up.
func DefaultOptions() Options {
	o := Options{Threads: 1, MultiPV: 1, Algorithm: PVS}
	for _, s := range Switches {
		*s.Field(&o) = true
	}
	o.ETC = false
	o.QSFutility, o.CheckExtSEE = false, false
	o.YBWShareHistory = false
	return o
}

// PlainOptions returns plain fail-soft alpha-beta with quiescence and no
// enhancement, the baseline of the seed experiments.
func PlainOptions() Options {
	return Options{Threads: 1, MultiPV: 1, Algorithm: AlphaBeta}
}

// Stats counts the work of a search.
type Stats struct {
	Nodes         uint64 // interior nodes (depth > 0)
	QNodes        uint64 // quiescence nodes
	Leaves        uint64 // nodes left without searching a child
	PVNodes       uint64 // interior nodes whose value fell inside the window
	CutNodes      uint64 // interior nodes that failed high
	AllNodes      uint64 // interior nodes that failed low
	FailHighFirst uint64 // fail highs caused by the first move searched
	TTProbes      uint64
	TTHits        uint64
	TTCutoffs     uint64
	ETCCutoffs    uint64
	NullTries     uint64
	NullCutoffs   uint64
	ReSearches    uint64 // PVS and LMR re-searches, aspiration and MTD(f) passes after the first

	SingularSearches   uint64 // searches without the hash move
	SingularExtensions uint64 // hash moves extended (once or twice)
	DoubleExtensions   uint64 // of those, extended twice
	MultiCuts          uint64 // nodes cut because the other moves beat beta too
	ProbCutTries       uint64 // captures searched by ProbCut
	ProbCuts           uint64 // nodes cut by ProbCut
	HistoryPrunes      uint64 // quiet moves skipped for their history
	NegativeExtensions uint64 // hash moves searched a ply shallower by Singular
	QSFutility         uint64 // quiescence captures that win nothing, skipped by QSFutility
	ChecksNotExtended  uint64 // checks that lose material, not extended with CheckExtSEE

	// Parallel search. With YBW: split points made, joins of a split point
	// by a thread other than its owner, and the nodes of moves that were
	// being searched at a split point when a cutoff there (or above it)
	// made them useless. With Lazy SMP: the nodes of iterations abandoned
	// because another thread completed that depth first. Idle is the time
	// a thread spent waiting: a YBW helper for a split point to join, an
	// owner for the helpers still under its split point.
	SplitPoints  uint64
	SplitJoins   uint64
	AbortedNodes uint64
	Idle         time.Duration
}

// Total returns all nodes visited (interior and quiescence).
func (s *Stats) Total() uint64 { return s.Nodes + s.QNodes }

// Add adds o to s.
func (s *Stats) Add(o Stats) {
	s.Nodes += o.Nodes
	s.QNodes += o.QNodes
	s.Leaves += o.Leaves
	s.PVNodes += o.PVNodes
	s.CutNodes += o.CutNodes
	s.AllNodes += o.AllNodes
	s.FailHighFirst += o.FailHighFirst
	s.TTProbes += o.TTProbes
	s.TTHits += o.TTHits
	s.TTCutoffs += o.TTCutoffs
	s.ETCCutoffs += o.ETCCutoffs
	s.NullTries += o.NullTries
	s.NullCutoffs += o.NullCutoffs
	s.ReSearches += o.ReSearches
	s.SingularSearches += o.SingularSearches
	s.SingularExtensions += o.SingularExtensions
	s.DoubleExtensions += o.DoubleExtensions
	s.MultiCuts += o.MultiCuts
	s.ProbCutTries += o.ProbCutTries
	s.ProbCuts += o.ProbCuts
	s.HistoryPrunes += o.HistoryPrunes
	s.NegativeExtensions += o.NegativeExtensions
	s.QSFutility += o.QSFutility
	s.ChecksNotExtended += o.ChecksNotExtended
	s.SplitPoints += o.SplitPoints
	s.SplitJoins += o.SplitJoins
	s.AbortedNodes += o.AbortedNodes
	s.Idle += o.Idle
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
	Stats        Stats   // summed over threads
	PerThread    []Stats // each thread's own, the main thread first
}
