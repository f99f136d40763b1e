// Search benchmark and allocation test: nodes per second of a fixed-depth
// single-threaded search, and no allocation per node (a search allocates
// a fixed few dozen times, for root moves and reported lines, whatever
// its size).
package search

import (
	"runtime"
	"testing"

	"brudno/board"
)

const benchFEN = "r1bq1rk1/ppp1bppp/2np1n2/4p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7"

func BenchmarkSearch(b *testing.B) {
	p, err := board.ParseFEN(benchFEN)
	if err != nil {
		b.Fatal(err)
	}
	tt := NewTT(16)
	s := NewSearcher(tt)
	s.Search(p, Limits{Depth: 2}, DefaultOptions(), 0, Callbacks{}) // per-thread tables allocated once
	var nodes uint64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tt.Clear()
		nodes += s.Search(p, Limits{Depth: 10}, DefaultOptions(), 0, Callbacks{}).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func TestNoAllocationPerNode(t *testing.T) {
	p, err := board.ParseFEN(benchFEN)
	if err != nil {
		t.Fatal(err)
	}
	all := DefaultOptions() // every switch on, those still off in play too
	for _, sw := range Switches {
		*sw.Field(&all) = true
	}
	for _, opts := range []Options{DefaultOptions(), all} {
		s := NewSearcher(NewTT(16))
		s.Search(p, Limits{Depth: 2}, opts, 0, Callbacks{})
		small, rs := searchAllocs(s, p, Limits{Depth: 6}, opts)
		big, rb := searchAllocs(s, p, Limits{Depth: 11}, opts)
		smallNodes, bigNodes := rs.Nodes, rb.Nodes
		if bigNodes < 5*smallNodes {
			t.Fatalf("depth 11 searched %d nodes, depth 6 %d: too close to compare", bigNodes, smallNodes)
		}
		if big > small+40 {
			t.Errorf("ETC %v: allocations grow with the tree: %d at %d nodes, %d at %d nodes", opts.ETC, small, smallNodes, big, bigNodes)
		}
	}
}

// searchAllocs runs a search and returns the heap allocations it made and
// its result.
func searchAllocs(s *Searcher, p *board.Position, limits Limits, opts Options) (uint64, Result) {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	r := s.Search(p, limits, opts, 0, Callbacks{})
	runtime.ReadMemStats(&b)
	return b.Mallocs - a.Mallocs, r
}
