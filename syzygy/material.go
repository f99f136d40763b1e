package syzygy

import (
	"fmt"
	"strings"

	"brudno/board"
)

// material counts the pieces of each colour and type (index 1..6 as
// board.PieceType) of a table or a position.
type material [2][7]int

// key packs the counts of pawns to queens, three bits each, white first:
// two materials have the same key exactly when they have the same pieces.
func (m *material) key() uint32 {
	var k uint32
	for c := 0; c < 2; c++ {
		for t := board.Pawn; t <= board.Queen; t++ {
			k = k<<3 | uint32(m[c][t]&7)
		}
	}
	return k
}

// swapped is the same material with the colours exchanged.
func (m *material) swapped() material { return material{m[1], m[0]} }

func (m *material) total() int {
	n := 0
	for c := 0; c < 2; c++ {
		for _, v := range m[c] {
			n += v
		}
	}
	return n
}

const pieceChars = " PNBRQK"

// parseName reads a table name such as "KRPvKB" (white's pieces, then
// black's); each side has one king, and the whole has 2 to 7 pieces.
func parseName(name string) (material, error) {
	var m material
	sides := strings.Split(name, "v")
	if len(sides) != 2 {
		return m, fmt.Errorf("table name %q is not of the form KXvKY", name)
	}
	for c, s := range sides {
		for i := 0; i < len(s); i++ {
			t := strings.IndexByte(pieceChars, s[i])
			if t < 1 {
				return m, fmt.Errorf("table name %q: unknown piece %q", name, s[i])
			}
			m[c][t]++
		}
		if m[c][board.King] != 1 {
			return m, fmt.Errorf("table name %q: side %d needs exactly one king", name, c+1)
		}
	}
	if n := m.total(); n > MaxPieces {
		return m, fmt.Errorf("table name %q: %d pieces, at most %d supported", name, n, MaxPieces)
	}
	return m, nil
}

// positionKey is the material key of the position's pieces.
func positionKey(pos *board.Position) uint32 {
	var k uint32
	for c := board.White; c <= board.Black; c++ {
		for t := board.Pawn; t <= board.Queen; t++ {
			k = k<<3 | uint32(pos.Pieces(c, t).Count()&7)
		}
	}
	return k
}
