// Tests of the modern techniques: the singular-extension search leaves
// the node's table entry alone, the move played when a search stops inside
// an iteration, and mate scores through singular extensions and ProbCut.
package search

import (
	"fmt"
	"testing"

	"brudno/board"
)

// prepared returns a searcher prepared on fen and its main thread, with a
// root move made so that the thread searches at ply 1 as inside a search.
func prepared(t *testing.T, fen string, opts Options) (*Searcher, *thread) {
	t.Helper()
	p, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(NewTT(16))
	s.Prepare(p, Limits{}, opts, 0)
	th := s.threads[0]
	th.rootDepth = 20
	return s, th
}

// A search with a move excluded (the singular-extension verification)
// must not store its result over the node's entry; the same search
// without the exclusion does store, so the test can fail.
func TestExcludedSearchKeepsEntry(t *testing.T) {
	const fen = "r1bq1rk1/ppp1bppp/2np1n2/4p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7"
	for _, exclude := range []bool{true, false} {
		s, th := prepared(t, fen, DefaultOptions())
		pos := th.pos
		var list board.MoveList
		pos.GenerateLegal(&list)
		m := list.Moves[0]
		th.stack[0].move = m
		th.stack[0].cont = &th.hist.cont[pos.PieceAt(m.From())][m.To()]
		pos.Make(m)
		key := pos.Key()
		pos.GenerateLegal(&list)
		reply := list.Moves[0]
		// A marker entry: an unlikely score at depth 1.
		s.tt.Store(key, reply, 12345, 7, 1, BoundLower)
		if exclude {
			th.stack[1].excluded = reply
		}
		th.search(6, -Infinity, Infinity, 1, true, false)
		th.stack[1].excluded = board.NoMove
		hit, ok := s.tt.Probe(key)
		kept := ok && hit.Score == 12345 && hit.Depth == 1 && hit.Move == reply && hit.Eval == 7
		if exclude && !kept {
			t.Errorf("the excluded-move search overwrote the node's entry: %+v (found %v)", hit, ok)
		}
		if !exclude && kept {
			t.Errorf("the full search left the marker entry: the test cannot tell")
		}
	}
}

// When a search stops inside an iteration, the move played is the last
// completed iteration's unless a move proved better in the unfinished
// one. A later root move holding a stale score from an earlier iteration
// (above the first move's) must not be played: the stop below comes
// before any move of the new iteration is searched.
func TestStoppedIterationKeepsCompletedMove(t *testing.T) {
	const fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	s, th := prepared(t, fen, DefaultOptions())
	for depth := 1; depth <= 5; depth++ {
		th.rootDepth = depth
		th.aspirate(depth, 0, false)
		th.completed, th.best = depth, th.rootMoves[0]
	}
	prev := th.best.move
	stale := th.rootMoves[3].move
	th.rootMoves[3].score = th.rootMoves[0].score + 500
	s.limits.Nodes = th.nodes + 1 // stop at the next node: nothing of depth 6 completes
	th.rootDepth = 6
	th.aspirate(6, 0, false)
	if !s.stop.Load() {
		t.Fatal("the node limit did not stop the search")
	}
	if got := th.choice().move; got != prev {
		t.Errorf("stopped at depth 6: plays %v, want the completed iteration's %v (stale %v)", got, prev, stale)
	}

	// Stopped later in the iteration, at many different moments: the move
	// is the completed one, or one that scored above it in this iteration.
	for extra := uint64(50); extra < 20000; extra = extra * 3 / 2 {
		s, th := prepared(t, fen, DefaultOptions())
		for depth := 1; depth <= 5; depth++ {
			th.rootDepth = depth
			th.aspirate(depth, 0, false)
			th.completed, th.best = depth, th.rootMoves[0]
		}
		prev := th.rootMoves[0]
		s.limits.Nodes = th.nodes + extra
		th.rootDepth = 6
		th.aspirate(6, 0, false)
		got := th.choice()
		if got.move != prev.move && (got.score == -Infinity || !s.stop.Load()) {
			t.Errorf("stopped %d nodes into depth 6: plays %v (score %d), not the completed %v", extra, got.move, got.score, prev.move)
		}
	}
}

// Mates are found with their exact distance through the paths of the new
// techniques: these WAC positions are mates that the search sees only
// after several iterations of ordinary scores, in which it runs
// singular-extension verifications and ProbCut; the distances are those
// of 43d442e's search (before these techniques) at depth 16. Each is
// searched to depth 14 with the play options and with every switch on
// (with them all, WAC.282's mate in 4 shows from depth 13).
func TestMatesThroughNewPaths(t *testing.T) {
	cases := []struct {
		fen   string
		moves int
	}{
		{"b4r1k/pq2rp2/1p1bpn1p/3PN2n/2P2P2/P2B3K/1B2Q2N/3R2R1 w - - 0 1", 3}, // WAC.104
		{"r4rk1/5ppp/p3q1n1/2p2NQ1/4n3/P3P3/1B3PPP/1R3RK1 w - - 0 1", 3},      // WAC.203
		{"6k1/2p3p1/1p1p1nN1/1B1P4/4PK2/8/2r3b1/7R w - - 0 1", 4},             // WAC.282
	}
	all := DefaultOptions() // every switch on, those still off in play too
	for _, sw := range Switches {
		*sw.Field(&all) = true
	}
	var total Stats
	for _, opts := range []Options{DefaultOptions(), all} {
		for _, c := range cases {
			r := searchFEN(t, c.fen, Limits{Depth: 14}, opts)
			if !IsMateScore(r.Score) || MateMoves(r.Score) != c.moves {
				t.Errorf("%s (all switches %v): score %d (mate %d), want mate %d", c.fen, opts.ETC, r.Score, MateMoves(r.Score), c.moves)
			}
			total.Add(r.Stats)
		}
	}
	if total.SingularSearches == 0 || total.ProbCutTries == 0 {
		t.Errorf("the paths were not exercised: %d singular searches, %d ProbCut tries", total.SingularSearches, total.ProbCutTries)
	}
}

// The correction history learns a steady difference between search
// results and the static evaluation, with the pawn table alone, with
// the non-pawn tables beside it and with the table of the last two moves
// beside it, and keeps within its limit. A second position that shares
// only White's pieces (or only the last two moves) learns part of the
// lesson of the first.
func TestCorrectionLearns(t *testing.T) {
	const fen = "r1bq1rk1/ppp1bppp/2np1n2/4p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7"
	const other = "r1bq1rk1/pp2bppp/2np1n2/2p1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7"
	const ply = 2
	// The last two moves, as the stack records them: Nf3 (White), Nc6.
	last := func(th *thread) {
		th.stack[0].move, th.stack[0].piece = board.NewMove(board.G1, board.SquareAt(5, 2)), board.MakePiece(board.White, board.Knight)
		th.stack[1].move, th.stack[1].piece = board.NewMove(board.SquareAt(1, 7), board.SquareAt(2, 5)), board.MakePiece(board.Black, board.Knight)
	}
	for _, c := range []struct {
		name   string
		np, cc bool
	}{{"pawn", false, false}, {"non-pawn", true, false}, {"two moves", false, true}} {
		opts := DefaultOptions()
		opts.CorrNonPawn, opts.ContCorr = c.np, c.cc
		_, th := prepared(t, fen, opts)
		last(th)
		for i := 0; i < 200; i++ {
			th.updateCorrection(ply, 10, 80, 20) // the search says 60 more
		}
		if v := th.correction(ply); v < 55 || v > 60 {
			t.Errorf("%s: correction %d after 200 lessons of +60", c.name, v)
		}
		for i := 0; i < 500; i++ {
			th.updateCorrection(ply, 20, 1000, 0)
		}
		lim := corrLimit
		if c.np || c.cc {
			lim = 2 * corrLimit // the pawn entry and the others
		}
		if v := th.correction(ply); v > lim || v < lim*3/4 {
			t.Errorf("%s: correction %d beyond %d", c.name, v, lim)
		}
		// Another pawn structure, the same pieces and last moves.
		_, th2 := prepared(t, other, opts)
		last(th2)
		th2.hist = th.hist
		if v := th2.correction(ply); (c.np || c.cc) && v == 0 || !c.np && !c.cc && v != 0 {
			t.Errorf("%s: a position with other pawns and the same pieces and moves has correction %d", c.name, v)
		}
		// The same position reached by other moves: only the two-move
		// entry is not shared.
		th.stack[1].move = board.NewMove(board.SquareAt(1, 7), board.SquareAt(3, 6))
		if v := th.correction(ply); c.cc && v > corrLimit || !c.cc && v < lim/2 {
			t.Errorf("%s: the position reached by other moves has correction %d", c.name, v)
		}
	}
}

// EvalFifty draws the corrected evaluation toward a draw by 1/200 a
// half-move of the fifty-move counter: unchanged at 0, halved at 100.
func TestEvalFifty(t *testing.T) {
	base := "4k3/8/8/8/8/8/3QK3/8 w - - %d 80"
	for _, c := range []struct{ clock, num, den int }{{0, 1, 1}, {50, 3, 4}, {100, 1, 2}} {
		opts := DefaultOptions()
		opts.CorrHistory, opts.EvalFifty = false, false
		_, off := prepared(t, fmt.Sprintf(base, c.clock), opts)
		opts.EvalFifty = true
		_, on := prepared(t, fmt.Sprintf(base, c.clock), opts)
		raw := off.staticEval()
		if raw < 500 {
			t.Fatalf("a queen up evaluates to %d", raw)
		}
		if got, want := on.adjustEval(raw, 0), raw*c.num/c.den; got < want-1 || got > want+1 {
			t.Errorf("clock %d: adjusted %d, want about %d (raw %d)", c.clock, got, want, raw)
		}
		if got := off.adjustEval(raw, 0); got != raw {
			t.Errorf("clock %d, EvalFifty off: adjusted %d, want %d", c.clock, got, raw)
		}
	}
}

// The fourth bundle's histories: the pawn history is shared by positions
// with the same pawns only; EvalDiffHistory rewards a quiet move by what
// it gained its mover and leaves captures alone; PriorMoveBonus rewards
// the quiet move into a node that fails low; CutoffCount reduces a ply
// more once the nodes below have failed high often.
func TestFourthBundleHistories(t *testing.T) {
	const fen = "r1bq1rk1/ppp1bppp/2np1n2/4p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7"
	const other = "r1bq1rk1/pp2bppp/2np1n2/2p1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7"
	opts := DefaultOptions()
	opts.PawnHistory, opts.EvalDiffHistory, opts.PriorMoveBonus, opts.CutoffCount = true, true, true, true
	opts.ThreatHistory = false // one butterfly slice, so that the test reads it directly
	_, th := prepared(t, fen, opts)
	sq := board.SquareAt
	h3 := board.NewMove(sq(7, 1), sq(7, 2)) // h2h3, quiet
	pawnPc := board.MakePiece(board.White, board.Pawn)

	// Pawn history.
	before := th.quietHistory(1, h3, pawnPc)
	th.updateQuiet(1, h3, 2000)
	gain := th.quietHistory(1, h3, pawnPc) - before
	_, th2 := prepared(t, other, opts)
	th2.hist = th.hist
	otherGain := th2.quietHistory(1, h3, pawnPc) - before
	if gain <= otherGain || otherGain <= 0 {
		t.Errorf("pawn history: the reward raised the move by %d here and by %d with other pawns", gain, otherGain)
	}

	// EvalDiffHistory: Black (to move at ply 2) made quiet move h7h6 from
	// ply 1, where Black's evaluation was 50; White's is now -100, so
	// Black gained 50.
	_, th = prepared(t, "r1bq1rk1/ppp1bpp1/2np1n1p/4p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 8", opts)
	h6 := board.NewMove(sq(7, 6), sq(7, 5))
	butterfly := func() int16 { return th.hist.butterfly[board.Black][0][h6.From()][h6.To()] }
	th.stack[1].move, th.stack[1].piece, th.stack[1].quiet, th.stack[1].eval = h6, board.MakePiece(board.Black, board.Pawn), true, 50
	th.evalDiff(2, -100)
	if got, want := butterfly(), int16(evalDiffMul*50); got != want {
		t.Errorf("eval diff: butterfly %d after a gain of 50, want %d", got, want)
	}
	th.evalDiff(2, 0) // lost 50 back
	if got := butterfly(); got >= int16(evalDiffMul*50) {
		t.Errorf("eval diff: butterfly %d after a loss, want less than %d", got, evalDiffMul*50)
	}
	th.stack[1].quiet = false
	was := butterfly()
	th.evalDiff(2, -500)
	if butterfly() != was {
		t.Errorf("eval diff: a capture changed the butterfly history")
	}

	// PriorMoveBonus.
	th.stack[1].quiet = true
	cont := func() int16 { return th.contTable(1, 1)[th.stack[1].piece][h6.To()] }
	b0, c0 := butterfly(), cont()
	th.updatePrior(2, 1000)
	if butterfly() <= b0 || cont() <= c0 {
		t.Errorf("prior move: butterfly %d -> %d, continuation %d -> %d after a reward", b0, butterfly(), c0, cont())
	}

	// CutoffCount.
	n := node{depth: 10, ply: 2}
	th.stack[3].cutoffs = cutoffCountMin
	r0 := th.reduction(&n, h3, 2, 0, false)
	th.stack[3].cutoffs = cutoffCountMin + 1
	if r := th.reduction(&n, h3, 2, 0, false); r != r0+1 {
		t.Errorf("cutoff count: reduction %d with many cutoffs below, %d without", r, r0)
	}
}

// The fifth and sixth bundles: each switch does its work only when on,
// and counts it.
// Hindsight deepens a node after a deep reduction of a move that cost its
// mover nothing, and makes it shallower after one that cost a clear
// margin; CaptureFutility skips a capture that cannot bring the
// evaluation near alpha, but not a capture that checks.
func TestFifthAndSixthBundles(t *testing.T) {
	const fen = "r1bq1rk1/ppp1bppp/2np1n2/4p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7"
	counts := func(o Options) Stats {
		return searchFEN(t, fen, Limits{Depth: 11}, o).Stats
	}
	off := counts(DefaultOptions())
	for _, c := range []struct {
		name  string
		field func(*Options) *bool
		count func(Stats) uint64
	}{
		{"CaptureFutility", func(o *Options) *bool { return &o.CaptureFutility }, func(s Stats) uint64 { return s.CaptureFutility }},
		{"AlphaReduce", func(o *Options) *bool { return &o.AlphaReduce }, func(s Stats) uint64 { return s.AlphaReductions }},
		{"Hindsight", func(o *Options) *bool { return &o.Hindsight }, func(s Stats) uint64 { return s.HindsightDeeper + s.HindsightShallower }},
		{"SingularNeg", func(o *Options) *bool { return &o.SingularNeg }, func(s Stats) uint64 { return s.NegativeExtensions }},
		{"QSFutility", func(o *Options) *bool { return &o.QSFutility }, func(s Stats) uint64 { return s.QSFutility }},
		{"CheckExtSEE", func(o *Options) *bool { return &o.CheckExtSEE }, func(s Stats) uint64 { return s.ChecksNotExtended }},
	} {
		o := DefaultOptions()
		*c.field(&o) = true
		on := counts(o)
		if c.name == "SingularNeg" {
			if on.NegativeExtensions <= off.NegativeExtensions || on.Nodes == off.Nodes {
				t.Errorf("SingularNeg: %d negative extensions on, %d off (nodes %d, %d)", on.NegativeExtensions, off.NegativeExtensions, on.Nodes, off.Nodes)
			}
			continue
		}
		if c.count(off) != 0 || c.count(on) == 0 || on.Nodes == off.Nodes {
			t.Errorf("%s: counted %d on, %d off (nodes %d, %d)", c.name, c.count(on), c.count(off), on.Nodes, off.Nodes)
		}
	}

	// Hindsight, by hand: the node at ply 2 was reached by a move of
	// Black's from ply 1, reduced by 3.
	o := DefaultOptions()
	o.Hindsight = true
	_, th := prepared(t, fen, o)
	for _, c := range []struct {
		reduction, parentEval, eval, want int
	}{
		{3, 40, -40, 11},        // the move cost Black nothing: deeper
		{3, 40, -100, 11},       // it gained Black 60: deeper
		{2, 40, -40, 10},        // reduced too little to deepen
		{2, 40, 50, 9},          // it cost Black 90: shallower
		{1, 40, 50, 10},         // reduced too little to make shallower
		{0, 40, 200, 10},        // not reduced
		{3, -Infinity, 0, 10},   // Black was in check
		{3, 40, -Infinity, 10},  // the node is in check
		{3, 40, 40 + 1, 9},      // it cost Black 81 with a reduction of 3: shallower
		{3, 40, 40 + 0 - 1, 10}, // it cost Black 79: neither
	} {
		th.stack[1].reduction, th.stack[1].eval = c.reduction, c.parentEval
		n := node{depth: 10, ply: 2, staticEval: c.eval, inCheck: c.eval == -Infinity}
		th.hindsight(&n)
		if n.depth != c.want {
			t.Errorf("hindsight: reduction %d, evaluations %d then %d: depth %d, want %d", c.reduction, c.parentEval, c.eval, n.depth, c.want)
		}
	}

	// CaptureFutility, by hand: White's Bxf7+ checks and Nxe5 does not.
	for _, on := range []bool{false, true} {
		o := DefaultOptions()
		o.CaptureFutility = on
		_, th := prepared(t, fen, o)
		n := node{depth: 4, ply: 1, alpha: 600, beta: 601, staticEval: 0}
		mv := func(s string) board.Move {
			m, err := th.pos.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			return m
		}
		if prune, _ := th.pruneMove(&n, mv("f3e5"), false, 0, 3, 2); prune != on {
			t.Errorf("capture futility %v: Nxe5 at 0 against alpha 600 pruned %v", on, prune)
		}
		if prune, _ := th.pruneMove(&n, mv("c4f7"), false, 0, 3, 2); prune {
			t.Errorf("capture futility %v: the check Bxf7+ pruned", on)
		}
		n.alpha, n.beta = 300, 301
		if prune, _ := th.pruneMove(&n, mv("f3e5"), false, 0, 3, 2); prune {
			t.Errorf("capture futility %v: Nxe5 at 0 against alpha 300 pruned", on)
		}
	}
}
