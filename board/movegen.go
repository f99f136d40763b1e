// Legal move generation into caller-provided MoveLists. Moves are legal as
// generated: pins and checks are resolved with bitboard masks, and only king
// moves, en passant and castling need an attack test per move. Generation
// can be restricted to noisy moves (captures and promotions, for
// quiescence) or quiet moves (everything else).
package board

type genKind int

const (
	genAll genKind = iota
	genNoisy
	genQuiet
)

// GenerateLegal fills list with every legal move.
func (p *Position) GenerateLegal(list *MoveList) { list.Count = 0; p.generate(list, genAll) }

// GenerateNoisy fills list with the legal captures (en passant included) and
// promotions (all four pieces, capturing or not).
func (p *Position) GenerateNoisy(list *MoveList) { list.Count = 0; p.generate(list, genNoisy) }

// GenerateQuiet fills list with the legal moves that neither capture nor
// promote (castling included). Noisy and quiet moves partition the legal moves.
func (p *Position) GenerateQuiet(list *MoveList) { list.Count = 0; p.generate(list, genQuiet) }

// AppendQuiet adds the legal quiet moves to the moves already in list (for
// generation in stages: the captures first, the quiet moves if needed).
func (p *Position) AppendQuiet(list *MoveList) { p.generate(list, genQuiet) }

// GenerateEvasions fills list with the legal replies to a check. In check,
// every legal move is an evasion, so it equals GenerateLegal there; it is
// meant to be called only when InCheck is true.
func (p *Position) GenerateEvasions(list *MoveList) { p.GenerateLegal(list) }

// HasLegalMove reports whether the side to move has any legal move.
func (p *Position) HasLegalMove() bool {
	var list MoveList
	p.generate(&list, genAll)
	return list.Count > 0
}

func (p *Position) generate(list *MoveList, kind genKind) {
	us, them := p.side, p.side^1
	ksq := p.kingSq[us]
	occ := p.byType[0]
	ours, theirs := p.byColor[us], p.byColor[them]
	checkers := p.checkers

	var dst Bitboard // destinations of piece moves by kind, before check masking
	switch kind {
	case genAll:
		dst = ^ours
	case genNoisy:
		dst = theirs
	case genQuiet:
		dst = ^occ
	}

	// King moves: the destination must not be attacked once the king has left.
	occNoKing := occ ^ BB(ksq)
	for b := kingAttacks[ksq] & dst; b != 0; {
		to := b.PopFirst()
		if !p.attackedWith(to, them, occNoKing) {
			list.add(NewMove(ksq, to))
		}
	}
	if checkers.More() {
		return // double check: only the king can move
	}
	target := ^Bitboard(0)
	if checkers != 0 {
		target = between[ksq][checkers.First()] | checkers
	}
	pinned := p.Pinned(us)
	dst &= target

	// Knights (a pinned knight never moves).
	for b := p.Pieces(us, Knight) &^ pinned; b != 0; {
		from := b.PopFirst()
		list.addAll(from, knightAttacks[from]&dst)
	}
	// Sliders: a pinned slider stays on the line through its king.
	for b := (p.byType[Bishop] | p.byType[Queen]) & ours; b != 0; {
		from := b.PopFirst()
		a := BishopAttacks(from, occ) & dst
		if pinned.Has(from) {
			a &= line[ksq][from]
		}
		list.addAll(from, a)
	}
	for b := (p.byType[Rook] | p.byType[Queen]) & ours; b != 0; {
		from := b.PopFirst()
		a := RookAttacks(from, occ) & dst
		if pinned.Has(from) {
			a &= line[ksq][from]
		}
		list.addAll(from, a)
	}

	p.generatePawnMoves(list, kind, target, pinned, checkers)

	if kind != genNoisy && checkers == 0 {
		p.generateCastling(list)
	}
}

// addAll adds a move from from to each square of targets.
func (l *MoveList) addAll(from Square, targets Bitboard) {
	base := Move(from)
	for targets != 0 {
		l.add(base | Move(targets.PopFirst())<<6)
	}
}

func (l *MoveList) addPromotions(from, to Square) {
	l.add(NewPromotion(from, to, Queen))
	l.add(NewPromotion(from, to, Knight))
	l.add(NewPromotion(from, to, Rook))
	l.add(NewPromotion(from, to, Bishop))
}

func (p *Position) generatePawnMoves(list *MoveList, kind genKind, target, pinned, checkers Bitboard) {
	us, them := p.side, p.side^1
	ksq := p.kingSq[us]
	pawns := p.Pieces(us, Pawn)
	theirs := p.byColor[them]
	empty := ^p.byType[0]
	var up Square = 8
	promoFrom, doubleRank := Rank7, Rank3
	if us == Black {
		up = 256 - 8 // subtracting 8 modulo 256
		promoFrom, doubleRank = Rank2, Rank6
	}
	push := func(b Bitboard) Bitboard {
		if us == White {
			return b << 8
		}
		return b >> 8
	}
	// legal reports whether a pawn move keeps a pinned pawn on its pin line.
	legal := func(from, to Square) bool {
		return !pinned.Has(from) || line[ksq][from].Has(to)
	}

	if kind != genNoisy {
		single := push(pawns&^promoFrom) & empty
		double := push(single&doubleRank) & empty & target
		for b := single & target; b != 0; {
			to := b.PopFirst()
			if from := to - up; legal(from, to) {
				list.add(NewMove(from, to))
			}
		}
		for b := double; b != 0; {
			to := b.PopFirst()
			if from := to - 2*up; legal(from, to) {
				list.add(NewMove(from, to))
			}
		}
	}
	if kind == genQuiet {
		return
	}
	// Pawns that attack an enemy piece on a target square, found for
	// all pawns at once; the loops below visit only them (and the pawns
	// that may promote by a push), in the same order as all pawns.
	capturers := PawnAttacksBB(them, theirs&target) & pawns
	// Promotions, pushing or capturing.
	for b := pawns & promoFrom; b != 0; {
		from := b.PopFirst()
		if to := from + up; empty.Has(to) && target.Has(to) && legal(from, to) {
			list.addPromotions(from, to)
		}
		for c := pawnAttacks[us][from] & theirs & target; c != 0; {
			if to := c.PopFirst(); legal(from, to) {
				list.addPromotions(from, to)
			}
		}
	}
	// Ordinary captures.
	for b := capturers &^ promoFrom; b != 0; {
		from := b.PopFirst()
		for c := pawnAttacks[us][from] & theirs & target; c != 0; {
			if to := c.PopFirst(); legal(from, to) {
				list.add(NewMove(from, to))
			}
		}
	}
	// En passant: tested by removing both pawns from the occupancy.
	if p.ep != NoSquare {
		capSq := p.ep - up
		occ := p.byType[0]
		for b := pawnAttacks[them][p.ep] & pawns; b != 0; {
			from := b.PopFirst()
			occ2 := occ ^ BB(from) ^ BB(capSq) | BB(p.ep)
			if checkers&^BB(capSq)&(p.byType[Knight]|p.byType[Pawn]) != 0 {
				continue // a knight's or other pawn's check is not answered
			}
			if RookAttacks(ksq, occ2)&(p.byType[Rook]|p.byType[Queen])&theirs != 0 ||
				BishopAttacks(ksq, occ2)&(p.byType[Bishop]|p.byType[Queen])&theirs != 0 {
				continue
			}
			list.add(newSpecial(from, p.ep, EnPassant))
		}
	}
}

func (p *Position) generateCastling(list *MoveList) {
	us, them := p.side, p.side^1
	ksq := p.kingSq[us]
	occ := p.byType[0]
	for i := 2 * int(us); i < 2*int(us)+2; i++ {
		if p.castling&(1<<i) == 0 || p.castlePath[i]&occ != 0 {
			continue
		}
		rook := p.castleRook[i]
		m := newSpecial(ksq, rook, Castling)
		kingTo, _ := m.CastlingSquares()
		occ2 := occ ^ BB(ksq) ^ BB(rook)
		ok := true
		for b := between[ksq][kingTo] | BB(kingTo); b != 0; {
			if p.attackedWith(b.PopFirst(), them, occ2) {
				ok = false
				break
			}
		}
		if ok {
			list.add(m)
		}
	}
}
