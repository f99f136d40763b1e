package syzygy

// The constant tables of the index computation. A table's index is a
// mixed-radix number: the leading group of pieces (two kings, three unique
// pieces, or the leading pawns) and then each further group of like pieces
// as a combination of the squares still free, in the combinatorial number
// system. The symmetries (colour flip, file mirror, rank mirror and the
// a1-h8 diagonal for tables without pawns) shrink the leading group's range.

var (
	// binomial[k][n] is n choose k.
	binomial [8][64]uint64
	// triangle numbers the ten squares of the a1-d1-d4 triangle: the six
	// below the diagonal first (0..5), then a1, b2, c3, d4 (6..9); -1 elsewhere.
	triangle [64]int
	// belowDiag numbers the 28 squares below the a1-h8 diagonal (0..27).
	belowDiag [64]int
	// kingPair[t][s] is the index (0..461) of two kings, the first on the
	// triangle square numbered t and the second on s; -1 when impossible.
	kingPair [10][64]int
	// pawnOrder ranks pawn squares a2-h7 (47 down to 0) so that the
	// leading pawn, nearest the edge and then lowest, has the highest value.
	pawnOrder [64]int
	// leadIndex[n][s] is where the block of n leading pawns whose first pawn
	// stands on s begins; leadSize[n][f] is the size of file f's block.
	leadIndex [6][64]uint64
	leadSize  [6][4]uint64
)

// diagOffset is rank minus file: 0 on the a1-h8 diagonal, negative below.
func diagOffset(s int) int { return s>>3 - s&7 }

func init() {
	for n := 0; n < 64; n++ {
		binomial[0][n] = 1
		for k := 1; k < 8 && k <= n; k++ {
			binomial[k][n] = binomial[k-1][n-1] + binomial[k][n-1]
		}
	}
	code := 0
	for s := 0; s < 64; s++ {
		belowDiag[s] = -1
		if diagOffset(s) < 0 {
			belowDiag[s] = code
			code++
		}
	}
	for s := range triangle {
		triangle[s] = -1
	}
	code = 0
	for s := 0; s < 64; s++ {
		if s&7 <= 3 && s>>3 <= 3 && diagOffset(s) < 0 {
			triangle[s] = code
			code++
		}
	}
	for s := 0; s < 64; s += 9 {
		if s&7 <= 3 {
			triangle[s] = code
			code++
		}
	}
	initKingPairs()
	initPawns()
}

func kingsTouch(a, b int) bool {
	df, dr := a&7-b&7, a>>3-b>>3
	return df >= -1 && df <= 1 && dr >= -1 && dr <= 1
}

// initKingPairs numbers the legal king pairs, the first king on the
// triangle: pairs with both kings on the diagonal come last, and a second
// king above the diagonal is impossible when the first stands on it.
func initKingPairs() {
	var first [64]int
	for s := 0; s < 64; s++ {
		if t := triangle[s]; t >= 0 {
			first[t] = s
		}
	}
	code := 0
	type pair struct{ t, s int }
	var last []pair
	for t := 0; t < 10; t++ {
		for s := range kingPair[t] {
			kingPair[t][s] = -1
		}
		k := first[t]
		for s := 0; s < 64; s++ {
			switch {
			case kingsTouch(k, s):
			case diagOffset(k) == 0 && diagOffset(s) > 0:
			case diagOffset(k) == 0 && diagOffset(s) == 0:
				last = append(last, pair{t, s})
			default:
				kingPair[t][s] = code
				code++
			}
		}
	}
	for _, p := range last {
		kingPair[p.t][p.s] = code
		code++
	}
}

func initPawns() {
	next := 47
	for f := 0; f < 4; f++ {
		for r := 1; r <= 6; r++ {
			pawnOrder[r*8+f] = next
			pawnOrder[r*8+7-f] = next - 1
			next -= 2
		}
	}
	for n := 1; n <= 5; n++ {
		for f := 0; f < 4; f++ {
			var idx uint64
			for r := 1; r <= 6; r++ {
				s := r*8 + f
				leadIndex[n][s] = idx
				idx += binomial[n-1][pawnOrder[s]]
			}
			leadSize[n][f] = idx
		}
	}
}
