// Tests of the laboratory's forms of the techniques: the two-bound table
// entries, and that neither they, MTD(f)'s guess from two iterations back
// nor ETC with its restrictions lifted changes the value of a fixed-depth
// search with the selective techniques off; and the walker of lab/graph.
package search

import (
	"fmt"
	"testing"

	"brudno/board"
	"brudno/eval"
)

// probeView probes key in a two-bound table and returns the one-bound view
// a node of depth with window (alpha, beta) at ply 0 would test.
func probeView(t *testing.T, tt *TT, key uint64, depth, alpha, beta int) TTHit {
	t.Helper()
	h, ok := tt.Probe(key)
	if !ok {
		t.Fatalf("key %x: no entry", key)
	}
	if h.Bound&boundTwo == 0 {
		t.Fatalf("key %x: hit %+v is not from a two-bound entry", key, h)
	}
	return h.view(depth, alpha, beta, 0)
}

func TestTwoBoundEntries(t *testing.T) {
	tt := NewTT(1)
	tt.SetTwoBound(true)
	tt.NewSearch()
	const key = 0x9e3779b97f4a7c15
	m := board.NewMove(board.SquareAt(4, 1), board.SquareAt(4, 3)) // e2e4

	// A fail low at depth 5, then a fail high at depth 3: both kept.
	tt.Store(key, board.NoMove, 40, 7, 5, BoundUpper)
	tt.Store(key, m, -10, 7, 3, BoundLower)
	h, _ := tt.Probe(key)
	e := twoHit(h)
	if e.lower != -10 || e.lDepth != 3 || e.upper != 40 || e.uDepth != 5 || e.move != m {
		t.Fatalf("entry %+v, want lower -10 at 3, upper 40 at 5, move %v", e, m)
	}
	if h.Eval != -Infinity {
		t.Errorf("Eval %d, want -Infinity (not stored)", h.Eval)
	}
	// Views: each bound cuts only where searched deep enough.
	for _, c := range []struct {
		depth, alpha, beta int
		bound, score       int
	}{
		{3, -20, -19, BoundLower, -10}, // -10 >= beta -19, depth 3 >= 3
		{4, -20, -19, BoundNone, 0},    // the lower bound is too shallow
		{5, 40, 41, BoundUpper, 40},    // 40 <= alpha 40
		{6, 40, 41, BoundNone, 0},      // the upper bound is too shallow
		{3, 0, 1, BoundNone, 0},        // neither decides (-10 < 1, 40 > 0)
	} {
		v := probeView(t, tt, key, c.depth, c.alpha, c.beta)
		if v.Bound != c.bound || c.bound != BoundNone && v.Score != c.score {
			t.Errorf("depth %d window (%d,%d): view %+v, want bound %d score %d", c.depth, c.alpha, c.beta, v, c.bound, c.score)
		}
		if v.Move != m {
			t.Errorf("view lost the move: %+v", v)
		}
	}
	if v := h.upperView(); v.Bound != BoundUpper || v.Score != 40 || v.Depth != 5 {
		t.Errorf("upperView %+v, want upper 40 at depth 5", v)
	}

	// Same depth: the tighter bound is kept; deeper replaces; shallower is dropped.
	tt.Store(key, board.NoMove, 30, 0, 5, BoundUpper)  // tighter at 5
	tt.Store(key, board.NoMove, 35, 0, 5, BoundUpper)  // looser at 5: dropped
	tt.Store(key, board.NoMove, -20, 0, 3, BoundLower) // looser lower at 3: dropped
	tt.Store(key, board.NoMove, 10, 0, 2, BoundLower)  // shallower: dropped
	h, _ = tt.Probe(key)
	if e := twoHit(h); e.upper != 30 || e.uDepth != 5 || e.lower != -10 || e.lDepth != 3 || e.move != m {
		t.Fatalf("after tightening: %+v, want upper 30 at 5, lower -10 at 3, move kept", e)
	}
	tt.Store(key, board.NoMove, 60, 0, 7, BoundUpper) // deeper: replaces even if looser
	h, _ = tt.Probe(key)
	if e := twoHit(h); e.upper != 60 || e.uDepth != 7 {
		t.Fatalf("deeper upper bound not taken: %+v", e)
	}

	// An exact value sets both bounds; the view at its depth is exact.
	const key2 = 0x1234567887654321
	tt.Store(key2, m, 25, 0, 4, BoundExact)
	if v := probeView(t, tt, key2, 4, -100, 100); v.Bound != BoundExact || v.Score != 25 || v.Depth != 4 {
		t.Errorf("exact: view %+v, want exact 25 at depth 4", v)
	}
	if v := probeView(t, tt, key2, 5, -100, 100); v.Bound != BoundNone {
		t.Errorf("exact at 4 seen from depth 5: %+v, want no bound", v)
	}

	// Mate scores keep their distance through the table (stored relative
	// to the node, read back relative to the root at ply 3).
	const key3 = 0x0badc0ffee0ddf00
	tt.Store(key3, m, scoreToTT(Mate-7, 3), 0, 6, BoundLower)
	h, _ = tt.Probe(key3)
	if v := h.view(6, 0, 1, 3); v.Bound != BoundLower || scoreFromTT(v.Score, 3) != Mate-7 {
		t.Errorf("mate lower bound: view %+v", v)
	}

	// Depths beyond the field are stored as its maximum.
	tt.Store(key3, m, 5, 0, 99, BoundUpper)
	h, _ = tt.Probe(key3)
	if e := twoHit(h); e.uDepth != twoMaxDepth {
		t.Errorf("depth 99 stored as %d, want %d", e.uDepth, twoMaxDepth)
	}

	// Switching the layout empties the table; switching to the same does not.
	tt.SetTwoBound(true)
	if _, ok := tt.Probe(key); !ok {
		t.Error("SetTwoBound(true) on a two-bound table emptied it")
	}
	tt.SetTwoBound(false)
	if _, ok := tt.Probe(key); ok || tt.TwoBound() {
		t.Error("switching to one bound did not empty the table")
	}
}

// The search and quiescence cut on either bound of a two-bound entry,
// each where its depth suffices (quiescence: any depth).
func TestTwoBoundCutoffs(t *testing.T) {
	pos, err := board.ParseFEN("r1bq1rk1/ppp1bppp/2np1n2/4p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7")
	if err != nil {
		t.Fatal(err)
	}
	o := PlainOptions()
	o.TT, o.TwoBoundTT = true, true
	tt := NewTT(1)
	s := NewSearcher(tt)
	s.Prepare(pos, Limits{Depth: 1}, o, 0)
	tt.SetTwoBound(true)
	tt.NewSearch()
	th := s.threads[0]
	tt.Store(pos.Key(), board.NoMove, 100, 0, 0, BoundLower) // at least 100, searched to depth 0
	tt.Store(pos.Key(), board.NoMove, 300, 0, 2, BoundUpper) // at most 300, to depth 2
	for _, c := range []struct {
		name         string
		depth, alpha int
		want         int
		cut          bool
	}{
		{"quiescence, lower bound", 0, 49, 100, true},
		{"quiescence, upper bound", 0, 300, 300, true},
		{"depth 2, upper bound", 2, 300, 300, true},
		{"depth 2, lower bound too shallow", 2, 49, 0, false},
	} {
		th.stats = Stats{}
		var got int
		if c.depth == 0 {
			got = th.qsearch(c.alpha, c.alpha+1, 1)
		} else {
			got = th.search(c.depth, c.alpha, c.alpha+1, 1, false, true)
		}
		nodes := th.stats.Total()
		if c.cut && (got != c.want || nodes != 1 || th.stats.TTCutoffs != 1) {
			t.Errorf("%s: %d after %d nodes and %d cutoffs, want %d from the table", c.name, got, nodes, th.stats.TTCutoffs, c.want)
		}
		if !c.cut && nodes == 1 {
			t.Errorf("%s: cut by the table (%d)", c.name, got)
		}
	}
}

// The bucket's replacement keeps the table usable when more positions
// than entries are stored: every probe that hits returns the position's
// own bounds.
func TestTwoBoundReplacement(t *testing.T) {
	tt := NewTT(1)
	tt.SetTwoBound(true)
	tt.NewSearch()
	n := tt.Entries() * 3
	for i := 1; i <= n; i++ {
		key := uint64(i) * 0x9e3779b97f4a7c15
		tt.Store(key, board.NoMove, i%1000, 0, i%7, BoundUpper)
	}
	hits := 0
	for i := 1; i <= n; i++ {
		key := uint64(i) * 0x9e3779b97f4a7c15
		if h, ok := tt.Probe(key); ok {
			hits++
			if e := twoHit(h); e.upper != i%1000 || e.uDepth != i%7 || e.lDepth != -1 {
				t.Fatalf("key %d: %+v", i, e)
			}
		}
	}
	if hits < tt.Entries()/2 {
		t.Errorf("%d hits of %d stored in %d entries", hits, n, tt.Entries())
	}
}

// With the selective techniques off, the table in either layout, MTD(f)
// with either first guess, SSS* and DUAL* (MTD(+inf) and MTD(-inf)), and
// ETC with its restrictions lifted find the value plain alpha-beta finds
// (TestDriversAgree checks the drivers without the table).
func TestLabFormsAgree(t *testing.T) {
	fens := valueFENs
	base := PlainOptions()
	configs := map[string]Options{}
	for _, algo := range []Algorithm{PVS, MTDF, SSS, DUAL} {
		for _, two := range []bool{false, true} {
			o := base
			o.Algorithm, o.TT, o.TwoBoundTT, o.Killers, o.History = algo, true, two, true, true
			o.Aspiration = algo == PVS
			configs[fmt.Sprintf("%v two=%v", algo, two)] = o
			o.ETC = true
			configs[fmt.Sprintf("%v two=%v ETC", algo, two)] = o
			o.ETCEveryDepth, o.ETCRepetitions = true, true
			configs[fmt.Sprintf("%v two=%v ETC lifted", algo, two)] = o
			if algo == MTDF {
				o.MTDGuessBack2 = true
				configs[fmt.Sprintf("%v two=%v ETC lifted back2", algo, two)] = o
			}
		}
	}
	depths := 4
	if testing.Short() {
		depths = 3
	}
	for _, fen := range fens {
		for depth := 1; depth <= depths; depth++ {
			want := searchFEN(t, fen, Limits{Depth: depth}, base).Score
			for name, o := range configs {
				if got := searchFEN(t, fen, Limits{Depth: depth}, o).Score; got != want {
					t.Errorf("%s depth %d: %s gives %d, alpha-beta %d", fen, depth, name, got, want)
				}
			}
		}
	}
}

func TestRoundToGrain(t *testing.T) {
	for _, g := range []int{2, 3, 8, 16} {
		for v := -100; v <= 100; v++ {
			r := roundToGrain(v, g)
			if r%g != 0 || max(r-v, v-r) > g/2 || roundToGrain(-v, g) != -r {
				t.Fatalf("roundToGrain(%d, %d) = %d (of -v: %d)", v, g, r, roundToGrain(-v, g))
			}
		}
	}
}

// With a coarse evaluation grain, every driver still finds alpha-beta's
// value at the same grain, and that value is a multiple of the grain.
func TestEvalGrainValues(t *testing.T) {
	const grain = 16
	base := PlainOptions()
	base.EvalGrain = grain
	configs := map[string]Options{}
	for _, algo := range []Algorithm{PVS, MTDF} {
		o := base
		o.Algorithm, o.TT, o.Killers, o.History, o.ETC = algo, true, true, true, true
		o.Aspiration = algo == PVS
		configs[algo.String()] = o
	}
	for _, fen := range valueFENs {
		for depth := 1; depth <= 3; depth++ {
			want := searchFEN(t, fen, Limits{Depth: depth}, base).Score
			if want > -MateBound && want < MateBound && want%grain != 0 {
				t.Errorf("%s depth %d: alpha-beta's value %d is not a multiple of %d", fen, depth, want, grain)
			}
			for name, o := range configs {
				if got := searchFEN(t, fen, Limits{Depth: depth}, o).Score; got != want {
					t.Errorf("%s depth %d: %s gives %d, alpha-beta %d", fen, depth, name, got, want)
				}
			}
		}
	}
}

// A walker's move order hands out every legal move once, the given first
// move first, and its moves and evaluation are the search's.
func TestWalker(t *testing.T) {
	pos, err := board.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	w := NewWalker(pos)
	var legal board.MoveList
	pos.GenerateLegal(&legal)
	first := board.NoMove
	for _, m := range legal.Slice() {
		if !pos.IsCapture(m) {
			first = m
			break
		}
	}
	var o MoveOrder
	o.Init(w, 0, first, false)
	seen := map[board.Move]bool{}
	for i := 0; ; i++ {
		m, ok := o.Next()
		if !ok {
			break
		}
		if i == 0 && m != first {
			t.Errorf("first move %v, want %v", m, first)
		}
		if seen[m] {
			t.Errorf("%v handed out twice", m)
		}
		seen[m] = true
	}
	if len(seen) != legal.Count {
		t.Errorf("%d moves, want the %d legal ones", len(seen), legal.Count)
	}
	key := w.Position().Key()
	w.Make(first)
	if w.Position().Key() == key || pos.Key() != key {
		t.Error("Make did not move the walker's own position")
	}
	w.Unmake()
	if w.Position().Key() != key {
		t.Error("Unmake did not restore the position")
	}
	th := &thread{s: &Searcher{opts: PlainOptions()}, pos: pos, ev: eval.NewEvaluator()}
	if got, want := w.Evaluate(), th.staticEval(); got != want {
		t.Errorf("Evaluate %d, the search's static evaluation %d", got, want)
	}
}
