// FEN parsing and printing. Parsing validates the position and returns an
// error for anything that is not a legal chess position (it never panics);
// castling fields may be standard (KQkq), X-FEN or Shredder-FEN (HAha).
package board

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ParseFEN parses a FEN with 6 fields, or 4 fields (as in EPD) with the
// clocks defaulting to 0 and 1.
func ParseFEN(fen string) (*Position, error) {
	f := strings.Fields(fen)
	if len(f) != 4 && len(f) != 6 {
		return nil, fmt.Errorf("FEN needs 6 fields (or 4), got %d", len(f))
	}
	p := &Position{ep: NoSquare, fullmove: 1, history: make([]undo, 0, 256)}
	if err := p.parsePlacement(f[0]); err != nil {
		return nil, err
	}
	switch f[1] {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return nil, fmt.Errorf("side to move must be w or b, got %q", f[1])
	}
	if err := p.validateMaterial(); err != nil {
		return nil, err
	}
	if err := p.parseCastling(f[2]); err != nil {
		return nil, err
	}
	if err := p.parseEnPassant(f[3]); err != nil {
		return nil, err
	}
	if len(f) == 6 {
		hm, err := strconv.Atoi(f[4])
		if err != nil || hm < 0 || hm > 100000 {
			return nil, fmt.Errorf("bad halfmove clock %q", f[4])
		}
		fm, err := strconv.Atoi(f[5])
		if err != nil || fm < 0 || fm > 100000 {
			return nil, fmt.Errorf("bad fullmove number %q", f[5])
		}
		p.halfmove, p.fullmove = hm, max(fm, 1)
	}
	if p.attackedWith(p.kingSq[p.side^1], p.side, p.byType[0]) {
		return nil, errors.New("the side not to move is in check")
	}
	p.key, p.pawnKey, p.nonPawnKey = p.computeKeys()
	p.checkers = p.computeCheckers()
	return p, nil
}

func (p *Position) parsePlacement(s string) error {
	ranks := strings.Split(s, "/")
	if len(ranks) != 8 {
		return fmt.Errorf("piece placement needs 8 ranks, got %d", len(ranks))
	}
	for i, row := range ranks {
		rank, file := 7-i, 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '8' {
				file += int(c - '0')
			} else {
				k := strings.IndexByte(pieceLetters, c)
				if k <= 0 || c == ' ' {
					return fmt.Errorf("unknown piece letter %q in rank %d", c, rank+1)
				}
				if file < 8 {
					p.put(Piece(k), SquareAt(file, rank))
				}
				file++
			}
			if file > 8 {
				return fmt.Errorf("rank %d has more than 8 squares", rank+1)
			}
		}
		if file != 8 {
			return fmt.Errorf("rank %d has %d squares, not 8", rank+1, file)
		}
	}
	return nil
}

// validateMaterial checks kings, pawn ranks and that the material could
// arise in a game (which also bounds the number of legal moves).
func (p *Position) validateMaterial() error {
	for c := White; c <= Black; c++ {
		kings := p.Pieces(c, King)
		if kings.Count() != 1 {
			return fmt.Errorf("%v must have exactly one king, has %d", c, kings.Count())
		}
		p.kingSq[c] = kings.First()
		pawns := p.Pieces(c, Pawn).Count()
		extra := max(0, p.Pieces(c, Queen).Count()-1) + max(0, p.Pieces(c, Rook).Count()-2) +
			max(0, p.Pieces(c, Bishop).Count()-2) + max(0, p.Pieces(c, Knight).Count()-2)
		if pawns > 8 || pawns+extra > 8 {
			return fmt.Errorf("%v has more pieces than promotions allow", c)
		}
	}
	if p.byType[Pawn]&(Rank1|Rank8) != 0 {
		return errors.New("pawns on the first or last rank")
	}
	return nil
}

func (p *Position) parseCastling(s string) error {
	for i := range p.castleMask {
		p.castleMask[i] = 15
	}
	if s == "-" {
		return nil
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		color, backRank := White, 0
		if c >= 'a' && c <= 'z' {
			color, backRank = Black, 7
			c -= 'a' - 'A'
		}
		ksq := p.kingSq[color]
		if ksq.Rank() != backRank {
			return fmt.Errorf("castling right %q without the king on its first rank", s[i])
		}
		rooks := p.Pieces(color, Rook) & (Rank1 << (8 * backRank))
		rook := NoSquare
		switch {
		case c == 'K':
			for f := 7; f > ksq.File(); f-- {
				if rooks.Has(SquareAt(f, backRank)) {
					rook = SquareAt(f, backRank)
					break
				}
			}
		case c == 'Q':
			for f := 0; f < ksq.File(); f++ {
				if rooks.Has(SquareAt(f, backRank)) {
					rook = SquareAt(f, backRank)
					break
				}
			}
		case c >= 'A' && c <= 'H':
			if sq := SquareAt(int(c-'A'), backRank); rooks.Has(sq) && sq != ksq {
				rook = sq
			}
			p.chess960 = true
		default:
			return fmt.Errorf("bad castling field %q", s)
		}
		if rook == NoSquare {
			return fmt.Errorf("castling right %q without a rook on its square", s[i])
		}
		idx := 2 * int(color)
		if rook < ksq {
			idx++
		}
		if p.castling&(1<<idx) != 0 {
			return fmt.Errorf("castling right %q given twice", s[i])
		}
		p.castling |= 1 << idx
		p.castleRook[idx] = rook
		p.castleMask[ksq] &^= 3 << (2 * color)
		p.castleMask[rook] &^= 1 << idx
		kingTo, rookTo := newSpecial(ksq, rook, Castling).CastlingSquares()
		p.castlePath[idx] = (between[ksq][kingTo] | BB(kingTo) | between[rook][rookTo] | BB(rookTo)) &^ (BB(ksq) | BB(rook))
		if ksq.File() != 4 || (rook.File() != 0 && rook.File() != 7) {
			p.chess960 = true
		}
	}
	return nil
}

func (p *Position) parseEnPassant(s string) error {
	if s == "-" {
		return nil
	}
	sq, ok := ParseSquare(s)
	if !ok {
		return fmt.Errorf("bad en-passant square %q", s)
	}
	us, them := p.side, p.side^1
	var pawnSq, origin Square
	if us == White {
		if sq.Rank() != 5 {
			return fmt.Errorf("impossible en-passant square %v with white to move", sq)
		}
		pawnSq, origin = sq-8, sq+8
	} else {
		if sq.Rank() != 2 {
			return fmt.Errorf("impossible en-passant square %v with black to move", sq)
		}
		pawnSq, origin = sq+8, sq-8
	}
	if p.squares[pawnSq] != MakePiece(them, Pawn) || p.squares[sq] != NoPiece || p.squares[origin] != NoPiece {
		return fmt.Errorf("impossible en-passant square %v: no pawn has just moved two squares", sq)
	}
	if pawnAttacks[them][sq]&p.Pieces(us, Pawn) != 0 {
		p.ep = sq
	}
	return nil
}

// FEN returns the position in FEN. Castling rights are printed as KQkq
// unless a castling rook is not the outermost one (then Shredder letters);
// with Chess960 on they are always Shredder letters. The en-passant
// square is printed only when a pawn can capture there.
func (p *Position) FEN() string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := p.squares[SquareAt(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(pc.Letter())
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	sb.WriteString([]string{" w ", " b "}[p.side])
	sb.WriteString(p.castlingString())
	fmt.Fprintf(&sb, " %v %d %d", p.ep, p.halfmove, p.fullmove)
	return sb.String()
}

func (p *Position) castlingString() string {
	if p.castling == 0 {
		return "-"
	}
	var sb strings.Builder
	for i := 0; i < 4; i++ {
		if p.castling&(1<<i) == 0 {
			continue
		}
		color := Color(i / 2)
		rook := p.castleRook[i]
		letter := byte("KQ"[i%2])
		if p.chess960 || !p.outermostRook(color, rook) {
			letter = 'A' + byte(rook.File())
		}
		if color == Black {
			letter += 'a' - 'A'
		}
		sb.WriteByte(letter)
	}
	return sb.String()
}

// outermostRook reports whether no other rook of c stands beyond rook on
// its side of the king, so that K/Q name it unambiguously.
func (p *Position) outermostRook(c Color, rook Square) bool {
	ksq := p.kingSq[c]
	rooks := p.Pieces(c, Rook) &^ BB(rook)
	for f := rook.File() + 1; f < 8 && rook > ksq; f++ {
		if rooks.Has(SquareAt(f, rook.Rank())) {
			return false
		}
	}
	for f := rook.File() - 1; f >= 0 && rook < ksq; f-- {
		if rooks.Has(SquareAt(f, rook.Rank())) {
			return false
		}
	}
	return true
}

// String returns the FEN.
func (p *Position) String() string { return p.FEN() }
