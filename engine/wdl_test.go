// Tests of the engine's win/draw/loss model and the UCI_ShowWDL option.
package engine

import (
	"testing"

	"brudno/board"
	"brudno/search"
	"brudno/wdl"
)

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
	if err := wdl.CheckPerMille(&m); err != nil {
		t.Error(err)
	}
}

func TestWDLMate(t *testing.T) {
	p := board.NewPosition()
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
