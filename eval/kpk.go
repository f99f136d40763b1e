// The king-and-pawn-against-king bitbase: for every position, whether the
// side with the pawn wins. It is solved at start-up, exactly (a win that
// needs more than fifty moves counts as a win).
//
// Positions are normalised so that the pawn's side is White, playing up
// the board, with the pawn on files a-d (the board mirrored otherwise).
// For each pawn square (a2-d7), side to move and square of the white
// king, the table keeps one bitboard: the black king's squares where
// White wins.
//
// A king move leaves the pawn where it is and a pawn move advances it, so
// the positions of one pawn square depend only on each other and on those
// of the squares in front. The solver takes the pawn squares from the
// seventh rank down. On each it starts from what White wins by moving the
// pawn (a promotion, or a push to a position already solved) and then
// repeats, for whole bitboards of black king squares at once, the two
// one-move rules until nothing is added: with White to move, a position
// is won when some king move reaches a won position; with Black to move,
// when no king move reaches a position that is not won (taking the
// undefended pawn, stepping into stalemate and so on are simply squares
// that are not won), and Black is not stalemated. What is never added is
// a draw.
package eval

import "brudno/board"

// kpkTable[rank-1][file][side][wk] is the set of black king squares where
// White, with the king on wk and the pawn on (file, rank), wins; side is
// 0 with White to move. Squares that no legal position has are never in
// a set.
var kpkTable = solveKPK()

type kpkSets [2][64]board.Bitboard

// kpkWon reports whether strong, with its king on sk and its pawn on pawn,
// wins against the king on wk with side to move.
func kpkWon(strong board.Color, sk, pawn, wk board.Square, side board.Color) bool {
	flip := board.Square(0)
	if strong == board.Black {
		flip = 56 // the pawn's side plays up the board
	}
	if pawn.File() >= 4 {
		flip ^= 7 // the pawn on files a-d
	}
	sk, pawn, wk = sk^flip, pawn^flip, wk^flip
	stm := 0
	if side != strong {
		stm = 1
	}
	return kpkTable[pawn.Rank()-1][pawn.File()][stm][sk].Has(wk)
}

// kingSpread returns the squares next to any square of b: where a king on
// one of them can go.
func kingSpread(b board.Bitboard) board.Bitboard {
	sideways := (b<<1)&^board.FileA | (b>>1)&^board.FileH
	row := b | sideways
	return sideways | row<<8 | row>>8
}

func solveKPK() *[6][4]kpkSets {
	t := new([6][4]kpkSets)
	for rank := 6; rank >= 1; rank-- {
		for file := 0; file < 4; file++ {
			solveKPKSquare(t, board.SquareAt(file, rank))
		}
	}
	return t
}

// solveKPKSquare fills the sets of the pawn square p; those of the
// squares in front of it must be done.
func solveKPKSquare(t *[6][4]kpkSets, p board.Square) {
	won := &t[p.Rank()-1][p.File()]
	checks := board.PawnAttacks(board.White, p)
	var legalB, legalW, byPawn, free [64]board.Bitboard
	for wk := board.Square(0); wk < 64; wk++ {
		if wk == p {
			continue // no position: legalB and legalW stay empty
		}
		// Black to move: the black king anywhere but on a piece or next
		// to the white king (in check from the pawn or not). White to
		// move: not in check either.
		legalB[wk] = ^(board.BB(wk) | board.KingAttacks(wk) | board.BB(p))
		legalW[wk] = legalB[wk] &^ checks
		// The squares the black king may step to: the pawn's own square
		// among them when the white king does not guard it.
		free[wk] = ^(board.BB(wk) | board.KingAttacks(wk) | checks)
		byPawn[wk] = kpkPawnMoveWins(t, p, wk) & legalW[wk]
	}
	for changed := true; changed; {
		changed = false
		for wk := board.Square(0); wk < 64; wk++ {
			w := byPawn[wk]
			for to := board.KingAttacks(wk) &^ board.BB(p); to != 0; {
				// won[1][to] holds only black kings not next to to, so
				// the king move is legal wherever it counts.
				w |= won[1][to.PopFirst()]
			}
			w &= legalW[wk]
			// The black king escapes from any square next to a free
			// square that is not won (the pawn's square, when free, is
			// never won); with no free square next to it, it is mated
			// if the pawn checks it, and stalemated otherwise.
			b := legalB[wk] &^ kingSpread(free[wk]&^w)
			b &^= ^kingSpread(free[wk]) &^ checks
			if w != won[0][wk] || b != won[1][wk] {
				won[0][wk], won[1][wk] = w, b
				changed = true
			}
		}
	}
}

// kpkPawnMoveWins returns the black king squares where White, to move
// with the king on wk and the pawn on p, wins by moving the pawn: a push
// or double push to a won position of a square in front (already solved),
// or a promotion that wins.
func kpkPawnMoveWins(t *[6][4]kpkSets, p, wk board.Square) board.Bitboard {
	one := p + 8
	if wk == one {
		return 0 // the pawn is blocked
	}
	if p.Rank() == 6 {
		return kpkPromotionWins(one, wk)
	}
	ahead := &t[one.Rank()-1][one.File()]
	w := ahead[1][wk] // none with the black king on one
	if two := one + 8; p.Rank() == 1 && wk != two {
		w |= t[two.Rank()-1][two.File()][1][wk] &^ board.BB(one)
	}
	return w
}

// kpkPromotionWins returns the black king squares where a new queen or
// rook on q, with the white king on wk, wins: Black to move cannot take it
// and has a move, or is mated. (A new bishop or knight never wins.)
func kpkPromotionWins(q, wk board.Square) board.Bitboard {
	var w board.Bitboard
	guard := board.KingAttacks(wk)
	for bk := board.Square(0); bk < 64; bk++ {
		if bk == q || bk == wk || guard.Has(bk) {
			continue
		}
		// The new piece's attacks as the black king sees them: blocked by
		// the white king, not by the black king, which cannot step back
		// along a line it is checked on.
		for _, attacks := range [2]board.Bitboard{board.QueenAttacks(q, board.BB(wk)), board.RookAttacks(q, board.BB(wk))} {
			steps := board.KingAttacks(bk) &^ guard &^ attacks
			if !steps.Has(q) && (steps != 0 || attacks.Has(bk)) {
				w |= board.BB(bk)
				break
			}
		}
	}
	return w
}
