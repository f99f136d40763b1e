// Pawn structure: doubled, isolated, backward, supported and phalanx pawns
// and passed pawns by rank. These depend on the pawns alone, so each
// Evaluator keeps them in a pawn hash table indexed by the position's pawn
// key; the terms of passed pawns that depend on the pieces are in
// passedPawns (eval.go).
package eval

import "brudno/board"

// pawnEntry is one pawn hash table entry (48 bytes).
type pawnEntry struct {
	key     uint64
	passed  board.Bitboard    // passed pawns of both colours
	span    [2]board.Bitboard // squares a colour's pawns attack now or after advancing
	score   Score             // White's pawn terms (material, PST, structure) minus Black's
	shelter [2]Score          // kingShelter of each colour's king ...
	kingSq  [2]board.Square   // ... on this square (NoSquare: none yet)
}

// newPawnTable returns a pawn hash table of n entries, empty.
func newPawnTable(n int) []pawnEntry {
	t := make([]pawnEntry, n)
	for i := range t {
		t[i].kingSq = [2]board.Square{board.NoSquare, board.NoSquare}
	}
	return t
}

// pawnEntry returns the pawn-structure entry for p: from the table when
// there is one and no trace is wanted, otherwise computed into local.
// (An empty entry matches the pawn key 0 of a position without pawns,
// whose terms are all zero; its king squares a1 may then hold a wrong
// shelter, so new tables mark them NoSquare.)
func (e *Evaluator) pawnEntry(p *board.Position, st *evalState, tr *Trace, local *pawnEntry) *pawnEntry {
	if e.pawns == nil || tr != nil {
		e.computePawns(st, local, tr)
		return local
	}
	key := p.PawnKey()
	pe := &e.pawns[key&e.mask]
	if pe.key != key {
		e.computePawns(st, pe, nil)
		pe.key = key
	}
	return pe
}

// computePawns fills pe with the pawn terms of the position: material,
// piece-square and structure.
func (e *Evaluator) computePawns(st *evalState, pe *pawnEntry, tr *Trace) {
	w := e.w
	var sc [2]Score
	pe.passed = 0
	pe.kingSq = [2]board.Square{board.NoSquare, board.NoSquare}
	for c := board.White; c <= board.Black; c++ {
		them := c.Other()
		ours, theirs := st.pawns[c], st.pawns[them]
		var span board.Bitboard
		flip := board.Square(56 * int(c))
		for b := ours; b != 0; {
			sq := b.PopFirst()
			r := relativeRank(c, sq)
			sc[c] += w.Material[board.Pawn] + w.PST[board.Pawn][sq^flip]
			if tr != nil {
				tr.C.Material[board.Pawn][c]++
				tr.C.PST[board.Pawn][sq^flip][c]++
			}
			span |= attackSpan[c][sq]
			neighbours := ours & adjacentFiles[sq.File()]
			if forwardFile[c][sq]&ours != 0 {
				sc[c] += w.PawnDoubled
				if tr != nil {
					tr.C.PawnDoubled[c]++
				}
			}
			if neighbours == 0 {
				sc[c] += w.PawnIsolated
				if tr != nil {
					tr.C.PawnIsolated[c]++
				}
			}
			if board.PawnAttacks(them, sq)&ours != 0 {
				sc[c] += w.PawnSupported[r]
				if tr != nil {
					tr.C.PawnSupported[r][c]++
				}
			}
			if neighbours&(board.Rank1<<(8*sq.Rank())) != 0 {
				sc[c] += w.PawnPhalanx[r]
				if tr != nil {
					tr.C.PawnPhalanx[r][c]++
				}
			}
			if neighbours != 0 && neighbours&^forwardRanks[c][sq.Rank()] == 0 {
				stop := forward(c, sq)
				if theirs.Has(stop) || board.PawnAttacks(c, stop)&theirs != 0 {
					sc[c] += w.PawnBackward
					if tr != nil {
						tr.C.PawnBackward[c]++
					}
				}
			}
			if passedMask[c][sq]&theirs == 0 && forwardFile[c][sq]&ours == 0 {
				pe.passed |= board.BB(sq)
				sc[c] += w.PassedRank[r]
				if tr != nil {
					tr.C.PassedRank[r][c]++
				}
			}
		}
		pe.span[c] = span
	}
	pe.score = sc[board.White] - sc[board.Black]
}
