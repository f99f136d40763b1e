// Materials: a table's name (KQvKR), the counts of each side's pieces,
// which side a file names first, and the key under which a position finds
// its table (docs/syzygy-format.md, "File names").
package syzygy

import (
	"fmt"
	"strings"

	"brudno/board"
)

// army counts one side's pieces by board.PieceType (index 1 pawns to 6
// kings; index 0 unused).
type army [7]uint8

func (a army) total() int {
	n := 0
	for _, c := range a {
		n += int(c)
	}
	return n
}

// nameOrder is the order of letters within a side's string after the king.
var nameOrder = [5]board.PieceType{board.Queen, board.Rook, board.Bishop, board.Knight, board.Pawn}

const pieceLetters = " PNBRQK"

// String writes the side's letters: the king, then Q, R, B, N, P.
func (a army) String() string {
	var sb strings.Builder
	sb.WriteByte('K')
	for _, t := range nameOrder {
		for range a[t] {
			sb.WriteByte(pieceLetters[t])
		}
	}
	return sb.String()
}

// compareArmies says which of two sides a file names first: negative when
// a comes first, positive when b does, 0 when the material is symmetric.
// More pieces come first; with as many, the string whose first differing
// letter is smaller in the order K < Q < R < B < N < P, which is the side
// with more queens, then more rooks, and so on.
func compareArmies(a, b army) int {
	if ta, tb := a.total(), b.total(); ta != tb {
		return tb - ta
	}
	for _, t := range nameOrder {
		if a[t] != b[t] {
			return int(b[t]) - int(a[t])
		}
	}
	return 0
}

// matKey packs the two sides of a material, the side named first in the
// low bits: 4 bits a piece type, pawns to queens.
type matKey uint64

func keyOf(first, second army) matKey {
	k := matKey(0)
	for t := board.Pawn; t <= board.Queen; t++ {
		k |= matKey(first[t])<<(4*(t-1)) | matKey(second[t])<<(20+4*(t-1))
	}
	return k
}

// positionKey returns the key of pos's material and whether its colours
// are swapped for the tables: the side named first is black, or, for
// symmetric material, black is to move.
func positionKey(pos *board.Position) (matKey, bool) {
	var w, b army
	for t := board.Pawn; t <= board.King; t++ {
		w[t] = uint8(pos.Pieces(board.White, t).Count())
		b[t] = uint8(pos.Pieces(board.Black, t).Count())
	}
	switch c := compareArmies(w, b); {
	case c < 0:
		return keyOf(w, b), false
	case c > 0:
		return keyOf(b, w), true
	}
	return keyOf(w, b), pos.Side() == board.Black
}

// material is what a table's name says.
type material struct {
	name   string  // KQvKR
	sides  [2]army // table white (named first), table black
	pieces int
}

func (m *material) symmetric() bool { return m.sides[0] == m.sides[1] }

func (m *material) pawns() bool { return m.sides[0][board.Pawn]+m.sides[1][board.Pawn] > 0 }

func (m *material) key() matKey { return keyOf(m.sides[0], m.sides[1]) }

// leadingPawns returns the table colour (0 table white, 1 table black)
// and number of the leading pawns and the number of the other side's
// pawns: the side with fewer pawns but at least one, table white's when
// both have as many.
func (m *material) leadingPawns() (colour, k, other int) {
	w, b := int(m.sides[0][board.Pawn]), int(m.sides[1][board.Pawn])
	if w == 0 || b > 0 && b < w {
		return 1, b, w
	}
	return 0, w, b
}

// parseMaterial reads a table name without its extension. It accepts only
// the names the generator writes: each side a king followed by its pieces
// in the order Q, R, B, N, P, the side that comes first named first, 3 to
// MaxPieces pieces.
func parseMaterial(name string) (material, error) {
	m := material{name: name}
	parts := strings.Split(name, "v")
	if len(parts) != 2 {
		return m, fmt.Errorf("%q is not a table name (two sides joined by v)", name)
	}
	for i, p := range parts {
		if len(p) == 0 || p[0] != 'K' {
			return m, fmt.Errorf("%q is not a table name (each side starts with K)", name)
		}
		m.sides[i][board.King] = 1
		last := -1
		for _, c := range []byte(p[1:]) {
			idx := strings.IndexByte("QRBNP", c)
			if idx < 0 || idx < last {
				return m, fmt.Errorf("%q is not a table name (pieces are K, Q, R, B, N, P in that order)", name)
			}
			last = idx
			m.sides[i][nameOrder[idx]]++
		}
	}
	m.pieces = m.sides[0].total() + m.sides[1].total()
	switch {
	case m.pieces < 3 || m.pieces > MaxPieces:
		return m, fmt.Errorf("%q is not a table name (3 to %d pieces)", name, MaxPieces)
	case compareArmies(m.sides[0], m.sides[1]) > 0:
		return m, fmt.Errorf("%q is not a table name (the stronger side is named first: %sv%s)", name, parts[1], parts[0])
	}
	return m, nil
}
