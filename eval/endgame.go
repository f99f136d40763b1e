// Endgame knowledge: material configurations whose value the evaluation
// knows better than its weights do. Draws are scored 0 (insufficient
// material, two knights against a bare king, a rook pawn with the wrong
// bishop, king and pawn against king when the bitbase says so); wins
// against a bare king are scored high and drive the defending king to the
// edge (to the corner of the bishop's colour with bishop and knight); and
// scaleFactor shrinks the endgame part of drawish endings (opposite-
// coloured bishops, no pawns and too little extra material to mate).
package eval

import "brudno/board"

// Endgame values.
const (
	scaleNormal = 128  // the endgame scale of an ordinary position
	knownWin    = 2000 // a won ending against a bare king, before the drive to the edge
	kpkWin      = 900  // a won king-and-pawn ending, plus 20 per rank of the pawn
)

const darkSquares board.Bitboard = 0xAA55AA55AA55AA55

// endgame returns the value of p (side to move's view) when endgame
// knowledge decides it.
func (e *Evaluator) endgame(p *board.Position) (int, bool) {
	for strong := board.White; strong <= board.Black; strong++ {
		weak := strong.Other()
		if p.HasNonPawnMaterial(weak) {
			continue
		}
		king := p.Pieces(strong, board.King)
		pawns := p.Pieces(strong, board.Pawn)
		pieces := p.ByColor(strong) &^ (pawns | king)
		weakPawns := p.Pieces(weak, board.Pawn)
		var v int
		switch {
		case pieces == 0 && weakPawns == 0 && pawns != 0 && !pawns.More():
			v = kpkValue(p, strong)
		case pieces != 0 && pawns == 0 && weakPawns == 0:
			v = e.versusBareKing(p, strong, pieces)
		case pieces != 0 && pawns != 0 && pieces == p.Pieces(strong, board.Bishop) && wrongBishop(p, strong):
			v = 0
		default:
			continue
		}
		if p.Side() != strong {
			v = -v
		}
		return v, true
	}
	if p.InsufficientMaterial() {
		return 0, true
	}
	return 0, false
}

// versusBareKing values the pieces of strong (no pawns on the board)
// against a bare king.
func (e *Evaluator) versusBareKing(p *board.Position, strong board.Color, pieces board.Bitboard) int {
	knights := p.Pieces(strong, board.Knight)
	bishops := p.Pieces(strong, board.Bishop)
	weakKing, strongKing := p.KingSquare(strong.Other()), p.KingSquare(strong)
	switch {
	case p.InsufficientMaterial():
		return 0
	case pieces == knights && knights.Count() <= 2:
		return 0 // two knights cannot force mate
	case pieces == knights|bishops && knights.Count() == 1 && bishops.Count() == 1:
		return kbnValue(bishops, weakKing, strongKing)
	}
	v := knownWin
	for b := pieces; b != 0; {
		v += e.w.Material[p.PieceAt(b.PopFirst()).Type()].EG()
	}
	return v + 20*centreDistance(weakKing) + 10*(7-distance[weakKing][strongKing])
}

// centreDistance is 0 for the four centre squares and 6 in the corners.
func centreDistance(s board.Square) int {
	f, r := s.File(), s.Rank()
	return 3 - min(f, 7-f) + 3 - min(r, 7-r)
}

// manhattan is the number of rook steps from a to b.
func manhattan(a, b board.Square) int {
	return abs(a.File()-b.File()) + abs(a.Rank()-b.Rank())
}

// kbnValue scores king, bishop and knight against a bare king: won, and
// better the nearer the defending king is to a corner of the bishop's
// colour and the nearer the attacking king is to it.
func kbnValue(bishop board.Bitboard, weakKing, strongKing board.Square) int {
	c1, c2 := board.Square(0), board.Square(63) // a1, h8: dark
	if bishop&darkSquares == 0 {
		c1, c2 = 7, 56 // h1, a8: light
	}
	corner := min(manhattan(weakKing, c1), manhattan(weakKing, c2)) // 0..7
	return knownWin + 60*(7-corner) + 20*centreDistance(weakKing) + 10*(7-distance[weakKing][strongKing])
}

// wrongBishop reports whether strong's pawns are all on one rook file, its
// bishops cannot control the promotion square, and the defending king
// stands next to or on that square: a draw.
func wrongBishop(p *board.Position, strong board.Color) bool {
	pawns := p.Pieces(strong, board.Pawn)
	var file int
	switch {
	case pawns&^board.FileA == 0:
		file = 0
	case pawns&^board.FileH == 0:
		file = 7
	default:
		return false
	}
	promo := board.SquareAt(file, 7^int(strong)*7)
	bishops := p.Pieces(strong, board.Bishop)
	if darkSquares.Has(promo) {
		if bishops&darkSquares != 0 {
			return false
		}
	} else if bishops&^darkSquares != 0 {
		return false
	}
	return distance[p.KingSquare(strong.Other())][promo] <= 1
}

// scaleFactor returns the endgame scale (out of scaleNormal) for the side
// strong that the endgame part favours.
func scaleFactor(p *board.Position, strong board.Color) int {
	weak := strong.Other()
	if p.Pieces(strong, board.Pawn) == 0 {
		own, their := minorUnits(p, strong), minorUnits(p, weak)
		if own <= 3 && p.Pieces(weak, board.Pawn) == 0 {
			return 0 // a minor piece or nothing cannot win without pawns
		}
		if own <= 3 || own-their <= 3 {
			return 16
		}
	}
	wb, bb := p.Pieces(board.White, board.Bishop), p.Pieces(board.Black, board.Bishop)
	if wb != 0 && bb != 0 && !wb.More() && !bb.More() && (wb&darkSquares == 0) != (bb&darkSquares == 0) {
		others := p.ByType(board.Knight) | p.ByType(board.Rook) | p.ByType(board.Queen)
		if others != 0 {
			return 96
		}
		diff := abs(p.Pieces(board.White, board.Pawn).Count() - p.Pieces(board.Black, board.Pawn).Count())
		return min(16+16*diff, 64)
	}
	return scaleNormal
}

// minorUnits is colour c's non-pawn material counting knights and bishops
// 3, rooks 5 and queens 9.
func minorUnits(p *board.Position, c board.Color) int {
	return 3*(p.Pieces(c, board.Knight).Count()+p.Pieces(c, board.Bishop).Count()) +
		5*p.Pieces(c, board.Rook).Count() + 9*p.Pieces(c, board.Queen).Count()
}

// kpkValue scores king and pawn against king from strong's point of view
// by the bitbase: a win, or 0.
func kpkValue(p *board.Position, strong board.Color) int {
	pawn := p.Pieces(strong, board.Pawn).First()
	if !kpkWon(strong, p.KingSquare(strong), pawn, p.KingSquare(strong.Other()), p.Side()) {
		return 0
	}
	return kpkWin + 20*relativeRank(strong, pawn)
}
