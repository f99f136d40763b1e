package board

// IsLegal reports whether m is a legal move in the position, for a move
// taken from elsewhere (a hash table or killer slot) that may belong to
// another position. Ordinary moves are decided with bitboards (a king
// move by the attacks on its destination once the king has left, as the
// generator decides it); castling, en passant and promotions, which are
// rare in that role, are looked up in the list of their kind's moves,
// castling among the quiet moves, the others among the noisy ones.
func (p *Position) IsLegal(m Move) bool {
	if m == NoMove {
		return false
	}
	from, to := m.From(), m.To()
	us := p.side
	pc := p.squares[from]
	if pc == NoPiece || pc.Color() != us {
		return false
	}
	pt := pc.Type()
	if kind := m.Kind(); kind != Normal {
		var list MoveList
		if kind == Castling {
			p.generate(&list, genQuiet)
		} else {
			p.generate(&list, genNoisy)
		}
		return list.Contains(m)
	}
	if p.byColor[us].Has(to) {
		return false
	}
	occ := p.byType[0]
	switch pt {
	case King:
		return kingAttacks[from].Has(to) && !p.attackedWith(to, us^1, occ^BB(from))
	case Pawn:
		if (Rank1 | Rank8).Has(to) {
			return false // a pawn reaching the last rank must promote
		}
		up := 8
		if us == Black {
			up = -8
		}
		switch int(to) - int(from) {
		case up:
			if occ.Has(to) {
				return false
			}
		case 2 * up:
			start := Rank2
			if us == Black {
				start = Rank7
			}
			if !start.Has(from) || occ.Has(to) || occ.Has(Square(int(from)+up)) {
				return false
			}
		default:
			if !(pawnAttacks[us][from] & p.byColor[us^1]).Has(to) {
				return false
			}
		}
	case Knight:
		if !knightAttacks[from].Has(to) {
			return false
		}
	case Bishop:
		if !BishopAttacks(from, occ).Has(to) {
			return false
		}
	case Rook:
		if !RookAttacks(from, occ).Has(to) {
			return false
		}
	case Queen:
		if !QueenAttacks(from, occ).Has(to) {
			return false
		}
	}
	// The move is pseudo-legal; it must not leave the king in check.
	ksq := p.kingSq[us]
	if checkers := p.Checkers(); checkers != 0 {
		if checkers.More() || !(between[ksq][checkers.First()] | checkers).Has(to) {
			return false
		}
	}
	return !p.Pinned(us).Has(from) || line[ksq][from].Has(to)
}
