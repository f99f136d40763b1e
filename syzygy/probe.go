// Probing: a position's place in a file (docs/syzygy-format.md, "From a
// position to a sub-table"), the WDL capture search with its en-passant
// rules ("WDL values and the capture search", "En passant") and the DTZ
// procedure ("DTZ values", "The DTZ of any position"). Positions are
// changed by Make and restored by Unmake; nothing is allocated.
package syzygy

import (
	"encoding/binary"

	"brudno/board"
)

// ProbeWDL returns the WDL value of pos for its side to move: -2 loss,
// -1 blessed loss, 0 draw, 1 cursed win, 2 win, for the position as if
// its halfmove clock were 0, en passant accounted for. ok is false when
// pos has castling rights or more pieces than any table, or a table it
// needs is missing or refused. pos is changed during the probe and
// restored.
func (ts *Tables) ProbeWDL(pos *board.Position) (int, bool) {
	if !ts.holds(pos) {
		return 0, false
	}
	w, _, ok := ts.wdl(pos)
	return w, ok
}

// ProbeDTZ returns the DTZ of pos: the plies to the next zeroing move
// (capture or pawn move) or mate with best play, for the side to move
// (positive when it wins, negative when it loses, 0 for a draw; beyond
// ±100 a cursed win or blessed loss; -1 when it is mated), as the table
// gives it: possibly one ply short where the table stores moves rather
// than plies. ok as for ProbeWDL.
func (ts *Tables) ProbeDTZ(pos *board.Position) (int, bool) {
	if !ts.holds(pos) {
		return 0, false
	}
	d, _, ok := ts.dtz(pos, true)
	return d, ok
}

// holds reports whether pos may be in the tables: no castling rights,
// few enough pieces.
func (ts *Tables) holds(pos *board.Position) bool {
	return ts != nil && pos.CastlingRights() == 0 && pos.Occupied().Count() <= ts.maxPieces
}

// locate finds pos in file t: the sub-table, the index in it, and the
// side index (0 when table white is to move). swapped says that the
// colours are swapped for the tables. ok is false for a placement the
// index cannot hold (kings side by side).
func (t *table) locate(pos *board.Position, swapped bool) (sb *sub, idx uint64, side int, ok bool) {
	flip := 0
	if swapped {
		flip = 1
	}
	side = int(pos.Side()) ^ flip
	pick := 0 // the sub-table of the side, in a file that stores both
	if t.sides == 2 {
		pick = side
	}
	n := t.mat.pieces
	var sq [MaxPieces]uint8
	if t.lead == leadPawns {
		k := t.leadPawns
		if !fillSquares(pos, &t.subs[0].codes, 0, k, flip, &sq) {
			return nil, 0, side, false
		}
		if swapped {
			for i := range k {
				sq[i] ^= 56
			}
		}
		lead := 0
		for i := 1; i < k; i++ {
			if edgeKey[sq[i]] < edgeKey[sq[lead]] {
				lead = i
			}
		}
		sq[0], sq[lead] = sq[lead], sq[0]
		sb = &t.subs[edgeDist(int(sq[0]))*t.sides+pick]
		if !fillSquares(pos, &sb.codes, k, n, flip, &sq) {
			return nil, 0, side, false
		}
		if swapped {
			for i := k; i < n; i++ {
				sq[i] ^= 56
			}
		}
		if fileOf(int(sq[0])) >= 4 {
			for i := range n {
				sq[i] ^= 7
			}
		}
	} else {
		sb = &t.subs[pick]
		if !fillSquares(pos, &sb.codes, 0, n, flip, &sq) {
			return nil, 0, side, false
		}
		if fileOf(int(sq[0])) >= 4 {
			for i := range n {
				sq[i] ^= 7
			}
		}
		if rankOf(int(sq[0])) >= 4 {
			for i := range n {
				sq[i] ^= 56
			}
		}
		leadN := 2
		if t.lead == leadThree {
			leadN = 3
		}
		for i := range n {
			s := int(sq[i])
			if onDiag(s) {
				continue
			}
			if i < leadN && aboveDiag(s) {
				for j := range n {
					sq[j] = uint8(mirrorDiag(int(sq[j])))
				}
			}
			break
		}
	}
	idx, ok = t.encode(sb, &sq)
	return sb, idx, side, ok
}

// fillSquares writes into sq[from:to] the squares of the pieces that
// codes[from:to] name, several pieces of one kind in increasing square
// order; flip is 1 when table white is black.
func fillSquares(pos *board.Position, codes *[MaxPieces]uint8, from, to, flip int, sq *[MaxPieces]uint8) bool {
	for i := from; i < to; {
		c := codes[i]
		bb := pos.Pieces(board.Color(int(c>>3)^flip), board.PieceType(c&7))
		for ; i < to && codes[i] == c; i++ {
			if bb == 0 {
				return false
			}
			sq[i] = uint8(bb.PopFirst())
		}
	}
	return true
}

// encode returns the index of the reflected squares sq in sub-table sb.
func (t *table) encode(sb *sub, sq *[MaxPieces]uint8) (uint64, bool) {
	var idx uint64
	further := 1
	switch t.lead {
	case leadKings:
		tr := triangle[sq[0]]
		if tr < 0 {
			return 0, false
		}
		p := kingPairs[tr][sq[1]]
		if p < 0 {
			return 0, false
		}
		idx = uint64(p) * sb.groups[0].factor
	case leadThree:
		if triangle[sq[0]] < 0 {
			return 0, false
		}
		idx = threeIndex(int(sq[0]), int(sq[1]), int(sq[2])) * sb.groups[0].factor
	default:
		k := t.leadPawns
		idx = leadPawnIndex(sq[:k]) * sb.groups[0].factor
		if m := t.otherPawns; m > 0 {
			idx += comboIndex(sq[k:k+m], sq[:k], 8) * sb.groups[1].factor
			further = 2
		}
	}
	for g := further; g < sb.ngroups; g++ {
		gr := sb.groups[g]
		idx += comboIndex(sq[gr.start:gr.start+gr.n], sq[:gr.start], 0) * gr.factor
	}
	return idx, idx < sb.size
}

// lookup returns the entry of pos's material and whether its colours are
// swapped; e is nil for two bare kings (key 0) or a material not found.
func (ts *Tables) lookup(pos *board.Position) (e *entry, swapped bool, bare bool) {
	key, swapped := positionKey(pos)
	if key == 0 {
		return nil, swapped, true
	}
	return ts.byKey[key], swapped, false
}

// stored returns the WDL value the table stores for pos as it stands,
// without its en-passant rights.
func (ts *Tables) stored(pos *board.Position) (int, bool) {
	e, swapped, bare := ts.lookup(pos)
	if bare {
		return 0, true
	}
	if e == nil {
		return 0, false
	}
	t := ts.file(e, wdlKind)
	if t == nil {
		return 0, false
	}
	sb, idx, _, ok := t.locate(pos, swapped)
	if !ok {
		return 0, false
	}
	v, err := sb.value(t.data, idx)
	if err != nil {
		ts.refuse(t, err)
		return 0, false
	}
	return v - 2, true
}

// isCapture reports whether m captures, en passant included.
func isCapture(pos *board.Position, m board.Move) bool {
	return m.Kind() == board.EnPassant || pos.PieceAt(m.To()) != board.NoPiece
}

// isZeroing reports whether m resets the halfmove clock: a capture or a
// pawn move.
func isZeroing(pos *board.Position, m board.Move) bool {
	return isCapture(pos, m) || pos.PieceAt(m.From()).Type() == board.Pawn
}

// search returns the WDL value of pos, which has no en-passant rights: the
// larger of the stored value and the best capture. Fail-hard within
// (alpha, beta): a result at or below alpha says only that the value is
// not above it, one at or above beta that it is not below it.
func (ts *Tables) search(pos *board.Position, alpha, beta int) (int, bool) {
	v, ok := ts.stored(pos)
	if !ok {
		return 0, false
	}
	if v >= beta {
		return v, true
	}
	alpha = max(alpha, v)
	var list board.MoveList
	pos.GenerateNoisy(&list)
	for _, m := range list.Moves[:list.Count] {
		if !isCapture(pos, m) {
			continue
		}
		pos.Make(m)
		c, ok := ts.search(pos, -beta, -alpha)
		pos.Unmake()
		if !ok {
			return 0, false
		}
		if -c > alpha {
			alpha = -c
			if alpha >= beta {
				break
			}
		}
	}
	return alpha, true
}

// wdl returns pos's WDL value, en-passant rights included, and whether it
// is reached by a zeroing move (the capture that reaches the value
// stands where the table may not).
func (ts *Tables) wdl(pos *board.Position) (w int, zeroing bool, ok bool) {
	t, ok := ts.stored(pos)
	if !ok {
		return 0, false, false
	}
	// The best capture and the best en-passant capture, each exact when
	// it is at least t (below t only its being below t matters, except
	// in the stalemate rule, which searches again).
	capt, ep, eps := -3, -3, 0
	var list board.MoveList
	pos.GenerateNoisy(&list)
	for _, m := range list.Moves[:list.Count] {
		best := &capt
		if m.Kind() == board.EnPassant {
			best, eps = &ep, eps+1
		} else if pos.PieceAt(m.To()) == board.NoPiece {
			continue
		}
		alpha := max(*best, t-1)
		if alpha >= 2 {
			continue
		}
		pos.Make(m)
		c, ok := ts.search(pos, -3, -alpha)
		pos.Unmake()
		if !ok {
			return 0, false, false
		}
		// At or below alpha -c is only a bound, but then it is below t
		// or not above *best, and the rules below need no more.
		*best = max(*best, -c)
		if capt == 2 {
			return 2, true, true
		}
	}
	switch m := max(capt, ep); {
	case ep == 2:
		return 2, true, true
	case ep > max(capt, t):
		return ep, true, true
	case m >= t:
		return m, m > 0, true
	case eps > 0 && t == 0 && !pos.InCheck() && onlyEnPassant(pos):
		exact := -3
		for _, m := range list.Moves[:list.Count] {
			if m.Kind() != board.EnPassant {
				continue
			}
			pos.Make(m)
			c, ok := ts.search(pos, -3, 3)
			pos.Unmake()
			if !ok {
				return 0, false, false
			}
			exact = max(exact, -c)
		}
		return exact, true, true
	}
	return t, false, true
}

// onlyEnPassant reports whether every legal move of pos is an en-passant
// capture.
func onlyEnPassant(pos *board.Position) bool {
	var list board.MoveList
	pos.GenerateLegal(&list)
	for _, m := range list.Moves[:list.Count] {
		if m.Kind() != board.EnPassant {
			return false
		}
	}
	return true
}

// The DTZ of a zeroing best move, by WDL.
func zeroingDTZ(w int) int {
	switch w {
	case 2:
		return 1
	case 1:
		return 101
	case -1:
		return -101
	case -2:
		return -1
	}
	return 0
}

// dtz returns pos's DTZ and whether it is exact (not possibly one ply
// short); oneply allows the search of the moves when the file stores the
// other side to move.
func (ts *Tables) dtz(pos *board.Position, oneply bool) (d int, exact bool, ok bool) {
	w, zeroing, ok := ts.wdl(pos)
	if !ok {
		return 0, false, false
	}
	return ts.dtzOf(pos, w, zeroing, oneply)
}

// dtzOf returns the DTZ of pos, whose WDL w and zeroing mark are known.
func (ts *Tables) dtzOf(pos *board.Position, w int, zeroing, oneply bool) (d int, exact bool, ok bool) {
	if w == 0 {
		return 0, true, true
	}
	if zeroing {
		return zeroingDTZ(w), true, true
	}
	var list board.MoveList
	pos.GenerateLegal(&list)
	if list.Count == 0 {
		if pos.InCheck() {
			return -1, true, true
		}
		return 0, true, true
	}
	if w > 0 {
		// A pawn move that keeps the win is the zeroing move.
		for _, m := range list.Moves[:list.Count] {
			if isCapture(pos, m) || pos.PieceAt(m.From()).Type() != board.Pawn {
				continue
			}
			pos.Make(m)
			c, _, ok := ts.wdl(pos)
			pos.Unmake()
			if !ok {
				return 0, false, false
			}
			if -c == w {
				return zeroingDTZ(w), true, true
			}
		}
	}
	e, swapped, _ := ts.lookup(pos)
	if e == nil {
		return 0, false, false
	}
	t := ts.file(e, dtzKind)
	if t == nil {
		return 0, false, false
	}
	sb, idx, side, ok := t.locate(pos, swapped)
	if !ok {
		return 0, false, false
	}
	if t.mat.symmetric() || int(sb.flags&dtzBlackStored) == side {
		v, err := sb.value(t.data, idx)
		if err == nil {
			d, exact, err = sb.distance(t.data, v, w)
		}
		if err != nil {
			ts.refuse(t, err)
			return 0, false, false
		}
		return d, exact, true
	}
	if !oneply {
		return 0, false, false
	}
	return ts.dtzSearch(pos, &list, w)
}

// dtzSearch finds the DTZ of pos, whose side to move the DTZ file does not
// store, from the moves that are neither captures nor pawn moves (their
// positions are stored): the winner takes the nearest zeroing move, the
// loser puts it off.
func (ts *Tables) dtzSearch(pos *board.Position, list *board.MoveList, w int) (int, bool, bool) {
	const none = 1 << 30
	best, exact := none, false
	if w < 0 {
		best, exact = zeroingDTZ(w), true
	}
	for _, m := range list.Moves[:list.Count] {
		if isZeroing(pos, m) {
			continue
		}
		pos.Make(m)
		d, ex, ok := ts.childDTZ(pos, w)
		pos.Unmake()
		if !ok {
			return 0, false, false
		}
		switch {
		case d == none:
		case d < best:
			best, exact = d, ex
		case d == best && w > 0:
			exact = exact || ex // the true distance is the exact one
		case d == best:
			exact = exact && ex // the rounded one may be a ply longer
		}
	}
	if best == none {
		return 0, false, false
	}
	return best, exact, true
}

// childDTZ returns the value a move to pos, the position after it, gives
// its mover of WDL w in the one-ply search, or 1 << 30 when the move
// is no candidate (for a winner, a move that does not win).
func (ts *Tables) childDTZ(pos *board.Position, w int) (int, bool, bool) {
	const none = 1 << 30
	if w > 0 && pos.InCheck() && !pos.HasLegalMove() {
		return 1, true, true // mate
	}
	c, zeroing, ok := ts.wdl(pos)
	if !ok {
		return 0, false, false
	}
	if w > 0 && c >= 0 {
		return none, false, true
	}
	d, exact, ok := ts.dtzOf(pos, c, zeroing, false)
	if !ok {
		return 0, false, false
	}
	if w > 0 {
		if -d <= 0 {
			return none, false, true
		}
		return -d + 1, exact, true
	}
	return -d - 1, exact, true
}

// distance turns the decoded value v of a DTZ sub-table into a DTZ for
// a position of WDL w, and says whether it is exact.
func (sb *sub) distance(data []byte, v, w int) (int, bool, error) {
	if sb.flags&dtzMapped != 0 {
		m := &sb.maps[mapOf(w)]
		if v >= m.n {
			return 0, false, errMapRange
		}
		if m.wide {
			v = int(binary.LittleEndian.Uint16(data[m.at+2*v:]))
		} else {
			v = int(data[m.at+v])
		}
	}
	exact := w == 2 && sb.flags&dtzWinPlies != 0 || w == -2 && sb.flags&dtzLossPlies != 0
	if !exact {
		v *= 2
	}
	switch w {
	case 2:
		return 1 + v, exact, nil
	case 1:
		return 101 + v, exact, nil
	case -1:
		return -101 - v, exact, nil
	}
	return -1 - v, exact, nil
}

// mapOf is the map of WDL class w: wins, losses, cursed wins, blessed
// losses.
func mapOf(w int) int {
	switch w {
	case 2:
		return 0
	case -2:
		return 1
	case 1:
		return 2
	}
	return 3
}
