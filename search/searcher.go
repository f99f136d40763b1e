// The searcher: iterative deepening with aspiration windows over a
// fail-soft principal variation search with quiescence, on one or more
// threads sharing the transposition table (Lazy SMP, or Young Brothers
// Wait by the options). All mutable state is in the Searcher and its
// per-thread structs; nothing is package-level.
//
// The files of the package by concern: searcher.go (this one: the Searcher,
// its threads, a search's start and end), root.go (iterative deepening,
// aspiration, MTD(f), the root move loop), smp.go (the threads' shared
// state and limits, Lazy SMP), ybw.go (Young Brothers Wait: split
// points), report.go (info lines), search.go (the node search),
// qsearch.go (quiescence), history.go (move-ordering histories and the
// evaluation's correction), movepick.go (move ordering), tt.go (the
// transposition table), params.go (every search constant), limits.go (the
// time manager), tablebase.go (Syzygy tables at the root and in the tree),
// score.go (mate and tablebase scores), options.go, stats.go and result.go
// (the configuration, the counters of the work, and what a search reports),
// and for the laboratory lab_options.go and tt_twobound.go (the papers'
// forms of techniques) and lab_walker.go (its walks of the search's tree).
package search

import (
	"sync"
	"sync/atomic"
	"time"

	"brudno/board"
	"brudno/eval"
	"brudno/nnue"
)

// Searcher runs searches. It keeps the per-thread history tables between
// searches of one game; Stop and PonderHit may be called from any
// goroutine while Search runs.
type Searcher struct {
	tt      *TT
	threads []*thread

	// Per search.
	opts   Options
	table  int // how the search uses tt (tableOne, tableOff, tableTwo), from opts and its layout
	limits Limits
	tm     *timeManager
	cb     Callbacks
	stop   atomic.Bool // the threads stop: a stop was asked for and the first iteration is done
	// A stop asked for (by Stop, a node or a time limit) takes effect only
	// once the main thread has completed its first iteration (firstDone),
	// so that every search answers a searched move.
	stopAsked atomic.Bool
	firstDone atomic.Bool
	answer    atomic.Pointer[Answer] // the main thread's last completed iteration (answer.go)
	seen      atomic.Int64           // unix ns of the last check of the limits (answer.go)

	// Tablebases (tablebase.go): the most pieces the tree probes (0: no
	// probes), whether the tables decided the root moves and the root's
	// score by them, and the probes that found a position.
	tbCard  int
	tbRoot  bool
	tbScore int
	tbHits  atomic.Uint64
	mu      sync.Mutex // guards tm against PonderHit from another goroutine

	hostDelay time.Duration // kept back from the clock for a busy host (noteHostDelay)

	// The deepest iteration any thread has completed (with MultiPV 1):
	// the other threads abandon that depth and take its result.
	doneDepth atomic.Int32
	shared    struct {
		sync.Mutex
		depth int
		best  rootMove
	}

	ybw      *ybwPool // the split points of a YBW search; nil with Lazy SMP or one thread
	ybwState *ybwPool // kept between searches
}

// ownPosition returns a copy of pos on cache lines that no other object
// shares. A thread writes its position at every move; two threads'
// copies allocated side by side would share a line, and each write
// would take it from the other core (false sharing).
func ownPosition(pos *board.Position) *board.Position {
	type padded struct {
		_ [64]byte
		p board.Position
		_ [64]byte
	}
	b := &padded{p: *pos.Clone()}
	return &b.p
}

// NewSearcher returns a searcher using the table tt.
func NewSearcher(tt *TT) *Searcher { return &Searcher{tt: tt} }

// Clear forgets everything learnt in earlier searches except the table,
// which the owner clears itself. The threads stay, emptied, so that the
// next search does not pay for making them.
func (s *Searcher) Clear() {
	for _, t := range s.threads {
		t.reset()
	}
}

// Reserve makes the threads of an n-thread search ahead of it (with the
// evaluators of net, nil for none), so that the first search of a game
// or after a change of Threads does not spend a short clock making them
// (3 MB a thread: about 10 ms for three threads on a busy machine).
func (s *Searcher) Reserve(n int, net *nnue.Net) {
	for len(s.threads) < n {
		t := &thread{s: s, id: len(s.threads)}
		t.reset()
		s.threads = append(s.threads, t)
	}
	for _, t := range s.threads[:n] {
		if net != nil && (t.nn == nil || t.nn.Net() != net) {
			t.nn = net.NewEvaluator()
		}
	}
}

// reset empties the thread as if it had just been made, writing all of
// it (so its memory is in place before a search needs it), and keeps
// what it has allocated. The thread is cleared in place: a composite
// literal of it would be built on the stack first, growing the
// goroutine's stack to twice the thread's 3 MB and copying it.
func (t *thread) reset() {
	s, id, nn, rootMoves, splits := t.s, t.id, t.nn, t.rootMoves[:0], t.splits
	*t = thread{}
	t.s, t.id, t.ev, t.nn, t.rootMoves, t.splits = s, id, eval.NewEvaluator(), nn, rootMoves, splits
}

// Stop asks the running search to finish as soon as possible: at once
// when its first iteration is complete, else as soon as it is (which
// takes microseconds), so that the move it returns was searched.
func (s *Searcher) Stop() {
	s.stopAsked.Store(true)
	if s.firstDone.Load() {
		s.stop.Store(true)
	}
}

// firstIterationDone lets a stop asked for during the first iteration take
// effect. The main thread calls it when that iteration completes; with
// Stop's order of stores and loads, a stop asked for at the same moment
// is seen by one side or the other.
func (s *Searcher) firstIterationDone() {
	s.firstDone.Store(true)
	if s.stopAsked.Load() {
		s.stop.Store(true)
	}
}

// PonderHit turns a ponder search into a normal timed search.
func (s *Searcher) PonderHit() {
	s.mu.Lock()
	if s.tm != nil {
		s.tm.ponderHit()
	}
	s.mu.Unlock()
}

type rootMove struct {
	move     board.Move
	score    int
	selDepth int
	pv       []board.Move
	nodes    uint64 // this thread's nodes under the move in this search
}

// frame is the search state of one ply of a thread's line.
type frame struct {
	pv        [MaxPly + 1]board.Move
	pvLen     int
	killers   [2]board.Move
	move      board.Move      // the move made from this ply (NoMove for a null move)
	piece     board.Piece     // the piece it moved
	quiet     bool            // it was neither a capture nor a promotion
	cont      *pieceToHistory // the continuation history of that move
	eval      int             // the corrected static evaluation; -Infinity in check
	excluded  board.Move      // the move a singular-extension search leaves out
	doubleExt int             // double extensions on the line to this ply
	threats   board.Bitboard  // with ThreatHistory, the squares the opponent attacks (else empty)
	checks    board.Checks    // which moves give check, for the position of key checksKey
	checksKey uint64
}

type thread struct {
	s         *Searcher
	id        int
	pos       *board.Position
	nodes     uint64
	checkMask uint64        // checkLimits runs when nodes&checkMask is 0
	lastCheck int64         // unix ns of the last check of the limits (main thread)
	maxGap    time.Duration // the longest time between two checks in this search
	published atomic.Uint64 // nodes, updated at every check of the limits
	selDepth  int
	stack     [MaxPly + 2]frame
	// The move pickers of the nodes being searched, taken and given back
	// in order (takePicker): at most two a ply, a node's and that of the
	// singular-extension search of its hash move.
	pickers   [2 * (MaxPly + 2)]movePicker
	nPickers  int
	hist      histories
	corr      [4]*int32 // the correction entries of the position of key corrKey (corrEntries)
	corrKey   uint64
	ev        *eval.Evaluator // with this thread's pawn hash
	nn        *nnue.Evaluator // the network's accumulators; nil with the hand-crafted evaluation
	evalBy    int             // how staticEval evaluates (evalHCE, evalNet, evalLab; evaluation.go)
	adjustBy  int             // how adjustEval finishes (adjustNone, adjustFifty, adjustLab)
	rootMoves []rootMove
	rootDepth int        // the iteration being searched
	completed int        // the last iteration completed
	best      rootMove   // line 1 of the last completed iteration
	reported  board.Move // the first move of the last line 1 reported
	abandon   bool       // another thread completed the iteration being searched
	stats     Stats

	// Young Brothers Wait (ybw.go).
	sp       *splitPoint  // the innermost split point the thread works under
	splits   []splitPoint // the split points it may own, made once
	nSplits  int          // how many of them it owns now
	sharedAt uint64       // the main thread's node count at the last sharing of the histories
}

// Prepare sets up a search of pos (which it does not modify) within limits.
// From then on Stop and PonderHit act on this search, even before Run.
// With one thread it switches the table to the layout opts asks for.
func (s *Searcher) Prepare(pos *board.Position, limits Limits, opts Options, overhead time.Duration) {
	opts.Threads = max(opts.Threads, 1)
	opts.MultiPV = max(opts.MultiPV, 1)
	s.mu.Lock()
	s.opts, s.limits = opts, limits
	s.tm = newTimeManager(&s.limits, pos, overhead+s.hostDelay)
	s.mu.Unlock()
	if opts.Threads == 1 {
		s.tt.SetTwoBound(opts.TwoBoundTT) // the laboratory's layout (tt_twobound.go)
	}
	switch {
	case !opts.TT:
		s.table = tableOff
	case s.tt.TwoBound():
		s.table = tableTwo
	default:
		s.table = tableOne
	}
	s.stop.Store(false)
	s.stopAsked.Store(false)
	s.firstDone.Store(false)
	s.answer.Store(nil)
	s.seen.Store(s.tm.startNS.Load())
	s.doneDepth.Store(0)
	s.shared.depth = 0
	s.Reserve(opts.Threads, nil)
	s.threads = s.threads[:opts.Threads]
	root := s.prepareTB(pos, s.rootMoves(pos))
	for _, t := range s.threads {
		t.pos = ownPosition(pos)
		switch {
		case opts.Net == nil:
			t.nn = nil
		case t.nn == nil || t.nn.Net() != opts.Net:
			t.nn = opts.Net.NewEvaluator()
		}
		if t.nn != nil {
			t.nn.Reset(t.pos)
		}
		t.chooseEval(&opts)
		t.nodes, t.sharedAt = 0, 0
		t.checkMask = s.tm.checkMask()
		t.lastCheck, t.maxGap = s.tm.startNS.Load(), 0
		t.completed = 0
		t.best = rootMove{}
		t.reported = board.NoMove
		t.abandon = false
		t.stats = Stats{}
		t.published.Store(0)
		for i := range t.stack {
			f := &t.stack[i]
			f.cont, f.excluded, f.doubleExt = &t.hist.cont[0][0], board.NoMove, 0
		}
		t.rootMoves = t.rootMoves[:0]
		for _, rm := range root { // each thread owns its PV slices
			t.rootMoves = append(t.rootMoves, rootMove{move: rm.move, score: -Infinity, pv: []board.Move{rm.move}})
		}
	}
	s.prepareYBW()
}

// Run runs the prepared search and returns the best move. It blocks until
// the search ends: by its limits, by Stop, or, in ponder and infinite
// mode, by exhausting the depth.
func (s *Searcher) Run(cb Callbacks) Result {
	s.cb = cb
	main := s.threads[0]
	if len(main.rootMoves) == 0 {
		return Result{Time: s.tm.elapsed()}
	}
	s.tt.NewSearch()
	var wg sync.WaitGroup
	for _, t := range s.threads[1:] {
		wg.Add(1)
		go func(t *thread) {
			defer wg.Done()
			if s.ybw != nil {
				t.ybwHelper() // waits for split points
			} else {
				t.iterate()
			}
		}(t)
	}
	main.iterate()
	s.stop.Store(true)
	if s.ybw != nil {
		s.endYBW()
	}
	wg.Wait()
	gap := main.maxGap
	if s.ybw != nil {
		for _, t := range s.threads[1:] {
			gap = max(gap, t.maxGap)
		}
	}
	s.noteHostDelay(gap)

	// The main thread's line, unless a helper completed a deeper iteration.
	best, depth, lineDepth := main.choice(), main.completed, main.rootDepth
	if s.opts.MultiPV == 1 {
		for _, t := range s.threads[1:] {
			if t.completed > depth {
				best, depth, lineDepth = t.best, t.completed, t.completed
			}
		}
	}
	// The GUI's last line 1 must show the move played: report it when it
	// comes from an unfinished iteration or from a helper.
	if best.move != main.reported && s.cb.Info != nil && best.score > -Infinity {
		s.cb.Info(s.lineInfo(main.pos, best, lineDepth, 1, BoundExact, main.nodes+s.helperNodes()))
	}
	res := Result{Best: best.move, Score: s.shownScore(best.score), Depth: depth, Nodes: s.nodes(), Time: s.tm.elapsed()}
	res.PerThread = make([]Stats, len(s.threads))
	for i, t := range s.threads {
		res.Stats.Add(t.stats)
		res.PerThread[i] = t.stats
	}
	if len(best.pv) > 1 {
		res.Ponder = best.pv[1]
	} else {
		res.Ponder = s.ponderFromTT(main.pos, best.move)
	}
	return res
}

// choice is the thread's move when its search ends: that of the last
// completed iteration unless a move proved better in the unfinished one.
// Every root move but the first of a pass loses its score when the pass
// begins, so the first of the list is either the last iteration's move or
// one that raised alpha in the unfinished iteration.
func (t *thread) choice() rootMove {
	if rm := t.rootMoves[0]; t.completed == 0 || rm.move == t.best.move || rm.score > -Infinity && t.completed < t.rootDepth {
		return rm
	}
	return t.best
}

// Search prepares and runs a search in one call.
func (s *Searcher) Search(pos *board.Position, limits Limits, opts Options, overhead time.Duration, cb Callbacks) Result {
	s.Prepare(pos, limits, opts, overhead)
	return s.Run(cb)
}

// rootMoves lists the legal moves, restricted to searchmoves if given.
func (s *Searcher) rootMoves(pos *board.Position) []rootMove {
	var list board.MoveList
	pos.GenerateLegal(&list)
	var out []rootMove
	for _, m := range list.Slice() {
		if len(s.limits.SearchMoves) > 0 && !containsMove(s.limits.SearchMoves, m) {
			continue
		}
		out = append(out, rootMove{move: m})
	}
	return out
}

func containsMove(ms []board.Move, m board.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// ponderFromTT finds a reply to best in the table when the PV has none.
func (s *Searcher) ponderFromTT(pos *board.Position, best board.Move) board.Move {
	p := pos.Clone()
	p.Make(best)
	hit, ok := s.tt.Probe(p.Key())
	if !ok || !p.IsLegal(hit.Move) {
		return board.NoMove
	}
	return hit.Move
}
