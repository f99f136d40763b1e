package search

import (
	"testing"

	"brudno/board"
)

// An entry gives back every field it was stored with, the principal
// variation flag and negative scores included; a depth beyond the field
// is stored as its largest value; a result without a move keeps the
// stored move.
func TestTTRoundTrip(t *testing.T) {
	tt := NewTT(1)
	m := board.NewMove(12, 28) // e2e4
	cases := []struct {
		score, eval, depth, bound int
		pv                        bool
	}{
		{-312, 45, 9, BoundUpper, true},
		{Mate - 3, -Infinity, 0, BoundExact, false},
		{17, -7, 200, BoundLower, true},
	}
	for i, c := range cases {
		key := uint64(0x9e3779b97f4a7c15) * uint64(i+1)
		tt.StorePV(key, m, c.score, c.eval, c.depth, c.bound, c.pv)
		h, ok := tt.Probe(key)
		want := TTHit{Move: m, Score: c.score, Eval: c.eval, Depth: min(c.depth, 127), Bound: c.bound, PV: c.pv}
		if !ok || h != want {
			t.Errorf("case %d: probe %+v (found %v), want %+v", i, h, ok, want)
		}
		tt.Store(key, board.NoMove, c.score, c.eval, c.depth, BoundExact)
		if h, _ := tt.Probe(key); h.Move != m || h.PV {
			t.Errorf("case %d: a store without a move or PV flag: %+v", i, h)
		}
	}
}
