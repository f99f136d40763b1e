package board

// IsLegal reports whether m is a legal move in the position, for a move
// taken from elsewhere (a hash table or killer slot) that may belong to
// another position. Ordinary moves of pieces other than the king are
// decided with bitboards; king moves, castling, en passant and promotions,
// which are rare in that role, are looked up in the generated list.
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
	if m.Kind() != Normal || pt == King {
		var list MoveList
		p.generate(&list, genAll)
		return list.Contains(m)
	}
	if p.byColor[us].Has(to) {
		return false
	}
	occ := p.byType[0]
	switch pt {
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
