// Package wdl is the win/draw/loss model behind UCI_ShowWDL and its fit:
// the model that converts a search score into the chances of winning,
// drawing and losing (this file), the maximum-likelihood fit of its
// coefficients to self-play records (data.go, fit.go), and the fit's
// reports: the curve and calibration tables, the generated Go file of the
// engine's model and a plot (report.go, plot.go). The engine reports with
// the coefficients in engine/wdl_model.go; `brudno wdl` (cli/wdl.go) is
// the command line.
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
// polynomials in x.
package wdl

import (
	"fmt"
	"math"

	"brudno/board"
)

// Estimate is a win/draw/loss estimate in per mille from the side to
// move's view; Win+Draw+Loss is 1000.
type Estimate struct{ Win, Draw, Loss int }

// Variable names what the model's polynomials are functions of.
type Variable string

const (
	// VarMaterial: the non-king material on the board in pawn units
	// (pawn 1, knight and bishop 3, rook 5, queen 9; 78 at the start).
	VarMaterial Variable = "material"
	// VarMove: the game's move number (the FEN fullmove number).
	VarMove Variable = "move"
)

// Model is the fitted model: x = clamp(v, Min, Max) / Scale, where v is
// the variable Var of the position, a(x) = A[0] + A[1]x + A[2]x² + A[3]x³
// and b(x) likewise with B.
type Model struct {
	Var      Variable
	Min, Max int
	Scale    float64
	A, B     [4]float64
}

// X returns the model's argument for the variable's value v.
func (m *Model) X(v int) float64 {
	return float64(min(max(v, m.Min), m.Max)) / m.Scale
}

// AB returns a(x) and b(x) for the variable's value v.
func (m *Model) AB(v int) (a, b float64) {
	x := m.X(v)
	return poly3(m.A, x), poly3(m.B, x)
}

func poly3(c [4]float64, x float64) float64 { return ((c[3]*x+c[2])*x+c[1])*x + c[0] }

// Probs returns the probabilities of a win, a draw and a loss for the
// side to move at score s (centipawns, not a mate score) when the
// variable's value is v.
func (m *Model) Probs(s float64, v int) (win, draw, loss float64) {
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
func (m *Model) PerMille(s int, v int) Estimate {
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
	return Estimate{Win: w, Draw: 1000 - w - l, Loss: l}
}

// Value returns the model's variable for pos.
func (m *Model) Value(pos *board.Position) int {
	if m.Var == VarMove {
		return pos.FullmoveNumber()
	}
	return Material(pos)
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

// CheckPerMille checks the promises of PerMille for m at every score
// from -3000 to 3000 and every value of the variable from a little below
// its range to a little above: the estimate sums to 1000 with no part
// negative, the win does not fall and the loss does not rise with the
// score, and W(s) = L(-s). It returns the first failure.
func CheckPerMille(m *Model) error {
	for v := m.Min - 3; v <= m.Max+3; v++ {
		prev := Estimate{Win: -1, Loss: 1001}
		for s := -3000; s <= 3000; s++ {
			e := m.PerMille(s, v)
			if e.Win+e.Draw+e.Loss != 1000 || e.Win < 0 || e.Draw < 0 || e.Loss < 0 {
				return fmt.Errorf("%s %d, score %d: %+v", m.Var, v, s, e)
			}
			if e.Win < prev.Win || e.Loss > prev.Loss {
				return fmt.Errorf("%s %d: not monotone from score %d (%+v) to %d (%+v)", m.Var, v, s-1, prev, s, e)
			}
			if r := m.PerMille(-s, v); r.Win != e.Loss || r.Loss != e.Win || r.Draw != e.Draw {
				return fmt.Errorf("%s %d: %d gives %+v but %d gives %+v", m.Var, v, s, e, -s, r)
			}
			prev = e
		}
	}
	return nil
}
