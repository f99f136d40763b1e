// Tests of the facade: positions and options are validated without side
// effects, searches report exactly once, multi-threaded searches are
// race-free, and the bench is deterministic.
package engine

import (
	"runtime"
	"strconv"
	"sync/atomic"
	"testing"

	"brudno/search"
)

func TestSetPositionKeepsOldOnError(t *testing.T) {
	e := New()
	if err := e.SetPosition("", []string{"e2e4", "e7e5"}); err != nil {
		t.Fatal(err)
	}
	before := e.Position().FEN()
	for _, c := range []struct {
		fen   string
		moves []string
	}{
		{"", []string{"e2e4", "e2e4"}},
		{"not a fen", nil},
		{"8/8/8/8/8/8/8/8 w - - 0 1", nil},
		{"", []string{"e1g1"}},
	} {
		if err := e.SetPosition(c.fen, c.moves); err == nil {
			t.Errorf("%q %v accepted", c.fen, c.moves)
		}
		if got := e.Position().FEN(); got != before {
			t.Errorf("position changed to %s", got)
		}
	}
}

func TestOptions(t *testing.T) {
	e := New()
	for _, c := range []struct {
		name, value string
		ok          bool
	}{
		{"Hash", "16", true}, {"hash", "1", true}, {"HASH", "0", false}, {"Hash", "x", false},
		{"Threads", "4", true}, {"Threads", "257", false}, {"MultiPV", "3", true},
		{"Ponder", "TRUE", true}, {"Ponder", "yes", false}, {"Clear Hash", "", true},
		{"UCI_Chess960", "true", true}, {"Move Overhead", "-1", false}, {"Nope", "1", false},
	} {
		if err := e.SetOption(c.name, c.value); (err == nil) != c.ok {
			t.Errorf("SetOption(%q, %q) = %v, want ok=%v", c.name, c.value, err, c.ok)
		}
	}
	if o := e.SearchOptions(); o.Threads != 4 || o.MultiPV != 3 {
		t.Errorf("options not applied: %+v", o)
	}
	if err := e.SetOption("Hash", "100000000"); err == nil {
		t.Error("Hash above the maximum accepted")
	}
}

// Exactly one best move per Go, also when Stop and PonderHit race with it.
func TestOneBestMovePerGo(t *testing.T) {
	e := New()
	for i := 0; i < 50; i++ {
		var count atomic.Int32
		lim := search.Limits{Infinite: i%2 == 0, Ponder: i%2 == 1, Depth: 1 + i%3}
		if err := e.Go(lim, Callbacks{BestMove: func(search.Result) { count.Add(1) }}); err != nil {
			t.Fatal(err)
		}
		if err := e.Go(lim, Callbacks{}); err != ErrSearching {
			t.Errorf("second Go during a search: %v", err)
		}
		if i%3 == 0 {
			e.PonderHit()
		}
		e.Stop()
		e.Stop()
		e.Wait()
		if n := count.Load(); n != 1 {
			t.Fatalf("iteration %d: %d best moves", i, n)
		}
	}
}

func TestLazySMP(t *testing.T) {
	e := New()
	if err := e.SetOption("Threads", "4"); err != nil {
		t.Fatal(err)
	}
	e.SetPosition("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", nil)
	var res search.Result
	var infos int
	// A depth, not a move time: on a loaded machine, or under wine, 300 ms
	// of wall time were once too few for a third iteration.
	e.Go(search.Limits{Depth: 4}, Callbacks{
		Info:     func(search.Info) { infos++ },
		BestMove: func(r search.Result) { res = r },
	})
	e.Wait()
	if res.Best == 0 || infos == 0 || res.Depth < 4 {
		t.Errorf("4-thread search to depth 4: %+v after %d infos", res, infos)
	}
}

func TestBenchDeterministic(t *testing.T) {
	saved := BenchFENs
	BenchFENs = BenchFENs[:4]
	defer func() { BenchFENs = saved }()
	a, _ := Bench(6, search.DefaultOptions(), nil)
	b, _ := Bench(6, search.DefaultOptions(), nil)
	if a != b || a == 0 {
		t.Errorf("bench nodes %d then %d", a, b)
	}
}

// More threads than CPUs raise GOMAXPROCS, so that the search threads and
// the protocol loop all run at once; fewer leave it at the CPUs.
func TestThreadsSetProcs(t *testing.T) {
	before := runtime.GOMAXPROCS(0)
	defer runtime.GOMAXPROCS(before)
	e := New()
	for _, c := range []struct{ threads, want int }{
		{1, max(runtime.NumCPU(), 2)}, {runtime.NumCPU() + 2, runtime.NumCPU() + 3}, {1, max(runtime.NumCPU(), 2)},
	} {
		if err := e.SetOption("Threads", strconv.Itoa(c.threads)); err != nil {
			t.Fatal(err)
		}
		if got := runtime.GOMAXPROCS(0); got != c.want {
			t.Errorf("Threads %d: GOMAXPROCS %d, want %d", c.threads, got, c.want)
		}
	}
}

// Setting Hash to its size again, as tournament managers do before every
// game, keeps the table (and its memory): only a new size makes another.
func TestHashSameSizeKeepsTable(t *testing.T) {
	e := New()
	if err := e.SetOption("Hash", "2"); err != nil {
		t.Fatal(err)
	}
	e.tt.Store(12345, 0, 10, 10, 5, search.BoundExact)
	if err := e.SetOption("Hash", "2"); err != nil {
		t.Fatal(err)
	}
	if _, ok := e.tt.Probe(12345); !ok {
		t.Error("the same Hash size made a new table")
	}
	if err := e.SetOption("Hash", "4"); err != nil {
		t.Fatal(err)
	}
	if _, ok := e.tt.Probe(12345); ok {
		t.Error("a new Hash size kept the old table")
	}
}
