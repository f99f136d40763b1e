// Tests of the parallel schemes, Lazy SMP and Young Brothers Wait, made to
// run under -race (make test-race, or go test -race -run 'Parallel|YBW'):
// fixed-depth searches with 2, 4 and 8 threads, every driver and switch
// set, the exact minimax value of plain searches split at every node,
// random stops and ponderhits, and no allocation per node.
package search

import (
	"math/rand"
	"testing"
	"time"
	"unsafe"

	"brudno/board"
)

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

var schemes = []ParallelScheme{LazySMP, YBW}

// checkThreadsHome fails unless every thread's position, network stack
// and split points are back at the root after a search.
func checkThreadsHome(t *testing.T, s *Searcher, root *board.Position) {
	t.Helper()
	for _, th := range s.threads {
		if th.pos.Key() != root.Key() || th.pos.Ply() != root.Ply() {
			t.Errorf("thread %d left at %s (ply %d)", th.id, th.pos.FEN(), th.pos.Ply())
		}
		if th.nn != nil && th.nn.Ply() != 0 {
			t.Errorf("thread %d's network stack left at ply %d", th.id, th.nn.Ply())
		}
		if th.sp != nil || th.nSplits != 0 {
			t.Errorf("thread %d still owns %d split points", th.id, th.nSplits)
		}
	}
}

// With 2, 4 and 8 threads each scheme completes a fixed depth, finds the
// mate, leaves every thread at the root, and counts per thread.
func TestParallelFixedDepth(t *testing.T) {
	var splits, joins uint64
	for _, scheme := range schemes {
		for _, threads := range []int{2, 4, 8} {
			opts := DefaultOptions()
			opts.Threads, opts.Parallel = threads, scheme
			r := searchFEN(t, "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", Limits{Depth: 8}, opts)
			if r.Depth != 8 || !IsMateScore(r.Score) || MateMoves(r.Score) != 3 {
				t.Errorf("%v, %d threads: depth %d, score %d, want depth 8 and mate 3", scheme, threads, r.Depth, r.Score)
			}
			p, _ := board.ParseFEN(kiwipete)
			s := NewSearcher(NewTT(16))
			r = s.Search(p, Limits{Depth: 8}, opts, 0, Callbacks{})
			if r.Depth != 8 || !p.IsLegal(r.Best) {
				t.Errorf("%v, %d threads, Kiwipete: depth %d, best %v, want depth 8 and a legal move", scheme, threads, r.Depth, r.Best)
			}
			checkThreadsHome(t, s, p)
			if len(r.PerThread) != threads {
				t.Fatalf("%v: %d per-thread counters for %d threads", scheme, len(r.PerThread), threads)
			}
			var sum uint64
			for _, st := range r.PerThread {
				sum += st.Total()
			}
			if sum != r.Stats.Total() {
				t.Errorf("%v: per-thread nodes sum to %d, the total is %d", scheme, sum, r.Stats.Total())
			}
			if scheme == LazySMP && r.Stats.SplitPoints != 0 {
				t.Errorf("Lazy SMP made %d split points", r.Stats.SplitPoints)
			}
			if scheme == YBW {
				splits, joins = splits+r.Stats.SplitPoints, joins+r.Stats.SplitJoins
			}
		}
	}
	if splits == 0 || joins == 0 {
		t.Errorf("YBW: %d split points, %d joins", splits, joins)
	}
}

// YBW works with every driver, MultiPV, searchmoves, the network, and
// with every switch off or on; splitting from depth 2 makes split points
// at nearly every node, deep ones nested in shallow ones.
func TestYBWOptions(t *testing.T) {
	defer func(d int) { ybwMinDepth = d }(ybwMinDepth)
	ybwMinDepth = 2
	p, _ := board.ParseFEN(kiwipete)
	allOn := DefaultOptions()
	for _, sw := range Switches {
		*sw.Field(&allOn) = true
	}
	net := DefaultOptions()
	net.Net = randomNet(t, 32, 5)
	configs := map[string]Options{"default": DefaultOptions(), "plain": PlainOptions(), "all on": allOn, "nnue": net}
	var splits uint64
	for _, a := range []Algorithm{MTDF, AlphaBeta, SSS, DUAL} {
		o := DefaultOptions()
		o.Algorithm = a
		configs[a.String()] = o
	}
	for name, o := range configs {
		o.Threads, o.Parallel = 3, YBW
		depth := 6
		if name == "plain" {
			depth = 4
		}
		s := NewSearcher(NewTT(16))
		r := s.Search(p, Limits{Depth: depth}, o, 0, Callbacks{})
		if r.Depth != depth || !p.IsLegal(r.Best) {
			t.Errorf("%s: depth %d, best %v", name, r.Depth, r.Best)
		}
		splits += r.Stats.SplitPoints
		checkThreadsHome(t, s, p)

		// MultiPV 3 restricted to four moves: three lines in order.
		var restrict []board.Move
		for _, m := range []string{"e2a6", "d5e6", "g2h3", "a2a3"} {
			mv, _ := p.ParseMove(m)
			restrict = append(restrict, mv)
		}
		o.MultiPV = 3
		var lines []Info
		r = s.Search(p, Limits{Depth: depth - 1, SearchMoves: restrict}, o, 0, Callbacks{Info: func(i Info) {
			if i.Depth == depth-1 && i.Bound == BoundExact {
				lines = append(lines, i)
			}
		}})
		if len(lines) != 3 || !containsMove(restrict, r.Best) {
			t.Errorf("%s, MultiPV 3: %d lines, best %v", name, len(lines), r.Best)
		}
		for i := 1; i < len(lines); i++ {
			if lines[i].Score > lines[i-1].Score || lines[i].MultiPV != i+1 {
				t.Errorf("%s, MultiPV 3: line %d = %+v after %+v", name, i+1, lines[i], lines[i-1])
			}
		}
		checkThreadsHome(t, s, p)
	}
	if splits == 0 {
		t.Error("no split point: the test tested nothing")
	}
}

// Without the table and without selectivity the parallel search returns
// the exact minimax value of a fixed depth, as one thread does: bounds
// merged at split points and cutoffs that stop the helpers lose nothing.
func TestYBWExactValue(t *testing.T) {
	defer func(d int) { ybwMinDepth = d }(ybwMinDepth)
	ybwMinDepth = 2
	fens := []string{
		board.StartFEN,
		kiwipete,
		"r1bq1rk1/ppp1bppp/2np1n2/4p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	}
	var splits, joins uint64
	for _, algo := range []Algorithm{AlphaBeta, PVS} {
		for _, fen := range fens {
			o := PlainOptions()
			o.Algorithm = algo
			o.Killers, o.History = true, true
			one := searchFEN(t, fen, Limits{Depth: 4}, o)
			o.Threads, o.Parallel = 4, YBW
			many := searchFEN(t, fen, Limits{Depth: 4}, o)
			if one.Score != many.Score {
				t.Errorf("%v %s: one thread %d, four %d", algo, fen, one.Score, many.Score)
			}
			splits, joins = splits+many.Stats.SplitPoints, joins+many.Stats.SplitJoins
		}
	}
	if splits == 0 || joins == 0 {
		t.Errorf("%d split points, %d joins: the test tested nothing", splits, joins)
	}
}

// Searches stopped, ponderhit and restarted at random moments, on several
// threads with both schemes, each end with one result and a legal move,
// and leave the threads at the root for the next.
func TestParallelStopAndPonderHit(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	fens := []string{board.StartFEN, kiwipete, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r1bq1rk1/ppp1bppp/2np1n2/4p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7"}
	limits := []Limits{
		{Infinite: true},
		{Ponder: true, WTime: 300 * time.Millisecond, BTime: 300 * time.Millisecond, HasClock: true},
		{MoveTime: 15 * time.Millisecond},
		{Nodes: 30000},
		{Depth: 7},
		{Mate: 3, Infinite: true},
	}
	for _, scheme := range schemes {
		s := NewSearcher(NewTT(4))
		for round := 0; round < 24; round++ {
			p, _ := board.ParseFEN(fens[rng.Intn(len(fens))])
			lim := limits[rng.Intn(len(limits))]
			opts := DefaultOptions()
			opts.Threads, opts.Parallel = 2+rng.Intn(3), scheme
			opts.MultiPV = 1 + rng.Intn(2)
			s.Prepare(p, lim, opts, 0)
			results := make(chan Result, 2)
			go func() { results <- s.Run(Callbacks{}) }()
			time.Sleep(time.Duration(rng.Intn(20)) * time.Millisecond)
			if rng.Intn(2) == 0 {
				s.PonderHit()
				time.Sleep(time.Duration(rng.Intn(10)) * time.Millisecond)
			}
			s.Stop()
			select {
			case r := <-results:
				if !p.IsLegal(r.Best) {
					t.Errorf("%v round %d (%+v): best %v is not legal", scheme, round, lim, r.Best)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("%v round %d (%+v): no result 10 s after Stop", scheme, round, lim)
			}
			select {
			case r := <-results:
				t.Errorf("%v round %d: a second result %v", scheme, round, r.Best)
			default:
			}
			checkThreadsHome(t, s, p)
		}
	}
}

// A YBW search on two threads allocates nothing per node or per split
// point: only a fixed number per search (the helpers' goroutines, the
// result's slices).
func TestYBWNoAllocationPerNode(t *testing.T) {
	p, err := board.ParseFEN(benchFEN)
	if err != nil {
		t.Fatal(err)
	}
	opts := DefaultOptions()
	opts.Threads, opts.Parallel = 2, YBW
	s := NewSearcher(NewTT(16))
	s.Search(p, Limits{Depth: 2}, opts, 0, Callbacks{})
	small, rs := searchAllocs(s, p, Limits{Depth: 6}, opts)
	// The number of splits depends on the threads' timing, so on a busy
	// machine the big search goes deeper until it has five times the
	// small one's nodes and splits.
	var big uint64
	var rb Result
	depth := 11
	for ; depth <= 14; depth++ {
		big, rb = searchAllocs(s, p, Limits{Depth: depth}, opts)
		if rb.Nodes >= 5*rs.Nodes && rb.Stats.SplitPoints >= 5*max(rs.Stats.SplitPoints, 1) {
			break
		}
	}
	if depth > 14 {
		t.Fatalf("depth 14: %d nodes, %d splits; depth 6: %d, %d: too close to compare",
			rb.Nodes, rb.Stats.SplitPoints, rs.Nodes, rs.Stats.SplitPoints)
	}
	if big > small+40 {
		t.Errorf("allocations grow with the tree: %d at %d nodes (%d splits), %d at %d nodes (%d splits)",
			small, rs.Nodes, rs.Stats.SplitPoints, big, rb.Nodes, rb.Stats.SplitPoints)
	}
}

func TestParseParallelScheme(t *testing.T) {
	for _, name := range ParallelSchemeNames() {
		if p, err := ParseParallelScheme(name); err != nil || p.String() != name {
			t.Errorf("%s: %v, %v", name, p, err)
		}
	}
	if p, err := ParseParallelScheme("ybw"); err != nil || p != YBW {
		t.Errorf("ybw: %v, %v", p, err)
	}
	if _, err := ParseParallelScheme("ABDADA"); err == nil {
		t.Error("an unknown scheme was accepted")
	}
}

// With YBWShareHistory every thread gets the mean of the threads'
// histories, at most once per ybwShareNodes nodes of the main thread;
// without it each keeps its own. A real search shares under -race.
func TestYBWShareHistory(t *testing.T) {
	p, _ := board.ParseFEN(kiwipete)
	opts := DefaultOptions()
	opts.Threads, opts.Parallel, opts.YBWShareHistory = 3, YBW, true
	s := NewSearcher(NewTT(16))
	s.Prepare(p, Limits{Depth: 1}, opts, 0)
	// Thread i holds 30, -40 and 7 times i+1 in three of its tables; their
	// means are 60, -80 and 14.
	set := func() {
		for i, th := range s.threads {
			th.hist.butterfly[1][2][12][28] = 30 * int16(i+1)
			th.hist.cont[3][4][5][6] = -40 * int16(i+1)
			th.hist.corr[0][77] = 7 * int32(i+1)
		}
	}
	check := func(what string, shared bool) {
		t.Helper()
		for i, th := range s.threads {
			h := &th.hist
			got := [3]int{int(h.butterfly[1][2][12][28]), int(h.cont[3][4][5][6]), int(h.corr[0][77])}
			want := [3]int{30 * (i + 1), -40 * (i + 1), 7 * (i + 1)}
			if shared {
				want = [3]int{60, -80, 14}
			}
			if got != want {
				t.Errorf("%s: thread %d has %v, want %v", what, i, got, want)
			}
		}
	}
	// Too few nodes since the search began: nothing is shared.
	set()
	s.threads[0].nodes = uint64(ybwShareNodes) - 1
	s.shareHistories()
	check("before ybwShareNodes", false)
	// Enough: the means everywhere.
	s.threads[0].nodes = uint64(ybwShareNodes)
	s.shareHistories()
	check("shared", true)
	// Not again before another ybwShareNodes nodes.
	set()
	s.threads[0].nodes = 2*uint64(ybwShareNodes) - 1
	s.shareHistories()
	check("too soon", false)
	s.threads[0].nodes = 2 * uint64(ybwShareNodes)
	s.shareHistories()
	check("again", true)
	// Off: never.
	set()
	s.opts.YBWShareHistory = false
	s.threads[0].nodes = 10 * uint64(ybwShareNodes)
	s.shareHistories()
	check("off", false)

	// A search that shares at every iteration from 1,024 nodes on.
	defer func(n int) { ybwShareNodes = n }(ybwShareNodes)
	ybwShareNodes = 1 << 10
	r := s.Search(p, Limits{Depth: 9}, opts, 0, Callbacks{})
	if r.Depth != 9 || !p.IsLegal(r.Best) {
		t.Errorf("depth %d, best %v", r.Depth, r.Best)
	}
	if s.threads[0].sharedAt == 0 {
		t.Error("the search never shared its histories")
	}
	checkThreadsHome(t, s, p)
}

func TestMeanInto(t *testing.T) {
	a, b := []int16{1, -7, 100, 0}, []int16{2, 2, -100, 5}
	meanInto([][]int16{a, b})
	for i, want := range []int16{1, -2, 0, 2} {
		if a[i] != want || b[i] != want {
			t.Errorf("element %d: %d and %d, want %d", i, a[i], b[i], want)
		}
	}
	var h histories
	if n := len(asSlice[int16](&h.cont)); n != 16*64*16*64 {
		t.Errorf("the continuation history viewed as %d elements", n)
	}
	if n := len(asSlice[int32](&h.corrNP)); n != 2*2*corrSize {
		t.Errorf("the non-pawn correction history viewed as %d elements", n)
	}
}

// TestFalseSharingPadding checks the padding that keeps data one thread
// writes at every move off the cache lines other threads read (the split
// point's stop flag alone on its line, a line to spare after a split
// point), and that ownPosition copies the position.
func TestFalseSharingPadding(t *testing.T) {
	const line = 64
	var sp splitPoint
	if before := unsafe.Offsetof(sp.stopped) - (unsafe.Offsetof(sp.count) + unsafe.Sizeof(sp.count)); before < line {
		t.Errorf("splitPoint.stopped: %d bytes after the fields before it, want at least %d", before, line)
	}
	if after := unsafe.Offsetof(sp.mu) - (unsafe.Offsetof(sp.stopped) + unsafe.Sizeof(sp.stopped)); after < line {
		t.Errorf("splitPoint.stopped: %d bytes before the shared state, want at least %d", after, line)
	}
	if tail := unsafe.Sizeof(sp) - (unsafe.Offsetof(sp.exhausted) + unsafe.Sizeof(sp.exhausted)); tail < line {
		t.Errorf("splitPoint: %d bytes after its last field, want at least %d", tail, line)
	}
	p := board.NewPosition()
	q := ownPosition(p)
	if q == p || q.Key() != p.Key() {
		t.Fatal("ownPosition: not a copy of the position")
	}
}
