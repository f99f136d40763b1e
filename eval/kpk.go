// The king-and-pawn-against-king bitbase: one bit per position (the side
// with the pawn normalised to White with the pawn on files a-d; either
// side to move) saying whether White wins. It is computed at start-up by
// retrograde iteration: positions that promote safely are won, positions
// where the defending king takes the pawn or is stalemated are drawn, and
// the rest is decided from their successors until nothing changes (what
// is still undecided then is a draw).
package eval

import "brudno/board"

const kpkSize = 2 * 64 * 64 * 24 // side to move, white king, black king, pawn (a2-d7)

var kpkBits = buildKPK()

// kpkIndex numbers a normalised position; stm is 0 with White to move.
func kpkIndex(stm int, wk, bk, pawn board.Square) int {
	return ((stm*64+int(wk))*64+int(bk))*24 + (pawn.Rank()-1)*4 + pawn.File()
}

// kpkWon reports whether strong, with its king on sk and its pawn on pawn,
// wins against the king on wk with side to move.
func kpkWon(strong board.Color, sk, pawn, wk board.Square, side board.Color) bool {
	if strong == board.Black {
		sk, pawn, wk = sk^56, pawn^56, wk^56
	}
	if pawn.File() > 3 {
		sk, pawn, wk = sk^7, pawn^7, wk^7
	}
	stm := 0
	if side != strong {
		stm = 1
	}
	i := kpkIndex(stm, sk, wk, pawn)
	return kpkBits[i>>6]>>(i&63)&1 != 0
}

const (
	kpkUnknown uint8 = iota
	kpkInvalid
	kpkDraw
	kpkWinning
)

func buildKPK() *[kpkSize / 64]uint64 {
	res := make([]uint8, kpkSize)
	decode := func(i int) (stm int, wk, bk, pawn board.Square) {
		pi := i % 24
		return i / (24 * 64 * 64), board.Square(i / (24 * 64) % 64), board.Square(i / 24 % 64), board.SquareAt(pi%4, pi/4+1)
	}
	for i := range res {
		res[i] = kpkInitial(decode(i))
	}
	for changed := true; changed; {
		changed = false
		for i, r := range res {
			if r != kpkUnknown {
				continue
			}
			stm, wk, bk, pawn := decode(i)
			if r = kpkClassify(res, stm, wk, bk, pawn); r != kpkUnknown {
				res[i] = r
				changed = true
			}
		}
	}
	bits := new([kpkSize / 64]uint64)
	for i, r := range res {
		if r == kpkWinning {
			bits[i>>6] |= 1 << (i & 63)
		}
	}
	return bits
}

// blackKingMoves returns the squares the black king may move to: not next
// to the white king and not attacked by the pawn (the pawn's square
// included when it is undefended).
func blackKingMoves(wk, bk, pawn board.Square) board.Bitboard {
	return board.KingAttacks(bk) &^ board.KingAttacks(wk) &^ board.PawnAttacks(board.White, pawn)
}

// kpkInitial classifies what is known without looking at successors.
func kpkInitial(stm int, wk, bk, pawn board.Square) uint8 {
	switch {
	case wk == bk || wk == pawn || bk == pawn || distance[wk][bk] <= 1:
		return kpkInvalid
	case stm == 0 && board.PawnAttacks(board.White, pawn).Has(bk):
		return kpkInvalid // Black in check with White to move
	case stm == 0 && pawn.Rank() == 6 && wk != pawn+8 && (distance[bk][pawn+8] > 1 || distance[wk][pawn+8] == 1):
		return kpkWinning // promotes and the queen cannot be taken
	case stm == 1:
		moves := blackKingMoves(wk, bk, pawn)
		if moves == 0 {
			if board.PawnAttacks(board.White, pawn).Has(bk) {
				return kpkWinning // mated
			}
			return kpkDraw // stalemate
		}
		if moves.Has(pawn) {
			return kpkDraw // takes the undefended pawn
		}
	}
	return kpkUnknown
}

// kpkClassify decides a position from its successors, or leaves it unknown.
func kpkClassify(res []uint8, stm int, wk, bk, pawn board.Square) uint8 {
	if stm == 1 {
		all := true
		for b := blackKingMoves(wk, bk, pawn); b != 0; {
			switch res[kpkIndex(0, wk, b.PopFirst(), pawn)] {
			case kpkDraw:
				return kpkDraw
			case kpkUnknown:
				all = false
			}
		}
		if all {
			return kpkWinning
		}
		return kpkUnknown
	}
	allDraw := true
	visit := func(r uint8) bool {
		if r == kpkWinning {
			return true
		}
		if r != kpkDraw {
			allDraw = false
		}
		return false
	}
	for b := board.KingAttacks(wk) &^ board.KingAttacks(bk) &^ board.BB(pawn); b != 0; {
		if visit(res[kpkIndex(1, b.PopFirst(), bk, pawn)]) {
			return kpkWinning
		}
	}
	// Pawn pushes; a promotion that is not an immediate win (kpkInitial)
	// loses the new queen, so it counts as a draw.
	if push := pawn + 8; push != wk && push != bk && pawn.Rank() < 6 {
		if visit(res[kpkIndex(1, wk, bk, push)]) {
			return kpkWinning
		}
		if double := push + 8; pawn.Rank() == 1 && double != wk && double != bk {
			if visit(res[kpkIndex(1, wk, bk, double)]) {
				return kpkWinning
			}
		}
	}
	if allDraw {
		return kpkDraw
	}
	return kpkUnknown
}
