package nnue

import (
	"fmt"

	"brudno/board"
)

// King input buckets. A net with K > 1 king buckets has K sets of 768
// feature weights. Each perspective picks one by its own king's square
// seen from its own side (ranks mirrored for Black), and with the king on
// files a-d it also mirrors the board left to right (square ^ 7), so the
// king is always on files e-h and the features are those of the mirrored
// board. The layout maps that square to the bucket; it is symmetric
// (square s and s^7 share a bucket), so one table covers both halves.

// MaxKingBuckets is the largest number of king buckets.
const MaxKingBuckets = 16

// KingLayout maps a king's square, seen from its own side (a1 = 0 is its
// own queen-side corner), to its king bucket.
type KingLayout [64]uint8

// kingLayoutHalves are the built-in layouts on files e-h (four entries a
// rank, e to h), rank 1 (the own back rank) first: finer where the king
// spends most of the game.
var kingLayoutHalves = map[int][32]uint8{
	1: {},
	4: {
		0, 0, 1, 1, // rank 1: e-f, g-h
		2, 2, 2, 2, // rank 2
		3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	},
	8: {
		0, 1, 2, 3, // rank 1: each file
		4, 4, 5, 5, // rank 2: e-f, g-h
		6, 6, 6, 6, // ranks 3-4
		6, 6, 6, 6,
		7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, // ranks 5-8
	},
	16: {
		0, 1, 2, 3, // rank 1: each file
		4, 5, 6, 7, // rank 2: each file
		8, 8, 9, 9, // rank 3: e-f, g-h
		10, 10, 11, 11, // rank 4
		12, 12, 13, 13, // rank 5
		14, 14, 14, 14, // rank 6
		15, 15, 15, 15, 15, 15, 15, 15, // ranks 7-8
	},
}

// KingLayoutFor returns the built-in layout of k king buckets: 1 (no king
// buckets, no mirroring: the net of format version 1), 4, 8 or 16.
func KingLayoutFor(k int) (*KingLayout, error) {
	half, ok := kingLayoutHalves[k]
	if !ok {
		return nil, fmt.Errorf("nnue: %d king buckets, want 1, 4, 8 or 16", k)
	}
	var l KingLayout
	for i, b := range half {
		rank, file := i/4, 4+i%4
		l[rank*8+file] = b
		l[rank*8+(7-file)] = b
	}
	return &l, nil
}

// Buckets returns the number of buckets of a valid layout: its largest
// entry plus one.
func (l *KingLayout) Buckets() int {
	m := 0
	for _, b := range l {
		m = max(m, int(b))
	}
	return m + 1
}

// Check reports why l is not a layout of k king buckets, or nil: every
// entry below k, every bucket used, square s and s^7 in one bucket.
func (l *KingLayout) Check(k int) error {
	if k < 1 || k > MaxKingBuckets {
		return fmt.Errorf("nnue: %d king buckets, want 1 to %d", k, MaxKingBuckets)
	}
	var used [MaxKingBuckets]bool
	for s, b := range l {
		if int(b) >= k {
			return fmt.Errorf("nnue: king layout square %d in bucket %d of %d", s, b, k)
		}
	}
	for s, b := range l {
		if l[s^7] != b {
			return fmt.Errorf("nnue: king layout not symmetric: squares %d and %d in buckets %d and %d", s, s^7, b, l[s^7])
		}
		used[b] = true
	}
	for b := range k {
		if !used[b] {
			return fmt.Errorf("nnue: king layout has no square in bucket %d of %d", b, k)
		}
	}
	return nil
}

// kingView is how a perspective sees the features under its king: the
// king bucket times two, plus one when the board is mirrored (the king
// on files a-d). A net without king buckets has the single view 0.
type kingView uint8

// KingView returns the king bucket of perspective persp whose king
// stands on sq, and whether its features are mirrored left to right.
func (n *Net) KingView(persp board.Color, sq board.Square) (bucket int, mirrored bool) {
	v := n.kingView(persp, sq)
	return int(v >> 1), v&1 != 0
}

func (n *Net) kingView(persp board.Color, sq board.Square) kingView {
	if n.kingBuckets == 1 {
		return 0
	}
	rel := sq ^ board.Square(56*persp)
	v := kingView(n.kingLayout[rel]) << 1
	if rel&7 < 4 {
		v |= 1
	}
	return v
}

// viewIndex returns the index of the feature weights of piece pc on sq
// seen by perspective persp under king view v.
func viewIndex(v kingView, persp board.Color, pc board.Piece, sq board.Square) int {
	return int(v>>1)*Inputs + FeatureIndex(persp, pc, sq^board.Square(7*(v&1)))
}
