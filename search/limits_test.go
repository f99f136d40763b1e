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
		soft, hard := allocate(&c.lim, c.side, c.ply, 30*ms, false)
		if soft != c.soft || hard != c.hard {
			t.Errorf("%s: soft %v hard %v, want %v and %v", c.name, soft, hard, c.soft, c.hard)
		}
		// At TMFirstMove's default the first search of a game is planned
		// like any other.
		if soft1, hard1 := allocate(&c.lim, c.side, c.ply, 30*ms, true); soft1 != soft || hard1 != hard {
			t.Errorf("%s, first search: soft %v hard %v, want %v and %v", c.name, soft1, hard1, soft, hard)
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

// TMFirstMove scales the first search's soft limit, and the hard limit
// with it, but not past the reserves of the clock.
func TestAllocateFirstMove(t *testing.T) {
	setParams(t, "TMFirstMove", 200)
	ms := time.Millisecond
	// 8+0.08 out of a two-move book (ply 4): 7,970 ms after the overhead,
	// soft 7970/30 + 60 ms, twice that the first time; the hard limit 2
	// soft at ply 4.
	lim := Limits{WTime: 8000 * ms, BTime: 8000 * ms, WInc: 80 * ms, BInc: 80 * ms, HasClock: true}
	base := 7970*ms/30 + 60*ms
	for _, c := range []struct {
		first      bool
		soft, hard time.Duration
	}{{false, base, 2 * base}, {true, 2 * base, 4 * base}} {
		soft, hard := allocate(&lim, board.White, 4, 30*ms, c.first)
		if soft != c.soft || hard != c.hard {
			t.Errorf("first %v: soft %v hard %v, want %v and %v", c.first, soft, hard, c.soft, c.hard)
		}
	}
	// The reserve holds: with 2 s and 2 moves to go the soft limit would
	// double to the whole clock; both limits stay at 75% of it.
	lim = Limits{WTime: 2000 * ms, MovesToGo: 2, HasClock: true}
	soft, hard := allocate(&lim, board.White, 40, 30*ms, true)
	if soft != 1970*ms*3/4 || hard != 1970*ms*3/4 {
		t.Errorf("short clock: soft %v hard %v, want both %v", soft, hard, 1970*ms*3/4)
	}
}

// The steeper node-share slope of the search comparison's candidate
// (Ethereal's): 240% less 200% of the share, at least 50%.
func TestNodeFactorSteep(t *testing.T) {
	setParams(t, "TMNodeBase", 240, "TMNodeMul", 200)
	near := func(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }
	th := &thread{rootMoves: []rootMove{{}, {}}}
	for _, c := range []struct {
		best, other uint64
		want        float64
	}{
		{10, 90, 2.2}, // a tenth
		{50, 50, 1.4}, // half
		{80, 20, 0.8}, // four fifths: 1.1 at the defaults
		{95, 5, 0.5},  // 0.5 exactly
		{100, 0, 0.5}, // all: 40%, raised to the floor
	} {
		th.rootMoves[0].nodes, th.rootMoves[1].nodes = c.best, c.other
		if got := th.nodeFactor(); !near(got, c.want) {
			t.Errorf("best move %d of %d nodes: factor %v, want %v", c.best, c.best+c.other, got, c.want)
		}
	}
}

// The score's fall over more iterations (TMScoreBack) and since the
// previous move (TMScorePrev), each counted within its bounds.
func TestScoreTrend(t *testing.T) {
	near := func(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }
	var st scoreTrend
	st.reset()
	for k := 1; k <= scoreTrendLen; k++ {
		if got := st.back(k); got != -Infinity {
			t.Errorf("nothing recorded: back(%d) = %d", k, got)
		}
	}
	for _, v := range []int{5, 40, 30, 20, 10} { // depths 1 to 5
		st.push(v)
	}
	for k, want := range map[int]int{1: 10, 2: 20, 3: 30, 4: 40, 9: 40} {
		if got := st.back(k); got != want {
			t.Errorf("back(%d) = %d, want %d", k, got, want)
		}
	}
	var short scoreTrend
	short.reset()
	short.push(7)
	if got := short.back(3); got != 7 {
		t.Errorf("one iteration recorded: back(3) = %d, want 7", got)
	}

	setParams(t, "TMScoreBack", 3, "TMScorePrev", 10)
	// After depth 5 of the trend above the score is 0: it fell 30 over
	// three iterations (20 from the last one alone).
	if got := scoreFactor(st.back(tmScoreBack), -Infinity, 0); !near(got, 1.3) {
		t.Errorf("fall of 30 over three iterations: factor %v, want 1.3", got)
	}
	for _, c := range []struct {
		back, prev, score int
		want              float64
	}{
		{40, 25, 10, 1.45},            // fell 30 and 15
		{40, 300, 10, 1.8},            // the fall since the previous move counted as 50
		{10, 30, 10, 1.2},             // only since the previous move
		{10, -20, 10, 0.8},            // rose 30 since the previous move: counted as 20
		{-Infinity, 60, 10, 1.5},      // no iteration to compare with yet
		{40, Mate - 9, 10, 1.3},       // a mate score before says nothing
		{40, 25, -Mate + 10, 1},       // nor one now
		{-Infinity, -Infinity, 10, 1}, // nothing to compare with
	} {
		if got := scoreFactor(c.back, c.prev, c.score); !near(got, c.want) {
			t.Errorf("scoreFactor(%d, %d, %d) = %v, want %v", c.back, c.prev, c.score, got, c.want)
		}
	}
	// Extreme settings cannot make the factor vanish.
	setParams(t, "TMScoreMul", 30, "TMScoreRise", 60, "TMScorePrev", 30)
	if got := scoreFactor(100, 100, 200); got != 0.25 {
		t.Errorf("rose 100 twice at 3%% a centipawn: factor %v, want the floor 0.25", got)
	}
}

// Across the searches of a game the searcher keeps the last answer's
// score for the search two plies later, and counts the searches with a
// clock; Clear forgets both.
func TestGameMemory(t *testing.T) {
	s := NewSearcher(NewTT(1))
	opts := DefaultOptions()
	pos := func(fen string) *board.Position {
		p, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	// A rook up for White at move 10 (ply 18), then the same side two
	// plies later, then a position of another ply.
	a := pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 10")
	b := pos("3k4/8/8/8/8/8/8/R3K3 w - - 0 11")
	c := pos("3k4/8/8/8/8/8/8/R3K3 w - - 0 15")
	clock := Limits{HasClock: true, WTime: time.Minute, BTime: time.Minute}
	s.Prepare(a, clock, opts, 0)
	if s.prevScore != -Infinity || s.clockSearches != 1 {
		t.Fatalf("first search: previous score %d, %d searches with a clock", s.prevScore, s.clockSearches)
	}
	res := s.Search(a, Limits{Depth: 3}, opts, 0, Callbacks{})
	if res.Score < 300 {
		t.Fatalf("a rook up: score %d", res.Score)
	}
	s.Prepare(b, clock, opts, 0)
	if s.prevScore != s.lastScore || s.lastPly != 18 || s.prevScore < 300 {
		t.Errorf("two plies later: previous score %d (last %d at ply %d)", s.prevScore, s.lastScore, s.lastPly)
	}
	if s.clockSearches != 2 {
		t.Errorf("%d searches with a clock, want 2", s.clockSearches)
	}
	s.Prepare(c, clock, opts, 0)
	if s.prevScore != -Infinity {
		t.Errorf("ten plies later: previous score %d, want none", s.prevScore)
	}
	s.Clear()
	s.Prepare(b, clock, opts, 0)
	if s.prevScore != -Infinity || s.clockSearches != 1 {
		t.Errorf("after Clear: previous score %d, %d searches with a clock", s.prevScore, s.clockSearches)
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
		if got := newTimeManager(&c.lim, pos, 0, false).checkMask(); got != c.want {
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
	_, hard := allocate(&lim, board.White, 0, 10*time.Millisecond+s.hostDelay, true)
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
