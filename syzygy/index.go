// The numberings that turn a placement of pieces into an index into a
// sub-table (docs/syzygy-format.md, "The index without pawns", "The index
// with pawns", "The further groups"): binomial coefficients, the
// triangle and below-diagonal numbers, the 462 king pairs, the pawn edge
// keys and twists. All are computed once, at package initialisation.
package syzygy

// binom[n][k] is C(n, k) for n ≤ 64 and k < 8.
var binom [65][8]uint64

// Square numberings for the index without pawns; -1 where undefined.
var (
	triangle  [64]int8 // T: b1 0, c1 1, d1 2, c2 3, d2 4, d3 5, a1 6, b2 7, c3 8, d4 9
	belowDiag [64]int8 // D: the 28 squares below the a1-h8 diagonal, in square order
)

// kingPairs[T(k1)][k2] is the number of the placement of the first king
// on the triangle square k1 and the second on k2, or -1 when it is not a
// placement of the enumeration.
var kingPairs [10][64]int16

// Pawn square numberings (ranks 2 to 7 only).
var (
	edgeKey [64]int8 // E(s) = 6·e + rank - 1, e the file's distance from the edge
	twist   [64]int8 // W(s) = 12·(3 - e) + 2·(6 - rank) + [file ≤ 3]
)

// leadBase[k][s] is B(k, s): the placements of k leading pawns whose
// leading pawn is on a lower rank of s's file (s on files a to d);
// leadCount[k][f] is L(k, f), all the placements of file f.
var (
	leadBase  [6][64]uint64
	leadCount [6][4]uint64
)

func fileOf(s int) int { return s & 7 }
func rankOf(s int) int { return s >> 3 }

// edgeDist is the distance of s's file from the nearer edge: 0 for the
// a- and h-files, 3 for the d- and e-files.
func edgeDist(s int) int { return min(s&7, 7-s&7) }

func onDiag(s int) bool    { return s&7 == s>>3 }
func aboveDiag(s int) bool { return s&7 < s>>3 }

// mirrorDiag reflects s in the a1-h8 diagonal.
func mirrorDiag(s int) int { return (s&7)<<3 | s>>3 }

func kingsAdjacent(a, b int) bool {
	df, dr := fileOf(a)-fileOf(b), rankOf(a)-rankOf(b)
	return max(df, -df) <= 1 && max(dr, -dr) <= 1
}

func init() {
	for n := range 65 {
		binom[n][0] = 1
		for k := 1; k < 8 && k <= n; k++ {
			binom[n][k] = binom[n-1][k-1]
			if k <= n-1 {
				binom[n][k] += binom[n-1][k]
			}
		}
	}

	for s := range 64 {
		triangle[s], belowDiag[s] = -1, -1
	}
	for i, s := range []int{1, 2, 3, 10, 11, 19, 0, 9, 18, 27} { // b1 c1 d1 c2 d2 d3 a1 b2 c3 d4
		triangle[s] = int8(i)
	}
	d := int8(0)
	for s := range 64 {
		if fileOf(s) > rankOf(s) {
			belowDiag[s] = d
			d++
		}
	}

	// The two-king enumeration: first every first king with the second
	// anywhere it may be (strictly below the diagonal when the first is on
	// it), then the first king on the diagonal with the second on it too.
	for t := range kingPairs {
		for s := range kingPairs[t] {
			kingPairs[t][s] = -1
		}
	}
	trSquares := [10]int{1, 2, 3, 10, 11, 19, 0, 9, 18, 27}
	next := int16(0)
	for t, k1 := range trSquares {
		for k2 := range 64 {
			if k2 == k1 || kingsAdjacent(k1, k2) || onDiag(k1) && fileOf(k2) <= rankOf(k2) {
				continue
			}
			kingPairs[t][k2] = next
			next++
		}
	}
	for t := 6; t < 10; t++ {
		k1 := trSquares[t]
		for k2 := range 64 {
			if onDiag(k2) && k2 != k1 && !kingsAdjacent(k1, k2) {
				kingPairs[t][k2] = next
				next++
			}
		}
	}

	for s := 8; s < 56; s++ {
		e := edgeDist(s)
		edgeKey[s] = int8(6*e + rankOf(s) - 1)
		w := 12*(3-e) + 2*(6-rankOf(s))
		if fileOf(s) <= 3 {
			w++
		}
		twist[s] = int8(w)
	}
	for k := 1; k <= 5; k++ {
		for f := range 4 {
			sum := uint64(0)
			for r := 1; r <= 6; r++ {
				s := 8*r + f
				leadBase[k][s] = sum
				sum += binom[twist[s]][k-1]
			}
			leadCount[k][f] = sum
		}
	}
}

// The placements of the leading group without pawns.
const (
	kingPairCount = 462
	threeCount    = 31332
)

// threeIndex numbers a placement of three unique pieces on p0, p1, p2,
// already reflected so that p0 is in the triangle and, when p0 is on the
// diagonal, the first of them off it is below.
func threeIndex(p0, p1, p2 int) uint64 {
	q1 := p1
	if p1 > p0 {
		q1--
	}
	q2 := p2
	if p2 > p0 {
		q2--
	}
	if p2 > p1 {
		q2--
	}
	switch {
	case !onDiag(p0):
		return uint64((int(triangle[p0])*63+q1)*62 + q2)
	case !onDiag(p1):
		return uint64(23436 + (rankOf(p0)*28+int(belowDiag[p1]))*62 + q2)
	}
	r1 := rankOf(p1)
	if p1 > p0 {
		r1--
	}
	if !onDiag(p2) {
		return uint64(30380 + (rankOf(p0)*7+r1)*28 + int(belowDiag[p2]))
	}
	r2 := rankOf(p2)
	if p2 > p0 {
		r2--
	}
	if p2 > p1 {
		r2--
	}
	return uint64(31164 + (rankOf(p0)*7+r1)*6 + r2)
}

// comboIndex numbers the squares sq of a group of equal pieces as a
// combination: sq sorted, each lowered by the number of squares of
// before that are below it.
func comboIndex(sq []uint8, before []uint8, lower int) uint64 {
	var s [MaxPieces]uint8
	n := copy(s[:], sq)
	sortSquares(s[:n])
	idx := uint64(0)
	for j := range n {
		t := int(s[j]) - lower
		for _, b := range before {
			if b < s[j] {
				t--
			}
		}
		idx += binom[t][j+1]
	}
	return idx
}

// sortSquares sorts a few squares in increasing order.
func sortSquares(s []uint8) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// leadPawnIndex numbers the k leading pawns sq[0..k-1], sq[0] the leading
// pawn on files a to d.
func leadPawnIndex(sq []uint8) uint64 {
	k := len(sq)
	idx := leadBase[k][sq[0]]
	var w [MaxPieces]uint8
	for i := 1; i < k; i++ {
		w[i-1] = uint8(twist[sq[i]])
	}
	sortSquares(w[:k-1])
	for j := 0; j < k-1; j++ {
		idx += binom[w[j]][j+1]
	}
	return idx
}
