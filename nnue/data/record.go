// Package data is the binary training-data format for a future NNUE
// network: one fixed-size 32-byte record per position, holding the board,
// the state needed to rebuild its FEN, the search score and the game
// result. `brudno datagen -format bin` writes it and `brudno datagen-info`
// summarises it.
//
// Record layout (32 bytes; multi-byte fields little-endian):
//
//	offset size field
//	 0      8   occupancy bitboard: bit i set when square i holds a piece
//	            (board numbering: a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63)
//	 8     16   piece codes, 4 bits each, one per occupied square in increasing
//	            square order, the first piece in the low nibble of byte 8, the
//	            second in its high nibble, and so on (up to 32 pieces); unused
//	            nibbles are 0
//	24      2   score, int16: the search score in centipawns from the side to
//	            move's point of view (clamped to -32768..32767)
//	26      2   fullmove number, uint16, 1..65535 (larger numbers are clamped
//	            to 65535)
//	28      1   halfmove clock, 0..255 (larger values are clamped to 255)
//	29      1   flags: bits 0-3 castling rights (1 White O-O, 2 White O-O-O,
//	            4 Black O-O, 8 Black O-O-O), bit 4 side to move (0 White,
//	            1 Black), bit 5 the first record of a game (so that a
//	            trainer can hold out whole games), bits 6-7 zero
//	30      1   en-passant square 0..63, or 64 for none; set only when a pawn
//	            of the side to move can capture there (as in board.Position)
//	31      1   game result from White's point of view: 0 Black won, 1 draw,
//	            2 White won
//
// A piece code is the board package's Piece value, colour<<3 | type:
// 1..6 are White's pawn, knight, bishop, rook, queen and king, 9..14
// Black's; 0, 7, 8 and 15 are invalid.
//
// Castling rights are stored as the four standard rights; on decoding they
// name the outermost rook on the king's side (FEN letters KQkq). Chess960
// rights to an inner rook cannot be stored; Brudno's data generation plays
// standard chess only. A decoded position's FEN equals the FEN of the
// encoded one except for the clamping of the halfmove clock and fullmove
// number above and, in Chess960 positions, the castling letters.
//
// A file is a plain sequence of records with no header, so its size is a
// multiple of 32 bytes and files can be concatenated.
package data

import (
	"encoding/binary"
	"errors"
	"fmt"

	"brudno/board"
)

// RecordSize is the size of one record in bytes.
const RecordSize = 32

// Record is one encoded position.
type Record [RecordSize]byte

// Byte offsets of the fields after the pieces.
const (
	offOcc      = 0
	offPieces   = 8
	offScore    = 24
	offFullmove = 26
	offHalfmove = 28
	offFlags    = 29
	offEP       = 30
	offResult   = 31

	maxPieces     = 32
	flagBlack     = 1 << 4
	flagGameStart = 1 << 5
	noEPSquare    = 64
)

// Result is a game result from White's point of view.
type Result uint8

const (
	BlackWin Result = 0
	Draw     Result = 1
	WhiteWin Result = 2
)

// String returns the result as in PGN: 0-1, 1/2-1/2 or 1-0.
func (r Result) String() string {
	switch r {
	case BlackWin:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	case WhiteWin:
		return "1-0"
	}
	return fmt.Sprintf("Result(%d)", uint8(r))
}

// ResultFromScore converts a result for White of 0, 0.5 or 1 (as datagen
// and the Texel tuner keep it) to a Result: below 0.25 Black won, above
// 0.75 White won, otherwise a draw.
func ResultFromScore(white float64) Result {
	switch {
	case white < 0.25:
		return BlackWin
	case white > 0.75:
		return WhiteWin
	}
	return Draw
}

// Encode packs pos with its search score (centipawns, side to move's view)
// and the game result. It does not allocate. A position of the board
// package never has more than 32 pieces (ParseFEN and legal moves ensure
// it); should one have more, only the first 32 are stored and Decode
// rejects the record.
func Encode(pos *board.Position, score int, result Result) Record {
	var r Record
	occ := pos.Occupied()
	binary.LittleEndian.PutUint64(r[offOcc:], uint64(occ))
	for i := 0; occ != 0 && i < maxPieces; i++ {
		pc := pos.PieceAt(occ.PopFirst())
		r[offPieces+i/2] |= byte(pc&15) << (4 * (i & 1))
	}
	score = min(max(score, -32768), 32767)
	binary.LittleEndian.PutUint16(r[offScore:], uint16(int16(score)))
	binary.LittleEndian.PutUint16(r[offFullmove:], uint16(min(max(pos.FullmoveNumber(), 1), 65535)))
	r[offHalfmove] = byte(min(max(pos.HalfmoveClock(), 0), 255))
	flags := pos.CastlingRights() & 15
	if pos.Side() == board.Black {
		flags |= flagBlack
	}
	r[offFlags] = flags
	ep := pos.EnPassant()
	if ep >= board.NoSquare {
		ep = noEPSquare
	}
	r[offEP] = byte(ep)
	r[offResult] = byte(result)
	return r
}

// Score returns the stored search score (side to move's view).
func (r *Record) Score() int { return int(int16(binary.LittleEndian.Uint16(r[offScore:]))) }

// GameStart reports whether the record is the first of its game.
func (r *Record) GameStart() bool { return r[offFlags]&flagGameStart != 0 }

// SetGameStart marks the record as the first of its game.
func (r *Record) SetGameStart() { r[offFlags] |= flagGameStart }

// Result returns the stored result byte (not checked; Decode checks it).
func (r *Record) Result() Result { return Result(r[offResult]) }

// SetResult stores the game result, for records encoded before the game
// ended.
func (r *Record) SetResult(res Result) { r[offResult] = byte(res) }

// Occupied returns the occupancy bitboard.
func (r *Record) Occupied() board.Bitboard {
	return board.Bitboard(binary.LittleEndian.Uint64(r[offOcc:]))
}

// ErrCorrupt is wrapped by every error Decode returns.
var ErrCorrupt = errors.New("corrupt record")

func corrupt(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrCorrupt, fmt.Sprintf(format, args...))
}

// check validates the fields that do not need a position; it returns the
// piece on each square in pieces.
func (r *Record) check(pieces *[64]board.Piece) error {
	occ := r.Occupied()
	n := occ.Count()
	if n > maxPieces {
		return corrupt("%d pieces, at most %d fit", n, maxPieces)
	}
	var kings [2]int
	for i := 0; occ != 0; i++ {
		sq := occ.PopFirst()
		code := r[offPieces+i/2] >> (4 * (i & 1)) & 15
		pc := board.Piece(code)
		if t := pc.Type(); t == board.NoPieceType || t > board.King {
			return corrupt("invalid piece code %d on %v", code, sq)
		}
		if pc.Type() == board.King {
			kings[pc.Color()]++
		}
		pieces[sq] = pc
	}
	for i := n; i < maxPieces; i++ {
		if code := r[offPieces+i/2] >> (4 * (i & 1)) & 15; code != 0 {
			return corrupt("piece code %d in unused slot %d (only %d squares occupied)", code, i, n)
		}
	}
	if kings[board.White] != 1 || kings[board.Black] != 1 {
		return corrupt("%d white and %d black kings, want one each", kings[board.White], kings[board.Black])
	}
	if f := r[offFlags]; f>>6 != 0 {
		return corrupt("flags byte %#02x has reserved bits set (game start is bit 5, side to move bit 4, castling bits 0-3)", f)
	}
	if ep := r[offEP]; ep > noEPSquare {
		return corrupt("en-passant byte %d is neither a square (0..63) nor 64 (none)", ep)
	}
	if fm := binary.LittleEndian.Uint16(r[offFullmove:]); fm == 0 {
		return corrupt("fullmove number 0")
	}
	if res := r[offResult]; res > byte(WhiteWin) {
		return corrupt("result byte %d, want 0 (Black won), 1 (draw) or 2 (White won)", res)
	}
	return nil
}

// FEN returns the FEN the record describes, after checking its fields
// (but not the legality of the position: Decode does that).
func (r *Record) FEN() (string, error) {
	var pieces [64]board.Piece
	if err := r.check(&pieces); err != nil {
		return "", err
	}
	buf := make([]byte, 0, 96)
	for rank := 7; rank >= 0; rank-- {
		empty := byte(0)
		for file := 0; file < 8; file++ {
			pc := pieces[board.SquareAt(file, rank)]
			if pc == board.NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				buf = append(buf, '0'+empty)
				empty = 0
			}
			buf = append(buf, pc.Letter())
		}
		if empty > 0 {
			buf = append(buf, '0'+empty)
		}
		if rank > 0 {
			buf = append(buf, '/')
		}
	}
	flags := r[offFlags]
	if flags&flagBlack != 0 {
		buf = append(buf, " b "...)
	} else {
		buf = append(buf, " w "...)
	}
	if flags&15 == 0 {
		buf = append(buf, '-')
	}
	for i, c := range []byte("KQkq") {
		if flags&(1<<i) != 0 {
			buf = append(buf, c)
		}
	}
	buf = append(buf, ' ')
	buf = append(buf, board.Square(r[offEP]).String()...)
	buf = fmt.Appendf(buf, " %d %d", r[offHalfmove], binary.LittleEndian.Uint16(r[offFullmove:]))
	return string(buf), nil
}

// Decode unpacks a record into a new position, the score (side to move's
// view) and the result. It returns an error wrapping ErrCorrupt, and never
// panics, for a record that is not a legal position or has a field out of
// range; a record Decode accepts is re-encoded by Encode to the same bytes.
func Decode(r Record) (*board.Position, int, Result, error) {
	fen, err := r.FEN()
	if err != nil {
		return nil, 0, 0, err
	}
	pos, err := board.ParseFEN(fen)
	if err != nil {
		return nil, 0, 0, corrupt("%v (%s)", err, fen)
	}
	// The board keeps an en-passant square only when a pawn can capture
	// there, and Encode stores it likewise.
	if ep := r[offEP]; ep != noEPSquare && pos.EnPassant() != board.Square(ep) {
		return nil, 0, 0, corrupt("en-passant square %v that no pawn can capture (%s)", board.Square(ep), fen)
	}
	return pos, r.Score(), r.Result(), nil
}
