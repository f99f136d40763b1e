// The evaluation's parameters as data. Params is one generic struct that
// lists every weight of the evaluation: instantiated with Score it is the
// Weights the engine plays with; instantiated with a pair of counters it is
// the Trace that records how often each weight was used for each colour,
// which is what the Texel tuner fits. Because both come from one
// definition, the tuner, the code generator and the `eval` command always
// see the same parameters in the same order.
package eval

import (
	"fmt"
	"reflect"
	"unsafe"
)

// Score is a middlegame and an endgame value packed into one integer
// (mg<<16 + eg), so that both are added and scaled by one operation.
type Score int32

// S packs a middlegame and an endgame value.
func S(mg, eg int) Score { return Score(int32(uint32(mg)<<16) + int32(eg)) }

// MG returns the middlegame part.
func (s Score) MG() int { return int(int16((int32(s) + 0x8000) >> 16)) }

// EG returns the endgame part.
func (s Score) EG() int { return int(int16(s)) }

func (s Score) String() string { return fmt.Sprintf("S(%d, %d)", s.MG(), s.EG()) }

// Params lists every evaluation weight. Tables are indexed from the owner's
// side of the board: PST by piece type and square as seen by White (Black's
// pieces look the square up mirrored), and rank-indexed tables by the
// relative rank 0..7 (0 = the owner's back rank). The `eval` tag names the
// group a weight is reported under by the `eval` command and selected by
// `brudno tune -only`.
type Params[T any] struct {
	Material [7]T     `eval:"material"` // by piece type (index 0 and King unused)
	PST      [7][64]T `eval:"pst"`      // by piece type and square

	KnightMobility [9]T  `eval:"mobility"` // by the number of safe squares attacked
	BishopMobility [14]T `eval:"mobility"`
	RookMobility   [15]T `eval:"mobility"`
	QueenMobility  [28]T `eval:"mobility"`

	PawnDoubled   T    `eval:"pawns"` // a pawn with an own pawn in front of it on its file
	PawnIsolated  T    `eval:"pawns"` // no own pawn on an adjacent file
	PawnBackward  T    `eval:"pawns"` // cannot be supported, stop square held by an enemy pawn
	PawnSupported [8]T `eval:"pawns"` // defended by an own pawn, by relative rank
	PawnPhalanx   [8]T `eval:"pawns"` // an own pawn beside it, by relative rank

	PassedRank        [8]T `eval:"passed"` // a passed pawn, by relative rank
	PassedFreeStop    [8]T `eval:"passed"` // its stop square is empty
	PassedSafeStop    [8]T `eval:"passed"` // its stop square is not attacked by the enemy
	PassedOwnKing     [8]T `eval:"passed"` // times the own king's distance to the stop square
	PassedEnemyKing   [8]T `eval:"passed"` // times the enemy king's distance to the stop square
	PassedUnstoppable T    `eval:"passed"` // outside the enemy king's square in a pawn ending

	BishopPair       T `eval:"pieces"`
	KnightOutpost    T `eval:"pieces"` // on ranks 4-6, defended by a pawn, no enemy pawn can chase it
	BishopOutpost    T `eval:"pieces"`
	RookOpenFile     T `eval:"pieces"` // no pawn on the rook's file
	RookSemiOpenFile T `eval:"pieces"` // no own pawn on the rook's file
	RookSeventh      T `eval:"pieces"` // on the seventh with the enemy king or pawns there

	ThreatByPawn  [7]T `eval:"threats"` // an enemy piece of this type attacked by a pawn
	ThreatByMinor [7]T `eval:"threats"` // attacked by a knight or bishop (pawns and minors only if not pawn-defended)
	ThreatByRook  [7]T `eval:"threats"` // a queen, or an undefended piece, attacked by a rook
	Hanging       T    `eval:"threats"` // an enemy piece attacked and not defended at all

	KingShelter      [4][8]T `eval:"king"` // own pawn in front of the king: by file (edge..centre) and relative rank, 0 = none
	KingStorm        [8]T    `eval:"king"` // nearest enemy pawn on those files, by relative rank, 0 = none
	KingOpenFile     T       `eval:"king"` // a file next to or at the king with no pawn
	KingSemiOpenFile T       `eval:"king"` // a file next to or at the king with only enemy pawns

	// Safety is the attack on the enemy king: its terms are summed into a
	// danger value whose middlegame part is squared (see safetyPenalty).
	Safety SafetyParams[T] `eval:"safety"`

	Tempo T `eval:"tempo"` // for the side to move
}

// SafetyParams are the terms of king danger, counted for the attacking
// side. They apply only when at least two pieces attack the king zone (or
// one with the queen on the board).
type SafetyParams[T any] struct {
	Attacker    [7]T // per piece of this type attacking the king zone
	ZoneAttacks T    // per attack on a king-zone square
	WeakSquares T    // per zone square attacked and defended only by king or queen
	SafeCheck   [7]T // per safe checking square of a piece of this type
	NoQueen     T    // the attacker has no queen
	Bias        T    // a constant
}

// Weights are the evaluation's parameters.
type Weights = Params[Score]

// Counts is the trace of one evaluation: how many times each weight was
// added, for White ([0]) and Black ([1]).
type Counts = Params[[2]int16]

// NumParams is the number of Score-valued weights in Weights.
const NumParams = int(unsafe.Sizeof(Weights{}) / unsafe.Sizeof(Score(0)))

// The tuner and the code generator view Weights and Counts as flat arrays
// of NumParams elements; check at start-up that the layouts allow it.
func init() {
	if unsafe.Sizeof(Counts{}) != uintptr(NumParams)*unsafe.Sizeof([2]int16{}) {
		panic("eval: Counts and Weights differ in shape")
	}
	if n := len(ParamNames()); n != NumParams {
		panic(fmt.Sprintf("eval: %d named parameters, %d in memory", n, NumParams))
	}
}

// flatWeights views w as a flat array of its parameters.
func flatWeights(w *Weights) *[NumParams]Score { return (*[NumParams]Score)(unsafe.Pointer(w)) }

// flatCounts views c as a flat array of per-colour counters.
func flatCounts(c *Counts) *[NumParams][2]int16 { return (*[NumParams][2]int16)(unsafe.Pointer(c)) }

// ParamInfo describes one weight: its name with indices (for example
// "PST[3][27]"), the group of its `eval` tag and whether it is a king
// safety term (these pass through a non-linear function).
type ParamInfo struct {
	Name   string
	Group  string
	Safety bool
}

// ParamNames lists the weights in memory order.
func ParamNames() []ParamInfo {
	var out []ParamInfo
	var walk func(t reflect.Type, name, group string, safety bool)
	walk = func(t reflect.Type, name, group string, safety bool) {
		switch {
		case t == scoreType:
			out = append(out, ParamInfo{name, group, safety})
		case t.Kind() == reflect.Array:
			for i := 0; i < t.Len(); i++ {
				walk(t.Elem(), fmt.Sprintf("%s[%d]", name, i), group, safety)
			}
		case t.Kind() == reflect.Struct:
			for i := 0; i < t.NumField(); i++ {
				f := t.Field(i)
				g := group
				if tag := f.Tag.Get("eval"); tag != "" {
					g = tag
				}
				n := f.Name
				if name != "" {
					n = name + "." + f.Name
				}
				walk(f.Type, n, g, safety || g == "safety")
			}
		default:
			panic("eval: unexpected parameter type " + t.String())
		}
	}
	walk(reflect.TypeOf(Weights{}), "", "", false)
	return out
}

// defaults are the weights the engine plays with, never modified.
var defaults = tunedWeights()

// DefaultWeights returns a copy of the weights the engine plays with.
func DefaultWeights() *Weights {
	w := *defaults
	return &w
}

// maxPhase is the game phase with all pieces on the board: knights and
// bishops count 1, rooks 2 and queens 4; kings and pawns alone make 0.
const maxPhase = 24
