// Static evaluation: a tapered (middlegame/endgame) hand-crafted evaluation
// from the side to move's point of view. Material and piece-square tables,
// mobility over safe squares, pawn structure (through a pawn hash table),
// passed pawns, king safety, pieces (bishop pair, outposts, rooks on open
// files and the seventh rank), threats and tempo are summed per colour with
// the weights of a Weights value; endgame knowledge (endgame.go) overrides
// or scales the result. Every weight lives in Weights (weights.go), and an
// optional Trace records which ones were used, for the tuner and the
// `eval` command.
package eval

import (
	"math/bits"

	"brudno/board"
)

// DefaultPawnEntries is the size of an Evaluator's pawn hash table
// (entries of 48 bytes).
const DefaultPawnEntries = 1 << 13

// Evaluator evaluates positions with one set of weights and keeps its own
// pawn-structure hash table. It is not safe for concurrent use: give each
// search thread its own. The zero value is not usable; create evaluators
// with NewEvaluator or NewEvaluatorWith.
type Evaluator struct {
	w     *Weights
	pawns []pawnEntry // nil: no table
	mask  uint64
}

// NewEvaluator returns an evaluator with the default weights and a pawn
// hash table of DefaultPawnEntries entries.
func NewEvaluator() *Evaluator {
	return &Evaluator{w: defaults, pawns: newPawnTable(DefaultPawnEntries), mask: DefaultPawnEntries - 1}
}

// NewEvaluatorWith returns an evaluator with a copy of the weights w and a
// pawn hash table of entries entries (rounded down to a power of two; 0
// for none).
func NewEvaluatorWith(w *Weights, entries int) *Evaluator {
	own := *w
	e := &Evaluator{w: &own}
	if entries > 0 {
		n := 1 << (bits.Len(uint(entries)) - 1)
		e.pawns, e.mask = newPawnTable(n), uint64(n-1)
	}
	return e
}

// Evaluate returns the static evaluation of p in centipawns from the side
// to move's point of view, with the default weights and no pawn hash table.
// It is safe for concurrent use; an Evaluator per thread is faster.
func Evaluate(p *board.Position) int {
	e := Evaluator{w: defaults}
	return e.evaluate(p, nil)
}

// Evaluate returns the static evaluation of p in centipawns from the side
// to move's point of view.
func (e *Evaluator) Evaluate(p *board.Position) int {
	return e.evaluate(p, nil)
}

// Trace is what one evaluation used: the count of every weight per colour,
// the phase and endgame scale of the taper, and whether endgame knowledge
// decided the value instead of the weights (Special).
type Trace struct {
	C       Counts
	Phase   int  // maxPhase (opening) .. 0 (pawn ending)
	Scale   int  // endgame scale, out of scaleNormal
	Special bool // the value came from endgame knowledge
	Safety  [2]Score
}

// EvaluateTrace evaluates p like Evaluate and records the trace in tr,
// which it clears first. It bypasses the pawn hash table.
func (e *Evaluator) EvaluateTrace(p *board.Position, tr *Trace) int {
	*tr = Trace{}
	return e.evaluate(p, tr)
}

// evalState holds what one evaluation computes about the position.
type evalState struct {
	p          *board.Position
	occ        board.Bitboard
	pawns      [2]board.Bitboard
	kings      [2]board.Square
	attacked   [2]board.Bitboard    // squares attacked by a colour
	attacked2  [2]board.Bitboard    // squares attacked at least twice
	attackedBy [2][7]board.Bitboard // by colour and piece type
	mobArea    [2]board.Bitboard
	zoneAttack [2]int     // attacks on the enemy king zone
	attackers  [2][7]int8 // pieces attacking the enemy king zone, by type
	nAttackers [2]int
}

// addAttacks records the attacks att of a piece of type pt and colour c.
func (st *evalState) addAttacks(c board.Color, pt board.PieceType, att board.Bitboard) {
	st.attacked2[c] |= st.attacked[c] & att
	st.attacked[c] |= att
	st.attackedBy[c][pt] |= att
}

func (e *Evaluator) evaluate(p *board.Position, tr *Trace) int {
	if v, ok := e.endgame(p); ok {
		if tr != nil {
			tr.Special = true
		}
		return v
	}
	w := e.w
	var st evalState
	st.p = p
	st.occ = p.Occupied()
	var sc [2]Score // per colour, from its own point of view

	for c := board.White; c <= board.Black; c++ {
		st.pawns[c] = p.Pieces(c, board.Pawn)
		st.kings[c] = p.KingSquare(c)
	}
	for c := board.White; c <= board.Black; c++ {
		them := c.Other()
		pawnAtt := board.PawnAttacksBB(c, st.pawns[c])
		var left, right board.Bitboard
		if c == board.White {
			left, right = (st.pawns[c]&^board.FileA)<<7, (st.pawns[c]&^board.FileH)<<9
		} else {
			left, right = (st.pawns[c]&^board.FileA)>>9, (st.pawns[c]&^board.FileH)>>7
		}
		kingAtt := board.KingAttacks(st.kings[c])
		st.attackedBy[c][board.Pawn] = pawnAtt
		st.attackedBy[c][board.King] = kingAtt
		st.attacked[c] = pawnAtt | kingAtt
		st.attacked2[c] = left&right | pawnAtt&kingAtt
		st.mobArea[them] = ^(st.pawns[them] | board.BB(st.kings[them]) | pawnAtt)
	}

	// The kings' piece-square terms (the pawns' are in the pawn entry, the
	// pieces get theirs in their loops).
	for c := board.White; c <= board.Black; c++ {
		s := st.kings[c] ^ board.Square(56*int(c))
		sc[c] += w.PST[board.King][s]
		if tr != nil {
			tr.C.PST[board.King][s][c]++
		}
	}

	var local pawnEntry
	pe := e.pawnEntry(p, &st, tr, &local)
	sc[board.White] += pe.score

	for c := board.White; c <= board.Black; c++ {
		sc[c] += e.pieces(&st, pe, c, tr)
	}
	for c := board.White; c <= board.Black; c++ {
		// The shelter depends on the pawns and the king's square only, so
		// the pawn entry keeps the last one computed.
		if pe.kingSq[c] != st.kings[c] || tr != nil {
			pe.kingSq[c] = st.kings[c]
			pe.shelter[c] = e.kingShelter(&st, c, tr)
		}
		sc[c] += pe.shelter[c]
		sc[c] += e.kingDanger(&st, c, tr)
		sc[c] += e.threats(&st, c, tr)
		if pe.passed&st.pawns[c] != 0 {
			sc[c] += e.passedPawns(&st, pe, c, tr)
		}
	}
	sc[p.Side()] += w.Tempo
	if tr != nil {
		tr.C.Tempo[p.Side()]++
	}

	total := sc[board.White] - sc[board.Black]
	mg, eg := total.MG(), total.EG()
	phase := min(p.ByType(board.Knight).Count()+p.ByType(board.Bishop).Count()+
		2*p.ByType(board.Rook).Count()+4*p.ByType(board.Queen).Count(), maxPhase)
	strong := board.White
	if eg < 0 {
		strong = board.Black
	}
	scale := scaleFactor(p, strong)
	if tr != nil {
		tr.Phase, tr.Scale = phase, scale
	}
	if scale == 0 {
		if tr != nil {
			tr.Special = true
		}
		return 0
	}
	v := (mg*phase*scaleNormal + eg*(maxPhase-phase)*scale) / (maxPhase * scaleNormal)
	if p.Side() == board.Black {
		v = -v
	}
	return v
}

// outpostRanks returns the ranks where a minor piece of colour c can
// stand on an outpost: the relative ranks 4 to 6.
func outpostRanks(c board.Color) board.Bitboard {
	if c == board.Black {
		return 0x000000FFFFFF0000
	}
	return 0x0000FFFFFF000000
}

// relativeRanks78 returns colour c's seventh and eighth ranks.
func relativeRanks78(c board.Color) (seventh, eighth board.Bitboard) {
	if c == board.Black {
		return board.Rank2, board.Rank1
	}
	return board.Rank7, board.Rank8
}

// kingAttack counts a piece of colour c and type pt among the attackers
// of the enemy king zone when its attacks att reach the zone.
func (st *evalState) kingAttack(c board.Color, pt board.PieceType, att, zone board.Bitboard) {
	if a := att & zone; a != 0 {
		st.attackers[c][pt]++
		st.nAttackers[c]++
		st.zoneAttack[c] += a.Count()
	}
}

// piece counts in the trace a piece of type pt and colour c on the
// relative square rs: its material, its piece-square entry, and its
// mobility, whose entry in the piece type's mobility table is mobility.
func (tr *Trace) piece(pt board.PieceType, rs board.Square, c board.Color, mobility *[2]int16) {
	tr.C.Material[pt][c]++
	tr.C.PST[pt][rs][c]++
	mobility[c]++
}

// pieces evaluates the knights, bishops, rooks and queens of colour c:
// material, piece-square tables, mobility, outposts, open files, the
// seventh rank and attacks on the enemy king zone.
func (e *Evaluator) pieces(st *evalState, pe *pawnEntry, c board.Color, tr *Trace) Score {
	w := e.w
	p := st.p
	them := c.Other()
	flip := board.Square(56 * int(c))
	zone := kingZone[them][st.kings[them]]
	var s Score
	occ := st.occ
	outposts := outpostRanks(c) & st.attackedBy[c][board.Pawn] &^ pe.span[them]

	for b := p.Pieces(c, board.Knight); b != 0; {
		sq := b.PopFirst()
		rs := sq ^ flip
		att := board.KnightAttacks(sq)
		st.addAttacks(c, board.Knight, att)
		mob := (att & st.mobArea[c]).Count()
		s += w.Material[board.Knight] + w.PST[board.Knight][rs] + w.KnightMobility[mob]
		if tr != nil {
			tr.piece(board.Knight, rs, c, &tr.C.KnightMobility[mob])
		}
		if outposts.Has(sq) {
			s += w.KnightOutpost
			if tr != nil {
				tr.C.KnightOutpost[c]++
			}
		}
		st.kingAttack(c, board.Knight, att, zone)
	}
	bishops := p.Pieces(c, board.Bishop)
	if bishops.More() {
		s += w.BishopPair
		if tr != nil {
			tr.C.BishopPair[c]++
		}
	}
	for b := bishops; b != 0; {
		sq := b.PopFirst()
		rs := sq ^ flip
		att := board.BishopAttacks(sq, occ)
		st.addAttacks(c, board.Bishop, att)
		mob := (att & st.mobArea[c]).Count()
		s += w.Material[board.Bishop] + w.PST[board.Bishop][rs] + w.BishopMobility[mob]
		if tr != nil {
			tr.piece(board.Bishop, rs, c, &tr.C.BishopMobility[mob])
		}
		if outposts.Has(sq) {
			s += w.BishopOutpost
			if tr != nil {
				tr.C.BishopOutpost[c]++
			}
		}
		st.kingAttack(c, board.Bishop, att, zone)
	}
	allPawns := st.pawns[board.White] | st.pawns[board.Black]
	seventh, eighth := relativeRanks78(c)
	for b := p.Pieces(c, board.Rook); b != 0; {
		sq := b.PopFirst()
		rs := sq ^ flip
		att := board.RookAttacks(sq, occ)
		st.addAttacks(c, board.Rook, att)
		mob := (att & st.mobArea[c]).Count()
		s += w.Material[board.Rook] + w.PST[board.Rook][rs] + w.RookMobility[mob]
		if tr != nil {
			tr.piece(board.Rook, rs, c, &tr.C.RookMobility[mob])
		}
		file := fileMask[sq.File()]
		if allPawns&file == 0 {
			s += w.RookOpenFile
			if tr != nil {
				tr.C.RookOpenFile[c]++
			}
		} else if st.pawns[c]&file == 0 {
			s += w.RookSemiOpenFile
			if tr != nil {
				tr.C.RookSemiOpenFile[c]++
			}
		}
		if seventh.Has(sq) && (st.pawns[them]&seventh != 0 || eighth.Has(st.kings[them])) {
			s += w.RookSeventh
			if tr != nil {
				tr.C.RookSeventh[c]++
			}
		}
		st.kingAttack(c, board.Rook, att, zone)
	}
	for b := p.Pieces(c, board.Queen); b != 0; {
		sq := b.PopFirst()
		rs := sq ^ flip
		att := board.QueenAttacks(sq, occ)
		st.addAttacks(c, board.Queen, att)
		mob := (att & st.mobArea[c]).Count()
		s += w.Material[board.Queen] + w.PST[board.Queen][rs] + w.QueenMobility[mob]
		if tr != nil {
			tr.piece(board.Queen, rs, c, &tr.C.QueenMobility[mob])
		}
		st.kingAttack(c, board.Queen, att, zone)
	}
	return s
}

// kingShelter scores the pawns in front of colour c's king (its own
// shelter and the enemy's storm) and the open files beside it.
func (e *Evaluator) kingShelter(st *evalState, c board.Color, tr *Trace) Score {
	w := e.w
	them := c.Other()
	k := st.kings[c]
	ahead := forwardRanks[c][k.Rank()] | board.Rank1<<(8*k.Rank())
	ours, theirs := st.pawns[c]&ahead, st.pawns[them]&ahead
	kf := min(max(k.File(), 1), 6)
	var s Score
	for f := kf - 1; f <= kf+1; f++ {
		edge := min(f, 7-f)
		file := fileMask[f]
		own, opp := 0, 0
		if b := ours & file; b != 0 {
			own = relativeRank(c, nearest(c, b))
		}
		if b := theirs & file; b != 0 {
			opp = relativeRank(c, nearest(c, b))
		}
		s += w.KingShelter[edge][own] + w.KingStorm[opp]
		if tr != nil {
			tr.C.KingShelter[edge][own][c]++
			tr.C.KingStorm[opp][c]++
		}
		if st.pawns[c]&file == 0 {
			if st.pawns[them]&file == 0 {
				s += w.KingOpenFile
				if tr != nil {
					tr.C.KingOpenFile[c]++
				}
			} else {
				s += w.KingSemiOpenFile
				if tr != nil {
					tr.C.KingSemiOpenFile[c]++
				}
			}
		}
	}
	return s
}

// nearest returns the square of b nearest to colour c's back rank.
func nearest(c board.Color, b board.Bitboard) board.Square {
	if c == board.White {
		return b.First()
	}
	return board.Square(63 - bits.LeadingZeros64(uint64(b)))
}

// Limits of the king-danger function: the danger is clamped to
// [0, maxDanger] before the middlegame part is squared and divided by
// dangerDivMG (the endgame part is divided by dangerDivEG).
const (
	maxDanger   = 800
	dangerDivMG = 256
	dangerDivEG = 16
)

// safetyPenalty turns a danger value into the score the attacker gains.
func safetyPenalty(d Score) Score {
	mg := min(max(d.MG(), 0), maxDanger)
	eg := min(max(d.EG(), 0), maxDanger)
	return S(mg*mg/dangerDivMG, eg/dangerDivEG)
}

// kingDanger scores colour c's attack on the enemy king: attackers of the
// king zone, attacks on it, weak squares in it and safe checks, summed as
// a danger value and passed through safetyPenalty.
func (e *Evaluator) kingDanger(st *evalState, c board.Color, tr *Trace) Score {
	p := st.p
	hasQueen := p.Pieces(c, board.Queen) != 0
	if n := st.nAttackers[c]; n < 2 && !(n == 1 && hasQueen) {
		return 0
	}
	w := &e.w.Safety
	d := c.Other()
	k := st.kings[d]
	zone := kingZone[d][k]
	weak := st.attacked[c] &^ st.attacked2[d] & (^st.attacked[d] | st.attackedBy[d][board.King] | st.attackedBy[d][board.Queen])
	safe := ^p.ByColor(c) & (^st.attacked[d] | weak&st.attacked2[c])
	bishopLines := board.BishopAttacks(k, st.occ)
	rookLines := board.RookAttacks(k, st.occ)
	checks := [7]int{
		board.Knight: (board.KnightAttacks(k) & st.attackedBy[c][board.Knight] & safe).Count(),
		board.Bishop: (bishopLines & st.attackedBy[c][board.Bishop] & safe).Count(),
		board.Rook:   (rookLines & st.attackedBy[c][board.Rook] & safe).Count(),
		board.Queen:  ((bishopLines | rookLines) & st.attackedBy[c][board.Queen] & safe).Count(),
	}
	weakZone := (weak & zone).Count()
	danger := w.Bias + w.ZoneAttacks*Score(st.zoneAttack[c]) + w.WeakSquares*Score(weakZone)
	for pt := board.Knight; pt <= board.Queen; pt++ {
		danger += w.Attacker[pt]*Score(st.attackers[c][pt]) + w.SafeCheck[pt]*Score(checks[pt])
	}
	if !hasQueen {
		danger += w.NoQueen
	}
	if tr != nil {
		t := &tr.C.Safety
		t.Bias[c]++
		t.ZoneAttacks[c] += int16(st.zoneAttack[c])
		t.WeakSquares[c] += int16(weakZone)
		for pt := board.Knight; pt <= board.Queen; pt++ {
			t.Attacker[pt][c] += int16(st.attackers[c][pt])
			t.SafeCheck[pt][c] += int16(checks[pt])
		}
		if !hasQueen {
			t.NoQueen[c]++
		}
		tr.Safety[c] = danger
	}
	return safetyPenalty(danger)
}

// threats scores colour c's attacks on enemy pieces: by pawns, by minor
// pieces, by rooks, and on pieces left undefended.
func (e *Evaluator) threats(st *evalState, c board.Color, tr *Trace) Score {
	w := e.w
	p := st.p
	them := c.Other()
	enemies := p.ByColor(them) &^ p.Pieces(them, board.King)
	pieces := enemies &^ st.pawns[them]
	var s Score
	for b := pieces & st.attackedBy[c][board.Pawn]; b != 0; {
		pt := p.PieceAt(b.PopFirst()).Type()
		s += w.ThreatByPawn[pt]
		if tr != nil {
			tr.C.ThreatByPawn[pt][c]++
		}
	}
	minors := p.Pieces(them, board.Knight) | p.Pieces(them, board.Bishop)
	targets := enemies &^ (st.attackedBy[them][board.Pawn] & (st.pawns[them] | minors))
	for b := targets & (st.attackedBy[c][board.Knight] | st.attackedBy[c][board.Bishop]); b != 0; {
		pt := p.PieceAt(b.PopFirst()).Type()
		s += w.ThreatByMinor[pt]
		if tr != nil {
			tr.C.ThreatByMinor[pt][c]++
		}
	}
	targets = (p.Pieces(them, board.Queen) | enemies&^st.attacked[them]) & st.attackedBy[c][board.Rook]
	for b := targets; b != 0; {
		pt := p.PieceAt(b.PopFirst()).Type()
		s += w.ThreatByRook[pt]
		if tr != nil {
			tr.C.ThreatByRook[pt][c]++
		}
	}
	if n := (pieces & st.attacked[c] &^ st.attacked[them]).Count(); n > 0 {
		s += w.Hanging * Score(n)
		if tr != nil {
			tr.C.Hanging[c] += int16(n)
		}
	}
	return s
}

// passedPawns scores what colour c's passed pawns gain from the pieces:
// a free and safe stop square, the kings' distances, and a pawn the enemy
// king cannot catch in a pawn ending.
func (e *Evaluator) passedPawns(st *evalState, pe *pawnEntry, c board.Color, tr *Trace) Score {
	w := e.w
	p := st.p
	them := c.Other()
	var s Score
	pawnEnding := !p.HasNonPawnMaterial(them)
	for b := pe.passed & st.pawns[c]; b != 0; {
		sq := b.PopFirst()
		r := relativeRank(c, sq)
		stop := forward(c, sq)
		own, opp := distance[st.kings[c]][stop], distance[st.kings[them]][stop]
		s += w.PassedOwnKing[r]*Score(own) + w.PassedEnemyKing[r]*Score(opp)
		if tr != nil {
			tr.C.PassedOwnKing[r][c] += int16(own)
			tr.C.PassedEnemyKing[r][c] += int16(opp)
		}
		if !st.occ.Has(stop) {
			s += w.PassedFreeStop[r]
			if tr != nil {
				tr.C.PassedFreeStop[r][c]++
			}
		}
		if !st.attacked[them].Has(stop) {
			s += w.PassedSafeStop[r]
			if tr != nil {
				tr.C.PassedSafeStop[r][c]++
			}
		}
		if pawnEnding && forwardFile[c][sq]&st.occ == 0 {
			promo := board.SquareAt(sq.File(), 7^int(c)*7)
			moves := min(7-r, 5)
			kingMoves := distance[st.kings[them]][promo]
			if p.Side() == them {
				kingMoves--
			}
			if kingMoves > moves {
				s += w.PassedUnstoppable
				if tr != nil {
					tr.C.PassedUnstoppable[c]++
				}
			}
		}
	}
	return s
}
