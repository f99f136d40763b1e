package train

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"brudno/nnue"
	"brudno/nnue/data"
)

// Offsets and bits of the record fields the trainer reads (the layout is
// documented in package data).
const (
	offPieces     = 8
	offScore      = 24
	offFullmove   = 26
	offFlags      = 29
	offEP         = 30
	offResult     = 31
	flagBlack     = 1 << 4
	maxPieces     = 32
	noEPSquare    = 64
	typeKing      = 6
	colourPerSide = 384 // features of one colour: 6 piece types × 64 squares
)

// checkRecord validates the fields of r that the trainer relies on, as
// data.Decode does but without building the position (which is about
// twenty times slower): at most 32 pieces, valid piece codes, unused
// nibbles zero, one king a side, no reserved flag bits, an en-passant
// byte of at most 64, a fullmove number above 0 and a result of 0..2. A
// record that passes gives valid feature indices; whether the position
// is legal is not checked. The error wraps data.ErrCorrupt.
func checkRecord(r *data.Record) error {
	occ := uint64(r.Occupied())
	n := bits.OnesCount64(occ)
	if n > maxPieces {
		return fmt.Errorf("%w: %d pieces, at most %d fit", data.ErrCorrupt, n, maxPieces)
	}
	var kings [2]int
	for i := 0; i < maxPieces; i++ {
		code := r[offPieces+i/2] >> (4 * (i & 1)) & 15
		if i >= n {
			if code != 0 {
				return fmt.Errorf("%w: piece code %d in unused slot %d (only %d squares occupied)", data.ErrCorrupt, code, i, n)
			}
			continue
		}
		if t := code & 7; t == 0 || t > typeKing {
			return fmt.Errorf("%w: invalid piece code %d", data.ErrCorrupt, code)
		} else if t == typeKing {
			kings[code>>3]++
		}
	}
	if kings[0] != 1 || kings[1] != 1 {
		return fmt.Errorf("%w: %d white and %d black kings, want one each", data.ErrCorrupt, kings[0], kings[1])
	}
	if f := r[offFlags]; f>>6 != 0 {
		return fmt.Errorf("%w: flags byte %#02x has reserved bits set", data.ErrCorrupt, f)
	}
	if ep := r[offEP]; ep > noEPSquare {
		return fmt.Errorf("%w: en-passant byte %d is neither a square nor 64 (none)", data.ErrCorrupt, ep)
	}
	if binary.LittleEndian.Uint16(r[offFullmove:]) == 0 {
		return fmt.Errorf("%w: fullmove number 0", data.ErrCorrupt)
	}
	if res := r[offResult]; res > byte(data.WhiteWin) {
		return fmt.Errorf("%w: result byte %d, want 0, 1 or 2", data.ErrCorrupt, res)
	}
	return nil
}

// features writes the active input features of a checked record for
// White's perspective to w and for Black's to b, and returns their number
// (the number of pieces). For perspective p, a piece of colour c and type
// t (1 pawn .. 6 king) on square s (a1 = 0 .. h8 = 63) is feature
//
//	p White: (c == White ? 0 : 384) + (t-1)*64 + s
//	p Black: (c == Black ? 0 : 384) + (t-1)*64 + (s ^ 56)
func features(r *data.Record, w, b *[maxPieces]uint16) int {
	occ := uint64(r.Occupied())
	n := 0
	for occ != 0 && n < maxPieces {
		s := bits.TrailingZeros64(occ)
		occ &= occ - 1
		code := int(r[offPieces+n/2]>>(4*(n&1))) & 15
		c, base := code>>3, (code&7-1)*64
		w[n] = uint16(c*colourPerSide + base + s)
		b[n] = uint16((1-c)*colourPerSide + base + (s ^ 56))
		n++
	}
	return n
}

// ownKing is the first feature of a perspective's own king (type 6, its
// own colour): its square seen from its own side is the feature minus it.
const ownKing = (typeKing - 1) * 64

// kingFeatures is features for a net with the king buckets of layout
// (nil: none, the features of features). Each perspective's features are
// those of its king's bucket, k·768 plus the feature, and where its king
// stands on files a-d the squares are mirrored left to right (s ^ 7), as
// package nnue's king views are.
func kingFeatures(r *data.Record, w, b *[maxPieces]uint16, layout *nnue.KingLayout) int {
	n := features(r, w, b)
	if layout == nil {
		return n
	}
	kingView(w[:n], layout)
	kingView(b[:n], layout)
	return n
}

// kingView rewrites one perspective's features for its king's view.
func kingView(feats []uint16, layout *nnue.KingLayout) {
	king := 0
	for _, f := range feats {
		if f >= ownKing && f < ownKing+64 {
			king = int(f - ownKing)
		}
	}
	base := uint16(layout[king]) * Inputs
	var flip uint16
	if king&7 < 4 {
		flip = 7
	}
	for i, f := range feats {
		feats[i] = base + (f ^ flip)
	}
}

// blackToMove reports whether Black is to move in r.
func blackToMove(r *data.Record) bool { return r[offFlags]&flagBlack != 0 }

// stmResult returns the game result of r from the side to move's view:
// 1 a win, 0.5 a draw, 0 a loss.
func stmResult(r *data.Record) float64 {
	white := float64(r[offResult]) / 2
	if blackToMove(r) {
		return 1 - white
	}
	return white
}
