// Basic value types of the board package: colours, piece types, pieces,
// squares, bitboards and the compact Move. All are small integers, so they
// are created, copied and compared without allocation.
package board

import "math/bits"

// Color is White or Black.
type Color uint8

const (
	White Color = 0
	Black Color = 1
)

// Other returns the opposite colour.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is a kind of piece without colour; NoPieceType is 0.
type PieceType uint8

const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Piece is a coloured piece: colour<<3 | type. NoPiece is 0.
type Piece uint8

const NoPiece Piece = 0

// MakePiece combines a colour and a piece type.
func MakePiece(c Color, t PieceType) Piece { return Piece(c)<<3 | Piece(t) }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns the piece's colour (meaningless for NoPiece). The mask
// changes nothing for a piece; it lets an index by the colour go without
// a bounds check.
func (p Piece) Color() Color { return Color(p >> 3 & 1) }

const pieceLetters = " PNBRQK  pnbrqk"

// Letter returns the FEN letter of the piece (upper case for White).
func (p Piece) Letter() byte { return pieceLetters[p&15] }

// Square is 0..63 with a1=0, b1=1, ..., h8=63. NoSquare marks "none".
type Square uint8

const NoSquare Square = 64

// Named squares used by castling and tests.
const (
	A1 Square = iota
	B1
	C1
	D1
	E1
	F1
	G1
	H1
)

// SquareAt returns the square on file (0..7) and rank (0..7).
func SquareAt(file, rank int) Square { return Square(rank*8 + file) }

// File returns 0..7 for files a..h.
func (s Square) File() int { return int(s & 7) }

// Rank returns 0..7 for ranks 1..8.
func (s Square) Rank() int { return int(s >> 3) }

func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return string([]byte{'a' + byte(s.File()), '1' + byte(s.Rank())})
}

// ParseSquare reads a square such as "e4".
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return SquareAt(int(s[0]-'a'), int(s[1]-'1')), true
}

// Bitboard is a set of squares, bit i for square i.
type Bitboard uint64

// BB returns the bitboard holding only square s.
func BB(s Square) Bitboard { return Bitboard(1) << s }

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool { return b&(1<<s) != 0 }

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square of a non-empty set.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// PopFirst removes and returns the lowest square of a non-empty set.
func (b *Bitboard) PopFirst() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// More reports whether the set has more than one square.
func (b Bitboard) More() bool { return b&(b-1) != 0 }

// File and rank masks.
const (
	FileA Bitboard = 0x0101010101010101
	FileH Bitboard = FileA << 7
	Rank1 Bitboard = 0xff
	Rank2 Bitboard = Rank1 << 8
	Rank3 Bitboard = Rank1 << 16
	Rank6 Bitboard = Rank1 << 40
	Rank7 Bitboard = Rank1 << 48
	Rank8 Bitboard = Rank1 << 56
)

// Move is a compact move: bits 0-5 from, 6-11 to, 12-13 promotion piece
// (knight, bishop, rook, queen), 14-15 kind. Castling is stored as "king
// takes own rook" (to = the rook's square), which covers Chess960 too.
// The zero Move is NoMove.
type Move uint16

// NoMove is the zero move, printed as "0000".
const NoMove Move = 0

// Kinds of move.
const (
	Normal    = 0
	Promotion = 1
	EnPassant = 2
	Castling  = 3
)

// NewMove builds a normal move.
func NewMove(from, to Square) Move { return Move(from) | Move(to)<<6 }

// NewPromotion builds a promotion to the piece type pt (Knight..Queen).
func NewPromotion(from, to Square, pt PieceType) Move {
	return Move(from) | Move(to)<<6 | Move(pt-Knight)<<12 | Promotion<<14
}

func newSpecial(from, to Square, kind int) Move {
	return Move(from) | Move(to)<<6 | Move(kind)<<14
}

// From returns the origin square.
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square (the rook's square for castling).
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Kind returns Normal, Promotion, EnPassant or Castling.
func (m Move) Kind() int { return int(m >> 14) }

// Promo returns the promotion piece type, or NoPieceType.
func (m Move) Promo() PieceType {
	if m.Kind() != Promotion {
		return NoPieceType
	}
	return PieceType(m>>12&3) + Knight
}

// IsCastling reports whether m is a castling move.
func (m Move) IsCastling() bool { return m.Kind() == Castling }

// CastlingSquares returns the king's and rook's destination squares of a
// castling move m (the same in standard chess and Chess960).
func (m Move) CastlingSquares() (kingTo, rookTo Square) {
	rank := m.From().Rank()
	if m.To() > m.From() {
		return SquareAt(6, rank), SquareAt(5, rank)
	}
	return SquareAt(2, rank), SquareAt(3, rank)
}

// UCI returns the move in UCI long algebraic notation. Castling is printed
// as the king's two-square move (e1g1) unless chess960 is set, when it is
// printed as king takes rook (e1h1).
func (m Move) UCI(chess960 bool) string {
	if m == NoMove {
		return "0000"
	}
	to := m.To()
	if m.IsCastling() && !chess960 {
		to, _ = m.CastlingSquares()
	}
	s := m.From().String() + to.String()
	if pt := m.Promo(); pt != NoPieceType {
		s += string("  nbrq"[pt])
	}
	return s
}

// String prints the move in standard (non-Chess960) UCI form.
func (m Move) String() string { return m.UCI(false) }

// MaxMoves bounds the number of legal moves in any position (218 is the
// known maximum).
const MaxMoves = 256

// MoveList is a caller-provided buffer that move generation fills.
type MoveList struct {
	Moves [MaxMoves]Move
	Count int
}

func (l *MoveList) add(m Move) {
	l.Moves[l.Count] = m
	l.Count++
}

// Slice returns the generated moves (a view into the buffer).
func (l *MoveList) Slice() []Move { return l.Moves[:l.Count] }

// Contains reports whether m is in the list.
func (l *MoveList) Contains(m Move) bool {
	for _, x := range l.Moves[:l.Count] {
		if x == m {
			return true
		}
	}
	return false
}
