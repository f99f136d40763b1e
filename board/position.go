// The Position: bitboards per colour and piece type, a 64-square mailbox,
// the game state, and an undo stack that Make and Unmake push and pop
// without heap allocation. Keys are Polyglot-compatible and updated
// incrementally.
package board

// Castling rights bits.
const (
	WhiteKingside  = 1
	WhiteQueenside = 2
	BlackKingside  = 4
	BlackQueenside = 8
)

// undo is what Make saves so that Unmake can restore the position.
type undo struct {
	key        uint64
	pawnKey    uint64
	nonPawnKey [2]uint64
	checkers   Bitboard
	move       Move
	captured   Piece
	castling   uint8
	ep         Square
	halfmove   int32
}

// Position is a chess position with its history since the last reset.
// The zero value is not usable: create positions with NewPosition,
// ParseFEN or Clone.
type Position struct {
	byType     [8]Bitboard // index 0 holds all pieces; 7, never set, lets an index by a piece's type go without a bounds check
	byColor    [2]Bitboard
	squares    [64]Piece
	side       Color
	castling   uint8
	ep         Square // only set when a pawn of the side to move attacks it
	halfmove   int
	fullmove   int
	key        uint64
	pawnKey    uint64
	nonPawnKey [2]uint64 // the pieces other than pawns of each colour
	kingSq     [2]Square
	checkers   Bitboard // the enemy pieces that give check to the side to move

	castleRook [4]Square // rook's starting square per castling right bit index
	castleMask [64]uint8 // rights kept when a move touches the square
	castlePath [4]Bitboard
	chess960   bool

	history []undo
}

// StartFEN is the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// NewPosition returns the standard starting position.
func NewPosition() *Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic(err) // cannot happen: StartFEN is valid
	}
	return p
}

// Clone returns an independent copy of p, history included.
func (p *Position) Clone() *Position {
	q := *p
	q.history = make([]undo, len(p.history), max(cap(p.history), 256))
	copy(q.history, p.history)
	return &q
}

// Side returns the side to move.
func (p *Position) Side() Color { return p.side }

// PieceAt returns the piece on s, or NoPiece.
func (p *Position) PieceAt(s Square) Piece { return p.squares[s] }

// Pieces returns the pieces of colour c and type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard { return p.byColor[c] & p.byType[t] }

// ByType returns the pieces of type t of both colours.
func (p *Position) ByType(t PieceType) Bitboard { return p.byType[t] }

// ByColor returns all pieces of colour c.
func (p *Position) ByColor(c Color) Bitboard { return p.byColor[c] }

// Occupied returns all occupied squares.
func (p *Position) Occupied() Bitboard { return p.byType[0] }

// KingSquare returns the square of c's king.
func (p *Position) KingSquare(c Color) Square { return p.kingSq[c] }

// Key returns the Zobrist key, equal to the Polyglot book key.
func (p *Position) Key() uint64 { return p.key }

// PawnKey returns a key of the pawn structure alone.
func (p *Position) PawnKey() uint64 { return p.pawnKey }

// NonPawnKey returns a key of colour c's pieces other than pawns (the
// king included).
func (p *Position) NonPawnKey(c Color) uint64 { return p.nonPawnKey[c] }

// EnPassant returns the en-passant target square when a pawn of the side to
// move can capture there (pseudo-legally), else NoSquare.
func (p *Position) EnPassant() Square { return p.ep }

// CastlingRights returns the castling rights bits.
func (p *Position) CastlingRights() uint8 { return p.castling }

// HalfmoveClock returns the number of plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return p.halfmove }

// FullmoveNumber returns the FEN move number.
func (p *Position) FullmoveNumber() int { return p.fullmove }

// Ply returns the number of moves (including null moves) made since the
// position was set up.
func (p *Position) Ply() int { return len(p.history) }

// LastMove returns the last move made, or NoMove.
func (p *Position) LastMove() Move {
	if len(p.history) == 0 {
		return NoMove
	}
	return p.history[len(p.history)-1].move
}

// Chess960 reports whether castling is printed in Chess960 form.
func (p *Position) Chess960() bool { return p.chess960 }

// SetChess960 selects Chess960 printing of castling moves and FEN castling.
func (p *Position) SetChess960(on bool) { p.chess960 = on }

// ResetHistory forgets the moves made so far (the undo stack). Repetition
// detection then starts from the current position.
func (p *Position) ResetHistory() { p.history = p.history[:0] }

func (p *Position) put(pc Piece, s Square) {
	b := BB(s)
	p.squares[s] = pc
	p.byType[0] |= b
	p.byType[pc.Type()] |= b
	p.byColor[pc.Color()] |= b
}

func (p *Position) remove(s Square) {
	pc := p.squares[s]
	b := BB(s)
	p.squares[s] = NoPiece
	p.byType[0] &^= b
	p.byType[pc.Type()] &^= b
	p.byColor[pc.Color()] &^= b
}

func (p *Position) move(from, to Square) {
	pc := p.squares[from]
	b := BB(from) | BB(to)
	p.squares[from] = NoPiece
	p.squares[to] = pc
	p.byType[0] ^= b
	p.byType[pc.Type()] ^= b
	p.byColor[pc.Color()] ^= b
}

// push saves the state that Make and MakeNull change on a new undo record;
// the caller fills in the move and captured piece.
func (p *Position) push() *undo {
	n := len(p.history)
	if n == cap(p.history) {
		p.history = append(p.history, undo{})
	} else {
		p.history = p.history[:n+1]
	}
	u := &p.history[n]
	u.key, u.pawnKey, u.nonPawnKey, u.checkers = p.key, p.pawnKey, p.nonPawnKey, p.checkers
	u.castling, u.ep, u.halfmove = p.castling, p.ep, int32(p.halfmove)
	return u
}

// KeyAfter returns the key the position will have after the legal move m,
// without making it, so that a search can start loading the move's
// transposition-table entry before the work of Make.
func (p *Position) KeyAfter(m Move) uint64 {
	from, to := m.From(), m.To()
	pc := p.squares[from]
	key := p.key ^ sideKey
	if p.ep != NoSquare {
		key ^= epKeys[p.ep.File()]
	}
	switch m.Kind() {
	case Castling:
		kingTo, rookTo := m.CastlingSquares()
		rook := p.squares[to]
		key ^= pieceKeys[pc][from] ^ pieceKeys[pc][kingTo] ^ pieceKeys[rook][to] ^ pieceKeys[rook][rookTo]
	case EnPassant:
		key ^= pieceKeys[p.squares[to^8]][to^8] ^ pieceKeys[pc][from] ^ pieceKeys[pc][to]
	default:
		key ^= pieceKeys[p.squares[to]][to] ^ pieceKeys[pc][from] ^ pieceKeys[pc][to]
		if pt := m.Promo(); pt != NoPieceType {
			key ^= pieceKeys[pc][to] ^ pieceKeys[MakePiece(p.side, pt)][to]
		} else if pc.Type() == Pawn && to^from == 16 {
			if epSq := (from + to) / 2; pawnAttacks[p.side][epSq]&p.Pieces(p.side^1, Pawn) != 0 {
				key ^= epKeys[epSq.File()]
			}
		}
	}
	return key ^ castleKeys[p.castling] ^ castleKeys[p.castling&p.castleMask[from]&p.castleMask[to]]
}

// Make plays a legal move m (as produced by move generation or ParseMove).
func (p *Position) Make(m Move) {
	u := p.push()
	u.move, u.captured = m, NoPiece
	us, them := p.side, p.side^1
	from, to := m.From(), m.To()
	pc := p.squares[from]
	key := p.key ^ sideKey
	if p.ep != NoSquare {
		key ^= epKeys[p.ep.File()]
		p.ep = NoSquare
	}
	p.halfmove++
	if us == Black {
		p.fullmove++
	}

	switch m.Kind() {
	case Castling:
		kingTo, rookTo := m.CastlingSquares()
		rook := p.squares[to]
		p.remove(from)
		p.remove(to)
		p.put(pc, kingTo)
		p.put(rook, rookTo)
		p.kingSq[us] = kingTo
		k := pieceKeys[pc][from] ^ pieceKeys[pc][kingTo] ^ pieceKeys[rook][to] ^ pieceKeys[rook][rookTo]
		key ^= k
		p.nonPawnKey[us] ^= k
	case EnPassant:
		capSq := to ^ 8
		cap := p.squares[capSq]
		u.captured = cap
		p.remove(capSq)
		p.move(from, to)
		p.halfmove = 0
		k := pieceKeys[cap][capSq] ^ pieceKeys[pc][from] ^ pieceKeys[pc][to]
		key ^= k
		p.pawnKey ^= k
	default:
		if cap := p.squares[to]; cap != NoPiece {
			u.captured = cap
			p.remove(to)
			p.halfmove = 0
			key ^= pieceKeys[cap][to]
			if cap.Type() == Pawn {
				p.pawnKey ^= pieceKeys[cap][to]
			} else {
				p.nonPawnKey[them] ^= pieceKeys[cap][to]
			}
		}
		p.move(from, to)
		key ^= pieceKeys[pc][from] ^ pieceKeys[pc][to]
		switch pc.Type() {
		case Pawn:
			p.halfmove = 0
			if pt := m.Promo(); pt != NoPieceType {
				promo := MakePiece(us, pt)
				p.remove(to)
				p.put(promo, to)
				key ^= pieceKeys[pc][to] ^ pieceKeys[promo][to]
				p.pawnKey ^= pieceKeys[pc][from]
				p.nonPawnKey[us] ^= pieceKeys[promo][to]
			} else {
				p.pawnKey ^= pieceKeys[pc][from] ^ pieceKeys[pc][to]
				if to^from == 16 {
					epSq := (from + to) / 2
					if pawnAttacks[us][epSq]&p.Pieces(them, Pawn) != 0 {
						p.ep = epSq
						key ^= epKeys[epSq.File()]
					}
				}
			}
		case King:
			p.kingSq[us] = to
			p.nonPawnKey[us] ^= pieceKeys[pc][from] ^ pieceKeys[pc][to]
		default:
			p.nonPawnKey[us] ^= pieceKeys[pc][from] ^ pieceKeys[pc][to]
		}
	}
	if rights := p.castling & p.castleMask[from] & p.castleMask[to]; rights != p.castling {
		key ^= castleKeys[p.castling] ^ castleKeys[rights]
		p.castling = rights
	}
	p.side = them
	p.key = key
	p.checkers = p.computeCheckers()
}

// Unmake takes back the last move made with Make.
func (p *Position) Unmake() {
	u := &p.history[len(p.history)-1]
	m := u.move
	p.side ^= 1
	us := p.side
	from, to := m.From(), m.To()
	switch m.Kind() {
	case Castling:
		kingTo, rookTo := m.CastlingSquares()
		king, rook := p.squares[kingTo], p.squares[rookTo]
		p.remove(kingTo)
		p.remove(rookTo)
		p.put(king, from)
		p.put(rook, to)
		p.kingSq[us] = from
	case EnPassant:
		p.move(to, from)
		p.put(u.captured, to^8)
	case Promotion:
		p.remove(to)
		p.put(MakePiece(us, Pawn), from)
		if u.captured != NoPiece {
			p.put(u.captured, to)
		}
	default:
		p.move(to, from)
		if u.captured != NoPiece {
			p.put(u.captured, to)
		}
		if p.squares[from].Type() == King {
			p.kingSq[us] = from
		}
	}
	if us == Black {
		p.fullmove--
	}
	p.key, p.pawnKey, p.nonPawnKey, p.checkers = u.key, u.pawnKey, u.nonPawnKey, u.checkers
	p.castling, p.ep, p.halfmove = u.castling, u.ep, int(u.halfmove)
	p.history = p.history[:len(p.history)-1]
}

// MakeNull passes the move to the opponent (for null-move pruning). It must
// not be called when the side to move is in check.
func (p *Position) MakeNull() {
	u := p.push()
	u.move, u.captured = NoMove, NoPiece
	p.key ^= sideKey
	if p.ep != NoSquare {
		p.key ^= epKeys[p.ep.File()]
		p.ep = NoSquare
	}
	p.halfmove++
	p.side ^= 1
	p.checkers = p.computeCheckers()
}

// UnmakeNull takes back MakeNull.
func (p *Position) UnmakeNull() {
	u := &p.history[len(p.history)-1]
	p.side ^= 1
	p.key, p.ep, p.halfmove, p.checkers = u.key, u.ep, int(u.halfmove), u.checkers
	p.history = p.history[:len(p.history)-1]
}

// CapturedPiece returns the piece m captures in this position, or NoPiece.
func (p *Position) CapturedPiece(m Move) Piece {
	switch m.Kind() {
	case Castling:
		return NoPiece
	case EnPassant:
		return MakePiece(p.side^1, Pawn)
	}
	return p.squares[m.To()]
}

// IsCapture reports whether m captures a piece.
func (p *Position) IsCapture(m Move) bool { return p.CapturedPiece(m) != NoPiece }

// AttackersTo returns the pieces of both colours that attack s given the
// occupancy occ.
func (p *Position) AttackersTo(s Square, occ Bitboard) Bitboard {
	return pawnAttacks[Black][s]&p.Pieces(White, Pawn) |
		pawnAttacks[White][s]&p.Pieces(Black, Pawn) |
		knightAttacks[s]&p.byType[Knight] |
		kingAttacks[s]&p.byType[King] |
		RookAttacks(s, occ)&(p.byType[Rook]|p.byType[Queen]) |
		BishopAttacks(s, occ)&(p.byType[Bishop]|p.byType[Queen])
}

// AttacksBy returns every square that a piece of colour c attacks (pawns
// diagonally forward), sliders seeing through nothing: the threats the
// search indexes its quiet history by.
func (p *Position) AttacksBy(c Color) Bitboard {
	occ := p.byType[0]
	them := p.byColor[c]
	a := PawnAttacksBB(c, p.byType[Pawn]&them) | kingAttacks[p.KingSquare(c)]
	for b := p.byType[Knight] & them; b != 0; {
		a |= knightAttacks[b.PopFirst()]
	}
	for b := (p.byType[Bishop] | p.byType[Queen]) & them; b != 0; {
		a |= BishopAttacks(b.PopFirst(), occ)
	}
	for b := (p.byType[Rook] | p.byType[Queen]) & them; b != 0; {
		a |= RookAttacks(b.PopFirst(), occ)
	}
	return a
}

// AttacksUpTo returns the squares that colour c attacks with its pawns;
// with its pawns, knights and bishops; and with those and its rooks (the
// sliders seeing through nothing): where a piece of the other colour
// stands attacked by a cheaper one (a knight or bishop in the first, a
// rook in the second, a queen in the third).
func (p *Position) AttacksUpTo(c Color) (pawns, minors, rooks Bitboard) {
	occ := p.byType[0]
	them := p.byColor[c]
	pawns = PawnAttacksBB(c, p.byType[Pawn]&them)
	minors = pawns
	for b := p.byType[Knight] & them; b != 0; {
		minors |= knightAttacks[b.PopFirst()]
	}
	for b := p.byType[Bishop] & them; b != 0; {
		minors |= BishopAttacks(b.PopFirst(), occ)
	}
	rooks = minors
	for b := p.byType[Rook] & them; b != 0; {
		rooks |= RookAttacks(b.PopFirst(), occ)
	}
	return pawns, minors, rooks
}

// Attacked reports whether colour by attacks square s.
func (p *Position) Attacked(s Square, by Color) bool {
	return p.attackedWith(s, by, p.byType[0])
}

func (p *Position) attackedWith(s Square, by Color, occ Bitboard) bool {
	them := p.byColor[by]
	if pawnAttacks[by^1][s]&p.byType[Pawn]&them != 0 ||
		knightAttacks[s]&p.byType[Knight]&them != 0 ||
		kingAttacks[s]&p.byType[King]&them != 0 {
		return true
	}
	rq := (p.byType[Rook] | p.byType[Queen]) & them
	if rq&rookEmpty[s] != 0 && RookAttacks(s, occ)&rq != 0 {
		return true
	}
	bq := (p.byType[Bishop] | p.byType[Queen]) & them
	return bq&bishopEmpty[s] != 0 && BishopAttacks(s, occ)&bq != 0
}

// Checkers returns the enemy pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard { return p.checkers }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.checkers != 0 }

// computeCheckers finds the enemy pieces that give check to the side to
// move, which Make, MakeNull and ParseFEN keep in the position: the search
// asks whether a position is in check at every node, and the generator
// needs the checkers.
func (p *Position) computeCheckers() Bitboard {
	ksq := p.kingSq[p.side]
	occ := p.byType[0]
	return p.byColor[p.side^1] & (pawnAttacks[p.side][ksq]&p.byType[Pawn] |
		knightAttacks[ksq]&p.byType[Knight] |
		RookAttacks(ksq, occ)&(p.byType[Rook]|p.byType[Queen]) |
		BishopAttacks(ksq, occ)&(p.byType[Bishop]|p.byType[Queen]))
}

// Pinned returns the pieces of colour c that are pinned to their king.
func (p *Position) Pinned(c Color) Bitboard {
	ksq := p.kingSq[c]
	them := p.byColor[c^1]
	snipers := (rookEmpty[ksq]&(p.byType[Rook]|p.byType[Queen]) |
		bishopEmpty[ksq]&(p.byType[Bishop]|p.byType[Queen])) & them
	var pinned Bitboard
	occ := p.byType[0]
	for snipers != 0 {
		s := snipers.PopFirst()
		b := between[ksq][s] & occ
		if b != 0 && !b.More() {
			pinned |= b
		}
	}
	return pinned & p.byColor[c]
}

// GivesCheck reports whether the legal move m checks the opponent. An
// ordinary move is tested with attack sets (a check by the moved piece, or
// one discovered along a line it leaves); castling, en passant and
// promotions are made and unmade.
func (p *Position) GivesCheck(m Move) bool {
	if m.Kind() != Normal {
		p.Make(m)
		c := p.InCheck()
		p.Unmake()
		return c
	}
	us := p.side
	ksq := p.kingSq[us^1]
	from, to := m.From(), m.To()
	occ := p.byType[0] ^ BB(from) | BB(to)
	switch p.squares[from].Type() {
	case Pawn:
		if pawnAttacks[us][to].Has(ksq) {
			return true
		}
	case Knight:
		if knightAttacks[to].Has(ksq) {
			return true
		}
	case Bishop:
		if BishopAttacks(to, occ).Has(ksq) {
			return true
		}
	case Rook:
		if RookAttacks(to, occ).Has(ksq) {
			return true
		}
	case Queen:
		if QueenAttacks(to, occ).Has(ksq) {
			return true
		}
	}
	// Discovered: one of our other sliders now sees the king.
	ours := p.byColor[us] &^ BB(from)
	return RookAttacks(ksq, occ)&(p.byType[Rook]|p.byType[Queen])&ours != 0 ||
		BishopAttacks(ksq, occ)&(p.byType[Bishop]|p.byType[Queen])&ours != 0
}

// HasNonPawnMaterial reports whether colour c has a knight, bishop, rook or queen.
func (p *Position) HasNonPawnMaterial(c Color) bool {
	return p.byColor[c]&^(p.byType[Pawn]|p.byType[King]) != 0
}

// Checks tells which moves of the side to move give check, for a position
// where many moves are asked about (a move loop): made once by InitChecks,
// it answers most moves with a lookup.
type Checks struct {
	direct [8]Bitboard // by piece type: the squares from which it attacks the enemy king (none for NoPieceType and King)
	lines  Bitboard    // the side's pieces first on a line from the enemy king
}

// InitChecks prepares c for the position as it is now.
func (p *Position) InitChecks(c *Checks) {
	us := p.side
	ksq := p.kingSq[us^1]
	occ := p.byType[0]
	c.direct[Pawn] = pawnAttacks[us^1][ksq]
	c.direct[Knight] = knightAttacks[ksq]
	c.direct[Bishop] = BishopAttacks(ksq, occ)
	c.direct[Rook] = RookAttacks(ksq, occ)
	c.direct[Queen] = c.direct[Bishop] | c.direct[Rook]
	c.direct[King] = 0
	c.lines = c.direct[Queen] & p.byColor[us]
}

// GivesCheckWith is GivesCheck with the help of c, made by InitChecks for
// this position. A move whose piece was first on a line from the king may
// uncover a check: it takes GivesCheck's full test, as do castling, en
// passant and promotions.
func (p *Position) GivesCheckWith(c *Checks, m Move) bool {
	if check, known := p.GivesCheckQuick(c, m); known {
		return check
	}
	return p.GivesCheck(m)
}

// GivesCheckQuick is the part of GivesCheckWith that inlines: for a
// normal move whose piece is not first on a line from the enemy king
// (known true), whether it checks, by one lookup. For the others (known
// false) the answer is GivesCheck's. A call of GivesCheckWith costs more
// than the lookup, and the move loops ask about every quiet move.
func (p *Position) GivesCheckQuick(c *Checks, m Move) (check, known bool) {
	// Written with bit operations so that it inlines.
	if from := m & 63; m>>14 == Normal && c.lines>>from&1 == 0 {
		return c.direct[p.squares[from]&7]>>(m>>6&63)&1 != 0, true
	}
	return false, false
}
