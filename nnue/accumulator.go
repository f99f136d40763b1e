package nnue

import "brudno/board"

// Accumulator holds the hidden layer's pre-activation values of both
// perspectives, indexed by board.White and board.Black; only the first
// Net.Hidden() values of each are used. Its size is fixed (MaxHidden), so
// accumulators are created without knowing the network.
type Accumulator struct {
	v [2][MaxHidden]int16
	// A cache line of padding: an Evaluator's accumulators, one a ply,
	// would otherwise start 4 kB apart, which maps the lanes of every ply
	// to the same few sets of the first-level cache.
	_ [64]byte
}

// Values returns perspective p's first h values (a view, not a copy).
func (a *Accumulator) Values(p board.Color, h int) []int16 { return a.v[p][:h] }

// FeatureIndex returns the input index (0..767) of piece pc on square sq
// seen from perspective persp: the perspective's own pieces come first
// (0..383), the opponent's after them, each as (type-1)*64 + square, the
// square mirrored vertically (sq^56) for Black's perspective.
func FeatureIndex(persp board.Color, pc board.Piece, sq board.Square) int {
	theirs := int(pc.Color() ^ persp)
	return theirs*384 + int(pc.Type()-board.Pawn)*64 + int(sq^board.Square(56*persp))
}

// column returns the weights of input feature f.
func (n *Net) column(f int) []int16 {
	h := n.hidden
	return n.featureWeights[f*h : f*h+h : f*h+h]
}

// Refresh computes acc from scratch for pos.
func (n *Net) Refresh(acc *Accumulator, pos *board.Position) {
	for p := board.White; p <= board.Black; p++ {
		n.refreshPersp(acc.v[p][:n.hidden], p, n.kingView(p, pos.KingSquare(p)), pos)
	}
}

// refreshPersp computes perspective p's accumulator dst from scratch for
// pos under king view v.
func (n *Net) refreshPersp(dst []int16, p board.Color, v kingView, pos *board.Position) {
	copy(dst, n.featureBias)
	for occ := pos.Occupied(); occ != 0; {
		sq := occ.PopFirst()
		addVec(dst, dst, n.column(viewIndex(v, p, pos.PieceAt(sq), sq)))
	}
}

// Evaluate returns the network's score in centipawns from stm's point of
// view, stm being the side to move of acc's position and pieces the
// number of pieces on its board (which picks the output bucket).
func (n *Net) Evaluate(acc *Accumulator, stm board.Color, pieces int) int {
	h := n.hidden
	b := Bucket(pieces, n.buckets)
	ow := n.outputWeights[b*2*h : (b+1)*2*h]
	us, them := acc.v[stm&1][:h], acc.v[(stm^1)&1][:h]
	var sum int32
	if useSIMD { // both halves in one kernel call, not through screluDot
		sum = screluDotPairFast(us, them, ow)
	} else {
		sum = screluDotGeneric(us, ow[:h]) + screluDotGeneric(them, ow[h:2*h])
	}
	return (int(sum)/QA + int(n.outputBias[b])) * n.scale / (QA * QB)
}

// EvaluatePosition refreshes a temporary accumulator for pos and evaluates
// it: the reference that incremental evaluation must match. Slow (it
// refreshes); meant for tests and tools.
func (n *Net) EvaluatePosition(pos *board.Position) int {
	var acc Accumulator
	n.Refresh(&acc, pos)
	return n.Evaluate(&acc, pos.Side(), pos.Occupied().Count())
}

// pieceSquare is one feature change: a piece added to or removed from a square.
type pieceSquare struct {
	piece  board.Piece
	square board.Square
}

// Delta is a move's effect on the input features: at most two (piece,
// square) pairs removed and two added, and where the mover's king went
// (king, NoSquare when it stayed), which may change the mover's king
// view. MoveDelta computes it.
type Delta struct {
	sub, add   [2]pieceSquare
	nSub, nAdd uint8
	mover      board.Color
	king       board.Square
}

// Counts returns the numbers of removed and added (piece, square) pairs.
func (d *Delta) Counts() (removed, added int) { return int(d.nSub), int(d.nAdd) }

func (d *Delta) remove(pc board.Piece, sq board.Square) {
	d.sub[d.nSub] = pieceSquare{pc, sq}
	d.nSub++
}

func (d *Delta) put(pc board.Piece, sq board.Square) {
	d.add[d.nAdd] = pieceSquare{pc, sq}
	d.nAdd++
}

// MoveDelta returns the feature changes of the legal move m, computed
// before m is made on pos.
func MoveDelta(pos *board.Position, m board.Move) Delta {
	var d Delta
	d.set(pos, m)
	return d
}

// set makes d the feature changes of m in pos (before m is made).
//
// Castling is encoded as king takes own rook (To is the rook's square);
// in Chess960 the king or the rook may already stand on its destination,
// and that piece's removal and addition then cancel and are left out.
// En passant captures the pawn behind the destination square. A promotion
// removes the pawn and adds the promoted piece, after removing any
// captured piece.
func (d *Delta) set(pos *board.Position, m board.Move) {
	d.nSub, d.nAdd = 0, 0
	from, to := m.From(), m.To()
	pc := pos.PieceAt(from)
	d.mover, d.king = pc.Color(), board.NoSquare
	switch m.Kind() {
	case board.Castling:
		kingTo, rookTo := m.CastlingSquares()
		rook := pos.PieceAt(to)
		d.king = kingTo
		if kingTo != from {
			d.remove(pc, from)
			d.put(pc, kingTo)
		}
		if rookTo != to {
			d.remove(rook, to)
			d.put(rook, rookTo)
		}
	case board.EnPassant:
		capSq := to ^ 8
		d.remove(pc, from)
		d.remove(pos.PieceAt(capSq), capSq)
		d.put(pc, to)
	default:
		// The ordinary move, at almost every node: the entries written
		// at their places, without remove and put's counts in memory.
		if pc.Type() == board.King {
			d.king = to
		}
		d.sub[0] = pieceSquare{pc, from}
		d.nSub = 1
		if cap := pos.PieceAt(to); cap != board.NoPiece {
			d.sub[1] = pieceSquare{cap, to}
			d.nSub = 2
		}
		added := pc
		if pt := m.Promo(); pt != board.NoPieceType {
			added = board.MakePiece(pc.Color(), pt)
		}
		d.add[0] = pieceSquare{added, to}
		d.nAdd = 1
	}
}

// Apply sets dst to src updated by the feature changes d of a move that
// led to pos. dst and src may be the same accumulator. A zero Delta (a
// null move) copies src. In a net with king buckets, a perspective whose
// king moved is refreshed from pos instead (the Evaluator refreshes only
// where the king's view changed, through its cache).
func (n *Net) Apply(dst, src *Accumulator, d *Delta, pos *board.Position) {
	h := n.hidden
	for p := board.White; p <= board.Black; p++ {
		v := n.kingView(p, pos.KingSquare(p))
		if n.kingBuckets > 1 && d.king != board.NoSquare && d.mover == p && d.nSub > 0 {
			n.refreshPersp(dst.v[p][:h], p, v, pos)
			continue
		}
		n.applyPersp(dst.v[p][:h], src.v[p][:h], p, v, d)
	}
}

// relPiece[p][pc] is the part of piece pc's feature index from perspective
// p that does not depend on its square (FeatureIndex): 384 for the
// opponent's pieces, plus 64 for each piece type after the pawn.
var relPiece = func() (r [2][16]int32) {
	for p := board.White; p <= board.Black; p++ {
		for c := board.White; c <= board.Black; c++ {
			for t := board.Pawn; t <= board.King; t++ {
				r[p][board.MakePiece(c, t)] = int32(int(c^p)*384 + int(t-board.Pawn)*64)
			}
		}
	}
	return r
}()

// applyBoth sets both perspectives of dst to src updated by the move's
// changes d under the king views views: the Evaluator's usual step, a
// move from a ply whose accumulator is up to date and whose king views it
// keeps. The weight columns are found with relPiece, and the assembly
// kernels update both perspectives in one call. Only for useSIMD; a
// Delta that is not a move's (a null move's) goes to applyPersp.
func (n *Net) applyBoth(dst, src *Accumulator, views [2]kingView, d *Delta) {
	h := n.hidden
	fw := n.featureWeights
	baseW, maskW := int(views[0]>>1)*Inputs, board.Square(7*(views[0]&1))
	baseB, maskB := int(views[1]>>1)*Inputs, board.Square(56)^board.Square(7*(views[1]&1))
	// A column starts at a multiple of h below len(fw), so its h lanes
	// are there.
	colW := func(x pieceSquare) *int16 {
		return &fw[(baseW+int(relPiece[0][x.piece&15])+int(x.square^maskW))*h]
	}
	colB := func(x pieceSquare) *int16 {
		return &fw[(baseB+int(relPiece[1][x.piece&15])+int(x.square^maskB))*h]
	}
	switch {
	case d.nSub == 1 && d.nAdd == 1:
		addSubBothPtr(dst, src, colW(d.add[0]), colW(d.sub[0]), colB(d.add[0]), colB(d.sub[0]), h)
	case d.nSub == 2 && d.nAdd == 1:
		addSub2BothPtr(dst, src, colW(d.add[0]), colW(d.sub[0]), colW(d.sub[1]),
			colB(d.add[0]), colB(d.sub[0]), colB(d.sub[1]), h)
	case d.nSub == 2 && d.nAdd == 2:
		// h <= MaxHidden lanes, which every accumulator has.
		add2Sub2Ptr(&dst.v[0][0], &src.v[0][0], colW(d.add[0]), colW(d.add[1]), colW(d.sub[0]), colW(d.sub[1]), h)
		add2Sub2Ptr(&dst.v[1][0], &src.v[1][0], colB(d.add[0]), colB(d.add[1]), colB(d.sub[0]), colB(d.sub[1]), h)
	default:
		n.applyPersp(dst.v[0][:h], src.v[0][:h], board.White, views[0], d)
		n.applyPersp(dst.v[1][:h], src.v[1][:h], board.Black, views[1], d)
	}
}

// applyPersp sets perspective p's accumulator out to in updated by d
// under king view v. The kernels are called directly (the assembly ones
// where useSIMD says), not through their dispatching wrappers: this runs
// at almost every node.
func (n *Net) applyPersp(out, in []int16, p board.Color, v kingView, d *Delta) {
	base, flip := int(v>>1)*Inputs, board.Square(7*(v&1))
	col := func(x pieceSquare) []int16 {
		return n.column(base + FeatureIndex(p, x.piece, x.square^flip))
	}
	switch {
	case d.nSub == 1 && d.nAdd == 1:
		if a, s := col(d.add[0]), col(d.sub[0]); useSIMD {
			addSubFast(out, in, a, s)
		} else {
			addSubGeneric(out, in, a, s)
		}
	case d.nSub == 2 && d.nAdd == 1:
		if a, s1, s2 := col(d.add[0]), col(d.sub[0]), col(d.sub[1]); useSIMD {
			addSub2Fast(out, in, a, s1, s2)
		} else {
			addSub2Generic(out, in, a, s1, s2)
		}
	case d.nSub == 2 && d.nAdd == 2:
		add2Sub2(out, in, col(d.add[0]), col(d.add[1]), col(d.sub[0]), col(d.sub[1]))
	default:
		// Not produced by legal moves except the null move (no
		// changes); kept general for any Delta.
		copy(out, in)
		for i := 0; i < int(d.nAdd); i++ {
			addVec(out, out, col(d.add[i]))
		}
		for i := 0; i < int(d.nSub); i++ {
			subVec(out, out, col(d.sub[i]))
		}
	}
}
