package engine

import (
	"sync/atomic"
	"testing"
	"time"

	"brudno/search"
)

// The ParallelScheme option selects Lazy SMP (the default) or Young
// Brothers Wait, and a YBW search driven through the engine on several
// threads ends with exactly one best move, also when stopped early.
func TestParallelSchemeOption(t *testing.T) {
	e := New()
	if o := e.SearchOptions(); o.Parallel != search.LazySMP {
		t.Errorf("default scheme %v, want LazySMP", o.Parallel)
	}
	if err := e.SetOption("ParallelScheme", "Fancy"); err == nil {
		t.Error("an unknown scheme was accepted")
	}
	for _, opt := range [][2]string{{"ParallelScheme", "ybw"}, {"Threads", "3"}} {
		if err := e.SetOption(opt[0], opt[1]); err != nil {
			t.Fatal(err)
		}
	}
	if o := e.SearchOptions(); o.Parallel != search.YBW || o.Threads != 3 {
		t.Fatalf("options not applied: %v, %d threads", o.Parallel, o.Threads)
	}
	e.SetPosition("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", nil)
	for i, lim := range []search.Limits{{MoveTime: 200 * time.Millisecond}, {Infinite: true}, {Ponder: true, Depth: 30}} {
		var count atomic.Int32
		var res search.Result
		if err := e.Go(lim, Callbacks{BestMove: func(r search.Result) { res = r; count.Add(1) }}); err != nil {
			t.Fatal(err)
		}
		if i > 0 {
			time.Sleep(50 * time.Millisecond)
			e.PonderHit()
			e.Stop()
		}
		e.Wait()
		// On a busy machine the timed search may be answered at its
		// deadline by the engine's timer (answer.go), without counters.
		timer := lim.MoveTime > 0 && res.PerThread == nil
		if count.Load() != 1 || res.Best == 0 || len(res.PerThread) != 3 && !timer {
			t.Errorf("%+v: %d best moves, best %v, %d threads' counters", lim, count.Load(), res.Best, len(res.PerThread))
		}
	}
}
