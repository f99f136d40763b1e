// Ranking the moves of a root position by the tables with the fifty-move
// rule (docs/syzygy-format.md, "The fifty-move rule at the root").
package syzygy

import (
	"slices"

	"brudno/board"
)

// RootMove is one legal move of a root position as the tables see it.
type RootMove struct {
	Move board.Move
	// WDL is the result after the move for its mover, as the tables give
	// it (for a zeroed clock): -2 loss to 2 win; 0 for a move that the
	// rules draw (a threefold repetition, the clock at 100).
	WDL int
	// DTZ counts the plies from the root to the next zeroing move or
	// mate, the move itself included (a zeroing or mating move has 1),
	// signed by the mover's outcome; 0 for a draw; beyond ±100 a cursed
	// win or blessed loss.
	DTZ int
	// Exact says that DTZ is the true distance: a zeroing or mating move,
	// a class the table stores in plies, or the one-ply search through
	// such values. Otherwise the table stores moves and a DTZ of n means
	// n or n + 1 plies (docs/syzygy-format.md, "DTZ values").
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
// with pos's halfmove clock c, best first. ok is false when any probe
// fails; pos is restored. The result of a move follows the fifty-move
// rule (docs/syzygy-format.md, "The fifty-move rule at the root"):
//
//   - a move that mates is a certain win, DTZ 1, even as the hundredth
//     ply;
//   - a move that brings a position on the board for the third time (it
//     stood there twice before in pos's history), or one that brings the
//     clock to 100 without mating, is a draw;
//   - a capture or pawn move resets the clock: its result is the WDL
//     after it, certain, with DTZ 1 (101 for a cursed win, negative for
//     losses);
//   - any other winning or losing move, of d = |DTZ| plies from the root
//     to the next zeroing move or mate: with c + d <= 99 the result is
//     certain; with c + d = 100 it is certain when the DTZ is exact, and
//     otherwise has the same Result but not Certain, since the zeroing
//     move may come as the 101st ply and the other side may then claim
//     the draw; with c + d >= 101 the Result is 1, a win the rule spoils
//     (-1, a loss it saves).
//
// With rule50 false the clock and the cursed classes are ignored: every
// win is 2 and every loss -2, certain (the draws by repetition and by
// the clock stay). The order: certain wins (the nearest zeroing move
// first), uncertain wins, spoilt wins (nearest first), draws, saved
// losses, uncertain losses, certain losses (the farthest zeroing move
// first); equal moves keep the order of the move generator.
func (ts *Tables) RankRoot(pos *board.Position, rule50 bool) ([]RootMove, bool) {
	moves, ok := ts.AppendRankRoot(nil, pos, rule50)
	if !ok {
		return nil, false
	}
	return moves, true
}

// AppendRankRoot is RankRoot appending the ranked moves to dst, which it
// returns; a caller that ranks many positions can pass the same slice
// (as dst[:0]) each time and allocate nothing once it is large enough.
// When ok is false, dst is returned as it was.
func (ts *Tables) AppendRankRoot(dst []RootMove, pos *board.Position, rule50 bool) ([]RootMove, bool) {
	if !ts.holds(pos) {
		return dst, false
	}
	var list board.MoveList
	pos.GenerateLegal(&list)
	clock := pos.HalfmoveClock()
	start := len(dst)
	dst = slices.Grow(dst, list.Count)
	for _, m := range list.Moves[:list.Count] {
		zeroing := isZeroing(pos, m)
		pos.Make(m)
		rm, ok := ts.rankMove(pos, zeroing, clock, rule50)
		pos.Unmake()
		if !ok {
			return dst[:start], false
		}
		rm.Move = m
		dst = append(dst, rm)
	}
	slices.SortStableFunc(dst[start:], func(a, b RootMove) int { return b.Rank - a.Rank })
	return dst, true
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

// KeepBest returns the moves that keep the best result, in their order:
// those of the best Result and, among them, for a win the Certain ones
// when any is certain (a win sure under the fifty-move rule before one
// that may turn into a draw), for a loss the ones not Certain when there
// are any (a loss the rule may yet save before a sure one). Draws,
// spoilt wins and saved losses are all certain.
func KeepBest(moves []RootMove) []RootMove {
	best, found := 0, false
	for _, m := range moves {
		if !found || m.Result > best {
			best, found = m.Result, true
		}
	}
	want := best > 0 // the certainty kept: certain wins, uncertain losses
	some := false
	for _, m := range moves {
		some = some || m.Result == best && m.Certain == want
	}
	var out []RootMove
	for _, m := range moves {
		if m.Result == best && (!some || m.Certain == want) {
			out = append(out, m)
		}
	}
	return out
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
