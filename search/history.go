// The histories that order and prune moves, and the correction history
// that corrects the static evaluation. Every table is per thread and kept
// between the searches of one game.
//
//   - history: quiet moves by side, from and to square (the butterfly table),
//     with ThreatHistory also by whether the opponent attacks each of them;
//   - continuation history: quiet moves by moved piece and destination, for
//     each piece and destination of the move one and two (and four) plies
//     before;
//   - capture history: captures and promotions by moved piece, destination
//     and captured piece type;
//   - correction history: by side and pawn structure (and, with
//     CorrNonPawn, by side and each colour's other pieces; with MinorCorr,
//     by side and the knights, bishops and kings), the running mean of
//     the difference between search results and the static evaluation.
//
// Updates use gravity: an entry moves toward ±historyMax by the bonus
// scaled by how far it still is from it, so entries stay bounded and old
// results fade.
package search

import (
	"unsafe"

	"brudno/board"
)

// pieceToHistory scores moves by moved piece and destination.
type pieceToHistory [16][64]int16

const (
	corrBits = 14
	corrSize = 1 << corrBits // correction-history entries per side
)

type histories struct {
	butterfly [2][4][64][64]int16    // by side, threat index (threatIndex), from, to
	cont      [16][64]pieceToHistory // by the earlier move's piece and destination
	capture   [16][64][8]int16       // by moved piece, destination, captured type
	corr      [2][corrSize]int32
	corrNP    [2][2][corrSize]int32 // by side to move, colour, that colour's non-pawn key
	corrMinor [2][corrSize]int32    // by side to move and minorKey (MinorCorr)
	counter   [16][64]board.Move    // countermoves by the earlier move's piece and destination
}

// historyBonus is the reward (or, negated, the penalty) for a move at depth.
func historyBonus(depth int) int {
	return min(historyBonusMul*depth-historyBonusSub, historyBonusMax)
}

// gravity moves h by bonus, scaled down as h nears the bound.
func gravity(h *int16, bonus int) {
	v := int(*h)
	abs := bonus
	if abs < 0 {
		abs = -abs
	}
	*h = int16(v + bonus - v*abs/historyMax)
}

// threatIndex is the butterfly table's index of move m by the threats
// of its ply: whether the opponent attacks its origin (2) and its
// destination (1). Without ThreatHistory the threats are empty: 0.
func threatIndex(threats board.Bitboard, m board.Move) int {
	return 2*b2i(threats.Has(m.From())) + b2i(threats.Has(m.To()))
}

// butterfly is the butterfly entry of move m by side, played where the
// opponent attacks threats.
func (t *thread) butterfly(side board.Color, threats board.Bitboard, m board.Move) *int16 {
	return &t.hist.butterfly[side][threatIndex(threats, m)][m.From()][m.To()]
}

// setThreats records at ply the squares the opponent attacks, for the
// butterfly history's index (ThreatHistory; else nothing).
func (t *thread) setThreats(ply int) {
	if t.s.opts.ThreatHistory {
		t.stack[ply].threats = t.pos.AttacksBy(t.pos.Side() ^ 1)
	}
}

// setMove records at ply that move m (NoMove: a null move) is made from
// the thread's position: the move, its piece, whether it is quiet and its
// continuation history.
func (t *thread) setMove(ply int, m board.Move) {
	f := &t.stack[ply]
	f.move = m
	if m == board.NoMove {
		f.piece, f.quiet, f.cont = board.NoPiece, false, &t.hist.cont[0][0]
		return
	}
	pos := t.pos
	f.piece = pos.PieceAt(m.From())
	f.quiet = !pos.IsCapture(m) && m.Promo() == board.NoPieceType
	f.cont = &t.hist.cont[f.piece][m.To()]
}

// contTable returns the continuation table of the move made back plies
// before ply (a neutral table before the root or after a null move).
func (t *thread) contTable(ply, back int) *pieceToHistory {
	if ply < back {
		return &t.hist.cont[0][0]
	}
	return t.stack[ply-back].cont
}

// quietHistory scores quiet move m of piece pc at ply: butterfly plus,
// when switched on, the continuation histories of the moves one and two
// plies before (and four, with ContHistory4: the side's own move before
// its last).
func (t *thread) quietHistory(ply int, m board.Move, pc board.Piece) int {
	h := int(*t.butterfly(t.pos.Side(), t.stack[ply].threats, m))
	if t.s.opts.ContHistory {
		h += int(t.contTable(ply, 1)[pc][m.To()]) + int(t.contTable(ply, 2)[pc][m.To()])
		if t.s.opts.ContHistory4 {
			h += int(t.contTable(ply, 4)[pc][m.To()])
		}
	}
	return h
}

// quietScorer scores the quiet moves of one position as quietHistory
// does, with the tables of the position looked up once: a switched-off
// continuation history reads a table of zeros.
type quietScorer struct {
	butterfly  *[4][64][64]int16
	threats    board.Bitboard
	c1, c2, c4 *pieceToHistory
}

var zeroCont pieceToHistory // never written

func (t *thread) quietScorer(ply int) quietScorer {
	qs := quietScorer{butterfly: &t.hist.butterfly[t.pos.Side()], threats: t.stack[ply].threats,
		c1: &zeroCont, c2: &zeroCont, c4: &zeroCont}
	if t.s.opts.ContHistory {
		qs.c1, qs.c2 = t.contTable(ply, 1), t.contTable(ply, 2)
		if t.s.opts.ContHistory4 {
			qs.c4 = t.contTable(ply, 4)
		}
	}
	return qs
}

// score is quietHistory's score of quiet move m of piece pc.
func (qs *quietScorer) score(m board.Move, pc board.Piece) int {
	from, to := m&63, m>>6&63 // written out so that score inlines
	ti := qs.threats>>from&1<<1 | qs.threats>>to&1
	pc &= 15
	return int(qs.butterfly[ti][from][to]) +
		int(qs.c1[pc][to]) + int(qs.c2[pc][to]) + int(qs.c4[pc][to])
}

// captureHistory scores noisy move m (0 when the table is off).
func (t *thread) captureHistory(m board.Move) int {
	if !t.s.opts.CaptureHistory {
		return 0
	}
	pos := t.pos
	return int(t.hist.capture[pos.PieceAt(m.From())][m.To()][pos.CapturedPiece(m).Type()])
}

// updateQuiet rewards or penalises quiet move m at ply by bonus.
func (t *thread) updateQuiet(ply int, m board.Move, bonus int) {
	pc := t.pos.PieceAt(m.From())
	if t.s.opts.History {
		gravity(t.butterfly(t.pos.Side(), t.stack[ply].threats, m), bonus)
	}
	if t.s.opts.ContHistory {
		gravity(&t.contTable(ply, 1)[pc][m.To()], bonus)
		gravity(&t.contTable(ply, 2)[pc][m.To()], bonus)
		if t.s.opts.ContHistory4 {
			gravity(&t.contTable(ply, 4)[pc][m.To()], bonus)
		}
	}
}

// researchHistory teaches the continuation histories the result of the
// full-depth re-search of the reduced quiet move made at ply (ContResearch):
// a fail high is rewarded, a fail low penalised, by the bonus of newDepth.
func (t *thread) researchHistory(ply, newDepth, score, alpha, beta int) {
	if !t.s.opts.ContHistory {
		return
	}
	var bonus int
	switch {
	case score >= beta:
		bonus = historyBonus(newDepth)
	case score <= alpha:
		bonus = -historyBonus(newDepth)
	default:
		return
	}
	f := &t.stack[ply]
	pc, to := f.piece, f.move.To()
	gravity(&t.contTable(ply, 1)[pc][to], bonus)
	gravity(&t.contTable(ply, 2)[pc][to], bonus)
	if t.s.opts.ContHistory4 {
		gravity(&t.contTable(ply, 4)[pc][to], bonus)
	}
}

// updateCapture rewards or penalises noisy move m by bonus.
func (t *thread) updateCapture(m board.Move, bonus int) {
	pos := t.pos
	gravity(&t.hist.capture[pos.PieceAt(m.From())][m.To()][pos.CapturedPiece(m).Type()], bonus)
}

// updateCutoffStats records that m caused a beta cutoff at ply after the
// quiet and noisy moves in quiets and noisies had been searched in vain:
// killers and the countermove for a quiet m, and the histories.
func (t *thread) updateCutoffStats(ply, depth int, m board.Move, quiet bool, quiets, noisies []board.Move) {
	o := &t.s.opts
	bonus := historyBonus(depth)
	if quiet {
		if o.Killers {
			k := &t.stack[ply].killers
			if k[0] != m {
				k[1], k[0] = k[0], m
			}
			if prev := t.stack[ply-1].move; prev != board.NoMove {
				to := prev.To()
				t.hist.counter[t.pos.PieceAt(to)][to] = m
			}
		}
		// With TrivialCutSkip, a cutoff by the first quiet move tried
		// near the horizon teaches the histories nothing.
		if (o.History || o.ContHistory) && !(o.TrivialCutSkip && depth <= 3 && len(quiets) == 0) {
			t.updateQuiet(ply, m, bonus)
			for _, q := range quiets {
				t.updateQuiet(ply, q, -bonus)
			}
		}
	} else if o.CaptureHistory {
		t.updateCapture(m, bonus)
	}
	if o.CaptureHistory {
		for _, c := range noisies {
			t.updateCapture(c, -bonus)
		}
	}
}

// correction returns the correction history's adjustment of the static
// evaluation of the thread's position at ply, in centipawns.
func (t *thread) correction() int {
	if !t.s.opts.CorrHistory {
		return 0
	}
	return int(t.corrSum()) / corrGrain
}

// corrSum is the correction in 1/corrGrain centipawns: the pawn entry,
// plus the mean of the two non-pawn entries with CorrNonPawn, plus the
// minor-piece entry with MinorCorr.
func (t *thread) corrSum() int32 {
	e := t.corrEntries()
	sum := *e[corrPawn]
	if t.s.opts.CorrNonPawn {
		sum += (*e[corrWhite] + *e[corrBlack]) / 2
	}
	if t.s.opts.MinorCorr {
		sum += *e[corrMinor]
	}
	return sum
}

// prefetchCorrection starts loading the correction entries of the thread's
// position, just made: the tables (512 kB) are read at random, and the
// node's evaluation comes only after its probe of the table. The entries
// of tables switched off are prefetched too: one call of four lines costs
// less than the tests.
func (t *thread) prefetchCorrection() {
	if !t.s.opts.CorrHistory {
		return
	}
	e := t.corrEntries()
	prefetch4(unsafe.Pointer(e[0]), unsafe.Pointer(e[1]), unsafe.Pointer(e[2]), unsafe.Pointer(e[3]))
}

// The correction entries of a position, as corrEntries returns them.
const (
	corrPawn  = iota // by the pawn key
	corrWhite        // by White's non-pawn key
	corrBlack        // by Black's non-pawn key
	corrMinor        // by minorKey
)

// corrEntries returns the correction entries of the thread's position,
// indexed by corrPawn, corrWhite, corrBlack and corrMinor. They are kept
// for the position last asked about (by its key): the prefetch of a move
// just made finds them, and the child's evaluation and update use them.
func (t *thread) corrEntries() *[4]*int32 {
	pos := t.pos
	if key := pos.Key(); key != t.corrKey || t.corr[0] == nil {
		us := pos.Side()
		h := &t.hist
		t.corr = [4]*int32{
			&h.corr[us][pos.PawnKey()&(corrSize-1)],
			&h.corrNP[us][board.White][pos.NonPawnKey(board.White)&(corrSize-1)],
			&h.corrNP[us][board.Black][pos.NonPawnKey(board.Black)&(corrSize-1)],
			&h.corrMinor[us][minorKey(pos)>>(64-corrBits)],
		}
		t.corrKey = key
	}
	return &t.corr
}

// minorKey hashes where the knights, bishops and kings of both colours
// stand: each board times its own odd constant, summed by exclusive or.
// A product's high bits depend on every square of the board, so the
// table indexes by them.
func minorKey(pos *board.Position) uint64 {
	k := uint64(pos.Pieces(board.White, board.Knight))*0x9e3779b97f4a7c15 ^
		uint64(pos.Pieces(board.Black, board.Knight))*0xc2b2ae3d27d4eb4f ^
		uint64(pos.Pieces(board.White, board.Bishop))*0x165667b19e3779f9 ^
		uint64(pos.Pieces(board.Black, board.Bishop))*0xd6e8feb86659fd93 ^
		uint64(pos.Pieces(board.White, board.King))*0xff51afd7ed558ccd ^
		uint64(pos.Pieces(board.Black, board.King))*0xc4ceb9fe1a85ec53
	return k
}

// updateCorrection moves the correction of the position at ply toward
// the difference between the search result best and the raw static
// evaluation. With one table that is a running mean; with several each
// entry takes a step of the same weight against what the sum still
// misses.
func (t *thread) updateCorrection(depth, best, raw int) {
	e := t.corrEntries()
	pawn := e[corrPawn]
	w := int32(min(depth+1, corrWeightMax))
	diff := int32((best - raw) * corrGrain)
	limit := int32(corrLimit * corrGrain)
	o := &t.s.opts
	if !o.CorrNonPawn && !o.MinorCorr {
		v := (*pawn*(256-w) + diff*w) / 256
		*pawn = max(-limit, min(v, limit))
		return
	}
	step := (diff - t.corrSum()) * w / 256
	move := func(e *int32) { *e = max(-limit, min(*e+step, limit)) }
	move(pawn)
	if o.CorrNonPawn {
		move(e[corrWhite])
		move(e[corrBlack])
	}
	if o.MinorCorr {
		move(e[corrMinor])
	}
}
