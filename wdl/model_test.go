// Tests of the model: per mille estimates that sum to 1000, move the
// right way with the score and are symmetric, and the material count.
package wdl

import (
	"testing"

	"brudno/board"
)

// The models checked: two of different shapes.
func testModels() []Model {
	return []Model{
		{Var: VarMaterial, Min: 10, Max: 78, Scale: 58, A: [4]float64{100, 80, 60, -20}, B: [4]float64{70, 40, -10, 5}},
		{Var: VarMove, Min: 5, Max: 120, Scale: 64, A: [4]float64{-20, 0, 0, 0}, B: [4]float64{30, 0, 0, 0}}, // a < 0: W+L over 1000 unless cut
	}
}

func TestPerMilleSumMonotoneSymmetric(t *testing.T) {
	for mi, m := range testModels() {
		if err := CheckPerMille(&m); err != nil {
			t.Errorf("model %d: %v", mi, err)
		}
	}
}

func TestMaterial(t *testing.T) {
	p := board.NewPosition()
	if got := Material(p); got != 78 {
		t.Errorf("material of the start position %d, want 78", got)
	}
	q, _ := board.ParseFEN("4k3/8/8/8/8/8/3P4/3QK3 w - - 0 40")
	for _, m := range testModels() {
		if m.Var == VarMaterial && m.Value(q) != 10 || m.Var == VarMove && m.Value(q) != 40 {
			t.Errorf("%s of %s: %d", m.Var, q.FEN(), m.Value(q))
		}
	}
}
