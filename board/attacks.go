// Attack tables: knight, king and pawn attacks computed here at start-up,
// sliding attacks from dragontoothmg's magic bitboards, and the between and
// line masks used for pins and check evasions. All tables are written once
// in init and only read afterwards.
package board

import "github.com/dylhunn/dragontoothmg"

var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard
	rookEmpty     [64]Bitboard // rook attacks on an empty board
	bishopEmpty   [64]Bitboard
	between       [64][64]Bitboard // squares strictly between two aligned squares
	line          [64][64]Bitboard // whole line through two aligned squares
)

func init() {
	for s := Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			knightAttacks[s] |= offsetBB(f+d[0], r+d[1])
		}
		for _, d := range [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}} {
			kingAttacks[s] |= offsetBB(f+d[0], r+d[1])
		}
		pawnAttacks[White][s] = offsetBB(f-1, r+1) | offsetBB(f+1, r+1)
		pawnAttacks[Black][s] = offsetBB(f-1, r-1) | offsetBB(f+1, r-1)
		rookEmpty[s] = RookAttacks(s, 0)
		bishopEmpty[s] = BishopAttacks(s, 0)
	}
	for a := Square(0); a < 64; a++ {
		for b := Square(0); b < 64; b++ {
			if a == b {
				continue
			}
			if rookEmpty[a].Has(b) {
				between[a][b] = RookAttacks(a, BB(b)) & RookAttacks(b, BB(a))
				line[a][b] = (rookEmpty[a] & rookEmpty[b]) | BB(a) | BB(b)
			} else if bishopEmpty[a].Has(b) {
				between[a][b] = BishopAttacks(a, BB(b)) & BishopAttacks(b, BB(a))
				line[a][b] = (bishopEmpty[a] & bishopEmpty[b]) | BB(a) | BB(b)
			}
		}
	}
}

func offsetBB(f, r int) Bitboard {
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return 0
	}
	return BB(SquareAt(f, r))
}

// RookAttacks returns the squares a rook on s attacks given the occupancy.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	return Bitboard(dragontoothmg.CalculateRookMoveBitboard(uint8(s), uint64(occ)))
}

// BishopAttacks returns the squares a bishop on s attacks given the occupancy.
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	return Bitboard(dragontoothmg.CalculateBishopMoveBitboard(uint8(s), uint64(occ)))
}

// QueenAttacks returns the squares a queen on s attacks given the occupancy.
func QueenAttacks(s Square, occ Bitboard) Bitboard {
	return RookAttacks(s, occ) | BishopAttacks(s, occ)
}

// KnightAttacks returns the squares a knight on s attacks.
func KnightAttacks(s Square) Bitboard { return knightAttacks[s] }

// KingAttacks returns the squares a king on s attacks.
func KingAttacks(s Square) Bitboard { return kingAttacks[s] }

// PawnAttacks returns the squares a pawn of colour c on s attacks.
func PawnAttacks(c Color, s Square) Bitboard { return pawnAttacks[c][s] }

// PawnAttacksBB returns every square attacked by the pawns of colour c in set.
func PawnAttacksBB(c Color, set Bitboard) Bitboard {
	if c == White {
		return (set&^FileA)<<7 | (set&^FileH)<<9
	}
	return (set&^FileA)>>9 | (set&^FileH)>>7
}
