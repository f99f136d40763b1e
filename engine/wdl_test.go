// Tests of the win/draw/loss model and the UCI_ShowWDL option.
package engine

import (
	"testing"

	"brudno/board"
	"brudno/search"
)

// The models checked: the one in use and two of other shapes.
func testWDLModels() []WDLModel {
	return []WDLModel{
		CurrentWDLModel(),
		{Var: WDLMaterial, Min: 10, Max: 78, Scale: 58, A: [4]float64{100, 80, 60, -20}, B: [4]float64{70, 40, -10, 5}},
		{Var: WDLMove, Min: 5, Max: 120, Scale: 64, A: [4]float64{-20, 0, 0, 0}, B: [4]float64{30, 0, 0, 0}}, // a < 0: W+L over 1000 unless cut
	}
}

func TestWDLSumMonotoneSymmetric(t *testing.T) {
	for mi, m := range testWDLModels() {
		for v := m.Min - 3; v <= m.Max+3; v++ {
			prev := WDL{Win: -1, Loss: 1001}
			for s := -3000; s <= 3000; s++ {
				e := m.PerMille(s, v)
				if e.Win+e.Draw+e.Loss != 1000 || e.Win < 0 || e.Draw < 0 || e.Loss < 0 {
					t.Fatalf("model %d, v %d, score %d: %+v", mi, v, s, e)
				}
				if e.Win < prev.Win || e.Loss > prev.Loss {
					t.Fatalf("model %d, v %d: not monotone from score %d (%+v) to %d (%+v)", mi, v, s-1, prev, s, e)
				}
				if r := m.PerMille(-s, v); r.Win != e.Loss || r.Loss != e.Win || r.Draw != e.Draw {
					t.Fatalf("model %d, v %d: %d gives %+v but %d gives %+v", mi, v, s, e, -s, r)
				}
				prev = e
			}
		}
	}
}

func TestWDLModelInUseIsSane(t *testing.T) {
	m := CurrentWDLModel()
	for v := m.Min; v <= m.Max; v++ {
		if a, b := m.AB(v); a <= 0 || b <= 0 {
			t.Errorf("%s %d: a %.1f, b %.1f; both must be positive", m.Var, v, a, b)
		}
		if e := m.PerMille(1000, v); e.Win < 500 {
			t.Errorf("%s %d: +1000 cp gives %+v", m.Var, v, e)
		}
	}
}

func TestWDLMateAndMaterial(t *testing.T) {
	p := board.NewPosition()
	if got := Material(p); got != 78 {
		t.Errorf("material of the start position %d, want 78", got)
	}
	if got := EstimateWDL(search.Mate-5, p); got != (WDL{Win: 1000}) {
		t.Errorf("mate for the side to move: %+v", got)
	}
	if got := EstimateWDL(-search.Mate+4, p); got != (WDL{Loss: 1000}) {
		t.Errorf("mated: %+v", got)
	}
	q, _ := board.ParseFEN("4k3/8/8/8/8/8/3P4/3QK3 w - - 0 40")
	m := CurrentWDLModel()
	if got, want := EstimateWDL(120, q), m.PerMille(120, m.Value(q)); got != want {
		t.Errorf("estimate %+v, model %+v", got, want)
	}
	if m.Var == WDLMaterial && m.Value(q) != 10 || m.Var == WDLMove && m.Value(q) != 40 {
		t.Errorf("%s of %s: %d", m.Var, q.FEN(), m.Value(q))
	}
}

func TestShowWDLOption(t *testing.T) {
	e := New()
	if e.ShowWDL() {
		t.Error("UCI_ShowWDL is on by default")
	}
	if err := e.SetOption("UCI_ShowWDL", "true"); err != nil || !e.ShowWDL() {
		t.Errorf("UCI_ShowWDL true: %v, ShowWDL %v", err, e.ShowWDL())
	}
	if err := e.SetOption("uci_showwdl", "maybe"); err == nil || !e.ShowWDL() {
		t.Errorf("a bad value: %v, ShowWDL %v", err, e.ShowWDL())
	}
}
