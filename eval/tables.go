// Geometry tables for the evaluation: file and rank masks, the spans in
// front of a pawn, king zones and distances. All are computed once at
// start-up and only read afterwards.
package eval

import "brudno/board"

// The tables are package-level variables with initialisers (not set in an
// init function), so that Go initialises them before any other package-
// level initialiser that uses them at start-up.
var (
	fileMask = func() (m [8]board.Bitboard) {
		for f := range m {
			m[f] = board.FileA << f
		}
		return m
	}()

	// adjacentFiles are the files beside a file.
	adjacentFiles = func() (m [8]board.Bitboard) {
		for f := range m {
			if f > 0 {
				m[f] |= fileMask[f-1]
			}
			if f < 7 {
				m[f] |= fileMask[f+1]
			}
		}
		return m
	}()

	// forwardRanks are the ranks strictly in front of a rank, for a colour.
	forwardRanks = func() (m [2][8]board.Bitboard) {
		for r := 0; r < 8; r++ {
			for q := r + 1; q < 8; q++ {
				m[board.White][r] |= board.Rank1 << (8 * q)
			}
			for q := 0; q < r; q++ {
				m[board.Black][r] |= board.Rank1 << (8 * q)
			}
		}
		return m
	}()

	// forwardFile: the squares in front of a square on its file.
	forwardFile = spans(func(c board.Color, s board.Square) board.Bitboard {
		return forwardRanks[c][s.Rank()] & fileMask[s.File()]
	})

	// attackSpan: the squares in front of a square on the adjacent files.
	attackSpan = spans(func(c board.Color, s board.Square) board.Bitboard {
		return forwardRanks[c][s.Rank()] & adjacentFiles[s.File()]
	})

	// passedMask: in front on the same and the adjacent files.
	passedMask = spans(func(c board.Color, s board.Square) board.Bitboard {
		return forwardFile[c][s] | attackSpan[c][s]
	})

	// kingZone: the king's square, its neighbours, and the squares one
	// rank further forward.
	kingZone = spans(func(c board.Color, s board.Square) board.Bitboard {
		zone := board.KingAttacks(s) | board.BB(s)
		if c == board.White {
			return zone | zone<<8
		}
		return zone | zone>>8
	})

	// distance is the Chebyshev (king-move) distance.
	distance = func() (d [64][64]int) {
		for s := board.Square(0); s < 64; s++ {
			for t := board.Square(0); t < 64; t++ {
				d[s][t] = max(abs(s.File()-t.File()), abs(s.Rank()-t.Rank()))
			}
		}
		return d
	}()
)

// relativeRank is the rank of s counted from colour c's back rank.
func relativeRank(c board.Color, s board.Square) int {
	return s.Rank() ^ int(c)*7
}

// forward returns the square in front of s for colour c (s on ranks 1-7
// for White, 2-8 for Black).
func forward(c board.Color, s board.Square) board.Square {
	if c == board.White {
		return s + 8
	}
	return s - 8
}

// spans tabulates f for both colours and every square.
func spans(f func(board.Color, board.Square) board.Bitboard) (m [2][64]board.Bitboard) {
	for c := board.White; c <= board.Black; c++ {
		for s := board.Square(0); s < 64; s++ {
			m[c][s] = f(c, s)
		}
	}
	return m
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
