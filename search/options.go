// The search's configuration: the root algorithm, the parallel scheme,
// and the options that switch each technique on or off.
package search

import (
	"fmt"
	"reflect"
	"strings"

	"brudno/nnue"
	"brudno/syzygy"
)

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
	// SSS is Stockman's SSS* as MTD(+inf): null-window searches with the
	// table, the first at +Infinity, each lowering an upper bound, until
	// a search fails high (Plaat, Schaeffer, Pijls and de Bruin). For the
	// laboratory.
	SSS
	// DUAL is DUAL* as MTD(-inf): the same from -Infinity, each search
	// raising a lower bound until one fails low. For the laboratory.
	DUAL
)

var algorithmNames = []string{"PVS", "MTDf", "AlphaBeta", "SSS", "DUAL"}

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

	// Syzygy tablebases (tablebase.go): nil, none. The tree probes
	// positions of at most TBProbeLimit pieces (at TBProbeLimit pieces only
	// TBProbeDepth plies or more from the horizon; 0: none), and the root
	// is ranked whenever the tables hold it; TB50MoveRule counts wins and
	// losses that the fifty-move rule spoils as draws.
	TB           *syzygy.Tables
	TBProbeDepth int
	TBProbeLimit int
	TB50MoveRule bool

	// Laboratory forms of techniques, as the papers have them (not in
	// Switches; off in every preset; docs/search-lab.md).
	TwoBoundTT     bool // table entries hold a lower and an upper bound with a depth each (one thread; tt_twobound.go)
	MTDGuessBack2  bool // MTD(f)'s first guess is the value of two iterations back, not of the last
	ETCEveryDepth  bool // ETC at every interior node, not only etcDepth plies or more above the horizon
	ETCRepetitions bool // ETC also takes the entry of a child that repeats a position or ends the fifty moves
	EvalGrain      int  // static evaluations rounded to the nearest multiple of this many centipawns (0 or 1: not)

	Aspiration      bool `switch:"on"`  // aspiration windows at the root
	TT              bool `switch:"on"`  // transposition table cutoffs and hash move
	ETC             bool `switch:"off"` // enhanced transposition cutoffs
	NullMove        bool `switch:"on"`  // null-move pruning (with a zugzwang guard)
	LMR             bool `switch:"on"`  // late move reductions
	Futility        bool `switch:"on"`  // futility and reverse futility pruning
	LMP             bool `switch:"on"`  // late move pruning: skip late quiet moves near the horizon
	SEEPruning      bool `switch:"on"`  // skip captures that lose material near the horizon
	Razoring        bool `switch:"on"`  // drop to quiescence far below alpha near the horizon
	IIR             bool `switch:"on"`  // internal iterative reduction without a hash move
	Killers         bool `switch:"on"`  // killer moves and countermoves
	History         bool `switch:"on"`  // the history heuristic
	CheckExtension  bool `switch:"on"`
	MateDistance    bool `switch:"on"`  // mate-distance pruning
	QSearchPruning  bool `switch:"on"`  // SEE and delta pruning of hopeless captures in quiescence
	ContHistory     bool `switch:"on"`  // continuation history: quiet moves by the moves one and two plies before
	CaptureHistory  bool `switch:"on"`  // capture history: captures ordered and SEE-pruned by their record
	HistoryLMR      bool `switch:"on"`  // LMR adjusted by history, killers, cut nodes and a noisy hash move
	HistoryPruning  bool `switch:"on"`  // skip late quiet moves with a bad history near the horizon
	CorrHistory     bool `switch:"on"`  // correct the static evaluation by the pawn structure's record
	Singular        bool `switch:"on"`  // singular extensions, multi-cut and negative extensions
	Improving       bool `switch:"on"`  // prune and reduce less while the static evaluation rises
	ProbCut         bool `switch:"on"`  // a capture beating beta by a margin in a reduced search cuts the node
	NoisyLMR        bool `switch:"on"`  // LMR also for checks (one ply less) and losing captures
	TTHistory       bool `switch:"on"`  // history rewards on hash cutoffs, and a larger one for a wide fail high
	CorrNonPawn     bool `switch:"on"`  // correction history also by each colour's pieces other than pawns
	TimeFactors     bool `switch:"on"`  // scale the soft time limit by the best move's node share and the score's fall
	ContHistory4    bool `switch:"on"`  // continuation history also by the move four plies before
	FailHighBlend   bool `switch:"on"`  // a fail high's score drawn toward beta (by depth; halfway at a stand pat)
	QSEvasionPrune  bool `switch:"on"`  // quiescence in check: quiet evasions after the first two moves are skipped once a move has held off mate
	LMRResearch     bool `switch:"on"`  // the full-depth re-search after a reduction one ply deeper (shallower) when it scored far above (not above) the best
	TTPv            bool `switch:"on"`  // the table remembers positions on a principal variation: reduced less, no reverse futility
	EvalFifty       bool `switch:"on"`  // the static evaluation drawn toward a draw as the fifty-move counter runs
	QSTTEval        bool `switch:"on"`  // quiescence stands pat on a stored score whose bound says it is more accurate than the evaluation
	NullTTGuard     bool `switch:"on"`  // no null move when a stored upper bound already says the node fails low
	ThreatHistory   bool `switch:"on"`  // the butterfly history also by whether the move's origin and destination are attacked
	SkipQuiets      bool `switch:"on"`  // once late move pruning or futility skips a quiet move, the picker offers only the quiet checks left
	QSFutility      bool `switch:"on"`  // quiescence: delta-pruned captures bound the best score, and captures that win nothing are skipped far below alpha
	CheckExtSEE     bool `switch:"off"` // only checks that do not lose material by SEE are extended
	YBWShareHistory bool `switch:"off"` // YBW: at the start of an iteration every thread gets the mean of the threads' histories
	CaptureLMR      bool `switch:"on"`  // LMR also for captures and promotions that do not lose material, by their own table and capture history (not at PV nodes)
	IIRPVCut        bool `switch:"on"`  // internal iterative reduction only at PV and cut nodes
	ContResearch    bool `switch:"on"`  // a quiet move's re-search after a reduction rewards (fail high) or penalises (fail low) its continuation histories
	NegExtCut       bool `switch:"on"`  // a hash move that is not singular is searched a ply shallower also at cut nodes
	PrunePVCheck    bool `switch:"on"`  // the move loop's pruning also at PV nodes and in check (futility not in check)
	PruneChecks     bool `switch:"on"`  // quiet checks fall to late move pruning, and to SEE pruning by the captures' threshold
	PVChecks        bool `switch:"on"`  // with PruneChecks: a quiet check that mates is never pruned at a PV node
	PruneBlend      bool `switch:"on"`  // reverse futility returns the mean of evaluation and beta, ProbCut its score less the margin
	RFPTTHist       bool `switch:"on"`  // no reverse futility when the hash move is quiet with a history below RFPHistMin
	MinorCorr       bool `switch:"on"`  // correction history also by side to move and the knights, bishops and kings of both colours
	CheckLMR        bool `switch:"on"`  // LMR also at nodes in check (quiet evasions that do not give check)
	DrawJitter      bool `switch:"on"`  // a repetition or fifty-move draw in the tree scores -1 or +1 by the node count, not 0
	TrivialCutSkip  bool `switch:"on"`  // no quiet history update for a cutoff by the first quiet move tried at depth 3 or less
	CheckOrder      bool `switch:"on"`  // quiet checks that SEE does not lose by more than 75 ordered ahead by 16384 of history
	UpcomingRep     bool `switch:"on"`  // a node whose side to move can go back to a position of the line (cuckoo tables) is worth a draw at least
	ThreatOrder     bool `switch:"on"`  // a quiet move of a piece out of (into) attack by a cheaper enemy piece ordered ahead (behind) by a bonus by piece
}

// Switch names one on/off enhancement of Options for option tables and
// flags. Each is written once, as a bool field of Options tagged
// `switch:"on"` or `switch:"off"` (its value in DefaultOptions); the
// table is read from the tags.
type Switch struct {
	Name    string
	Default bool
	index   int // of the field in Options
}

// Field returns the switch's field of o.
func (s Switch) Field(o *Options) *bool {
	return reflect.ValueOf(o).Elem().Field(s.index).Addr().Interface().(*bool)
}

// Switches lists every enhancement switch of Options, in field order.
var Switches = switchTable()

func switchTable() []Switch {
	var list []Switch
	t := reflect.TypeOf(Options{})
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag, ok := f.Tag.Lookup("switch")
		if !ok {
			continue
		}
		if f.Type.Kind() != reflect.Bool || tag != "on" && tag != "off" {
			panic("search: bad switch tag on Options." + f.Name)
		}
		list = append(list, Switch{Name: f.Name, Default: tag == "on", index: i})
	}
	return list
}

// DefaultOptions returns the playing configuration: PVS with every switch
// at its tag's default. ETC is off: with the other enhancements on it
// saves under 1% of the nodes and its probes of every child cost about a
// fifth of the time to depth (docs/search-lab.md), so it is for the
// laboratory. CheckExtSEE waits for a match that says it gains
// (docs/search-strength.md); YBWShareHistory did not speed YBW up.
func DefaultOptions() Options {
	o := Options{Threads: 1, MultiPV: 1, Algorithm: PVS, TBProbeDepth: 1, TBProbeLimit: 7, TB50MoveRule: true}
	for _, s := range Switches {
		*s.Field(&o) = s.Default
	}
	return o
}

// PlainOptions returns plain fail-soft alpha-beta with quiescence and no
// enhancement, the baseline of the seed experiments.
func PlainOptions() Options {
	return Options{Threads: 1, MultiPV: 1, Algorithm: AlphaBeta}
}
