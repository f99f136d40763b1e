package search

import (
	"math/rand"
	"testing"

	"brudno/board"
	"brudno/nnue"
)

// randomNet returns a network with small random weights.
func randomNet(t testing.TB, hidden int, seed int64) *nnue.Net {
	t.Helper()
	net, err := nnue.RandomNet(hidden, 60, rand.New(rand.NewSource(seed)))
	if err != nil {
		t.Fatal(err)
	}
	return net
}

// kingNet returns a network with small random weights and the built-in
// layout of kb king buckets.
func kingNet(t testing.TB, hidden, kb int, seed int64) *nnue.Net {
	t.Helper()
	net, err := nnue.RandomKingNet(hidden, 8, kb, 60, rand.New(rand.NewSource(seed)))
	if err != nil {
		t.Fatal(err)
	}
	return net
}

// The search's moves keep the network's accumulators in step with the
// position: after random moves, null moves and takebacks through the
// thread's make and unmake, the incremental evaluation equals one from
// scratch, with and without king buckets; and a search with a network
// leaves the stack at the root.
func TestNNUEFollowsTheSearch(t *testing.T) {
	for _, net := range []*nnue.Net{randomNet(t, 32, 1), kingNet(t, 32, 8, 4)} {
		followTheSearch(t, net)
	}
}

func followTheSearch(t *testing.T, net *nnue.Net) {
	opts := DefaultOptions()
	opts.Net = net
	rng := rand.New(rand.NewSource(2))
	for _, fen := range []string{board.StartFEN, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"} {
		_, th := prepared(t, fen, opts)
		if th.nn == nil {
			t.Fatal("no network evaluator with Options.Net set")
		}
		var list board.MoveList
		made := []bool{} // true: a move, false: a null move
		for step := 0; step < 2000; step++ {
			th.pos.GenerateLegal(&list)
			switch r := rng.Intn(10); {
			case len(made) > 0 && (r < 3 || len(made) >= 60 || list.Count == 0):
				if made[len(made)-1] {
					th.unmakeMove()
				} else {
					th.unmakeNull()
				}
				made = made[:len(made)-1]
			case r == 3 && !th.pos.InCheck():
				th.makeNull()
				made = append(made, false)
			case list.Count > 0:
				th.makeMove(list.Moves[rng.Intn(list.Count)])
				made = append(made, true)
			}
			if got, want := th.staticEval(), net.EvaluatePosition(th.pos); got != want {
				t.Fatalf("%s after %d steps: incremental %d, from scratch %d", th.pos.FEN(), step, got, want)
			}
		}
	}
	for _, threads := range []int{1, 2} {
		opts.Threads = threads
		s := NewSearcher(NewTT(16))
		p, _ := board.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
		r := s.Search(p, Limits{Depth: 8}, opts, 0, Callbacks{})
		if !p.IsLegal(r.Best) {
			t.Fatalf("%d threads: best %v is not legal", threads, r.Best)
		}
		for _, th := range s.threads {
			if th.nn.Ply() != 0 {
				t.Errorf("%d threads: thread %d's network stack left at ply %d", threads, th.id, th.nn.Ply())
			}
		}
	}
}

// A network search allocates nothing per node, with and without king
// buckets.
func TestNNUENoAllocationPerNode(t *testing.T) {
	for _, net := range []*nnue.Net{randomNet(t, 64, 3), kingNet(t, 64, 16, 5)} {
		noAllocationPerNode(t, net)
	}
}

func noAllocationPerNode(t *testing.T, net *nnue.Net) {
	opts := DefaultOptions()
	opts.Net = net
	p, _ := board.ParseFEN(benchFEN)
	s := NewSearcher(NewTT(16))
	s.Search(p, Limits{Depth: 2}, opts, 0, Callbacks{})
	small, rs := searchAllocs(s, p, Limits{Nodes: 20000}, opts)
	big, rb := searchAllocs(s, p, Limits{Nodes: 400000}, opts)
	smallNodes, bigNodes := rs.Nodes, rb.Nodes
	if bigNodes < 5*smallNodes {
		t.Fatalf("the searches took %d and %d nodes: too close to compare", smallNodes, bigNodes)
	}
	if big > small+40 {
		t.Errorf("allocations grow with the tree: %d at %d nodes, %d at %d nodes", small, smallNodes, big, bigNodes)
	}
}

// A network whose evaluation lies beyond the table's int16 and the mate
// range (a zero net with an output bias of 100 units at scale 1000:
// 100,000 centipawns for whichever side is to move) is clamped below the
// tablebase and mate bands, and a search with it plays a legal move and
// reports neither a mate nor a tablebase win.
func TestNNUEEvaluationClamped(t *testing.T) {
	h := 16
	net, err := nnue.NewScaledNet(h, 1, nnue.MaxScale, make([]int16, nnue.Inputs*h), make([]int16, h), make([]int16, 2*h), []int32{100 * nnue.QA * nnue.QB})
	if err != nil {
		t.Fatal(err)
	}
	if got := net.EvaluatePosition(board.NewPosition()); got != 100*nnue.MaxScale {
		t.Fatalf("the net evaluates to %d, want %d", got, 100*nnue.MaxScale)
	}
	opts := DefaultOptions()
	opts.Net = net
	_, th := prepared(t, board.StartFEN, opts)
	if got := th.staticEval(); got != TBWinBound-1 {
		t.Fatalf("staticEval %d, want %d", got, TBWinBound-1)
	}
	s := NewSearcher(NewTT(16))
	p, _ := board.ParseFEN(board.StartFEN)
	r := s.Search(p, Limits{Depth: 5}, opts, 0, Callbacks{})
	if !p.IsLegal(r.Best) || r.Score >= TBWinBound {
		t.Fatalf("best %v score %d: want a legal move and a score below the tablebase and mate range", r.Best, r.Score)
	}
}
