// Tests of the minimal graph against the search's own node counts.
package graph

import (
	"testing"

	"brudno/board"
	"brudno/search"
)

// valueFENs are the search's test positions of the same name: the start,
// Kiwipete, tactics, an opening, an endgame and a back-rank position.
var valueFENs = []string{
	board.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1",
	"r1bq1rk1/ppp1bppp/2np1n2/4p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
}

// searchFEN searches fen with a fresh 16 MB table.
func searchFEN(t *testing.T, fen string, lim search.Limits, opts search.Options) search.Result {
	t.Helper()
	p, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return search.NewSearcher(search.NewTT(16)).Search(p, lim, opts, 0, search.Callbacks{})
}

// The minimal graph proves the value the laboratory's configurations
// compute, is counted as the definition says at depths 1 and 2, and is no
// larger than what any configuration searches to reach the depth. Not a
// theorem for every tree (a configuration's move ordering could find
// cheaper cutoffs), but what holds on these positions; the last iteration
// alone of a configuration with the table can be smaller than the LFMG
// (the table carries quiescence results and deeper bounds over from the
// earlier iterations), so only alpha-beta's, without the table, is bounded.
func TestMinimalGraph(t *testing.T) {
	fens := valueFENs
	var configs []search.Options
	o := search.PlainOptions()
	for _, change := range []func(*search.Options){
		func(*search.Options) {},
		func(o *search.Options) { o.Aspiration = true },
		func(o *search.Options) { o.Algorithm = search.PVS },
		func(o *search.Options) { o.TT = true },
		func(o *search.Options) { o.Killers, o.History = true, true },
		func(o *search.Options) { o.ETC = true },
		func(o *search.Options) { o.Algorithm = search.MTDF },
		func(o *search.Options) { o.TwoBoundTT = true },
	} {
		change(&o)
		configs = append(configs, o)
	}
	g := NewProver(4)
	for _, fen := range fens {
		pos, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		var list board.MoveList
		pos.GenerateLegal(&list)
		var abBefore uint64
		for depth := 1; depth <= 3; depth++ {
			r := g.Measure(pos, depth, 2, false)
			ab := searchFEN(t, fen, search.Limits{Depth: depth}, search.PlainOptions())
			if r.Value != ab.Score {
				t.Errorf("%s depth %d: graph value %d, alpha-beta %d", fen, depth, r.Value, ab.Score)
			}
			if r.LFMG.Inconsistent != 0 || r.ARMG.Inconsistent != 0 {
				t.Errorf("%s depth %d: inconsistent CUT nodes %d, %d", fen, depth, r.LFMG.Inconsistent, r.ARMG.Inconsistent)
			}
			// Depth 1: the root and quiescence; depth 2: the root and
			// every child (a PV node's children are all in the graph).
			wantInterior := map[int]uint64{1: 1, 2: 1 + uint64(list.Count)}
			if w, ok := wantInterior[depth]; ok && r.LFMG.Interior != w {
				t.Errorf("%s depth %d: %d interior nodes, want %d", fen, depth, r.LFMG.Interior, w)
			}
			if depth == 1 && r.ARMG != r.LFMG {
				t.Errorf("%s depth 1: ARMG(2) %+v differs from the LFMG %+v (no CUT node above quiescence)", fen, r.ARMG, r.LFMG)
			}
			if last := ab.Nodes - abBefore; r.LFMG.Nodes > last {
				t.Errorf("%s depth %d: LFMG %d nodes, alpha-beta's last iteration %d", fen, depth, r.LFMG.Nodes, last)
			}
			abBefore = ab.Nodes
			for i, o := range configs {
				if n := searchFEN(t, fen, search.Limits{Depth: depth}, o).Nodes; r.LFMG.Nodes > n {
					t.Errorf("%s depth %d: LFMG %d nodes, configuration %d searched %d", fen, depth, r.LFMG.Nodes, i, n)
				}
			}
		}
	}
}
