// The engine's opening book: the BookFile option loads a Polyglot book
// (the embedded default when empty), and Go answers from it at once when
// OwnBook is on and the position has a playable book move.
//
// The rule: the book is consulted for every go except `go infinite` and
// `go mate` (which ask for analysis), while the game's move number (the
// FEN fullmove number) is at most BookDepth, and only among the
// searchmoves when they are given. In `go ponder` a book move is held back,
// like a search result, until ponderhit or stop, and then reported at
// once. A book move is reported through Callbacks.Book and then BestMove,
// whose Result carries the move (depth and nodes 0) and, as the ponder
// move, the heaviest book reply if there is one.
package engine

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"brudno/board"
	"brudno/book"
	"brudno/search"
)

// BookMove describes a move the engine plays from its book.
type BookMove struct {
	Move       board.Move
	Weight     uint32 // the move's weight
	Total      uint64 // the sum of the weights of the playable book moves
	Candidates int    // the number of playable book moves
}

// bookState is the engine's book and its settings.
type bookState struct {
	book     *book.Book
	name     string // file name, "" for the embedded default
	own      bool
	depth    int
	bestOnly bool
	rng      *rand.Rand
}

func newBookRNG() *rand.Rand {
	seed := uint64(time.Now().UnixNano())
	return rand.New(rand.NewPCG(seed, seed>>32|seed<<32))
}

// setBookFile loads the book named v ("" or "<empty>" for the embedded
// default). On error the previous book stays.
func setBookFile(e *Engine, v string) error {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		v = v[1 : len(v)-1]
	}
	var b *book.Book
	var err error
	if v == "" || v == "<empty>" {
		v = ""
		if b, err = book.Default(); err != nil {
			err = fmt.Errorf("embedded default book: %v", err)
		}
	} else {
		b, err = book.Load(v)
	}
	if err != nil {
		if e.bk.book == nil {
			return fmt.Errorf("option BookFile: %v", err)
		}
		return fmt.Errorf("option BookFile: %v; keeping %s", err, e.bookDescriptionLocked())
	}
	e.bk.book, e.bk.name = b, v
	return nil
}

func (e *Engine) bookDescriptionLocked() string {
	if e.bk.name == "" {
		return "the embedded default book"
	}
	return "the book " + e.bk.name
}

// BookInfo describes the book in use: its file (empty for the embedded
// default), its entries, and whether OwnBook is on.
func (e *Engine) BookInfo() (file string, entries int, own bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.bk.book != nil {
		entries = e.bk.book.Len()
	}
	return e.bk.name, entries, e.bk.own
}

// bookOptions are the book's rows of the option table.
func bookOptions() []Option {
	return []Option{
		{Name: "OwnBook", Type: Check, Default: "false", apply: func(e *Engine, v string) error {
			e.bk.own = v == "true"
			return nil
		}},
		{Name: "BookFile", Type: String, Default: "", apply: setBookFile},
		{Name: "BookDepth", Type: Spin, Default: "100", Min: 1, Max: 1000, apply: func(e *Engine, v string) error {
			e.bk.depth, _ = strconv.Atoi(v)
			return nil
		}},
		{Name: "BookBestMove", Type: Check, Default: "false", apply: func(e *Engine, v string) error {
			e.bk.bestOnly = v == "true"
			return nil
		}},
	}
}

// bookMoveLocked returns the book move to play for a go with limits lim,
// following the rule above.
func (e *Engine) bookMoveLocked(lim search.Limits) (BookMove, bool) {
	bk := &e.bk
	if !bk.own || bk.book == nil || lim.Infinite || lim.Mate > 0 || e.pos.FullmoveNumber() > bk.depth {
		return BookMove{}, false
	}
	cands := bk.book.Candidates(e.pos)
	if len(lim.SearchMoves) > 0 {
		kept := cands[:0]
		for _, c := range cands {
			for _, m := range lim.SearchMoves {
				if c.Move == m {
					kept = append(kept, c)
					break
				}
			}
		}
		cands = kept
	}
	if bk.rng == nil {
		bk.rng = newBookRNG()
	}
	c, total, ok := book.Pick(cands, bk.rng, bk.bestOnly)
	if !ok {
		return BookMove{}, false
	}
	n := 0
	for _, x := range cands {
		if x.Weight > 0 {
			n++
		}
	}
	return BookMove{Move: c.Move, Weight: c.Weight, Total: total, Candidates: n}, true
}

// bookPonderLocked returns the heaviest book reply to m, or NoMove.
func (e *Engine) bookPonderLocked(m board.Move) board.Move {
	p := e.pos.Clone()
	p.Make(m)
	if c, _, ok := book.Pick(e.bk.book.Candidates(p), nil, true); ok {
		return c.Move
	}
	return board.NoMove
}

// startBookLocked reports bm as the result of a go, at once or, in ponder
// mode, after ponderhit or stop; like a search it holds the engine busy
// until then.
func (e *Engine) startBookLocked(bm BookMove, lim search.Limits, cb Callbacks) {
	res := search.Result{Best: bm.Move, Ponder: e.bookPonderLocked(bm.Move)}
	e.running, e.released, e.ponder = true, false, lim.Ponder
	e.done = make(chan struct{})
	e.release = make(chan struct{})
	done, release := e.done, e.release
	go func() {
		if lim.Ponder {
			<-release
		}
		e.mu.Lock()
		e.running = false
		e.mu.Unlock()
		if cb.Book != nil {
			cb.Book(bm)
		}
		if cb.BestMove != nil {
			cb.BestMove(res)
		}
		close(done)
	}()
}
