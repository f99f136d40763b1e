// Tests of the answer at the deadline: when the search's threads have not
// answered by the hard limit, the timer answers once, with a searched
// move whose line was shown last, and nothing is shown after it.
package engine

import (
	"sync"
	"testing"
	"time"

	"brudno/board"
	"brudno/search"
)

// record collects what a search reports, in order.
type record struct {
	mu       sync.Mutex
	lines    []search.Info // every Info before the best move
	after    int           // Infos after the best move
	best     []search.Result
	answered chan struct{} // closed at the first best move
}

func newRecord() *record { return &record{answered: make(chan struct{})} }

func (r *record) callbacks() Callbacks {
	return Callbacks{
		Info: func(i search.Info) {
			r.mu.Lock()
			defer r.mu.Unlock()
			if len(r.best) > 0 {
				r.after++
				return
			}
			r.lines = append(r.lines, i)
		},
		BestMove: func(res search.Result) {
			r.mu.Lock()
			defer r.mu.Unlock()
			r.best = append(r.best, res)
			if len(r.best) == 1 {
				close(r.answered)
			}
		},
	}
}

// stall makes every search of e wait, between its end and its answer,
// until the record's first best move (or 10 s): a search whose threads
// wait for a CPU past the hard limit.
func stall(e *Engine, r *record) {
	e.afterRun = func() {
		select {
		case <-r.answered:
		case <-time.After(10 * time.Second):
		}
	}
}

func TestAnswerAtDeadline(t *testing.T) {
	for _, c := range []struct {
		name    string
		lim     search.Limits
		options [][2]string
		hit     bool // go ponder, then PonderHit
	}{
		{name: "movetime", lim: search.Limits{MoveTime: 100 * time.Millisecond}},
		{name: "clock", lim: search.Limits{WTime: 2 * time.Second, BTime: 2 * time.Second, HasClock: true}},
		{name: "multipv", lim: search.Limits{MoveTime: 100 * time.Millisecond}, options: [][2]string{{"MultiPV", "3"}}},
		{name: "threads", lim: search.Limits{MoveTime: 100 * time.Millisecond}, options: [][2]string{{"Threads", "3"}}},
		{name: "ponderhit", lim: search.Limits{MoveTime: 100 * time.Millisecond, Ponder: true}, hit: true},
		{name: "weakened", lim: search.Limits{WTime: 2 * time.Second, BTime: 2 * time.Second, HasClock: true},
			options: [][2]string{{"UCI_LimitStrength", "true"}, {"UCI_Elo", "1600"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := New()
			for _, o := range c.options {
				if err := e.SetOption(o[0], o[1]); err != nil {
					t.Fatal(err)
				}
			}
			if err := e.SetPosition("", []string{"e2e4", "c7c5", "g1f3"}); err != nil {
				t.Fatal(err)
			}
			pos := e.Position()
			r := newRecord()
			stall(e, r)
			if err := e.Go(c.lim, r.callbacks()); err != nil {
				t.Fatal(err)
			}
			if c.hit {
				time.Sleep(150 * time.Millisecond)
				select {
				case <-r.answered:
					t.Fatal("a ponder search answered before PonderHit")
				default:
				}
				e.PonderHit()
			}
			e.Wait()
			e.afterRun = nil

			r.mu.Lock()
			defer r.mu.Unlock()
			if len(r.best) != 1 {
				t.Fatalf("%d best moves", len(r.best))
			}
			res := r.best[0]
			if res.PerThread != nil {
				t.Fatal("the search answered after its stall, not the timer")
			}
			if !pos.IsLegal(res.Best) {
				t.Fatalf("best move %v is not legal", res.Best)
			}
			if r.after != 0 {
				t.Errorf("%d lines after the best move", r.after)
			}
			if res.Depth < 1 {
				t.Errorf("depth %d: not a searched move", res.Depth)
			}
			// The GUI's last line 1 shows the move played.
			var last board.Move
			for _, l := range r.lines {
				if l.MultiPV == 1 && len(l.PV) > 0 {
					last = l.PV[0]
				}
			}
			if last != res.Best {
				t.Errorf("last line 1 starts with %v, best move %v", last, res.Best)
			}
			if res.Ponder != board.NoMove {
				p := pos.Clone()
				p.Make(res.Best)
				if !p.IsLegal(res.Ponder) {
					t.Errorf("ponder move %v is not legal", res.Ponder)
				}
			}
		})
	}
}

// A search that answers itself leaves the timer nothing to do, and a
// search without a hard limit gets no timer.
func TestNoAnswerWithoutDeadline(t *testing.T) {
	e := New()
	r := newRecord()
	stall(e, r)
	go func() { // the stalled depth search answers when the stall ends
		time.Sleep(300 * time.Millisecond)
		close(r.answered)
	}()
	if err := e.Go(search.Limits{Depth: 4}, Callbacks{BestMove: func(res search.Result) {
		r.mu.Lock()
		r.best = append(r.best, res)
		r.mu.Unlock()
	}}); err != nil {
		t.Fatal(err)
	}
	e.Wait()
	e.afterRun = nil
	if len(r.best) != 1 || r.best[0].PerThread == nil {
		t.Fatalf("best moves %d, from the search: %v", len(r.best), len(r.best) == 1 && r.best[0].PerThread != nil)
	}

	// Answered in time: one best move, from the search.
	r = newRecord()
	if err := e.Go(search.Limits{MoveTime: 30 * time.Millisecond}, r.callbacks()); err != nil {
		t.Fatal(err)
	}
	e.Wait()
	time.Sleep(50 * time.Millisecond) // past the deadline and its grace
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.best) != 1 {
		t.Fatalf("%d best moves", len(r.best))
	}
}

// The gate lets one best move out and no line after it.
func TestAnswerGate(t *testing.T) {
	r := newRecord()
	g, cb := newAnswerGate(r.callbacks(), false)
	cb.Info(search.Info{MultiPV: 1, PV: []board.Move{board.NoMove}})
	cb.BestMove(search.Result{Depth: 1})
	cb.BestMove(search.Result{Depth: 2})
	cb.Info(search.Info{MultiPV: 1})
	g.finish()
	if len(r.best) != 1 || r.best[0].Depth != 1 || len(r.lines) != 1 || r.after != 0 {
		t.Errorf("best %v, lines %d, after %d", r.best, len(r.lines), r.after)
	}
}
