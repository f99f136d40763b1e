// Win/draw/loss estimates: the UCI_ShowWDL option and the model that turns
// a search score into the chances of winning, drawing and losing.
//
// The model has the form of a pair of logistic curves: with x a measure
// of the game phase (the material on the board, or the move number),
//
//	P(win)  = 1 / (1 + exp((a(x) - s) / b(x)))
//	P(loss) = 1 / (1 + exp((a(x) + s) / b(x)))
//	P(draw) = 1 - P(win) - P(loss)
//
// where s is the score in centipawns from the side to move's view, a(x)
// is the score at which a win becomes as likely as not, and b(x) sets how
// quickly the chances change with the score; a and b are cubic
// polynomials in x. The coefficients are fitted to the results of
// Brudno's own self-play games by `brudno wdl -fit` (cli/wdl.go), which
// writes them to wdl_model.go.
package engine

import (
	"math"

	"brudno/board"
	"brudno/search"
)

// WDL is a win/draw/loss estimate in per mille from the side to move's
// view; Win+Draw+Loss is 1000.
type WDL struct{ Win, Draw, Loss int }

// WDLVariable names what the model's polynomials are functions of.
type WDLVariable string

const (
	// WDLMaterial: the non-king material on the board in pawn units
	// (pawn 1, knight and bishop 3, rook 5, queen 9; 78 at the start).
	WDLMaterial WDLVariable = "material"
	// WDLMove: the game's move number (the FEN fullmove number).
	WDLMove WDLVariable = "move"
)

// WDLModel is the fitted model: x = clamp(v, Min, Max) / Scale, where v is
// the variable Var of the position, a(x) = A[0] + A[1]x + A[2]x² + A[3]x³
// and b(x) likewise with B.
type WDLModel struct {
	Var      WDLVariable
	Min, Max int
	Scale    float64
	A, B     [4]float64
}

// X returns the model's argument for the variable's value v.
func (m *WDLModel) X(v int) float64 {
	return float64(min(max(v, m.Min), m.Max)) / m.Scale
}

// AB returns a(x) and b(x) for the variable's value v.
func (m *WDLModel) AB(v int) (a, b float64) {
	x := m.X(v)
	return poly3(m.A, x), poly3(m.B, x)
}

func poly3(c [4]float64, x float64) float64 { return ((c[3]*x+c[2])*x+c[1])*x + c[0] }

// Probs returns the probabilities of a win, a draw and a loss for the
// side to move at score s (centipawns, not a mate score) when the
// variable's value is v.
func (m *WDLModel) Probs(s float64, v int) (win, draw, loss float64) {
	a, b := m.AB(v)
	win = logistic((s - a) / b)
	loss = logistic((-s - a) / b)
	return win, max(1-win-loss, 0), loss
}

func logistic(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

// PerMille returns the estimate at score s (centipawns, not a mate score)
// for the variable's value v, rounded to per mille. Win and loss are
// rounded each, the draw takes the rest; were the two to exceed 1000 (a
// model with a(x) < 0 could do that) the less likely is cut down, so that
// the numbers stay monotone in s and W(s) = L(-s).
func (m *WDLModel) PerMille(s int, v int) WDL {
	pw, _, pl := m.Probs(float64(s), v)
	w, l := int(math.Round(1000*pw)), int(math.Round(1000*pl))
	switch {
	case w+l <= 1000:
	case w > l:
		l = 1000 - w
	case w < l:
		w = 1000 - l
	default:
		w, l = 500, 500
	}
	return WDL{Win: w, Draw: 1000 - w - l, Loss: l}
}

// Value returns the model's variable for pos.
func (m *WDLModel) Value(pos *board.Position) int {
	if m.Var == WDLMove {
		return pos.FullmoveNumber()
	}
	return Material(pos)
}

// Estimate returns the estimate for a search score (mate scores
// included) in pos: a mate for the side to move is 1000 0 0, a mate
// against it 0 0 1000.
func (m *WDLModel) Estimate(score int, pos *board.Position) WDL {
	if search.IsMateScore(score) {
		if score > 0 {
			return WDL{Win: 1000}
		}
		return WDL{Loss: 1000}
	}
	return m.PerMille(score, m.Value(pos))
}

// pieceUnits are the values in pawn units that Material counts.
var pieceUnits = [...]int{board.Pawn: 1, board.Knight: 3, board.Bishop: 3, board.Rook: 5, board.Queen: 9, board.King: 0}

// PieceUnits returns the value of a piece type in pawn units as Material
// counts it (the king counts 0).
func PieceUnits(t board.PieceType) int {
	if int(t) < len(pieceUnits) {
		return pieceUnits[t]
	}
	return 0
}

// Material returns the non-king material of both sides in pawn units.
func Material(pos *board.Position) int {
	n := 0
	for c := board.White; c <= board.Black; c++ {
		for t := board.Pawn; t < board.King; t++ {
			n += pieceUnits[t] * pos.Pieces(c, t).Count()
		}
	}
	return n
}

// CurrentWDLModel returns the model the engine reports with (the one
// `brudno wdl -fit -out engine/wdl_model.go` generated).
func CurrentWDLModel() WDLModel { return wdlModel }

// EstimateWDL returns the engine's estimate for a search score in pos.
func EstimateWDL(score int, pos *board.Position) WDL { return wdlModel.Estimate(score, pos) }

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
