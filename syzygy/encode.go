package syzygy

import "brudno/board"

// Outcomes of a raw table lookup.
const (
	lookOK       = iota
	lookFail     // no usable table, or an index or value out of range
	lookOtherSTM // a DTZ table that stores only the other side to move
)

// lookup reads the raw value the table t (of pos's material) stores for
// pos: for WDL the class 0..4 (loss..win), for DTZ the stored number before
// the value map. Nothing is allocated.
func (t *table) lookup(pos *board.Position) (int, *pairs, int) {
	if !t.ready() {
		return 0, nil, lookFail
	}
	// The table's white is the first side of its name; a position with the
	// material the other way round, or (equal material) black to move,
	// is looked up with colours and ranks flipped.
	flip := positionKey(pos) != t.key || (t.key == t.key2 && pos.Side() == board.Black)
	var flipSq, flipCol int
	stm := int(pos.Side())
	if flip {
		flipSq, flipCol, stm = 56, 8, stm^1
	}
	var sq [MaxPieces]int
	var pc [MaxPieces]byte
	n, lead, file := 0, 0, 0
	var leadPawns board.Bitboard
	if t.hasPawns {
		leadPiece := board.Piece(t.parts[0][0].pieces[0] ^ byte(flipCol))
		leadPawns = pos.Pieces(leadPiece.Color(), board.Pawn)
		for b := leadPawns; b != 0; {
			sq[n], pc[n] = int(b.PopFirst())^flipSq, t.parts[0][0].pieces[0]
			n++
		}
		lead = n
		best := 0
		for i := 1; i < lead; i++ {
			if pawnOrder[sq[i]] > pawnOrder[sq[best]] {
				best = i
			}
		}
		sq[0], sq[best] = sq[best], sq[0]
		file = min(sq[0]&7, 7-sq[0]&7)
	}
	var p *pairs
	if t.dtz {
		p = &t.parts[0][file]
		if int(p.flags&flagSTM) != stm && (t.key != t.key2 || t.hasPawns) {
			return 0, p, lookOtherSTM
		}
	} else {
		if stm >= t.sides() {
			return 0, nil, lookFail
		}
		p = &t.parts[stm][file]
	}
	for b := pos.Occupied() &^ leadPawns; b != 0 && n < MaxPieces; {
		s := b.PopFirst()
		sq[n], pc[n] = int(s)^flipSq, byte(pos.PieceAt(s))^byte(flipCol)
		n++
	}
	if n != t.pieces {
		return 0, nil, lookFail
	}
	// Put the pieces in the order the table encodes them.
	for i := lead; i < n-1; i++ {
		for j := i; j < n; j++ {
			if pc[j] == p.pieces[i] {
				pc[i], pc[j] = pc[j], pc[i]
				sq[i], sq[j] = sq[j], sq[i]
				break
			}
		}
	}
	idx, ok := t.index(p, sq[:n], lead)
	if !ok {
		return 0, nil, lookFail
	}
	v, ok := p.value(idx)
	if !ok {
		return 0, nil, lookFail
	}
	return v, p, lookOK
}

// index computes the position's index in sub-table p from its squares in
// the table's order (the first lead of them the leading pawns, the one
// nearest the edge first).
func (t *table) index(p *pairs, sq []int, lead int) (uint64, bool) {
	if sq[0]&7 > 3 {
		for i := range sq {
			sq[i] ^= 7
		}
	}
	var idx uint64
	var ok bool
	if t.hasPawns {
		idx = leadIndex[lead][sq[0]]
		sortBy(sq[1:lead], func(s int) int { return pawnOrder[s] })
		for i := 1; i < lead; i++ {
			idx += binomial[i][pawnOrder[sq[i]]]
		}
	} else if idx, ok = leadingIndex(sq, p.groupLen[0], t.unique); !ok {
		return 0, false
	}
	idx *= p.groupIdx[0]
	start := p.groupLen[0]
	otherPawns := t.bothPawn
	for g := 1; p.groupLen[g] != 0; g++ {
		l := p.groupLen[g]
		if start+l > len(sq) {
			return 0, false
		}
		group := sq[start : start+l]
		sortBy(group, func(s int) int { return s })
		var v uint64
		for i, s := range group {
			x := s
			for _, o := range sq[:start] {
				if o < s {
					x--
				}
			}
			if otherPawns {
				x -= 8
			}
			if x < 0 {
				return 0, false
			}
			v += binomial[i+1][x]
		}
		otherPawns = false
		idx += v * p.groupIdx[g]
		start += l
	}
	return idx, true
}

// leadingIndex maps a pawnless position by the symmetries so that the
// first piece is in the a1-d1-d4 triangle (and, on the diagonal, the next
// ones not above it) and numbers its leading group: two kings, or three
// unique pieces.
func leadingIndex(sq []int, groupLen int, unique bool) (uint64, bool) {
	if sq[0]>>3 > 3 {
		for i := range sq {
			sq[i] ^= 56
		}
	}
	for i := 0; i < groupLen; i++ {
		d := diagOffset(sq[i])
		if d == 0 {
			continue
		}
		if d > 0 {
			for j := i; j < len(sq); j++ {
				sq[j] = (sq[j]>>3 | sq[j]<<3) & 63
			}
		}
		break
	}
	if !unique {
		t := triangle[sq[0]]
		if t < 0 || kingPair[t][sq[1]] < 0 {
			return 0, false
		}
		return uint64(kingPair[t][sq[1]]), true
	}
	if len(sq) < 3 {
		return 0, false
	}
	a, b, c := sq[0], sq[1], sq[2]
	adj1 := b2i(b > a)
	adj2 := b2i(c > a) + b2i(c > b)
	var idx int
	switch {
	case diagOffset(a) != 0:
		if triangle[a] < 0 {
			return 0, false
		}
		idx = (triangle[a]*63+(b-adj1))*62 + c - adj2
	case diagOffset(b) != 0:
		if belowDiag[b] < 0 {
			return 0, false
		}
		idx = (6*63+(a>>3)*28+belowDiag[b])*62 + c - adj2
	case diagOffset(c) != 0:
		if belowDiag[c] < 0 {
			return 0, false
		}
		idx = 6*63*62 + 4*28*62 + (a>>3)*7*28 + (b>>3-adj1)*28 + belowDiag[c]
	default:
		idx = 6*63*62 + 4*28*62 + 4*7*28 + (a>>3)*7*6 + (b>>3-adj1)*6 + (c>>3 - adj2)
	}
	return uint64(idx), idx >= 0
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// sortBy sorts a few squares by a key, by insertion (stable, no allocation).
func sortBy(s []int, key func(int) int) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && key(s[j]) < key(s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
