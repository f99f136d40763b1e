// The Polyglot move encoding: bits 0-2 to-file, 3-5 to-row, 6-8
// from-file, 9-11 from-row, 12-14 promotion piece (0 none, 1 knight,
// 2 bishop, 3 rook, 4 queen); castling is written as the king taking its
// own rook (e1h1), which is also how board.Move stores it. Decoding is
// always against a position and its legal moves, so that no entry can
// produce an illegal move.
package book

import (
	"fmt"

	"brudno/board"
)

// EncodeMove returns the Polyglot encoding of m.
func EncodeMove(m board.Move) uint16 {
	v := uint16(m.To()) | uint16(m.From())<<6
	if pt := m.Promo(); pt != board.NoPieceType {
		v |= uint16(pt-board.Pawn) << 12 // knight 1, bishop 2, rook 3, queen 4
	}
	return v
}

// DecodeMove returns the legal move of pos that raw encodes, or false when
// raw encodes no legal move there.
func DecodeMove(pos *board.Position, raw uint16) (board.Move, bool) {
	var legal board.MoveList
	pos.GenerateLegal(&legal)
	return decodeLegal(pos, &legal, raw)
}

// decodeLegal matches raw against the legal moves of pos. Castling written
// as the king's two-square move (e1g1), which some tools produce, is
// accepted as well as the standard king-takes-rook form.
func decodeLegal(pos *board.Position, legal *board.MoveList, raw uint16) (board.Move, bool) {
	if checkMoveField(raw) != nil {
		return board.NoMove, false
	}
	from, to := board.Square(raw>>6&63), board.Square(raw&63)
	promo := board.NoPieceType
	if p := raw >> 12 & 7; p != 0 {
		promo = board.Pawn + board.PieceType(p)
	}
	for _, m := range legal.Slice() {
		if m.From() == from && m.To() == to && m.Promo() == promo {
			return m, true
		}
	}
	if promo == board.NoPieceType && pos.PieceAt(from).Type() == board.King && from.File() == 4 &&
		from.Rank() == to.Rank() && (to.File() == 2 || to.File() == 6) {
		for _, m := range legal.Slice() {
			if kingTo, _ := m.CastlingSquares(); m.IsCastling() && m.From() == from && kingTo == to {
				return m, true
			}
		}
	}
	return board.NoMove, false
}

// checkMoveField reports whether raw can be a chess move at all: bit 15
// clear, a promotion piece from 0 to 4, distinct squares along a line or a
// knight's jump, and a promotion only from the seventh to the eighth rank
// (or second to first).
func checkMoveField(raw uint16) error {
	if raw&0x8000 != 0 {
		return fmt.Errorf("move field %04x has bit 15 set", raw)
	}
	promo := raw >> 12 & 7
	if promo > 4 {
		return fmt.Errorf("move field %04x has promotion piece %d (0 to 4 allowed)", raw, promo)
	}
	from, to := board.Square(raw>>6&63), board.Square(raw&63)
	df, dr := abs(to.File()-from.File()), abs(to.Rank()-from.Rank())
	switch {
	case from == to:
		return fmt.Errorf("move field %04x moves from %s to itself", raw, from)
	case df != 0 && dr != 0 && df != dr && df*dr != 2:
		return fmt.Errorf("move field %04x (%s%s) is no chess move", raw, from, to)
	case promo != 0 && !(from.Rank() == 6 && to.Rank() == 7 || from.Rank() == 1 && to.Rank() == 0) || promo != 0 && df > 1:
		return fmt.Errorf("move field %04x (%s%s) promotes off the last rank", raw, from, to)
	}
	return nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// MoveString prints a raw Polyglot move in UCI form (castling as king
// takes rook), without a position.
func MoveString(raw uint16) string {
	from, to := board.Square(raw>>6&63), board.Square(raw&63)
	s := from.String() + to.String()
	if p := raw >> 12 & 7; p >= 1 && p <= 4 {
		s += string("nbrq"[p-1])
	}
	return s
}
