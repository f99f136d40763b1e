// Upcoming repetitions: whether the side to move has a move that returns
// to a position of the game's recent history, found without generating
// moves (Marcel van Kervinck's method of cuckoo tables).
//
// A reversible move of a piece other than a pawn changes the key by
// exactly pieceKeys[pc][from] ^ pieceKeys[pc][to] ^ sideKey, the same for
// the move and its way back. The cuckoo table holds that difference for
// every such move on an empty board (3,668 of them: knights, bishops,
// rooks, queens and kings of both colours, each pair of squares once), so
// the key of the current position exclusive-or that of a position an odd
// number of plies back finds, in one or two lookups, the one move that
// could link them, if there is one.
package board

const cuckooSize = 8192

var (
	cuckooKeys  [cuckooSize]uint64
	cuckooMoves [cuckooSize]Move // From and To only; NoMove where empty
)

func cuckooH1(k uint64) int { return int(k & (cuckooSize - 1)) }
func cuckooH2(k uint64) int { return int(k >> 16 & (cuckooSize - 1)) }

// initCuckoo fills the cuckoo table; called by the key tables' init, after
// the keys exist. Each move is stored at one of its two hash slots,
// displacing what is there to that entry's other slot.
func initCuckoo() {
	count := 0
	for c := White; c <= Black; c++ {
		for t := Knight; t <= King; t++ {
			pc := MakePiece(c, t)
			for s1 := Square(0); s1 < 64; s1++ {
				for s2 := s1 + 1; s2 < 64; s2++ {
					if !pieceAttacksEmpty(t, s1).Has(s2) {
						continue
					}
					key := pieceKeys[pc][s1] ^ pieceKeys[pc][s2] ^ sideKey
					m := NewMove(s1, s2)
					i := cuckooH1(key)
					for steps := 0; ; steps++ {
						if steps > cuckooSize {
							panic("board: the cuckoo table cannot place every move")
						}
						cuckooKeys[i], key = key, cuckooKeys[i]
						cuckooMoves[i], m = m, cuckooMoves[i]
						if m == NoMove {
							break
						}
						if i == cuckooH1(key) {
							i = cuckooH2(key)
						} else {
							i = cuckooH1(key)
						}
					}
					count++
				}
			}
		}
	}
	if count != 3668 {
		panic("board: the cuckoo table does not hold 3,668 moves")
	}
}

// pieceAttacksEmpty returns the squares a piece of type t on s attacks
// on an empty board.
func pieceAttacksEmpty(t PieceType, s Square) Bitboard {
	switch t {
	case Knight:
		return knightAttacks[s]
	case Bishop:
		return bishopEmpty[s]
	case Rook:
		return rookEmpty[s]
	case Queen:
		return bishopEmpty[s] | rookEmpty[s]
	case King:
		return kingAttacks[s]
	}
	return 0
}

// HasUpcomingRepetition reports whether the side to move has a move of a
// piece other than a pawn, along a clear path, to a position that occurred
// an odd number of plies (3 or more) ago, since the last capture, pawn
// move or null move: a move that IsRepetition would then find. The move
// is not tested for legality (it may leave the king in check), as in the
// engines that use the method.
func (p *Position) HasUpcomingRepetition() bool {
	return p.upcomingRepetition() != NoMove
}

// upcomingRepetition returns the move that HasUpcomingRepetition finds
// (NoMove when none), with From the square its piece stands on.
func (p *Position) upcomingRepetition() Move {
	n := len(p.history)
	limit := min(p.halfmove, n)
	if limit < 3 {
		return NoMove
	}
	occ := p.byType[0]
	for i := 1; i <= limit; i++ {
		u := &p.history[n-i]
		if u.move == NoMove { // a null move: positions before it do not count
			return NoMove
		}
		if i < 3 || i%2 == 0 {
			continue
		}
		diff := p.key ^ u.key
		j := cuckooH1(diff)
		if cuckooKeys[j] != diff {
			if j = cuckooH2(diff); cuckooKeys[j] != diff {
				continue
			}
		}
		m := cuckooMoves[j]
		s1, s2 := m.From(), m.To()
		if between[s1][s2]&occ != 0 {
			continue
		}
		if p.squares[s1] == NoPiece {
			s1, s2 = s2, s1
		}
		if pc := p.squares[s1]; pc != NoPiece && pc.Color() == p.side && p.squares[s2] == NoPiece {
			return NewMove(s1, s2)
		}
	}
	return NoMove
}
