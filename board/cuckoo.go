// Upcoming repetitions: whether the side to move has a move that returns
// to a position of the game's recent history, found without generating
// moves. The method is Marcel van Kervinck's (cycle detection with cuckoo
// tables), as Stockfish and other engines use it; the construction here is
// Brudno's own.
//
// A reversible move of a piece other than a pawn changes the key by
// exactly pieceKeys[pc][from] ^ pieceKeys[pc][to] ^ sideKey, the same for
// the move and its way back. The table holds that difference for every
// such move on an empty board (3,668 of them: knights, bishops, rooks,
// queens and kings of both colours, each pair of squares once), so the key
// of the current position exclusive-or that of a position an odd number of
// plies back finds, in one or two probes, the one move that could link
// them, if there is one.
//
// Each difference has two home slots, taken from two disjoint groups of
// the key's bits; it lives in one of them. The table is built once at
// start-up: the moves are listed first, then placed one by one, each new
// one going home and, when both homes are taken, moving the entries along
// the shortest chain of other homes that ends in a free slot (a breadth-
// first search over the slots). The result is then checked move by move
// with the probe the detector uses.
package board

// cuckooBits is the log2 of the number of slots: 8,192 slots for 3,668
// moves keeps the load under one half, where two homes a key almost
// always suffice.
const (
	cuckooBits  = 13
	cuckooSize  = 1 << cuckooBits
	cuckooMoves = 3668
)

// cuckooEntry is one slot: a move's key difference and its two squares
// (From the lower). An empty slot holds NoMove.
type cuckooEntry struct {
	diff uint64
	move Move
}

var cuckooTable [cuckooSize]cuckooEntry

// cuckooHomes returns the two slots where the difference k may live: the
// key's top bits and the bits from 32 up.
func cuckooHomes(k uint64) (int, int) {
	return int(k >> (64 - cuckooBits)), int(k>>32) & (cuckooSize - 1)
}

// cuckooLookup returns the move whose key difference is diff, if the table
// has one. It is the probe of upcomingRepetition.
func cuckooLookup(diff uint64) (Move, bool) {
	a, b := cuckooHomes(diff)
	if e := &cuckooTable[a]; e.move != NoMove && e.diff == diff {
		return e.move, true
	}
	if e := &cuckooTable[b]; e.move != NoMove && e.diff == diff {
		return e.move, true
	}
	return NoMove, false
}

// reversibleMoves lists the key difference of every reversible move of a
// piece other than a pawn, from the attack sets on an empty board: square
// by square, for each piece type the targets above the square (so that a
// move and its way back are listed once), for White and for Black.
func reversibleMoves() []cuckooEntry {
	list := make([]cuckooEntry, 0, cuckooMoves)
	for from := Square(0); from < 64; from++ {
		above := ^Bitboard(0) << (from + 1)
		reach := [...]struct {
			t  PieceType
			to Bitboard
		}{
			{King, KingAttacks(from)},
			{Queen, QueenAttacks(from, 0)},
			{Rook, RookAttacks(from, 0)},
			{Bishop, BishopAttacks(from, 0)},
			{Knight, KnightAttacks(from)},
		}
		for _, r := range reach {
			white, black := MakePiece(White, r.t), MakePiece(Black, r.t)
			for to := r.to & above; to != 0; {
				s := to.PopFirst()
				m := NewMove(from, s)
				list = append(list,
					cuckooEntry{pieceKeys[white][from] ^ pieceKeys[white][s] ^ sideKey, m},
					cuckooEntry{pieceKeys[black][from] ^ pieceKeys[black][s] ^ sideKey, m})
			}
		}
	}
	return list
}

// cuckooBuilder places entries in a table; visit and from are the breadth-
// first search's marks (the search that marked a slot, and the slot it was
// reached from), kept between searches so that none clears them.
type cuckooBuilder struct {
	table  *[cuckooSize]cuckooEntry
	visit  [cuckooSize]int32
	from   [cuckooSize]int16
	search int32
	queue  []int16
}

// place stores e at one of its homes. When both are taken, it searches,
// breadth first, for the shortest chain: a home of e, the other home of
// the entry there, the other home of the entry there, and so on to a free
// slot; then it moves each entry of the chain one step on and puts e at
// the chain's start. It reports false when no chain exists.
func (c *cuckooBuilder) place(e cuckooEntry) bool {
	a, b := cuckooHomes(e.diff)
	for _, h := range [2]int{a, b} {
		if c.table[h].move == NoMove {
			c.table[h] = e
			return true
		}
	}
	c.search++
	c.queue = append(c.queue[:0], int16(a), int16(b))
	c.visit[a], c.from[a] = c.search, -1
	c.visit[b], c.from[b] = c.search, -1
	for len(c.queue) > 0 {
		s := int(c.queue[0])
		c.queue = c.queue[1:]
		h1, h2 := cuckooHomes(c.table[s].diff)
		next := h1
		if next == s {
			next = h2
		}
		if c.visit[next] == c.search {
			continue
		}
		c.visit[next], c.from[next] = c.search, int16(s)
		if c.table[next].move != NoMove {
			c.queue = append(c.queue, int16(next))
			continue
		}
		// A free slot: shift the chain towards it, then take its start.
		for s := next; ; {
			prev := int(c.from[s])
			if prev < 0 {
				c.table[s] = e
				return true
			}
			c.table[s] = c.table[prev]
			s = prev
		}
	}
	return false
}

// buildCuckoo fills table with moves and checks the result: every move
// found by cuckooLookup's probe, nothing else stored. It panics when the
// keys do not allow it (two moves with one difference, or no placement),
// which no change of the board's keys should bring about unnoticed.
func buildCuckoo(table *[cuckooSize]cuckooEntry, moves []cuckooEntry) {
	if len(moves) != cuckooMoves {
		panic("board: the reversible moves are not 3,668")
	}
	*table = [cuckooSize]cuckooEntry{}
	c := &cuckooBuilder{table: table}
	for _, e := range moves {
		if !c.place(e) {
			panic("board: the cuckoo table cannot place every move")
		}
	}
	stored := 0
	for _, e := range table {
		if e.move != NoMove {
			stored++
		}
	}
	for _, e := range moves {
		a, b := cuckooHomes(e.diff)
		if !(table[a] == e || table[b] == e) {
			panic("board: a move is missing from the cuckoo table")
		}
	}
	if stored != len(moves) {
		panic("board: the cuckoo table holds moves twice")
	}
}

// initCuckoo builds the table; called by the key tables' init, after the
// keys exist.
func initCuckoo() { buildCuckoo(&cuckooTable, reversibleMoves()) }

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
	for i := 1; i <= limit; i++ {
		u := &p.history[n-i]
		if u.move == NoMove { // a null move: positions before it do not count
			break
		}
		if i < 3 || i%2 == 0 {
			continue
		}
		m, ok := cuckooLookup(p.key ^ u.key)
		if !ok || between[m.From()][m.To()]&p.byType[0] != 0 {
			continue
		}
		// One end holds a piece of the side to move, the other is empty.
		a, b := m.From(), m.To()
		pa, pb := p.squares[a], p.squares[b]
		switch {
		case pa != NoPiece && pb == NoPiece && pa.Color() == p.side:
			return m
		case pb != NoPiece && pa == NoPiece && pb.Color() == p.side:
			return NewMove(b, a)
		}
	}
	return NoMove
}
