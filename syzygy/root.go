// Ranking the moves of a root position by the tables with the fifty-move
// rule (docs/syzygy-format.md, "The fifty-move rule at the root").
package syzygy

import (
	"sort"

	"brudno/board"
)

// RootMove is one legal move of a root position as the tables see it.
type RootMove struct {
	Move board.Move
	// WDL is the result after the move for its mover, as for a zeroed
	// clock: -2 loss to 2 win.
	WDL int
	// DTZ counts the plies from the root to the next zeroing move or
	// mate, the move itself included (a zeroing or mating move has 1),
	// signed by the mover's outcome; 0 for a draw; beyond ±100 a cursed
	// win or blessed loss.
	DTZ int
	// Exact says that DTZ cannot be one ply short: a zeroing or mating
	// move, or a value the tables store exactly.
	Exact bool
	// Result is the outcome with the root's halfmove clock: 2 win, 1 a
	// win the fifty-move rule spoils, 0 draw, -1 a loss it saves, -2
	// loss. Without the rule (rule50 false) wins and losses are ±2.
	Result int
	// Certain is false only for a win or loss whose zeroing move would
	// come exactly on the hundredth ply by a value that may be one ply
	// short: the result may then be a draw.
	Certain bool
	// Rank orders the moves, the larger the better.
	Rank int
}

// The classes of RootMove.Rank, best first.
const (
	rankCertainWin = 7 - iota
	rankUncertainWin
	rankSpoiltWin
	rankDraw
	rankSavedLoss
	rankUncertainLoss
	rankCertainLoss
)

const rankScale = 1 << 20 // more than any |DTZ|

// RankRoot returns every legal move of pos with its WDL, DTZ and result
// with pos's halfmove clock, best first: certain wins (the nearest
// zeroing move first), uncertain wins, spoilt wins (nearest first),
// draws, saved losses, uncertain losses, certain losses (the farthest
// zeroing move first); equal moves keep the order of the move generator.
// A move that mates is a certain win; a move that repeats a position for
// the third time or lets the fifty-move draw be claimed is a draw. ok is
// false when any probe fails. pos is restored.
func (ts *Tables) RankRoot(pos *board.Position, rule50 bool) ([]RootMove, bool) {
	if !ts.holds(pos) {
		return nil, false
	}
	var list board.MoveList
	pos.GenerateLegal(&list)
	clock := pos.HalfmoveClock()
	moves := make([]RootMove, 0, list.Count)
	for _, m := range list.Moves[:list.Count] {
		zeroing := isZeroing(pos, m)
		pos.Make(m)
		rm, ok := ts.rankMove(pos, zeroing, clock, rule50)
		pos.Unmake()
		if !ok {
			return nil, false
		}
		rm.Move = m
		moves = append(moves, rm)
	}
	sort.SliceStable(moves, func(i, j int) bool { return moves[i].Rank > moves[j].Rank })
	return moves, true
}

// rankMove classes the move just played to reach pos, clock being the
// root's halfmove clock.
func (ts *Tables) rankMove(pos *board.Position, zeroing bool, clock int, rule50 bool) (RootMove, bool) {
	rm := RootMove{Exact: true, Certain: true}
	switch {
	case pos.InCheck() && !pos.HasLegalMove():
		rm.WDL, rm.DTZ, rm.Result = 2, 1, 2
	case pos.IsThreefold() || pos.HalfmoveClock() >= 100:
		// A draw by the rules, whatever the tables say.
	case zeroing:
		w, _, ok := ts.wdl(pos)
		if !ok {
			return rm, false
		}
		rm.WDL, rm.DTZ, rm.Result = -w, zeroingDTZ(-w), -w
		if !rule50 {
			rm.Result = 2 * sign(-w)
		}
	default:
		w, z, ok := ts.wdl(pos)
		if !ok {
			return rm, false
		}
		d, exact, ok := ts.dtzOf(pos, w, z, true)
		if !ok {
			return rm, false
		}
		rm.WDL, rm.DTZ, rm.Exact = -w, -d+sign(-d), exact
		rm.Result, rm.Certain = result(rm.WDL, abs(rm.DTZ), exact, clock, rule50)
	}
	rm.Rank = moveRank(rm)
	return rm, true
}

// result classes a move of WDL w (mover's view) whose zeroing move comes
// d plies from the root, exactly or possibly one more, with the root's
// clock at clock.
func result(w, d int, exact bool, clock int, rule50 bool) (int, bool) {
	switch {
	case w == 0:
		return 0, true
	case !rule50:
		return 2 * sign(w), true
	case w == 1 || w == -1 || clock+d >= 101:
		return sign(w), true
	case clock+d <= 99 || exact:
		return w, true
	}
	return w, false // c + d = 100 by a value that may be one short
}

// moveRank places a move in the order of RankRoot.
func moveRank(rm RootMove) int {
	d := min(abs(rm.DTZ), rankScale-1)
	switch {
	case rm.Result == 2 && rm.Certain:
		return rankCertainWin*rankScale + rankScale - 1 - d
	case rm.Result == 2:
		return rankUncertainWin*rankScale + rankScale - 1 - d
	case rm.Result == 1:
		return rankSpoiltWin*rankScale + rankScale - 1 - d
	case rm.Result == 0:
		return rankDraw * rankScale
	case rm.Result == -1:
		return rankSavedLoss*rankScale + d
	case !rm.Certain:
		return rankUncertainLoss*rankScale + d
	}
	return rankCertainLoss*rankScale + d
}

// KeepBest returns the leading moves of ranked moves (RankRoot's order)
// that have the first one's Result and Certain: the moves that keep the
// best result. Where a certain win exists, uncertain ones are left out.
func KeepBest(moves []RootMove) []RootMove {
	n := 0
	for n < len(moves) && moves[n].Result == moves[0].Result && moves[n].Certain == moves[0].Certain {
		n++
	}
	return moves[:n]
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func abs(x int) int { return max(x, -x) }
