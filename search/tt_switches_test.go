// Tests of the switch that changes how the search uses the table:
// TTEvalStore (the evaluation stored on the first visit).
package search

import (
	"testing"

	"brudno/board"
)

// A level middlegame (the hand-crafted evaluation gives a few centipawns),
// so that neither reverse futility nor razoring ends a node searched with
// a window near 0.
const ttSwitchFEN = "r1bq1rk1/ppp1bppp/2np1n2/4p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7"

// preparedTT is prepared on ttSwitchFEN with the play options and the
// given switches on, the table in a generation of its own.
func preparedTT(t *testing.T, on ...func(*Options) *bool) (*Searcher, *thread) {
	t.Helper()
	o := DefaultOptions()
	for _, f := range on {
		*f(&o) = true
	}
	s, th := prepared(t, ttSwitchFEN, o)
	s.tt.NewSearch()
	return s, th
}

func evalStore(o *Options) *bool { return &o.TTEvalStore }

// An evaluation-only entry holds the evaluation and nothing else; it
// never replaces an entry of its position, and every result of the
// position, quiescence's too, replaces it.
func TestStoreEval(t *testing.T) {
	tt := NewTT(1)
	tt.NewSearch()
	const key = 0x2545f4914f6cdd1d
	m := board.NewMove(12, 28)
	tt.storeEval(key, -87, true)
	want := TTHit{Eval: -87, Bound: BoundNone, PV: true}
	if h, ok := tt.Probe(key); !ok || h != want {
		t.Errorf("evaluation-only entry: %+v (found %v), want %+v", h, ok, want)
	}
	tt.Store(key, board.NoMove, 40, -87, 0, BoundUpper) // a quiescence result
	if h, _ := tt.Probe(key); h.Bound != BoundUpper || h.Score != 40 {
		t.Errorf("a quiescence result did not replace the evaluation: %+v", h)
	}
	tt.Store(key, m, 120, -87, 5, BoundLower)
	tt.storeEval(key, 999, false)
	if h, _ := tt.Probe(key); h.Bound != BoundLower || h.Score != 120 || h.Depth != 5 || h.Move != m || h.Eval != -87 {
		t.Errorf("an evaluation replaced a result: %+v", h)
	}
}

// With TTEvalStore the node's first visit stores its raw evaluation
// before any move is searched; not without the switch, not in check and
// not in a singular-extension search (a move excluded).
func TestTTEvalStoreFirstVisit(t *testing.T) {
	for _, c := range []struct {
		name     string
		on       bool
		fen      string
		excluded bool
		stored   bool
	}{
		{"on", true, ttSwitchFEN, false, true},
		{"off", false, ttSwitchFEN, false, false},
		{"in check", true, "rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 3", false, false},
		{"move excluded", true, ttSwitchFEN, true, false},
	} {
		o := DefaultOptions()
		o.TTEvalStore = c.on
		s, th := prepared(t, c.fen, o)
		s.tt.NewSearch()
		pos := th.pos
		n := node{depth: 5, alpha: 0, beta: 1, ply: 1, cutNode: true, inCheck: pos.InCheck()}
		if c.excluded {
			var list board.MoveList
			pos.GenerateLegal(&list)
			n.excluded = list.Moves[0]
		}
		th.evaluate(&n)
		h, ok := s.tt.Probe(pos.Key())
		if c.stored != ok {
			t.Errorf("%s: entry %+v found %v, want %v", c.name, h, ok, c.stored)
			continue
		}
		if ok && (h.Eval != n.rawEval || h.Bound != BoundNone || h.Depth != 0 || h.Move != board.NoMove || n.rawEval == -Infinity) {
			t.Errorf("%s: entry %+v for the raw evaluation %d", c.name, h, n.rawEval)
		}
	}
}

// An evaluation-only entry of the node's own evaluation changes nothing
// but the evaluation's cost: the node and quiescence at it search the
// same tree and return the same score as with an empty table, whatever
// the window (its score field, 0, would cut a window above or below 0 if
// it were read as a bound). An entry with another evaluation is used: a
// stand pat on it.
func TestEvalEntryNeverCuts(t *testing.T) {
	type result struct {
		score int
		nodes uint64
	}
	run := func(plant bool, depth, alpha int) result {
		s, th := preparedTT(t, evalStore)
		if plant {
			s.tt.storeEval(th.pos.Key(), th.staticEval(), false)
		}
		th.stats = Stats{}
		var score int
		if depth == 0 {
			score = th.qsearch(alpha, alpha+1, 1)
		} else {
			score = th.search(depth, alpha, alpha+1, 1, false, true)
		}
		if th.stats.TTCutoffs > 0 && th.stats.Total() == 1 {
			t.Errorf("depth %d, alpha %d, entry planted %v: cut by the table (%d)", depth, alpha, plant, score)
		}
		return result{score, th.stats.Total()}
	}
	for _, depth := range []int{0, 1, 3, 6} {
		for _, alpha := range []int{-50, 50} {
			empty, planted := run(false, depth, alpha), run(true, depth, alpha)
			if empty != planted {
				t.Errorf("depth %d, alpha %d: %+v with an empty table, %+v with the evaluation stored", depth, alpha, empty, planted)
			}
		}
	}
	s, th := preparedTT(t, evalStore)
	s.tt.storeEval(th.pos.Key(), 3000, false)
	th.stats = Stats{}
	if v := th.qsearch(2000, 2001, 1); v < 2001 || th.stats.Total() != 1 {
		t.Errorf("quiescence on a stored evaluation of 3000, window (2000, 2001): %d after %d nodes, want a stand pat", v, th.stats.Total())
	}
}
