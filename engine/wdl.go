// Win/draw/loss estimates: the UCI_ShowWDL option and the engine's
// model, which converts a search score into the chances of winning,
// drawing and losing. The model's form and its fit are package wdl's; the
// coefficients the engine reports with are in wdl_model.go, written by
// `brudno wdl -fit -out engine/wdl_model.go`.
package engine

import (
	"brudno/board"
	"brudno/search"
	"brudno/wdl"
)

// WDL is a win/draw/loss estimate in per mille from the side to move's
// view; Win+Draw+Loss is 1000.
type WDL = wdl.Estimate

// WDLModel is the model of wdl_model.go (package wdl describes it).
type WDLModel = wdl.Model

// The variables of the model (the names wdl_model.go uses).
const (
	WDLMaterial = wdl.VarMaterial
	WDLMove     = wdl.VarMove
)

// CurrentWDLModel returns the model the engine reports with (the one
// `brudno wdl -fit -out engine/wdl_model.go` generated).
func CurrentWDLModel() WDLModel { return wdlModel }

// EstimateWDL returns the engine's estimate for a search score (mate
// scores included) in pos: a mate for the side to move is 1000 0 0, a
// mate against it 0 0 1000.
func EstimateWDL(score int, pos *board.Position) WDL {
	if search.IsMateScore(score) {
		if score > 0 {
			return WDL{Win: 1000}
		}
		return WDL{Loss: 1000}
	}
	return wdlModel.PerMille(score, wdlModel.Value(pos))
}

// wdlOptions are the WDL rows of the option table.
func wdlOptions() []Option {
	return []Option{
		{Name: "UCI_ShowWDL", Type: Check, Default: "false", apply: func(e *Engine, v string) error {
			e.set.showWDL = v == "true"
			return nil
		}},
	}
}

// ShowWDL reports whether info lines are to carry a wdl estimate
// (the UCI_ShowWDL option).
func (e *Engine) ShowWDL() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.set.showWDL
}
