// Package engine is the engine as a GUI front end sees it: options, the game
// position, and a non-blocking search API (Go, Stop, PonderHit, Wait) with
// structured callbacks. It owns the transposition table and the searcher.
// It formats no text; the uci package does that.
package engine

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"brudno/board"
	"brudno/eval"
	"brudno/nnue"
	"brudno/search"
)

// Callbacks receive the progress and the result of a search. BestMove is
// called exactly once per Go, after the search has ended and, in ponder
// or infinite mode, after Stop or PonderHit; or, when the search's
// threads overrun its hard time limit, from a timer with the last
// completed iteration (answer.go), with no Info or CurrMove after it.
type Callbacks struct {
	Info     func(search.Info)
	CurrMove func(depth int, m board.Move, number int)
	BestMove func(search.Result)
	// Book, if not nil, is called instead of any Info when the move comes
	// from the opening book, just before BestMove (see book.go).
	Book func(BookMove)
	// Notice, if not nil, tells before BestMove what the user should know
	// of the search's tools: a tablebase file found unusable when the
	// search first needed it (each once).
	Notice func(string)
}

// Engine holds the game and the search machinery. Its methods are safe to
// call from several goroutines.
type Engine struct {
	mu       sync.Mutex
	pos      *board.Position
	tt       *search.TT
	searcher *search.Searcher
	set      settings

	running  bool
	done     chan struct{} // closed when the running search has reported
	release  chan struct{} // closed by Stop/PonderHit to let a ponder or infinite search report
	released bool
	ponder   bool        // the running search is a ponder search
	gate     *answerGate // the running search's (answer.go)
	afterRun func()      // tests: runs between the search's end and its answer

	bk  bookState     // the opening book and its options
	str strengthState // UCI_LimitStrength, UCI_Elo, Skill Level (strength.go)
	log debugLog      // Debug Log File (debuglog.go)
	tb  tbState       // the tablebases of SyzygyPath (syzygy_options.go)
}

// settings are the option values.
type settings struct {
	hashMB   int
	overhead time.Duration
	chess960 bool
	ponder   bool
	search   search.Options
	nnue     bool      // Evaluation NNUE
	net      *nnue.Net // the network EvalFile loaded
	netName  string
	showWDL  bool // UCI_ShowWDL (wdl.go)
}

// New returns an engine at the starting position with default options.
func New() *Engine {
	e := &Engine{pos: board.NewPosition()}
	e.set.search = search.DefaultOptions()
	for _, o := range options {
		if o.Type != Button {
			if err := o.apply(e, o.Default); err != nil {
				panic(fmt.Sprintf("default of option %s: %v", o.Name, err)) // a bug in the table
			}
		}
	}
	e.tt = search.NewTT(e.set.hashMB)
	e.searcher = search.NewSearcher(e.tt)
	e.searcher.Reserve(e.set.search.Threads, e.set.search.Net)
	return e
}

// ErrSearching is returned by calls that cannot be made during a search.
var ErrSearching = errors.New("not allowed while a search is running")

// NewGame clears the table and everything learnt in earlier searches.
func (e *Engine) NewGame() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.running {
		return ErrSearching
	}
	e.tt.Clear()
	e.searcher.Clear()
	e.searcher.Reserve(e.set.search.Threads, e.set.search.Net)
	return nil
}

// SetPosition sets the game position from a FEN (empty for the start
// position) and a list of UCI moves. On any error the previous position is
// kept.
func (e *Engine) SetPosition(fen string, moves []string) error {
	var p *board.Position
	if fen == "" {
		p = board.NewPosition()
	} else {
		var err error
		if p, err = board.ParseFEN(fen); err != nil {
			return err
		}
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	p.SetChess960(e.set.chess960)
	for i, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			return fmt.Errorf("move %d (%s): %v", i+1, s, err)
		}
		p.Make(m)
	}
	e.pos = p
	return nil
}

// Position returns a copy of the current position.
func (e *Engine) Position() *board.Position {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.pos.Clone()
}

// Evaluate explains the static evaluation of the current position.
func (e *Engine) Evaluate() eval.Breakdown {
	return eval.Explain(e.Position())
}

// NetEvaluation is the loaded network's view of the current position.
type NetEvaluation struct {
	Score  int    // centipawns, side to move's view
	Name   string // EvalFile's value
	Hidden int    // hidden neurons per perspective
	Scale  int    // centipawns per unit of output
	InUse  bool   // Evaluation is NNUE: the search evaluates with it
	Kings  int    // king input buckets (1: none)
}

// NetEvaluate evaluates the current position with the network EvalFile
// loaded; ok is false when none is loaded.
func (e *Engine) NetEvaluate() (ev NetEvaluation, ok bool) {
	e.mu.Lock()
	net := e.set.net
	ev.Name, ev.InUse = e.set.netName, e.set.nnue
	pos := e.pos.Clone()
	e.mu.Unlock()
	if net == nil {
		return NetEvaluation{}, false
	}
	ev.Score, ev.Hidden, ev.Scale = net.EvaluatePosition(pos), net.Hidden(), net.Scale()
	ev.Kings = net.KingBuckets()
	return ev, true
}

// Go starts a search of the current position and returns at once. The
// callbacks run on the search's goroutine.
func (e *Engine) Go(lim search.Limits, cb Callbacks) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.running {
		return ErrSearching
	}
	if bm, ok := e.bookMoveLocked(lim); ok {
		e.gate = nil
		e.startBookLocked(bm, lim, cb)
		return nil
	}
	opts := e.set.search
	elo, weakened := e.str.target()
	if weakened {
		lim, opts, cb = e.str.weaken(elo, e.pos, lim, opts, cb)
	}
	gate, cb := newAnswerGate(cb, weakened)
	e.searcher.Prepare(e.pos, lim, opts, e.set.overhead)
	e.running, e.released, e.ponder = true, false, lim.Ponder
	e.done = make(chan struct{})
	e.release = make(chan struct{})
	e.gate = gate
	waitForRelease := lim.Infinite || lim.Ponder
	done, release := e.done, e.release
	e.armDeadlineLocked()
	go func() {
		res := e.searcher.Run(search.Callbacks{Info: cb.Info, CurrMove: cb.CurrMove})
		if e.afterRun != nil {
			e.afterRun()
		}
		gate.finish()
		if cb.Notice != nil {
			for _, n := range e.tb.newErrors(opts.TB) {
				cb.Notice(n)
			}
		}
		if waitForRelease {
			<-release
		}
		// Idle again before the best move goes out: a GUI may answer it
		// with the next go at once.
		e.mu.Lock()
		e.running = false
		e.mu.Unlock()
		if cb.BestMove != nil {
			cb.BestMove(res)
		}
		close(done)
	}()
	return nil
}

func (e *Engine) releaseLocked() {
	if !e.released {
		e.released = true
		close(e.release)
	}
}

// Stop ends the running search, which then reports its best move. It does
// nothing when no search runs.
func (e *Engine) Stop() {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.running {
		e.searcher.Stop()
		e.releaseLocked()
	}
}

// PonderHit tells a ponder search that the opponent played the expected
// move: it goes on as a normal timed search from now.
func (e *Engine) PonderHit() {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.running && e.ponder {
		e.searcher.PonderHit()
		e.ponder = false
		e.armDeadlineLocked()
		e.releaseLocked()
	}
}

// Wait blocks until the running search (if any) has reported its best move.
func (e *Engine) Wait() {
	e.mu.Lock()
	done := e.done
	e.mu.Unlock()
	if done != nil {
		<-done
	}
}

// Searching reports whether a search is running.
func (e *Engine) Searching() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.running
}

// Chess960 reports whether castling is printed in Chess960 form.
func (e *Engine) Chess960() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.set.chess960
}
