package search

import (
	"testing"
	"time"

	"brudno/board"
)

func TestAllocate(t *testing.T) {
	ms := time.Millisecond
	cases := []struct {
		name       string
		lim        Limits
		side       board.Color
		ply        int
		soft, hard time.Duration
	}{
		{"movetime", Limits{MoveTime: 100 * ms}, board.White, 10, 0, 70 * ms},
		{"movetime below the overhead", Limits{MoveTime: 10 * ms}, board.White, 10, 0, ms},
		{"no clock", Limits{Depth: 5}, board.White, 10, 0, 0},
		// Black's clock is used; at ply 3 the hard limit is 1.875 soft.
		{"opening", Limits{WTime: -200 * ms, BTime: 1000 * ms, HasClock: true}, board.Black, 3,
			970 * ms / 30, 970 * ms / 30 * 15 / 8},
		// From ply 20 on the hard limit is 4 soft.
		{"middlegame", Limits{WTime: 10030 * ms, WInc: 100 * ms, HasClock: true}, board.White, 40,
			10000*ms/30 + 75*ms, (10000*ms/30 + 75*ms) * 4},
		// One move to the control: the hard limit keeps 10% of the clock.
		{"last move before the control", Limits{WTime: 330 * ms, MovesToGo: 1, HasClock: true}, board.White, 40,
			270 * ms, 270 * ms},
		{"flagged clock", Limits{WTime: 0, HasClock: true}, board.White, 40, ms, ms},
		// 30 ms after the overhead, under 4 increments: half an increment.
		{"clock living on its increment", Limits{WTime: 60 * ms, WInc: 10 * ms, HasClock: true}, board.White, 40,
			5 * ms, 5 * ms},
		// 60 ms: what lies beyond 4 increments.
		{"clock near its increments", Limits{WTime: 90 * ms, WInc: 10 * ms, HasClock: true}, board.White, 40,
			60*ms/30 + 7500*time.Microsecond, 20 * ms},
	}
	for _, c := range cases {
		soft, hard := allocate(&c.lim, c.side, c.ply, 30*ms)
		if soft != c.soft || hard != c.hard {
			t.Errorf("%s: soft %v hard %v, want %v and %v", c.name, soft, hard, c.soft, c.hard)
		}
	}
}

// setParams sets search parameters for one test and restores them after.
func setParams(t *testing.T, kv ...any) {
	t.Helper()
	for i := 0; i < len(kv); i += 2 {
		name, v := kv[i].(string), kv[i+1].(int)
		var old int
		for _, p := range Params {
			if p.Name == name {
				old = *p.Value
			}
		}
		if err := SetParam(name, v); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			if err := SetParam(name, old); err != nil {
				t.Error(err)
			}
		})
	}
}

// The soft limit's factors: a falling score asks for more time, up to a
// bound; a rising one for less; a best move that took most of the root
// nodes for less, down to a floor.
func TestTimeFactors(t *testing.T) {
	near := func(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }
	cases := []struct {
		last, score int
		want        float64
	}{
		{-Infinity, 30, 1}, // no earlier iteration
		{10, 10, 1},        // no change
		{40, 10, 1.3},      // fell 30
		{300, 10, 1.5},     // fell 290, counted as 50
		{10, 25, 0.85},     // rose 15
		{10, 500, 0.8},     // rose 490, counted as 20
		{Mate - 5, 10, 1},  // mate scores say nothing about time
		{10, -Mate + 7, 1}, //
	}
	for _, c := range cases {
		if got := scoreFactor(c.last, c.score); !near(got, c.want) {
			t.Errorf("scoreFactor(%d, %d) = %v, want %v", c.last, c.score, got, c.want)
		}
	}
	th := &thread{rootMoves: []rootMove{{nodes: 0}, {nodes: 0}}}
	if got := th.nodeFactor(); got != 1 {
		t.Errorf("no nodes counted: factor %v, want 1", got)
	}
	for _, c := range []struct {
		best, other uint64
		want        float64
	}{
		{100, 100, 1.15}, // half the nodes: 190% - 150% * 0.5
		{10, 90, 1.75},   // a tenth
		{100, 0, 0.5},    // all of them: 40%, raised to the floor of 50%
	} {
		th.rootMoves[0].nodes, th.rootMoves[1].nodes = c.best, c.other
		if got := th.nodeFactor(); !near(got, c.want) {
			t.Errorf("best move %d of %d nodes: factor %v, want %v", c.best, c.best+c.other, got, c.want)
		}
	}
	// Extreme settings cannot make the score's factor vanish: a rise of
	// 100 at 3% a centipawn, counted up to 60, would give -0.8.
	setParams(t, "TMScoreMul", 30, "TMScoreRise", 60)
	if got := scoreFactor(100, 200); got != 0.25 {
		t.Errorf("rose 100 at 3%% a centipawn: factor %v, want the floor 0.25", got)
	}
}

// Limits are checked every 256 nodes when the hard limit is under a
// second, every 2,048 otherwise (and without a clock).
func TestCheckMask(t *testing.T) {
	for _, c := range []struct {
		lim  Limits
		want uint64
	}{
		{Limits{MoveTime: 50 * time.Millisecond}, 255},
		{Limits{HasClock: true, WTime: 300 * time.Millisecond, BTime: time.Second}, 255},
		{Limits{HasClock: true, WTime: 600 * time.Second, BTime: 600 * time.Second}, 2047},
		{Limits{Depth: 10}, 2047},
		{Limits{Infinite: true}, 2047},
	} {
		pos, _ := board.ParseFEN(board.StartFEN)
		if got := newTimeManager(&c.lim, pos, 0).checkMask(); got != c.want {
			t.Errorf("%+v: mask %d, want %d", c.lim, got, c.want)
		}
	}
}

// A gap between two checks of the limits under hostDelayMin is none; a
// longer one is kept back whole, then fades by an eighth a search.
func TestNoteHostDelay(t *testing.T) {
	s := NewSearcher(NewTT(1))
	ms := time.Millisecond
	for _, c := range []struct{ gap, want time.Duration }{
		{4 * ms, 0}, {40 * ms, 40 * ms}, {2 * ms, 35 * ms}, {0, 35 * ms * 7 / 8}, {20 * ms, 35 * ms * 7 / 8 * 7 / 8},
		{30 * ms, 30 * ms}, {2 * time.Second, hostDelayMax},
	} {
		s.noteHostDelay(c.gap)
		if s.hostDelay != c.want {
			t.Fatalf("after a gap of %v: %v kept back, want %v", c.gap, s.hostDelay, c.want)
		}
	}
}

// A search whose main thread is held up (here by its Info callback, as
// by a machine with no core free) keeps the delay back from the next
// search's clock.
func TestHostDelayKeptBack(t *testing.T) {
	s := NewSearcher(NewTT(1))
	pos, _ := board.ParseFEN(board.StartFEN)
	opts := DefaultOptions()
	s.Search(pos, Limits{Depth: 9}, opts, 0, Callbacks{Info: func(Info) { time.Sleep(30 * time.Millisecond) }})
	if s.hostDelay < 30*time.Millisecond {
		t.Fatalf("held up 30 ms between checks, %v kept back", s.hostDelay)
	}
	lim := Limits{HasClock: true, WTime: 2 * time.Second, BTime: 2 * time.Second}
	s.Prepare(pos, lim, opts, 10*time.Millisecond)
	_, hard := allocate(&lim, board.White, 0, 10*time.Millisecond+s.hostDelay)
	if s.tm.hard != hard {
		t.Errorf("hard limit %v, want %v with %v kept back", s.tm.hard, hard, s.hostDelay)
	}
	// A search with no delay lets it fade (depth 1: too few nodes to
	// check the limits even once).
	before := s.hostDelay
	s.Search(pos, Limits{Depth: 1}, opts, 0, Callbacks{})
	if s.hostDelay >= before {
		t.Errorf("kept back %v after a search without delay, was %v", s.hostDelay, before)
	}
}

// With YBW the main thread may wait for its helpers, so the gaps are
// those between any two threads' checks: a search held up between its
// iterations, where no thread searches, keeps the delay back too. A
// node limit, not a depth, ends the held-up search: neither the main
// thread (counting its own nodes and those the other thread published)
// nor the other thread (counting the published ones) finds 10,000 nodes
// without some thread checking its limits after depth 1, whose line is
// the first hold-up (a depth-7 search of the start position takes about
// 2,500 nodes, which two threads may share without either reaching its
// first check).
func TestHostDelayKeptBackYBW(t *testing.T) {
	s := NewSearcher(NewTT(1))
	pos, _ := board.ParseFEN(board.StartFEN)
	opts := DefaultOptions()
	opts.Threads, opts.Parallel = 2, YBW
	s.Search(pos, Limits{Nodes: 10000}, opts, 0, Callbacks{Info: func(Info) { time.Sleep(30 * time.Millisecond) }})
	if s.hostDelay < 30*time.Millisecond {
		t.Fatalf("held up 30 ms between checks, %v kept back", s.hostDelay)
	}
	// A search with no delay lets it fade. Depth 1, as above: too few
	// nodes for any thread to check the limits, so no gap is measured
	// (with checks, a loaded machine could hold a thread up for as long
	// as the first search was held), and a gap left over in any thread
	// from the search before would show.
	before := s.hostDelay
	s.Search(pos, Limits{Depth: 1}, opts, 0, Callbacks{})
	if s.hostDelay >= before {
		t.Errorf("kept back %v after a search without delay, was %v", s.hostDelay, before)
	}
}

// A soft node limit ends the search at the first completed iteration whose
// nodes reach it: the iteration before stayed below it, and the same
// search limited to that depth counts the same nodes.
func TestSoftNodes(t *testing.T) {
	pos, err := board.ParseFEN("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9")
	if err != nil {
		t.Fatal(err)
	}
	opts := DefaultOptions()
	opts.Threads = 1
	run := func(lim Limits) Result {
		return NewSearcher(NewTT(4)).Search(pos, lim, opts, 0, Callbacks{})
	}
	for _, soft := range []uint64{3000, 20000} {
		r := run(Limits{SoftNodes: soft})
		if r.Nodes < soft || r.Best == board.NoMove {
			t.Fatalf("soft %d: %d nodes, best %v", soft, r.Nodes, r.Best)
		}
		if same := run(Limits{Depth: r.Depth}); same.Nodes != r.Nodes || same.Best != r.Best {
			t.Errorf("soft %d: depth %d, %d nodes; depth %d alone: %d nodes", soft, r.Depth, r.Nodes, r.Depth, same.Nodes)
		}
		if before := run(Limits{Depth: r.Depth - 1}); before.Nodes >= soft {
			t.Errorf("soft %d: depth %d already searched %d nodes", soft, r.Depth-1, before.Nodes)
		}
		// The hard limit still cuts an iteration.
		if hard := run(Limits{SoftNodes: soft, Nodes: soft / 2}); hard.Nodes > soft/2+64 {
			t.Errorf("soft %d, hard %d: %d nodes", soft, soft/2, hard.Nodes)
		}
	}
}
