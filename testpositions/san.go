// Standard algebraic notation (SAN) for EPD operands: reading a suite's
// moves (bm Qxh7+, am 0-0, bm e8Q) into board moves, and printing the
// engine's moves back in SAN. notnil/chess does the SAN work; this file
// normalises what real files write before handing it over, shields the
// caller from notnil's panics, and falls back to a lenient reading of its
// own (over-disambiguated moves, UCI moves, Chess960 positions that
// notnil cannot load).
package testpositions

import (
	"fmt"
	"strings"

	"github.com/notnil/chess"

	"brudno/board"
)

// DecodeSAN returns the legal move of pos that s names. s may carry check,
// mate and annotation signs, castle with zeros (0-0), promote without "="
// (e8Q) or in brackets (e8(Q)), write captures with ":", or be a UCI move.
func DecodeSAN(pos *board.Position, s string) (board.Move, error) {
	san := normaliseSAN(s)
	if san == "" {
		return board.NoMove, fmt.Errorf("empty move %q", clip(s))
	}
	if m, ok := decodeWithNotnil(pos, san); ok {
		return m, nil
	}
	if m, err := pos.ParseMove(strings.ToLower(san)); err == nil {
		return m, nil
	}
	m, err := decodeLenient(pos, san)
	if err != nil {
		return board.NoMove, fmt.Errorf("move %q: %v", clip(s), err)
	}
	return m, nil
}

// normaliseSAN strips annotations, check and mate signs and "e.p.", and
// rewrites castling with zeros and promotions without "=".
func normaliseSAN(s string) string {
	s = strings.TrimSpace(s)
	for _, suffix := range []string{"e.p.", "ep"} {
		if strings.HasSuffix(s, suffix) && len(s) > len(suffix)+1 {
			s = strings.TrimSpace(strings.TrimSuffix(s, suffix))
		}
	}
	s = strings.TrimRight(s, "+#!? ")
	s = strings.ReplaceAll(s, ":", "x")
	switch strings.ToUpper(s) {
	case "0-0", "O-O", "00", "OO":
		return "O-O"
	case "0-0-0", "O-O-O", "000", "OOO":
		return "O-O-O"
	}
	// e8(Q), e8/Q, e8Q, e8=q -> e8=Q
	if n := len(s); n >= 3 {
		t := strings.NewReplacer("(", "", ")", "", "/", "", "=", "").Replace(s)
		if k := len(t); k >= 3 && strings.ContainsRune("QRBNqrbn", rune(t[k-1])) &&
			(t[k-2] == '1' || t[k-2] == '8') && t[k-3] >= 'a' && t[k-3] <= 'h' && !isUCIMove(t) {
			return t[:k-1] + "=" + strings.ToUpper(t[k-1:])
		}
	}
	return s
}

// isUCIMove reports whether s has the shape of a UCI move (e7e8q).
func isUCIMove(s string) bool {
	if len(s) != 4 && len(s) != 5 {
		return false
	}
	_, ok1 := board.ParseSquare(s[0:2])
	_, ok2 := board.ParseSquare(s[2:4])
	return ok1 && ok2
}

// notnilPosition loads pos into notnil/chess, or reports false for
// positions notnil cannot hold (Chess960 castling) or panics on.
func notnilPosition(pos *board.Position) (np *chess.Position, ok bool) {
	defer func() {
		if recover() != nil {
			np, ok = nil, false
		}
	}()
	np = &chess.Position{}
	if err := np.UnmarshalText([]byte(pos.FEN())); err != nil {
		return nil, false
	}
	return np, true
}

// decodeWithNotnil reads canonical SAN with notnil/chess.
func decodeWithNotnil(pos *board.Position, san string) (m board.Move, ok bool) {
	defer func() {
		if recover() != nil {
			m, ok = board.NoMove, false
		}
	}()
	np, ok := notnilPosition(pos)
	if !ok {
		return board.NoMove, false
	}
	nm, err := chess.AlgebraicNotation{}.Decode(np, san)
	if err != nil || nm == nil {
		return board.NoMove, false
	}
	// notnil prints castling as the king's move (e1g1), which ParseMove takes.
	m, err = pos.ParseMove(nm.String())
	return m, err == nil
}

// decodeLenient matches SAN by its parts: piece, optional origin file and
// rank, destination and promotion; the capture sign is not checked and
// extra disambiguation is allowed. Exactly one legal move must match.
func decodeLenient(pos *board.Position, san string) (board.Move, error) {
	var list board.MoveList
	pos.GenerateLegal(&list)
	if san == "O-O" || san == "O-O-O" {
		for _, m := range list.Slice() {
			if m.IsCastling() && (m.To() > m.From()) == (san == "O-O") {
				return m, nil
			}
		}
		return board.NoMove, fmt.Errorf("no legal %s", san)
	}
	s := strings.NewReplacer("x", "", "-", "").Replace(san)
	piece := board.Pawn
	if len(s) > 0 && s[0] == 'P' {
		s = s[1:]
	} else if len(s) > 0 && strings.IndexByte("KQRBN", s[0]) >= 0 {
		piece = PieceFromLetter(s[0])
		s = s[1:]
	}
	promo := board.NoPieceType
	if i := strings.IndexByte(s, '='); i >= 0 {
		if i != len(s)-2 {
			return board.NoMove, fmt.Errorf("not algebraic notation")
		}
		promo = PieceFromLetter(s[i+1])
		if promo == board.NoPieceType || promo == board.King {
			return board.NoMove, fmt.Errorf("bad promotion piece")
		}
		s = s[:i]
	}
	if len(s) < 2 || len(s) > 4 {
		return board.NoMove, fmt.Errorf("not algebraic notation")
	}
	to, ok := board.ParseSquare(s[len(s)-2:])
	if !ok {
		return board.NoMove, fmt.Errorf("not algebraic notation")
	}
	fromFile, fromRank := -1, -1
	for _, c := range s[:len(s)-2] {
		switch {
		case c >= 'a' && c <= 'h' && fromFile < 0:
			fromFile = int(c - 'a')
		case c >= '1' && c <= '8' && fromRank < 0:
			fromRank = int(c - '1')
		default:
			return board.NoMove, fmt.Errorf("not algebraic notation")
		}
	}
	found := board.NoMove
	for _, m := range list.Slice() {
		if m.IsCastling() || pos.PieceAt(m.From()).Type() != piece || m.To() != to || m.Promo() != promo ||
			fromFile >= 0 && m.From().File() != fromFile || fromRank >= 0 && m.From().Rank() != fromRank {
			continue
		}
		if found != board.NoMove {
			return board.NoMove, fmt.Errorf("ambiguous in %s", pos.FEN())
		}
		found = m
	}
	if found == board.NoMove {
		return board.NoMove, fmt.Errorf("not a legal move in %s", pos.FEN())
	}
	return found, nil
}

// PieceFromLetter returns the piece type of a SAN piece letter (K, Q, R,
// B, N), or NoPieceType for any other byte.
func PieceFromLetter(c byte) board.PieceType {
	switch c {
	case 'K':
		return board.King
	case 'Q':
		return board.Queen
	case 'R':
		return board.Rook
	case 'B':
		return board.Bishop
	case 'N':
		return board.Knight
	}
	return board.NoPieceType
}

// EncodeSAN prints a legal move m of pos in SAN (with + or #), or in UCI
// form when notnil/chess cannot load the position.
func EncodeSAN(pos *board.Position, m board.Move) (san string) {
	uci := pos.MoveString(m)
	if m == board.NoMove {
		return uci
	}
	defer func() {
		if recover() != nil {
			san = uci
		}
	}()
	np, ok := notnilPosition(pos)
	if !ok {
		return uci
	}
	nm, err := chess.UCINotation{}.Decode(np, m.UCI(false))
	if err != nil {
		return uci
	}
	// Decode leaves the check tag unset; take the move from the legal list.
	for _, v := range np.ValidMoves() {
		if v.S1() == nm.S1() && v.S2() == nm.S2() && v.Promo() == nm.Promo() {
			return chess.AlgebraicNotation{}.Encode(np, v)
		}
	}
	return uci
}
