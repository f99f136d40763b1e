// Zobrist keys built from the Polyglot table, and the from-scratch key
// computation that the incremental updates in Make are tested against.
package board

var (
	pieceKeys  [16][64]uint64 // by Piece and square
	castleKeys [16]uint64     // by castling-rights bit set
	epKeys     [8]uint64      // by en-passant file
	sideKey    uint64         // present when White is to move
)

func init() {
	for c := White; c <= Black; c++ {
		for t := Pawn; t <= King; t++ {
			// Polyglot kinds: black pawn 0, white pawn 1, black knight 2, ...
			kind := 2*int(t-Pawn) + int(1-c)
			for s := 0; s < 64; s++ {
				pieceKeys[MakePiece(c, t)][s] = polyglotRandom[64*kind+s]
			}
		}
	}
	for r := 0; r < 16; r++ {
		for bit := 0; bit < 4; bit++ {
			if r&(1<<bit) != 0 {
				castleKeys[r] ^= polyglotRandom[768+bit]
			}
		}
	}
	copy(epKeys[:], polyglotRandom[772:780])
	sideKey = polyglotRandom[780]
	initCuckoo() // after the keys (and the attack tables of attacks.go's init)
}

// computeKeys returns the position key, the pawn key and the non-pawn
// keys from scratch.
func (p *Position) computeKeys() (key, pawnKey uint64, nonPawnKey [2]uint64) {
	for s := Square(0); s < 64; s++ {
		if pc := p.squares[s]; pc != NoPiece {
			key ^= pieceKeys[pc][s]
			if pc.Type() == Pawn {
				pawnKey ^= pieceKeys[pc][s]
			} else {
				nonPawnKey[pc.Color()] ^= pieceKeys[pc][s]
			}
		}
	}
	key ^= castleKeys[p.castling]
	if p.ep != NoSquare {
		key ^= epKeys[p.ep.File()]
	}
	if p.side == White {
		key ^= sideKey
	}
	return key, pawnKey, nonPawnKey
}
