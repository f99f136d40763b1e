package syzygy

import (
	"sort"

	"brudno/board"
)

// RootMove is a legal move of a root position with its tablebase result,
// all from the view of the side that plays it.
type RootMove struct {
	Move board.Move
	// WDL is the value after the move (-2..2), as for a zeroed clock.
	WDL int
	// DTZ counts plies from the root position to the next zeroing move
	// (capture, pawn move or mate) with best play: positive for a win,
	// negative for a loss, 0 for a draw; over 100 in size for a cursed win
	// or blessed loss.
	DTZ int
	// Result is the outcome with the position's halfmove clock: 2 win, 1 a
	// win the fifty-move rule spoils, 0 draw, -1 a loss it saves, -2 loss.
	// With the rule ignored, 1 and -1 become 2 and -2.
	Result int
	// Rank orders the moves, higher better: by Result, then the fastest
	// zeroing among wins and the slowest among losses.
	Rank int
}

// RankRoot probes every legal move of pos and returns them best first, or
// ok=false when any probe fails (castling rights, too many pieces, a
// missing table). rule50 applies the fifty-move rule to the results (the
// usual Syzygy50MoveRule); false ranks cursed wins as wins. A move that
// repeats a position of pos's history or ends the game by the fifty-move
// rule is a draw. The search keeps the moves whose Result equals the
// first's (see KeepBest). pos is restored.
func (ts *Tables) RankRoot(pos *board.Position, rule50 bool) ([]RootMove, bool) {
	if !ts.probeable(pos) {
		return nil, false
	}
	var list board.MoveList
	pos.GenerateLegal(&list)
	moves := make([]RootMove, 0, list.Count)
	clock := pos.HalfmoveClock()
	for _, m := range list.Slice() {
		rm, ok := ts.rootMove(pos, m)
		if !ok {
			return nil, false
		}
		rm.Result = result(rm.DTZ, clock, rule50)
		rm.Rank = rm.Result*10000 - rm.DTZ
		if rm.Result == 0 {
			rm.Rank = 0
		}
		moves = append(moves, rm)
	}
	sort.SliceStable(moves, func(i, j int) bool { return moves[i].Rank > moves[j].Rank })
	return moves, true
}

// rootMove probes the position after m.
func (ts *Tables) rootMove(pos *board.Position, m board.Move) (RootMove, bool) {
	rm := RootMove{Move: m}
	pos.Make(m)
	defer pos.Unmake()
	w, ok := ts.ProbeWDL(pos)
	if !ok {
		return rm, false
	}
	rm.WDL = -w
	switch {
	case pos.HalfmoveClock() == 0:
		rm.DTZ = dtzBeforeZeroing(rm.WDL)
	case pos.IsRepetition() || pos.IsFiftyMoveDraw() && !(pos.InCheck() && !pos.HasLegalMove()):
		rm.WDL, rm.DTZ = 0, 0
	default:
		d, ok := ts.ProbeDTZ(pos)
		if !ok {
			return rm, false
		}
		rm.DTZ = -d + sign(-d)
		if rm.DTZ == 2 && pos.InCheck() && !pos.HasLegalMove() {
			rm.DTZ = 1 // mate
		}
	}
	return rm, true
}

// result is the outcome of a move of the given DTZ with the root's
// halfmove clock: a win is certain only if the zeroing move comes before
// the clock reaches a hundred plies.
func result(dtz, clock int, rule50 bool) int {
	switch {
	case dtz > 0 && (!rule50 || dtz+clock <= 100):
		return 2
	case dtz > 0:
		return 1
	case dtz < 0 && (!rule50 || -dtz+clock <= 100):
		return -2
	case dtz < 0:
		return -1
	}
	return 0
}

// KeepBest returns the leading moves of a RankRoot list whose Result is
// the best one: the moves that keep the tablebase result.
func KeepBest(moves []RootMove) []RootMove {
	n := 0
	for n < len(moves) && moves[n].Result == moves[0].Result {
		n++
	}
	return moves[:n]
}
