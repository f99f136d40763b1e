// Static exchange evaluation: the material balance of the capture sequence
// on one square when both sides always recapture with their least valuable
// attacker and may stop whenever continuing would lose.
package board

// SEEValue holds the piece values used by SEE, indexed by PieceType.
var SEEValue = [7]int{0, 100, 320, 330, 500, 900, 20000}

// SEE returns the expected material gain of move m for the side to move.
// Pins are ignored, as is usual. Non-captures return 0 unless they lose
// the moved piece; promotions count the promotion gain.
func (p *Position) SEE(m Move) int {
	if m.IsCastling() {
		return 0
	}
	from, to := m.From(), m.To()
	var gain [32]int32 // int32: half the bytes to clear of int
	occ := p.byType[0] ^ BB(from)
	attackerValue := int32(SEEValue[p.squares[from].Type()])
	gain[0] = int32(SEEValue[p.squares[to].Type()])
	switch m.Kind() {
	case EnPassant:
		gain[0] = int32(SEEValue[Pawn])
		occ ^= BB(to ^ 8)
	case Promotion:
		promo := int32(SEEValue[m.Promo()])
		gain[0] += promo - int32(SEEValue[Pawn])
		attackerValue = promo
	}
	occ |= BB(to)
	attackers := p.AttackersTo(to, occ) & occ
	diag := p.byType[Bishop] | p.byType[Queen]
	straight := p.byType[Rook] | p.byType[Queen]
	side := p.side ^ 1
	d := 0
	for {
		d++
		gain[d] = attackerValue - gain[d-1]
		if max(-gain[d-1], gain[d]) < 0 {
			break
		}
		mine := attackers & p.byColor[side]
		if mine == 0 {
			break
		}
		var pt PieceType
		var b Bitboard
		for pt = Pawn; pt <= King; pt++ {
			if b = mine & p.byType[pt]; b != 0 {
				break
			}
		}
		occ ^= b & -b
		if pt == Pawn || pt == Bishop || pt == Queen {
			attackers |= BishopAttacks(to, occ) & diag
		}
		if pt == Rook || pt == Queen {
			attackers |= RookAttacks(to, occ) & straight
		}
		attackers &= occ
		attackerValue = int32(SEEValue[pt])
		side ^= 1
		if d == len(gain)-1 {
			break
		}
	}
	for d--; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return int(gain[0])
}

// SEEGE reports whether SEE(m) >= threshold. The exchange is worked out
// only when its first capture does not settle the question: SEE never
// exceeds the value that capture takes (the opponent may stop there),
// and never falls below it less the value of the capturing piece (after
// the recapture the side to move may stop).
func (p *Position) SEEGE(m Move, threshold int) bool {
	if m.IsCastling() {
		return 0 >= threshold
	}
	taken := SEEValue[p.squares[m.To()].Type()]
	moved := SEEValue[p.squares[m.From()].Type()]
	switch m.Kind() {
	case EnPassant:
		taken = SEEValue[Pawn]
	case Promotion:
		promo := SEEValue[m.Promo()]
		taken += promo - SEEValue[Pawn]
		moved = promo
	}
	if taken < threshold {
		return false
	}
	if taken-moved >= threshold {
		return true
	}
	return p.SEE(m) >= threshold
}

// SEENonNegative reports whether SEE(m) >= 0: without the exchange for a
// capture of a piece worth at least the capturer.
func (p *Position) SEENonNegative(m Move) bool { return p.SEEGE(m, 0) }
