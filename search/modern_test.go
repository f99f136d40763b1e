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
	s.firstIterationDone() // as iterate does: stops take effect from now
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
		s.firstIterationDone() // as iterate does: stops take effect from now
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
// searched to depth 14 with the play options and to depth 18 with every
// switch on: with the pruning bundle's switches among them (quiet checks
// and evasions pruned) WAC.282's mate in 4 showed only from depth 16, and
// with bundle D's too, not at 16 (a score of -272).
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
	for i, opts := range []Options{DefaultOptions(), all} {
		for _, c := range cases {
			r := searchFEN(t, c.fen, Limits{Depth: 14 + 4*i}, opts)
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
// results and the static evaluation, with the pawn table alone and with
// the non-pawn or minor-piece tables beside it, and keeps within its
// limit. A second position that shares only the pieces other than pawns
// learns part of the lesson of the first.
func TestCorrectionLearns(t *testing.T) {
	const fen = "r1bq1rk1/ppp1bppp/2np1n2/4p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7"
	const other = "r1bq1rk1/pp2bppp/2np1n2/2p1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7"
	for _, c := range []struct{ np, minor bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
		opts := DefaultOptions()
		opts.CorrNonPawn, opts.MinorCorr = c.np, c.minor
		_, th := prepared(t, fen, opts)
		for i := 0; i < 200; i++ {
			th.updateCorrection(10, 80, 20) // the search says 60 more
		}
		if v := th.correction(); v < 55 || v > 60 {
			t.Errorf("%+v: correction %d after 200 lessons of +60", c, v)
		}
		for i := 0; i < 500; i++ {
			th.updateCorrection(20, 1000, 0)
		}
		lim := corrLimit * (1 + b2i(c.np) + b2i(c.minor)) // each table's entry at its limit
		if v := th.correction(); v > lim || v < lim*3/4 {
			t.Errorf("%+v: correction %d beyond %d", c, v, lim)
		}
		// Another pawn structure, the same pieces.
		_, th2 := prepared(t, other, opts)
		th2.hist = th.hist
		shared := c.np || c.minor
		if v := th2.correction(); shared && v == 0 || !shared && v != 0 {
			t.Errorf("%+v: a position with other pawns and the same pieces has correction %d", c, v)
		}
	}
}

// The minor-piece key depends on the knights, bishops and kings, on
// nothing else, and on the colour of each.
func TestMinorKey(t *testing.T) {
	key := func(fen string) uint64 {
		p, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		return minorKey(p)
	}
	base := key("r1bq1rk1/ppp1bppp/2np1n2/4p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7")
	same := []string{
		"r1bq1rk1/pp2bppp/2np1n2/2p1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7", // pawns
		"r1b2rk1/ppp1bppp/2np1n2/4p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 b - - 0 7",   // a queen, the side
		"2bq1rk1/ppp1bppp/2np1n2/4p3/2B1P3/2NP1N2/PPP2PPP/R1BQR1K1 w - - 0 7",   // rooks
		"r1bq1rk1/ppp1bppp/2nP1n2/4p3/2B1P3/2Np1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",  // pawns of both colours
	}
	other := []string{
		"r1bq1rk1/ppp1bppp/3p1n2/4p3/2BnP3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",  // a knight moved
		"r1bq1rk1/ppp1bppp/2np1n2/4p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1R1K w - - 0 7", // a king moved
		"r1bq1rk1/ppp1bppp/2np1n2/4p3/4P3/2NP1N2/PPP1BPPP/R1BQ1RK1 w - - 0 7",  // a bishop moved
		"r1bq1rk1/ppp1bppp/2Np1n2/4p3/2B1P3/2nP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7", // two knights swap colours
	}
	for _, f := range same {
		if k := key(f); k != base {
			t.Errorf("%s: key %x, want the base's %x", f, k, base)
		}
	}
	for _, f := range other {
		if k := key(f); k == base {
			t.Errorf("%s: the base's key", f)
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
		if got, want := on.adjustEval(raw), raw*c.num/c.den; got < want-1 || got > want+1 {
			t.Errorf("clock %d: adjusted %d, want about %d (raw %d)", c.clock, got, want, raw)
		}
		if got := off.adjustEval(raw); got != raw {
			t.Errorf("clock %d, EvalFifty off: adjusted %d, want %d", c.clock, got, raw)
		}
	}
}

// QSFutility and CheckExtSEE do their work only when on, and count it.
func TestSwitchesCountTheirWork(t *testing.T) {
	const fen = "r1bq1rk1/ppp1bppp/2np1n2/4p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7"
	counts := func(o Options) Stats {
		return searchFEN(t, fen, Limits{Depth: 11}, o).Stats
	}
	defaults := DefaultOptions()
	defaults.QSFutility, defaults.CheckExtSEE = false, false
	off := counts(defaults)
	for _, c := range []struct {
		name  string
		field func(*Options) *bool
		count func(Stats) uint64
	}{
		{"QSFutility", func(o *Options) *bool { return &o.QSFutility }, func(s Stats) uint64 { return s.QSFutility }},
		{"CheckExtSEE", func(o *Options) *bool { return &o.CheckExtSEE }, func(s Stats) uint64 { return s.ChecksNotExtended }},
	} {
		o := defaults
		*c.field(&o) = true
		on := counts(o)
		if c.count(off) != 0 || c.count(on) == 0 || on.Nodes == off.Nodes {
			t.Errorf("%s: counted %d on, %d off (nodes %d, %d)", c.name, c.count(on), c.count(off), on.Nodes, off.Nodes)
		}
	}
}

// Each technique of the reductions-and-extensions, the pruning and the
// fourth bundles and the later switches changes the search when switched
// from its default (DrawJitter, whose tree here has no draw, in
// TestRepetitionScore; PVChecks, which spares only mates, in
// TestPVChecksMates), and
// a reduced quiet move's re-search moves its continuation entries the way
// it ended.
func TestBundleSwitches(t *testing.T) {
	const fen = "r1bq1rk1/ppp1bppp/2np1n2/4p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7"
	nodes := func(o Options) uint64 {
		return searchFEN(t, fen, Limits{Depth: 11}, o).Stats.Nodes
	}
	base := nodes(DefaultOptions())
	for _, c := range []struct {
		name  string
		field func(*Options) *bool
		on    bool // in play (bundle B since its match; A, D and CheckOrder since theirs; ThreatOrder since its own)
	}{
		{"CaptureLMR", func(o *Options) *bool { return &o.CaptureLMR }, true},
		{"IIRPVCut", func(o *Options) *bool { return &o.IIRPVCut }, true},
		{"ContResearch", func(o *Options) *bool { return &o.ContResearch }, true},
		{"NegExtCut", func(o *Options) *bool { return &o.NegExtCut }, true},
		{"PrunePVCheck", func(o *Options) *bool { return &o.PrunePVCheck }, true},
		{"PruneChecks", func(o *Options) *bool { return &o.PruneChecks }, true},
		{"PruneBlend", func(o *Options) *bool { return &o.PruneBlend }, true},
		{"RFPTTHist", func(o *Options) *bool { return &o.RFPTTHist }, true},
		{"MinorCorr", func(o *Options) *bool { return &o.MinorCorr }, true},
		{"CheckLMR", func(o *Options) *bool { return &o.CheckLMR }, true},
		{"TrivialCutSkip", func(o *Options) *bool { return &o.TrivialCutSkip }, true},
		{"CheckOrder", func(o *Options) *bool { return &o.CheckOrder }, true},
		{"UpcomingRep", func(o *Options) *bool { return &o.UpcomingRep }, true},
		{"ThreatOrder", func(o *Options) *bool { return &o.ThreatOrder }, true},
	} {
		o := DefaultOptions()
		if *c.field(&o) != c.on {
			t.Errorf("%s: %v by default, want %v", c.name, *c.field(&o), c.on)
		}
		*c.field(&o) = !c.on
		if n := nodes(o); n == base {
			t.Errorf("%s %v: %d nodes, as many as with the default", c.name, !c.on, n)
		}
	}
	if err := SetParam("LMRCutNode", 1); err != nil {
		t.Fatal(err)
	}
	n := nodes(DefaultOptions())
	if err := SetParam("LMRCutNode", 2); err != nil {
		t.Fatal(err)
	}
	if n == base {
		t.Errorf("LMRCutNode 1: %d nodes, as many as with 2", n)
	}

	o := DefaultOptions()
	o.ContResearch = true
	_, th := prepared(t, fen, o)
	m, err := th.pos.ParseMove("f3h4")
	if err != nil {
		t.Fatal(err)
	}
	th.setMove(0, board.NoMove)
	th.setMove(1, board.NoMove)
	th.setMove(2, m)
	pc := th.stack[2].piece
	entry := func() int { return int(th.contTable(2, 1)[pc][m.To()]) + int(th.contTable(2, 2)[pc][m.To()]) }
	before := entry()
	th.researchHistory(2, 8, 50, 10, 11) // a fail high
	high := entry()
	th.researchHistory(2, 8, 10, 10, 11) // a fail low
	th.researchHistory(2, 8, 10, 10, 11)
	low := entry()
	th.researchHistory(2, 8, 20, 10, 30) // inside a PV window: nothing
	if high <= before || low >= high || entry() != low {
		t.Errorf("continuation entries %d, after a fail high %d, after two fail lows %d, after an exact score %d", before, high, low, entry())
	}
}
